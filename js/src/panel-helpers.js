// Pure helpers for the teacher's panel: exact fractions, decimals, the bar chart's geometry and
// its words. No DOM and no model here, so every function is unit-tested with vitest.
//
// Words come from the catalogues: each function that writes text takes the translator of the
// language spoken (`words`, from i18n.js's translator(model.get("speech"))) as its last,
// optional argument; without one it writes English.

import { translator } from "./i18n.js";

/** English, for callers that pass no translator. */
const ENGLISH = translator(null);

/** The ranks of the deck chart, in order (10 as "10"; the aces added up as "A"). */
export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/** The decimal sign and minus of a translator's language ("," and "−" in Norwegian). */
function symbols(words) {
  const w = words || ENGLISH;
  const half = w.number(1.5, 1, 1); // "1.5" / "1,5"
  const minus = w.number(-1); // "-1" / "−1"
  return { decimal: half.charAt(1), minus: minus.slice(0, minus.length - 1) };
}

/**
 * An exact fraction from its text ("15/30", "-3/4", "7"), as BigInts (no rounding, however
 * long: the best stopping rule's values can have fifty digits).
 * @param {string} text
 * @returns {{num: bigint, den: bigint}}
 */
export function parseFraction(text) {
  const m = /^\s*(-?\d+)\s*(?:\/\s*(\d+))?\s*$/.exec(String(text));
  if (!m || m[2] === "0" || /^0+$/.test(m[2] ?? "1")) {
    throw new Error(`not a fraction: ${JSON.stringify(text)}`);
  }
  return { num: BigInt(m[1]), den: BigInt(m[2] ?? "1") };
}

/**
 * The fraction as people write it: "3" for "3/1", else "a/b" (a minus sign for negatives,
 * the language's own with a translator: "−3/4" in Norwegian).
 * @param {string} text
 * @param {object} [words] the translator of the language spoken
 */
export function fractionText(text, words) {
  const { num, den } = parseFraction(text);
  const body = den === 1n ? String(num) : `${num}/${den}`;
  return words ? body.replace(/^-/, symbols(words).minus) : body;
}

/**
 * The decimal of an exact fraction with ``places`` decimals, rounded half away from zero
 * from the exact value (so 1/16 gives "0.063" everywhere, unlike binary floats); with a
 * translator, in the language's signs ("0,063" in Norwegian).
 * @param {string} text
 * @param {number} [places]
 * @param {object} [words] the translator of the language spoken
 */
export function decimalText(text, places = 3, words) {
  if (typeof places === "object" && places !== null) [places, words] = [3, places]; // (text, words)
  const { num, den } = parseFraction(text);
  const negative = num < 0n;
  const scale = 10n ** BigInt(places);
  const abs = negative ? -num : num;
  const scaled = (2n * abs * scale + den) / (2n * den); // round half up on |x|
  const whole = scaled / scale;
  const frac = (scaled % scale).toString().padStart(places, "0");
  const sign = words ? symbols(words) : { decimal: ".", minus: "-" };
  const body = places ? `${whole}${sign.decimal}${frac}` : `${whole}`;
  return negative && scaled !== 0n ? `${sign.minus}${body}` : body;
}

/** Whether the decimal with ``places`` decimals is exact (1/2 → 0.500 is; 1/3 is not). */
export function isExactDecimal(text, places = 3) {
  const { num, den } = parseFraction(text);
  return (num * 10n ** BigInt(places)) % den === 0n;
}

/** "=" when the decimal is exact, "≈" when it is rounded (the same in every language). */
export function approxSign(text, places = 3, _words) {
  if (typeof places !== "number") places = 3; // (text, words)
  return isExactDecimal(text, places) ? "=" : "≈";
}

/** Whether a fraction is short enough for large type (else it is printed small, wrapped). */
export function isShortFraction(text, max = 11) {
  return fractionText(text).length <= max;
}

/**
 * Whether a class can read the fraction: numerator and denominator of at most ``digits``
 * digits ("15/30", "11/4"). Else the panel shows the decimal, the exact fraction one click
 * away for the teacher.
 * @param {string} text
 * @param {number} [digits]
 */
export function isReadableFraction(text, digits = 3) {
  const { num, den } = parseFraction(text);
  const abs = num < 0n ? -num : num;
  return String(abs).length <= digits && String(den).length <= digits;
}


/**
 * The bars of the deck chart: one per rank 2…K and one for the aces, in that order, a rank
 * with no card left included (the panel's deck data lists only cards left, each ace suit
 * apart: the chart adds the aces up). Heights are percentages of the tallest possible bar (a
 * full rank: 4 cards a deck, or the most cards of a rank now if more). ``accepted`` is null
 * when the answers are hidden (guess first); ``status`` is "accepted", "partial" (a house
 * rule may accept some suits only), "refused", "empty" (no card left) or "unknown".
 * @param {{label: string, count: number, accepted: number|null}[]} deck
 */
export function chartBars(deck) {
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
    if (entry.accepted === null || entry.accepted === undefined) known = false;
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
      height: (100 * b.count) / most,
      acceptedHeight: known ? (100 * b.accepted) / most : 0,
    };
  });
}


/**
 * "4 twos", "1 queen": a number of cards of one rank (R2), in the language's own words.
 * @param {number} n
 * @param {string} rank "2"…"10", "J", "Q", "K", "A"
 * @param {object} [words]
 */
export function rankCount(n, rank, words) {
  const w = words || ENGLISH;
  const v = { count: n };
  switch (rank) {
    case "2": return w.tnp("rank", "{count} two", "{count} twos", n, v);
    case "3": return w.tnp("rank", "{count} three", "{count} threes", n, v);
    case "4": return w.tnp("rank", "{count} four", "{count} fours", n, v);
    case "5": return w.tnp("rank", "{count} five", "{count} fives", n, v);
    case "6": return w.tnp("rank", "{count} six", "{count} sixes", n, v);
    case "7": return w.tnp("rank", "{count} seven", "{count} sevens", n, v);
    case "8": return w.tnp("rank", "{count} eight", "{count} eights", n, v);
    case "9": return w.tnp("rank", "{count} nine", "{count} nines", n, v);
    case "10": return w.tnp("rank", "{count} ten", "{count} tens", n, v);
    case "J": return w.tnp("rank", "{count} jack", "{count} jacks", n, v);
    case "Q": return w.tnp("rank", "{count} queen", "{count} queens", n, v);
    case "K": return w.tnp("rank", "{count} king", "{count} kings", n, v);
    case "A": return w.tnp("rank", "{count} ace", "{count} aces", n, v);
    default: return `${n} × ${rank}`;
  }
}

/** The chart in words, its text alternative: "Cards left in the deck, 12 in all: 4 twos, not
 * accepted; …". */
export function chartText(bars, words) {
  const w = words || ENGLISH;
  const total = bars.reduce((s, b) => s + b.count, 0);
  if (!total) return w.t("The deck is empty.");
  const parts = bars.filter((b) => b.count).map((b) => {
    const what = rankCount(b.count, b.label, w);
    if (b.status === "unknown") return what;
    if (b.status === "partial") {
      return w.tn("{cards}, {accepted} of them accepted", "{cards}, {accepted} of them accepted",
        b.accepted, { cards: what, accepted: b.accepted });
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
      { total, ranks: list, accepted },
    );
  }
  return w.tn(
    "Cards left in the deck, {total} in all: {ranks}.",
    "Cards left in the deck, {total} in all: {ranks}.",
    total,
    { total, ranks: list },
  );
}

/** The words for what the values count: "card", "cards", "cards of lead". */
export function unitWord(value, objective, words) {
  const w = words || ENGLISH;
  const { num, den } = parseFraction(value);
  const n = num === den ? 1 : 2; // "1 card", but "1/2 cards", "3/2 cards"
  if (objective === "lead") return w.tnp("unit", "card of lead", "cards of lead", n);
  return w.tnp("unit", "card", "cards", n);
}

/** The class's votes in words: "Draw 12 · Bank 5". */
export function votesText(votes, words) {
  const w = words || ENGLISH;
  const v = votes || {};
  return w.t("Draw {draw} · Bank {bank}", { draw: v.draw ?? 0, bank: v.bank ?? 0 });
}

/**
 * What the best stopping rule's line says while it is not solved, in plain words for the
 * class (Python writes it in the language spoken: ``best.text``; ``best.detail`` is the
 * teacher's technical line).
 * @param {{state: string, states?: number, text?: string}} best
 * @param {object} [words]
 */
export function bestStatus(best, words) {
  if (!best) return "";
  if (best.text) return best.text;
  if (best.state === "working") return (words || ENGLISH).t("Still counting…");
  return "";
}

/**
 * How the best choice is known, in a few plain words (the choice's "how" line, on the
 * class's screen): worked out exactly, the only move, or which simple check proves it
 * ("proof" and "steps" from analysis.best_choice).
 * @param {{how?: string|null, proof?: string|null, steps?: number|null}} choice
 * @param {object} [words]
 */
export function choiceHow(choice, words) {
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
        count: n,
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
        { count: n },
      );
    default:
      return w.t("proven");
  }
}

/**
 * The same for the teacher's detail, with the methods' technical names (the exact best
 * stopping rule, the one-draw look-ahead, bounds).
 * @param {{how?: string|null, proof?: string|null, steps?: number|null}} choice
 * @param {object} [words]
 */
export function choiceMethod(choice, words) {
  if (!choice) return "";
  const w = words || ENGLISH;
  if (!choice.how) {
    return w.t("Method: exact bounds on the value of drawing do not decide; the exact best " +
      "stopping rule (dynamic programming over every card that can come) is needed.");
  }
  if (choice.how === "exact") {
    return w.t("Method: the exact best stopping rule (dynamic programming over every card " +
      "that can come).");
  }
  if (choice.how === "only") return w.t("Method: the only legal move (R4, R14).");
  const n = choice.steps;
  switch (choice.proof) {
    case "one_draw":
      return w.t("Method: a lower bound, the one-draw look-ahead (draw once, then bank), " +
        "already reaches the value of banking.");
    case "draw_until":
      return w.t("Method: a lower bound, the policy “draw until {count} more cards are " +
        "accepted, then bank”, already reaches the value of banking.", { count: n });
    case "look_ahead":
      return w.t("Method: a lower bound, the best play within {count} draws (a look-ahead " +
        "of depth {count}), already reaches the value of banking.", { count: n });
    case "run":
      return w.t("Method: an upper bound, the clairvoyant run bound (someone who sees the " +
        "deck's order banks just before the first refused card), is below the value of " +
        "banking.");
    case "look_ahead_run":
      return w.t("Method: an upper bound, the clairvoyant run bound after a look-ahead of " +
        "{count} cards followed exactly, is below the value of banking.", { count: n });
    default:
      return w.t("Method: exact bounds.");
  }
}

/**
 * The proven bounds on the value of drawing worth showing while the exact rule is worked out:
 * the lower bound when it says more than the one-draw look-ahead, and the upper bound.
 * @param {{lower?: {fraction: string}|null, upper?: {fraction: string}|null}|null} certified
 * @param {{draw?: {fraction: string}}|null} oneStep
 * @returns {{lower: string|null, upper: string|null}}
 */
export function provenBounds(certified, oneStep) {
  if (!certified) return { lower: null, upper: null };
  let lower = certified.lower ? certified.lower.fraction : null;
  if (lower && oneStep && oneStep.draw) {
    const a = parseFraction(lower);
    const b = parseFraction(oneStep.draw.fraction);
    if (a.num * b.den <= b.num * a.den) lower = null; // no more than the look-ahead's row says
  }
  return { lower, upper: certified.upper ? certified.upper.fraction : null };
}

/** Which panel request a key press means, or null: R reveals the answers (guess first). */
export function panelKey(event, data) {
  if (!data || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return null;
  const key = String(event.key || "").toLowerCase();
  if (key === "r" && data.hidden) return { intent: "reveal" };
  return null;
}
