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
function rankCount(n, rank) {
  const name = n === 1 ? RANK_WORDS[rank] : RANK_PLURALS[rank];
  return `${n} ${name ?? rank}`;
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
function escapeHTML(value) {
  return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
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

// src/panel-widget.js
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "borsen borsen-solo";
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.innerHTML = `<div class="borsen-notice" role="alert" hidden><span class="borsen-notice-text"></span><button type="button" class="borsen-notice-close" aria-label="Dismiss this notice">×</button></div><p class="borsen-panel-off">The probabilities will show here when the game has a position to show.</p>`;
  el.appendChild(root);
  const uid = `borsen-${Math.random().toString(36).slice(2, 9)}`;
  const notice = root.querySelector(".borsen-notice");
  const noticeText = root.querySelector(".borsen-notice-text");
  const off = root.querySelector(".borsen-panel-off");
  let dismissed = -1;
  const ids = requestIds(uid);
  function send(intent, extra = {}) {
    const data = model.get("panel") || {};
    model.send({ intent, version: data.version ?? -1, id: ids.next(), ...extra });
  }
  const panel = mountPanel(root, { send, uid });
  function draw() {
    const data = model.get("panel") || {};
    const hadFocus = root.contains(document.activeElement);
    panel.update(data);
    const active = document.activeElement;
    if (hadFocus && (!root.contains(active) || active && active.closest("[hidden]"))) {
      root.focus();
    }
    off.hidden = Boolean(data.kind);
    root.dataset.version = String(data.version ?? "");
  }
  function drawNotice() {
    const n = model.get("notice") || {};
    const text = isMine(n, uid) ? n.text || "" : "";
    noticeText.innerHTML = escapeHTML(text);
    notice.dataset.level = n.level || "info";
    notice.hidden = !text || n.id === dismissed;
  }
  function onClick(event) {
    if (event.target.closest(".borsen-notice-close")) {
      dismissed = (model.get("notice") || {}).id;
      notice.hidden = true;
    }
  }
  function onKeydown(event) {
    const hit = panelKey(event, panel.data);
    if (!hit) return;
    event.preventDefault();
    event.stopPropagation();
    send(hit.intent);
  }
  model.on("change:panel", draw);
  model.on("change:notice", drawNotice);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeydown);
  draw();
  drawNotice();
  return () => {
    model.off("change:panel", draw);
    model.off("change:notice", drawNotice);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKeydown);
    panel.destroy();
    root.remove();
  };
}
var panel_widget_default = { render };
export {
  panel_widget_default as default
};
