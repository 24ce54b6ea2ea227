// Pure helpers for the teacher's panel: exact fractions, decimals, the bar chart's geometry and
// its words. No DOM and no model here, so every function is unit-tested with vitest.

import { RANKS, rankCount } from "./words.js";

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
 * The fraction as people write it: "3" for "3/1", else "a/b" (a minus sign for negatives).
 * @param {string} text
 */
export function fractionText(text) {
  const { num, den } = parseFraction(text);
  return den === 1n ? String(num) : `${num}/${den}`;
}

/**
 * The decimal of an exact fraction with ``places`` decimals, rounded half away from zero
 * from the exact value (so 1/16 gives "0.063" everywhere, unlike binary floats).
 * @param {string} text
 * @param {number} [places]
 */
export function decimalText(text, places = 3) {
  const { num, den } = parseFraction(text);
  const negative = num < 0n;
  const scale = 10n ** BigInt(places);
  const abs = negative ? -num : num;
  const scaled = (2n * abs * scale + den) / (2n * den); // round half up on |x|
  const whole = scaled / scale;
  const frac = (scaled % scale).toString().padStart(places, "0");
  const body = places ? `${whole}.${frac}` : `${whole}`;
  return negative && scaled !== 0n ? `-${body}` : body;
}

/** Whether the decimal with ``places`` decimals is exact (1/2 → 0.500 is; 1/3 is not). */
export function isExactDecimal(text, places = 3) {
  const { num, den } = parseFraction(text);
  return (num * 10n ** BigInt(places)) % den === 0n;
}

/** "=" when the decimal is exact, "≈" when it is rounded. */
export function approxSign(text, places = 3) {
  return isExactDecimal(text, places) ? "=" : "≈";
}

/** Whether a fraction is short enough for large type (else it is printed small, wrapped). */
export function isShortFraction(text, max = 11) {
  return fractionText(text).length <= max;
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


/** The chart in words, its text alternative: "Cards left: 4 twos, not accepted; …". */
export function chartText(bars) {
  const total = bars.reduce((s, b) => s + b.count, 0);
  if (!total) return "The deck is empty.";
  const parts = bars.filter((b) => b.count).map((b) => {
    const what = rankCount(b.count, b.label);
    if (b.status === "unknown") return what;
    if (b.status === "partial") return `${what}, ${b.accepted} of them accepted`;
    return `${what}, ${b.status === "accepted" ? "accepted" : "not accepted"}`;
  });
  const accepted = bars.every((b) => b.accepted !== null)
    ? ` ${bars.reduce((s, b) => s + b.accepted, 0)} of the ${total} would be accepted.`
    : "";
  return `Cards left in the deck, ${total} in all: ${parts.join("; ")}.${accepted}`;
}

/** The words for what the values count. */
export function unitWord(value, objective) {
  if (objective === "lead") return "cards of lead";
  const { num, den } = parseFraction(value);
  return num === den ? "card" : "cards"; // "1 card", but "1/2 cards", "3/2 cards"
}

/** The class's votes in words: "Draw 12 · Bank 5". */
export function votesText(votes) {
  const v = votes || {};
  return `Draw ${v.draw ?? 0} · Bank ${v.bank ?? 0}`;
}

/**
 * What the best stopping rule's line says while it is not solved.
 * @param {{state: string, states?: number, text?: string}} best
 */
export function bestStatus(best) {
  if (!best) return "";
  if (best.state === "working") {
    const n = best.states ? ` (${best.states.toLocaleString("en-US").replace(/,/g, "\u202f")} ` +
      "states so far)" : "";
    return `Working out the best stopping rule…${n}`;
  }
  return best.text || "";
}

/**
 * How the best choice is known, in a few words (the choice's "how" line): the exact stopping
 * rule, the only move, or which exact bound proves it ("proof" and "steps" from
 * analysis.best_choice).
 * @param {{how?: string|null, proof?: string|null, steps?: number|null}} choice
 */
export function choiceHow(choice) {
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
