// Pure helpers for the projector page of a class (projector.js): what it shows of a posed
// question (never the exact answer before the reveal, even were it sent), the leaderboard and
// when the join code is large. No DOM and no socket here, so each is unit-tested with vitest.

import { translator } from "./i18n.js";
import {
  answerChart,
  answeredText,
  classText,
  questionText,
  truthText,
} from "./student-helpers.js";

const ENGLISH = translator(null);

/** How many students a `room` message counts (a number, or a list of them). */
export function studentCount(students) {
  if (Array.isArray(students)) return students.length;
  const n = Number(students);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The join code is large by default while nobody has joined and no question is open. */
export function codeIsBig(students, question) {
  return studentCount(students) === 0 && !(question && question.state === "open");
}

/**
 * What the projector shows of a question: ``{show: false}``, or ``{show, open, text,
 * answered, progress (0..1), truth, chart, classLine}``. The truth, the chart and the class's
 * line are empty until the question is revealed: the projector never shows an answer early.
 */
export function projectorQuestion(question, tr = ENGLISH) {
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
    classLine: "",
  };
  if (!open) {
    out.truth = truthText(q, tr);
    out.chart = answerChart(q, tr);
    out.classLine = classText(q, tr);
  }
  return out;
}

/** The leaderboard's rows: ``[{place, name, points}]`` (shared places for equal totals), or
 * null when the teacher has not turned it on. */
export function boardRows(board, tr = ENGLISH) {
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
      points: tr.tn("{count} point", "{count} points", r.total ?? 0, { count: r.total ?? 0 }),
    };
  });
}
