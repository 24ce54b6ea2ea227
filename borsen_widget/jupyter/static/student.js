/* Built from js/src by `make js` (esbuild); do not edit by hand. */

// src/words.js
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
function count(n, word = "card") {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
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
function votesText(votes) {
  const v = votes || {};
  return `Draw ${v.draw ?? 0} · Bank ${v.bank ?? 0}`;
}

// src/student-helpers.js
function socketUrl(href) {
  const url = new URL("ws", href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.hash = "";
  url.search = "";
  return url.toString();
}
function sessionKey(pathname) {
  return `borsen-class:${pathname}`;
}
function nameProblem(name, max = 24) {
  const clean = String(name || "").trim().replace(/\s+/g, " ");
  if (!clean) return "Type your name to join.";
  if (clean.length > max) return `A name has at most ${max} letters; choose a shorter one.`;
  return "";
}
function freeSeats(seats) {
  return (seats || []).filter((s) => s.open && !s.holder && !s.bot);
}
function seatLine(you, seats) {
  if (you && you.seat !== null && you.seat !== void 0) {
    const seat = (seats || []).find((s) => s.seat === you.seat);
    return `You play ${seat ? seat.name : `seat ${you.seat + 1}`}'s seat: your buttons show when it is your turn.`;
  }
  return freeSeats(seats).length ? "Take a seat to play, or watch and vote." : "Watch and vote: your teacher may open a seat for you.";
}
function voteCard(cls, vote) {
  const c = cls || {};
  if (!c.on || !c.asking) return { show: false };
  const mine = vote ? `Your vote: ${vote === "draw" ? "Draw" : "Bank"}.` : "You have not voted yet.";
  const n = c.voters || 0;
  const voted = n === 1 ? "1 vote so far." : `${n} votes so far.`;
  const out = {
    show: true,
    question: c.question || "",
    canVote: Boolean(c.hidden),
    bank: c.kind === "choice",
    mine,
    count: voted,
    results: null
  };
  if (!c.hidden) {
    const lines = [];
    if (c.votes) lines.push(`The class voted: ${votesText(c.votes)}.`);
    if (c.p_accept) {
      const f = c.p_accept.fraction;
      const reduced = fractionText(f) !== c.p_accept.counted ? ` = ${fractionText(f)}` : "";
      lines.push(
        `Chance the next card is accepted: ${c.p_accept.counted}${reduced} ${approxSign(f)} ${decimalText(f)}.`
      );
    }
    if (c.choice && c.choice.action) {
      lines.push(`Best choice: ${c.choice.action === "draw" ? "Draw" : "Bank"}. ${c.choice.text}`);
    } else if (c.choice && c.choice.text) {
      lines.push(c.choice.text);
    }
    out.results = lines;
  }
  return out;
}
function retryDelay(tries) {
  return Math.min(8e3, 500 * 2 ** Math.max(0, tries));
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

// src/student.js
var NOTICE_MS = 4e3;
var TEMPLATE = `
<header class="borsen-class-head">
  <span class="borsen-class-title">Børsen</span>
  <span class="borsen-class-who"></span>
  <span class="borsen-class-link" role="status"></span>
</header>
<form class="borsen-join" novalidate>
  <h1 class="borsen-join-title">Join the class</h1>
  <label class="borsen-join-label" for="borsen-name">Your name</label>
  <input id="borsen-name" class="borsen-join-name" name="name" autocomplete="nickname"
    autocapitalize="words" spellcheck="false" maxlength="24" required>
  <button type="submit" class="borsen-btn borsen-primary borsen-join-go">Join</button>
  <p class="borsen-join-problem" role="alert"></p>
</form>
<div class="borsen-class" hidden>
  <section class="borsen-me" aria-label="Your seat">
    <p class="borsen-me-line"></p>
    <div class="borsen-me-seats"></div>
  </section>
  <section class="borsen-vote" aria-labelledby="borsen-vote-title" hidden>
    <h2 class="borsen-vote-title" id="borsen-vote-title">Guess first</h2>
    <p class="borsen-vote-question"></p>
    <div class="borsen-vote-buttons" role="group" aria-label="Your vote">
      <button type="button" class="borsen-btn borsen-vote-choice" data-vote="draw"
        aria-pressed="false">Draw</button>
      <button type="button" class="borsen-btn borsen-vote-choice" data-vote="bank"
        aria-pressed="false">Bank</button>
    </div>
    <p class="borsen-vote-mine" aria-live="polite"></p>
    <ul class="borsen-vote-results"></ul>
  </section>
  <div class="borsen-game"></div>
</div>
<section class="borsen-ended" role="alert" hidden>
  <h1 class="borsen-ended-title">The class has ended</h1>
  <p class="borsen-ended-text"></p>
</section>
<div class="borsen-sr" aria-live="polite" aria-atomic="false"></div>
`;
function startStudentPage(root, opts = {}) {
  const href = opts.href ?? window.location.href;
  const connect = opts.connect ?? ((url) => new WebSocket(url));
  const storage = opts.storage ?? safeStorage();
  const key = sessionKey(new URL(href).pathname);
  root.innerHTML = TEMPLATE;
  const $ = (sel) => root.querySelector(sel);
  const ui = {
    who: $(".borsen-class-who"),
    link: $(".borsen-class-link"),
    join: $(".borsen-join"),
    name: $(".borsen-join-name"),
    go: $(".borsen-join-go"),
    problem: $(".borsen-join-problem"),
    classArea: $(".borsen-class"),
    meLine: $(".borsen-me-line"),
    meSeats: $(".borsen-me-seats"),
    vote: $(".borsen-vote"),
    voteQuestion: $(".borsen-vote-question"),
    voteButtons: $(".borsen-vote-buttons"),
    voteDraw: $('[data-vote="draw"]'),
    voteBank: $('[data-vote="bank"]'),
    voteMine: $(".borsen-vote-mine"),
    voteResults: $(".borsen-vote-results"),
    ended: $(".borsen-ended"),
    endedText: $(".borsen-ended-text")
  };
  const ids = requestIds("s");
  const state = {
    socket: null,
    joined: false,
    ended: false,
    view: null,
    you: { name: "", seat: null, vote: null },
    seats: [],
    cls: { on: false },
    tries: 0,
    timer: 0,
    noticeId: 0,
    notice: null,
    joining: false
  };
  const table = mountTable(root, $(".borsen-game"), {
    send: (intent, extra) => sendIntent(intent, extra),
    uid: "student",
    tools: false,
    sr: $(".borsen-sr"),
    mayAct: (view) => state.you.seat !== null && state.you.seat === view.current
  });
  function sendRaw(message) {
    const socket = state.socket;
    if (!socket || socket.readyState !== 1) {
      showNotice("Not connected just now: wait a moment and try again.");
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  }
  function sendIntent(intent, extra = {}) {
    const version = state.view ? state.view.version : -1;
    clearNotice();
    sendRaw({ intent, version, id: ids.next(), ...extra });
  }
  function showNotice(text, level = "warning") {
    state.noticeId += 1;
    if (!state.joined) {
      ui.problem.textContent = text;
      return;
    }
    state.notice = { version: state.view ? state.view.version : -1, at: Date.now() };
    table.setNotice({ id: state.noticeId, text, level });
  }
  function clearNotice() {
    if (!state.notice) return;
    state.notice = null;
    state.noticeId += 1;
    table.setNotice({ id: state.noticeId, text: "" });
  }
  function expireNotice(view) {
    const n = state.notice;
    if (n && view.version > n.version && Date.now() - n.at >= NOTICE_MS) clearNotice();
  }
  function drawLink(text, level = "ok") {
    ui.link.textContent = text;
    ui.link.dataset.level = level;
  }
  function drawMe() {
    ui.who.textContent = state.you.name;
    ui.meLine.textContent = seatLine(state.you, state.seats);
    const mine = state.you.seat !== null && state.you.seat !== void 0;
    const buttons = mine ? [`<button type="button" class="borsen-btn borsen-quiet" data-seat-intent="leave">Leave the seat</button>`] : freeSeats(state.seats).map(
      (s) => `<button type="button" class="borsen-btn borsen-secondary" data-seat-intent="claim" data-seat="${s.seat}">Take ${escapeHTML(s.name)}'s seat</button>`
    );
    ui.meSeats.innerHTML = buttons.join("");
  }
  function drawVote() {
    const card = voteCard(state.cls, state.you.vote);
    const hadFocus = ui.vote.contains(document.activeElement);
    ui.vote.hidden = !card.show;
    if (!card.show) return;
    ui.voteQuestion.textContent = card.question;
    ui.voteButtons.hidden = !card.canVote;
    ui.voteBank.hidden = !card.bank;
    for (const b of [ui.voteDraw, ui.voteBank]) {
      const on = state.you.vote === b.dataset.vote;
      b.setAttribute("aria-pressed", String(on));
      b.classList.toggle("borsen-primary", on);
    }
    ui.voteMine.textContent = `${card.mine} ${card.canVote ? card.count : ""}`.trim();
    ui.voteResults.innerHTML = (card.results || []).map((line) => `<li>${escapeHTML(line)}</li>`).join("");
    if (hadFocus && !ui.vote.contains(document.activeElement)) root.focus();
  }
  function redraw() {
    drawMe();
    drawVote();
    if (state.view) table.update(state.view);
  }
  function showJoined(on) {
    state.joined = on;
    ui.join.hidden = on;
    ui.classArea.hidden = !on;
    root.classList.toggle("is-joined", on);
  }
  function end(text) {
    state.ended = true;
    clearTimeout(state.timer);
    ui.ended.hidden = false;
    ui.endedText.textContent = text;
    ui.join.hidden = true;
    ui.classArea.hidden = true;
    drawLink("Ended", "off");
    root.classList.add("is-ended");
  }
  function onMessage(event) {
    let m;
    try {
      m = JSON.parse(event.data);
    } catch {
      return;
    }
    if (m.type === "hello") {
      state.tries = 0;
      drawLink("Connected");
      const session = storage.get(key);
      if (session) {
        state.joining = true;
        sendRaw({ intent: "join", session, id: ids.next() });
      } else {
        ui.go.disabled = false;
      }
    } else if (m.type === "welcome") {
      state.joining = false;
      storage.set(key, m.session);
      state.you = { ...state.you, name: m.name };
      ui.problem.textContent = "";
      showJoined(true);
      drawMe();
    } else if (m.type === "forgotten") {
      state.joining = false;
      storage.remove(key);
      ui.go.disabled = false;
      ui.name.focus();
    } else if (m.type === "view") {
      state.view = m.view;
      table.update(m.view);
      expireNotice(m.view);
    } else if (m.type === "room") {
      state.seats = m.seats || [];
      table.setHolders(state.seats);
      drawMe();
    } else if (m.type === "you") {
      state.you = { name: m.name, seat: m.seat ?? null, vote: m.vote ?? null };
      redraw();
    } else if (m.type === "class") {
      state.cls = m.class || { on: false };
      drawVote();
    } else if (m.type === "notice") {
      if (state.joining) {
        state.joining = false;
        ui.go.disabled = false;
      }
      showNotice(m.text, m.level || "warning");
    } else if (m.type === "ended") {
      end(m.text);
    }
  }
  function open() {
    if (state.ended) return;
    drawLink(state.tries ? "Reconnecting…" : "Connecting…", "wait");
    let socket;
    try {
      socket = connect(socketUrl(href));
    } catch {
      retry();
      return;
    }
    state.socket = socket;
    socket.addEventListener("message", onMessage);
    socket.addEventListener("close", (event) => {
      if (state.socket !== socket) return;
      state.socket = null;
      if (state.ended) return;
      if (event.code === 4e3) {
        end("This class was opened on another page of yours; this page has left.");
        return;
      }
      retry();
    });
  }
  function retry() {
    if (state.ended) return;
    state.tries += 1;
    if (state.tries > 12) {
      end("The class cannot be reached. It may have ended; ask your teacher.");
      return;
    }
    drawLink("Connection lost: reconnecting…", "wait");
    state.timer = setTimeout(open, retryDelay(state.tries - 1));
  }
  function onSubmit(event) {
    event.preventDefault();
    const problem = nameProblem(ui.name.value);
    if (problem) {
      ui.problem.textContent = problem;
      ui.name.focus();
      return;
    }
    ui.problem.textContent = "";
    if (sendRaw({ intent: "join", name: ui.name.value.trim(), id: ids.next() })) {
      state.joining = true;
      ui.go.disabled = true;
    }
  }
  function onClick(event) {
    const button = (
      /** @type {HTMLElement} */
      event.target.closest("button")
    );
    if (!button || button.disabled) return;
    if (button.dataset.vote) {
      sendIntent("vote", { choice: button.dataset.vote });
    } else if (button.dataset.seatIntent === "claim") {
      clearNotice();
      sendRaw({ intent: "claim", seat: Number(button.dataset.seat), id: ids.next() });
    } else if (button.dataset.seatIntent === "leave") {
      clearNotice();
      sendRaw({ intent: "leave", id: ids.next() });
    }
  }
  ui.join.addEventListener("submit", onSubmit);
  root.addEventListener("click", onClick);
  ui.go.disabled = true;
  showJoined(false);
  open();
  return {
    state,
    stop() {
      state.ended = true;
      clearTimeout(state.timer);
      if (state.socket) state.socket.close();
      table.destroy();
    }
  };
}
function safeStorage() {
  const memory = /* @__PURE__ */ new Map();
  return {
    get(k) {
      try {
        return window.localStorage.getItem(k);
      } catch {
        return memory.get(k) ?? null;
      }
    },
    set(k, v) {
      try {
        window.localStorage.setItem(k, v);
      } catch {
        memory.set(k, v);
      }
    },
    remove(k) {
      try {
        window.localStorage.removeItem(k);
      } catch {
        memory.delete(k);
      }
    }
  };
}
if (typeof document !== "undefined" && document.getElementById("borsen-app")) {
  startStudentPage(document.getElementById("borsen-app"));
}
export {
  startStudentPage
};
