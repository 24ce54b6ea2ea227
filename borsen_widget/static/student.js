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
function sessionKey(pathname) {
  return `borsen-class:${pathname}`;
}
var LANGUAGE_KEY = "borsen-class-language";
var LANGUAGE_CHOICES = [
  { code: "nb", name: "Bokmål" },
  { code: "nn", name: "Nynorsk" },
  { code: "en", name: "English" }
];
function nameProblem(name, max = 24, tr = ENGLISH3) {
  const clean = String(name || "").trim().replace(/\s+/g, " ");
  if (!clean) return tr.t("Type your name to join.");
  if (clean.length > max) {
    return tr.t("A name has at most {count} letters; choose a shorter one.", { count: max });
  }
  return "";
}
function freeSeats(seats) {
  return (seats || []).filter((s) => s.open && !s.holder && !s.bot);
}
function seatLine(you, seats, tr = ENGLISH3) {
  if (you && you.seat !== null && you.seat !== void 0) {
    const seat = (seats || []).find((s) => s.seat === you.seat);
    const player = seat ? seat.name : String(you.seat + 1);
    return tr.t("You play {player}'s seat: your buttons show when it is your turn.", { player });
  }
  return freeSeats(seats).length ? tr.t("Take a seat to play, or watch and vote.") : tr.t("Watch and vote: your teacher may open a seat for you.");
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
function choiceLine(choice, tr = ENGLISH3) {
  if (!choice) return "";
  const { action, how } = choice;
  if (how === "only") return tr.t("Best choice: draw. With an empty pile it is the only move.");
  if (how === "exact" && choice.same) {
    return tr.t("Drawing and banking are worth exactly the same here.");
  }
  if (how === "exact" && action === "draw") {
    return tr.t("Best choice: draw. Drawing, then stopping at the best moment, beats banking.");
  }
  if (how === "exact" && action === "bank") {
    return tr.t("Best choice: bank. Banking now is worth more than drawing, however you play on.");
  }
  if (how === "proven" && action === "draw") {
    return tr.t("Best choice: draw. It is worth more than banking, however the turn goes on.");
  }
  if (how === "proven" && action === "bank") {
    return tr.t("Best choice: bank. Drawing cannot be worth as much, however the turn goes on.");
  }
  return tr.t("Which is better is not known yet: your teacher's screen works it out.");
}
function voteCard(cls, vote, tr = ENGLISH3) {
  const c = cls || {};
  if (!c.on || !c.asking) return { show: false };
  let mine = tr.t("You have not voted yet.");
  if (vote === "draw") mine = tr.t("Your vote: draw.");
  else if (vote === "bank") mine = tr.t("Your vote: bank.");
  const n = c.voters || 0;
  const out = {
    show: true,
    question: voteQuestion(c, tr),
    canVote: Boolean(c.hidden),
    bank: c.kind === "choice",
    mine,
    count: tr.tn("{count} vote so far.", "{count} votes so far.", n, { count: n }),
    results: null
  };
  if (!c.hidden) {
    const lines = [];
    if (c.votes) {
      lines.push(
        tr.t("The class voted: {draw} to draw, {bank} to bank.", {
          draw: c.votes.draw ?? 0,
          bank: c.votes.bank ?? 0
        })
      );
    }
    if (c.p_accept) lines.push(chanceLine(c.p_accept, tr));
    const line = choiceLine(c.choice, tr);
    if (line) lines.push(line);
    out.results = lines;
  }
  return out;
}
function chanceLine(p, tr = ENGLISH3) {
  const f = p.fraction;
  const reduced = fractionText(f);
  const decimal = tr.number(Number(decimalText(f)), 3);
  const exact = approxSign(f) === "=";
  const values = { counted: p.counted, fraction: reduced, decimal };
  if (reduced !== p.counted) {
    return exact ? tr.t("Chance the next card is accepted: {counted} = {fraction} = {decimal}.", values) : tr.t("Chance the next card is accepted: {counted} = {fraction} ≈ {decimal}.", values);
  }
  return exact ? tr.t("Chance the next card is accepted: {counted} = {decimal}.", values) : tr.t("Chance the next card is accepted: {counted} ≈ {decimal}.", values);
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
var MAX_TYPED = 24;
var TYPED_FRACTION = /^([0-9]{1,4}) ?\/ ?([0-9]{1,4})$/;
var TYPED_NUMBER = /^([0-9]{1,6})?(?:([.,])([0-9]{1,6}))? ?(%)?$/;
function parseAnswer(kind, text, range, tr = ENGLISH3) {
  let raw = String(text ?? "").trim().replace(/\s+/g, " ");
  if (raw.length > MAX_TYPED) raw = "";
  const low = range && typeof range.low === "number" ? range.low : 0;
  const high = range && typeof range.high === "number" ? range.high : Infinity;
  const fail = (problem) => ({ ok: false, problem });
  const decimal = (whole, decimals) => Number(`${whole || "0"}.${decimals || "0"}`);
  if (kind === "chance") {
    const chanceProblem = tr.t("Type a percentage from 0 to 100 (like 37 or 37.5) or a fraction like 3/8.");
    const frac = TYPED_FRACTION.exec(raw);
    if (frac) {
      const [num, den] = [Number(frac[1]), Number(frac[2])];
      if (den === 0) return fail(tr.t("A fraction cannot have 0 below the line."));
      if (num > den) return fail(tr.t("A chance is at most 1: the number above the line cannot be larger than the one below."));
      return { ok: true, value: raw, number: num / den };
    }
    const m = TYPED_NUMBER.exec(raw);
    if (!raw || !m || !(m[1] || m[3])) return fail(chanceProblem);
    let number = decimal(m[1], m[3]);
    if (!(m[2] && !m[4] && number <= 1)) number /= 100;
    if (number > 1) return fail(tr.t("A chance is at most 100 percent."));
    return { ok: true, value: raw, number };
  }
  const values = { low: tr.number(low), high: tr.number(high) };
  if (kind === "count") {
    const problem = tr.t("Type a whole number from {low} to {high}.", values);
    if (!/^[0-9]{1,6}$/.test(raw)) return fail(problem);
    const number = Number(raw);
    if (number < low || number > high) return fail(problem);
    return { ok: true, value: raw, number };
  }
  if (kind === "expected") {
    const problem = tr.t("Type a number from {low} to {high}, like 2.5.", values);
    let number;
    const frac = TYPED_FRACTION.exec(raw);
    const m = TYPED_NUMBER.exec(raw);
    if (frac && Number(frac[2]) > 0) number = Number(frac[1]) / Number(frac[2]);
    else if (raw && m && !m[4] && (m[1] || m[3])) number = decimal(m[1], m[3]);
    else return fail(problem);
    if (number < low || number > high) return fail(problem);
    return { ok: true, value: raw, number };
  }
  if (kind === "choice") {
    if (raw === "draw" || raw === "bank") return { ok: true, value: raw, number: null };
    return fail(tr.t("Choose draw or bank."));
  }
  return fail(tr.t("There is no question to answer just now."));
}
function answerEcho(kind, text, range, tr = ENGLISH3) {
  const parsed = parseAnswer(kind, text, range, tr);
  if (!parsed.ok || kind !== "chance" && kind !== "expected") return "";
  if (kind === "chance") {
    const hundred = parsed.number * 100;
    let digits = 0;
    while (digits < 4 && Math.abs(hundred * 10 ** digits - Math.round(hundred * 10 ** digits)) > 1e-9) {
      digits += 1;
    }
    return tr.t("You mean {answer}.", { answer: tr.percent(parsed.number, digits) });
  }
  const n = Math.round(parsed.number * 100) / 100;
  return tr.tn("You mean {count} card.", "You mean {count} cards.", n, { count: n });
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
function mineText(kind, mine, tr = ENGLISH3) {
  if (!mine || mine.value === null || mine.value === void 0) {
    return tr.t("You have not answered yet.");
  }
  return tr.t("Your answer: {answer}.", { answer: answerValueText(kind, mine.value, tr) });
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
function pointsText(points, tr = ENGLISH3) {
  return tr.tn("{count} point", "{count} points", points, { count: points });
}
function resultText(q, mine, tr = ENGLISH3) {
  if (!mine || mine.question !== q.id || mine.value === null || mine.value === void 0) {
    return tr.t("You did not answer this question.");
  }
  const points = pointsText(mine.points ?? 0, tr);
  if (q.kind === "choice") {
    return (mine.points ?? 0) > 0 ? tr.t("Right: you get {points}.", { points }) : tr.t("Not the best choice: you get {points}.", { points });
  }
  if (!mine.error) return tr.t("Exactly right: you get {points}.", { points });
  return tr.t("Off by {error}: you get {points}.", { error: errorText(q.kind, mine.error, tr), points });
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
function totalText(scores, tr = ENGLISH3) {
  const n = scores && scores.total || 0;
  return tr.tn("Your total: {count} point.", "Your total: {count} points.", n, { count: n });
}
function trendText(scores, tr = ENGLISH3) {
  const qs = scores && scores.questions || [];
  if (!qs.length) return tr.t("No question has been revealed yet.");
  return tr.t("Your points per question, in order: {points}.", {
    points: tr.join(qs.map((s) => tr.number(s.points ?? 0, 0)))
  });
}
function scoringText(tr = ENGLISH3) {
  return tr.t(
    "Every answer gets from 0 to 100 points, worked out from the exact answer, never from luck. For a chance, each percentage point you are off costs 4 points: the exact chance gets 100, an answer 5 percentage points off gets 80, and one 25 or more off gets 0. A count or an average is scored the same way on its own range: a miss of a quarter of the possible answers or more gets 0. For draw or bank, the best choice gets 100 and the other 0; when both are proven equally good, both get 100."
  );
}
function secondsLeft(q, receivedAt, at) {
  if (!q || q.seconds === null || q.seconds === void 0 || q.state !== "open") return null;
  return Math.max(0, Math.ceil(q.seconds - (at - receivedAt) / 1e3));
}
function timerText(seconds, tr = ENGLISH3) {
  return tr.tn("{count} second left", "{count} seconds left", seconds, { count: seconds });
}
function timeWarningText(seconds, canAsk, tr = ENGLISH3) {
  const n = { count: seconds };
  return canAsk ? tr.tn(
    // TRANSLATORS: said by a screen reader; "More time" is the button's text.
    "Only {count} second left: press More time if you need longer.",
    "Only {count} seconds left: press More time if you need longer.",
    seconds,
    n
  ) : tr.tn("Only {count} second left.", "Only {count} seconds left.", seconds, n);
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
  const W = 320;
  const H = 170;
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
    const width = W - 40;
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
      const anchor = x < 80 ? "start" : x > W - 80 ? "end" : "middle";
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
  return `<svg class="borsen-chart" viewBox="0 0 ${W} ${H + 5}" role="img" aria-label="${alt}"><title>${alt}</title>${parts.join("")}</svg>`;
}
function trendChart(scores) {
  const qs = scores && scores.questions || [];
  if (!qs.length) return "";
  const W = Math.max(60, qs.length * 14);
  const bars = qs.map((s, i) => {
    const p = Math.max(0, Math.min(100, s.points ?? 0));
    const h = Math.max(1, 30 * p / 100);
    return `<rect x="${i * 14 + 2}" y="${(32 - h).toFixed(1)}" width="10" height="${h.toFixed(1)}" rx="1"></rect>`;
  }).join("");
  return `<svg class="borsen-trend" viewBox="0 0 ${W} 34" aria-hidden="true" focusable="false">${bars}</svg>`;
}
function tableLines(table, over, tr = ENGLISH3) {
  if (!table || table.number === null || table.number === void 0) return { show: false };
  const title = tr.t("Table {number} of {tables} · game {game}", {
    number: table.number,
    tables: table.tables ?? table.number,
    game: table.game ?? 1
  });
  let next = "";
  if (over) {
    next = table.next === "teacher" ? tr.t("The next game starts when your teacher says.") : tr.t("The next game starts in a moment.");
  }
  return { show: true, title, next, chance: tableChance(table.chance, tr) };
}
function tableChance(chance, tr = ENGLISH3) {
  if (!chance || !(chance.left > 0)) return "";
  const accepted = Number(chance.accepted) || 0;
  return tr.t("The chance the next card is accepted: {accepted}/{left} ({percent}).", {
    accepted,
    left: chance.left,
    percent: percentText(accepted / chance.left, tr)
  });
}
function figuresLines(figures, tr = ENGLISH3) {
  const you = figures && figures.you || {};
  const cls = figures && figures.class || {};
  const lines = [];
  const draws = Number(you.draws) || 0;
  if (draws) {
    lines.push(
      tr.tn(
        "You drew {count} time: {accepted} accepted, where the theory expected {expected}.",
        "You drew {count} times: {accepted} accepted, where the theory expected {expected}.",
        draws,
        { count: draws, accepted: Number(you.accepted) || 0, expected: tr.number(Number(you.expected) || 0, 1, 1) }
      )
    );
  }
  const proven = Number(you.proven) || 0;
  if (proven) {
    const best = Number(you.best) || 0;
    lines.push(
      tr.tn(
        "Your choice was the proven best one {count} time out of {total}.",
        "Your choice was the proven best one {count} times out of {total}.",
        best,
        { count: best, total: proven }
      )
    );
  }
  const classDraws = Number(cls.draws) || 0;
  const classLine = classDraws ? tr.tn(
    "The class drew {count} time: {accepted} accepted, where the theory expected {expected}.",
    "The class drew {count} times: {accepted} accepted, where the theory expected {expected}.",
    classDraws,
    { count: classDraws, accepted: Number(cls.accepted) || 0, expected: tr.number(Number(cls.expected) || 0, 1, 1) }
  ) : "";
  return { you: lines, cls: classLine };
}

// src/builder-helpers.js
var KINDS = {
  pile_at_least: "cards",
  chance_below: "percent",
  ahead_after_bank: null,
  near_leader_after_bank: "cards"
};
var ACES = ["keep", "list", "list_when_ahead"];
var DEFAULT_LIMITS = {
  groups: 3,
  per_group: 3,
  conditions: 4,
  name: 24,
  percent: [1, 99],
  cards: 208
};
function emptyDraft() {
  return { name: "", groups: [[{ kind: "pile_at_least", value: "4" }]], aces: "keep" };
}
function conditionCount(draft) {
  return draft.groups.reduce((n, g) => n + g.length, 0);
}
function canAddCondition(draft, group, limits = DEFAULT_LIMITS) {
  const g = draft.groups[group];
  return Boolean(g) && g.length < limits.per_group && conditionCount(draft) < limits.conditions;
}
function canAddGroup(draft, limits = DEFAULT_LIMITS) {
  return draft.groups.length < limits.groups && conditionCount(draft) < limits.conditions;
}
function addCondition(draft, group, limits = DEFAULT_LIMITS) {
  if (!canAddCondition(draft, group, limits)) return draft;
  const groups = draft.groups.map(
    (g, i) => i === group ? [...g, { kind: "chance_below", value: "50" }] : g
  );
  return { ...draft, groups };
}
function addGroup(draft, limits = DEFAULT_LIMITS) {
  if (!canAddGroup(draft, limits)) return draft;
  return { ...draft, groups: [...draft.groups, [{ kind: "ahead_after_bank", value: "" }]] };
}
function removeCondition(draft, group, index) {
  if (conditionCount(draft) <= 1) return draft;
  const groups = draft.groups.map((g, i) => i === group ? g.filter((_, j) => j !== index) : g).filter((g) => g.length);
  return { ...draft, groups };
}
function setCondition(draft, group, index, change) {
  const groups = draft.groups.map(
    (g, i) => i === group ? g.map((c, j) => j === index ? { ...c, ...change } : c) : g
  );
  return { ...draft, groups };
}
function wholeNumber(text) {
  const t = String(text ?? "").trim();
  return /^\d{1,6}$/.test(t) ? Number(t) : null;
}
function draftToStrategy(draft, limits = DEFAULT_LIMITS) {
  const name = String(draft.name ?? "").trim().replace(/\s+/g, " ");
  if (!name) return { ok: false, problem: "name" };
  if ([...name].length > limits.name) return { ok: false, problem: "long" };
  const bankWhen = [];
  for (const [g, group] of draft.groups.entries()) {
    const out = [];
    for (const [i, c] of group.entries()) {
      const key = KINDS[c.kind];
      if (key === void 0) return { ok: false, problem: "kind", group: g, index: i };
      if (key === null) {
        out.push({ kind: c.kind });
        continue;
      }
      const n = wholeNumber(c.value);
      if (n === null) return { ok: false, problem: "number", group: g, index: i };
      if (key === "percent" && (n < limits.percent[0] || n > limits.percent[1])) {
        return { ok: false, problem: "percent", group: g, index: i };
      }
      const low = c.kind === "pile_at_least" ? 1 : 0;
      if (key === "cards" && (n < low || n > limits.cards)) {
        return { ok: false, problem: "cards", group: g, index: i, low };
      }
      out.push({ kind: c.kind, [key]: n });
    }
    bankWhen.push(out);
  }
  const aces = ACES.includes(draft.aces) ? draft.aces : "keep";
  return { ok: true, strategy: { name, bank_when: bankWhen, aces } };
}
function strategyToDraft(strategy) {
  if (!strategy || !Array.isArray(strategy.bank_when)) return emptyDraft();
  const groups = strategy.bank_when.map(
    (g) => g.map((c) => {
      const key = KINDS[c.kind];
      return { kind: c.kind, value: key ? String(c[key] ?? "") : "" };
    })
  );
  return {
    name: String(strategy.name ?? ""),
    groups: groups.length ? groups : emptyDraft().groups,
    aces: ACES.includes(strategy.aces) ? strategy.aces : "keep"
  };
}
function kindLabel(kind, tr = ENGLISH) {
  if (kind === "pile_at_least") {
    return tr.tp("strategy builder", "The pile holds at least this many cards");
  }
  if (kind === "chance_below") {
    return tr.tp("strategy builder", "The chance the next card is accepted is below this percent");
  }
  if (kind === "ahead_after_bank") {
    return tr.tp("strategy builder", "Banking puts me ahead of every other player");
  }
  return tr.tp("strategy builder", "Banking brings me within this many cards of the leader");
}
function valueLabel(kind, tr = ENGLISH) {
  const key = KINDS[kind];
  if (key === "percent") return tr.tp("strategy builder", "Percent");
  if (key === "cards") return tr.tp("strategy builder", "Cards");
  return "";
}
function acesLabel(choice, tr = ENGLISH) {
  if (choice === "list") return tr.tp("strategy builder", "List every ace I bank");
  if (choice === "list_when_ahead") {
    return tr.tp("strategy builder", "List them when banking puts me ahead, else keep them");
  }
  return tr.tp("strategy builder", "Keep them (list only those over the limit)");
}
function groupLegend(g, tr = ENGLISH) {
  return g === 0 ? tr.t("Bank when all of these hold:") : tr.t("Or bank when all of these hold:");
}
function problemText(result, limits = DEFAULT_LIMITS, tr = ENGLISH) {
  if (result.ok) return "";
  const where = result.group === void 0 ? {} : { group: result.group + 1, n: result.index + 1 };
  switch (result.problem) {
    case "name":
      return tr.t("Give your strategy a name.");
    case "long":
      return tr.t("A strategy's name has at most {count} letters; choose a shorter one.", {
        count: limits.name
      });
    case "percent":
      return tr.t("Condition {n} of group {group}: the percent is a whole number from {low} to {high}.", {
        ...where,
        low: limits.percent[0],
        high: limits.percent[1]
      });
    case "cards":
      return tr.t("Condition {n} of group {group}: the cards are a whole number from {low} to {high}.", {
        ...where,
        low: result.low ?? 0,
        high: limits.cards
      });
    default:
      return tr.t("Condition {n} of group {group}: type a whole number.", where);
  }
}
function submissionLine(state, tr = ENGLISH) {
  const mine = state && state.mine;
  if (!state || !state.open) {
    return mine ? tr.t("Submissions are closed. Your strategy {name} plays in the tournament.", {
      name: mine.strategy.name
    }) : tr.t("Submissions are closed.");
  }
  return mine ? tr.t("Submissions are open. Your strategy {name} is submitted; you may change it.", {
    name: mine.strategy.name
  }) : tr.t("Submissions are open: build a strategy, try it, then submit it.");
}
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

// src/student-builder.js
function mountBuilder(section, { send, words }) {
  const ids = requestIds("b");
  const state = {
    shown: false,
    open: false,
    mine: null,
    limits: DEFAULT_LIMITS,
    draft: emptyDraft(),
    edited: false,
    pending: /* @__PURE__ */ new Set(),
    tried: null,
    saved: null,
    problem: "",
    tournament: null
  };
  function fieldHTML(tr, g, i, c) {
    const key = KINDS[c.kind];
    const id = `borsen-cond-${g}-${i}`;
    const options = Object.keys(KINDS).map(
      (k) => `<option value="${k}"${k === c.kind ? " selected" : ""}>${escapeHTML(kindLabel(k, tr))}</option>`
    ).join("");
    const number = key ? `<label class="borsen-b-value-label" for="${id}-value">${escapeHTML(valueLabel(c.kind, tr))}</label><input id="${id}-value" class="borsen-b-value" inputmode="numeric" autocomplete="off" maxlength="4" data-g="${g}" data-i="${i}" data-testid="cond-${g}-${i}-value" data-fid="${id}-value" value="${escapeHTML(c.value)}">` : "";
    const removeLabel = escapeHTML(
      tr.t("Remove condition {n} of group {group}", { n: i + 1, group: g + 1 })
    );
    const condLabel = escapeHTML(tr.t("Condition {n}", { n: i + 1 }));
    const remove = state.draft.groups.flat().length > 1 ? `<button type="button" class="borsen-btn borsen-quiet borsen-b-remove" data-builder="remove" data-g="${g}" data-i="${i}" data-testid="cond-${g}-${i}-remove" aria-label="${removeLabel}">×</button>` : "";
    return `<div class="borsen-b-cond"><label class="borsen-b-kind-label" for="${id}-kind">${condLabel}</label><div class="borsen-b-row"><select id="${id}-kind" class="borsen-b-kind" data-g="${g}" data-i="${i}" data-testid="cond-${g}-${i}-kind" data-fid="${id}-kind">${options}</select>${remove}</div>${number ? `<div class="borsen-b-row">${number}</div>` : ""}</div>`;
  }
  function formHTML(tr) {
    const d = state.draft;
    const L = {
      and: escapeHTML(tr.t("+ and …")),
      or: escapeHTML(tr.t("+ or when …")),
      name: escapeHTML(tr.t("Your strategy's name")),
      otherwise: escapeHTML(tr.t("Otherwise draw.")),
      aces: escapeHTML(tr.t("Aces in a pile you bank")),
      try: escapeHTML(tr.t("Try it")),
      submit: escapeHTML(tr.t("Submit"))
    };
    const groups = d.groups.map((group, g) => {
      const conds = group.map((c, i) => fieldHTML(tr, g, i, c)).join("");
      const add = canAddCondition(d, g, state.limits) ? `<button type="button" class="borsen-btn borsen-secondary borsen-b-add" data-builder="add" data-g="${g}" data-testid="builder-add-${g}" data-fid="add-${g}">${L.and}</button>` : "";
      return `<fieldset class="borsen-b-group"><legend>${escapeHTML(groupLegend(g, tr))}</legend>${conds}${add}</fieldset>`;
    }).join("");
    const orWhen = canAddGroup(d, state.limits) ? `<button type="button" class="borsen-btn borsen-secondary borsen-b-add-group" data-builder="add-group" data-testid="builder-add-group" data-fid="add-group">${L.or}</button>` : "";
    const aces = ACES.map(
      (a) => `<option value="${a}"${a === d.aces ? " selected" : ""}>${escapeHTML(acesLabel(a, tr))}</option>`
    ).join("");
    return `<label for="borsen-b-name">${L.name}</label><input id="borsen-b-name" class="borsen-b-name" autocomplete="off" spellcheck="false" maxlength="${state.limits.name}" data-testid="builder-name" data-fid="name" value="${escapeHTML(d.name)}">${groups}${orWhen}<p class="borsen-b-else">${L.otherwise}</p><label for="borsen-b-aces">${L.aces}</label><select id="borsen-b-aces" class="borsen-b-aces" data-testid="builder-aces" data-fid="aces">${aces}</select><p class="borsen-b-problem" role="alert" data-testid="builder-problem">${escapeHTML(state.problem)}</p><div class="borsen-b-buttons"><button type="button" class="borsen-btn borsen-secondary" data-builder="try" data-testid="builder-try" data-fid="try">${L.try}</button><button type="submit" class="borsen-btn borsen-primary" data-testid="builder-submit" data-fid="submit"${state.open ? "" : " disabled"}>${L.submit}</button></div>`;
  }
  function triedHTML(tr) {
    const t = state.tried;
    if (!t) return "";
    const words2 = (t.words || []).map((w) => `<p>${escapeHTML(w)}</p>`).join("");
    const examples = (t.examples || []).map((x) => `<li data-action="${escapeHTML(x.action)}">${escapeHTML(x.text)}</li>`).join("");
    const result = t.result || {};
    const bar = typeof result.win_rate === "number" ? `<progress class="borsen-b-rate" max="1" value="${result.win_rate}" aria-label="${escapeHTML(tr.percent(result.win_rate))}"></progress>` : "";
    const inWords = escapeHTML(tr.t("Your rule in words"));
    const n = (t.examples || []).length;
    const where = escapeHTML(
      tr.tn("What it does in {count} position", "What it does in {count} positions", n, { count: n })
    );
    const against = escapeHTML(tr.t("Against a house bot"));
    return `<h3>${inWords}</h3>${words2}<h3>${where}</h3><ul>${examples}</ul><h3>${against}</h3>${bar}<p>${escapeHTML(result.text || "")}</p>`;
  }
  function tournamentHTML(tr) {
    const m = state.tournament;
    if (!m) return "";
    if (m.state === "running") return `<p>${escapeHTML(progressText(m, tr))}</p>`;
    if (m.state !== "done") return "";
    const you = m.you;
    const none = escapeHTML(tr.t("The tournament is over. You had no strategy in it."));
    if (!you) return `<p>${none}</p>`;
    const learn = escapeHTML(tr.t("A position to learn from"));
    const place = escapeHTML(tr.t("Your place in the tournament"));
    const position = you.position ? `<h3>${learn}</h3><p>${escapeHTML(you.position)}</p>` : "";
    return `<h3>${place}</h3><p class="borsen-b-place">${escapeHTML(you.text)}</p>${position}`;
  }
  section.innerHTML = `<h2 id="borsen-b-title"></h2><p class="borsen-b-state" role="status"></p><form class="borsen-b-form" novalidate aria-labelledby="borsen-b-title"></form><div class="borsen-b-mine" data-testid="builder-mine" hidden></div><p class="borsen-b-saved" role="status" data-testid="builder-saved"></p><div class="borsen-b-tried" aria-live="polite" data-testid="builder-tried"></div><div class="borsen-b-tournament" aria-live="polite" data-testid="tournament-you"></div>`;
  const part = (sel) => section.querySelector(sel);
  const ui = {
    title: part("#borsen-b-title"),
    line: part(".borsen-b-state"),
    form: part(".borsen-b-form"),
    mine: part(".borsen-b-mine"),
    saved: part(".borsen-b-saved"),
    tried: part(".borsen-b-tried"),
    tournament: part(".borsen-b-tournament")
  };
  function mineHTML(tr) {
    const mine = state.mine;
    if (!mine) return "";
    const heading = escapeHTML(tr.t("Your rule in words"));
    return `<h3>${heading}</h3>` + (mine.words || []).map((w) => `<p>${escapeHTML(w)}</p>`).join("");
  }
  function renderInfo() {
    const tr = words();
    const folded = !state.open;
    section.hidden = !state.shown;
    ui.title.textContent = tr.t("Your strategy");
    ui.line.textContent = submissionLine(state, tr);
    ui.form.hidden = folded;
    ui.mine.hidden = !(folded && state.mine);
    ui.mine.innerHTML = folded ? mineHTML(tr) : "";
    ui.saved.hidden = folded;
    ui.saved.textContent = state.saved || "";
    ui.tried.hidden = folded;
    ui.tried.innerHTML = triedHTML(tr);
    ui.tournament.innerHTML = tournamentHTML(tr);
    const problem = ui.form.querySelector(".borsen-b-problem");
    if (problem) problem.textContent = state.problem;
    const submit = ui.form.querySelector('[data-testid="builder-submit"]');
    if (submit) submit.disabled = !state.open;
  }
  function render() {
    const tr = words();
    const focused = section.ownerDocument.activeElement;
    const fid = focused && section.contains(focused) ? focused.dataset.fid : null;
    ui.form.innerHTML = formHTML(tr);
    renderInfo();
    if (fid) section.querySelector(`[data-fid="${fid}"]`)?.focus();
  }
  function sendStrategy(intent) {
    const tr = words();
    const made = draftToStrategy(state.draft, state.limits);
    if (!made.ok) {
      state.problem = problemText(made, state.limits, tr);
      renderInfo();
      return;
    }
    const id = ids.next();
    state.problem = "";
    if (send({ intent, strategy: made.strategy, id })) state.pending.add(id);
    renderInfo();
  }
  function onClick(event) {
    const button = event.target.closest("button[data-builder]");
    if (!button || button.disabled) return;
    const d = button.dataset;
    const g = Number(d.g);
    if (d.builder === "add") state.draft = addCondition(state.draft, g, state.limits);
    else if (d.builder === "add-group") state.draft = addGroup(state.draft, state.limits);
    else if (d.builder === "remove") state.draft = removeCondition(state.draft, g, Number(d.i));
    else if (d.builder === "try") return sendStrategy("strategy_try");
    state.edited = true;
    render();
    const target = d.builder === "remove" ? '[data-testid="builder-name"]' : null;
    if (target) section.querySelector(target)?.focus();
  }
  function onInput(event) {
    const el = event.target;
    state.edited = true;
    if (el.classList.contains("borsen-b-name")) state.draft = { ...state.draft, name: el.value };
    else if (el.classList.contains("borsen-b-value")) {
      state.draft = setCondition(state.draft, Number(el.dataset.g), Number(el.dataset.i), {
        value: el.value
      });
    }
  }
  function onChange(event) {
    const el = event.target;
    if (el.classList.contains("borsen-b-kind")) {
      const kind = el.value;
      const value = KINDS[kind] === "percent" ? "50" : KINDS[kind] ? "4" : "";
      state.draft = setCondition(state.draft, Number(el.dataset.g), Number(el.dataset.i), {
        kind,
        value
      });
      state.edited = true;
      render();
    } else if (el.classList.contains("borsen-b-aces")) {
      state.draft = { ...state.draft, aces: el.value };
      state.edited = true;
    }
  }
  function onSubmit(event) {
    event.preventDefault();
    sendStrategy("strategy_submit");
  }
  section.addEventListener("click", onClick);
  section.addEventListener("input", onInput);
  section.addEventListener("change", onChange);
  section.addEventListener("submit", onSubmit);
  render();
  return {
    state,
    render,
    /** Whether a notice answers one of the builder's requests (it is shown here then). */
    owns(request) {
      return request !== void 0 && request !== null && state.pending.has(request);
    },
    /** The kernel refused a strategy: its notice, on the builder; nothing was kept. */
    refused(request, text) {
      state.pending.delete(request);
      state.problem = String(text ?? "");
      renderInfo();
    },
    /** One of the kernel's messages about strategies (see classroom/strategies.py). */
    receive(m) {
      const tr = words();
      let shape = false;
      if (m.type === "strategies") {
        shape = !state.shown || state.open !== Boolean(m.open) || m.mine && !state.edited;
        state.shown = true;
        state.open = Boolean(m.open);
        state.mine = m.mine || null;
        state.limits = { ...DEFAULT_LIMITS, ...m.limits || {} };
        if (state.mine && !state.edited) state.draft = strategyToDraft(state.mine.strategy);
        state.shown = state.open || Boolean(state.mine) || state.tournament !== null;
      } else if (m.type === "strategy_tried") {
        state.pending.delete(m.request);
        state.tried = m;
        state.problem = "";
      } else if (m.type === "strategy_saved") {
        state.pending.delete(m.request);
        state.saved = tr.t("Submitted: {name}.", { name: m.name });
        state.problem = "";
      } else if (m.type === "tournament") {
        state.tournament = m;
        state.shown = true;
      }
      if (shape) render();
      else renderInfo();
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

// src/student.js
var NOTICE_MS = 4e3;
var READ_KEY = "borsen-class-read-aloud";
var WARN_SECONDS = 20;
var TEMPLATE = `
<header class="borsen-class-head">
  <span class="borsen-class-title">Børsen</span>
  <span class="borsen-class-who"></span>
  <span class="borsen-class-link" role="status"></span>
  <div class="borsen-class-langs" role="group">${LANGUAGE_CHOICES.map(
  (l) => `<button type="button" class="borsen-class-lang" data-language="${l.code}" lang="${l.code}" aria-pressed="false">${l.name}</button>`
).join("")}</div>
</header>
<form class="borsen-join" novalidate>
  <h1 class="borsen-join-title"></h1>
  <label class="borsen-join-label" for="borsen-name"></label>
  <input id="borsen-name" class="borsen-join-name" name="name" autocomplete="nickname"
    autocapitalize="words" spellcheck="false" maxlength="24" required
    aria-describedby="borsen-join-problem">
  <button type="submit" class="borsen-btn borsen-primary borsen-join-go"></button>
  <p class="borsen-join-problem" id="borsen-join-problem" role="alert"></p>
  <p class="borsen-join-locked" role="status"></p>
</form>
<div class="borsen-class" hidden>
  <section class="borsen-tables" aria-labelledby="borsen-tables-title" hidden>
    <h2 class="borsen-tables-title" id="borsen-tables-title"></h2>
    <p class="borsen-tables-next" role="status"></p>
  </section>
  <p class="borsen-tables-chance" role="status" hidden></p>
  <section class="borsen-figures" aria-labelledby="borsen-figures-title" hidden>
    <h2 class="borsen-figures-title" id="borsen-figures-title"></h2>
    <ul class="borsen-figures-you"></ul>
    <p class="borsen-figures-class"></p>
    <p class="borsen-figures-note"></p>
  </section>
  <section class="borsen-me">
    <h2 class="borsen-me-title" hidden></h2>
    <p class="borsen-me-line"></p>
    <div class="borsen-me-seats"></div>
  </section>
  <section class="borsen-builder" aria-labelledby="borsen-b-title" data-testid="builder"
    hidden></section>
  <section class="borsen-vote" aria-labelledby="borsen-vote-title" hidden>
    <h2 class="borsen-vote-title" id="borsen-vote-title"></h2>
    <p class="borsen-vote-question"></p>
    <div class="borsen-vote-buttons" role="group">
      <button type="button" class="borsen-btn borsen-vote-choice" data-vote="draw"
        aria-pressed="false"></button>
      <button type="button" class="borsen-btn borsen-vote-choice" data-vote="bank"
        aria-pressed="false"></button>
    </div>
    <p class="borsen-vote-mine" aria-live="polite"></p>
    <ul class="borsen-vote-results"></ul>
  </section>
  <section class="borsen-q" aria-labelledby="borsen-q-title" tabindex="-1" hidden>
    <h2 class="borsen-q-title" id="borsen-q-title"></h2>
    <p class="borsen-q-text"></p>
    <div class="borsen-q-time">
      <p class="borsen-q-timer" role="timer" hidden></p>
      <button type="button" class="borsen-btn borsen-secondary borsen-q-more" data-more="1"
        hidden></button>
    </div>
    <form class="borsen-q-form" novalidate>
      <input type="range" class="borsen-q-slider" min="0" max="100" step="1" value="50">
      <div class="borsen-q-row">
        <label class="borsen-q-label" for="borsen-q-field"></label>
        <div class="borsen-q-entry">
          <button type="button" class="borsen-btn borsen-secondary borsen-q-step"
            data-step="-1">−</button>
          <input id="borsen-q-field" class="borsen-q-field" autocomplete="off"
            spellcheck="false" maxlength="12" aria-describedby="borsen-q-problem">
          <button type="button" class="borsen-btn borsen-secondary borsen-q-step"
            data-step="1">+</button>
        </div>
      </div>
      <div class="borsen-q-choices" role="group">
        <button type="button" class="borsen-btn borsen-q-choice" data-answer="draw"
          aria-pressed="false"></button>
        <button type="button" class="borsen-btn borsen-q-choice" data-answer="bank"
          aria-pressed="false"></button>
      </div>
      <p class="borsen-q-echo" aria-live="polite"></p>
      <button type="submit" class="borsen-btn borsen-primary borsen-q-send"></button>
      <p class="borsen-q-problem" id="borsen-q-problem" role="alert"></p>
    </form>
    <p class="borsen-q-mine" aria-live="polite"></p>
    <div class="borsen-q-progress">
      <progress class="borsen-q-bar" max="1" value="0"></progress>
      <span class="borsen-q-answered"></span>
    </div>
    <div class="borsen-q-reveal" hidden>
      <p class="borsen-q-truth"></p>
      <div class="borsen-q-chart"></div>
      <p class="borsen-q-result"></p>
      <p class="borsen-q-class"></p>
    </div>
  </section>
  <section class="borsen-scores" aria-labelledby="borsen-scores-title" hidden>
    <h2 class="borsen-scores-title" id="borsen-scores-title"></h2>
    <p class="borsen-scores-total"></p>
    <div class="borsen-scores-trend"></div>
    <p class="borsen-scores-trend-text"></p>
    <details class="borsen-scores-how"><summary></summary><p></p></details>
  </section>
  <div class="borsen-game"></div>
  <p class="borsen-read">
    <label for="borsen-read"></label>
    <select id="borsen-read" class="borsen-read-choice">
      <option value="every"></option>
      <option value="mine"></option>
    </select>
  </p>
</div>
<section class="borsen-ended" role="alert" hidden>
  <h1 class="borsen-ended-title"></h1>
  <p class="borsen-ended-text"></p>
</section>
<div class="borsen-sr" aria-live="polite" aria-atomic="false"></div>
<div class="borsen-sr borsen-say" role="status" aria-atomic="true"></div>
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
    langs: $(".borsen-class-langs"),
    joinTitle: $(".borsen-join-title"),
    nameLabel: $(".borsen-join-label"),
    me: $(".borsen-me"),
    voteTitle: $(".borsen-vote-title"),
    endedTitle: $(".borsen-ended-title"),
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
    endedText: $(".borsen-ended-text"),
    locked: $(".borsen-join-locked"),
    meTitle: $(".borsen-me-title"),
    q: $(".borsen-q"),
    qTitle: $(".borsen-q-title"),
    qText: $(".borsen-q-text"),
    qTimer: $(".borsen-q-timer"),
    say: $(".borsen-say"),
    qMore: $(".borsen-q-more"),
    readLabel: $(".borsen-read label"),
    readChoice: $(".borsen-read-choice"),
    qForm: $(".borsen-q-form"),
    qSlider: $(".borsen-q-slider"),
    qRow: $(".borsen-q-row"),
    qLabel: $(".borsen-q-label"),
    qField: $(".borsen-q-field"),
    qSteps: [...root.querySelectorAll(".borsen-q-step")],
    qChoices: $(".borsen-q-choices"),
    qDraw: $('[data-answer="draw"]'),
    qBank: $('[data-answer="bank"]'),
    qSend: $(".borsen-q-send"),
    qProblem: $(".borsen-q-problem"),
    qEcho: $(".borsen-q-echo"),
    qMine: $(".borsen-q-mine"),
    qBar: $(".borsen-q-bar"),
    qAnswered: $(".borsen-q-answered"),
    qReveal: $(".borsen-q-reveal"),
    qTruth: $(".borsen-q-truth"),
    qChart: $(".borsen-q-chart"),
    qResult: $(".borsen-q-result"),
    qClass: $(".borsen-q-class"),
    scores: $(".borsen-scores"),
    scoresTitle: $(".borsen-scores-title"),
    scoresTotal: $(".borsen-scores-total"),
    scoresTrend: $(".borsen-scores-trend"),
    scoresTrendText: $(".borsen-scores-trend-text"),
    scoresHow: $(".borsen-scores-how summary"),
    scoresHowText: $(".borsen-scores-how p"),
    tables: $(".borsen-tables"),
    tablesTitle: $(".borsen-tables-title"),
    tablesNext: $(".borsen-tables-next"),
    tablesChance: $(".borsen-tables-chance"),
    figures: $(".borsen-figures"),
    figuresTitle: $(".borsen-figures-title"),
    figuresYou: $(".borsen-figures-you"),
    figuresClass: $(".borsen-figures-class"),
    figuresNote: $(".borsen-figures-note")
  };
  const ids = requestIds("s");
  const state = {
    socket: null,
    joined: false,
    ended: false,
    view: null,
    you: { name: "", seat: null, vote: null, mine: null, scores: null, more: null },
    question: { state: "none" },
    questionAt: 0,
    fieldFor: null,
    said: "",
    // the question and state last announced ("3:open", "3:revealed")
    warned: null,
    // the question and end (ms) last warned of: {id, end}
    askedMore: null,
    // {id, end}: the question this pupil asked more time on, and its end then
    tick: 0,
    locked: false,
    seats: [],
    cls: { on: false },
    table: null,
    // the phone's table while the class plays at tables
    figures: null,
    // the student's figures and the class's
    tries: 0,
    timer: 0,
    noticeId: 0,
    notice: null,
    joining: false,
    speech: null,
    readAloud: storage.get(READ_KEY) === "mine" ? "mine" : "every",
    speeches: {},
    link: { text: () => "", level: "ok" },
    endedText: null
  };
  let tr = translator(null);
  const words = () => tr;
  const table = mountTable(root, $(".borsen-game"), {
    send: (intent, extra) => sendIntent(intent, extra),
    uid: "student",
    tools: false,
    sr: $(".borsen-sr:not(.borsen-say)"),
    // What the table says to a screen reader: every move, or only this pupil's own.
    speech: () => ({ every: state.readAloud !== "mine", seats: [state.you.seat] }),
    mayAct: (view) => state.you.seat !== null && state.you.seat === view.current,
    held: () => holdLine(),
    words
  });
  const builder = mountBuilder($(".borsen-builder"), { send: (m) => sendRaw(m), words });
  $(".borsen-table").after(ui.q);
  $(".borsen-table").after(ui.tablesChance);
  function questionOpen() {
    return state.question.state === "open";
  }
  function holdLine() {
    const q = state.question;
    const seated = state.you.seat !== null && state.you.seat !== void 0;
    return q.state === "open" && q.hold && seated ? tr.t("Wait: the class is answering a question about this move.") : "";
  }
  function sendRaw(message) {
    const socket = state.socket;
    if (!socket || socket.readyState !== 1) {
      showNotice(tr.t("Not connected just now: wait a moment and try again."));
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
  function joinProblem(text) {
    ui.problem.textContent = text;
    if (text) ui.name.setAttribute("aria-invalid", "true");
    else ui.name.removeAttribute("aria-invalid");
  }
  function showNotice(text, level = "warning") {
    state.noticeId += 1;
    if (!state.joined) {
      joinProblem(text);
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
    state.link = { text, level };
    ui.link.textContent = text(tr);
    ui.link.dataset.level = level;
  }
  function drawWords() {
    const language = tr.language;
    root.lang = language;
    if (typeof document !== "undefined") document.documentElement.lang = language;
    ui.langs.setAttribute("aria-label", tr.t("Language"));
    for (const b of ui.langs.querySelectorAll("[data-language]")) {
      b.setAttribute("aria-pressed", String(state.speech !== null && b.dataset.language === language));
    }
    ui.joinTitle.textContent = tr.t("Join the class");
    ui.nameLabel.textContent = tr.t("Your name");
    ui.go.textContent = tr.t("Join");
    ui.me.setAttribute("aria-label", tr.t("Your seat"));
    ui.voteTitle.textContent = tr.t("Guess first");
    ui.voteButtons.setAttribute("aria-label", tr.t("Your vote"));
    ui.voteDraw.textContent = tr.t("Draw");
    ui.voteBank.textContent = tr.t("Bank");
    ui.endedTitle.textContent = tr.t("The class has ended");
    ui.locked.textContent = state.locked ? tr.t("The class is closed to new students just now.") : "";
    ui.meTitle.textContent = tr.t("Your move");
    ui.qSlider.setAttribute("aria-label", tr.t("Your answer in percent"));
    ui.qSteps[0].setAttribute("aria-label", tr.t("One less"));
    ui.qSteps[1].setAttribute("aria-label", tr.t("One more"));
    ui.qMore.textContent = tr.t("More time");
    ui.readLabel.textContent = tr.t("What a screen reader reads out");
    ui.readChoice.options[0].textContent = tr.t("Everything that happens");
    ui.readChoice.options[1].textContent = tr.t("Only my turn and the results");
    ui.readChoice.value = state.readAloud;
    ui.qChoices.setAttribute("aria-label", tr.t("Your answer"));
    ui.qDraw.textContent = tr.t("Draw");
    ui.qBank.textContent = tr.t("Bank");
    ui.qSend.textContent = tr.t("Send answer");
    ui.scoresTitle.textContent = tr.t("Your points");
    ui.scoresHow.textContent = tr.t("How are answers scored?");
    ui.scoresHowText.textContent = scoringText(tr);
    ui.figuresTitle.textContent = tr.t("Your draws against the theory");
    ui.figuresNote.textContent = tr.t("Only draws that could fail count: a card onto an empty pile or onto an ace is always accepted.");
    if (state.endedText) ui.endedText.textContent = state.endedText(tr);
    ui.link.textContent = state.link.text(tr);
  }
  function drawMe() {
    ui.who.textContent = state.you.name;
    const seated = state.you.seat !== null && state.you.seat !== void 0;
    ui.meTitle.hidden = !seated;
    ui.me.classList.toggle("is-seat", seated);
    root.classList.toggle("has-seat", seated);
    const atTables = Boolean(state.table);
    const over = atTables && Boolean(state.view && state.view.over);
    ui.me.hidden = over;
    ui.meLine.textContent = over ? "" : seatLine(state.you, state.seats, tr);
    const mine = state.you.seat !== null && state.you.seat !== void 0;
    const leave = escapeHTML(tr.t("Leave the seat"));
    const take = (s) => escapeHTML(tr.t("Take {player}'s seat", { player: s.name }));
    const buttons = mine ? [`<button type="button" class="borsen-btn borsen-quiet" data-seat-intent="leave">${leave}</button>`] : freeSeats(state.seats).map(
      (s) => `<button type="button" class="borsen-btn borsen-secondary" data-seat-intent="claim" data-seat="${s.seat}">${take(s)}</button>`
    );
    ui.meSeats.innerHTML = atTables ? "" : buttons.join("");
  }
  function drawVote() {
    const card = voteCard(state.cls, state.you.vote, tr);
    const hadFocus = ui.vote.contains(document.activeElement);
    ui.vote.hidden = !card.show || questionOpen();
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
  function drawInput(q) {
    const kind = q.kind;
    ui.qSlider.hidden = kind !== "chance";
    ui.qRow.hidden = kind === "choice";
    ui.qChoices.hidden = kind !== "choice";
    ui.qSend.hidden = kind === "choice";
    for (const b of ui.qSteps) b.hidden = kind !== "count";
    ui.qField.inputMode = kind === "count" ? "numeric" : "decimal";
    if (kind === "chance") {
      ui.qLabel.textContent = tr.t("Your answer: a percentage (37 %), a decimal (0.37) or a fraction (3/8)");
    } else if (kind === "count") {
      const range = q.range || {};
      ui.qLabel.textContent = tr.t("Your answer: a whole number from {low} to {high}", {
        low: range.low ?? 0,
        high: range.high ?? 0
      });
    } else {
      ui.qLabel.textContent = tr.t("Your answer: a number of cards (like 2.5)");
    }
    const mine = state.you.mine && state.you.mine.question === q.id ? state.you.mine.value : null;
    for (const b of [ui.qDraw, ui.qBank]) {
      const on = mine === b.dataset.answer;
      b.setAttribute("aria-pressed", String(on));
      b.classList.toggle("borsen-primary", on);
    }
  }
  function resetField(q) {
    state.fieldFor = q.id;
    const mine = state.you.mine;
    const value = mine && mine.question === q.id ? mine.value : null;
    ui.qProblem.textContent = "";
    if (value === null || value === void 0 || q.kind === "choice") {
      ui.qField.value = "";
      ui.qSlider.value = "50";
    } else if (q.kind === "chance") {
      ui.qField.value = typeof value === "string" ? value : percentText(value, tr);
      const number = typeof value === "string" ? Number(value.split("/")[0]) / Number(value.split("/")[1]) : value;
      ui.qSlider.value = String(Math.round(number * 100));
    } else {
      ui.qField.value = tr.number(value, 3);
    }
    echo(q);
  }
  function echo(q) {
    ui.qEcho.textContent = answerEcho(q.kind, ui.qField.value, q.range, tr);
  }
  function drawQuestion() {
    const q = state.question || { state: "none" };
    const hadFocus = ui.q.contains(document.activeElement);
    const on = q.state === "open" || q.state === "revealed";
    ui.q.hidden = !on;
    drawScores();
    if (!on) {
      drawTimer();
      if (hadFocus) root.focus();
      return;
    }
    if (q.id !== state.fieldFor) resetField(q);
    const seated = state.you.seat !== null && state.you.seat !== void 0;
    ui.q.classList.toggle("is-for-class", seated);
    ui.q.dataset.kind = q.kind;
    ui.q.dataset.state = q.state;
    ui.qTitle.textContent = seated ? tr.t("Question for the class") : tr.t("Question");
    ui.qText.textContent = questionText(q, tr);
    const open2 = q.state === "open";
    ui.qForm.hidden = !open2;
    drawInput(q);
    const mine = state.you.mine && state.you.mine.question === q.id ? state.you.mine : null;
    const mineLine = mineText(q.kind, mine, tr);
    const change = tr.t("You may change it until the answer is shown.");
    ui.qMine.textContent = open2 && mine ? `${mineLine} ${change}` : mineLine;
    const total = q.students || 0;
    ui.qBar.max = Math.max(1, total);
    ui.qBar.value = Math.min(q.answered || 0, Math.max(1, total));
    const answered = answeredText(q, tr);
    ui.qBar.setAttribute("aria-label", answered);
    ui.qAnswered.textContent = answered;
    ui.qReveal.hidden = open2;
    if (!open2) {
      ui.qTruth.textContent = truthText(q, tr);
      ui.qChart.innerHTML = answerChart(q, tr);
      ui.qResult.textContent = resultText(q, mine, tr);
      ui.qClass.textContent = classText(q, tr);
    }
    drawTimer();
    const active = document.activeElement;
    if (hadFocus && (!ui.q.contains(active) || active.closest("[hidden]"))) {
      ui.q.focus({ preventScroll: true });
    }
  }
  function announceQuestion(from) {
    const q = state.question;
    if (!q || q.state === "none") return;
    const key2 = `${q.id}:${q.state}`;
    if (state.said === key2 || q.state === "revealed" && from !== "you") return;
    state.said = key2;
    const mine = state.you.mine && state.you.mine.question === q.id ? state.you.mine : null;
    const left = secondsLeft(q, state.questionAt, Date.now());
    const lines = q.state === "open" ? [questionText(q, tr), left === null ? "" : timeLine(left)] : [truthText(q, tr), resultText(q, mine, tr)];
    say(lines.filter(Boolean).join(" "));
  }
  function questionEnd() {
    return state.questionAt + (state.question.seconds || 0) * 1e3;
  }
  function timeLine(left) {
    const q = state.question;
    const end2 = questionEnd();
    const last = state.warned;
    const warned = last && last.id === q.id && end2 < last.end + 1e4;
    if (left > WARN_SECONDS || left === 0 || warned) return timerText(left, tr);
    state.warned = { id: q.id, end: end2 };
    return timeWarningText(left, (state.you.more || 0) > 0, tr);
  }
  function say(text) {
    ui.say.textContent = "";
    requestAnimationFrame(() => {
      ui.say.textContent = text;
    });
  }
  function drawTimer() {
    const left = secondsLeft(state.question, state.questionAt, Date.now());
    ui.qTimer.hidden = left === null;
    ui.qTimer.textContent = left === null ? "" : timerText(left, tr);
    ui.qMore.hidden = left === null || !((state.you.more || 0) > 0);
    if (left !== null && left > 0 && left <= WARN_SECONDS && state.said === `${state.question.id}:open`) {
      const line = timeLine(left);
      if (line !== timerText(left, tr)) say(line);
    }
    if (left === null || left === 0) {
      clearInterval(state.tick);
      state.tick = 0;
    } else if (!state.tick) {
      state.tick = setInterval(drawTimer, 250);
    }
  }
  function drawScores() {
    const scores = state.you.scores;
    const any = Boolean(scores && (scores.questions || []).length);
    ui.scores.hidden = !(any || state.question.state !== "none");
    ui.scoresTotal.textContent = totalText(scores, tr);
    ui.scoresTrend.innerHTML = trendChart(scores);
    ui.scoresTrendText.textContent = trendText(scores, tr);
  }
  function drawTable() {
    const lines = tableLines(state.table, Boolean(state.view && state.view.over), tr);
    ui.tables.hidden = !lines.show;
    ui.tablesChance.hidden = !lines.show || !lines.chance;
    if (!lines.show) {
      ui.figures.hidden = true;
      return;
    }
    ui.tablesTitle.textContent = lines.title;
    ui.tablesNext.textContent = lines.next;
    ui.tablesNext.hidden = !lines.next;
    ui.tablesChance.textContent = lines.chance;
    drawFigures();
  }
  function drawFigures() {
    const lines = figuresLines(state.figures, tr);
    const at = !ui.tables.hidden;
    ui.figures.hidden = !at || !(lines.you.length || lines.cls);
    ui.figuresYou.innerHTML = lines.you.map((line) => `<li>${escapeHTML(line)}</li>`).join("");
    ui.figuresClass.textContent = lines.cls;
  }
  function redraw() {
    drawTable();
    drawMe();
    drawVote();
    drawQuestion();
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
    clearInterval(state.tick);
    state.endedText = text;
    ui.ended.hidden = false;
    ui.endedText.textContent = text(tr);
    ui.join.hidden = true;
    ui.classArea.hidden = true;
    ui.langs.hidden = true;
    drawLink((w) => w.t("Ended"), "off");
    root.classList.add("is-ended");
  }
  function removed() {
    storage.remove(key);
    end((w) => w.t("Your teacher removed you from the class."));
  }
  function speak(speech) {
    state.speech = speech;
    tr = translator(speech);
    drawWords();
    redraw();
    builder.render();
  }
  function sendLanguage() {
    const chosen = storage.get(LANGUAGE_KEY);
    const tags = chosen ? [chosen] : pageLanguages();
    sendRaw({ intent: "page_language", tags, id: ids.next() });
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
      state.locked = Boolean(m.locked);
      drawWords();
      drawLink((w) => w.t("Connected"));
      sendLanguage();
      const session = storage.get(key);
      if (session) {
        state.joining = true;
        sendRaw({ intent: "join", session, id: ids.next() });
      } else {
        ui.go.disabled = false;
      }
    } else if (m.type === "welcome") {
      state.joining = false;
      if (m.session) storage.set(key, m.session);
      state.you = { ...state.you, name: m.name };
      joinProblem("");
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
      drawTable();
      if (state.table) drawMe();
    } else if (m.type === "table") {
      state.table = m.number === null || m.number === void 0 ? null : m;
      drawTable();
      drawMe();
    } else if (m.type === "figures") {
      state.figures = { you: m.you || {}, class: m.class || {} };
      drawFigures();
    } else if (m.type === "room") {
      state.seats = m.seats || [];
      table.setHolders(state.seats);
      drawMe();
    } else if (m.type === "you") {
      state.you = {
        name: m.name,
        seat: m.seat ?? null,
        vote: m.vote ?? null,
        mine: m.mine ?? null,
        scores: m.scores ?? null,
        more: m.more ?? null
        // how often they may still ask for more time (null: no timer)
      };
      const q = state.question;
      const fresh = ui.qField.value === "" && document.activeElement !== ui.qField;
      if (q.state === "open" && q.id === state.fieldFor && fresh) resetField(q);
      redraw();
      announceQuestion("you");
    } else if (m.type === "question") {
      state.question = m.question || { state: "none" };
      state.questionAt = Date.now();
      drawQuestion();
      drawVote();
      if (state.view) table.update(state.view);
      announceQuestion("question");
      const asked = state.askedMore;
      if (asked && asked.id !== state.question.id) state.askedMore = null;
      if (asked && asked.id === state.question.id && questionEnd() >= asked.end + 1e4) {
        state.askedMore = null;
        const left = secondsLeft(state.question, state.questionAt, Date.now());
        if (left !== null) say(timeLine(left));
      }
    } else if (m.type === "locked") {
      state.locked = Boolean(m.locked);
      drawWords();
    } else if (m.type === "removed") {
      removed();
    } else if (m.type === "class") {
      state.cls = m.class || { on: false };
      drawVote();
    } else if (m.type === "strategies" || m.type === "strategy_tried" || m.type === "strategy_saved" || m.type === "tournament") {
      builder.receive(m);
    } else if (m.type === "notice" && builder.owns(m.request)) {
      builder.refused(m.request, m.text);
    } else if (m.type === "notice") {
      if (state.joining) {
        state.joining = false;
        ui.go.disabled = false;
      }
      showNotice(m.text, m.level || "warning");
    } else if (m.type === "speech") {
      const sp = m.speech || {};
      if (sp.texts) state.speeches[sp.language] = sp;
      speak(state.speeches[sp.language] || sp);
    } else if (m.type === "ended") {
      end(() => String(m.text ?? ""));
    }
  }
  function open() {
    if (state.ended) return;
    drawLink((w) => state.tries ? w.t("Reconnecting…") : w.t("Connecting…"), "wait");
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
      if (event.code === 4001) {
        removed();
        return;
      }
      if (event.code === 4e3) {
        end((w) => w.t("This class was opened on another page of yours; this page has left."));
        return;
      }
      retry();
    });
  }
  function retry() {
    if (state.ended) return;
    state.tries += 1;
    if (state.tries > 12) {
      end((w) => w.t("The class cannot be reached. It may have ended; ask your teacher."));
      return;
    }
    drawLink((w) => w.t("Connection lost: reconnecting…"), "wait");
    state.timer = setTimeout(open, retryDelay(state.tries - 1));
  }
  function onSubmit(event) {
    event.preventDefault();
    const problem = nameProblem(ui.name.value, 24, tr);
    if (problem) {
      joinProblem(problem);
      ui.name.focus();
      return;
    }
    joinProblem("");
    if (sendRaw({ intent: "join", name: ui.name.value.trim(), id: ids.next() })) {
      state.joining = true;
      ui.go.disabled = true;
    }
  }
  function onAnswer(event) {
    event.preventDefault();
    const q = state.question;
    if (q.state !== "open") return;
    const parsed = parseAnswer(q.kind, ui.qField.value, q.range, tr);
    if (!parsed.ok) {
      ui.qProblem.textContent = parsed.problem;
      ui.qField.focus();
      return;
    }
    sendAnswer(parsed.value);
  }
  function sendAnswer(value) {
    const q = state.question;
    ui.qProblem.textContent = "";
    clearNotice();
    sendRaw({ intent: "answer", question: q.id, value, id: ids.next() });
  }
  function onSlide() {
    ui.qField.value = percentText(Number(ui.qSlider.value) / 100, tr);
    ui.qProblem.textContent = "";
    echo(state.question);
  }
  function onType() {
    const q = state.question;
    echo(q);
    if (q.kind !== "chance") return;
    const parsed = parseAnswer("chance", ui.qField.value, q.range, tr);
    if (parsed.ok) ui.qSlider.value = String(Math.round(parsed.number * 100));
  }
  function step(by) {
    const range = state.question.range || { low: 0, high: 0 };
    const now = /^\s*\d+\s*$/.test(ui.qField.value) ? Number(ui.qField.value) : null;
    const next = now === null ? by > 0 ? range.low : range.high : now + by;
    ui.qField.value = String(Math.min(range.high, Math.max(range.low, next)));
    ui.qProblem.textContent = "";
  }
  function onClick(event) {
    const button = (
      /** @type {HTMLElement} */
      event.target.closest("button")
    );
    if (!button || button.disabled) return;
    if (button.dataset.answer) {
      if (questionOpen()) sendAnswer(button.dataset.answer);
    } else if (button.dataset.more) {
      if (!questionOpen()) return;
      state.askedMore = { id: state.question.id, end: questionEnd() };
      clearNotice();
      sendRaw({ intent: "more_time", question: state.question.id, id: ids.next() });
    } else if (button.dataset.step) {
      step(Number(button.dataset.step));
    } else if (button.dataset.language) {
      storage.set(LANGUAGE_KEY, button.dataset.language);
      if (state.socket && state.socket.readyState === 1) sendLanguage();
    } else if (button.dataset.vote) {
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
  ui.qForm.addEventListener("submit", onAnswer);
  ui.readChoice.addEventListener("change", () => {
    state.readAloud = ui.readChoice.value === "mine" ? "mine" : "every";
    storage.set(READ_KEY, state.readAloud);
  });
  ui.qSlider.addEventListener("input", onSlide);
  ui.qField.addEventListener("input", onType);
  root.addEventListener("click", onClick);
  ui.go.disabled = true;
  showJoined(false);
  drawWords();
  open();
  return {
    state,
    stop() {
      state.ended = true;
      clearTimeout(state.timer);
      clearInterval(state.tick);
      if (state.socket) state.socket.close();
      table.destroy();
    }
  };
}
if (typeof document !== "undefined" && document.getElementById("borsen-app")) {
  startStudentPage(document.getElementById("borsen-app"));
}
export {
  startStudentPage
};
