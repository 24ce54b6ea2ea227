// The class's experiment on the projector (experiment-chart.js): the calibration chart's dots
// where their band's chance and share put them, the law of large numbers' band narrowing as
// the draws add up, the text alternatives and the sentence in English and in bokmål.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { translator } from "../src/i18n.js";
import {
  PLOT, calibrationChart, calibrationLabel, certainSentence, experimentSentence, experimentView,
  lawChart, lawLabel, seriesPoints, theoryRange, xAt, yAt,
} from "../src/experiment-chart.js";

function speech(language) {
  const file = `../borsen_widget/locale/${language}/LC_MESSAGES/borsen_widget.json`;
  return { language, texts: JSON.parse(readFileSync(resolve(process.cwd(), file), "utf8")) };
}
const en = translator(speech("en"));
const nb = translator(speech("nb"));

/** Ten bands of 10 %; the given ones filled in. */
function bands(filled) {
  return Array.from({ length: 10 }, (_, i) => ({
    low: i / 10, high: (i + 1) / 10, draws: 0, accepted: 0, mean: null, ...(filled[i] || {}),
  }));
}

/** A series of ``n`` points, each draw with chance 0.5 and every second one accepted. */
function series(counts) {
  return counts.map((d) => ({ draws: d, accepted: Math.round(d * 0.55), expected: d / 2, spread: Math.sqrt(d / 4) }));
}

const E = (extra = {}) => ({
  draws: 412, accepted: 230, expected: 226.83, spread: 9.1, certain: 57, tables: 7, players: 28,
  bands: bands({ 0: { draws: 3, accepted: 0, mean: 0.07 }, 5: { draws: 34, accepted: 17, mean: 0.5 },
    9: { draws: 100, accepted: 90, mean: 0.95 } }),
  series: series([1, 10, 50, 100, 412]),
  ...extra,
});

function svgOf(html) {
  const box = document.createElement("div");
  box.innerHTML = html;
  return box.querySelector("svg");
}

describe("the calibration chart", () => {
  test("one dot per band with draws, at (its mean chance, its share accepted)", () => {
    const svg = svgOf(calibrationChart(E(), en));
    const dots = [...svg.querySelectorAll("circle.borsen-x-dot")];
    expect(dots).toHaveLength(3); // the seven empty bands draw nothing
    const [low, mid, high] = dots.map((c) => ({ x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")), r: Number(c.getAttribute("r")) }));
    expect(mid.x).toBeCloseTo(PLOT.left + 0.5 * (PLOT.right - PLOT.left), 1);
    expect(mid.y).toBeCloseTo(PLOT.bottom - 0.5 * (PLOT.bottom - PLOT.top), 1); // 17 of 34
    expect(low.x).toBeCloseTo(xAt(0.07), 1);
    expect(low.y).toBeCloseTo(yAt(0), 1); // none of 3 accepted: on the floor
    expect(high.x).toBeCloseTo(xAt(0.95), 1);
    expect(high.y).toBeCloseTo(yAt(0.9), 1);
    expect(high.r).toBeGreaterThan(mid.r); // the dot grows with its count
    expect(mid.r).toBeGreaterThan(low.r);
    expect([...svg.querySelectorAll(".borsen-x-count")].map((t) => t.textContent)).toEqual(["n = 3", "n = 34", "n = 100"]);
  });

  test("the diagonal runs from (0, 0) to (100 %, 100 %)", () => {
    const line = svgOf(calibrationChart(E(), en)).querySelector("line.borsen-x-theory");
    expect(Number(line.getAttribute("x1"))).toBeCloseTo(PLOT.left, 1);
    expect(Number(line.getAttribute("y1"))).toBeCloseTo(PLOT.bottom, 1);
    expect(Number(line.getAttribute("x2"))).toBeCloseTo(PLOT.right, 1);
    expect(Number(line.getAttribute("y2"))).toBeCloseTo(PLOT.top, 1);
  });

  test("has a text alternative in the projector's language", () => {
    const svg = svgOf(calibrationChart(E(), en));
    expect(svg.getAttribute("role")).toBe("img");
    expect(svg.getAttribute("aria-label")).toBe(
      "The share of the class's draws that were accepted, against their exact chance, band by band: " +
        "chance about 7%: 0 of 3 accepted, chance about 50%: 17 of 34 accepted and chance about 95%: 90 of 100 accepted. " +
        "Where the theory holds, each dot lies on the diagonal.",
    );
    expect(calibrationLabel(E(), nb)).toBe(
      "Andelen av klassens trekk som ble godkjent, mot den eksakte sjansen de hadde, gruppe for gruppe: " +
        "sjanse rundt 7\u00a0%: 0 av 3 godkjent, sjanse rundt 50\u00a0%: 17 av 34 godkjent og sjanse rundt 95\u00a0%: 90 av 100 godkjent. " +
        "Der teorien holder, ligger hvert punkt på diagonalen.",
    );
    expect(calibrationLabel(E({ bands: bands({}) }), en)).toBe("No draw that could fail has been made yet.");
    expect(svgOf(calibrationChart(E(), nb)).querySelector(".borsen-x-theory-label").textContent).toBe("Diagonalen: det teorien sier");
  });
});

describe("the law of large numbers", () => {
  test("the theory's band narrows as the draws add up, around the expected share", () => {
    const svg = svgOf(lawChart(E(), en));
    const pts = svg.querySelector("polygon.borsen-x-band").getAttribute("points").split(" ")
      .map((p) => p.split(",").map(Number));
    const n = pts.length / 2;
    expect(n).toBe(5);
    const upper = pts.slice(0, n);
    const lower = pts.slice(n).reverse();
    const widths = upper.map((p, i) => lower[i][1] - p[1]);
    for (let i = 1; i < n; i++) expect(widths[i]).toBeLessThan(widths[i - 1]);
    // The last point: 412 draws, expected 206 ± 2·√103 → 45,1 % to 54,9 %.
    const spread = Math.sqrt(103);
    expect(upper[n - 1][0]).toBeCloseTo(PLOT.right, 1);
    expect(upper[n - 1][1]).toBeCloseTo(yAt((206 + 2 * spread) / 412), 0);
    expect(lower[n - 1][1]).toBeCloseTo(yAt((206 - 2 * spread) / 412), 0);
    // The theory's line sits in the middle of the band; the class's line is its own.
    const theory = svg.querySelector("polyline.borsen-x-theory").getAttribute("points").split(" ").map((p) => p.split(",").map(Number));
    expect(theory[n - 1][1]).toBeCloseTo(yAt(0.5), 1);
    const cls = svg.querySelector("polyline.borsen-x-class").getAttribute("points").split(" ").map((p) => p.split(",").map(Number));
    expect(cls[n - 1][1]).toBeCloseTo(yAt(227 / 412), 1);
  });

  test("the band is kept within 0 and 100 %, and a point without draws is left out", () => {
    const points = seriesPoints({ series: [{ draws: 0, accepted: 0, expected: 0, spread: 0 }, { draws: 1, accepted: 1, expected: 0.5, spread: 0.5 }] });
    expect(points).toEqual([{ draws: 1, share: 1, theory: 0.5, low: 0, high: 1 }]);
  });

  test("its text alternative tells the last point, in English and bokmål", () => {
    expect(lawLabel(E(), en)).toBe(
      "After 412 draws the class's share accepted is 55.1%; the theory expected 50%, between 45.1% and 54.9%. The range narrows as the draws add up.",
    );
    expect(svgOf(lawChart(E(), nb)).getAttribute("aria-label")).toBe(
      "Etter 412 trekk har klassen fått godkjent 55,1\u00a0%; teorien gir 50\u00a0% i snitt, mellom 45,1\u00a0% og 54,9\u00a0%. Området blir smalere etter hvert som trekkene blir flere.",
    );
    expect(lawLabel(E({ series: [] }), nb)).toBe("Ingen trekk som kunne slå feil, er gjort ennå.");
    const keys = [...svgOf(lawChart(E(), nb)).querySelectorAll(".borsen-x-key")].map((t) => t.textContent);
    expect(keys).toEqual(["Klassen: andel godkjent så langt", "Teorien: andelen en kan regne med", "Teoriens område: det en kan regne med ± 2 standardavvik"]);
  });
});

describe("the sentence under the charts", () => {
  test("the count against the theory's range, the language's way", () => {
    expect(theoryRange(E()).low).toBeCloseTo(208.63, 2);
    expect(experimentSentence(E(), en)).toBe("412 draws: 230 accepted; the theory expected 226.8 (between 208.6 and 245.0).");
    expect(experimentSentence(E(), nb)).toBe("412 trekk: 230 godkjent; teorien gir 226,8 i snitt (mellom 208,6 og 245,0).");
    expect(experimentSentence({ draws: 1, accepted: 1, expected: 0.5, spread: 0.5 }, en))
      .toBe("1 draw: 1 accepted; the theory expected 0.5 (between 0.0 and 1.0)."); // never below 0 nor above the draws
    expect(certainSentence(E(), en)).toBe("57 draws could not fail (an empty pile or an ace on top) and are not counted.");
    expect(certainSentence(E({ certain: 1 }), nb)).toBe("1 trekk kunne ikke slå feil (en tom bunke eller et ess øverst) og er ikke tatt med.");
    expect(certainSentence(E({ certain: 0 }), en)).toBe("");
  });

  test("nothing is shown for null", () => {
    expect(experimentView(null, en)).toEqual({ show: false });
    expect(experimentView(E(), en).show).toBe(true);
  });
});

describe("labels and keys that fit", () => {
  test("every band filled, the dots close together: no two count labels overlap", () => {
    const crowded = bands(Object.fromEntries(Array.from({ length: 10 }, (_, i) =>
      [i, { draws: 7 + i * 11, accepted: 3 + i * 5, mean: i / 10 + 0.05 }])));
    const svg = svgOf(calibrationChart({ ...E(), bands: crowded }, en));
    const boxes = [...svg.querySelectorAll(".borsen-x-count")].map((t) => {
      const w = t.textContent.length * 8.2;
      const x = Number(t.getAttribute("x"));
      const y = Number(t.getAttribute("y")) - 14;
      return { x, y, w, h: 18, text: t.textContent };
    });
    expect(boxes).toHaveLength(10);
    const dots = [...svg.querySelectorAll("circle.borsen-x-dot")].map((c) => {
      const r = Number(c.getAttribute("r"));
      return { x: Number(c.getAttribute("cx")) - r, y: Number(c.getAttribute("cy")) - r, w: 2 * r, h: 2 * r };
    });
    const apart = (a, b) => a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
    for (const label of boxes) {
      for (const dot of dots) expect(apart(label, dot), `${label.text} over a dot`).toBe(true);
    }
    for (const [i, a] of boxes.entries()) {
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.x + a.w).toBeLessThanOrEqual(440);
      for (const b of boxes.slice(i + 1)) {
        const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
        expect(apart, `${a.text} over ${b.text}`).toBe(true);
      }
    }
  });

  test("the law chart's key sits under the plot, never over the class's line", () => {
    for (const tr of [en, nb]) {
      const svg = svgOf(lawChart(E(), tr));
      const keys = [...svg.querySelectorAll(".borsen-x-key")];
      expect(keys).toHaveLength(3);
      for (const k of keys) expect(Number(k.getAttribute("y"))).toBeGreaterThan(PLOT.bottom + 30);
      const height = Number(svg.getAttribute("viewBox").split(" ")[3]);
      expect(Number(keys[2].getAttribute("y"))).toBeLessThan(height);
      // 13 px text, about 7.1 units a character: the longest key fits from x = 40.
      for (const k of keys) expect(40 + k.textContent.length * 7.1).toBeLessThanOrEqual(440);
    }
  });
});
