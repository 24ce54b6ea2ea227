import { describe, expect, test } from "vitest";
import {
  approxSign,
  bestStatus,
  chartBars,
  chartText,
  choiceHow,
  decimalText,
  fractionText,
  isExactDecimal,
  isReadableFraction,
  isShortFraction,
  panelKey,
  parseFraction,
  provenBounds,
  unitWord,
  votesText,
} from "../src/panel-helpers.js";
import { translator } from "../src/i18n.js";

describe("fractions and decimals", () => {
  test("parse exact fractions of any length", () => {
    expect(parseFraction("15/30")).toEqual({ num: 15n, den: 30n });
    expect(parseFraction("-3/4")).toEqual({ num: -3n, den: 4n });
    expect(parseFraction("7")).toEqual({ num: 7n, den: 1n });
    const long = "2985901312577744954044730363687313521193394095809/1415757572773400620878589550798031459150000000000";
    expect(parseFraction(long).num).toBe(2985901312577744954044730363687313521193394095809n);
    for (const bad of ["", "1/0", "a/b", "1.5", "1/-2", null]) {
      expect(() => parseFraction(bad)).toThrow(/not a fraction/);
    }
  });

  test("fractionText drops /1", () => {
    expect(fractionText("3/1")).toBe("3");
    expect(fractionText("0/1")).toBe("0");
    expect(fractionText("1/2")).toBe("1/2");
    expect(fractionText("-5/4")).toBe("-5/4");
  });

  test("decimals are rounded half away from zero from the exact value", () => {
    expect(decimalText("1/2")).toBe("0.500");
    expect(decimalText("7/12")).toBe("0.583");
    expect(decimalText("2/3")).toBe("0.667");
    expect(decimalText("1/16")).toBe("0.063"); // 0.0625: a float's toFixed may say 0.062
    expect(decimalText("-1/16")).toBe("-0.063");
    expect(decimalText("-1/3000")).toBe("0.000"); // no "-0.000"
    expect(decimalText("47/51")).toBe("0.922");
    expect(decimalText("5/1")).toBe("5.000");
    expect(decimalText("1/3", 0)).toBe("0");
    const long = "2985901312577744954044730363687313521193394095809/1415757572773400620878589550798031459150000000000";
    expect(decimalText(long)).toBe("2.109");
  });

  test("with a translator: the language's decimal sign and minus", () => {
    const nb = translator({
      language: "nb",
      texts: { "": { formats: { decimal: ",", group: "\u00a0", minus: "\u2212" } } },
    });
    expect(decimalText("7/12", 3, nb)).toBe("0,583");
    expect(decimalText("7/12", nb)).toBe("0,583");
    expect(decimalText("-1/16", 3, nb)).toBe("\u22120,063");
    expect(fractionText("-5/4", nb)).toBe("\u22125/4");
    expect(fractionText("-5/4")).toBe("-5/4");
    expect(approxSign("1/3", nb)).toBe("≈");
    expect(votesText({ draw: 1, bank: 2 }, nb)).toBe("Draw 1 · Bank 2"); // no catalogue here
  });

  test("fractions a class can read: at most 3 digits above and below the line", () => {
    expect(isReadableFraction("15/30")).toBe(true);
    expect(isReadableFraction("-999/100")).toBe(true);
    expect(isReadableFraction("1153/420")).toBe(false);
    expect(isReadableFraction("23924539/17740800")).toBe(false);
  });

  test("= for exact decimals, ≈ for rounded ones", () => {
    expect(isExactDecimal("1/2")).toBe(true);
    expect(isExactDecimal("1/8")).toBe(true);
    expect(isExactDecimal("1/16")).toBe(false);
    expect(approxSign("1/2")).toBe("=");
    expect(approxSign("1/3")).toBe("≈");
  });

  test("long fractions are told apart for small type", () => {
    expect(isShortFraction("15/30")).toBe(true);
    expect(isShortFraction("23924539/17740800")).toBe(false);
  });
});

describe("the deck chart", () => {
  const deck = [
    { label: "2", count: 4, accepted: 0, all_accepted: false },
    { label: "8", count: 2, accepted: 2, all_accepted: true },
    { label: "K", count: 4, accepted: 4, all_accepted: true },
    { label: "AS", count: 1, accepted: 1, all_accepted: true },
    { label: "AD", count: 1, accepted: 1, all_accepted: true },
  ];

  test("one bar per rank, 2 to K then the aces added up, empty ranks too", () => {
    const bars = chartBars(deck);
    expect(bars.map((b) => b.label)).toEqual(
      ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
    );
    const by = Object.fromEntries(bars.map((b) => [b.label, b]));
    expect(by.A).toMatchObject({ count: 2, accepted: 2, status: "accepted", height: 50 });
    expect(by["2"]).toMatchObject({ count: 4, accepted: 0, status: "refused", height: 100 });
    expect(by["3"]).toMatchObject({ count: 0, status: "empty", height: 0 });
    expect(by.K.acceptedHeight).toBe(100);
    expect(by["8"].acceptedHeight).toBe(50);
  });

  test("two decks scale to the most cards of a rank", () => {
    const bars = chartBars([{ label: "5", count: 8, accepted: 3 }]);
    const five = bars.find((b) => b.label === "5");
    expect(five).toMatchObject({ height: 100, acceptedHeight: 37.5, status: "partial" });
  });

  test("hidden answers (guess first): no accepted marks", () => {
    const hidden = deck.map((e) => ({ ...e, accepted: null, all_accepted: null }));
    const bars = chartBars(hidden);
    expect(bars.filter((b) => b.count).every((b) => b.status === "unknown")).toBe(true);
    expect(bars.every((b) => b.accepted === null && b.acceptedHeight === 0)).toBe(true);
    expect(chartText(bars)).toBe(
      "Cards left in the deck, 12 in all: 4 twos; 2 eights; 4 kings; 2 aces.",
    );
  });

  test("the text alternative names every bar and the accepted count", () => {
    expect(chartText(chartBars(deck))).toBe(
      "Cards left in the deck, 12 in all: 4 twos, not accepted; 2 eights, accepted; " +
        "4 kings, accepted; 2 aces, accepted. 8 of the 12 would be accepted.",
    );
    expect(chartText(chartBars([{ label: "Q", count: 1, accepted: 0 }]))).toContain(
      "1 queen, not accepted",
    );
    expect(chartText(chartBars([]))).toBe("The deck is empty.");
  });
});

describe("words and keys", () => {
  test("units, votes and the best rule's status", () => {
    expect(unitWord("1/1", "own")).toBe("card");
    expect(unitWord("5/4", "own")).toBe("cards");
    expect(unitWord("5/4", "lead")).toBe("cards of lead");
    expect(votesText({ draw: 12, bank: 5 })).toBe("Draw 12 · Bank 5");
    expect(votesText(undefined)).toBe("Draw 0 · Bank 0");
    // Python writes the status in the language spoken; plain words for the class.
    expect(bestStatus({ state: "working", states: 120000 })).toBe("Still counting…");
    expect(bestStatus({ state: "working", states: 120000, text: "Teller fortsatt …" })).toBe(
      "Teller fortsatt …",
    );
    expect(bestStatus({ state: "too_costly", text: "Too costly." })).toBe("Too costly.");
    expect(bestStatus(null)).toBe("");
  });

  test("how the best choice is known: exact, the only move, or which bound proves it", () => {
    expect(choiceHow({ how: "exact" })).toBe("worked out exactly");
    expect(choiceHow({ how: "only" })).toBe("the only move");
    expect(choiceHow({ how: "proven", proof: "one_draw" })).toBe(
      "proven: drawing just once already pays",
    );
    expect(choiceHow({ how: "proven", proof: "draw_until", steps: 3 })).toBe(
      "proven: drawing until 3 more cards are accepted already pays",
    );
    expect(choiceHow({ how: "proven", proof: "look_ahead", steps: 2 })).toBe(
      "proven: drawing at most 2 times already pays",
    );
    expect(choiceHow({ how: "proven", proof: "run" })).toBe(
      "proven: even seeing the deck, drawing gains less",
    );
    expect(choiceHow({ how: "proven", proof: "look_ahead_run", steps: 1 })).toBe(
      "proven by looking one card ahead, then seeing the deck",
    );
    expect(choiceHow({ how: "proven", proof: "look_ahead_run", steps: 2 })).toBe(
      "proven by looking 2 cards ahead, then seeing the deck",
    );
    expect(choiceHow({ how: null })).toBe("");
    expect(choiceHow(null)).toBe("");
  });

  test("proven bounds worth showing: a lower bound above the look-ahead's, an upper bound", () => {
    const f = (fraction) => ({ fraction });
    const one = { draw: f("3/2") };
    expect(provenBounds({ lower: f("3/2"), upper: f("7/4") }, one)).toEqual({
      lower: null,
      upper: "7/4",
    });
    expect(provenBounds({ lower: f("8/5"), upper: null }, one)).toEqual({
      lower: "8/5",
      upper: null,
    });
    expect(provenBounds(null, one)).toEqual({ lower: null, upper: null });
  });

  test("R reveals only while the answers are hidden", () => {
    const key = (k, extra = {}) => ({ key: k, ...extra });
    expect(panelKey(key("r"), { hidden: true })).toEqual({ intent: "reveal" });
    expect(panelKey(key("R"), { hidden: true })).toEqual({ intent: "reveal" });
    expect(panelKey(key("r"), { hidden: false })).toBeNull();
    expect(panelKey(key("r", { ctrlKey: true }), { hidden: true })).toBeNull();
    expect(panelKey(key("r"), null)).toBeNull();
  });
});
