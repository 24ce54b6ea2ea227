/* Built from js/src by `make js` (esbuild); do not edit by hand. */

// src/i18n.js
var CONTEXT = "";
function pageLanguages(doc = globalThis.document, nav = globalThis.navigator) {
  const tags = [];
  const lang = doc?.documentElement?.lang;
  if (lang && /^(nb|nn|no)\b/i.test(lang)) tags.push(lang);
  const wanted = nav?.languages?.length ? nav.languages : [nav?.language];
  for (const tag of wanted) if (typeof tag === "string" && tag) tags.push(tag);
  return tags.slice(0, 16).map((tag) => tag.slice(0, 35));
}
function reportLanguage(model) {
  model.send({ intent: "page_language", tags: pageLanguages() });
}
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

// src/panel-helpers.js
var ENGLISH = translator(null);
var RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
function symbols(words) {
  const w = words || ENGLISH;
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
function isReadableFraction(text, digits = 3) {
  const { num, den } = parseFraction(text);
  const abs = num < 0n ? -num : num;
  return String(abs).length <= digits && String(den).length <= digits;
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
function rankCount(n, rank, words) {
  const w = words || ENGLISH;
  const v = { count: n };
  switch (rank) {
    case "2":
      return w.tnp("rank", "{count} two", "{count} twos", n, v);
    case "3":
      return w.tnp("rank", "{count} three", "{count} threes", n, v);
    case "4":
      return w.tnp("rank", "{count} four", "{count} fours", n, v);
    case "5":
      return w.tnp("rank", "{count} five", "{count} fives", n, v);
    case "6":
      return w.tnp("rank", "{count} six", "{count} sixes", n, v);
    case "7":
      return w.tnp("rank", "{count} seven", "{count} sevens", n, v);
    case "8":
      return w.tnp("rank", "{count} eight", "{count} eights", n, v);
    case "9":
      return w.tnp("rank", "{count} nine", "{count} nines", n, v);
    case "10":
      return w.tnp("rank", "{count} ten", "{count} tens", n, v);
    case "J":
      return w.tnp("rank", "{count} jack", "{count} jacks", n, v);
    case "Q":
      return w.tnp("rank", "{count} queen", "{count} queens", n, v);
    case "K":
      return w.tnp("rank", "{count} king", "{count} kings", n, v);
    case "A":
      return w.tnp("rank", "{count} ace", "{count} aces", n, v);
    default:
      return `${n} × ${rank}`;
  }
}
function chartText(bars, words) {
  const w = words || ENGLISH;
  const total = bars.reduce((s, b) => s + b.count, 0);
  if (!total) return w.t("The deck is empty.");
  const parts = bars.filter((b) => b.count).map((b) => {
    const what = rankCount(b.count, b.label, w);
    if (b.status === "unknown") return what;
    if (b.status === "partial") {
      return w.tn(
        "{cards}, {accepted} of them accepted",
        "{cards}, {accepted} of them accepted",
        b.accepted,
        { cards: what, accepted: b.accepted }
      );
    }
    if (b.status === "accepted") return w.t("{cards}, accepted", { cards: what });
    return w.t("{cards}, not accepted", { cards: what });
  });
  const list = parts.join("; ");
  if (bars.every((b) => b.accepted !== null)) {
    const accepted = bars.reduce((s, b) => s + b.accepted, 0);
    return w.tn(
      "Cards left in the deck, {total} in all: {ranks}. {accepted} of the {total} would be accepted.",
      "Cards left in the deck, {total} in all: {ranks}. {accepted} of the {total} would be accepted.",
      total,
      { total, ranks: list, accepted }
    );
  }
  return w.tn(
    "Cards left in the deck, {total} in all: {ranks}.",
    "Cards left in the deck, {total} in all: {ranks}.",
    total,
    { total, ranks: list }
  );
}
function unitWord(value, objective, words) {
  const w = words || ENGLISH;
  const { num, den } = parseFraction(value);
  const n = num === den ? 1 : 2;
  if (objective === "lead") return w.tnp("unit", "card of lead", "cards of lead", n);
  return w.tnp("unit", "card", "cards", n);
}
function votesText(votes, words) {
  const w = words || ENGLISH;
  const v = votes || {};
  return w.t("Draw {draw} · Bank {bank}", { draw: v.draw ?? 0, bank: v.bank ?? 0 });
}
function bestStatus(best, words) {
  if (!best) return "";
  if (best.text) return best.text;
  if (best.state === "working") return (words || ENGLISH).t("Still counting…");
  return "";
}
function choiceHow(choice, words) {
  if (!choice || !choice.how) return "";
  const w = words || ENGLISH;
  if (choice.how === "exact") return w.t("worked out exactly");
  if (choice.how === "only") return w.t("the only move");
  const n = choice.steps;
  switch (choice.proof) {
    case "one_draw":
      return w.t("proven: drawing just once already pays");
    case "draw_until":
      return w.t("proven: drawing until {count} more cards are accepted already pays", {
        count: n
      });
    case "look_ahead":
      return w.t("proven: drawing at most {count} times already pays", { count: n });
    case "run":
      return w.t("proven: even seeing the deck, drawing gains less");
    case "look_ahead_run":
      return w.tn(
        "proven by looking one card ahead, then seeing the deck",
        "proven by looking {count} cards ahead, then seeing the deck",
        n,
        { count: n }
      );
    default:
      return w.t("proven");
  }
}
function choiceMethod(choice, words) {
  if (!choice) return "";
  const w = words || ENGLISH;
  if (!choice.how) {
    return w.t("Method: exact bounds on the value of drawing do not decide; the exact best stopping rule (dynamic programming over every card that can come) is needed.");
  }
  if (choice.how === "exact") {
    return w.t("Method: the exact best stopping rule (dynamic programming over every card that can come).");
  }
  if (choice.how === "only") return w.t("Method: the only legal move (R4, R14).");
  const n = choice.steps;
  switch (choice.proof) {
    case "one_draw":
      return w.t("Method: a lower bound, the one-draw look-ahead (draw once, then bank), already reaches the value of banking.");
    case "draw_until":
      return w.t("Method: a lower bound, the policy “draw until {count} more cards are accepted, then bank”, already reaches the value of banking.", { count: n });
    case "look_ahead":
      return w.t("Method: a lower bound, the best play within {count} draws (a look-ahead of depth {count}), already reaches the value of banking.", { count: n });
    case "run":
      return w.t("Method: an upper bound, the clairvoyant run bound (someone who sees the deck's order banks just before the first refused card), is below the value of banking.");
    case "look_ahead_run":
      return w.t("Method: an upper bound, the clairvoyant run bound after a look-ahead of {count} cards followed exactly, is below the value of banking.", { count: n });
    default:
      return w.t("Method: exact bounds.");
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
var ENGLISH2 = translator(void 0);
var SUITS = {
  S: { symbol: "♠", red: false },
  H: { symbol: "♥", red: true },
  C: { symbol: "♣", red: false },
  D: { symbol: "♦", red: true }
};
var RANK_TEXT = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
var RANKS2 = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
function rankWord(rank, w = ENGLISH2) {
  if (rank === "J") return w.tp("rank", "jack");
  if (rank === "Q") return w.tp("rank", "queen");
  if (rank === "K") return w.tp("rank", "king");
  if (rank === "A") return w.tp("rank", "ace");
  return rank;
}
function suitWord(suit, w = ENGLISH2) {
  if (suit === "S") return w.tp("suit", "spades");
  if (suit === "H") return w.tp("suit", "hearts");
  if (suit === "C") return w.tp("suit", "clubs");
  return w.tp("suit", "diamonds");
}
function parseCard(code, w = ENGLISH2) {
  const text = String(code);
  const suitKey = text.slice(-1).toUpperCase();
  const rankKey = text.slice(0, -1).toUpperCase();
  const suit = SUITS[suitKey];
  const rank = RANK_TEXT[rankKey] ?? rankKey;
  if (!suit || !RANKS2.includes(rank)) {
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
function cardCount(n, w = ENGLISH2) {
  return w.tn("{count} card", "{count} cards", n, { count: n });
}
function aceCount(n, w = ENGLISH2) {
  return w.tn("{count} ace", "{count} aces", n, { count: n });
}
function escapeHTML(value) {
  return String(value).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}
function cardHTML(code, opts = {}) {
  const c = parseCard(code, opts.w || ENGLISH2);
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
function statusText(view, w = ENGLISH2) {
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
function actionLabel(kind, view, w = ENGLISH2) {
  const n = view.pile.length;
  if (kind === "bank") return w.tn("Bank {count} card", "Bank {count} cards", n, { count: n });
  return w.t("Draw");
}
function deckCaption(view, w = ENGLISH2) {
  if (!view.deck_size) return w.t("The deck is empty");
  return `${cardCount(view.deck_size, w)} · ${aceCount(view.deck_aces, w)}`;
}
function deckLabel(view, w = ENGLISH2) {
  const n = view.deck_aces;
  const cards = cardCount(view.deck_size, w);
  return w.tn(
    "The deck: {cards}, {count} ace among them",
    "The deck: {cards}, {count} aces among them",
    n,
    { cards, count: n }
  );
}
function pileLabel(pile, w = ENGLISH2) {
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
function seatLabel(player, w = ENGLISH2) {
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
function aceConfirm(pending, chosen, toList, w = ENGLISH2) {
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
  bank: "⇩",
  list: "↺",
  keep: "✓",
  rules: "§",
  end: "★"
};
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

// src/panel.js
var ENGLISH3 = translator(null);
var TEMPLATE = `
<div class="borsen-panel-head">
  <h3 class="borsen-panel-title"></h3>
  <button type="button" class="borsen-btn borsen-quiet borsen-panel-guess" data-panel="guess"
    aria-pressed="false"></button>
</div>
<p class="borsen-panel-question"></p>
<div class="borsen-panel-vote" role="group" hidden>
  <span class="borsen-panel-vote-label"></span>
  <button type="button" class="borsen-btn borsen-vote" data-panel="vote" data-choice="draw"><span
    class="borsen-vote-word"></span>
    <span class="borsen-vote-count" data-count="draw">0</span></button>
  <button type="button" class="borsen-btn borsen-vote" data-panel="vote" data-choice="bank"><span
    class="borsen-vote-word"></span>
    <span class="borsen-vote-count" data-count="bank">0</span></button>
  <button type="button" class="borsen-btn borsen-primary borsen-reveal" data-panel="reveal"
    aria-keyshortcuts="R"><span class="borsen-reveal-word"></span><kbd data-key="R" aria-hidden="true"></kbd></button>
</div>
<div class="borsen-panel-votes" hidden></div>
<div class="borsen-panel-cols">
<div class="borsen-panel-col">
<div class="borsen-panel-p" hidden>
  <div class="borsen-panel-label" data-word="p"></div>
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
  <div class="borsen-panel-label" data-word="values"></div>
  <div class="borsen-values-what"></div>
  <div class="borsen-values"></div>
</div>
<div class="borsen-panel-choice" hidden>
  <div class="borsen-choice-line"><span class="borsen-panel-label" data-word="choice"></span>
    <span class="borsen-choice-action"></span><span class="borsen-choice-how"></span></div>
  <div class="borsen-choice-text"></div>
</div>
<div class="borsen-panel-winning" hidden>
  <div class="borsen-winning-win"></div>
  <div class="borsen-winning-cards"></div>
  <div class="borsen-winning-text"></div>
</div>
<details class="borsen-panel-outcomes" hidden>
  <summary data-word="outcomes"></summary>
  <ol class="borsen-outcomes"></ol>
</details>
<details class="borsen-panel-detail" hidden>
  <summary data-word="detail"></summary>
  <div class="borsen-detail-body"></div>
</details>
</div>
</div>
<p class="borsen-panel-reason" hidden></p>
<div class="borsen-panel-live" aria-live="polite"></div>
`;
function numberHTML(fraction, opts = {}, words = ENGLISH3) {
  const text = fractionText(fraction);
  const shown = fractionText(fraction, words);
  const integer = !text.includes("/");
  const unit = opts.unit ? ` <span class="borsen-unit">${escapeHTML(opts.unit)}</span>` : "";
  const attr = `class="borsen-num" data-fraction="${escapeHTML(text)}"`;
  if (integer) return `<span ${attr}><span class="borsen-dec">${shown}</span>${unit}</span>`;
  const dec = `<span class="borsen-dec">${decimalText(fraction, 3, words)}</span>`;
  const sign = `<span class="borsen-sign">${approxSign(fraction)}</span>`;
  if (!isReadableFraction(fraction)) {
    const title = escapeHTML(words.t("Exact value: {fraction}", { fraction: shown }));
    return `<span ${attr} title="${title}"><span class="borsen-sign">≈</span> ${dec}${unit}</span>`;
  }
  const frac = `<span class="borsen-frac">${shown}</span>`;
  if (opts.fractionFirst) return `<span ${attr}>${frac} ${sign} ${dec}${unit}</span>`;
  return `<span ${attr}>${dec}${unit} <span class="borsen-exact">${sign} ${frac}</span></span>`;
}
function absFraction(text) {
  return String(text).replace(/^-/, "");
}
function mountPanel(host, { send, uid, words = () => ENGLISH3 }) {
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
    voteLabel: $(".borsen-panel-vote-label"),
    voteDraw: $('[data-choice="draw"]'),
    voteBank: $('[data-choice="bank"]'),
    reveal: $(".borsen-reveal"),
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
    winning: $(".borsen-panel-winning"),
    winningWin: $(".borsen-winning-win"),
    winningCards: $(".borsen-winning-cards"),
    winningText: $(".borsen-winning-text"),
    outcomesWrap: $(".borsen-panel-outcomes"),
    outcomes: $(".borsen-outcomes"),
    detail: $(".borsen-panel-detail"),
    detailBody: $(".borsen-detail-body"),
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
  const word = (key) => section.querySelector(`[data-word="${key}"]`);
  function drawWords(w) {
    ui.title.textContent = w.t("Probabilities");
    ui.guess.textContent = w.t("Guess first");
    ui.voteLabel.textContent = w.t("Class vote:");
    ui.voteDraw.querySelector(".borsen-vote-word").textContent = w.t("Draw");
    ui.voteBank.querySelector(".borsen-vote-word").textContent = w.t("Bank");
    ui.reveal.querySelector(".borsen-reveal-word").textContent = w.t("Reveal");
    ui.reveal.setAttribute("aria-label", w.t("Reveal the answers (key {key})", { key: "R" }));
    word("p").textContent = w.t("Chance the next card is accepted");
    word("values").textContent = w.t("What each choice is worth");
    word("outcomes").textContent = w.t("Every card the next draw can be");
    word("detail").textContent = w.t("For the teacher: methods and exact values");
  }
  function drawP(d, w) {
    const p = d.p_accept;
    show(ui.p, Boolean(p) || d.hidden);
    ui.pBig.removeAttribute("title");
    if (!p) {
      ui.pBig.innerHTML = d.hidden ? `<span class="borsen-p-unknown">?</span>` : "";
      ui.pBig.removeAttribute("data-fraction");
      let text = "";
      if (d.hidden && d.pile_top) {
        text = w.tn(
          "Count the cards below: the top card is {card}, and {count} card is left.",
          "Count the cards below: the top card is {card}, and {count} cards are left.",
          d.deck_size,
          { card: cardLabel(d.pile_top), count: d.deck_size }
        );
      } else if (d.hidden) {
        text = w.tn(
          "Count the cards below: the pile is empty, and {count} card is left.",
          "Count the cards below: the pile is empty, and {count} cards are left.",
          d.deck_size,
          { count: d.deck_size }
        );
      }
      ui.pSentence.textContent = text;
      return;
    }
    const reduced = p.fraction !== p.counted;
    const readable = isReadableFraction(p.fraction);
    ui.pBig.innerHTML = `<span class="borsen-p-counted">${escapeHTML(p.counted)}</span>` + (reduced && readable ? ` = <span class="borsen-p-fraction">${fractionText(p.fraction, w)}</span>` : "") + ` <span class="borsen-sign">${approxSign(p.fraction)}</span> <span class="borsen-p-decimal">${decimalText(p.fraction, 3, w)}</span> <span class="borsen-p-percent">(${w.percent(p.decimal)})</span>`;
    ui.pBig.setAttribute("data-fraction", p.fraction);
    ui.pSentence.textContent = p.sentence.charAt(0).toUpperCase() + p.sentence.slice(1) + ".";
  }
  function drawChart(d, w) {
    const bars = chartBars(d.deck_left);
    const total = bars.reduce((s, b) => s + b.count, 0);
    show(ui.chartWrap, total > 0);
    if (!total) return;
    ui.chartTitle.textContent = w.tn(
      "Cards left in the deck by rank ({count})",
      "Cards left in the deck by rank ({count})",
      total,
      { count: total }
    );
    ui.chart.setAttribute("aria-label", chartText(bars, w));
    ui.chart.style.setProperty("--bars", String(bars.length));
    ui.chart.innerHTML = bars.map((b) => {
      const mark = b.status === "accepted" || b.status === "partial" ? "✓" : "";
      const title = b.status === "partial" ? escapeHTML(w.t("{accepted} of {count} accepted", { accepted: b.accepted, count: b.count })) : "";
      return `<div class="borsen-bar is-${b.status}" data-rank="${b.label}" data-count="${b.count}" data-accepted="${b.accepted ?? ""}"${title ? ` title="${title}"` : ""}><span class="borsen-bar-box"><span class="borsen-bar-fill" style="height:${b.height.toFixed(2)}%"><span class="borsen-bar-count">${b.count}</span><span class="borsen-bar-yes" style="height:${b.height ? (100 * b.acceptedHeight / b.height).toFixed(2) : 0}%"></span></span></span><span class="borsen-bar-rank">${b.label}</span><span class="borsen-bar-mark">${mark}</span></div>`;
    }).join("");
    const known = !bars.some((b) => b.status === "unknown");
    const yes = escapeHTML(w.t("accepted"));
    const no = escapeHTML(w.t("not accepted"));
    ui.legend.innerHTML = known ? `<span class="borsen-key is-accepted"></span> ✓ ${yes}<span class="borsen-key is-refused"></span> ${no}` : escapeHTML(w.t("Which ranks are accepted? The answer is hidden until Reveal."));
  }
  function drawValues(d, w) {
    const one = d.one_step;
    show(ui.valuesWrap, Boolean(one));
    if (!one) return;
    const num = (f) => numberHTML(f, { unit: unitWord(f, d.objective, w) }, w);
    ui.valuesWhat.textContent = d.objective_text || "";
    const rows = [];
    const row = (key, label, note, value) => rows.push(
      `<div class="borsen-value-row" data-value="${key}"><div class="borsen-value-label">${escapeHTML(label)}${note ? `<small>${escapeHTML(note)}</small>` : ""}</div><div class="borsen-value">${value}</div></div>`
    );
    const notAllowed = escapeHTML(w.t("not allowed"));
    row(
      "bank",
      w.t("Bank now"),
      "",
      one.bank ? num(one.bank.fraction) : `<span class="borsen-unit">${notAllowed}</span>`
    );
    row(
      "one",
      w.t("Draw once, then bank"),
      w.t("exact, but it never draws a second time"),
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
      let proven = "";
      if (bounds.lower && bounds.upper) {
        proven = w.t("Proven: at least {low}, at most {high}.", {
          low: num(bounds.lower),
          high: num(bounds.upper)
        });
      } else if (bounds.lower) {
        proven = w.t("Proven: at least {low}.", { low: num(bounds.lower) });
      } else if (bounds.upper) {
        proven = w.t("Proven: at most {high}.", { high: num(bounds.upper) });
      }
      bestValue = (proven ? `<span class="borsen-best-bounds">${proven}</span> ` : "") + `<span class="borsen-best-status${cls}">${escapeHTML(bestStatus(best, w))}</span>`;
    }
    row(
      "best",
      w.t("Draw, then stop at the best moment"),
      w.t("the best way to play the rest of the turn, over every card that can come"),
      bestValue
    );
    ui.values.innerHTML = rows.join("");
  }
  function drawChoice(d, w) {
    const c = d.choice;
    word("choice").textContent = d.objective === "lead" ? w.t("Most cards of lead this turn") : w.t("Most cards this turn");
    show(ui.choice, Boolean(c));
    if (!c) return;
    ui.choice.dataset.action = c.action || "";
    let action = w.t("not known yet");
    if (c.action === "draw") action = w.t("DRAW");
    else if (c.action === "bank") action = w.t("BANK");
    ui.choiceAction.textContent = action;
    ui.choiceHow.textContent = c.how ? `(${choiceHow(c, w)})` : "";
    ui.choice.dataset.how = c.how || "";
    const by = c.margin ? absFraction(c.margin.fraction) : "0";
    let margin = "";
    if (by !== "0/1" && by !== "0") {
      const amount = numberHTML(by, { unit: unitWord(by, d.objective, w) }, w);
      const better = c.at_least ? w.t("Better by at least {amount}", { amount }) : w.t("Better by {amount}", { amount });
      margin = ` <span class="borsen-margin">${better}</span>`;
    }
    ui.choiceText.innerHTML = escapeHTML(c.text || "") + margin;
  }
  function drawWinning(d) {
    const v = d.winning;
    const shown = Boolean(v && v.differ);
    show(ui.winning, shown);
    ui.winning.dataset.win = shown ? v.win : "";
    ui.winningWin.textContent = shown ? v.win_text : "";
    ui.winningCards.textContent = shown ? v.cards_text : "";
    ui.winningText.textContent = shown ? v.text : "";
  }
  function drawOutcomes(d, w) {
    const list = d.outcomes;
    show(ui.outcomesWrap, Boolean(list && list.length));
    if (!list) return;
    ui.outcomes.innerHTML = list.map(
      (o) => `<li class="${o.accepted ? "is-accepted" : "is-refused"}"><span class="borsen-outcome-p">${numberHTML(o.probability.fraction, { fractionFirst: true }, w)}</span><span class="borsen-outcome-text">${escapeHTML(o.sentence)}</span></li>`
    ).join("");
  }
  function drawDetail(d, w) {
    const lines = [];
    const exact = [];
    const add = (label, f) => {
      if (!f) return;
      const line = escapeHTML(w.t("{label}: {fraction}", { label, fraction: fractionText(f, w) }));
      exact.push(`<li data-exact="${escapeHTML(label)}">${line}</li>`);
    };
    const c = d.choice;
    const method = c ? `<p>${escapeHTML(choiceMethod(c, w))}</p>` : "";
    const best = d.best || {};
    const said = best.detail ? `<p class="borsen-detail-python">${escapeHTML(best.detail)}</p>` : "";
    if (d.one_step) {
      lines.push(w.t("“Draw once, then bank” is the one-draw look-ahead: exact, but it never draws a second time, so it is a lower bound on the value of drawing."));
      lines.push(w.t("“Draw, then stop at the best moment” is the exact best stopping rule: the value of drawing with the best play afterwards, over every card that can come."));
    }
    if (d.p_accept) add(w.t("Chance the next card is accepted"), d.p_accept.fraction);
    if (d.one_step) {
      if (d.one_step.bank) add(w.t("Bank now"), d.one_step.bank.fraction);
      add(w.t("Draw once, then bank"), d.one_step.draw.fraction);
    }
    const advice = best.advice;
    if (advice && advice.values && advice.values.draw) {
      add(w.t("Draw, then stop at the best moment"), advice.values.draw.fraction);
    } else if (d.certified) {
      if (d.certified.lower) add(w.t("Drawing is worth at least"), d.certified.lower.fraction);
      if (d.certified.upper) add(w.t("Drawing is worth at most"), d.certified.upper.fraction);
    }
    if (c && c.margin) add(w.t("Better by"), absFraction(c.margin.fraction));
    const any = method || said || lines.length || exact.length;
    show(ui.detail, Boolean(any));
    if (!any) return;
    ui.detailBody.innerHTML = method + said + lines.map((line) => `<p>${escapeHTML(line)}</p>`).join("") + (exact.length ? `<ul class="borsen-exact-values">${exact.join("")}</ul>` : "");
  }
  function drawGuess(d, w) {
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
      let label;
      if (choice === "draw") {
        label = n === null ? w.t("A vote for draw") : w.tn("A vote for draw: {count} so far", "A vote for draw: {count} so far", n, { count: n });
      } else {
        label = n === null ? w.t("A vote for bank") : w.tn("A vote for bank: {count} so far", "A vote for bank: {count} so far", n, { count: n });
      }
      button.setAttribute("aria-label", label);
    }
    ui.guess.setAttribute(
      "aria-label",
      g.on ? w.t("Guess first is on: the answers wait for Reveal") : w.t("Guess first: hide the answers")
    );
    const voters = g.voters ?? (split ? (split.draw ?? 0) + (split.bank ?? 0) : 0);
    if (g.on && asking) {
      show(ui.votes, true);
      ui.votes.textContent = w.tn("{count} vote so far", "{count} votes so far", voters, {
        count: voters
      });
    } else {
      const total = split ? (split.draw ?? 0) + (split.bank ?? 0) : 0;
      show(ui.votes, Boolean(g.on && total > 0));
      ui.votes.textContent = g.on && total ? w.t("The class voted: {votes}", { votes: votesText(split, w) }) : "";
    }
  }
  function update(next) {
    data = next && next.kind ? next : null;
    const w = words() || ENGLISH3;
    drawWords(w);
    show(section, Boolean(data));
    if (!data) return;
    const d = data;
    section.dataset.kind = d.kind;
    section.dataset.decision = String(d.decision);
    section.dataset.hidden = String(Boolean(d.hidden));
    section.dataset.best = d.best && d.best.state || "";
    section.lang = w.language;
    ui.question.textContent = d.question || "";
    drawGuess(d, w);
    drawP(d, w);
    drawChart(d, w);
    drawValues(d, w);
    drawChoice(d, w);
    drawWinning(d);
    drawOutcomes(d, w);
    drawDetail(d, w);
    show(ui.reason, Boolean(d.reason) && d.kind !== "choice" && d.kind !== "forced");
    ui.reason.textContent = d.reason || "";
    const say = d.p_accept ? w.t("Chance the next card is accepted: {counted}, about {decimal}.", {
      counted: d.p_accept.counted,
      decimal: decimalText(d.p_accept.fraction, 3, w)
    }) : d.question || "";
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
var ENGLISH4 = translator(null);
function seatState(seat, tr = ENGLISH4) {
  if (seat.bot) return tr.t("a bot");
  if (seat.holder) return tr.t("played by {student}", { student: seat.holder });
  return seat.open ? (
    // TRANSLATORS: the state of a seat on the join card: open to the students' phones.
    tr.t("open: a student may take it")
  ) : (
    // TRANSLATORS: the state of a seat on the join card: played on the teacher's screen.
    tr.t("played here")
  );
}
function roomSummary(card, tr = ENGLISH4) {
  const students = card.students || [];
  const n = students.length;
  const parts = [tr.tn("{count} student", "{count} students", n, { count: n })];
  const away = students.filter((s) => !s.here).length;
  if (away) parts.push(tr.t("{count} away", { count: away }));
  if (card.voters) parts.push(tr.t("{count} voted", { count: card.voters }));
  return parts.join(" · ");
}
function voteQuestion(c, tr = ENGLISH4) {
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
var QUESTION_KINDS = ["chance", "count", "expected", "choice"];
function questionText(q, tr = ENGLISH4) {
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
function percentText(p, tr = ENGLISH4) {
  const tenth = tr.number(Math.abs(p) * 100, 1, 1).slice(-1);
  return tr.percent(p, tenth === "0" ? 0 : 1);
}
function fractionValue(text) {
  const m = /^(\d+)\/(\d+)$/.exec(String(text));
  return m ? Number(m[1]) / Number(m[2]) : Number(text);
}
function answerValueText(kind, value, tr = ENGLISH4) {
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
function truthShort(q, tr = ENGLISH4) {
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
function errorText(kind, error, tr = ENGLISH4) {
  if (kind === "chance") {
    const n2 = Math.round(error * 1e3) / 10;
    return tr.tn("{count} percentage point", "{count} percentage points", n2, { count: n2 });
  }
  const n = Math.round(error * 100) / 100;
  return tr.tn("{count} card", "{count} cards", n, { count: n });
}
function pointsText(points, tr = ENGLISH4) {
  return tr.tn("{count} point", "{count} points", points, { count: points });
}
function classText(q, tr = ENGLISH4) {
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

// src/room-card.js
var TEMPLATE2 = `
<div class="borsen-room-head">
  <h3 class="borsen-room-title"></h3>
  <span class="borsen-room-count" aria-live="polite"></span>
</div>
<div class="borsen-room-body">
  <div class="borsen-room-qr"></div>
  <div class="borsen-room-info">
    <a class="borsen-room-url" target="_blank" rel="noopener noreferrer"></a>
    <p class="borsen-room-note"></p>
    <p class="borsen-room-reach" role="status" hidden></p>
    <div class="borsen-room-network" hidden></div>
    <p class="borsen-room-projector" hidden>
      <a class="borsen-room-projector-link" target="_blank" rel="noopener noreferrer"></a>
      <a class="borsen-btn borsen-quiet borsen-room-code" target="_blank"
        rel="noopener noreferrer"></a>
    </p>
  </div>
</div>
<div class="borsen-room-question" hidden>
  <p class="borsen-room-q-text"></p>
  <p class="borsen-room-q-line" aria-live="polite"></p>
</div>
<div class="borsen-room-controls" role="group"></div>
<div class="borsen-room-tables" role="group"></div>
<ul class="borsen-room-students"></ul>
<div class="borsen-room-seats" role="list"></div>
`;
var ENGLISH5 = translator(null);
function askLabel(kind, t) {
  if (kind === "chance") return t("Ask: chance");
  if (kind === "count") return t("Ask: count");
  if (kind === "expected") return t("Ask: expected cards");
  return t("Ask: draw or bank");
}
function teacherQuestionLine(q, tr = ENGLISH5) {
  const parts = [];
  if (q.truth) parts.push(tr.t("Answer: {answer}", { answer: truthShort(q, tr) }));
  const n = q.answered || 0;
  parts.push(tr.tn("{count} of {total} answered", "{count} of {total} answered", n, {
    count: n,
    total: q.students || 0
  }));
  if (q.state === "revealed") {
    parts.push(tr.t("revealed"));
    const line = classText(q, tr);
    if (line) parts.push(line);
  }
  return parts.join(" · ");
}
async function answers(url, ms = 5e3) {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), ms);
  try {
    await fetch(url, { mode: "no-cors", cache: "no-store", credentials: "omit", signal: stop.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
function pageAddress(doc = document, where = window.location) {
  const out = { origin: String(where.origin) };
  try {
    const config = doc.getElementById("jupyter-config-data");
    const base = config ? JSON.parse(config.textContent || "{}").baseUrl : void 0;
    if (typeof base === "string" && base.startsWith("/")) out.base = base.endsWith("/") ? base : `${base}/`;
  } catch {
  }
  return out;
}
function mountRoomCard(host, { send, uid, words = () => ENGLISH5, probe = answers }) {
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
    reach: $(".borsen-room-reach"),
    network: $(".borsen-room-network"),
    projector: $(".borsen-room-projector"),
    projectorLink: $(".borsen-room-projector-link"),
    code: $(".borsen-room-code"),
    question: $(".borsen-room-question"),
    qText: $(".borsen-room-q-text"),
    qLine: $(".borsen-room-q-line"),
    controls: $(".borsen-room-controls"),
    students: $(".borsen-room-students"),
    seats: $(".borsen-room-seats"),
    tables: $(".borsen-room-tables")
  };
  ui.title.id = `${uid}-room-title`;
  section.setAttribute("aria-labelledby", ui.title.id);
  let shownQr = "";
  let last = null;
  const local = { renaming: null, draft: "", removing: null, network: false, size: 4 };
  let toldAddress = false;
  const reach = { url: "", state: "" };
  function checkReach(url) {
    if (!url || reach.url === url) return;
    reach.url = url;
    reach.state = "checking";
    probe(url).then(
      (ok) => {
        if (reach.url !== url) return;
        reach.state = ok ? "ok" : "failed";
        redraw(null);
      },
      () => {
        if (reach.url !== url) return;
        reach.state = "failed";
        redraw(null);
      }
    );
  }
  function drawReach(card, t) {
    ui.reach.hidden = card.local || !reach.state;
    if (ui.reach.hidden) return;
    ui.reach.dataset.state = reach.state;
    ui.reach.textContent = reach.state === "checking" ? t("Checking whether the class answers at this address…") : reach.state === "ok" ? t("This computer reaches the class at this address. A network that keeps its devices apart can still stop phones: try one phone first.") : t("The class did not answer at this address from this computer, so phones will not reach it either.");
  }
  function focusedId() {
    const active = document.activeElement;
    return active && section.contains(active) ? active.dataset.fid || null : null;
  }
  function restoreFocus(fid) {
    if (!fid) return;
    const again = [...section.querySelectorAll("[data-fid]")].find((n) => n.dataset.fid === fid);
    if (again && !again.disabled) again.focus();
    else section.querySelector(".borsen-room-controls button:not([disabled])")?.focus();
  }
  function drawNetwork(card, t) {
    ui.network.hidden = !card.local;
    if (!card.local) {
      local.network = false;
      ui.network.innerHTML = "";
      return;
    }
    if (local.network) {
      const ask = t(
        "Phones on this computer's network will reach the class at this computer's address, on port {port}. Open it to them?",
        { port: String(card.network_port ?? "") }
      );
      const yes = escapeHTML(t("Yes, open it"));
      ui.network.innerHTML = `<p class="borsen-room-network-ask">${escapeHTML(ask)}</p><button type="button" class="borsen-btn borsen-primary" data-do="network" data-fid="network-yes">${yes}</button><button type="button" class="borsen-btn borsen-quiet" data-local="network-cancel" data-fid="network-no">${escapeHTML(t("Cancel"))}</button>`;
      return;
    }
    const why = t("Open the class to the classroom's network to let the phones in.");
    const open = escapeHTML(t("Open to the classroom's network"));
    ui.network.innerHTML = `<p>${escapeHTML(why)}</p><button type="button" class="borsen-btn borsen-secondary" data-local="network" data-fid="network">${open}</button>`;
  }
  function drawControls(card, t, tn) {
    const q = card.question || { state: "none" };
    const open = q.state === "open";
    const askBlocked = card.can_ask === false || card.forced === true || open;
    const asks = QUESTION_KINDS.map(
      (kind) => `<button type="button" class="borsen-btn borsen-secondary" data-do="ask" data-kind="${kind}" data-fid="ask-${kind}"${askBlocked ? " disabled" : ""}>${escapeHTML(askLabel(kind, t))}</button>`
    );
    const reveal = escapeHTML(t("Reveal the answer"));
    const locked = Boolean(card.locked);
    const lock = escapeHTML(
      locked ? (
        // TRANSLATORS: the teacher's button on the join card: let new students join again.
        t("Open to new students")
      ) : (
        // TRANSLATORS: the teacher's button on the join card: no new students may join.
        t("Close to new students")
      )
    );
    const lockState = escapeHTML(
      locked ? (
        // TRANSLATORS: on the join card, beside the button: the state now.
        t("New students cannot join now.")
      ) : (
        // TRANSLATORS: on the join card, beside the button: the state now.
        t("New students can join.")
      )
    );
    const board = escapeHTML(t("Leaderboard on the projector"));
    const on = Boolean(card.leaderboard);
    const strategies = card.strategies || { open: false, submitted: 0 };
    const make = escapeHTML(
      strategies.open ? (
        // TRANSLATORS: the teacher's button on the join card: no more strategies are taken.
        t("Close submissions of strategies")
      ) : (
        // TRANSLATORS: the teacher's button on the join card: the phones build a strategy.
        t("Make your strategy")
      )
    );
    const submitted = escapeHTML(
      tn("{count} strategy submitted.", "{count} strategies submitted.", strategies.submitted || 0, {
        count: strategies.submitted || 0
      })
    );
    ui.controls.innerHTML = asks.join("") + `<button type="button" class="borsen-btn borsen-primary" data-do="reveal" data-fid="reveal"${open ? "" : " disabled"}>${reveal}</button><span class="borsen-room-lock"><button type="button" class="borsen-btn borsen-quiet" data-do="${locked ? "unlock" : "lock"}" data-fid="lock" aria-describedby="${uid}-lock-state">${lock}</button> <span class="borsen-room-lock-state" id="${uid}-lock-state" role="status" data-locked="${locked}">${lockState}</span></span><button type="button" class="borsen-btn borsen-quiet borsen-room-toggle" data-do="leaderboard" data-on="${!on}" data-fid="board" aria-pressed="${on}">${board}</button><span class="borsen-room-strategies"><button type="button" class="borsen-btn borsen-secondary" data-do="strategies" data-on="${!strategies.open}" data-fid="strategies" data-testid="card-strategies" aria-pressed="${Boolean(strategies.open)}" aria-describedby="${uid}-strategies-count">${make}</button> <span id="${uid}-strategies-count" role="status">${submitted}</span></span>`;
  }
  function drawTables(card, tr) {
    const t = tr.t;
    const tables = card.tables;
    ui.tables.setAttribute("aria-label", t("The class at tables"));
    if (!tables) {
      const sizes = [2, 3, 4, 5].map((n) => `<option value="${n}"${n === local.size ? " selected" : ""}>${escapeHTML(tr.number(n, 0))}</option>`).join("");
      const size = escapeHTML(t("Seats per table"));
      const seat = escapeHTML(t("Put the class at tables"));
      ui.tables.innerHTML = `<div class="borsen-room-controls"><label for="${uid}-table-size">${size}</label> <select id="${uid}-table-size" class="borsen-room-table-size" data-fid="tables-size">${sizes}</select><button type="button" class="borsen-btn borsen-secondary" data-do="tables" data-fid="tables">${seat}</button></div>`;
      ui.tables.querySelector("select").value = String(local.size);
      return;
    }
    const paused = Boolean(tables.paused);
    const toggle = (what, on, label) => `<button type="button" class="borsen-btn borsen-quiet borsen-room-toggle" data-do="${what}" data-on="${!on}" data-fid="${what}" aria-pressed="${on}">${escapeHTML(label)}</button>`;
    const line = escapeHTML(
      paused ? t("All tables are paused.") : tables.next === "teacher" ? t("Each table's next game starts when you start it.") : t("Each table's next game starts by itself.")
    );
    const pause = escapeHTML(
      paused ? (
        // TRANSLATORS: the teacher's button on the join card: every table plays on.
        t("Resume all tables")
      ) : (
        // TRANSLATORS: the teacher's button on the join card: every table stops for now.
        t("Pause all tables")
      )
    );
    const nextGame = escapeHTML(t("Start the next game"));
    const buttons = `<div class="borsen-room-controls"><button type="button" class="borsen-btn borsen-secondary" data-do="${paused ? "resume_tables" : "pause_tables"}" data-fid="pause-tables">${pause}</button><button type="button" class="borsen-btn borsen-secondary" data-do="next_game" data-fid="next-game">${nextGame}</button>` + // TRANSLATORS: a switch on the join card: the phones show the exact chance of the next
    // card when it is the student's choice.
    toggle("chance", Boolean(tables.chance), t("Show the exact chance on the phones")) + // TRANSLATORS: a switch on the join card: every table plays with the same shuffled deck.
    toggle("same_deck", Boolean(tables.same_deck), t("The same deck at every table")) + `</div><p class="borsen-room-note" role="status">${line}</p>`;
    const boxes = (tables.tables || []).map((table) => tableHTML(table, tr)).join("");
    ui.tables.innerHTML = buttons + `<div class="borsen-room-seats borsen-room-table-list" role="list">${boxes}</div>`;
  }
  function tableHTML(table, tr) {
    const t = tr.t;
    const head = t("Table {number} · game {game}", { number: table.number, game: table.game ?? 1 });
    const overWord = escapeHTML(t("game over"));
    const over = table.over ? ` <span class="borsen-room-seat-state">${overWord}</span>` : "";
    const seats = (table.seats || []).map((seat, i) => {
      const marks = [];
      if (seat.bot) marks.push(t("a bot"));
      else if (seat.away) marks.push(t("away: a bot plays for now"));
      else if (seat.student && !seat.here) marks.push(t("not connected"));
      const n = Number(seat.bank) || 0;
      marks.push(tr.tn("{count} card in the bank", "{count} cards in the bank", n, { count: n }));
      const index = seat.seat ?? i;
      const turn = !table.over && table.turn === index;
      if (turn) marks.push(t("their turn"));
      const name = seat.student && seat.student !== seat.name ? t("{player}, played by {student}", { player: seat.name, student: seat.student }) : seat.name;
      return `<div class="borsen-room-seat${turn ? " is-turn" : ""}${seat.bot ? " is-bot" : ""}${seat.away ? " is-away" : ""}" data-seat="${Number(index)}"><span class="borsen-room-seat-name">${turn ? "▶ " : ""}${escapeHTML(name)}</span><span class="borsen-room-seat-state">${escapeHTML(marks.join(" · "))}</span></div>`;
    });
    return `<div class="borsen-room-question borsen-room-table" role="listitem" data-table="${Number(table.number)}"${table.over ? ' data-over="true"' : ""}><p class="borsen-room-q-text">${escapeHTML(head)}${over}</p>${seats.join("")}</div>`;
  }
  function studentHTML(s, tr) {
    const t = tr.t;
    const key = escapeHTML(s.key ?? "");
    const cls = `${s.seat !== null && s.seat !== void 0 ? "is-seated" : ""}${s.here ? "" : " is-away"}`;
    const name = s.here ? s.name : t("{student} (away)", { student: s.name });
    const answeredWord = escapeHTML(t("answered"));
    const mark = s.answered ? `<span class="borsen-room-answered" role="img" aria-label="${answeredWord}" title="${answeredWord}">✓</span>` : "";
    const total = typeof s.total === "number" ? `<span class="borsen-room-total">${escapeHTML(pointsText(s.total, tr))}</span>` : "";
    const save = escapeHTML(t("Save"));
    const cancel = escapeHTML(t("Cancel"));
    const yes = escapeHTML(t("Yes, remove"));
    const rename = escapeHTML(t("Rename"));
    const remove = escapeHTML(t("Remove"));
    let tools = "";
    if (s.key !== void 0 && s.key !== null) {
      if (local.renaming === s.key) {
        const label = escapeHTML(t("New name for {student}", { student: s.name }));
        tools = `<form class="borsen-room-rename" data-key="${key}"><input class="borsen-room-rename-field" data-fid="rename-field-${key}" aria-label="${label}" maxlength="24" value="${escapeHTML(local.draft)}"><button type="submit" class="borsen-btn borsen-primary" data-fid="rename-save-${key}">${save}</button><button type="button" class="borsen-btn borsen-quiet" data-local="cancel" data-fid="rename-cancel-${key}">${cancel}</button></form>`;
      } else if (local.removing === s.key) {
        const sure = escapeHTML(t("Remove {student} from the class?", { student: s.name }));
        tools = `<span class="borsen-room-sure">${sure}</span><button type="button" class="borsen-btn borsen-primary" data-do="remove" data-key="${key}" data-fid="remove-yes-${key}">${yes}</button><button type="button" class="borsen-btn borsen-quiet" data-local="cancel" data-fid="remove-no-${key}">${cancel}</button>`;
      } else {
        const renameLabel = escapeHTML(t("Rename {student}", { student: s.name }));
        const removeLabel = escapeHTML(t("Remove {student}", { student: s.name }));
        tools = `<button type="button" class="borsen-btn borsen-quiet" data-local="rename" data-key="${key}" data-fid="rename-${key}" aria-label="${renameLabel}">${rename}</button><button type="button" class="borsen-btn borsen-quiet" data-local="remove" data-key="${key}" data-fid="remove-${key}" aria-label="${removeLabel}">${remove}</button>`;
      }
    }
    return `<li class="${cls.trim()}" data-key="${key}"><span class="borsen-room-student-name">${escapeHTML(name)}</span>${mark}${total}${tools ? `<span class="borsen-room-student-tools">${tools}</span>` : ""}</li>`;
  }
  function update(card) {
    last = card;
    const on = Boolean(card && card.url);
    section.hidden = !on;
    if (!on) return;
    const fid = focusedId();
    const field = section.querySelector(".borsen-room-rename-field");
    if (field) local.draft = field.value;
    const tr = words() || ENGLISH5;
    const t = tr.t;
    ui.title.textContent = t("Join on your phone");
    ui.students.setAttribute("aria-label", t("Students in the class"));
    ui.seats.setAttribute("aria-label", t("Seats on the students' phones"));
    ui.controls.setAttribute("aria-label", t("The class's questions"));
    if (card.via === "jupyter" && !toldAddress) {
      toldAddress = true;
      send("room", { do: "address", ...pageAddress() });
    }
    ui.qr.hidden = !card.qr;
    if (card.qr !== shownQr) {
      ui.qr.innerHTML = card.qr || "";
      shownQr = card.qr;
    }
    const code = ui.qr.querySelector("svg");
    if (code) code.setAttribute("aria-label", t("QR code of the class's address: {url}", { url: card.url }));
    ui.url.href = card.url;
    ui.url.textContent = card.url;
    ui.note.textContent = card.local ? t("Only this computer can open this address: no phone can.") : card.via === "jupyter" ? t("Phones reach the class through this Jupyter server's address: they need no Jupyter account, only this link.") : t("Anyone on this network who has the address can join.");
    drawNetwork(card, t);
    if (!card.local) checkReach(card.url);
    drawReach(card, t);
    ui.projector.hidden = !card.projector;
    if (card.projector) {
      ui.projectorLink.href = card.projector;
      ui.projectorLink.textContent = t("Open the projector page");
      ui.code.href = `${card.projector}#code`;
      ui.code.textContent = t("Full-screen code");
    }
    const q = card.question || { state: "none" };
    const asked = q.state === "open" || q.state === "revealed";
    ui.question.hidden = !asked;
    if (asked) {
      ui.qText.textContent = questionText(q, tr);
      ui.qLine.textContent = teacherQuestionLine(q, tr);
    }
    drawControls(card, t, tr.tn);
    drawTables(card, tr);
    ui.count.textContent = roomSummary(card, tr);
    const students = card.students || [];
    ui.students.classList.toggle("is-rows", students.some((s) => s.key !== void 0));
    ui.students.innerHTML = students.map((s) => studentHTML(s, tr)).join("");
    ui.seats.innerHTML = (card.seats || []).map((seat) => {
      const state = seatState(seat, tr);
      const player = seat.name;
      const back = escapeHTML(t("Take {player}'s seat back", { player }));
      const open = escapeHTML(t("Open {player}'s seat to students", { player }));
      const backText = escapeHTML(t("Take back"));
      const openText = escapeHTML(t("Open to students"));
      const button = seat.bot ? "" : seat.open || seat.holder ? `<button type="button" class="borsen-btn borsen-quiet" data-room="take_back" data-seat="${seat.seat}" data-fid="seat-${seat.seat}" aria-label="${back}">${backText}</button>` : `<button type="button" class="borsen-btn borsen-quiet" data-room="open_seat" data-seat="${seat.seat}" data-fid="seat-${seat.seat}" aria-label="${open}">${openText}</button>`;
      return `<div class="borsen-room-seat" role="listitem" data-seat="${seat.seat}"><span class="borsen-room-seat-name">${escapeHTML(seat.name)}</span><span class="borsen-room-seat-state">${escapeHTML(state)}</span>${button}</div>`;
    }).join("");
    restoreFocus(fid);
  }
  function redraw(fid) {
    if (last) update(last);
    restoreFocus(fid);
  }
  function onClick(event) {
    const button = (
      /** @type {HTMLElement} */
      event.target.closest("button")
    );
    if (!button || !section.contains(button) || button.disabled) return;
    const d = button.dataset;
    if (d.room) {
      send(d.room, { seat: Number(d.seat) });
    } else if (d.do === "ask") {
      send("room", { do: "ask", kind: d.kind });
    } else if (d.do === "tables") {
      send("room", { do: "tables", size: local.size });
    } else if (d.do === "leaderboard" || d.do === "strategies" || d.do === "chance" || d.do === "same_deck") {
      send("room", { do: d.do, on: d.on === "true" });
    } else if (d.do === "network") {
      local.network = false;
      send("room", { do: "network" });
      redraw("network");
    } else if (d.local === "network") {
      local.network = true;
      redraw("network-yes");
    } else if (d.local === "network-cancel") {
      local.network = false;
      redraw("network");
    } else if (d.do === "remove") {
      local.removing = null;
      send("room", { do: "remove", student: d.key });
      redraw(null);
      ui.controls.querySelector("button:not([disabled])")?.focus();
    } else if (d.do) {
      send("room", { do: d.do });
    } else if (d.local === "rename") {
      const student = (last && last.students || []).find((s) => s.key === d.key);
      local.renaming = d.key;
      local.removing = null;
      local.draft = student ? student.name : "";
      redraw(`rename-field-${d.key}`);
      section.querySelector(".borsen-room-rename-field")?.select();
    } else if (d.local === "remove") {
      local.removing = d.key;
      local.renaming = null;
      redraw(`remove-no-${d.key}`);
    } else if (d.local === "cancel") {
      const key = local.renaming ?? local.removing;
      const was = local.renaming !== null ? "rename" : "remove";
      local.renaming = null;
      local.removing = null;
      redraw(`${was}-${key}`);
    }
  }
  function onSubmit(event) {
    const form = (
      /** @type {HTMLElement} */
      event.target.closest("form.borsen-room-rename")
    );
    if (!form) return;
    event.preventDefault();
    const key = form.dataset.key;
    const name = form.querySelector("input").value.trim().replace(/\s+/g, " ");
    if (!name) return;
    local.renaming = null;
    send("room", { do: "rename", student: key, name });
    redraw(`rename-${key}`);
  }
  function onKeydown(event) {
    if (event.key !== "Escape" || local.renaming === null && local.removing === null) return;
    event.preventDefault();
    event.stopPropagation();
    const key = local.renaming ?? local.removing;
    const was = local.renaming !== null ? "rename" : "remove";
    local.renaming = null;
    local.removing = null;
    redraw(`${was}-${key}`);
  }
  function onChange(event) {
    const select = (
      /** @type {HTMLElement} */
      event.target.closest(".borsen-room-table-size")
    );
    if (select) local.size = Number(
      /** @type {HTMLSelectElement} */
      select.value
    ) || 4;
  }
  section.addEventListener("click", onClick);
  section.addEventListener("change", onChange);
  section.addEventListener("submit", onSubmit);
  section.addEventListener("keydown", onKeydown);
  return {
    update,
    destroy() {
      section.removeEventListener("click", onClick);
      section.removeEventListener("change", onChange);
      section.removeEventListener("submit", onSubmit);
      section.removeEventListener("keydown", onKeydown);
      section.remove();
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
  const words = opts.words || (() => ENGLISH2);
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
    w: ENGLISH2
  };
  local.w = words() || ENGLISH2;
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
    local.w = words() || ENGLISH2;
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

// src/widget.js
var READ_KEY = "borsen-read-aloud";
var storage = safeStorage();
var peopleSeats = (view) => (view && view.players || []).flatMap((p, i) => p.bot == null ? [i] : []);
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "borsen";
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.setAttribute("role", "region");
  const words = () => translator(model.get("speech"));
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
  const reading = document.createElement("p");
  reading.className = "borsen-read";
  reading.innerHTML = `<label for="${uid}-read"></label><select id="${uid}-read" class="borsen-read-choice"><option value="every"></option><option value="mine"></option></select>`;
  const readChoice = reading.querySelector("select");
  readChoice.value = storage.get(READ_KEY) === "mine" ? "mine" : "every";
  readChoice.addEventListener("change", () => storage.set(READ_KEY, readChoice.value));
  const card = mountRoomCard(side, { send, uid, words });
  const panel = mountPanel(side, { send, uid, words });
  const table = mountTable(root, root.querySelector(".borsen-game"), {
    send,
    uid,
    words,
    tools: true,
    sr: root.querySelector(".borsen-sr"),
    speech: () => ({
      every: readChoice.value !== "mine",
      seats: peopleSeats(model.get("view"))
    }),
    extraKey: (event) => {
      const hit = panelKey(event, panel.data);
      return hit ? { run: () => send(hit.intent) } : null;
    }
  });
  root.querySelector(".borsen-game").appendChild(reading);
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
  function drawWords() {
    const w = words();
    root.setAttribute(
      "aria-label",
      w.t("Børsen card game. Keys: D draw, B bank, U undo, N new game, T probabilities")
    );
    root.lang = w.language;
    reading.querySelector("label").textContent = w.t("What a screen reader reads out");
    readChoice.options[0].textContent = w.t("Everything that happens");
    readChoice.options[1].textContent = w.t("Only my turn and the results");
  }
  function drawSide() {
    const w = words();
    const data = model.get("panel") || {};
    const room = model.get("room_card") || {};
    const on = Boolean(data.kind);
    const hadFocus = root.contains(document.activeElement);
    layout.classList.toggle("has-panel", on || Boolean(room.url));
    const toggle = table.buttons.panel;
    toggle.setAttribute("aria-pressed", String(on));
    toggle.setAttribute(
      "aria-label",
      on ? w.t("Hide the probabilities (key {key})", { key: "T" }) : w.t("Show the probabilities (key {key})", { key: "T" })
    );
    panel.update(data);
    card.update(room);
    table.setHolders(room.seats || []);
    keepFocus(hadFocus);
  }
  const onView = () => {
    const view = model.get("view");
    reading.hidden = !view || peopleSeats(view).length === view.players.length;
    table.update(view);
  };
  const onSpeech = () => {
    drawWords();
    onView();
    drawSide();
  };
  model.on("change:view", onView);
  model.on("change:notice", drawNotice);
  model.on("change:panel", drawSide);
  model.on("change:room_card", drawSide);
  model.on("change:speech", onSpeech);
  drawWords();
  drawSide();
  onView();
  drawNotice();
  reportLanguage(model);
  return () => {
    model.off("change:speech", onSpeech);
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
