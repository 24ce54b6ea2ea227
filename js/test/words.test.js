import { describe, expect, it } from "vitest";

import { count, joinNames, RANK_PLURALS, RANK_WORDS, RANKS, rankCount } from "../src/words.js";

describe("words", () => {
  it("counts cards and other things", () => {
    expect(count(1)).toBe("1 card");
    expect(count(0)).toBe("0 cards");
    expect(count(2, "ace")).toBe("2 aces");
  });

  it("names every rank, one or many", () => {
    expect(RANKS.every((r) => RANK_WORDS[r] && RANK_PLURALS[r])).toBe(true);
    expect(rankCount(1, "Q")).toBe("1 queen");
    expect(rankCount(4, "6")).toBe("4 sixes");
    expect(rankCount(3, "?")).toBe("3 ?");
  });

  it("joins names", () => {
    expect(joinNames([])).toBe("");
    expect(joinNames(["Ada"])).toBe("Ada");
    expect(joinNames(["Ada", "Bo", "Cy"])).toBe("Ada, Bo and Cy");
  });
});
