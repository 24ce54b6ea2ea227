/* Built from js/src by `make js` (esbuild); do not edit by hand. */

// src/i18n.js
var CONTEXT = "";
function translator(speech) {
  const texts = speech && speech.texts || {};
  const head = texts[""] || {};
  const formats = head.formats || {};
  const language = speech && speech.language || "en";
  const decimal = formats.decimal || ".";
  const group = formats.group ?? ",";
  const grouping = formats.grouping || [3, 3];
  const minus = formats.minus || "-";
  function number(value, maxDigits = 3, minDigits = 0) {
    if (typeof value !== "number" || !Number.isFinite(value)) return String(value);
    const sign = value < 0 || Object.is(value, -0) ? minus : "";
    let [whole, frac = ""] = roundHalfEven(Math.abs(value), maxDigits).split(".");
    frac = frac.replace(/0+$/, "").padEnd(Math.min(minDigits, maxDigits), "0");
    const groups = [];
    let size = grouping[0];
    while (whole.length > size) {
      groups.unshift(whole.slice(-size));
      whole = whole.slice(0, -size);
      size = grouping[1];
    }
    whole = [whole, ...groups].join(group);
    return sign + whole + (frac ? decimal + frac : "");
  }
  function percent(value, digits = 0) {
    if (typeof value !== "number" || !Number.isFinite(value)) return String(value);
    const text = number(Math.abs(value) * 100, digits, digits);
    const sign = value < 0 ? minus : "";
    return sign + (formats.percent_prefix || "") + text + (formats.percent_suffix ?? "%");
  }
  function join(items) {
    const list = formats.list || { 2: "{0} and {1}", start: "{0}, {1}", middle: "{0}, {1}", end: "{0} and {1}" };
    const parts = items.map(String);
    const put = (pattern, a, b) => pattern.replace("{0}", a).replace("{1}", b);
    if (parts.length <= 1) return parts.join("");
    if (parts.length === 2) return put(list["2"], parts[0], parts[1]);
    let text = put(list.start, parts[0], parts[1]);
    for (const part of parts.slice(2, -1)) text = put(list.middle, text, part);
    return put(list.end, text, parts[parts.length - 1]);
  }
  function show(value) {
    return typeof value === "number" ? number(value) : String(value);
  }
  function fill(text, values) {
    if (!values) return text;
    return text.replace(
      /\{(\w+)\}/g,
      (whole, key) => Object.prototype.hasOwnProperty.call(values, key) ? show(values[key]) : whole
    );
  }
  const pluralIndex = (n) => n === 1 ? 0 : 1;
  function lookup(key) {
    const found = texts[key];
    return Array.isArray(found) ? found : null;
  }
  function t(msgid, values) {
    const found = lookup(msgid);
    return fill(found && found[0] || msgid, values);
  }
  function tn(singular, plural, n, values) {
    const found = lookup(singular);
    const index = pluralIndex(n);
    return fill(found && found[index] || (index === 0 ? singular : plural), values);
  }
  function tp(context, msgid, values) {
    const found = lookup(context + CONTEXT + msgid);
    return fill(found && found[0] || msgid, values);
  }
  function tnp(context, singular, plural, n, values) {
    const found = lookup(context + CONTEXT + singular);
    const index = pluralIndex(n);
    return fill(found && found[index] || (index === 0 ? singular : plural), values);
  }
  return { language, t, tn, tp, tnp, number, percent, join };
}
function roundHalfEven(value, digits) {
  const factor = 10 ** digits;
  const scaled = value * factor;
  const floor = Math.floor(scaled);
  const diff = scaled - floor;
  const eps = 1e-9 * Math.max(1, Math.abs(scaled));
  let whole;
  if (Math.abs(diff - 0.5) < eps) whole = floor % 2 === 0 ? floor : floor + 1;
  else whole = Math.round(scaled);
  const text = String(whole).padStart(digits + 1, "0");
  return digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
}

// src/helpers.js
var ENGLISH = translator(void 0);
var SUITS = {
  S: { symbol: "♠", red: false },
  H: { symbol: "♥", red: true },
  C: { symbol: "♣", red: false },
  D: { symbol: "♦", red: true }
};
var RANK_TEXT = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
var RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
function rankWord(rank, w = ENGLISH) {
  if (rank === "J") return w.tp("rank", "jack");
  if (rank === "Q") return w.tp("rank", "queen");
  if (rank === "K") return w.tp("rank", "king");
  if (rank === "A") return w.tp("rank", "ace");
  return rank;
}
function suitWord(suit, w = ENGLISH) {
  if (suit === "S") return w.tp("suit", "spades");
  if (suit === "H") return w.tp("suit", "hearts");
  if (suit === "C") return w.tp("suit", "clubs");
  return w.tp("suit", "diamonds");
}
function parseCard(code, w = ENGLISH) {
  const text = String(code);
  const suitKey = text.slice(-1).toUpperCase();
  const rankKey = text.slice(0, -1).toUpperCase();
  const suit = SUITS[suitKey];
  const rank = RANK_TEXT[rankKey] ?? rankKey;
  if (!suit || !RANKS.includes(rank)) {
    throw new Error(`not a card: ${JSON.stringify(code)}`);
  }
  const name = w.tp("card name", "{rank} of {suit}", {
    rank: rankWord(rank, w),
    suit: suitWord(suitKey, w)
  });
  return {
    code: text,
    rank,
    suit: suitKey,
    symbol: suit.symbol,
    red: suit.red,
    isAce: rank === "A",
    isFace: rank === "J" || rank === "Q" || rank === "K",
    name,
    label: rank + suit.symbol
  };
}
function cardLabel(code) {
  return parseCard(code).label;
}
function cardsLabel(codes) {
  return codes.map(cardLabel).join(" ");
}
function cardCount(n, w = ENGLISH) {
  return w.tn("{count} card", "{count} cards", n, { count: n });
}
function aceCount(n, w = ENGLISH) {
  return w.tn("{count} ace", "{count} aces", n, { count: n });
}
function escapeHTML(value) {
  return String(value).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}
function cardHTML(code, opts = {}) {
  const c = parseCard(code, opts.w || ENGLISH);
  const cls = ["borsen-card", c.red ? "is-red" : "is-black"];
  if (c.isAce) cls.push("is-ace");
  if (c.isFace) cls.push("is-face");
  if (opts.cls) cls.push(opts.cls);
  const style = opts.style ? ` style="${escapeHTML(opts.style)}"` : "";
  const aria = opts.hidden ? ' aria-hidden="true"' : ` role="img" aria-label="${escapeHTML(c.name)}"`;
  const corner = `<span class="borsen-corner-rank" data-face="${escapeHTML(c.rank)}"></span><span class="borsen-corner-suit" data-face="${c.symbol}"></span>`;
  const centre = c.isFace ? `<span class="borsen-pip borsen-pip-face" data-face="${escapeHTML(c.rank)}"><small data-face="${c.symbol}"></small></span>` : `<span class="borsen-pip" data-face="${c.symbol}"></span>`;
  return `<div class="${cls.join(" ")}" data-card="${c.code}"${style}${aria}><span class="borsen-corner borsen-tl" aria-hidden="true">${corner}</span><span aria-hidden="true">${centre}</span><span class="borsen-corner borsen-br" aria-hidden="true">${corner}</span></div>`;
}
function fanLayout(count, opts = {}) {
  const maxAngle = opts.maxAngle ?? 6;
  const out = [];
  for (let i = 0; i < count; i++) {
    const fromTop = count - 1 - i;
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
function statusText(view, w = ENGLISH) {
  if (!view || !view.players) return w.t("Loading…");
  if (view.over) return view.result || w.t("Game over.");
  const p = view.players[view.current];
  const player = p ? p.name : w.t("Seat {seat}", { seat: view.current });
  const bots = view.controls || {};
  if (p && p.bot) {
    if (bots.paused) return w.t("Bots paused: {player} plays next.", { player });
    if (view.phase === "aces") return w.t("{player} is deciding on aces…", { player });
    return w.t("{player} is playing…", { player });
  }
  const you = Boolean(p && p.you);
  const n = view.pile.length;
  if (view.phase === "aces") {
    if (you) return w.t("Your turn: keep or list your aces.");
    return w.t("{player}: keep or list your aces.", { player });
  }
  if (view.actions.includes("draw") && view.actions.includes("bank")) {
    const need = view.to_beat;
    if (you && need) {
      return w.tn(
        "Your turn: draw ({need}) or bank {count} card.",
        "Your turn: draw ({need}) or bank {count} cards.",
        n,
        { need, count: n }
      );
    }
    if (you) {
      return w.tn(
        "Your turn: draw or bank {count} card.",
        "Your turn: draw or bank {count} cards.",
        n,
        { count: n }
      );
    }
    if (need) {
      return w.tn(
        "{player}: draw ({need}) or bank {count} card.",
        "{player}: draw ({need}) or bank {count} cards.",
        n,
        { player, need, count: n }
      );
    }
    return w.tn(
      "{player}: draw or bank {count} card.",
      "{player}: draw or bank {count} cards.",
      n,
      { player, count: n }
    );
  }
  if (view.actions.includes("bank")) {
    if (you) return w.t("Your turn: the deck is empty, so bank the pile.");
    return w.t("{player}: the deck is empty, so bank the pile.", { player });
  }
  if (you) return w.t("Your turn: draw a card.");
  return w.t("{player}: draw a card.", { player });
}
function actionLabel(kind, view, w = ENGLISH) {
  const n = view.pile.length;
  if (kind === "bank") return w.tn("Bank {count} card", "Bank {count} cards", n, { count: n });
  return w.t("Draw");
}
function deckCaption(view, w = ENGLISH) {
  if (!view.deck_size) return w.t("The deck is empty");
  return `${cardCount(view.deck_size, w)} · ${aceCount(view.deck_aces, w)}`;
}
function deckLabel(view, w = ENGLISH) {
  const n = view.deck_aces;
  const cards = cardCount(view.deck_size, w);
  return w.tn(
    "The deck: {cards}, {count} ace among them",
    "The deck: {cards}, {count} aces among them",
    n,
    { cards, count: n }
  );
}
function pileLabel(pile, w = ENGLISH) {
  if (!pile.length) return w.t("The pile is empty");
  const card = parseCard(pile[pile.length - 1], w).name;
  const n = pile.length;
  const cards = cardsLabel(pile);
  return w.tn(
    "The pile: {count} card, the top card is {card}: {cards}",
    "The pile: {count} cards, the top card is {card}: {cards}",
    n,
    { count: n, card, cards }
  );
}
function seatLabel(player, w = ENGLISH) {
  const name = player.bot ? w.t("{player} (a bot)", { player: player.name }) : player.name;
  const parts = [name, cardCount(player.score, w)];
  const aces = player.aces.length;
  if (aces) {
    parts.push(w.tn(
      "{count} ace safe from robbers",
      "{count} aces safe from robbers",
      aces,
      { count: aces }
    ));
  }
  if (player.is_current) parts.push(player.you ? w.t("your turn") : w.t("to play"));
  if (player.is_winner) parts.push(w.t("winner"));
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
function aceConfirm(pending, chosen, toList, w = ENGLISH) {
  const listed = chosenAces(pending, chosen);
  const missing = Math.max(0, toList - listed.length);
  const cards = cardsLabel(listed);
  let label;
  if (missing) {
    label = w.tn(
      "Choose an ace to list",
      "Choose {count} aces to list",
      missing,
      { count: missing }
    );
  } else if (!listed.length) label = pending.length === 1 ? w.t("Keep it") : w.t("Keep all");
  else if (listed.length === pending.length && pending.length > 1) label = w.t("List all");
  else label = w.t("List {cards}", { cards });
  let hint;
  if (missing) {
    hint = w.tn(
      "Choose {count} more ace to list (at least {least}).",
      "Choose {count} more aces to list (at least {least}).",
      missing,
      { count: missing, least: toList }
    );
  } else if (listed.length) {
    hint = w.t("{cards} will be shuffled back into the deck.", { cards });
  } else hint = w.t("Every ace stays in your bank.");
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
  bank: "⇩",
  list: "↺",
  keep: "✓",
  rules: "§",
  end: "★"
};

// src/panel-helpers.js
var ENGLISH2 = translator(null);
function symbols(words) {
  const w = words || ENGLISH2;
  const half = w.number(1.5, 1, 1);
  const minus = w.number(-1);
  return { decimal: half.charAt(1), minus: minus.slice(0, minus.length - 1) };
}
function parseFraction(text) {
  const m = /^\s*(-?\d+)\s*(?:\/\s*(\d+))?\s*$/.exec(String(text));
  if (!m || m[2] === "0" || /^0+$/.test(m[2] ?? "1")) {
    throw new Error(`not a fraction: ${JSON.stringify(text)}`);
  }
  return { num: BigInt(m[1]), den: BigInt(m[2] ?? "1") };
}
function fractionText(text, words) {
  const { num, den } = parseFraction(text);
  const body = den === 1n ? String(num) : `${num}/${den}`;
  return words ? body.replace(/^-/, symbols(words).minus) : body;
}
function decimalText(text, places = 3, words) {
  if (typeof places === "object" && places !== null) [places, words] = [3, places];
  const { num, den } = parseFraction(text);
  const negative = num < 0n;
  const scale = 10n ** BigInt(places);
  const abs = negative ? -num : num;
  const scaled = (2n * abs * scale + den) / (2n * den);
  const whole = scaled / scale;
  const frac = (scaled % scale).toString().padStart(places, "0");
  const sign = words ? symbols(words) : { decimal: ".", minus: "-" };
  const body = places ? `${whole}${sign.decimal}${frac}` : `${whole}`;
  return negative && scaled !== 0n ? `${sign.minus}${body}` : body;
}
function isExactDecimal(text, places = 3) {
  const { num, den } = parseFraction(text);
  return num * 10n ** BigInt(places) % den === 0n;
}
function approxSign(text, places = 3, _words) {
  if (typeof places !== "number") places = 3;
  return isExactDecimal(text, places) ? "=" : "≈";
}

// src/student-helpers.js
var ENGLISH3 = translator(null);
function socketUrl(href) {
  const url = new URL("ws", href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.hash = "";
  url.search = "";
  return url.toString();
}
function voteQuestion(c, tr = ENGLISH3) {
  const player = c.player || "";
  if (c.kind === "forced") return tr.t("{player} must draw: the pile is empty.", { player });
  const n = c.pile_size || 0;
  return tr.tn(
    "{player}: draw once more, or bank the pile's {count} card?",
    "{player}: draw once more, or bank the pile's {count} cards?",
    n,
    { player, count: n }
  );
}
function retryDelay(tries) {
  return Math.min(8e3, 500 * 2 ** Math.max(0, tries));
}
function questionText(q, tr = ENGLISH3) {
  const player = q.player || "";
  if (q.kind === "chance") {
    return tr.t("What is the chance that the next card {player} draws is accepted?", { player });
  }
  if (q.kind === "count") {
    const n = q.deck_size || 0;
    return tr.tn(
      "How many of the {count} card left in the deck would be accepted on top of the pile?",
      "How many of the {count} cards left in the deck would be accepted on top of the pile?",
      n,
      { count: n }
    );
  }
  if (q.kind === "expected") {
    return tr.t(
      "How many cards will {player} bank on average this turn if they draw exactly once more and then bank?",
      { player }
    );
  }
  return voteQuestion({ kind: "choice", player, pile_size: q.pile_size }, tr);
}
function percentText(p, tr = ENGLISH3) {
  const tenth = tr.number(Math.abs(p) * 100, 1, 1).slice(-1);
  return tr.percent(p, tenth === "0" ? 0 : 1);
}
function fractionValue(text) {
  const m = /^(\d+)\/(\d+)$/.exec(String(text));
  return m ? Number(m[1]) / Number(m[2]) : Number(text);
}
function answerValueText(kind, value, tr = ENGLISH3) {
  if (kind === "chance") {
    if (typeof value === "string") return `${value} (${percentText(fractionValue(value), tr)})`;
    return percentText(value, tr);
  }
  if (kind === "count") return tr.number(value, 0);
  if (kind === "expected") return tr.number(value, 2);
  if (value === "draw") return tr.tp("answer", "draw");
  if (value === "bank") return tr.tp("answer", "bank");
  return String(value);
}
function answeredText(q, tr = ENGLISH3) {
  const n = q.answered || 0;
  return tr.tn("{count} of {total} has answered.", "{count} of {total} have answered.", n, {
    count: n,
    total: q.students || 0
  });
}
function truthShort(q, tr = ENGLISH3) {
  const t = q.truth;
  if (!t) return "";
  if (q.kind === "choice") {
    if (t.action === "either") return tr.t("either (equally good)");
    return answerValueText("choice", t.action, tr);
  }
  if (q.kind === "count") return tr.number(t.value, 0);
  const fraction = t.fraction ? fractionText(t.fraction, tr) : "";
  const sign = t.fraction ? approxSign(t.fraction) : "≈";
  const decimal = t.fraction ? decimalText(t.fraction, 3, tr).replace(/0+$/, "").replace(/[.,]$/, "") : tr.number(t.value, 3);
  const parts = [];
  if (fraction && fraction !== decimal) parts.push(fraction);
  parts.push(decimal);
  let text = parts.join(` ${sign} `);
  if (q.kind === "chance") text += ` ${sign} ${percentText(t.value, tr)}`;
  return text;
}
function truthText(q, tr = ENGLISH3) {
  const t = q.truth;
  if (!t) return "";
  if (q.kind === "choice") {
    if (t.action === "either") return tr.t("Drawing and banking are worth exactly the same here: both answers are right.");
    if (t.action === "draw") return tr.t("The best choice: draw.");
    return tr.t("The best choice: bank.");
  }
  return tr.t("The exact answer: {answer}.", { answer: truthShort(q, tr) });
}
function errorText(kind, error, tr = ENGLISH3) {
  if (kind === "chance") {
    const n2 = Math.round(error * 1e3) / 10;
    return tr.tn("{count} percentage point", "{count} percentage points", n2, { count: n2 });
  }
  const n = Math.round(error * 100) / 100;
  return tr.tn("{count} card", "{count} cards", n, { count: n });
}
function classText(q, tr = ENGLISH3) {
  if (q.kind === "choice") {
    if (q.right === null || q.right === void 0) return "";
    const total = (q.answers || []).length;
    return tr.tn("{count} of {total} chose right.", "{count} of {total} chose right.", q.right, {
      count: q.right,
      total
    });
  }
  if (q.mean_error === null || q.mean_error === void 0) return "";
  return tr.t("The class was off by {error} on average.", { error: errorText(q.kind, q.mean_error, tr) });
}
function answerBins(kind, answers, range) {
  const low = range && typeof range.low === "number" ? range.low : 0;
  let high = range && typeof range.high === "number" ? range.high : 1;
  if (high <= low) high = low + 1;
  let edges;
  if (kind === "count") {
    const span = high - low + 1;
    const width = Math.max(1, Math.ceil(span / 20));
    edges = [];
    for (let x = low; x <= high; x += width) edges.push(x);
    edges.push(Math.min(edges[edges.length - 1] + width, high + 1));
  } else {
    edges = Array.from({ length: 11 }, (_, i) => low + (high - low) * i / 10);
  }
  const bins = edges.slice(0, -1).map((lo, i) => ({ low: lo, high: edges[i + 1], count: 0 }));
  for (const a of answers || []) {
    const v = typeof a === "string" ? fractionValue(a) : Number(a);
    if (!Number.isFinite(v)) continue;
    let i = bins.findIndex((b) => v >= b.low && v < b.high);
    if (i < 0) i = v < low ? 0 : bins.length - 1;
    bins[i].count += 1;
  }
  return bins;
}
function across(value, low, high) {
  if (high <= low) return 0.5;
  return Math.min(1, Math.max(0, (value - low) / (high - low)));
}
function axisText(kind, value, tr) {
  return kind === "chance" ? percentText(value, tr) : tr.number(value, 1);
}
function answerChart(q, tr = ENGLISH3) {
  const W2 = 320;
  const H2 = 170;
  const top = 44;
  const base = 140;
  const answers = q.answers || [];
  const n = answers.length;
  const truth = q.truth || null;
  const parts = [];
  let label;
  if (q.kind === "choice") {
    const draw = answers.filter((a) => a === "draw").length;
    const bank = answers.filter((a) => a === "bank").length;
    const max = Math.max(1, draw, bank);
    const bars = [
      ["draw", draw, answerValueText("choice", "draw", tr)],
      ["bank", bank, answerValueText("choice", "bank", tr)]
    ];
    bars.forEach(([key, count, word], i) => {
      const x = 50 + i * 130;
      const h = (base - top) * count / max;
      const best = truth && (truth.action === key || truth.action === "either");
      parts.push(
        `<rect class="borsen-chart-bar${best ? " is-truth" : ""}" x="${x}" y="${base - h}" width="90" height="${h}" rx="4"></rect>`,
        `<text class="borsen-chart-count" x="${x + 45}" y="${base - h - 6}" text-anchor="middle">${count}</text>`,
        `<text class="borsen-chart-axis" x="${x + 45}" y="${base + 18}" text-anchor="middle">${best ? "✓ " : ""}${escapeHTML(word)}</text>`
      );
    });
    label = tr.t("The class answered: {draw} draw, {bank} bank.", { draw, bank });
  } else {
    const range = q.range || { low: 0, high: 1 };
    const bins = answerBins(q.kind, answers, range);
    const low = bins[0].low;
    const high = bins[bins.length - 1].high;
    const max = Math.max(1, ...bins.map((b) => b.count));
    const left = 20;
    const width = W2 - 40;
    const step = width / bins.length;
    bins.forEach((b, i) => {
      const h = (base - top) * b.count / max;
      if (!b.count) return;
      parts.push(
        `<rect class="borsen-chart-bar" x="${(left + i * step + 1).toFixed(1)}" y="${(base - h).toFixed(1)}" width="${(step - 2).toFixed(1)}" height="${h.toFixed(1)}" rx="2"></rect>`,
        `<text class="borsen-chart-count" x="${(left + (i + 0.5) * step).toFixed(1)}" y="${(base - h - 4).toFixed(1)}" text-anchor="middle">${b.count}</text>`
      );
    });
    parts.push(
      `<line class="borsen-chart-base" x1="${left}" y1="${base}" x2="${left + width}" y2="${base}"></line>`,
      `<text class="borsen-chart-axis" x="${left}" y="${base + 18}" text-anchor="start">${escapeHTML(axisText(q.kind, low, tr))}</text>`,
      `<text class="borsen-chart-axis" x="${left + width}" y="${base + 18}" text-anchor="end">${escapeHTML(axisText(q.kind, q.kind === "count" ? range.high : high, tr))}</text>`
    );
    if (truth) {
      const at = q.kind === "count" ? truth.value + 0.5 : truth.value;
      const x = left + width * across(at, low, high);
      const anchor = x < 80 ? "start" : x > W2 - 80 ? "end" : "middle";
      parts.push(
        `<line class="borsen-chart-truth" x1="${x.toFixed(1)}" y1="20" x2="${x.toFixed(1)}" y2="${base}"></line>`,
        `<text class="borsen-chart-truth-label" x="${x.toFixed(1)}" y="14" text-anchor="${anchor}">${escapeHTML(truthShort(q, tr))}</text>`
      );
      label = tr.tn(
        "The class's {count} answer, with the exact answer {answer} marked.",
        "The class's {count} answers, with the exact answer {answer} marked.",
        n,
        { count: n, answer: truthShort(q, tr) }
      );
    } else {
      label = tr.tn("The class's {count} answer.", "The class's {count} answers.", n, { count: n });
    }
  }
  const alt = escapeHTML(label);
  return `<svg class="borsen-chart" viewBox="0 0 ${W2} ${H2 + 5}" role="img" aria-label="${alt}"><title>${alt}</title>${parts.join("")}</svg>`;
}

// src/experiment-chart.js
var ENGLISH4 = translator(null);
var W = 440;
var H = 360;
var PLOT = { left: 64, right: W - 24, top: 20, bottom: H - 60 };
var clamp = (v, low = 0, high = 1) => Math.min(high, Math.max(low, v));
var f = (v) => v.toFixed(1);
function xAt(share) {
  return PLOT.left + clamp(share) * (PLOT.right - PLOT.left);
}
function yAt(share) {
  return PLOT.bottom - clamp(share) * (PLOT.bottom - PLOT.top);
}
function oneDecimal(value, tr) {
  return tr.number(value, 1, 1);
}
function theoryRange(e) {
  const draws = Number(e.draws) || 0;
  const expected = Number(e.expected) || 0;
  const spread = Number(e.spread) || 0;
  return {
    low: clamp(expected - 2 * spread, 0, draws),
    high: clamp(expected + 2 * spread, 0, draws)
  };
}
function shownBands(e) {
  return (e && e.bands || []).filter((b) => (b.draws || 0) > 0 && b.mean !== null && b.mean !== void 0).map((b) => ({ ...b, share: (b.accepted || 0) / b.draws }));
}
function seriesPoints(e) {
  return (e && e.series || []).filter((p) => (p.draws || 0) > 0).map((p) => ({
    draws: p.draws,
    share: (p.accepted || 0) / p.draws,
    theory: (p.expected || 0) / p.draws,
    low: clamp(((p.expected || 0) - 2 * (p.spread || 0)) / p.draws),
    high: clamp(((p.expected || 0) + 2 * (p.spread || 0)) / p.draws)
  }));
}
function yAxis(tr) {
  return [0, 0.25, 0.5, 0.75, 1].map(
    (s) => `<line class="borsen-x-grid" x1="${PLOT.left}" y1="${f(yAt(s))}" x2="${PLOT.right}" y2="${f(yAt(s))}"></line><text class="borsen-x-tick" x="${PLOT.left - 8}" y="${f(yAt(s) + 5)}" text-anchor="end">${escapeHTML(percentText(s, tr))}</text>`
  ).join("");
}
function axisTitle(text, axis) {
  if (axis === "x") {
    return `<text class="borsen-x-title" x="${f((PLOT.left + PLOT.right) / 2)}" y="${H - 12}" text-anchor="middle">${escapeHTML(text)}</text>`;
  }
  const cy = f((PLOT.top + PLOT.bottom) / 2);
  return `<text class="borsen-x-title" x="16" y="${cy}" text-anchor="middle" transform="rotate(-90 16 ${cy})">${escapeHTML(text)}</text>`;
}
function svg(kind, label, body, height = H) {
  const alt = escapeHTML(label);
  return `<svg class="borsen-x-chart borsen-x-${kind}" viewBox="0 0 ${W} ${height}" role="img" aria-label="${alt}"><title>${alt}</title>${body}</svg>`;
}
function calibrationLabel(e, tr = ENGLISH4) {
  const bands = shownBands(e);
  if (!bands.length) return tr.t("No draw that could fail has been made yet.");
  const items = bands.map(
    (b) => (
      // TRANSLATORS: one band of the calibration chart, in a list: the draws whose exact chance was
      // about {chance}, and how many of them were accepted.
      tr.t("chance about {chance}: {accepted} of {count} accepted", {
        chance: percentText(b.mean, tr),
        accepted: b.accepted || 0,
        count: b.draws
      })
    )
  );
  return tr.t(
    "The share of the class's draws that were accepted, against their exact chance, band by band: {bands}. Where the theory holds, each dot lies on the diagonal.",
    { bands: tr.join(items) }
  );
}
function calibrationChart(e, tr = ENGLISH4) {
  const bands = shownBands(e);
  const most = Math.max(1, ...bands.map((b) => b.draws));
  const parts = [yAxis(tr)];
  for (const s of [0, 0.5, 1]) {
    const anchor = s === 0 ? "start" : s === 1 ? "end" : "middle";
    parts.push(
      `<text class="borsen-x-tick" x="${f(xAt(s))}" y="${PLOT.bottom + 22}" text-anchor="${anchor}">${escapeHTML(percentText(s, tr))}</text>`
    );
  }
  const diagonal = escapeHTML(tr.t("The diagonal: what the theory says"));
  parts.push(
    `<line class="borsen-x-theory" x1="${f(xAt(0))}" y1="${f(yAt(0))}" x2="${f(xAt(1))}" y2="${f(yAt(1))}"></line>`,
    `<text class="borsen-x-theory-label" x="${f(xAt(0.02))}" y="${f(yAt(0.92))}" text-anchor="start">${diagonal}</text>`
  );
  const dots = bands.map((b) => ({
    b,
    cx: xAt(b.mean),
    cy: yAt(b.share),
    r: 5 + 11 * Math.sqrt(b.draws / most)
  }));
  const placed = dots.map((d) => ({ x: d.cx - d.r, y: d.cy - d.r, w: 2 * d.r, h: 2 * d.r }));
  placed.push({
    x: xAt(0.02),
    y: yAt(0.92) - LABEL.height + 4,
    w: tr.t("The diagonal: what the theory says").length * LABEL.char,
    h: LABEL.height
  });
  for (const d of dots) {
    parts.push(`<circle class="borsen-x-dot" cx="${f(d.cx)}" cy="${f(d.cy)}" r="${f(d.r)}"></circle>`);
  }
  for (const d of dots) {
    const n = tr.t("n = {count}", { count: d.b.draws });
    const box = labelBox(n, d.cx, d.cy, d.r, placed);
    placed.push(box);
    parts.push(
      `<text class="borsen-x-count" x="${f(box.x)}" y="${f(box.y + LABEL.height - 4)}" text-anchor="start">${escapeHTML(n)}</text>`
    );
  }
  parts.push(axisTitle(tr.t("The exact chance of the draw"), "x"));
  parts.push(axisTitle(tr.t("Share accepted"), "y"));
  return svg("calibration", calibrationLabel(e, tr), parts.join(""));
}
var LABEL = { height: 18, char: 8.2 };
function labelBox(text, cx, cy, r, placed) {
  const w = text.length * LABEL.char;
  const h = LABEL.height;
  const tries = [
    { x: cx + r + 4, y: cy - h / 2 },
    { x: cx - r - 4 - w, y: cy - h / 2 },
    { x: cx - w / 2, y: cy - r - 2 - h },
    { x: cx - w / 2, y: cy + r + 2 },
    { x: cx + r + 4, y: cy - r - h },
    { x: cx + r + 4, y: cy + r }
  ];
  const inside = (b) => b.x >= 0 && b.x + b.w <= W && b.y >= 0 && b.y + b.h <= PLOT.bottom + 4;
  const clear = (b) => placed.every((o) => b.x + b.w <= o.x || o.x + o.w <= b.x || b.y + b.h <= o.y || o.y + o.h <= b.y);
  const boxes = tries.map((t) => ({ ...t, w, h }));
  return boxes.find((b) => inside(b) && clear(b)) || boxes.find(inside) || boxes[0];
}
function lawLabel(e, tr = ENGLISH4) {
  const points = seriesPoints(e);
  if (!points.length) return tr.t("No draw that could fail has been made yet.");
  const last = points[points.length - 1];
  return tr.tn(
    "After {count} draw the class's share accepted is {share}; the theory expected {expected}, between {low} and {high}. The range narrows as the draws add up.",
    "After {count} draws the class's share accepted is {share}; the theory expected {expected}, between {low} and {high}. The range narrows as the draws add up.",
    last.draws,
    {
      count: last.draws,
      share: percentText(last.share, tr),
      expected: percentText(last.theory, tr),
      low: percentText(last.low, tr),
      high: percentText(last.high, tr)
    }
  );
}
function lawChart(e, tr = ENGLISH4) {
  const points = seriesPoints(e);
  const most = Math.max(1, ...points.map((p) => p.draws));
  const x = (draws) => PLOT.left + clamp(draws, 0, most) / most * (PLOT.right - PLOT.left);
  const parts = [yAxis(tr)];
  for (const [d, anchor] of [[0, "start"], [most, "end"]]) {
    parts.push(
      `<text class="borsen-x-tick" x="${f(x(d))}" y="${PLOT.bottom + 22}" text-anchor="${anchor}">${escapeHTML(tr.number(d, 0))}</text>`
    );
  }
  if (points.length) {
    const line = (key) => points.map((p) => `${f(x(p.draws))},${f(yAt(p[key]))}`).join(" ");
    const band = [
      ...points.map((p) => `${f(x(p.draws))},${f(yAt(p.high))}`),
      ...points.slice().reverse().map((p) => `${f(x(p.draws))},${f(yAt(p.low))}`)
    ].join(" ");
    parts.push(
      `<polygon class="borsen-x-band" points="${band}"></polygon>`,
      `<polyline class="borsen-x-theory" points="${line("theory")}"></polyline>`,
      `<polyline class="borsen-x-class" points="${line("share")}"></polyline>`
    );
    const last = points[points.length - 1];
    parts.push(
      `<circle class="borsen-x-end" cx="${f(x(last.draws))}" cy="${f(yAt(last.share))}" r="5"></circle>`
    );
  }
  const keys = [
    // TRANSLATORS: the key of the law-of-large-numbers chart: the class's running share.
    ["borsen-x-class", tr.t("The class: share accepted so far")],
    // TRANSLATORS: the key of the law-of-large-numbers chart: the theory's expected share.
    ["borsen-x-theory", tr.t("The theory: the share it expects")],
    // TRANSLATORS: the key of the law-of-large-numbers chart: the shaded range (± 2 standard
    // deviations) the theory expects the share in.
    ["borsen-x-band", tr.t("The theory's range: expected ± 2 standard deviations")]
  ];
  keys.forEach(([cls, text], i) => {
    const y = H + 8 + i * 22;
    const mark = cls === "borsen-x-band" ? `<rect class="${cls}" x="8" y="${y - 8}" width="26" height="12"></rect>` : `<line class="${cls}" x1="8" y1="${y - 2}" x2="34" y2="${y - 2}"></line>`;
    parts.push(
      mark,
      `<text class="borsen-x-key" x="40" y="${y + 3}">${escapeHTML(text)}</text>`
    );
  });
  parts.push(axisTitle(tr.t("Number of draws"), "x"));
  parts.push(axisTitle(tr.t("Share accepted"), "y"));
  return svg("law", lawLabel(e, tr), parts.join(""), H + 8 + keys.length * 22);
}
function experimentSentence(e, tr = ENGLISH4) {
  const draws = Number(e.draws) || 0;
  if (!draws) return tr.t("No draw that could fail has been made yet.");
  const range = theoryRange(e);
  return tr.tn(
    "{count} draw: {accepted} accepted; the theory expected {expected} (between {low} and {high}).",
    "{count} draws: {accepted} accepted; the theory expected {expected} (between {low} and {high}).",
    draws,
    {
      count: draws,
      accepted: Number(e.accepted) || 0,
      expected: oneDecimal(Number(e.expected) || 0, tr),
      low: oneDecimal(range.low, tr),
      high: oneDecimal(range.high, tr)
    }
  );
}
function certainSentence(e, tr = ENGLISH4) {
  const n = Number(e.certain) || 0;
  if (!n) return "";
  return tr.tn(
    "{count} draw could not fail (an empty pile or an ace on top) and is not counted.",
    "{count} draws could not fail (an empty pile or an ace on top) and are not counted.",
    n,
    { count: n }
  );
}
function experimentView(e, tr = ENGLISH4) {
  if (!e || typeof e !== "object") return { show: false };
  return {
    show: true,
    calibration: calibrationChart(e, tr),
    law: lawChart(e, tr),
    sentence: experimentSentence(e, tr),
    certain: certainSentence(e, tr)
  };
}

// src/projector-helpers.js
var ENGLISH5 = translator(null);
function studentCount(students) {
  if (Array.isArray(students)) return students.length;
  const n = Number(students);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
function codeIsBig(students, question) {
  return studentCount(students) === 0 && !(question && question.state === "open");
}
function projectorQuestion(question, tr = ENGLISH5) {
  const q = question || { state: "none" };
  if (q.state !== "open" && q.state !== "revealed") return { show: false };
  const open = q.state === "open";
  const total = q.students || 0;
  const out = {
    show: true,
    open,
    text: questionText(q, tr),
    answered: answeredText(q, tr),
    progress: total ? Math.min(1, (q.answered || 0) / total) : 0,
    truth: "",
    chart: "",
    classLine: ""
  };
  if (!open) {
    out.truth = truthText(q, tr);
    out.chart = answerChart(q, tr);
    out.classLine = classText(q, tr);
  }
  return out;
}
function boardRows(board, tr = ENGLISH5) {
  if (!board || !board.on) return null;
  const rows = (board.rows || []).slice(0, 10);
  let place = 0;
  let last = null;
  return rows.map((r, i) => {
    if (r.total !== last) place = i + 1;
    last = r.total;
    return {
      place,
      name: String(r.name ?? ""),
      points: tr.tn("{count} point", "{count} points", r.total ?? 0, { count: r.total ?? 0 })
    };
  });
}

// src/builder-helpers.js
function progressText(m, tr = ENGLISH) {
  const total = Number(m && m.total) || 0;
  if (!total) return tr.t("The tournament is starting…");
  return tr.tn(
    "The tournament is running: {done} of {total} pair has played.",
    "The tournament is running: {done} of {total} pairs have played.",
    total,
    { done: Number(m.done) || 0, total }
  );
}

// src/projector-tournament.js
var REPLAY_MS = 1500;
function intervalBar(row, scale) {
  const [low, high] = scale && scale[1] > scale[0] ? scale : [row.low - 1, row.high + 1];
  const span = high - low;
  const at = (x) => Math.max(0, Math.min(100, (x - low) / span * 100));
  const left = at(row.low);
  return { left, width: Math.max(0.5, at(row.high) - left), mark: at(row.rating) };
}
function mountTournament(section, { words }) {
  const state = { m: null, shown: 0, timer: 0 };
  section.innerHTML = `<h2 class="borsen-p-t-title" id="borsen-p-t-title"></h2><div class="borsen-p-t-progress"><progress class="borsen-p-t-bar" max="1" value="0"></progress><span class="borsen-p-t-count" aria-live="polite"></span></div><div class="borsen-p-t-summary"></div><ol class="borsen-p-t-rank" data-testid="tournament-ranking"></ol><section class="borsen-p-t-replay" aria-labelledby="borsen-p-t-replay-title" hidden><h3 id="borsen-p-t-replay-title"></h3><div class="borsen-p-t-buttons"><button type="button" class="borsen-btn borsen-secondary" data-replay="restart" data-testid="replay-restart"></button><button type="button" class="borsen-btn borsen-secondary" data-replay="step" data-testid="replay-step"></button><button type="button" class="borsen-btn borsen-primary" data-replay="play" data-testid="replay-play" aria-pressed="false"></button></div><ol class="borsen-p-t-lines" aria-live="polite"></ol></section>`;
  const $ = (sel) => section.querySelector(sel);
  const ui = {
    title: $(".borsen-p-t-title"),
    progress: $(".borsen-p-t-progress"),
    bar: $(".borsen-p-t-bar"),
    count: $(".borsen-p-t-count"),
    summary: $(".borsen-p-t-summary"),
    rank: $(".borsen-p-t-rank"),
    replay: $(".borsen-p-t-replay"),
    replayTitle: $("#borsen-p-t-replay-title"),
    restart: $('[data-replay="restart"]'),
    step: $('[data-replay="step"]'),
    play: $('[data-replay="play"]'),
    lines: $(".borsen-p-t-lines")
  };
  function lines() {
    return state.m && state.m.replay && state.m.replay.lines || [];
  }
  function drawReplay(tr) {
    const all = lines();
    ui.replay.hidden = !all.length;
    if (!all.length) return;
    const players = (state.m.replay.players || []).map(String);
    ui.replayTitle.textContent = tr.t("The top two's game: {players}", { players: tr.join(players) });
    ui.lines.innerHTML = all.slice(0, state.shown).map((line, i) => {
      const text = typeof line === "string" ? line : String(line.text ?? "");
      const seat = typeof line === "object" && line ? ` data-seat="${Number(line.seat)}"` : "";
      return `<li${seat}${i === state.shown - 1 ? ' class="is-now"' : ""}>${escapeHTML(text)}</li>`;
    }).join("");
    ui.lines.lastElementChild?.scrollIntoView?.({ block: "nearest" });
    ui.step.disabled = state.shown >= all.length;
    ui.play.setAttribute("aria-pressed", String(Boolean(state.timer)));
    ui.play.textContent = state.timer ? tr.t("Pause") : tr.t("Play the game");
  }
  function draw() {
    const tr = words();
    const m = state.m;
    section.hidden = !m;
    if (!m) return;
    ui.title.textContent = tr.t("The class's tournament");
    ui.restart.textContent = tr.t("From the start");
    ui.step.textContent = tr.t("Next event");
    const running = m.state === "running";
    ui.progress.hidden = !running;
    if (running) {
      ui.bar.value = m.total ? m.done / m.total : 0;
      ui.count.textContent = progressText(m, tr);
      ui.bar.setAttribute("aria-label", ui.count.textContent);
    }
    if (m.state === "failed") ui.summary.textContent = tr.t("The tournament stopped; see the teacher's notebook.");
    else ui.summary.innerHTML = (m.summary || []).map((x) => `<p>${escapeHTML(x)}</p>`).join("");
    const ranking2 = m.state === "done" ? m.ranking || [] : [];
    ui.rank.innerHTML = ranking2.map((row) => {
      const bar = intervalBar(row, m.scale);
      const label = tr.t("Rating {rating}, 95 % interval {low} to {high}", {
        rating: Math.round(row.rating),
        low: Math.round(row.low),
        high: Math.round(row.high)
      });
      const words_ = (row.words || []).join(" ");
      return `<li data-place="${row.place}" class="${row.bot ? "is-bot" : "is-class"}"><span class="borsen-place">${row.place}.</span><span class="borsen-rank-name">${escapeHTML(row.name)}</span><span class="borsen-p-t-rating">${escapeHTML(tr.number(Math.round(row.rating)))}</span><span class="borsen-p-t-interval" role="img" aria-label="${escapeHTML(label)}"><span class="borsen-p-t-range" style="left:${bar.left}%;width:${bar.width}%"></span><span class="borsen-p-t-mark" style="left:${bar.mark}%"></span></span>` + (words_ ? `<span class="borsen-p-t-words">${escapeHTML(words_)}</span>` : "") + `</li>`;
    }).join("");
    drawReplay(tr);
  }
  function stop() {
    clearInterval(state.timer);
    state.timer = 0;
  }
  function step() {
    if (state.shown < lines().length) state.shown += 1;
    if (state.shown >= lines().length) stop();
    drawReplay(words());
  }
  function onClick(event) {
    const button = event.target.closest("button[data-replay]");
    if (!button || button.disabled) return;
    const what = button.dataset.replay;
    if (what === "step") {
      stop();
      step();
    } else if (what === "restart") {
      stop();
      state.shown = 0;
      drawReplay(words());
    } else if (what === "play") {
      if (state.timer) stop();
      else {
        if (state.shown >= lines().length) state.shown = 0;
        state.timer = setInterval(step, REPLAY_MS);
        step();
      }
      drawReplay(words());
    }
  }
  section.addEventListener("click", onClick);
  return {
    state,
    draw,
    receive(m) {
      const fresh = m.state === "done" && (!state.m || state.m.state !== "done" || m !== state.m);
      if (fresh) {
        stop();
        state.shown = 0;
      }
      state.m = m;
      draw();
    },
    destroy() {
      stop();
      section.removeEventListener("click", onClick);
    }
  };
}

// src/table.js
var TOOLS = `
  <div class="borsen-tools">
    <button type="button" class="borsen-btn borsen-quiet" data-intent="pause"
      aria-keyshortcuts="P" hidden><span class="borsen-label"></span><kbd data-key="P" aria-hidden="true"></kbd></button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="resume"
      aria-keyshortcuts="P" hidden><span class="borsen-label"></span><kbd data-key="P" aria-hidden="true"></kbd></button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="step"
      aria-keyshortcuts="S" hidden><span class="borsen-label"></span><kbd data-key="S" aria-hidden="true"></kbd></button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="undo"
      aria-keyshortcuts="U" hidden><span class="borsen-label"></span><kbd data-key="U" aria-hidden="true"></kbd></button>
    <button type="button" class="borsen-btn borsen-quiet borsen-panel-toggle"
      data-intent="panel" aria-keyshortcuts="T" aria-pressed="false"><span
      class="borsen-label"></span><kbd data-key="T" aria-hidden="true"></kbd></button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="new_game"
      aria-keyshortcuts="N"><span class="borsen-label"></span><kbd data-key="N" aria-hidden="true"></kbd></button>
  </div>`;
var template = (tools) => `
<div class="borsen-top">
  <div class="borsen-title" aria-hidden="true">Børsen</div>
  <div class="borsen-status"></div>
  <div class="borsen-turns" aria-hidden="true"></div>
</div>
<div class="borsen-table">
  <div class="borsen-deck" role="img">
    <div class="borsen-back"><span class="borsen-deck-count"></span></div>
    <div class="borsen-deck-caption" aria-hidden="true"></div>
  </div>
  <div class="borsen-pile" role="img"></div>
  <div class="borsen-end" hidden>
    <div class="borsen-end-title"></div>
    <div class="borsen-end-result"><span class="borsen-trophy"></span><span
      class="borsen-end-text"></span></div>
    <ol class="borsen-end-ranking"></ol>
    <div class="borsen-end-why"></div>
  </div>
</div>
<div class="borsen-aces" role="dialog" aria-modal="false" hidden>
  <div class="borsen-aces-title"></div>
  <p class="borsen-aces-text"></p>
  <div class="borsen-aces-cards" role="group"></div>
  <div class="borsen-aces-foot">
    <span class="borsen-aces-hint" aria-live="polite"></span>
    <button type="button" class="borsen-btn borsen-primary borsen-aces-ok"></button>
  </div>
</div>
<div class="borsen-controls">
  <div class="borsen-actions">
    <button type="button" class="borsen-btn borsen-primary" data-intent="draw"
      aria-keyshortcuts="D" hidden><span class="borsen-label"></span><kbd data-key="D" aria-hidden="true"></kbd></button>
    <button type="button" class="borsen-btn borsen-secondary" data-intent="bank"
      aria-keyshortcuts="B" hidden><span class="borsen-label"></span><kbd data-key="B" aria-hidden="true"></kbd></button>
    <span class="borsen-waiting" hidden><span class="borsen-dots" aria-hidden="true"></span>
      <span class="borsen-waiting-text"></span></span>
  </div>${tools ? TOOLS : ""}
</div>
<div class="borsen-notice" role="alert" hidden>
  <span class="borsen-notice-text"></span>
  <button type="button" class="borsen-notice-close">×</button>
</div>
<div class="borsen-seats" role="list"></div>
<div class="borsen-log-wrap">
  <div class="borsen-log-title" aria-hidden="true"></div>
  <ol class="borsen-log" tabindex="0"></ol>
</div>
<div class="borsen-rules" hidden></div>
`;
function mountTable(root, game, opts) {
  const { send, uid, tools = true, mayAct = () => true, extraKey = () => null, sr } = opts;
  const speech = opts.speech || (() => null);
  const held = opts.held || (() => "");
  const words = opts.words || (() => ENGLISH);
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
    endTitle: $(".borsen-end-title"),
    logTitle: $(".borsen-log-title"),
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
    holders: [],
    w: ENGLISH
  };
  local.w = words() || ENGLISH;
  drawWords();
  function setHidden(node, hidden) {
    if (node.hidden !== hidden) node.hidden = hidden;
  }
  function focusInside() {
    return root.contains(document.activeElement);
  }
  function mine(view) {
    return Boolean(view && !view.over && mayAct(view));
  }
  function turnCame(before, view, fresh) {
    const p = view.players[view.current];
    if (!mine(view) || !p || p.bot) return false;
    const othersMoved = fresh.some((e) => e.seat != null && e.seat !== view.current);
    return !mine(before) || before.current !== view.current || before.phase !== view.phase || othersMoved;
  }
  function setLabel(intent, text) {
    const b = ui.buttons[intent];
    if (b) b.querySelector(".borsen-label").textContent = text;
  }
  function drawWords() {
    const w = local.w;
    const b = ui.buttons;
    ui.endTitle.textContent = w.t("Game over");
    ui.acesCards.setAttribute("aria-label", w.t("Aces: press one to list it or keep it"));
    ui.noticeClose.setAttribute("aria-label", w.t("Dismiss this notice"));
    ui.seats.setAttribute("aria-label", w.t("Players"));
    ui.logTitle.textContent = w.t("What happened");
    ui.log.setAttribute("aria-label", w.t("What happened, newest first"));
    setLabel("draw", w.t("Draw"));
    b.draw.setAttribute("aria-label", w.t("Draw a card (key {key})", { key: "D" }));
    if (!tools) return;
    setLabel("pause", w.t("Pause"));
    b.pause.setAttribute("aria-label", w.t("Pause the bots (key {key})", { key: "P" }));
    setLabel("resume", w.t("Play on"));
    b.resume.setAttribute("aria-label", w.t("Let the bots play on (key {key})", { key: "P" }));
    setLabel("step", w.t("Step"));
    b.step.setAttribute("aria-label", w.t("Play one bot move (key {key})", { key: "S" }));
    setLabel("undo", w.t("Undo"));
    setLabel("panel", w.t("Probabilities"));
    if (!local.confirmNew) {
      setLabel("new_game", w.t("New game"));
      b.new_game.setAttribute("aria-label", w.t("Start a new game (key {key})", { key: "N" }));
    }
  }
  function drawTable(view) {
    const w = local.w;
    ui.deckCount.textContent = String(view.deck_size);
    ui.deckCaption.textContent = deckCaption(view, w);
    ui.deck.setAttribute("aria-label", deckLabel(view, w));
    ui.deck.classList.toggle("is-empty", view.deck_size === 0);
    const empty = w.t("Empty pile");
    const added = addedCards(local.pile, view.pile);
    const layout = fanLayout(view.pile.length);
    ui.pile.style.setProperty("--n", String(view.pile.length));
    ui.pile.innerHTML = view.pile.length ? layout.map((slot) => {
      const isNew = slot.index >= view.pile.length - added;
      const cls = `${slot.top ? "is-top" : ""}${isNew ? " is-new" : ""}`;
      const style = `--i:${slot.index};--angle:${slot.angle}deg`;
      return cardHTML(view.pile[slot.index], { cls, style, hidden: true });
    }).join("") : `<div class="borsen-empty-pile">${view.over ? "" : escapeHTML(empty)}</div>`;
    ui.pile.setAttribute("aria-label", pileLabel(view.pile, w));
    local.pile = view.pile;
  }
  function drawSeats(view) {
    const w = local.w;
    const safe = escapeHTML(w.t("Aces in a bank cannot be robbed"));
    const noAces = escapeHTML(w.t("no aces"));
    const botTag = escapeHTML(w.t("bot"));
    ui.seats.innerHTML = view.players.map((p) => {
      const cls = ["borsen-seat"];
      if (p.is_current) cls.push("is-current");
      if (p.is_winner) cls.push("is-winner");
      if (p.bot) cls.push("is-bot");
      if (p.you) cls.push("is-you");
      const held2 = local.holders[p.seat] || {};
      const holder = held2.holder;
      const anonymous = !holder && held2.phone === true;
      if (holder || anonymous) cls.push("is-held");
      const aces = p.aces.length ? `<div class="borsen-seat-aces" title="${safe}">` + p.aces.map((a) => cardHTML(a, { cls: "is-mini", hidden: true })).join("") + `<span class="borsen-safe">${ICONS.lock}</span></div>` : `<div class="borsen-seat-aces is-none">${noAces}</div>`;
      const tag = p.bot ? `<span class="borsen-tag" title="${escapeHTML(p.bot)}">${botTag}</span>` : "";
      const mark = p.you ? w.t("your turn") : w.t("to play");
      const turn = p.is_current ? `<span class="borsen-turn-mark">${escapeHTML(mark)}</span>` : "";
      const crown = p.is_winner ? `<span class="borsen-crown">${ICONS.trophy}</span>` : "";
      const played = holder ? w.t("Played on {student}'s phone", { student: holder }) : w.t("Played on a phone");
      const phone = holder ? `<div class="borsen-holder" title="${escapeHTML(played)}">${ICONS.phone}<span>${escapeHTML(holder)}</span></div>` : anonymous ? `<div class="borsen-holder" title="${escapeHTML(played)}">${ICONS.phone}</div>` : "";
      const seat = seatLabel(p, w);
      const label = holder ? w.t("{seat}, played by {student}", { seat, student: holder }) : anonymous ? w.t("{seat}, played on a phone", { seat }) : seat;
      const unit = w.tnp("score", "card", "cards", p.score);
      const robbable = w.tn(
        "{count} can be robbed",
        "{count} can be robbed",
        p.robbable,
        { count: p.robbable }
      );
      return `<div class="${cls.join(" ")}" role="listitem" data-seat="${p.seat}" aria-label="${escapeHTML(label)}" aria-current="${p.is_current}"><div class="borsen-seat-head">${crown}<span class="borsen-seat-name">${escapeHTML(p.name)}</span>${tag}${turn}</div>${phone}<div class="borsen-seat-body"><div class="borsen-bank"><span class="borsen-score">${p.score}</span><span class="borsen-score-unit">${escapeHTML(unit)}</span></div>${aces}</div><div class="borsen-seat-foot">${escapeHTML(robbable)}</div></div>`;
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
      const { every = true, seats = [] } = speech() || {};
      const told = fresh.filter((e) => every || seats.includes(e.seat) || seats.includes(e.target) || e.kind === "end").map((e) => e.said || e.text);
      if (turnCame(local.view, view, fresh)) told.push(statusText(view, local.w));
      if (told.length) sr.textContent = told.join(" ");
    }
    local.events = events;
  }
  function drawControls(view) {
    const w = local.w;
    const b = ui.buttons;
    const acts = mine(view) ? view.actions : [];
    const hold = acts.length ? held(view) || "" : "";
    setHidden(b.draw, !acts.includes("draw"));
    setHidden(b.bank, !acts.includes("bank"));
    b.draw.disabled = Boolean(hold);
    b.bank.disabled = Boolean(hold);
    const n = view.pile.length;
    setLabel("bank", actionLabel("bank", view, w));
    b.bank.setAttribute(
      "aria-label",
      w.tn("Bank {count} card (key {key})", "Bank {count} cards (key {key})", n, { count: n, key: "B" })
    );
    const c = view.controls || {};
    const other = !view.over && !view.bot_turn && !mine(view);
    const waiting = view.bot_turn && !c.paused || other || Boolean(hold);
    setHidden(ui.waiting, !waiting);
    const who = view.players[view.current];
    ui.waitingText.textContent = hold || (waiting && who ? w.t("{player} is playing", { player: who.name }) : "");
    if (!tools) return;
    const bots = showBotControls(view);
    setHidden(b.pause, !(bots && !c.paused));
    setHidden(b.resume, !(bots && c.paused));
    setHidden(b.step, !(bots && c.paused && view.bot_turn));
    setHidden(b.undo, !c.allow_undo);
    b.undo.disabled = !c.can_undo;
    b.undo.setAttribute(
      "aria-label",
      c.can_undo ? w.t("Undo the last decision (key {key})", { key: "U" }) : w.t("Undo: there is nothing to take back")
    );
    b.new_game.classList.toggle("borsen-primary", view.over);
    b.new_game.classList.toggle("borsen-quiet", !view.over);
    if (view.over) resetConfirm();
  }
  function drawAces(view) {
    const w = local.w;
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
    ui.acesTitle.textContent = dec.you ? w.t("Decide on your aces") : w.t("{player}, decide on your aces", { player: dec.name });
    ui.acesText.textContent = dec.text;
    drawAceChoices(dec);
    setHidden(ui.aces, false);
    return opening;
  }
  function drawAceChoices(dec) {
    const w = local.w;
    const listWord = escapeHTML(w.tp("ace choice", "List"));
    const keepWord = escapeHTML(w.tp("ace choice", "Keep"));
    ui.acesCards.innerHTML = dec.pending.map((code, i) => {
      const listed = local.chosen.has(i);
      const card = cardHTML(code, { hidden: true, cls: "is-choice" });
      const name = parseCard(code, w).name;
      const label = listed ? w.t("List the {card} (key {key})", { card: name, key: i + 1 }) : w.t("Keep the {card} (key {key})", { card: name, key: i + 1 });
      const state = listed ? `↺ ${listWord}` : `${ICONS.lock} ${keepWord}`;
      return `<button type="button" class="borsen-ace${listed ? " is-listed" : ""}" data-ace="${i}" aria-pressed="${listed}" aria-label="${escapeHTML(label)}">${card}<span class="borsen-ace-state">${state}</span><kbd data-key="${i + 1}" aria-hidden="true"></kbd></button>`;
    }).join("");
    const conf = aceConfirm(dec.pending, local.chosen, dec.to_list, w);
    ui.acesOk.textContent = conf.label;
    ui.acesOk.disabled = !conf.enabled;
    ui.acesHint.textContent = conf.hint;
  }
  function drawEnd(view) {
    const w = local.w;
    setHidden(ui.end, !view.over);
    root.classList.toggle("is-over", view.over);
    if (!view.over) return;
    ui.endText.textContent = view.result;
    ui.endRanking.innerHTML = ranking(view.players).map(
      (p) => `<li class="${p.is_winner ? "is-winner" : ""}"><span class="borsen-place">${p.place}.</span><span class="borsen-rank-name">${escapeHTML(p.name)}</span><span class="borsen-rank-score">${escapeHTML(cardCount(p.score, w))}</span></li>`
    ).join("");
    ui.endWhy.textContent = view.end_reason === "max_turns" ? w.t("The turn limit was reached.") : w.t("The deck is empty.");
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
    local.w = words() || ENGLISH;
    drawWords();
    if (!view || !view.players) return;
    const w = local.w;
    const hadFocus = focusInside();
    root.dataset.version = String(view.version);
    root.dataset.phase = view.phase;
    ui.status.textContent = statusText(view, w);
    ui.turns.textContent = view.over ? "" : w.t("Turn {number}", { number: view.turns + 1 });
    drawTable(view);
    drawSeats(view);
    drawControls(view);
    const opening = drawAces(view);
    drawEnd(view);
    drawLog(view);
    const rules = view.rules || [];
    setHidden(ui.rules, !rules.length);
    ui.rules.textContent = rules.length ? w.tn(
      "House rule: {rules}",
      "House rules: {rules}",
      rules.length,
      { rules: rules.join("; ") }
    ) : "";
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
    const w = local.w;
    setLabel("new_game", w.t("New game"));
    b.setAttribute("aria-label", w.t("Start a new game (key {key})", { key: "N" }));
  }
  function newGame() {
    const view = local.view;
    if (view && !view.over && !local.confirmNew) {
      local.confirmNew = true;
      const w = local.w;
      setLabel("new_game", w.t("Start over?"));
      ui.buttons.new_game.setAttribute("aria-label", w.t("Press again to start a new game"));
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
    const conf = aceConfirm(view.aces.pending, local.chosen, view.aces.to_list, local.w);
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
    const keyView = mine(view) && !held(view) ? view : view && { ...view, actions: [] };
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

// src/projector.js
var SPEAK_MS = 1e4;
var TEMPLATE = `
<header class="borsen-p-head">
  <span class="borsen-class-title">Børsen</span>
  <span class="borsen-class-link" role="status"></span>
  <button type="button" class="borsen-btn borsen-secondary borsen-p-code-open"
    aria-haspopup="dialog"></button>
</header>
<section class="borsen-p-tournament" aria-labelledby="borsen-p-t-title"
  data-testid="projector-tournament" hidden></section>
<section class="borsen-p-x" aria-labelledby="borsen-p-x-title" data-testid="projector-experiment"
  hidden>
  <h2 class="borsen-p-x-title" id="borsen-p-x-title"></h2>
  <div class="borsen-p-x-charts">
    <figure class="borsen-p-x-figure">
      <figcaption class="borsen-p-x-cal-title"></figcaption>
      <div class="borsen-p-x-cal"></div>
    </figure>
    <figure class="borsen-p-x-figure">
      <figcaption class="borsen-p-x-law-title"></figcaption>
      <div class="borsen-p-x-law"></div>
    </figure>
  </div>
  <p class="borsen-p-x-sentence"></p>
  <p class="borsen-p-x-certain"></p>
  <p class="borsen-sr borsen-p-x-live" aria-live="polite"></p>
</section>
<div class="borsen-p-layout">
  <section class="borsen-p-join">
    <div class="borsen-p-qr"></div>
    <p class="borsen-p-url"></p>
    <p class="borsen-p-local" hidden></p>
  </section>
  <div class="borsen-game"></div>
  <aside class="borsen-p-side">
    <section class="borsen-p-q" aria-labelledby="borsen-p-q-title" hidden>
      <h2 class="borsen-p-q-title" id="borsen-p-q-title"></h2>
      <p class="borsen-p-q-text"></p>
      <div class="borsen-p-q-progress">
        <progress class="borsen-p-q-bar" max="1" value="0"></progress>
        <span class="borsen-p-q-answered" aria-live="polite"></span>
      </div>
      <div class="borsen-p-q-reveal" hidden>
        <p class="borsen-p-q-truth"></p>
        <div class="borsen-p-q-chart"></div>
        <p class="borsen-p-q-class"></p>
      </div>
    </section>
    <section class="borsen-p-subs" aria-labelledby="borsen-p-subs-title" hidden>
      <h2 class="borsen-p-subs-title" id="borsen-p-subs-title"></h2>
      <div class="borsen-p-q-progress">
        <progress class="borsen-p-subs-bar" max="1" value="0"></progress>
        <span class="borsen-p-subs-count" aria-live="polite"></span>
      </div>
    </section>
    <section class="borsen-p-board" aria-labelledby="borsen-p-board-title" hidden>
      <h2 class="borsen-p-board-title" id="borsen-p-board-title"></h2>
      <ol class="borsen-p-board-rows"></ol>
    </section>
  </aside>
</div>
<div class="borsen-p-code" role="dialog" aria-modal="true" aria-labelledby="borsen-p-code-url"
  hidden>
  <div class="borsen-p-code-qr"></div>
  <p class="borsen-p-code-url" id="borsen-p-code-url"></p>
  <button type="button" class="borsen-btn borsen-secondary borsen-p-code-close"></button>
</div>
<section class="borsen-ended" role="alert" hidden>
  <h1 class="borsen-ended-title"></h1>
  <p class="borsen-ended-text"></p>
</section>
<div class="borsen-sr" aria-live="polite" aria-atomic="false"></div>
`;
function startProjectorPage(root, opts = {}) {
  const href = opts.href ?? window.location.href;
  const connect = opts.connect ?? ((url) => new WebSocket(url));
  root.innerHTML = TEMPLATE;
  const $ = (sel) => root.querySelector(sel);
  const ui = {
    link: $(".borsen-class-link"),
    open: $(".borsen-p-code-open"),
    join: $(".borsen-p-join"),
    qr: $(".borsen-p-qr"),
    local: $(".borsen-p-local"),
    url: $(".borsen-p-url"),
    q: $(".borsen-p-q"),
    qTitle: $(".borsen-p-q-title"),
    qText: $(".borsen-p-q-text"),
    qBar: $(".borsen-p-q-bar"),
    qAnswered: $(".borsen-p-q-answered"),
    qReveal: $(".borsen-p-q-reveal"),
    qTruth: $(".borsen-p-q-truth"),
    qChart: $(".borsen-p-q-chart"),
    qClass: $(".borsen-p-q-class"),
    subs: $(".borsen-p-subs"),
    subsTitle: $(".borsen-p-subs-title"),
    subsBar: $(".borsen-p-subs-bar"),
    subsCount: $(".borsen-p-subs-count"),
    x: $(".borsen-p-x"),
    xTitle: $(".borsen-p-x-title"),
    xCalTitle: $(".borsen-p-x-cal-title"),
    xCal: $(".borsen-p-x-cal"),
    xLawTitle: $(".borsen-p-x-law-title"),
    xLaw: $(".borsen-p-x-law"),
    xSentence: $(".borsen-p-x-sentence"),
    xCertain: $(".borsen-p-x-certain"),
    xLive: $(".borsen-p-x-live"),
    board: $(".borsen-p-board"),
    boardTitle: $(".borsen-p-board-title"),
    boardRows: $(".borsen-p-board-rows"),
    code: $(".borsen-p-code"),
    codeQr: $(".borsen-p-code-qr"),
    codeUrl: $(".borsen-p-code-url"),
    close: $(".borsen-p-code-close"),
    ended: $(".borsen-ended"),
    endedTitle: $(".borsen-ended-title"),
    endedText: $(".borsen-ended-text")
  };
  const state = {
    socket: null,
    ended: false,
    view: null,
    seats: [],
    students: 0,
    question: { state: "none" },
    board: { on: false },
    submissions: { open: false, submitted: 0, students: 0 },
    join: null,
    experiment: null,
    spokenAt: -Infinity,
    // when the experiment's sentence was last put in its live region
    speakTimer: 0,
    tries: 0,
    timer: 0,
    link: (w) => w.t("Connecting…"),
    endedText: null,
    opener: null,
    wantCode: new URL(href).hash === "#code"
    // the join card's "Full-screen code"
  };
  let tr = translator(null);
  const table = mountTable(root, $(".borsen-game"), {
    send: () => {
    },
    // read-only: nothing is sent
    uid: "projector",
    tools: false,
    sr: $(".borsen-sr"),
    mayAct: () => false,
    words: () => tr
  });
  const tournament = mountTournament($(".borsen-p-tournament"), { words: () => tr });
  function drawWords() {
    root.lang = tr.language;
    if (typeof document !== "undefined") document.documentElement.lang = tr.language;
    ui.open.textContent = tr.t("Show the join code");
    ui.close.textContent = tr.t("Close");
    ui.qTitle.textContent = tr.t("Question for the class");
    ui.boardTitle.textContent = tr.t("Leaderboard");
    ui.subsTitle.textContent = tr.t("The class's strategies");
    ui.xTitle.textContent = tr.t("The class's experiment: every draw against its exact chance");
    ui.xCalTitle.textContent = tr.t("Is the share accepted the chance?");
    ui.xLawTitle.textContent = tr.t("The more draws, the closer to the theory");
    ui.endedTitle.textContent = tr.t("The class has ended");
    ui.link.textContent = state.link(tr);
    if (state.endedText) ui.endedText.textContent = state.endedText(tr);
  }
  function drawJoin() {
    const j = state.join;
    ui.open.hidden = !j;
    ui.join.hidden = !j;
    if (!j) return;
    const label = tr.t("QR code of the class's address: {url}", { url: j.url });
    for (const [box, text] of [[ui.qr, ui.url], [ui.codeQr, ui.codeUrl]]) {
      if (box.dataset.qr !== j.qr) {
        box.innerHTML = j.qr;
        box.dataset.qr = j.qr;
      }
      const svg2 = box.querySelector("svg");
      if (svg2) {
        svg2.setAttribute("role", "img");
        svg2.setAttribute("aria-label", label);
      }
      text.textContent = j.url;
      box.hidden = !j.qr;
    }
    ui.local.hidden = !j.local;
    ui.local.textContent = j.local ? tr.t("Only this computer can open this address: no phone can.") : "";
    const big = codeIsBig(state.students, state.question);
    ui.join.classList.toggle("is-big", big);
    root.classList.toggle("is-waiting", big);
    if (state.wantCode) {
      state.wantCode = false;
      showCode(true);
    }
  }
  function drawQuestion() {
    const shown = projectorQuestion(state.question, tr);
    ui.q.hidden = !shown.show;
    if (!shown.show) return;
    ui.q.dataset.state = state.question.state;
    ui.qText.textContent = shown.text;
    ui.qBar.value = shown.progress;
    ui.qBar.setAttribute("aria-label", shown.answered);
    ui.qAnswered.textContent = shown.answered;
    ui.qReveal.hidden = shown.open;
    ui.qTruth.textContent = shown.truth;
    ui.qChart.innerHTML = shown.chart;
    ui.qClass.textContent = shown.classLine;
  }
  function drawSubmissions() {
    const s = state.submissions;
    ui.subs.hidden = !s.open;
    if (!s.open) return;
    const n = Number(s.submitted) || 0;
    const of = Number(s.students) || 0;
    const count = tr.tn(
      "{count} of {total} students has submitted a strategy.",
      "{count} of {total} students have submitted a strategy.",
      n,
      { count: n, total: Math.max(n, of) }
    );
    ui.subsBar.value = of ? Math.min(1, n / of) : 0;
    ui.subsBar.setAttribute("aria-label", count);
    ui.subsCount.textContent = count;
  }
  function drawBoard() {
    const rows = boardRows(state.board, tr);
    ui.board.hidden = !rows;
    ui.boardRows.innerHTML = (rows || []).map(
      (r) => `<li><span class="borsen-place">${r.place}.</span><span class="borsen-rank-name">${escapeHTML(r.name)}</span><span class="borsen-rank-score">${escapeHTML(r.points)}</span></li>`
    ).join("");
  }
  function drawExperiment() {
    const shown = experimentView(state.experiment, tr);
    ui.x.hidden = !shown.show;
    if (!shown.show) return;
    ui.xCal.innerHTML = shown.calibration;
    ui.xLaw.innerHTML = shown.law;
    ui.xSentence.textContent = shown.sentence;
    ui.xCertain.textContent = shown.certain;
    ui.xCertain.hidden = !shown.certain;
    speakExperiment();
  }
  function speakExperiment() {
    if (state.speakTimer) return;
    const wait = state.spokenAt + SPEAK_MS - Date.now();
    if (wait > 0) {
      state.speakTimer = setTimeout(() => {
        state.speakTimer = 0;
        if (state.experiment && !state.ended) speakExperiment();
      }, wait);
      return;
    }
    state.spokenAt = Date.now();
    ui.xLive.textContent = ui.xSentence.textContent;
  }
  function drawAll() {
    drawWords();
    drawJoin();
    drawQuestion();
    drawBoard();
    drawSubmissions();
    drawExperiment();
    tournament.draw();
    if (state.view) table.update(state.view);
  }
  function drawLink(text) {
    state.link = text;
    ui.link.textContent = text(tr);
  }
  function showCode(on) {
    if (on && !state.join) return;
    if (on === !ui.code.hidden) return;
    ui.code.hidden = !on;
    root.classList.toggle("is-code", on);
    if (on) {
      state.opener = document.activeElement;
      ui.close.focus();
    } else {
      const back = state.opener && root.contains(state.opener) ? state.opener : ui.open;
      back.focus();
    }
  }
  function end(text) {
    state.ended = true;
    clearTimeout(state.timer);
    clearTimeout(state.speakTimer);
    state.endedText = text;
    showCode(false);
    ui.ended.hidden = false;
    ui.endedText.textContent = text(tr);
    root.querySelector(".borsen-p-layout").hidden = true;
    ui.open.hidden = true;
    drawLink((w) => w.t("Ended"));
    root.classList.add("is-ended");
  }
  function onMessage(event) {
    let m;
    try {
      m = JSON.parse(event.data);
    } catch {
      return;
    }
    if (!m || typeof m !== "object") return;
    if (m.type === "hello") {
      state.tries = 0;
      drawLink((w) => w.t("Connected"));
    } else if (m.type === "speech") {
      tr = translator(m.speech || null);
      drawAll();
    } else if (m.type === "view") {
      state.view = m.view;
      table.update(m.view);
      drawLink((w) => w.t("Connected"));
    } else if (m.type === "room") {
      state.seats = m.seats || [];
      state.students = m.students;
      table.setHolders(state.seats);
      drawJoin();
    } else if (m.type === "question") {
      state.question = m.question || { state: "none" };
      drawQuestion();
      drawJoin();
    } else if (m.type === "board") {
      state.board = m;
      drawBoard();
    } else if (m.type === "submissions") {
      state.submissions = { open: m.open === true, submitted: m.submitted, students: m.students };
      drawSubmissions();
    } else if (m.type === "tournament") {
      tournament.receive(m);
    } else if (m.type === "experiment") {
      state.experiment = m.experiment && typeof m.experiment === "object" ? m.experiment : null;
      drawExperiment();
    } else if (m.type === "join") {
      state.join = { url: String(m.url ?? ""), qr: String(m.qr ?? ""), local: m.local === true };
      drawJoin();
    } else if (m.type === "ended") {
      end(() => String(m.text ?? ""));
    }
  }
  function open() {
    if (state.ended) return;
    drawLink((w) => state.tries ? w.t("Reconnecting…") : w.t("Connecting…"));
    let socket;
    try {
      socket = connect(socketUrl(href));
    } catch {
      retry();
      return;
    }
    state.socket = socket;
    socket.addEventListener("message", onMessage);
    socket.addEventListener("close", () => {
      if (state.socket !== socket) return;
      state.socket = null;
      retry();
    });
  }
  function retry() {
    if (state.ended) return;
    state.tries += 1;
    drawLink((w) => w.t("Connection lost: reconnecting…"));
    state.timer = setTimeout(open, retryDelay(Math.min(state.tries - 1, 4)));
  }
  function onClick(event) {
    const target = (
      /** @type {HTMLElement} */
      event.target
    );
    if (!ui.code.hidden) {
      showCode(false);
      return;
    }
    if (target.closest(".borsen-p-code-open")) showCode(true);
  }
  function onKeydown(event) {
    if (event.key === "Escape" && !ui.code.hidden) {
      event.preventDefault();
      showCode(false);
    }
  }
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeydown);
  drawAll();
  open();
  return {
    state,
    stop() {
      state.ended = true;
      clearTimeout(state.timer);
      clearTimeout(state.speakTimer);
      if (state.socket) state.socket.close();
      root.removeEventListener("click", onClick);
      root.removeEventListener("keydown", onKeydown);
      tournament.destroy();
      table.destroy();
    }
  };
}
if (typeof document !== "undefined" && document.getElementById("borsen-projector")) {
  startProjectorPage(document.getElementById("borsen-projector"));
}
export {
  startProjectorPage
};
