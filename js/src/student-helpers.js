// Pure helpers for a class on the students' phones: the student page's words and choices and
// the teacher's join card's. No DOM and no socket here, so each is unit-tested with vitest.
// Every text is a message of the catalogues, written with the translator `tr` of the language
// the page reads (`translator(speech)` from i18n.js; without one, English).

import { escapeHTML } from "./helpers.js";
import { approxSign, decimalText, fractionText } from "./panel-helpers.js";
import { translator } from "./i18n.js";

const ENGLISH = translator(null);

/** The WebSocket address of the page at ``href`` (``http://h:p/<token>/`` → ``ws://h:p/<token>/ws``). */
export function socketUrl(href) {
  const url = new URL("ws", href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.hash = "";
  url.search = "";
  return url.toString();
}

/** The key under which a page keeps its session for the class at ``pathname``. */
export function sessionKey(pathname) {
  return `borsen-class:${pathname}`;
}

/** The key under which a phone keeps the language chosen on the page's switch. */
export const LANGUAGE_KEY = "borsen-class-language";

/** The languages of the page's switch: each in its own words (a code and its name). */
export const LANGUAGE_CHOICES = [
  { code: "nb", name: "Bokmål" },
  { code: "nn", name: "Nynorsk" },
  { code: "en", name: "English" },
];

/** What is wrong with a name before it is sent (Python checks again), or "". */
export function nameProblem(name, max = 24, tr = ENGLISH) {
  const clean = String(name || "").trim().replace(/\s+/g, " ");
  if (!clean) return tr.t("Type your name to join.");
  if (clean.length > max) {
    return tr.t("A name has at most {count} letters; choose a shorter one.", { count: max });
  }
  return "";
}

/** A seat's state in words, for the join card: "a bot", "played by Lina", "open", "played here". */
export function seatState(seat, tr = ENGLISH) {
  // TRANSLATORS: the state of a seat on the teacher's join card: a bot plays it.
  if (seat.bot) return tr.t("a bot");
  // TRANSLATORS: the state of a seat on the join card: the student {student} plays it.
  if (seat.holder) return tr.t("played by {student}", { student: seat.holder });
  return seat.open
    ? // TRANSLATORS: the state of a seat on the join card: open to the students' phones.
      tr.t("open: a student may take it")
    : // TRANSLATORS: the state of a seat on the join card: played on the teacher's screen.
      tr.t("played here");
}

/** The join card's count line: "12 students · 3 away · 8 voted". */
export function roomSummary(card, tr = ENGLISH) {
  const students = card.students || [];
  const n = students.length;
  const parts = [tr.tn("{count} student", "{count} students", n, { count: n })];
  const away = students.filter((s) => !s.here).length;
  // TRANSLATORS: on the join card: how many students have left the page for now.
  if (away) parts.push(tr.t("{count} away", { count: away }));
  // TRANSLATORS: on the join card: how many have voted on the decision (guess first).
  if (card.voters) parts.push(tr.t("{count} voted", { count: card.voters }));
  return parts.join(" · ");
}

/** The seats a student may take now: open and held by nobody. */
export function freeSeats(seats) {
  return (seats || []).filter((s) => s.open && !s.holder && !s.bot);
}

/** The line about the student's own seat. */
export function seatLine(you, seats, tr = ENGLISH) {
  if (you && you.seat !== null && you.seat !== undefined) {
    const seat = (seats || []).find((s) => s.seat === you.seat);
    const player = seat ? seat.name : String(you.seat + 1);
    return tr.t("You play {player}'s seat: your buttons show when it is your turn.", { player });
  }
  return freeSeats(seats).length
    ? tr.t("Take a seat to play, or watch and vote.")
    : tr.t("Watch and vote: your teacher may open a seat for you.");
}

/** The question the class votes on, from its data (who decides, how big the pile is). */
export function voteQuestion(c, tr = ENGLISH) {
  const player = c.player || "";
  if (c.kind === "forced") return tr.t("{player} must draw: the pile is empty.", { player });
  const n = c.pile_size || 0;
  return tr.tn(
    "{player}: draw once more, or bank the pile's {count} card?",
    "{player}: draw once more, or bank the pile's {count} cards?",
    n,
    { player, count: n },
  );
}

/** The best choice after Reveal, in words: which, and how it is known. */
export function choiceLine(choice, tr = ENGLISH) {
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

/**
 * What the vote card says (guess first), from the class's data and the student's own vote:
 * ``{show, question, canVote, bank, mine, count, results: [lines] | null}``.
 */
export function voteCard(cls, vote, tr = ENGLISH) {
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
    results: null,
  };
  if (!c.hidden) {
    const lines = [];
    if (c.votes) {
      lines.push(
        tr.t("The class voted: {draw} to draw, {bank} to bank.", {
          draw: c.votes.draw ?? 0,
          bank: c.votes.bank ?? 0,
        }),
      );
    }
    if (c.p_accept) lines.push(chanceLine(c.p_accept, tr));
    const line = choiceLine(c.choice, tr);
    if (line) lines.push(line);
    out.results = lines;
  }
  return out;
}

/** "Chance the next card is accepted: 15/30 = 1/2 = 0,5." in the page's numbers. */
export function chanceLine(p, tr = ENGLISH) {
  const f = p.fraction;
  const reduced = fractionText(f);
  const decimal = tr.number(Number(decimalText(f)), 3);
  const exact = approxSign(f) === "=";
  const values = { counted: p.counted, fraction: reduced, decimal };
  if (reduced !== p.counted) {
    return exact
      ? tr.t("Chance the next card is accepted: {counted} = {fraction} = {decimal}.", values)
      : tr.t("Chance the next card is accepted: {counted} = {fraction} ≈ {decimal}.", values);
  }
  return exact
    ? tr.t("Chance the next card is accepted: {counted} = {decimal}.", values)
    : tr.t("Chance the next card is accepted: {counted} ≈ {decimal}.", values);
}

/** How long to wait before reconnecting after ``tries`` failures (ms): 0.5 s doubling to 8 s. */
export function retryDelay(tries) {
  return Math.min(8000, 500 * 2 ** Math.max(0, tries));
}

// ---------------------------------------------------------------------------- posed questions
// A question the teacher poses comes as data ({kind, state, player, pile_size, deck_size,
// range, seconds, answered, students, hold, and after the reveal truth, answers, mean_error,
// right}); the phones, the projector and the teacher's join card write it with these.

/** The kinds of question, in the order of the teacher's buttons. */
export const QUESTION_KINDS = ["chance", "count", "expected", "choice"];

/** The question in words. */
export function questionText(q, tr = ENGLISH) {
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
      { count: n },
    );
  }
  if (q.kind === "expected") {
    return tr.t(
      "How many cards will {player} bank on average this turn if they draw exactly once more and then bank?",
      { player },
    );
  }
  return voteQuestion({ kind: "choice", player, pile_size: q.pile_size }, tr);
}

/** A probability as a percentage with at most one decimal: 40 %, 37,5 %. */
export function percentText(p, tr = ENGLISH) {
  // The rounding that writes the tenth decides whether it is shown (32.95% → 33%, not 33.0%).
  const tenth = tr.number(Math.abs(p) * 100, 1, 1).slice(-1);
  return tr.percent(p, tenth === "0" ? 0 : 1);
}

/** A fraction "p/q" as a number. */
function fractionValue(text) {
  const m = /^(\d+)\/(\d+)$/.exec(String(text));
  return m ? Number(m[1]) / Number(m[2]) : Number(text);
}

/** The longest typed answer read (as Python's typed.MAX_TYPED). */
const MAX_TYPED = 24;
/** A fraction "3/8" (at most 4 digits a side) and a number "37,5 %" (as Python's typed.py). */
const TYPED_FRACTION = /^([0-9]{1,4}) ?\/ ?([0-9]{1,4})$/;
const TYPED_NUMBER = /^([0-9]{1,6})?(?:([.,])([0-9]{1,6}))? ?(%)?$/;

/**
 * The student's typed answer, checked before it is sent. The rule's home is Python
 * (borsen_widget/classroom/typed.py), which reads the text the phone sends; this
 * mirror says at once what the text will count as, and both are held to one table of cases
 * (js/test/typed-answers.json). ``{ok: true, value, number}`` (``value``: the text as sent;
 * ``number``: what it counts as, a chance from 0 to 1) or ``{ok: false, problem}``.
 * chance: a percentage ("37", "37,5", "0,5 %"), a probability written with a decimal
 * separator ("0,25" = 25 %; "1" alone stays 1 %) or a fraction ("3/8"); count: a whole
 * number in the range; expected: a number ("2,5") or a fraction in the range.
 */
export function parseAnswer(kind, text, range, tr = ENGLISH) {
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
    // A decimal from 0 to 1 without "%" is a probability (0,25 = 25 %); anything else a percent.
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

/**
 * What the typed answer will count as, before it is sent: "You mean 25 %." for a
 * chance, "You mean 2,5 cards." for a fraction of cards; "" while the field says nothing yet
 * or cannot be read (the problem is told on sending).
 */
export function answerEcho(kind, text, range, tr = ENGLISH) {
  const parsed = parseAnswer(kind, text, range, tr);
  if (!parsed.ok || (kind !== "chance" && kind !== "expected")) return "";
  if (kind === "chance") {
    // As many decimals as the answer has (0,25 % stays 0,25 %, not 0,3 %), at most four.
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

/** An answer as the page writes it: "40 %" / "3/8 (37,5 %)", "12", "2,5", "draw". */
export function answerValueText(kind, value, tr = ENGLISH) {
  if (kind === "chance") {
    if (typeof value === "string") return `${value} (${percentText(fractionValue(value), tr)})`;
    return percentText(value, tr);
  }
  if (kind === "count") return tr.number(value, 0);
  if (kind === "expected") return tr.number(value, 2);
  // TRANSLATORS: a student's answer to "draw or bank?", inside a sentence.
  if (value === "draw") return tr.tp("answer", "draw");
  // TRANSLATORS: a student's answer to "draw or bank?", inside a sentence.
  if (value === "bank") return tr.tp("answer", "bank");
  return String(value);
}

/** "Your answer: 40 %." or "You have not answered yet." */
export function mineText(kind, mine, tr = ENGLISH) {
  if (!mine || mine.value === null || mine.value === undefined) {
    return tr.t("You have not answered yet.");
  }
  return tr.t("Your answer: {answer}.", { answer: answerValueText(kind, mine.value, tr) });
}

/** "12 of 30 have answered." */
export function answeredText(q, tr = ENGLISH) {
  const n = q.answered || 0;
  return tr.tn("{count} of {total} has answered.", "{count} of {total} have answered.", n, {
    count: n,
    total: q.students || 0,
  });
}

/** The exact answer, short: "3/8 = 0,375 = 37,5 %", "1/3 ≈ 0,333", "12", "draw". */
export function truthShort(q, tr = ENGLISH) {
  const t = q.truth;
  if (!t) return "";
  if (q.kind === "choice") {
    // TRANSLATORS: the right answer to "draw or bank?" when both are proven equally good.
    if (t.action === "either") return tr.t("either (equally good)");
    return answerValueText("choice", t.action, tr);
  }
  if (q.kind === "count") return tr.number(t.value, 0);
  const fraction = t.fraction ? fractionText(t.fraction, tr) : "";
  const sign = t.fraction ? approxSign(t.fraction) : "≈";
  const decimal = t.fraction ? decimalText(t.fraction, 3, tr).replace(/0+$/, "").replace(/[.,]$/, "")
    : tr.number(t.value, 3);
  const parts = [];
  if (fraction && fraction !== decimal) parts.push(fraction);
  parts.push(decimal);
  let text = parts.join(` ${sign} `);
  if (q.kind === "chance") text += ` ${sign} ${percentText(t.value, tr)}`;
  return text;
}

/** The exact answer as a sentence, after the reveal. */
export function truthText(q, tr = ENGLISH) {
  const t = q.truth;
  if (!t) return "";
  if (q.kind === "choice") {
    if (t.action === "either") return tr.t("Drawing and banking are worth exactly the same here: both answers are right.");
    if (t.action === "draw") return tr.t("The best choice: draw.");
    return tr.t("The best choice: bank.");
  }
  return tr.t("The exact answer: {answer}.", { answer: truthShort(q, tr) });
}

/** An error in the answer's unit: "2,5 percentage points", "3 cards", "0,25 cards". */
export function errorText(kind, error, tr = ENGLISH) {
  if (kind === "chance") {
    const n = Math.round(error * 1000) / 10;
    return tr.tn("{count} percentage point", "{count} percentage points", n, { count: n });
  }
  const n = Math.round(error * 100) / 100; // a class's mean error of a count: 2,4 cards
  return tr.tn("{count} card", "{count} cards", n, { count: n });
}

/** "97 points" / "1 point". */
export function pointsText(points, tr = ENGLISH) {
  return tr.tn("{count} point", "{count} points", points, { count: points });
}

/** The student's own result after the reveal: their error and points. */
export function resultText(q, mine, tr = ENGLISH) {
  if (!mine || mine.question !== q.id || mine.value === null || mine.value === undefined) {
    return tr.t("You did not answer this question.");
  }
  const points = pointsText(mine.points ?? 0, tr);
  if (q.kind === "choice") {
    return (mine.points ?? 0) > 0
      ? tr.t("Right: you get {points}.", { points })
      : tr.t("Not the best choice: you get {points}.", { points });
  }
  if (!mine.error) return tr.t("Exactly right: you get {points}.", { points });
  return tr.t("Off by {error}: you get {points}.", { error: errorText(q.kind, mine.error, tr), points });
}

/** How the class did: the mean error, or how many chose right. */
export function classText(q, tr = ENGLISH) {
  if (q.kind === "choice") {
    if (q.right === null || q.right === undefined) return "";
    const total = (q.answers || []).length;
    return tr.tn("{count} of {total} chose right.", "{count} of {total} chose right.", q.right, {
      count: q.right,
      total,
    });
  }
  if (q.mean_error === null || q.mean_error === undefined) return "";
  return tr.t("The class was off by {error} on average.", { error: errorText(q.kind, q.mean_error, tr) });
}

/** The student's total: "Your total: 412 points." */
export function totalText(scores, tr = ENGLISH) {
  const n = (scores && scores.total) || 0;
  return tr.tn("Your total: {count} point.", "Your total: {count} points.", n, { count: n });
}

/** The trend in words (the sparkline's text): "Your points per question: 80, 95 and 100." */
export function trendText(scores, tr = ENGLISH) {
  const qs = (scores && scores.questions) || [];
  if (!qs.length) return tr.t("No question has been revealed yet.");
  return tr.t("Your points per question, in order: {points}.", {
    points: tr.join(qs.map((s) => tr.number(s.points ?? 0, 0))),
  });
}

/** How answers are scored, in one paragraph for 13–15-year-olds (points that read as
 * a grade; scoring.py's rule). */
export function scoringText(tr = ENGLISH) {
  return tr.t(
    "Every answer gets from 0 to 100 points, worked out from the exact answer, never from luck. For a chance, each percentage point you are off costs 4 points: the exact chance gets 100, an answer 5 percentage points off gets 80, and one 25 or more off gets 0. A count or an average is scored the same way on its own range: a miss of a quarter of the possible answers or more gets 0. For draw or bank, the best choice gets 100 and the other 0; when both are proven equally good, both get 100.",
  );
}

/** Seconds left on the question's timer ``at`` ms after it was received, or null. */
export function secondsLeft(q, receivedAt, at) {
  if (!q || q.seconds === null || q.seconds === undefined || q.state !== "open") return null;
  return Math.max(0, Math.ceil(q.seconds - (at - receivedAt) / 1000));
}

/** "12 seconds left". */
export function timerText(seconds, tr = ENGLISH) {
  return tr.tn("{count} second left", "{count} seconds left", seconds, { count: seconds });
}

/** A timed question's warning before it ends, said to a screen reader: how long is left and,
 * while the pupil may still ask (``canAsk``), how to get longer (WCAG 2.2.1). */
export function timeWarningText(seconds, canAsk, tr = ENGLISH) {
  const n = { count: seconds };
  return canAsk
    ? tr.tn(
      // TRANSLATORS: said by a screen reader; "More time" is the button's text.
      "Only {count} second left: press More time if you need longer.",
      "Only {count} seconds left: press More time if you need longer.",
      seconds,
      n,
    )
    : tr.tn("Only {count} second left.", "Only {count} seconds left.", seconds, n);
}

/**
 * The histogram's bins of the class's answers: ``[{low, high, count}]`` over the range
 * (chance: ten of 10 %; count: one a whole number, or wider when the range is large; expected:
 * ten), the last bin closed at its top. Answers outside the range go to the nearest bin.
 */
export function answerBins(kind, answers, range) {
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
    edges = Array.from({ length: 11 }, (_, i) => low + ((high - low) * i) / 10);
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

/** Where ``value`` lies across the range, 0..1. */
function across(value, low, high) {
  if (high <= low) return 0.5;
  return Math.min(1, Math.max(0, (value - low) / (high - low)));
}

/** A value as the chart's axis writes it. */
function axisText(kind, value, tr) {
  return kind === "chance" ? percentText(value, tr) : tr.number(value, 1);
}

/**
 * The class's answers as an SVG (a string, drawn in JS): a histogram with the truth marked by
 * a line and its label (choice: two bars with their counts, the best one marked), with a text
 * alternative. ``truth`` is drawn only when the question carries it (after the reveal, or on
 * the teacher's card).
 */
export function answerChart(q, tr = ENGLISH) {
  const W = 320;
  const H = 170;
  const top = 44; // room above the tallest bar's count for the truth's label
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
      ["bank", bank, answerValueText("choice", "bank", tr)],
    ];
    bars.forEach(([key, count, word], i) => {
      const x = 50 + i * 130;
      const h = ((base - top) * count) / max;
      const best = truth && (truth.action === key || truth.action === "either");
      parts.push(
        `<rect class="borsen-chart-bar${best ? " is-truth" : ""}" x="${x}" y="${base - h}" ` +
          `width="90" height="${h}" rx="4"></rect>`,
        `<text class="borsen-chart-count" x="${x + 45}" y="${base - h - 6}" text-anchor="middle">${count}</text>`,
        `<text class="borsen-chart-axis" x="${x + 45}" y="${base + 18}" text-anchor="middle">` +
          `${best ? "✓ " : ""}${escapeHTML(word)}</text>`,
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
      const h = ((base - top) * b.count) / max;
      if (!b.count) return;
      parts.push(
        `<rect class="borsen-chart-bar" x="${(left + i * step + 1).toFixed(1)}" y="${(base - h).toFixed(1)}" ` +
          `width="${(step - 2).toFixed(1)}" height="${h.toFixed(1)}" rx="2"></rect>`,
        `<text class="borsen-chart-count" x="${(left + (i + 0.5) * step).toFixed(1)}" ` +
          `y="${(base - h - 4).toFixed(1)}" text-anchor="middle">${b.count}</text>`,
      );
    });
    parts.push(
      `<line class="borsen-chart-base" x1="${left}" y1="${base}" x2="${left + width}" y2="${base}"></line>`,
      `<text class="borsen-chart-axis" x="${left}" y="${base + 18}" text-anchor="start">` +
        `${escapeHTML(axisText(q.kind, low, tr))}</text>`,
      `<text class="borsen-chart-axis" x="${left + width}" y="${base + 18}" text-anchor="end">` +
        `${escapeHTML(axisText(q.kind, q.kind === "count" ? range.high : high, tr))}</text>`,
    );
    if (truth) {
      // A count's bins are whole numbers [k, k + 1): its truth is drawn in the middle of one.
      const at = q.kind === "count" ? truth.value + 0.5 : truth.value;
      const x = left + width * across(at, low, high);
      const anchor = x < 80 ? "start" : x > W - 80 ? "end" : "middle";
      parts.push(
        `<line class="borsen-chart-truth" x1="${x.toFixed(1)}" y1="20" x2="${x.toFixed(1)}" y2="${base}"></line>`,
        `<text class="borsen-chart-truth-label" x="${x.toFixed(1)}" y="14" ` +
          `text-anchor="${anchor}">${escapeHTML(truthShort(q, tr))}</text>`,
      );
      label = tr.tn(
        "The class's {count} answer, with the exact answer {answer} marked.",
        "The class's {count} answers, with the exact answer {answer} marked.",
        n,
        { count: n, answer: truthShort(q, tr) },
      );
    } else {
      label = tr.tn("The class's {count} answer.", "The class's {count} answers.", n, { count: n });
    }
  }
  const alt = escapeHTML(label);
  return (
    `<svg class="borsen-chart" viewBox="0 0 ${W} ${H + 5}" role="img" aria-label="${alt}">` +
    `<title>${alt}</title>${parts.join("")}</svg>`
  );
}

/** A row of small bars, one a revealed question (its points of 100): the student's trend. */
export function trendChart(scores) {
  const qs = (scores && scores.questions) || [];
  if (!qs.length) return "";
  const W = Math.max(60, qs.length * 14);
  const bars = qs
    .map((s, i) => {
      const p = Math.max(0, Math.min(100, s.points ?? 0));
      const h = Math.max(1, (30 * p) / 100);
      return `<rect x="${i * 14 + 2}" y="${(32 - h).toFixed(1)}" width="10" height="${h.toFixed(1)}" rx="1"></rect>`;
    })
    .join("");
  return `<svg class="borsen-trend" viewBox="0 0 ${W} 34" aria-hidden="true" focusable="false">${bars}</svg>`;
}

// ---------------------------------------------------------------------------- the class at tables
// The phone's own table ({type: "table", number, tables, game, next, chance}) and the student's
// figures beside the class's ({type: "figures", you, class}); see the contract in wire.py.

/**
 * What the phone shows of its table: ``{show: false}`` while the class is not at tables, else
 * ``{show, title, next, chance}`` (``next``: what starts the next game, only when this game is
 * over; ``chance``: the exact chance the next card is accepted, only when the teacher shows it
 * and it is this phone's choice; each "" when not shown).
 */
export function tableLines(table, over, tr = ENGLISH) {
  if (!table || table.number === null || table.number === undefined) return { show: false };
  // TRANSLATORS: the heading of a student's phone while the class plays at tables.
  const title = tr.t("Table {number} of {tables} · game {game}", {
    number: table.number,
    tables: table.tables ?? table.number,
    game: table.game ?? 1,
  });
  let next = "";
  if (over) {
    next = table.next === "teacher"
      ? tr.t("The next game starts when your teacher says.")
      : tr.t("The next game starts in a moment.");
  }
  return { show: true, title, next, chance: tableChance(table.chance, tr) };
}

/** "The chance the next card is accepted: 15/30 (50 %)." or "" without a chance. */
export function tableChance(chance, tr = ENGLISH) {
  if (!chance || !(chance.left > 0)) return "";
  const accepted = Number(chance.accepted) || 0;
  return tr.t("The chance the next card is accepted: {accepted}/{left} ({percent}).", {
    accepted,
    left: chance.left,
    percent: percentText(accepted / chance.left, tr),
  });
}

/**
 * The student's figures and the class's in sentences: ``{you: [lines], cls: line}``, each line
 * left out while it has nothing to count yet. Only draws that could fail count (chance < 1).
 */
export function figuresLines(figures, tr = ENGLISH) {
  const you = (figures && figures.you) || {};
  const cls = (figures && figures.class) || {};
  const lines = [];
  const draws = Number(you.draws) || 0;
  if (draws) {
    lines.push(
      tr.tn(
        "You drew {count} time: {accepted} accepted, where the theory expected {expected}.",
        "You drew {count} times: {accepted} accepted, where the theory expected {expected}.",
        draws,
        { count: draws, accepted: Number(you.accepted) || 0, expected: tr.number(Number(you.expected) || 0, 1, 1) },
      ),
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
        { count: best, total: proven },
      ),
    );
  }
  const classDraws = Number(cls.draws) || 0;
  const classLine = classDraws
    ? tr.tn(
        "The class drew {count} time: {accepted} accepted, where the theory expected {expected}.",
        "The class drew {count} times: {accepted} accepted, where the theory expected {expected}.",
        classDraws,
        { count: classDraws, accepted: Number(cls.accepted) || 0, expected: tr.number(Number(cls.expected) || 0, 1, 1) },
      )
    : "";
  return { you: lines, cls: classLine };
}
