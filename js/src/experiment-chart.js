// The class's experiment on the projector (the class at tables): every draw that could fail,
// at every table, against the exact chance it had before the card was turned (RULES.md R5, §4).
// Two charts, drawn here as SVG strings (like student-helpers' answerChart), each with its text
// alternative, and the sentence under them. Pure: no DOM and no socket, so each is unit-tested.
//
// E (Python's `experiment` message): {draws, accepted, expected, spread, certain, tables,
// players, bands: [{low, high, draws, accepted, mean}], series: [{draws, accepted, expected,
// spread}]}; spread = √Σp(1−p), and the theory's range for the count is expected ± 2·spread.
// No names anywhere: E carries none, and nothing here writes one.

import { escapeHTML } from "./helpers.js";
import { translator } from "./i18n.js";
import { percentText } from "./student-helpers.js";

const ENGLISH = translator(null);

/** The charts' size (SVG units) and their plot area. */
export const W = 440;
export const H = 360;
export const PLOT = { left: 64, right: W - 24, top: 20, bottom: H - 60 };

const clamp = (v, low = 0, high = 1) => Math.min(high, Math.max(low, v));
const f = (v) => v.toFixed(1);

/** The plot's x for a share 0..1 and its y for a share 0..1. */
export function xAt(share) {
  return PLOT.left + clamp(share) * (PLOT.right - PLOT.left);
}
export function yAt(share) {
  return PLOT.bottom - clamp(share) * (PLOT.bottom - PLOT.top);
}

/** A count with one decimal, always written (226,8; 245,0). */
function oneDecimal(value, tr) {
  return tr.number(value, 1, 1);
}

/** The theory's range for the count of accepted draws: expected ± 2·spread, within 0..draws. */
export function theoryRange(e) {
  const draws = Number(e.draws) || 0;
  const expected = Number(e.expected) || 0;
  const spread = Number(e.spread) || 0;
  return {
    low: clamp(expected - 2 * spread, 0, draws),
    high: clamp(expected + 2 * spread, 0, draws),
  };
}

/** The bands with a draw in them, each with its accepted share. */
export function shownBands(e) {
  return ((e && e.bands) || [])
    .filter((b) => (b.draws || 0) > 0 && b.mean !== null && b.mean !== undefined)
    .map((b) => ({ ...b, share: (b.accepted || 0) / b.draws }));
}

/** The points of the series with a draw in them, each with its shares. */
export function seriesPoints(e) {
  return ((e && e.series) || [])
    .filter((p) => (p.draws || 0) > 0)
    .map((p) => ({
      draws: p.draws,
      share: (p.accepted || 0) / p.draws,
      theory: (p.expected || 0) / p.draws,
      low: clamp(((p.expected || 0) - 2 * (p.spread || 0)) / p.draws),
      high: clamp(((p.expected || 0) + 2 * (p.spread || 0)) / p.draws),
    }));
}

/** The y axis: its grid lines and their percentages. */
function yAxis(tr) {
  return [0, 0.25, 0.5, 0.75, 1]
    .map(
      (s) =>
        `<line class="borsen-x-grid" x1="${PLOT.left}" y1="${f(yAt(s))}" x2="${PLOT.right}" ` +
        `y2="${f(yAt(s))}"></line>` +
        `<text class="borsen-x-tick" x="${PLOT.left - 8}" y="${f(yAt(s) + 5)}" ` +
        `text-anchor="end">${escapeHTML(percentText(s, tr))}</text>`,
    )
    .join("");
}

/** An axis's title: below the plot (x) or turned along its left side (y). */
function axisTitle(text, axis) {
  if (axis === "x") {
    return `<text class="borsen-x-title" x="${f((PLOT.left + PLOT.right) / 2)}" y="${H - 12}" ` +
      `text-anchor="middle">${escapeHTML(text)}</text>`;
  }
  const cy = f((PLOT.top + PLOT.bottom) / 2);
  return `<text class="borsen-x-title" x="16" y="${cy}" text-anchor="middle" ` +
    `transform="rotate(-90 16 ${cy})">${escapeHTML(text)}</text>`;
}

function svg(kind, label, body, height = H) {
  const alt = escapeHTML(label);
  return `<svg class="borsen-x-chart borsen-x-${kind}" viewBox="0 0 ${W} ${height}" role="img" ` +
    `aria-label="${alt}"><title>${alt}</title>${body}</svg>`;
}

/** The calibration chart's text alternative. */
export function calibrationLabel(e, tr = ENGLISH) {
  const bands = shownBands(e);
  if (!bands.length) return tr.t("No draw that could fail has been made yet.");
  const items = bands.map((b) =>
    // TRANSLATORS: one band of the calibration chart, in a list: the draws whose exact chance was
    // about {chance}, and how many of them were accepted.
    tr.t("chance about {chance}: {accepted} of {count} accepted", {
      chance: percentText(b.mean, tr),
      accepted: b.accepted || 0,
      count: b.draws,
    }),
  );
  return tr.t(
    "The share of the class's draws that were accepted, against their exact chance, band by band: {bands}. Where the theory holds, each dot lies on the diagonal.",
    { bands: tr.join(items) },
  );
}

/**
 * The calibration chart: x the exact chance, y the share accepted; the diagonal y = x (what
 * the theory says) and one dot per band with a draw in it, at (its mean chance, its share
 * accepted), its size growing with its count and labelled "n = 34".
 */
export function calibrationChart(e, tr = ENGLISH) {
  const bands = shownBands(e);
  const most = Math.max(1, ...bands.map((b) => b.draws));
  const parts = [yAxis(tr)];
  for (const s of [0, 0.5, 1]) {
    const anchor = s === 0 ? "start" : s === 1 ? "end" : "middle";
    parts.push(
      `<text class="borsen-x-tick" x="${f(xAt(s))}" y="${PLOT.bottom + 22}" ` +
        `text-anchor="${anchor}">${escapeHTML(percentText(s, tr))}</text>`,
    );
  }
  // TRANSLATORS: the label of the diagonal on the calibration chart (share accepted = chance).
  const diagonal = escapeHTML(tr.t("The diagonal: what the theory says"));
  parts.push(
    `<line class="borsen-x-theory" x1="${f(xAt(0))}" y1="${f(yAt(0))}" x2="${f(xAt(1))}" ` +
      `y2="${f(yAt(1))}"></line>`,
    `<text class="borsen-x-theory-label" x="${f(xAt(0.02))}" y="${f(yAt(0.92))}" ` +
      `text-anchor="start">${diagonal}</text>`,
  );
  // Every dot first, then each count where it covers no dot, no label before it and not the
  // diagonal's own label (the dots of neighbouring bands sit close).
  const dots = bands.map((b) => ({
    b,
    cx: xAt(b.mean),
    cy: yAt(b.share),
    r: 5 + 11 * Math.sqrt(b.draws / most),
  }));
  const placed = dots.map((d) => ({ x: d.cx - d.r, y: d.cy - d.r, w: 2 * d.r, h: 2 * d.r }));
  placed.push({
    x: xAt(0.02),
    y: yAt(0.92) - LABEL.height + 4,
    w: tr.t("The diagonal: what the theory says").length * LABEL.char,
    h: LABEL.height,
  });
  for (const d of dots) {
    parts.push(`<circle class="borsen-x-dot" cx="${f(d.cx)}" cy="${f(d.cy)}" r="${f(d.r)}"></circle>`);
  }
  for (const d of dots) {
    // TRANSLATORS: beside a dot of the calibration chart: how many draws it stands for.
    const n = tr.t("n = {count}", { count: d.b.draws });
    const box = labelBox(n, d.cx, d.cy, d.r, placed);
    placed.push(box);
    parts.push(
      `<text class="borsen-x-count" x="${f(box.x)}" y="${f(box.y + LABEL.height - 4)}" ` +
        `text-anchor="start">${escapeHTML(n)}</text>`,
    );
  }
  // TRANSLATORS: the x axis of the calibration chart.
  parts.push(axisTitle(tr.t("The exact chance of the draw"), "x"));
  // TRANSLATORS: the y axis of both experiment charts.
  parts.push(axisTitle(tr.t("Share accepted"), "y"));
  return svg("calibration", calibrationLabel(e, tr), parts.join(""));
}

/** A count label's size: its height and the width of one character (SVG units, 15 px). */
const LABEL = { height: 18, char: 8.2 };

/**
 * Where a dot's label goes: right of the dot, else left, above or below it, the first place
 * that overlaps no label placed before and stays inside the chart (neighbouring bands' dots sit
 * close, and their labels must not run into each other).
 */
export function labelBox(text, cx, cy, r, placed) {
  const w = text.length * LABEL.char;
  const h = LABEL.height;
  const tries = [
    { x: cx + r + 4, y: cy - h / 2 },
    { x: cx - r - 4 - w, y: cy - h / 2 },
    { x: cx - w / 2, y: cy - r - 2 - h },
    { x: cx - w / 2, y: cy + r + 2 },
    { x: cx + r + 4, y: cy - r - h },
    { x: cx + r + 4, y: cy + r },
  ];
  const inside = (b) => b.x >= 0 && b.x + b.w <= W && b.y >= 0 && b.y + b.h <= PLOT.bottom + 4;
  const clear = (b) =>
    placed.every((o) => b.x + b.w <= o.x || o.x + o.w <= b.x || b.y + b.h <= o.y || o.y + o.h <= b.y);
  const boxes = tries.map((t) => ({ ...t, w, h }));
  return boxes.find((b) => inside(b) && clear(b)) || boxes.find(inside) || boxes[0];
}

/** The law-of-large-numbers chart's text alternative. */
export function lawLabel(e, tr = ENGLISH) {
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
      high: percentText(last.high, tr),
    },
  );
}

/**
 * The law of large numbers: x the number of draws, y the share accepted so far (the class's
 * line), the share the theory expects (a dashed line) and the theory's range, (expected ±
 * 2·spread)/draws, a shaded band that narrows as the draws add up.
 */
export function lawChart(e, tr = ENGLISH) {
  const points = seriesPoints(e);
  const most = Math.max(1, ...points.map((p) => p.draws));
  const x = (draws) => PLOT.left + (clamp(draws, 0, most) / most) * (PLOT.right - PLOT.left);
  const parts = [yAxis(tr)];
  for (const [d, anchor] of [[0, "start"], [most, "end"]]) {
    parts.push(
      `<text class="borsen-x-tick" x="${f(x(d))}" y="${PLOT.bottom + 22}" ` +
        `text-anchor="${anchor}">${escapeHTML(tr.number(d, 0))}</text>`,
    );
  }
  if (points.length) {
    const line = (key) => points.map((p) => `${f(x(p.draws))},${f(yAt(p[key]))}`).join(" ");
    const band = [...points.map((p) => `${f(x(p.draws))},${f(yAt(p.high))}`),
      ...points.slice().reverse().map((p) => `${f(x(p.draws))},${f(yAt(p.low))}`)].join(" ");
    parts.push(
      `<polygon class="borsen-x-band" points="${band}"></polygon>`,
      `<polyline class="borsen-x-theory" points="${line("theory")}"></polyline>`,
      `<polyline class="borsen-x-class" points="${line("share")}"></polyline>`,
    );
    const last = points[points.length - 1];
    parts.push(
      `<circle class="borsen-x-end" cx="${f(x(last.draws))}" cy="${f(yAt(last.share))}" r="5"></circle>`,
    );
  }
  // The key, under the plot (the first draws' shares swing from 0 to 100 % at its left).
  const keys = [
    // TRANSLATORS: the key of the law-of-large-numbers chart: the class's running share.
    ["borsen-x-class", tr.t("The class: share accepted so far")],
    // TRANSLATORS: the key of the law-of-large-numbers chart: the theory's expected share.
    ["borsen-x-theory", tr.t("The theory: the share it expects")],
    // TRANSLATORS: the key of the law-of-large-numbers chart: the shaded range (± 2 standard
    // deviations) the theory expects the share in.
    ["borsen-x-band", tr.t("The theory's range: expected ± 2 standard deviations")],
  ];
  keys.forEach(([cls, text], i) => {
    const y = H + 8 + i * 22;
    const mark = cls === "borsen-x-band"
      ? `<rect class="${cls}" x="8" y="${y - 8}" width="26" height="12"></rect>`
      : `<line class="${cls}" x1="8" y1="${y - 2}" x2="34" y2="${y - 2}"></line>`;
    parts.push(
      mark,
      `<text class="borsen-x-key" x="40" y="${y + 3}">${escapeHTML(text)}</text>`,
    );
  });
  // TRANSLATORS: the x axis of the law-of-large-numbers chart.
  parts.push(axisTitle(tr.t("Number of draws"), "x"));
  parts.push(axisTitle(tr.t("Share accepted"), "y"));
  return svg("law", lawLabel(e, tr), parts.join(""), H + 8 + keys.length * 22);
}

/** The sentence under the charts: "412 draws: 230 accepted; the theory expected 226,8
 * (between 208,6 and 245,0)." */
export function experimentSentence(e, tr = ENGLISH) {
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
      high: oneDecimal(range.high, tr),
    },
  );
}

/** The line about the draws left out, or "" when none was. */
export function certainSentence(e, tr = ENGLISH) {
  const n = Number(e.certain) || 0;
  if (!n) return "";
  return tr.tn(
    "{count} draw could not fail (an empty pile or an ace on top) and is not counted.",
    "{count} draws could not fail (an empty pile or an ace on top) and are not counted.",
    n,
    { count: n },
  );
}

/** The section's parts: ``{show: false}`` when E is null, else its charts and sentences. */
export function experimentView(e, tr = ENGLISH) {
  if (!e || typeof e !== "object") return { show: false };
  return {
    show: true,
    calibration: calibrationChart(e, tr),
    law: lawChart(e, tr),
    sentence: experimentSentence(e, tr),
    certain: certainSentence(e, tr),
  };
}
