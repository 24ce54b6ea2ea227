// Pure view helpers for the Børsen widget: cards, layout, words and keys.
// No DOM and no model here, so every function is unit-tested with vitest (js/test/).
// Every text a person reads is a message of the catalogues: the functions that write one take
// `w`, the words of the language spoken (translator(speech) from i18n.js; English by default).

import { translator } from "./i18n.js";

/** The words used when no language has arrived yet (English, as written). */
export const ENGLISH = translator(undefined);

/** @typedef {{code: string, rank: string, suit: string, symbol: string, red: boolean,
 *   isAce: boolean, isFace: boolean, name: string, label: string}} CardInfo */

const SUITS = {
  S: { symbol: "♠", red: false },
  H: { symbol: "♥", red: true },
  C: { symbol: "♣", red: false },
  D: { symbol: "♦", red: true },
};
const RANK_TEXT = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/** A rank as a sentence names it: "9", "10", "jack" ("knekt"). */
export function rankWord(rank, w = ENGLISH) {
  if (rank === "J") return w.tp("rank", "jack");
  if (rank === "Q") return w.tp("rank", "queen");
  if (rank === "K") return w.tp("rank", "king");
  if (rank === "A") return w.tp("rank", "ace");
  return rank;
}

/** A suit ("S", "H", "C", "D") in words: "spades" ("spar"). */
export function suitWord(suit, w = ENGLISH) {
  if (suit === "S") return w.tp("suit", "spades");
  if (suit === "H") return w.tp("suit", "hearts");
  if (suit === "C") return w.tp("suit", "clubs");
  return w.tp("suit", "diamonds");
}

/**
 * A card from its code in the view ("6S", "TH", "AS"); its ``name`` in the words of ``w``
 * ("10 of hearts", "hjerter 10").
 * @param {string} code
 * @returns {CardInfo}
 */
export function parseCard(code, w = ENGLISH) {
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
    suit: suitWord(suitKey, w),
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
    label: rank + suit.symbol,
  };
}

/** "TH" → "10♥". */
export function cardLabel(code) {
  return parseCard(code).label;
}

/** Cards as "6♠ J♥". */
export function cardsLabel(codes) {
  return codes.map(cardLabel).join(" ");
}

/** "1 card", "3 cards" ("3 kort"). */
export function cardCount(n, w = ENGLISH) {
  return w.tn("{count} card", "{count} cards", n, { count: n });
}

/** "1 ace", "3 aces" ("3 ess"). */
export function aceCount(n, w = ENGLISH) {
  return w.tn("{count} ace", "{count} aces", n, { count: n });
}

/** Text made safe for innerHTML (player names come from people). */
export function escapeHTML(value) {
  // String patterns, not regular expressions: Babel's extraction of the messages below reads
  // a quote inside a regular expression as the start of a string.
  return String(value)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * One card as HTML: corners with rank and suit, and a big pip (a letter for court cards),
 * drawn from their ``data-face`` by the style sheet.
 * @param {string} code
 * @param {{cls?: string, style?: string, hidden?: boolean, w?: any}} [opts] ``w``: the words
 *   of the card's name for screen readers.
 */
export function cardHTML(code, opts = {}) {
  const c = parseCard(code, opts.w || ENGLISH);
  const cls = ["borsen-card", c.red ? "is-red" : "is-black"];
  if (c.isAce) cls.push("is-ace");
  if (c.isFace) cls.push("is-face");
  if (opts.cls) cls.push(opts.cls);
  const style = opts.style ? ` style="${escapeHTML(opts.style)}"` : "";
  const aria = opts.hidden ? ' aria-hidden="true"' : ` role="img" aria-label="${escapeHTML(c.name)}"`;
  // A card is a picture named by its label: its rank and suit are drawn (widget.css writes
  // each data-face), not text, so a button holding a card is named by its own words
  // (WCAG 2.5.3, label in name) and copied text holds no stray "A♦".
  const corner = `<span class="borsen-corner-rank" data-face="${escapeHTML(c.rank)}"></span>` +
    `<span class="borsen-corner-suit" data-face="${c.symbol}"></span>`;
  const centre = c.isFace
    ? `<span class="borsen-pip borsen-pip-face" data-face="${escapeHTML(c.rank)}">` +
      `<small data-face="${c.symbol}"></small></span>`
    : `<span class="borsen-pip" data-face="${c.symbol}"></span>`;
  return `<div class="${cls.join(" ")}" data-card="${c.code}"${style}${aria}>` +
    `<span class="borsen-corner borsen-tl" aria-hidden="true">${corner}</span>` +
    `<span aria-hidden="true">${centre}</span>` +
    `<span class="borsen-corner borsen-br" aria-hidden="true">${corner}</span></div>`;
}

/**
 * How the pile is fanned: each card's place in the fan and its tilt. The CSS spreads the
 * cards ``--i`` steps apart (a step shrinks so the fan always fits its box). The top card is
 * upright and fully visible so it reads clearly; the cards below lean a little, more the
 * further down they are, up to ``maxAngle`` degrees.
 * @param {number} count
 * @param {{maxAngle?: number}} [opts]
 * @returns {{index: number, angle: number, top: boolean}[]}
 */
export function fanLayout(count, opts = {}) {
  const maxAngle = opts.maxAngle ?? 6;
  const out = [];
  for (let i = 0; i < count; i++) {
    const fromTop = count - 1 - i;
    const angle = fromTop === 0 ? 0 : -Math.min(maxAngle, 1.5 * fromTop);
    out.push({ index: i, angle, top: fromTop === 0 });
  }
  return out;
}

/**
 * How many cards were put on the pile since the last view (0 when it is not simply the old
 * pile with cards added, e.g. after a bank, a pass or an undo).
 */
export function addedCards(before, after) {
  if (!before || after.length <= before.length) return 0;
  for (let i = 0; i < before.length; i++) {
    if (before[i] !== after[i]) return 0;
  }
  return after.length - before.length;
}


/** The main line at the top: whose turn it is and what they may do. */
export function statusText(view, w = ENGLISH) {
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
      // TRANSLATORS: {need} says what the next card needs, e.g. "needs a 6 or higher".
      return w.tn("Your turn: draw ({need}) or bank {count} card.",
        "Your turn: draw ({need}) or bank {count} cards.", n, { need, count: n });
    }
    if (you) {
      return w.tn("Your turn: draw or bank {count} card.",
        "Your turn: draw or bank {count} cards.", n, { count: n });
    }
    if (need) {
      // TRANSLATORS: {need} says what the next card needs, e.g. "needs a 6 or higher".
      return w.tn("{player}: draw ({need}) or bank {count} card.",
        "{player}: draw ({need}) or bank {count} cards.", n, { player, need, count: n });
    }
    return w.tn("{player}: draw or bank {count} card.", "{player}: draw or bank {count} cards.",
      n, { player, count: n });
  }
  if (view.actions.includes("bank")) {
    if (you) return w.t("Your turn: the deck is empty, so bank the pile.");
    return w.t("{player}: the deck is empty, so bank the pile.", { player });
  }
  if (you) return w.t("Your turn: draw a card.");
  return w.t("{player}: draw a card.", { player });
}

/** The label of an action button. */
export function actionLabel(kind, view, w = ENGLISH) {
  const n = view.pile.length;
  // TRANSLATORS: a button: put the pile's cards in your bank.
  if (kind === "bank") return w.tn("Bank {count} card", "Bank {count} cards", n, { count: n });
  // TRANSLATORS: a button: draw a card from the deck.
  return w.t("Draw");
}

/** The caption under the deck. */
export function deckCaption(view, w = ENGLISH) {
  if (!view.deck_size) return w.t("The deck is empty");
  return `${cardCount(view.deck_size, w)} · ${aceCount(view.deck_aces, w)}`;
}

/** The deck in words, for its label. */
export function deckLabel(view, w = ENGLISH) {
  const n = view.deck_aces;
  const cards = cardCount(view.deck_size, w);
  return w.tn("The deck: {cards}, {count} ace among them",
    "The deck: {cards}, {count} aces among them", n, { cards, count: n });
}

/** The pile in words, bottom first. */
export function pileLabel(pile, w = ENGLISH) {
  if (!pile.length) return w.t("The pile is empty");
  const card = parseCard(pile[pile.length - 1], w).name;
  const n = pile.length;
  const cards = cardsLabel(pile);
  return w.tn("The pile: {count} card, the top card is {card}: {cards}",
    "The pile: {count} cards, the top card is {card}: {cards}", n, { count: n, card, cards });
}

/** A seat in words, for its label. */
export function seatLabel(player, w = ENGLISH) {
  const name = player.bot ? w.t("{player} (a bot)", { player: player.name }) : player.name;
  const parts = [name, cardCount(player.score, w)];
  const aces = player.aces.length;
  if (aces) {
    parts.push(w.tn("{count} ace safe from robbers", "{count} aces safe from robbers", aces,
      { count: aces }));
  }
  if (player.is_current) parts.push(player.you ? w.t("your turn") : w.t("to play"));
  if (player.is_winner) parts.push(w.t("winner"));
  return parts.join(", ");
}

/** The seats for the end screen: best first, with shared places. */
export function ranking(players) {
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

/** The aces chosen in the dialog: ``chosen`` holds indices into ``pending``. */
export function chosenAces(pending, chosen) {
  return [...chosen].sort((a, b) => a - b).map((i) => pending[i]);
}

/** Toggle one ace in the dialog's selection (a new Set). */
export function toggleChoice(chosen, index) {
  const next = new Set(chosen);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}

/** The dialog's confirm button: its label, and whether it may be pressed (R12). */
export function aceConfirm(pending, chosen, toList, w = ENGLISH) {
  const listed = chosenAces(pending, chosen);
  const missing = Math.max(0, toList - listed.length);
  const cards = cardsLabel(listed);
  let label;
  if (missing) {
    label = w.tn("Choose an ace to list", "Choose {count} aces to list", missing,
      { count: missing });
  } else if (!listed.length) label = pending.length === 1 ? w.t("Keep it") : w.t("Keep all");
  else if (listed.length === pending.length && pending.length > 1) label = w.t("List all");
  else label = w.t("List {cards}", { cards });
  let hint;
  if (missing) {
    hint = w.tn("Choose {count} more ace to list (at least {least}).",
      "Choose {count} more aces to list (at least {least}).", missing,
      { count: missing, least: toList });
  } else if (listed.length) {
    hint = w.t("{cards} will be shuffled back into the deck.", { cards });
  } else hint = w.t("Every ace stays in your bank.");
  return { label, enabled: missing === 0, hint, listed };
}

/**
 * Which intent a key press means, or null. Letters are case-blind; ``dialog`` is true while
 * the ace dialog is open (digits then toggle aces: they return {toggle: i}).
 */
export function keyIntent(event, view, dialog = false) {
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

/** Whether the bot controls (pause, resume, step) are shown. */
export function showBotControls(view) {
  const c = view.controls || {};
  return Boolean(c.bots && !view.over && (c.only_bots || c.paused));
}

/** The events newer than those already shown (by id and text: undo can reuse ids). */
export function newEvents(shown, events) {
  const seen = new Set(shown.map((e) => `${e.id}|${e.text}`));
  return events.filter((e) => !seen.has(`${e.id}|${e.text}`));
}

/**
 * Request ids for one view or page: ``next()`` gives "<prefix>-1", "<prefix>-2", ... so a
 * notice that names its request can be told apart from another view's.
 * @param {string} prefix
 */
export function requestIds(prefix) {
  let n = 0;
  return {
    next() {
      n += 1;
      return `${prefix}-${n}`;
    },
  };
}

/**
 * Whether a notice is this view's to show: it answers none of the requests (news for every
 * view), or one of this view's own (its id starts with this view's prefix).
 * @param {{request?: string|number|null}} notice
 * @param {string} prefix
 */
export function isMine(notice, prefix) {
  const request = notice ? notice.request : null;
  if (request === null || request === undefined) return true;
  return String(request).startsWith(`${prefix}-`);
}

/** Small inline icons (SVG, so they look the same on every machine, emoji font or not). */
export const ICONS = {
  phone:
    '<svg class="borsen-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">' +
    '<path fill="currentColor" d="M5 1h6a1.5 1.5 0 0 1 1.5 1.5v11A1.5 1.5 0 0 1 11 15H5a1.5 1.5' +
    ' 0 0 1-1.5-1.5v-11A1.5 1.5 0 0 1 5 1zm0 1.5v9.5h6V2.5zM8 12.6a.9.9 0 1 0 0 1.8.9.9 0 0 0 ' +
    '0-1.8z"/></svg>',
  lock:
    '<svg class="borsen-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">' +
    '<path fill="currentColor" d="M4 7V5a4 4 0 0 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v5A1.5 1.5 0 0 1' +
    ' 12.5 15h-9A1.5 1.5 0 0 1 2 13.5v-5A1.5 1.5 0 0 1 3.5 7H4zm2 0h4V5a2 2 0 0 0-4 0v2z"/></svg>',
  trophy:
    '<svg class="borsen-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">' +
    '<path fill="currentColor" d="M4 1h8v1h3v2.5A3.5 3.5 0 0 1 11.7 8 4 4 0 0 1 9 10.4V12h2.5v2' +
    'h-7v-2H7v-1.6A4 4 0 0 1 4.3 8 3.5 3.5 0 0 1 1 4.5V2h3V1zm8 2.5V6.3A2 2 0 0 0 13.5 4.5v-1z' +
    'M4 3.5h-1.5v1A2 2 0 0 0 4 6.3z"/></svg>',
};

/** The glyph beside each kind of line in the event list, each one DejaVu Sans (Linux's
 * common font) has too: the bank's "⤓" (Supplemental Arrows-B) drew as a box there. */
export const EVENT_GLYPHS = {
  start: "▶", draw: "•", pass: "↪", rob: "✶", bank: "⇩", list: "↺", keep: "✓",
  rules: "§", end: "★",
};

/** localStorage when the browser allows it (a private window may not), else memory only. */
export function safeStorage() {
  const memory = new Map();
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
    },
  };
}
