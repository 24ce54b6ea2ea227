// The front end's words come from the catalogues Python sends (speech = {language, texts}).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { pageLanguages, translator } from "../src/i18n.js";

// vitest runs in js/: the catalogues Python ships are one folder up.
const shipped = (language) =>
  JSON.parse(
    readFileSync(
      resolve(process.cwd(), `../borsen_widget/locale/${language}/LC_MESSAGES/borsen_widget.json`),
      "utf8",
    ),
  );

function speech(language, extra = {}) {
  return { language, texts: { ...shipped(language), ...extra } };
}

describe("translator", () => {
  it("fills placeholders and falls back to the English msgid", () => {
    const { t } = translator(speech("nb", { "Draw a card (key {key})": ["Trekk et kort (tast {key})"] }));
    expect(t("Draw a card (key {key})", { key: "D" })).toBe("Trekk et kort (tast D)");
    expect(t("Not in the catalogue {x}", { x: 1 })).toBe("Not in the catalogue 1");
    expect(t("{a} and {missing}", { a: "A" })).toBe("A and {missing}");
  });

  it("picks the plural form and the context", () => {
    const extra = {
      "{count} card": ["{count} kort", "{count} kort"],
      "rank\u0004ace": ["ess"],
      "x\u0004{count} ace": ["{count} ess", "{count} ess"],
    };
    const { tn, tp, tnp } = translator(speech("nn", extra));
    expect(tn("{count} card", "{count} cards", 1, { count: 1 })).toBe("1 kort");
    expect(tn("{count} card", "{count} cards", 1200, { count: 1200 })).toBe("1\u00a0200 kort");
    expect(tp("rank", "ace")).toBe("ess");
    expect(tnp("x", "{count} ace", "{count} aces", 2, { count: 2 })).toBe("2 ess");
    const en = translator(speech("en"));
    expect(en.tn("{count} card", "{count} cards", 2, { count: 2 })).toBe("2 cards");
  });

  it("writes numbers, percents and lists the language's way (CLDR data from the catalogue)", () => {
    const nb = translator(speech("nb"));
    expect(nb.number(0.4215)).toBe("0,422");
    expect(nb.number(1234.5)).toBe("1\u00a0234,5");
    expect(nb.number(-2.5, 0)).toBe("-2");
    expect(nb.percent(0.42)).toBe("42\u00a0%");
    expect(nb.join(["Ada", "Bo", "Cy"])).toBe("Ada, Bo og Cy");
    const en = translator(speech("en"));
    expect(en.number(1234.5)).toBe("1,234.5");
    expect(en.percent(0.425)).toBe("42%");
    expect(en.join(["Ada", "Bo", "Cy"])).toBe("Ada, Bo and Cy");
    expect(translator(speech("nn")).join(["Ada", "Bo"])).toBe("Ada og Bo");
  });

  it("works before any speech has arrived (English, as written)", () => {
    const { t, number, language } = translator(undefined);
    expect(language).toBe("en");
    expect(t("Bank")).toBe("Bank");
    expect(number(0.5)).toBe("0.5");
  });
});

describe("pageLanguages", () => {
  it("puts JupyterLab's Norwegian first, then the browser's languages", () => {
    const doc = { documentElement: { lang: "no-NO" } };
    expect(pageLanguages(doc, { languages: ["en-US", "nn-NO"] })).toEqual(["no-NO", "en-US", "nn-NO"]);
  });
  it("ignores JupyterLab's English and follows the browser", () => {
    const doc = { documentElement: { lang: "en" } };
    expect(pageLanguages(doc, { languages: ["nb-NO", "en"] })).toEqual(["nb-NO", "en"]);
    expect(pageLanguages(doc, { language: "nn" })).toEqual(["nn"]);
  });
  it("keeps what it sends short", () => {
    const many = Array.from({ length: 40 }, (_, i) => `x${i}`.padEnd(80, "y"));
    const tags = pageLanguages({ documentElement: {} }, { languages: many });
    expect(tags.length).toBe(16);
    expect(Math.max(...tags.map((t) => t.length))).toBe(35);
  });
});
