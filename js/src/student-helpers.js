// Pure helpers for a class on the students' phones: the student page's words and choices and
// the teacher's join card's. No DOM and no socket here, so each is unit-tested with vitest.

import { approxSign, decimalText, fractionText, votesText } from "./panel-helpers.js";
import { count } from "./words.js";

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

/** What is wrong with a name before it is sent (Python checks again), or "". */
export function nameProblem(name, max = 24) {
  const clean = String(name || "").trim().replace(/\s+/g, " ");
  if (!clean) return "Type your name to join.";
  if (clean.length > max) return `A name has at most ${max} letters; choose a shorter one.`;
  return "";
}

/** A seat's state in words, for the join card: "bot", "closed", "open", "Lina". */
export function seatState(seat) {
  if (seat.bot) return "a bot";
  if (seat.holder) return `played by ${seat.holder}`;
  return seat.open ? "open: a student may take it" : "played here";
}

/** The join card's count line: "12 students · 3 away · 8 voted". */
export function roomSummary(card) {
  const students = card.students || [];
  const parts = [count(students.length, "student")];
  const away = students.filter((s) => !s.here).length;
  if (away) parts.push(`${away} away`);
  if (card.voters) parts.push(`${card.voters} voted`);
  return parts.join(" · ");
}

/** The seats a student may take now: open and held by nobody. */
export function freeSeats(seats) {
  return (seats || []).filter((s) => s.open && !s.holder && !s.bot);
}

/** The line about the student's own seat. */
export function seatLine(you, seats) {
  if (you && you.seat !== null && you.seat !== undefined) {
    const seat = (seats || []).find((s) => s.seat === you.seat);
    return `You play ${seat ? seat.name : `seat ${you.seat + 1}`}'s seat: your buttons show ` +
      "when it is your turn.";
  }
  return freeSeats(seats).length
    ? "Take a seat to play, or watch and vote."
    : "Watch and vote: your teacher may open a seat for you.";
}

/**
 * What the vote card says (guess first), from the class's data and the student's own vote:
 * ``{show, question, canVote, bank, mine, count, results: [lines] | null}``.
 */
export function voteCard(cls, vote) {
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
    results: null,
  };
  if (!c.hidden) {
    const lines = [];
    if (c.votes) lines.push(`The class voted: ${votesText(c.votes)}.`);
    if (c.p_accept) {
      const f = c.p_accept.fraction;
      const reduced = fractionText(f) !== c.p_accept.counted ? ` = ${fractionText(f)}` : "";
      lines.push(
        `Chance the next card is accepted: ${c.p_accept.counted}${reduced} ` +
          `${approxSign(f)} ${decimalText(f)}.`,
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

/** How long to wait before reconnecting after ``tries`` failures (ms): 0.5 s doubling to 8 s. */
export function retryDelay(tries) {
  return Math.min(8000, 500 * 2 ** Math.max(0, tries));
}
