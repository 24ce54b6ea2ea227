/* Built from js/src by `make js` (esbuild); do not edit by hand. */

// src/words.js
var RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
var RANK_WORDS = {
  2: "two",
  3: "three",
  4: "four",
  5: "five",
  6: "six",
  7: "seven",
  8: "eight",
  9: "nine",
  10: "ten",
  J: "jack",
  Q: "queen",
  K: "king",
  A: "ace"
};
var RANK_PLURALS = {
  2: "twos",
  3: "threes",
  4: "fours",
  5: "fives",
  6: "sixes",
  7: "sevens",
  8: "eights",
  9: "nines",
  10: "tens",
  J: "jacks",
  Q: "queens",
  K: "kings",
  A: "aces"
};
function count(n, word = "card") {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
function rankCount(n, rank) {
  const name = n === 1 ? RANK_WORDS[rank] : RANK_PLURALS[rank];
  return `${n} ${name ?? rank}`;
}

// src/panel-helpers.js
function parseFraction(text) {
  const m = /^\s*(-?\d+)\s*(?:\/\s*(\d+))?\s*$/.exec(String(text));
  if (!m || m[2] === "0" || /^0+$/.test(m[2] ?? "1")) {
    throw new Error(`not a fraction: ${JSON.stringify(text)}`);
  }
  return { num: BigInt(m[1]), den: BigInt(m[2] ?? "1") };
}
function fractionText(text) {
  const { num, den } = parseFraction(text);
  return den === 1n ? String(num) : `${num}/${den}`;
}
function decimalText(text, places = 3) {
  const { num, den } = parseFraction(text);
  const negative = num < 0n;
  const scale = 10n ** BigInt(places);
  const abs = negative ? -num : num;
  const scaled = (2n * abs * scale + den) / (2n * den);
  const whole = scaled / scale;
  const frac = (scaled % scale).toString().padStart(places, "0");
  const body = places ? `${whole}.${frac}` : `${whole}`;
  return negative && scaled !== 0n ? `-${body}` : body;
}
function isExactDecimal(text, places = 3) {
  const { num, den } = parseFraction(text);
  return num * 10n ** BigInt(places) % den === 0n;
}
function approxSign(text, places = 3) {
  return isExactDecimal(text, places) ? "=" : "≈";
}
function isShortFraction(text, max = 11) {
  return fractionText(text).length <= max;
}
function chartBars(deck) {
  const byLabel = new Map(RANKS.map((label) => [label, { label, count: 0, accepted: 0 }]));
  let known = true;
  for (const entry of deck || []) {
    const label = /^A[SHCD]?$/.test(entry.label) ? "A" : entry.label;
    let bar = byLabel.get(label);
    if (!bar) {
      bar = { label, count: 0, accepted: 0 };
      byLabel.set(label, bar);
    }
    bar.count += entry.count;
    if (entry.accepted === null || entry.accepted === void 0) known = false;
    else bar.accepted += entry.accepted;
  }
  const bars = [...byLabel.values()];
  const most = Math.max(4, ...bars.map((b) => b.count));
  return bars.map((b) => {
    let status = "unknown";
    if (!b.count) status = "empty";
    else if (known) {
      status = b.accepted === b.count ? "accepted" : b.accepted ? "partial" : "refused";
    }
    const accepted = known ? b.accepted : null;
    return {
      ...b,
      accepted,
      status,
      height: 100 * b.count / most,
      acceptedHeight: known ? 100 * b.accepted / most : 0
    };
  });
}
function chartText(bars) {
  const total = bars.reduce((s, b) => s + b.count, 0);
  if (!total) return "The deck is empty.";
  const parts = bars.filter((b) => b.count).map((b) => {
    const what = rankCount(b.count, b.label);
    if (b.status === "unknown") return what;
    if (b.status === "partial") return `${what}, ${b.accepted} of them accepted`;
    return `${what}, ${b.status === "accepted" ? "accepted" : "not accepted"}`;
  });
  const accepted = bars.every((b) => b.accepted !== null) ? ` ${bars.reduce((s, b) => s + b.accepted, 0)} of the ${total} would be accepted.` : "";
  return `Cards left in the deck, ${total} in all: ${parts.join("; ")}.${accepted}`;
}
function unitWord(value, objective) {
  if (objective === "lead") return "cards of lead";
  const { num, den } = parseFraction(value);
  return num === den ? "card" : "cards";
}
function votesText(votes) {
  const v = votes || {};
  return `Draw ${v.draw ?? 0} · Bank ${v.bank ?? 0}`;
}
function bestStatus(best) {
  if (!best) return "";
  if (best.state === "working") {
    const n = best.states ? ` (${best.states.toLocaleString("en-US").replace(/,/g, " ")} states so far)` : "";
    return `Working out the best stopping rule…${n}`;
  }
  return best.text || "";
}
function choiceHow(choice) {
  if (!choice || !choice.how) return "";
  if (choice.how === "exact") return "exact stopping rule";
  if (choice.how === "only") return "the only move";
  const n = choice.steps;
  switch (choice.proof) {
    case "one_draw":
      return "proven by the one-draw look-ahead";
    case "draw_until":
      return `proven: drawing until ${n} more cards are accepted already pays`;
    case "look_ahead":
      return `proven: drawing at most ${n} times already pays`;
    case "run":
      return "proven: even seeing the deck, drawing gains less";
    case "look_ahead_run":
      return `proven by looking ${n === 1 ? "one card" : `${n} cards`} ahead, then seeing the deck`;
    default:
      return "proven";
  }
}
function provenBounds(certified, oneStep) {
  if (!certified) return { lower: null, upper: null };
  let lower = certified.lower ? certified.lower.fraction : null;
  if (lower && oneStep && oneStep.draw) {
    const a = parseFraction(lower);
    const b = parseFraction(oneStep.draw.fraction);
    if (a.num * b.den <= b.num * a.den) lower = null;
  }
  return { lower, upper: certified.upper ? certified.upper.fraction : null };
}
function panelKey(event, data) {
  if (!data || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return null;
  const key = String(event.key || "").toLowerCase();
  if (key === "r" && data.hidden) return { intent: "reveal" };
  return null;
}

// src/helpers.js
var SUITS = {
  S: { symbol: "♠", name: "spades", red: false },
  H: { symbol: "♥", name: "hearts", red: true },
  C: { symbol: "♣", name: "clubs", red: false },
  D: { symbol: "♦", name: "diamonds", red: true }
};
var RANK_TEXT = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
function parseCard(code) {
  const text = String(code);
  const suitKey = text.slice(-1).toUpperCase();
  const rankKey = text.slice(0, -1).toUpperCase();
  const suit = SUITS[suitKey];
  const rank = RANK_TEXT[rankKey] ?? (rankKey === "10" ? "10" : rankKey);
  if (!suit || !(rank in RANK_WORDS)) {
    throw new Error(`not a card: ${JSON.stringify(code)}`);
  }
  return {
    code: text,
    rank,
    suit: suitKey,
    symbol: suit.symbol,
    red: suit.red,
    isAce: rank === "A",
    isFace: rank === "J" || rank === "Q" || rank === "K",
    name: `${RANK_WORDS[rank]} of ${suit.name}`,
    label: rank + suit.symbol
  };
}
function cardLabel(code) {
  return parseCard(code).label;
}
function cardsLabel(codes) {
  return codes.map(cardLabel).join(" ");
}
function escapeHTML(value) {
  return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
function cardHTML(code, opts = {}) {
  const c = parseCard(code);
  const cls = ["borsen-card", c.red ? "is-red" : "is-black"];
  if (c.isAce) cls.push("is-ace");
  if (c.isFace) cls.push("is-face");
  if (opts.cls) cls.push(opts.cls);
  const style = opts.style ? ` style="${escapeHTML(opts.style)}"` : "";
  const aria = opts.hidden ? ' aria-hidden="true"' : ` role="img" aria-label="${c.name}"`;
  const corner = `<span class="borsen-corner-rank">${c.rank}</span><span class="borsen-corner-suit">${c.symbol}</span>`;
  const centre = c.isFace ? `<span class="borsen-pip borsen-pip-face">${c.rank}<small>${c.symbol}</small></span>` : `<span class="borsen-pip">${c.symbol}</span>`;
  return `<div class="${cls.join(" ")}" data-card="${c.code}"${style}${aria}><span class="borsen-corner borsen-tl" aria-hidden="true">${corner}</span><span aria-hidden="true">${centre}</span><span class="borsen-corner borsen-br" aria-hidden="true">${corner}</span></div>`;
}
function fanLayout(count2, opts = {}) {
  const maxAngle = opts.maxAngle ?? 6;
  const out = [];
  for (let i = 0; i < count2; i++) {
    const fromTop = count2 - 1 - i;
    const angle = fromTop === 0 ? 0 : -Math.min(maxAngle, 1.5 * fromTop);
    out.push({ index: i, angle, top: fromTop === 0 });
  }
  return out;
}
function addedCards(before, after) {
  if (!before || after.length <= before.length) return 0;
  for (let i = 0; i < before.length; i++) {
    if (before[i] !== after[i]) return 0;
  }
  return after.length - before.length;
}
function statusText(view) {
  if (!view || !view.players) return "Loading…";
  if (view.over) return view.result || "Game over.";
  const p = view.players[view.current];
  const name = p ? p.name : `Seat ${view.current}`;
  const bots = view.controls || {};
  if (p && p.bot) {
    if (bots.paused) return `Bots paused — ${name} plays next.`;
    return view.phase === "aces" ? `${name} is deciding on aces…` : `${name} is playing…`;
  }
  if (view.phase === "aces") return `${name}: keep or list your aces.`;
  if (view.actions.includes("draw") && view.actions.includes("bank")) {
    const need = view.to_beat ? ` (${view.to_beat})` : "";
    return `${name}: draw${need} or bank ${count(view.pile.length)}.`;
  }
  if (view.actions.includes("bank")) return `${name}: the deck is empty — bank the pile.`;
  return `${name}: draw a card.`;
}
function actionLabel(kind, view) {
  if (kind === "draw") return "Draw";
  if (kind === "bank") return `Bank ${count(view.pile.length)}`;
  return kind;
}
function deckCaption(view) {
  if (!view.deck_size) return "deck empty";
  return `${count(view.deck_size)} · ${count(view.deck_aces, "ace")}`;
}
function deckLabel(view) {
  const aces = view.deck_aces === 1 ? "1 ace" : `${view.deck_aces} aces`;
  return `Deck: ${count(view.deck_size)}, ${aces} among them`;
}
function pileLabel(pile) {
  if (!pile.length) return "The pile is empty";
  const top = parseCard(pile[pile.length - 1]);
  return `Pile of ${count(pile.length)}, top card ${top.name}: ${cardsLabel(pile)}`;
}
function seatLabel(player) {
  const parts = [`${player.name}${player.bot ? " (bot)" : ""}`, count(player.score)];
  if (player.aces.length) {
    parts.push(`${count(player.aces.length, "ace")} safe from robbers`);
  }
  if (player.is_current) parts.push("to play");
  if (player.is_winner) parts.push("winner");
  return parts.join(", ");
}
function ranking(players) {
  const sorted = [...players].sort((a, b) => b.score - a.score || a.seat - b.seat);
  let place = 0;
  let last = null;
  return sorted.map((p, i) => {
    if (p.score !== last) {
      place = i + 1;
      last = p.score;
    }
    return { ...p, place };
  });
}
function chosenAces(pending, chosen) {
  return [...chosen].sort((a, b) => a - b).map((i) => pending[i]);
}
function toggleChoice(chosen, index) {
  const next = new Set(chosen);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}
function aceConfirm(pending, chosen, toList) {
  const listed = chosenAces(pending, chosen);
  const missing = Math.max(0, toList - listed.length);
  let label;
  if (missing) label = missing === 1 ? "Choose an ace to list" : `Choose ${missing} aces to list`;
  else if (!listed.length) label = pending.length === 1 ? "Keep it" : "Keep all";
  else if (listed.length === pending.length && pending.length > 1) label = "List all";
  else label = `List ${cardsLabel(listed)}`;
  const hint = missing ? `Choose ${missing} more ace${missing === 1 ? "" : "s"} to list (at least ${toList}).` : listed.length ? `${cardsLabel(listed)} will be shuffled back into the deck.` : "Every ace stays in your bank.";
  return { label, enabled: missing === 0, hint, listed };
}
function keyIntent(event, view, dialog = false) {
  if (!view || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return null;
  const key = String(event.key || "").toLowerCase();
  const actions = view.actions || [];
  const controls = view.controls || {};
  if (dialog && /^[1-9]$/.test(key)) return { toggle: Number(key) - 1 };
  if (key === "d" && actions.includes("draw")) return { intent: "draw" };
  if (key === "b" && actions.includes("bank")) return { intent: "bank" };
  if (key === "u" && controls.allow_undo && controls.can_undo) return { intent: "undo" };
  if (key === "p" && controls.bots && !view.over) {
    return { intent: controls.paused ? "resume" : "pause" };
  }
  if (key === "s" && controls.bots && view.bot_turn) return { intent: "step" };
  if (key === "n") return { intent: "new_game" };
  if (key === "t") return { intent: "panel" };
  return null;
}
function showBotControls(view) {
  const c = view.controls || {};
  return Boolean(c.bots && !view.over && (c.only_bots || c.paused));
}
function newEvents(shown, events) {
  const seen = new Set(shown.map((e) => `${e.id}|${e.text}`));
  return events.filter((e) => !seen.has(`${e.id}|${e.text}`));
}
function requestIds(prefix) {
  let n = 0;
  return {
    next() {
      n += 1;
      return `${prefix}-${n}`;
    }
  };
}
function isMine(notice, prefix) {
  const request = notice ? notice.request : null;
  if (request === null || request === void 0) return true;
  return String(request).startsWith(`${prefix}-`);
}
var ICONS = {
  phone: '<svg class="borsen-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M5 1h6a1.5 1.5 0 0 1 1.5 1.5v11A1.5 1.5 0 0 1 11 15H5a1.5 1.5 0 0 1-1.5-1.5v-11A1.5 1.5 0 0 1 5 1zm0 1.5v9.5h6V2.5zM8 12.6a.9.9 0 1 0 0 1.8.9.9 0 0 0 0-1.8z"/></svg>',
  lock: '<svg class="borsen-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M4 7V5a4 4 0 0 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v5A1.5 1.5 0 0 1 12.5 15h-9A1.5 1.5 0 0 1 2 13.5v-5A1.5 1.5 0 0 1 3.5 7H4zm2 0h4V5a2 2 0 0 0-4 0v2z"/></svg>',
  trophy: '<svg class="borsen-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M4 1h8v1h3v2.5A3.5 3.5 0 0 1 11.7 8 4 4 0 0 1 9 10.4V12h2.5v2h-7v-2H7v-1.6A4 4 0 0 1 4.3 8 3.5 3.5 0 0 1 1 4.5V2h3V1zm8 2.5V6.3A2 2 0 0 0 13.5 4.5v-1zM4 3.5h-1.5v1A2 2 0 0 0 4 6.3z"/></svg>'
};
var EVENT_GLYPHS = {
  start: "▶",
  draw: "•",
  pass: "↪",
  rob: "✶",
  bank: "⤓",
  list: "↺",
  keep: "✓",
  rules: "§",
  end: "★"
};

// src/panel.js
var TEMPLATE = `
<div class="borsen-panel-head">
  <h3 class="borsen-panel-title">Probabilities</h3>
  <button type="button" class="borsen-btn borsen-quiet borsen-panel-guess" data-panel="guess"
    aria-pressed="false">Guess first</button>
</div>
<p class="borsen-panel-question"></p>
<div class="borsen-panel-vote" role="group" hidden>
  <span class="borsen-panel-vote-label">Class vote:</span>
  <button type="button" class="borsen-btn borsen-vote" data-panel="vote" data-choice="draw">Draw
    <span class="borsen-vote-count" data-count="draw">0</span></button>
  <button type="button" class="borsen-btn borsen-vote" data-panel="vote" data-choice="bank">Bank
    <span class="borsen-vote-count" data-count="bank">0</span></button>
  <button type="button" class="borsen-btn borsen-primary borsen-reveal" data-panel="reveal"
    aria-keyshortcuts="R">Reveal<kbd>R</kbd></button>
</div>
<div class="borsen-panel-votes" hidden></div>
<div class="borsen-panel-cols">
<div class="borsen-panel-col">
<div class="borsen-panel-p" hidden>
  <div class="borsen-panel-label">Chance the next card is accepted</div>
  <div class="borsen-p-big"></div>
  <div class="borsen-p-sentence"></div>
</div>
<div class="borsen-chart-wrap" hidden>
  <div class="borsen-panel-label borsen-chart-title"></div>
  <div class="borsen-chart" role="img"></div>
  <div class="borsen-chart-legend" aria-hidden="true"></div>
</div>
</div>
<div class="borsen-panel-col">
<div class="borsen-panel-values" hidden>
  <div class="borsen-panel-label">What each choice is worth</div>
  <div class="borsen-values-what"></div>
  <div class="borsen-values"></div>
</div>
<div class="borsen-panel-choice" hidden>
  <div class="borsen-choice-line"><span class="borsen-panel-label">Best choice</span>
    <span class="borsen-choice-action"></span><span class="borsen-choice-how"></span></div>
  <div class="borsen-choice-text"></div>
</div>
<details class="borsen-panel-outcomes" hidden>
  <summary>Every card the next draw can be</summary>
  <ol class="borsen-outcomes"></ol>
</details>
</div>
</div>
<p class="borsen-panel-reason" hidden></p>
<div class="borsen-panel-live" aria-live="polite"></div>
`;
function numberHTML(fraction, opts = {}) {
  const text = fractionText(fraction);
  const integer = !text.includes("/");
  const unit = opts.unit ? ` <span class="borsen-unit">${escapeHTML(opts.unit)}</span>` : "";
  const attr = `class="borsen-num" data-fraction="${escapeHTML(text)}"`;
  if (integer) return `<span ${attr}><span class="borsen-dec">${text}</span>${unit}</span>`;
  const dec = `<span class="borsen-dec">${decimalText(fraction)}</span>`;
  const sign = `<span class="borsen-sign">${approxSign(fraction)}</span>`;
  const frac = `<span class="borsen-frac">${text}</span>`;
  if (opts.fractionFirst) return `<span ${attr}>${frac} ${sign} ${dec}${unit}</span>`;
  const long = isShortFraction(fraction) ? "" : " is-long";
  return `<span ${attr}>${dec}${unit} <span class="borsen-exact${long}">${sign} ${frac}</span></span>`;
}
function absFraction(text) {
  return String(text).replace(/^-/, "");
}
function mountPanel(host, { send, uid }) {
  const section = document.createElement("section");
  section.className = "borsen-panel";
  section.setAttribute("role", "region");
  section.innerHTML = TEMPLATE;
  section.hidden = true;
  host.appendChild(section);
  const $ = (sel) => section.querySelector(sel);
  const ui = {
    title: $(".borsen-panel-title"),
    guess: $(".borsen-panel-guess"),
    question: $(".borsen-panel-question"),
    vote: $(".borsen-panel-vote"),
    voteDraw: $('[data-choice="draw"]'),
    voteBank: $('[data-choice="bank"]'),
    votes: $(".borsen-panel-votes"),
    p: $(".borsen-panel-p"),
    pBig: $(".borsen-p-big"),
    pSentence: $(".borsen-p-sentence"),
    chartWrap: $(".borsen-chart-wrap"),
    chartTitle: $(".borsen-chart-title"),
    chart: $(".borsen-chart"),
    legend: $(".borsen-chart-legend"),
    valuesWrap: $(".borsen-panel-values"),
    valuesWhat: $(".borsen-values-what"),
    values: $(".borsen-values"),
    choice: $(".borsen-panel-choice"),
    choiceAction: $(".borsen-choice-action"),
    choiceHow: $(".borsen-choice-how"),
    choiceText: $(".borsen-choice-text"),
    outcomesWrap: $(".borsen-panel-outcomes"),
    outcomes: $(".borsen-outcomes"),
    reason: $(".borsen-panel-reason"),
    live: $(".borsen-panel-live")
  };
  ui.title.id = `${uid}-panel-title`;
  section.setAttribute("aria-labelledby", ui.title.id);
  let data = null;
  let announced = "";
  const show = (node, on) => {
    if (node.hidden === on) node.hidden = !on;
  };
  function drawP(d) {
    const p = d.p_accept;
    show(ui.p, Boolean(p) || d.hidden);
    if (!p) {
      ui.pBig.innerHTML = d.hidden ? `<span class="borsen-p-unknown">?</span>` : "";
      const top = d.pile_top ? `the top card is ${cardLabel(d.pile_top)}` : "the pile is empty";
      ui.pSentence.textContent = d.hidden ? `Count the cards below: ${top}, and ${d.deck_size} cards are left.` : "";
      return;
    }
    const reduced = p.fraction !== p.counted;
    ui.pBig.innerHTML = `<span class="borsen-p-counted">${p.counted}</span>` + (reduced ? ` = <span class="borsen-p-fraction">${fractionText(p.fraction)}</span>` : "") + ` <span class="borsen-sign">${approxSign(p.fraction)}</span> <span class="borsen-p-decimal">${decimalText(p.fraction)}</span>`;
    ui.pBig.setAttribute("data-fraction", p.fraction);
    ui.pSentence.textContent = p.sentence.charAt(0).toUpperCase() + p.sentence.slice(1) + ".";
  }
  function drawChart(d) {
    const bars = chartBars(d.deck_left);
    const total = bars.reduce((s, b) => s + b.count, 0);
    show(ui.chartWrap, total > 0);
    if (!total) return;
    ui.chartTitle.textContent = `Cards left in the deck by rank (${total})`;
    ui.chart.setAttribute("aria-label", chartText(bars));
    ui.chart.style.setProperty("--bars", String(bars.length));
    ui.chart.innerHTML = bars.map((b) => {
      const mark = b.status === "accepted" || b.status === "partial" ? "✓" : "";
      const title = b.status === "partial" ? `${b.accepted} of ${b.count}` : "";
      return `<div class="borsen-bar is-${b.status}" data-rank="${b.label}" data-count="${b.count}" data-accepted="${b.accepted ?? ""}"${title ? ` title="${title}"` : ""}><span class="borsen-bar-box"><span class="borsen-bar-fill" style="height:${b.height.toFixed(2)}%"><span class="borsen-bar-count">${b.count}</span><span class="borsen-bar-yes" style="height:${b.height ? (100 * b.acceptedHeight / b.height).toFixed(2) : 0}%"></span></span></span><span class="borsen-bar-rank">${b.label}</span><span class="borsen-bar-mark">${mark}</span></div>`;
    }).join("");
    const known = !bars.some((b) => b.status === "unknown");
    ui.legend.innerHTML = known ? `<span class="borsen-key is-accepted"></span> ✓ accepted<span class="borsen-key is-refused"></span> not accepted` : "Which ranks are accepted? The answer is hidden until Reveal.";
  }
  function drawValues(d) {
    const one = d.one_step;
    show(ui.valuesWrap, Boolean(one));
    if (!one) return;
    const num = (f) => numberHTML(f, { unit: unitWord(f, d.objective) });
    ui.valuesWhat.textContent = `On average: ${d.objective_text}.`;
    const rows = [];
    const row = (key, label, note, value) => rows.push(
      `<div class="borsen-value-row" data-value="${key}"><div class="borsen-value-label">${label}${note ? `<small>${note}</small>` : ""}</div><div class="borsen-value">${value}</div></div>`
    );
    row(
      "bank",
      "Bank now",
      "",
      one.bank ? num(one.bank.fraction) : `<span class="borsen-unit">not allowed</span>`
    );
    row(
      "one",
      "Draw once, then bank",
      "the one-draw look-ahead: exact, but it never draws a second time",
      num(one.draw.fraction)
    );
    const best = d.best || {};
    const advice = best.advice;
    let bestValue;
    if (advice && advice.values.draw) {
      bestValue = num(advice.values.draw.fraction);
    } else {
      const cls = best.state === "working" ? " is-working" : "";
      const bounds = provenBounds(d.certified, one);
      const proven = [];
      if (bounds.lower) proven.push(`at least ${num(bounds.lower)}`);
      if (bounds.upper) proven.push(`at most ${num(bounds.upper)}`);
      bestValue = (proven.length ? `<span class="borsen-best-bounds">Proven: ${proven.join(", ")}.</span> ` : "") + `<span class="borsen-best-status${cls}">${escapeHTML(bestStatus(best))}</span>`;
    }
    row(
      "best",
      "Draw, then stop at the best moment",
      "the exact best stopping rule, over every card that can come",
      bestValue
    );
    ui.values.innerHTML = rows.join("");
  }
  function drawChoice(d) {
    const c = d.choice;
    show(ui.choice, Boolean(c));
    if (!c) return;
    ui.choice.dataset.action = c.action || "";
    ui.choiceAction.textContent = c.action ? c.action.toUpperCase() : "not known yet";
    ui.choiceHow.textContent = c.how ? `(${choiceHow(c)})` : "";
    ui.choice.dataset.how = c.how || "";
    const by = c.margin ? absFraction(c.margin.fraction) : "0";
    const margin = by !== "0/1" && by !== "0" ? ` <span class="borsen-margin">Better by ${c.at_least ? "at least " : ""}${numberHTML(by, { unit: unitWord(by, d.objective) })}</span>` : "";
    ui.choiceText.innerHTML = escapeHTML(c.text || "") + margin;
  }
  function drawOutcomes(d) {
    const list = d.outcomes;
    show(ui.outcomesWrap, Boolean(list && list.length));
    if (!list) return;
    ui.outcomes.innerHTML = list.map(
      (o) => `<li class="${o.accepted ? "is-accepted" : "is-refused"}"><span class="borsen-outcome-p">${numberHTML(o.probability.fraction, { fractionFirst: true })}</span><span class="borsen-outcome-text">${escapeHTML(o.sentence)}</span></li>`
    ).join("");
  }
  function drawGuess(d) {
    const g = d.guess || { on: false, revealed: false, votes: {} };
    ui.guess.setAttribute("aria-pressed", String(Boolean(g.on)));
    ui.guess.classList.toggle("is-on", Boolean(g.on));
    const asking = Boolean(d.hidden);
    show(ui.vote, asking);
    show(ui.voteBank, d.kind === "choice");
    const split = g.votes || null;
    for (const [button, choice] of [[ui.voteDraw, "draw"], [ui.voteBank, "bank"]]) {
      const n = split ? split[choice] ?? 0 : null;
      const counter = button.querySelector(".borsen-vote-count");
      counter.textContent = n === null ? "" : String(n);
      counter.hidden = n === null;
      button.setAttribute(
        "aria-label",
        n === null ? `A vote for ${choice}` : `A vote for ${choice}: ${n} so far`
      );
    }
    ui.guess.setAttribute(
      "aria-label",
      g.on ? "Guess first is on: the answers wait for Reveal" : "Guess first: hide the answers"
    );
    const voters = g.voters ?? (split ? (split.draw ?? 0) + (split.bank ?? 0) : 0);
    if (g.on && asking) {
      show(ui.votes, true);
      ui.votes.textContent = voters === 1 ? "1 vote so far" : `${voters} votes so far`;
    } else {
      const total = split ? (split.draw ?? 0) + (split.bank ?? 0) : 0;
      show(ui.votes, Boolean(g.on && total > 0));
      ui.votes.textContent = g.on && total ? `The class voted: ${votesText(split)}` : "";
    }
  }
  function update(next) {
    data = next && next.kind ? next : null;
    show(section, Boolean(data));
    if (!data) return;
    const d = data;
    section.dataset.kind = d.kind;
    section.dataset.decision = String(d.decision);
    section.dataset.hidden = String(Boolean(d.hidden));
    section.dataset.best = d.best && d.best.state || "";
    ui.question.textContent = d.question || "";
    drawGuess(d);
    drawP(d);
    drawChart(d);
    drawValues(d);
    drawChoice(d);
    drawOutcomes(d);
    show(ui.reason, Boolean(d.reason) && d.kind !== "choice" && d.kind !== "forced");
    ui.reason.textContent = d.reason || "";
    const say = d.p_accept ? `Chance the next card is accepted: ${d.p_accept.counted}, about ${decimalText(d.p_accept.fraction)}.` : d.question || "";
    if (say !== announced) {
      ui.live.textContent = say;
      announced = say;
    }
  }
  function onClick(event) {
    const button = (
      /** @type {HTMLElement} */
      event.target.closest("button[data-panel]")
    );
    if (!button || !section.contains(button) || button.disabled) return;
    const intent = button.dataset.panel;
    if (intent === "vote") send("vote", { choice: button.dataset.choice });
    else send(intent);
  }
  section.addEventListener("click", onClick);
  return {
    section,
    update,
    get data() {
      return data;
    },
    destroy() {
      section.removeEventListener("click", onClick);
      section.remove();
    }
  };
}

// src/student-helpers.js
function seatState(seat) {
  if (seat.bot) return "a bot";
  if (seat.holder) return `played by ${seat.holder}`;
  return seat.open ? "open: a student may take it" : "played here";
}
function roomSummary(card) {
  const students = card.students || [];
  const parts = [count(students.length, "student")];
  const away = students.filter((s) => !s.here).length;
  if (away) parts.push(`${away} away`);
  if (card.voters) parts.push(`${card.voters} voted`);
  return parts.join(" · ");
}

// src/room-card.js
var TEMPLATE2 = `
<div class="borsen-room-head">
  <h3 class="borsen-room-title">Join on your phone</h3>
  <span class="borsen-room-count" aria-live="polite"></span>
</div>
<div class="borsen-room-body">
  <div class="borsen-room-qr"></div>
  <div class="borsen-room-info">
    <a class="borsen-room-url" target="_blank" rel="noopener noreferrer"></a>
    <p class="borsen-room-note"></p>
    <ul class="borsen-room-students" aria-label="Students in the class"></ul>
  </div>
</div>
<div class="borsen-room-seats" role="list" aria-label="Seats on the students' phones"></div>
`;
function mountRoomCard(host, { send, uid }) {
  const section = document.createElement("section");
  section.className = "borsen-room";
  section.innerHTML = TEMPLATE2;
  section.hidden = true;
  host.appendChild(section);
  const $ = (sel) => section.querySelector(sel);
  const ui = {
    title: $(".borsen-room-title"),
    count: $(".borsen-room-count"),
    qr: $(".borsen-room-qr"),
    url: $(".borsen-room-url"),
    note: $(".borsen-room-note"),
    students: $(".borsen-room-students"),
    seats: $(".borsen-room-seats")
  };
  ui.title.id = `${uid}-room-title`;
  section.setAttribute("aria-labelledby", ui.title.id);
  let shownQr = "";
  function update(card) {
    const on = Boolean(card && card.url);
    section.hidden = !on;
    if (!on) return;
    if (card.qr !== shownQr) {
      ui.qr.innerHTML = card.qr;
      shownQr = card.qr;
    }
    ui.url.href = card.url;
    ui.url.textContent = card.url;
    ui.note.textContent = card.local ? `Only this computer can open it: w.classroom(host="0.0.0.0") opens it to the classroom's network.` : "Anyone on this network with the address can join.";
    ui.count.textContent = roomSummary(card);
    ui.students.innerHTML = (card.students || []).map((s) => {
      const cls = `${s.seat !== null && s.seat !== void 0 ? "is-seated" : ""}${s.here ? "" : " is-away"}`;
      const away = s.here ? "" : " (away)";
      return `<li class="${cls.trim()}">${escapeHTML(s.name)}${away}</li>`;
    }).join("");
    ui.seats.innerHTML = (card.seats || []).map((seat) => {
      const state = seatState(seat);
      const button = seat.bot ? "" : seat.open || seat.holder ? `<button type="button" class="borsen-btn borsen-quiet" data-room="take_back" data-seat="${seat.seat}" aria-label="Take ${escapeHTML(seat.name)}'s seat back">Take back</button>` : `<button type="button" class="borsen-btn borsen-quiet" data-room="open_seat" data-seat="${seat.seat}" aria-label="Open ${escapeHTML(seat.name)}'s seat to students">Open to students</button>`;
      return `<div class="borsen-room-seat" role="listitem" data-seat="${seat.seat}"><span class="borsen-room-seat-name">${escapeHTML(seat.name)}</span><span class="borsen-room-seat-state">${escapeHTML(state)}</span>${button}</div>`;
    }).join("");
  }
  function onClick(event) {
    const button = (
      /** @type {HTMLElement} */
      event.target.closest("button[data-room]")
    );
    if (!button || !section.contains(button)) return;
    send(button.dataset.room, { seat: Number(button.dataset.seat) });
  }
  section.addEventListener("click", onClick);
  return {
    update,
    destroy() {
      section.removeEventListener("click", onClick);
      section.remove();
    }
  };
}

// src/table.js
var TOOLS = `
  <div class="borsen-tools">
    <button type="button" class="borsen-btn borsen-quiet" data-intent="pause"
      aria-keyshortcuts="P" hidden>Pause<kbd>P</kbd></button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="resume"
      aria-keyshortcuts="P" hidden>Resume<kbd>P</kbd></button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="step"
      aria-keyshortcuts="S" hidden>Step<kbd>S</kbd></button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="undo"
      aria-keyshortcuts="U" hidden>Undo<kbd>U</kbd></button>
    <button type="button" class="borsen-btn borsen-quiet borsen-panel-toggle"
      data-intent="panel" aria-keyshortcuts="T" aria-pressed="false">Probabilities<kbd>T</kbd>
      </button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="new_game"
      aria-keyshortcuts="N"><span class="borsen-label">New game</span><kbd>N</kbd></button>
  </div>`;
var template = (tools) => `
<div class="borsen-top">
  <div class="borsen-title" aria-hidden="true">Børsen</div>
  <div class="borsen-status" role="status"></div>
  <div class="borsen-turns" aria-hidden="true"></div>
</div>
<div class="borsen-table">
  <div class="borsen-deck" role="img">
    <div class="borsen-back"><span class="borsen-deck-count"></span></div>
    <div class="borsen-deck-caption" aria-hidden="true"></div>
  </div>
  <div class="borsen-pile" role="img"></div>
  <div class="borsen-end" hidden>
    <div class="borsen-end-title">Game over</div>
    <div class="borsen-end-result"><span class="borsen-trophy"></span><span
      class="borsen-end-text"></span></div>
    <ol class="borsen-end-ranking"></ol>
    <div class="borsen-end-why"></div>
  </div>
</div>
<div class="borsen-aces" role="dialog" aria-modal="false" hidden>
  <div class="borsen-aces-title"></div>
  <p class="borsen-aces-text"></p>
  <div class="borsen-aces-cards" role="group" aria-label="Aces: press to list or keep"></div>
  <div class="borsen-aces-foot">
    <span class="borsen-aces-hint" aria-live="polite"></span>
    <button type="button" class="borsen-btn borsen-primary borsen-aces-ok"></button>
  </div>
</div>
<div class="borsen-controls">
  <div class="borsen-actions">
    <button type="button" class="borsen-btn borsen-primary" data-intent="draw"
      aria-keyshortcuts="D" hidden><span class="borsen-label">Draw</span><kbd>D</kbd></button>
    <button type="button" class="borsen-btn borsen-secondary" data-intent="bank"
      aria-keyshortcuts="B" hidden><span class="borsen-label">Bank</span><kbd>B</kbd></button>
    <span class="borsen-waiting" hidden><span class="borsen-dots" aria-hidden="true"></span>
      <span class="borsen-waiting-text"></span></span>
  </div>${tools ? TOOLS : ""}
</div>
<div class="borsen-notice" role="alert" hidden>
  <span class="borsen-notice-text"></span>
  <button type="button" class="borsen-notice-close" aria-label="Dismiss this notice">×</button>
</div>
<div class="borsen-seats" role="list" aria-label="Players"></div>
<div class="borsen-log-wrap">
  <div class="borsen-log-title" aria-hidden="true">What happened</div>
  <ol class="borsen-log" aria-label="What happened, newest first"></ol>
</div>
<div class="borsen-rules" hidden></div>
`;
function mountTable(root, game, opts) {
  const { send, uid, tools = true, mayAct = () => true, extraKey = () => null, sr } = opts;
  game.innerHTML = template(tools);
  const $ = (sel) => game.querySelector(sel);
  const ui = {
    status: $(".borsen-status"),
    turns: $(".borsen-turns"),
    deck: $(".borsen-deck"),
    deckCount: $(".borsen-deck-count"),
    deckCaption: $(".borsen-deck-caption"),
    pile: $(".borsen-pile"),
    end: $(".borsen-end"),
    endText: $(".borsen-end-text"),
    endRanking: $(".borsen-end-ranking"),
    endWhy: $(".borsen-end-why"),
    aces: $(".borsen-aces"),
    acesTitle: $(".borsen-aces-title"),
    acesText: $(".borsen-aces-text"),
    acesCards: $(".borsen-aces-cards"),
    acesHint: $(".borsen-aces-hint"),
    acesOk: $(".borsen-aces-ok"),
    waiting: $(".borsen-waiting"),
    waitingText: $(".borsen-waiting-text"),
    notice: $(".borsen-notice"),
    noticeText: $(".borsen-notice-text"),
    noticeClose: $(".borsen-notice-close"),
    seats: $(".borsen-seats"),
    log: $(".borsen-log"),
    rules: $(".borsen-rules"),
    buttons: Object.fromEntries(
      [...game.querySelectorAll("button[data-intent]")].map((b) => [b.dataset.intent, b])
    )
  };
  game.querySelector(".borsen-trophy").innerHTML = ICONS.trophy;
  ui.acesTitle.id = `${uid}-aces-title`;
  ui.acesText.id = `${uid}-aces-text`;
  ui.aces.setAttribute("aria-labelledby", ui.acesTitle.id);
  ui.aces.setAttribute("aria-describedby", ui.acesText.id);
  const local = {
    view: null,
    pile: null,
    events: [],
    aceKey: "",
    chosen: /* @__PURE__ */ new Set(),
    confirmNew: false,
    confirmTimer: 0,
    noticeId: -1,
    dismissed: -1,
    holders: []
  };
  function setHidden(node, hidden) {
    if (node.hidden !== hidden) node.hidden = hidden;
  }
  function focusInside() {
    return root.contains(document.activeElement);
  }
  function mine(view) {
    return Boolean(view && !view.over && mayAct(view));
  }
  function drawTable(view) {
    ui.deckCount.textContent = String(view.deck_size);
    ui.deckCaption.textContent = deckCaption(view);
    ui.deck.setAttribute("aria-label", deckLabel(view));
    ui.deck.classList.toggle("is-empty", view.deck_size === 0);
    const added = addedCards(local.pile, view.pile);
    const layout = fanLayout(view.pile.length);
    ui.pile.style.setProperty("--n", String(view.pile.length));
    ui.pile.innerHTML = view.pile.length ? layout.map((slot) => {
      const isNew = slot.index >= view.pile.length - added;
      const cls = `${slot.top ? "is-top" : ""}${isNew ? " is-new" : ""}`;
      const style = `--i:${slot.index};--angle:${slot.angle}deg`;
      return cardHTML(view.pile[slot.index], { cls, style, hidden: true });
    }).join("") : `<div class="borsen-empty-pile">${view.over ? "" : "Empty pile"}</div>`;
    ui.pile.setAttribute("aria-label", pileLabel(view.pile));
    local.pile = view.pile;
  }
  function drawSeats(view) {
    ui.seats.innerHTML = view.players.map((p) => {
      const cls = ["borsen-seat"];
      if (p.is_current) cls.push("is-current");
      if (p.is_winner) cls.push("is-winner");
      if (p.bot) cls.push("is-bot");
      const holder = (local.holders[p.seat] || {}).holder;
      if (holder) cls.push("is-held");
      const aces = p.aces.length ? `<div class="borsen-seat-aces" title="Aces in a bank cannot be robbed">` + p.aces.map((a) => cardHTML(a, { cls: "is-mini", hidden: true })).join("") + `<span class="borsen-safe">${ICONS.lock}</span></div>` : `<div class="borsen-seat-aces is-none">no aces</div>`;
      const tag = p.bot ? `<span class="borsen-tag" title="${escapeHTML(p.bot)}">bot</span>` : "";
      const turn = p.is_current ? `<span class="borsen-turn-mark">to play</span>` : "";
      const crown = p.is_winner ? `<span class="borsen-crown">${ICONS.trophy}</span>` : "";
      const phone = holder ? `<div class="borsen-holder" title="Played on ${escapeHTML(holder)}'s phone">${ICONS.phone}<span>${escapeHTML(holder)}</span></div>` : "";
      const label = seatLabel(p) + (holder ? `, played by ${holder}` : "");
      return `<div class="${cls.join(" ")}" role="listitem" data-seat="${p.seat}" aria-label="${escapeHTML(label)}" aria-current="${p.is_current}"><div class="borsen-seat-head">${crown}<span class="borsen-seat-name">${escapeHTML(p.name)}</span>${tag}${turn}</div>${phone}<div class="borsen-seat-body"><div class="borsen-bank"><span class="borsen-score">${p.score}</span><span class="borsen-score-unit">${p.score === 1 ? "card" : "cards"}</span></div>${aces}</div><div class="borsen-seat-foot">${p.robbable} can be robbed</div></div>`;
    }).join("");
  }
  function drawLog(view) {
    const events = view.events;
    const fresh = newEvents(local.events, events);
    const newest = events.length ? events[events.length - 1] : null;
    ui.log.innerHTML = [...events].reverse().map((e) => {
      const cls = `borsen-ev borsen-ev-${e.kind}${e === newest ? " is-newest" : ""}`;
      const icon = EVENT_GLYPHS[e.kind] || "•";
      return `<li class="${cls}"><span class="borsen-ev-icon" aria-hidden="true">${icon}</span><span class="borsen-ev-text">${escapeHTML(e.text)}</span></li>`;
    }).join("");
    if (local.view && fresh.length && fresh.length < events.length) {
      sr.textContent = fresh.map((e) => e.text).join(" ");
    }
    local.events = events;
  }
  function drawControls(view) {
    const b = ui.buttons;
    const acts = mine(view) ? view.actions : [];
    setHidden(b.draw, !acts.includes("draw"));
    setHidden(b.bank, !acts.includes("bank"));
    b.bank.querySelector(".borsen-label").textContent = actionLabel("bank", view);
    b.draw.setAttribute("aria-label", "Draw a card (key D)");
    b.bank.setAttribute("aria-label", `${actionLabel("bank", view)} (key B)`);
    const c = view.controls || {};
    const other = !view.over && !view.bot_turn && !mine(view);
    const waiting = view.bot_turn && !c.paused || other;
    setHidden(ui.waiting, !waiting);
    const who = view.players[view.current];
    ui.waitingText.textContent = waiting && who ? `${who.name} is playing` : "";
    if (!tools) return;
    const bots = showBotControls(view);
    setHidden(b.pause, !(bots && !c.paused));
    setHidden(b.resume, !(bots && c.paused));
    setHidden(b.step, !(bots && c.paused && view.bot_turn));
    setHidden(b.undo, !c.allow_undo);
    b.undo.disabled = !c.can_undo;
    b.undo.setAttribute(
      "aria-label",
      c.can_undo ? "Undo the last decision (key U)" : "Undo: nothing to take back"
    );
    b.new_game.classList.toggle("borsen-primary", view.over);
    b.new_game.classList.toggle("borsen-quiet", !view.over);
    if (view.over) resetConfirm();
  }
  function drawAces(view) {
    const dec = mine(view) ? view.aces : null;
    if (!dec) {
      setHidden(ui.aces, true);
      local.aceKey = "";
      return false;
    }
    const key = `${dec.seat}|${dec.pending.join(",")}|${dec.to_list}`;
    const opening = ui.aces.hidden || key !== local.aceKey;
    if (key !== local.aceKey) {
      local.aceKey = key;
      local.chosen = /* @__PURE__ */ new Set();
    }
    ui.acesTitle.textContent = `${dec.name}, decide on your aces`;
    ui.acesText.textContent = dec.text;
    drawAceChoices(dec);
    setHidden(ui.aces, false);
    return opening;
  }
  function drawAceChoices(dec) {
    ui.acesCards.innerHTML = dec.pending.map((code, i) => {
      const listed = local.chosen.has(i);
      const card = cardHTML(code, { hidden: true, cls: "is-choice" });
      const label = `${listed ? "List" : "Keep"} the ${parseCard(code).name} (key ${i + 1})`;
      return `<button type="button" class="borsen-ace${listed ? " is-listed" : ""}" data-ace="${i}" aria-pressed="${listed}" aria-label="${label}">${card}<span class="borsen-ace-state">${listed ? "↺ List" : `${ICONS.lock} Keep`}</span><kbd>${i + 1}</kbd></button>`;
    }).join("");
    const conf = aceConfirm(dec.pending, local.chosen, dec.to_list);
    ui.acesOk.textContent = conf.label;
    ui.acesOk.disabled = !conf.enabled;
    ui.acesHint.textContent = conf.hint;
  }
  function drawEnd(view) {
    setHidden(ui.end, !view.over);
    root.classList.toggle("is-over", view.over);
    if (!view.over) return;
    ui.endText.textContent = view.result;
    ui.endRanking.innerHTML = ranking(view.players).map(
      (p) => `<li class="${p.is_winner ? "is-winner" : ""}"><span class="borsen-place">${p.place}.</span><span class="borsen-rank-name">${escapeHTML(p.name)}</span><span class="borsen-rank-score">${count(p.score)}</span></li>`
    ).join("");
    ui.endWhy.textContent = view.end_reason === "max_turns" ? "The turn limit was reached." : "The deck is empty.";
  }
  function setNotice(notice) {
    const n = notice || {};
    const text = n.text || "";
    const show = Boolean(text) && n.id !== local.dismissed;
    ui.noticeText.textContent = text;
    ui.notice.dataset.level = n.level || "info";
    setHidden(ui.notice, !show);
    local.noticeId = n.id;
  }
  function update(view) {
    if (!view || !view.players) return;
    const hadFocus = focusInside();
    root.dataset.version = String(view.version);
    root.dataset.phase = view.phase;
    ui.status.textContent = statusText(view);
    ui.turns.textContent = view.over ? "" : `Turn ${view.turns + 1}`;
    drawTable(view);
    drawSeats(view);
    drawControls(view);
    const opening = drawAces(view);
    drawEnd(view);
    drawLog(view);
    const rules = view.rules || [];
    setHidden(ui.rules, !rules.length);
    ui.rules.textContent = rules.length ? `House rules: ${rules.join("; ")}` : "";
    local.view = view;
    if (hadFocus) keepFocus(opening, view);
  }
  function setHolders(seats) {
    local.holders = [];
    for (const s of seats || []) local.holders[s.seat] = s;
    if (local.view) drawSeats(local.view);
  }
  function keepFocus(opening, view) {
    const active = document.activeElement;
    if (opening) {
      const first = ui.acesCards.querySelector("button");
      if (first) first.focus();
      return;
    }
    const lost = !root.contains(active) || active.hidden || active.disabled || active.closest("[hidden]");
    if (!lost) return;
    if (view.over && ui.buttons.new_game) ui.buttons.new_game.focus();
    else if (!ui.buttons.draw.hidden) ui.buttons.draw.focus();
    else root.focus();
  }
  function resetConfirm() {
    local.confirmNew = false;
    clearTimeout(local.confirmTimer);
    const b = ui.buttons.new_game;
    if (!b) return;
    b.querySelector(".borsen-label").textContent = "New game";
    b.setAttribute("aria-label", "Start a new game (key N)");
  }
  function newGame() {
    const view = local.view;
    if (view && !view.over && !local.confirmNew) {
      local.confirmNew = true;
      ui.buttons.new_game.querySelector(".borsen-label").textContent = "Start over?";
      ui.buttons.new_game.setAttribute("aria-label", "Press again to start a new game");
      local.confirmTimer = setTimeout(resetConfirm, 4e3);
      return;
    }
    resetConfirm();
    send("new_game");
  }
  function act(intent) {
    if (!(intent in ui.buttons)) return;
    if (intent === "new_game") newGame();
    else {
      if (local.confirmNew) resetConfirm();
      send(intent);
    }
  }
  function confirmAces() {
    const view = local.view;
    if (!mine(view) || !view.aces) return;
    const conf = aceConfirm(view.aces.pending, local.chosen, view.aces.to_list);
    if (!conf.enabled) {
      ui.acesHint.textContent = conf.hint;
      return;
    }
    if (conf.listed.length) send("list", { aces: conf.listed });
    else send("keep");
  }
  function toggleAce(index) {
    const view = local.view;
    if (!mine(view) || !view.aces || index >= view.aces.pending.length) return;
    local.chosen = toggleChoice(local.chosen, index);
    drawAceChoices(view.aces);
    const btn = ui.acesCards.querySelector(`[data-ace="${index}"]`);
    if (btn) btn.focus();
  }
  function dismiss() {
    local.dismissed = local.noticeId;
    setHidden(ui.notice, true);
  }
  function onClick(event) {
    const target = (
      /** @type {HTMLElement} */
      event.target
    );
    const button = target.closest("button");
    if (!button || !game.contains(button) || button.disabled) return;
    if (button.dataset.intent) act(button.dataset.intent);
    else if (button.dataset.ace !== void 0) toggleAce(Number(button.dataset.ace));
    else if (button === ui.acesOk) confirmAces();
    else if (button === ui.noticeClose) {
      dismiss();
      root.focus();
    }
  }
  function onKeydown(event) {
    if (event.key === "Escape" && !ui.notice.hidden) {
      dismiss();
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    const target = (
      /** @type {HTMLElement} */
      event.target
    );
    if (target && target.matches && target.matches("input, textarea, select")) return;
    const dialog = !ui.aces.hidden;
    const view = local.view;
    const keyView = mine(view) ? view : view && { ...view, actions: [] };
    let hit = extraKey(event) || keyIntent(event, keyView, dialog);
    if (hit && hit.intent && !(hit.intent in ui.buttons)) hit = null;
    if (!hit) return;
    event.preventDefault();
    event.stopPropagation();
    if (hit.toggle !== void 0) toggleAce(hit.toggle);
    else if (hit.intent) act(hit.intent);
    else if (hit.run) hit.run();
  }
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeydown);
  return {
    update,
    setNotice,
    setHolders,
    buttons: ui.buttons,
    get view() {
      return local.view;
    },
    destroy() {
      root.removeEventListener("click", onClick);
      root.removeEventListener("keydown", onKeydown);
      clearTimeout(local.confirmTimer);
      game.innerHTML = "";
    }
  };
}

// src/widget.js
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "borsen";
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.setAttribute("role", "region");
  root.setAttribute(
    "aria-label",
    "Børsen card game. Keys: D draw, B bank, U undo, N new game, T probabilities"
  );
  root.innerHTML = `<div class="borsen-layout"><div class="borsen-game"></div><div class="borsen-side"></div></div><div class="borsen-sr" aria-live="polite" aria-atomic="false"></div>`;
  el.appendChild(root);
  const uid = `borsen-${Math.random().toString(36).slice(2, 9)}`;
  const ids = requestIds(uid);
  const layout = root.querySelector(".borsen-layout");
  const side = root.querySelector(".borsen-side");
  function send(intent, extra = {}) {
    const view = model.get("view");
    model.send({ intent, version: view ? view.version : -1, id: ids.next(), ...extra });
  }
  const card = mountRoomCard(side, { send, uid });
  const panel = mountPanel(side, { send, uid });
  const table = mountTable(root, root.querySelector(".borsen-game"), {
    send,
    uid,
    tools: true,
    sr: root.querySelector(".borsen-sr"),
    extraKey: (event) => {
      const hit = panelKey(event, panel.data);
      return hit ? { run: () => send(hit.intent) } : null;
    }
  });
  function drawNotice() {
    const notice = model.get("notice") || {};
    table.setNotice(isMine(notice, uid) ? notice : { id: notice.id, text: "" });
  }
  function keepFocus(hadFocus) {
    const active = document.activeElement;
    if (hadFocus && (!root.contains(active) || active && active.closest("[hidden]"))) {
      root.focus();
    }
  }
  function drawSide() {
    const data = model.get("panel") || {};
    const room = model.get("room_card") || {};
    const on = Boolean(data.kind);
    const hadFocus = root.contains(document.activeElement);
    layout.classList.toggle("has-panel", on || Boolean(room.url));
    const toggle = table.buttons.panel;
    toggle.setAttribute("aria-pressed", String(on));
    toggle.setAttribute(
      "aria-label",
      on ? "Hide the probabilities (key T)" : "Show the probabilities (key T)"
    );
    panel.update(data);
    card.update(room);
    table.setHolders(room.seats || []);
    keepFocus(hadFocus);
  }
  const onView = () => table.update(model.get("view"));
  model.on("change:view", onView);
  model.on("change:notice", drawNotice);
  model.on("change:panel", drawSide);
  model.on("change:room_card", drawSide);
  drawSide();
  onView();
  drawNotice();
  return () => {
    model.off("change:view", onView);
    model.off("change:notice", drawNotice);
    model.off("change:panel", drawSide);
    model.off("change:room_card", drawSide);
    panel.destroy();
    card.destroy();
    table.destroy();
    root.remove();
  };
}
var widget_default = { render };
export {
  widget_default as default
};
