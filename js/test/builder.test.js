// The strategy builder (issue 32): its pure helpers (the form's draft → the strategy's JSON
// shape the kernel reads, and back; the limits; the words), the builder on the phone in
// happy-dom (the controls a test drives by data-testid, a refusal shown on the builder), and the
// projector's tournament (the interval bars, the ranking, the replay stepped by a button).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import {
  DEFAULT_LIMITS,
  addCondition,
  addGroup,
  canAddCondition,
  canAddGroup,
  conditionCount,
  draftToStrategy,
  emptyDraft,
  problemText,
  progressText,
  removeCondition,
  setCondition,
  strategyToDraft,
  submissionLine,
  wholeNumber,
} from "../src/builder-helpers.js";
import { translator } from "../src/i18n.js";
import { intervalBar, mountTournament } from "../src/projector-tournament.js";
import { mountRoomCard } from "../src/room-card.js";
import { mountBuilder } from "../src/student-builder.js";

function speech(language) {
  const file = `../borsen_widget/locale/${language}/LC_MESSAGES/borsen_widget.json`;
  return { language, texts: JSON.parse(readFileSync(resolve(process.cwd(), file), "utf8")) };
}

const FIVE = { name: "Stopp på fem", bank_when: [[{ kind: "pile_at_least", cards: 5 }]], aces: "keep" };

describe("the draft and the strategy's JSON shape", () => {
  test("a new draft is a valid strategy once it has a name", () => {
    const d = emptyDraft();
    expect(draftToStrategy(d)).toMatchObject({ ok: false, problem: "name" });
    expect(draftToStrategy({ ...d, name: "  Fire   kort " })).toEqual({
      ok: true,
      strategy: { name: "Fire kort", bank_when: [[{ kind: "pile_at_least", cards: 4 }]], aces: "keep" },
    });
  });

  test("groups are OR, conditions in a group AND; numbers go under their own key", () => {
    let d = { ...emptyDraft(), name: "Blanding", aces: "list_when_ahead" };
    d = addCondition(d, 0); // a chance below 50 %
    d = setCondition(d, 0, 1, { value: "40" });
    d = addGroup(d); // ahead after banking
    d = addCondition(d, 1);
    d = setCondition(d, 1, 1, { kind: "near_leader_after_bank", value: "0" });
    expect(draftToStrategy(d)).toEqual({
      ok: true,
      strategy: {
        name: "Blanding",
        bank_when: [
          [{ kind: "pile_at_least", cards: 4 }, { kind: "chance_below", percent: 40 }],
          [{ kind: "ahead_after_bank" }, { kind: "near_leader_after_bank", cards: 0 }],
        ],
        aces: "list_when_ahead",
      },
    });
    expect(strategyToDraft(draftToStrategy(d).strategy)).toEqual(d);
  });

  test("the limits: 3 groups, 3 conditions a group, 4 in all", () => {
    let d = emptyDraft();
    d = addCondition(addCondition(d, 0), 0);
    expect(conditionCount(d)).toBe(3);
    expect(canAddCondition(d, 0)).toBe(false); // 3 in the group
    expect(addCondition(d, 0)).toBe(d);
    d = addGroup(d);
    expect(conditionCount(d)).toBe(4);
    expect(canAddGroup(d)).toBe(false); // 4 in all
    expect(canAddCondition(d, 1)).toBe(false);
    expect(addGroup(d)).toBe(d);
    expect(canAddGroup(emptyDraft(), { ...DEFAULT_LIMITS, groups: 1 })).toBe(false);
  });

  test("removing: an emptied group goes, the last condition stays", () => {
    let d = addGroup(emptyDraft());
    d = removeCondition(d, 0, 0);
    expect(d.groups).toEqual([[{ kind: "ahead_after_bank", value: "" }]]);
    expect(removeCondition(d, 0, 0)).toBe(d);
  });

  test("numbers: whole, in range, else the problem names the condition", () => {
    expect(wholeNumber(" 40 ")).toBe(40);
    for (const bad of ["4,5", "-1", "", "1e3", "٣", "9999999"]) expect(wholeNumber(bad)).toBe(null);
    const d = { ...emptyDraft(), name: "X" };
    const percent = draftToStrategy(setCondition(d, 0, 0, { kind: "chance_below", value: "100" }));
    expect(percent).toMatchObject({ ok: false, problem: "percent", group: 0, index: 0 });
    expect(problemText(percent)).toBe("Condition 1 of group 1: the percent is a whole number from 1 to 99.");
    expect(draftToStrategy(setCondition(d, 0, 0, { value: "0" }))).toMatchObject({ problem: "cards" });
    expect(draftToStrategy(setCondition(d, 0, 0, { value: "209" }))).toMatchObject({ problem: "cards" });
    expect(draftToStrategy(setCondition(d, 0, 0, { value: "x" }))).toMatchObject({ problem: "number" });
    expect(draftToStrategy({ ...d, name: "x".repeat(25) })).toMatchObject({ problem: "long" });
    expect(draftToStrategy({ ...d, aces: "eat" }).strategy.aces).toBe("keep");
  });

  test("a kept strategy of the kernel's comes back as a draft", () => {
    expect(strategyToDraft(FIVE)).toEqual({
      name: "Stopp på fem",
      groups: [[{ kind: "pile_at_least", value: "5" }]],
      aces: "keep",
    });
    expect(strategyToDraft(null)).toEqual(emptyDraft());
  });

  test("the builder's words are the catalogue's, in bokmål and nynorsk too", () => {
    const nb = translator(speech("nb"));
    const nn = translator(speech("nn"));
    const en = translator(null);
    const open = { open: true, mine: null };
    expect(submissionLine(open, nb)).not.toBe(submissionLine(open, en));
    expect(submissionLine(open, nn)).not.toBe(submissionLine(open, nb));
    expect(progressText({ done: 3, total: 10 }, nb)).toContain("3");
    expect(progressText({ done: 3, total: 10 }, nb)).not.toBe(progressText({ done: 3, total: 10 }, en));
  });
});

describe("the builder on the phone", () => {
  let section;
  let sent;
  let builder;
  beforeEach(() => {
    document.body.innerHTML = `<section class="borsen-builder" hidden></section>`;
    section = document.querySelector("section");
    sent = [];
    builder = mountBuilder(section, { send: (m) => sent.push(m) || true, words: () => translator(null) });
  });
  const $ = (id) => section.querySelector(`[data-testid="${id}"]`);

  test("hidden until submissions open; then labelled controls build and submit a rule", () => {
    expect(section.hidden).toBe(true);
    builder.receive({ type: "strategies", open: true, mine: null, limits: DEFAULT_LIMITS });
    expect(section.hidden).toBe(false);
    const name = $("builder-name");
    expect(section.querySelector(`label[for="${name.id}"]`).textContent).toBe("Your strategy's name");
    name.value = "Stopp på fem";
    name.dispatchEvent(new Event("input", { bubbles: true }));
    const value = $("cond-0-0-value");
    value.value = "5";
    value.dispatchEvent(new Event("input", { bubbles: true }));
    $("builder-submit").click();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ intent: "strategy_submit", strategy: FIVE });
    // A refusal to that request shows on the builder; nothing else changes.
    expect(builder.owns(sent[0].id)).toBe(true);
    builder.refused(sent[0].id, "Nei.");
    expect($("builder-problem").textContent).toBe("Nei.");
    expect(builder.owns(sent[0].id)).toBe(false);
  });

  test("+ and …, + or when …, remove; Try it sends a try; the answer is shown in words", () => {
    builder.receive({ type: "strategies", open: false, mine: null, limits: DEFAULT_LIMITS });
    expect(section.hidden).toBe(true); // closed and nothing submitted: no builder
    builder.receive({ type: "strategies", open: true, mine: null, limits: DEFAULT_LIMITS });
    $("builder-add-0").click();
    $("builder-add-group").click();
    expect(section.querySelectorAll("fieldset")).toHaveLength(2);
    expect(section.querySelector("fieldset:nth-of-type(2) legend").textContent).toBe(
      "Or bank when all of these hold:",
    );
    $("cond-1-0-remove").click();
    expect(section.querySelectorAll("fieldset")).toHaveLength(1);
    const kind = $("cond-0-1-kind");
    kind.value = "ahead_after_bank";
    kind.dispatchEvent(new Event("change", { bubbles: true }));
    expect($("cond-0-1-value")).toBe(null); // no number for this one
    $("builder-try").click();
    expect(sent).toHaveLength(0); // no name yet: said on the form, nothing sent
    expect($("builder-problem").textContent).toBe("Give your strategy a name.");
    const name = $("builder-name");
    name.value = "Foran";
    name.dispatchEvent(new Event("input", { bubbles: true }));
    $("builder-try").click();
    expect(sent[0].intent).toBe("strategy_try");
    builder.receive({
      type: "strategy_tried",
      request: sent[0].id,
      words: ["Bank when …"],
      examples: [{ action: "draw", text: "The pile holds 2 cards." }],
      result: { text: "Against ThresholdBot(4) …", win_rate: 0.5 },
    });
    expect($("builder-tried").textContent).toContain("Against ThresholdBot(4)");
    expect($("builder-tried").querySelector("li").dataset.action).toBe("draw");
  });

  test("closed: the form folds away, the submitted rule in words shows; reopened, it is back", () => {
    const mine = { strategy: FIVE, words: ["Bank when the pile holds at least 5 cards."] };
    builder.receive({ type: "strategies", open: true, mine, limits: DEFAULT_LIMITS });
    expect($("builder-name").value).toBe("Stopp på fem");
    expect(section.querySelector("form").hidden).toBe(false);
    expect($("builder-mine").hidden).toBe(true);
    builder.receive({ type: "strategy_saved", request: "x", name: "Stopp på fem", words: [] });
    builder.receive({ type: "strategies", open: false, mine, limits: DEFAULT_LIMITS });
    expect(section.hidden).toBe(false);
    expect(section.querySelector("form").hidden).toBe(true);
    expect($("builder-saved").hidden).toBe(true);
    expect($("builder-tried").hidden).toBe(true);
    expect($("builder-mine").hidden).toBe(false);
    expect($("builder-mine").textContent).toContain("Bank when the pile holds at least 5 cards.");
    expect(section.querySelector(".borsen-b-state").textContent).toBe(
      "Submissions are closed. Your strategy Stopp på fem plays in the tournament.",
    );
    builder.receive({ type: "strategies", open: true, mine, limits: DEFAULT_LIMITS });
    expect(section.querySelector("form").hidden).toBe(false);
    expect($("builder-mine").hidden).toBe(true);
    expect($("builder-name").value).toBe("Stopp på fem");
    expect($("builder-submit").disabled).toBe(false);
    // Closed with nothing submitted but a tournament to show: no form, no promise of one.
    builder.receive({ type: "tournament", state: "running", done: 0, total: 3 });
    builder.receive({ type: "strategies", open: false, mine: null, limits: DEFAULT_LIMITS });
    expect(section.querySelector("form").hidden).toBe(true);
    expect(section.querySelector(".borsen-b-state").textContent).toBe("Submissions are closed.");
  });

  test("after the tournament: the place and a position to learn from", () => {
    builder.receive({ type: "tournament", state: "running", done: 2, total: 10 });
    expect($("tournament-you").textContent).toContain("2 of 10");
    builder.receive({
      type: "tournament",
      state: "done",
      you: { place: 3, text: "Your strategy came in place 3.", position: "The pile held 4 cards." },
    });
    expect($("tournament-you").textContent).toContain("place 3");
    expect($("tournament-you").textContent).toContain("The pile held 4 cards.");
  });
});

describe("the tournament on the projector", () => {
  test("an interval bar sits inside its scale, the rating within it", () => {
    const bar = intervalBar({ rating: 0, low: -100, high: 100 }, [-200, 200]);
    expect(bar).toEqual({ left: 25, width: 50, mark: 50 });
    const clipped = intervalBar({ rating: 300, low: 250, high: 400 }, [-200, 300]);
    expect(clipped.left + clipped.width).toBeLessThanOrEqual(100);
  });

  test("progress, then the ranking with words, then the replay step by step", () => {
    document.body.innerHTML = `<section hidden></section>`;
    const section = document.querySelector("section");
    const t = mountTournament(section, { words: () => translator(null) });
    t.receive({ type: "tournament", state: "running", done: 1, total: 3 });
    expect(section.hidden).toBe(false);
    expect(section.textContent).toContain("1 of 3");
    t.receive({
      type: "tournament",
      state: "done",
      scale: [-200, 200],
      summary: ["3 players played each other."],
      ranking: [
        { place: 1, name: "Stopp på fem", rating: 100, low: 0, high: 200, bot: false, words: ["Bank when …"] },
        { place: 2, name: "WinningBot()", rating: -100, low: -200, high: 0, bot: true, words: [] },
      ],
      replay: { players: ["Stopp på fem", "WinningBot()"], lines: [{ kind: "draw", seat: 0, text: "A draws 5♠." }, "A banks."] },
    });
    const rows = section.querySelectorAll('[data-testid="tournament-ranking"] li');
    expect([...rows].map((r) => r.dataset.place)).toEqual(["1", "2"]);
    expect(rows[0].textContent).toContain("Bank when …");
    expect(rows[0].querySelector("[role=img]").getAttribute("aria-label")).toBe(
      "Rating 100, 95 % interval 0 to 200",
    );
    const lines = () => section.querySelectorAll(".borsen-p-t-lines li").length;
    expect(lines()).toBe(0);
    section.querySelector('[data-testid="replay-step"]').click();
    expect(lines()).toBe(1);
    expect(section.querySelector(".borsen-p-t-lines li").textContent).toBe("A draws 5♠.");
    section.querySelector('[data-testid="replay-step"]').click();
    expect(lines()).toBe(2);
    expect(section.querySelector('[data-testid="replay-step"]').disabled).toBe(true);
    section.querySelector('[data-testid="replay-restart"]').click();
    expect(lines()).toBe(0);
    t.destroy();
  });
});

describe("the join card's button", () => {
  test("Make your strategy opens submissions; then it closes them, with the count beside it", () => {
    document.body.innerHTML = "<div></div>";
    const host = document.querySelector("div");
    const sent = [];
    const card = mountRoomCard(host, {
      send: (intent, extra) => sent.push({ intent, ...extra }),
      uid: "w",
      words: () => translator(null),
      probe: async () => true,
    });
    const base = {
      url: "http://10.0.0.2:5000/tok/", qr: "", local: false, voters: 0, students: [], seats: [],
      projector: "http://10.0.0.2:5000/ptok/projector/", question: { state: "none" },
    };
    card.update({ ...base, strategies: { open: false, submitted: 0 } });
    const button = () => host.querySelector('[data-testid="card-strategies"]');
    expect(button().textContent).toBe("Make your strategy");
    button().click();
    expect(sent.at(-1)).toEqual({ intent: "room", do: "strategies", on: true });
    card.update({ ...base, strategies: { open: true, submitted: 2 } });
    expect(button().textContent).toBe("Close submissions of strategies");
    expect(button().getAttribute("aria-pressed")).toBe("true");
    expect(host.textContent).toContain("2 strategies submitted.");
    button().click();
    expect(sent.at(-1)).toEqual({ intent: "room", do: "strategies", on: false });
  });
});
