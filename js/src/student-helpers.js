// Pure helpers for a class on the students' phones: the student page's words and choices and
// the teacher's join card's. No DOM and no socket here, so each is unit-tested with vitest.
// Every text is a message of the catalogues, written with the translator `tr` of the language
// the page reads (`translator(speech)` from i18n.js; without one, English).

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
