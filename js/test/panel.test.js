// The teacher's panel with a fake anywidget model, in happy-dom: beside the game, and as
// ProbabilityPanel's own widget.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import panelWidget from "../src/panel-widget.js";
import widget from "../src/widget.js";

function fakeModel(state) {
  const handlers = {};
  const sent = [];
  const ids = [];
  const languages = [];
  return {
    sent,
    ids,
    languages,
    get: (k) => state[k],
    set(k, v) {
      state[k] = v;
      (handlers[`change:${k}`] || []).forEach((f) => f());
    },
    on(name, f) {
      (handlers[name] ||= []).push(f);
    },
    off(name, f) {
      handlers[name] = (handlers[name] || []).filter((g) => g !== f);
    },
    save_changes() {},
    send(msg) {
      // The page's language, reported once at render (i18n.js), is not a request.
      if (msg.intent === "page_language") {
        languages.push(msg.tags);
        return;
      }
      // Each request carries its view's own id (checked in "request ids" below); the other
      // tests compare the rest.
      const { id, ...rest } = msg;
      ids.push(id);
      sent.push(rest);
    },
    handlers,
  };
}

const player = (seat, name, extra = {}) => ({
  seat, name, bot: null, score: 0, aces: [], robbable: 0, recent: [],
  is_current: false, is_winner: false, ...extra,
});

const view = (extra = {}) => ({
  version: 7,
  players: [player(0, "Ada", { is_current: true }), player(1, "Bo"), player(2, "Cy")],
  current: 0, phase: "play", pile: ["8S"], deck_size: 12, deck_aces: 1,
  legal: ["draw", "bank"], actions: ["draw", "bank"], bot_turn: false, aces: null,
  events: [], over: false, winners: [], result: "", rules: [],
  controls: { allow_undo: true, can_undo: false, bots: false, only_bots: false, paused: false },
  ...extra,
});

const frac = (fraction, decimal) => ({ fraction, decimal });

const WINNING = {
  win: "bank", cards: "draw", differ: true, chances: { draw: 0.58, bank: 0.629 },
  win_text: "Best chance to win the game: bank, which wins it 62.9% of the time.",
  cards_text: "Most cards this turn: draw, which wins the game 58.0% of the time.",
  text: "Playing to win is not the same as playing for cards: …",
};

function panelData(extra = {}) {
  return {
    kind: "choice",
    seat: 0,
    player: "Ada",
    question: "Ada: draw once more, or bank 1 card?",
    objective: "own",
    objective_text: "On average: the cards Ada banks this turn.",
    pile_top: "8S",
    pile_size: 1,
    deck_size: 12,
    deck_left: [
      { label: "2", count: 2, accepted: 0, all_accepted: false },
      { label: "9", count: 3, accepted: 3, all_accepted: true },
      { label: "K", count: 6, accepted: 6, all_accepted: true },
      { label: "AS", count: 1, accepted: 1, all_accepted: true },
    ],
    p_accept: {
      accepted: 10, deck_size: 12, counted: "10/12", fraction: "5/6", decimal: 0.8333,
      sentence: "10 of the 12 cards left are 8 or higher, or aces",
    },
    outcomes: [
      { label: "2", probability: frac("1/6", 0.1667), accepted: false, sentence: "A 2 (2 of 12 cards): not accepted" },
      { label: "9", probability: frac("1/4", 0.25), accepted: true, sentence: "A 9 (3 of 12 cards): accepted" },
    ],
    one_step: { draw: frac("5/3", 1.667), bank: frac("1/1", 1), better: "draw" },
    best: {
      state: "solved",
      advice: {
        action: "draw", objective: "own",
        values: { draw: frac("23924539/17740800", 1.3486), bank: frac("1/1", 1) },
        advantage: frac("6183739/17740800", 0.35), pile: 1, sentence: "Draw: …",
      },
      states: 0, text: "",
    },
    certified: {
      action: "draw", proven: true, proof: "one_draw", steps: null, objective: "own", pile: 1,
      bank: frac("1/1", 1), lower: frac("5/3", 1.667), upper: frac("7/3", 2.333),
      margin: frac("2/3", 0.667), sentence: "Even drawing just once …",
    },
    choice: {
      action: "draw", how: "exact", text: "Drawing … is worth more than banking.",
      margin: frac("6183739/17740800", 0.35), proof: null, steps: null, at_least: false,
    },
    version: 7,
    decision: 3,
    guess: { on: false, revealed: false, votes: { draw: 0, bank: 0 } },
    hidden: false,
    reason: null,
    ...extra,
  };
}

function hiddenData(extra = {}) {
  const d = panelData();
  return {
    ...d,
    deck_left: d.deck_left.map((e) => ({ ...e, accepted: null, all_accepted: null })),
    p_accept: null, outcomes: null, one_step: null, certified: null, choice: null,
    best: { state: "hidden", advice: null, states: 0, text: "" },
    guess: { on: true, revealed: false, votes: { draw: 2, bank: 1 } },
    hidden: true,
    ...extra,
  };
}

let el;
let model;
let cleanup;
const $ = (sel) => el.querySelector(sel);

describe("the panel beside the game", () => {
  beforeEach(() => {
    document.body.innerHTML = "";
    el = document.createElement("div");
    document.body.appendChild(el);
    model = fakeModel({ view: view(), notice: { id: 0, text: "" }, panel: {} });
    cleanup = widget.render({ model, el });
  });

  test("switched off: no panel, the toggle says so; T and the button ask for it", () => {
    expect($(".borsen-panel").hidden).toBe(true);
    expect($(".borsen-layout").classList.contains("has-panel")).toBe(false);
    const toggle = $('button[data-intent="panel"]');
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    toggle.click();
    expect(model.sent).toEqual([{ intent: "panel", version: 7 }]);
    $(".borsen").dispatchEvent(new KeyboardEvent("keydown", { key: "t", bubbles: true }));
    expect(model.sent[1]).toEqual({ intent: "panel", version: 7 });
  });

  test("shows the exact chance, the chart, the values and the best choice", () => {
    model.set("panel", panelData());
    const panel = $(".borsen-panel");
    expect(panel.hidden).toBe(false);
    expect(panel.getAttribute("role")).toBe("region");
    expect(document.getElementById(panel.getAttribute("aria-labelledby")).textContent)
      .toBe("Probabilities");
    expect($(".borsen-layout").classList.contains("has-panel")).toBe(true);
    expect($('button[data-intent="panel"]').getAttribute("aria-pressed")).toBe("true");
    expect($(".borsen-p-counted").textContent).toBe("10/12");
    expect($(".borsen-p-fraction").textContent).toBe("5/6");
    expect($(".borsen-p-decimal").textContent).toBe("0.833");
    expect($(".borsen-p-big").textContent.replace(/\s+/g, " ")).toBe("10/12 = 5/6 ≈ 0.833 (83%)");
    expect($(".borsen-p-sentence").textContent)
      .toBe("10 of the 12 cards left are 8 or higher, or aces.");
    // The chart: 13 bars, the accepted ones hatched and ticked, with a text alternative.
    const bars = [...el.querySelectorAll(".borsen-bar")];
    expect(bars).toHaveLength(13);
    const bar = (rank) => el.querySelector(`.borsen-bar[data-rank="${rank}"]`);
    expect(bar("K").dataset.count).toBe("6");
    expect(bar("K").classList.contains("is-accepted")).toBe(true);
    expect(bar("K").querySelector(".borsen-bar-mark").textContent).toBe("✓");
    expect(bar("2").classList.contains("is-refused")).toBe(true);
    expect(bar("2").querySelector(".borsen-bar-mark").textContent).toBe("");
    expect(bar("A").dataset.count).toBe("1");
    expect($(".borsen-chart").getAttribute("role")).toBe("img");
    expect($(".borsen-chart").getAttribute("aria-label")).toContain("10 of the 12 would be accepted");
    // The values, each with its exact fraction.
    const value = (key) => el.querySelector(`[data-value="${key}"] .borsen-num`);
    expect(value("bank").dataset.fraction).toBe("1");
    expect(value("one").dataset.fraction).toBe("5/3");
    expect(value("one").textContent.replace(/\s+/g, " ")).toBe("1.667 cards ≈ 5/3");
    expect(value("bank").textContent.replace(/\s+/g, " ")).toBe("1 card");
    expect(value("best").dataset.fraction).toBe("23924539/17740800");
    // A fraction a class cannot read (8 digits) shows as its decimal; the exact value is one
    // click away for the teacher (the title, and the details).
    expect(value("best").querySelector(".borsen-exact")).toBeNull();
    expect(value("best").textContent.replace(/\s+/g, " ")).toBe("≈ 1.349 cards");
    expect(value("best").getAttribute("title")).toBe("Exact value: 23924539/17740800");
    // Plain words on the class's screen, the methods' names in the teacher's details.
    expect(el.querySelector('[data-value="one"]').textContent).not.toContain("look-ahead");
    expect(el.querySelector('[data-value="best"]').textContent).not.toContain("stopping rule");
    const detail = $(".borsen-panel-detail");
    expect(detail.hidden).toBe(false);
    expect(detail.textContent).toContain("one-draw look-ahead");
    expect(detail.textContent).toContain("exact best stopping rule");
    expect(detail.querySelector('[data-exact="Draw, then stop at the best moment"]').textContent)
      .toBe("Draw, then stop at the best moment: 23924539/17740800");
    expect($(".borsen-values-what").textContent).toBe("On average: the cards Ada banks this turn.");
    expect($(".borsen-choice-action").textContent).toBe("DRAW");
    expect($(".borsen-choice-how").textContent).toBe("(worked out exactly)");
    const margin = $(".borsen-choice-text .borsen-num");
    expect(margin.dataset.fraction).toBe("6183739/17740800");
    expect($(".borsen-choice-text").textContent).toContain("Better by ≈ 0.349 cards");
    expect(el.querySelector(".borsen-outcomes .borsen-num").textContent.replace(/\s+/g, " "))
      .toBe("1/6 ≈ 0.167");
    expect(el.querySelectorAll(".borsen-outcomes li")).toHaveLength(2);
    expect($(".borsen-panel-vote").hidden).toBe(true);
    expect($(".borsen-panel-live").textContent).toContain("10/12");
  });

  test("while the best rule is worked out it says so, and never shows a number for it", () => {
    model.set("panel", panelData({
      best: {
        state: "working", advice: null, states: 6000, text: "Still counting…",
        detail: "Working out the exact best stopping rule: 6\u00a0000 states so far.",
      },
      certified: null,
      choice: { action: null, how: null, text: "Not known yet" },
    }));
    const best = el.querySelector('[data-value="best"]');
    expect(best.querySelector(".borsen-num")).toBeNull();
    expect(best.textContent).toContain("Still counting…");
    expect(best.textContent).not.toContain("states");
    expect($(".borsen-panel-detail").textContent).toContain("6\u00a0000 states so far");
    expect($(".borsen-choice-action").textContent).toBe("not known yet");
    expect($(".borsen-panel").dataset.best).toBe("working");
  });

  test("the proven choice shows at once: marked proven, how, and by at least how much", () => {
    model.set("panel", panelData({
      best: { state: "working", advice: null, states: 600, text: "Still counting…" },
      choice: {
        action: "bank", how: "proven", proof: "look_ahead_run", steps: 1, at_least: true,
        text: "Whatever the next card is, … drawing now is worth at most 0.9 cards.",
        margin: frac("1/10", 0.1),
      },
    }));
    expect($(".borsen-choice-action").textContent).toBe("BANK");
    expect($(".borsen-choice-how").textContent)
      .toBe("(proven by looking one card ahead, then seeing the deck)");
    expect($(".borsen-panel-choice").dataset.how).toBe("proven");
    expect($(".borsen-choice-text").textContent).toContain("Whatever the next card is");
    expect($(".borsen-choice-text").textContent).toContain("Better by at least 0.100 cards = 1/10");
    // The best rule's row: the proven bounds (exact), and that the exact value is coming.
    const best = el.querySelector('[data-value="best"]');
    expect(best.querySelector(".borsen-best-bounds").textContent.replace(/\s+/g, " "))
      .toBe("Proven: at most 2.333 cards ≈ 7/3.");
    expect(best.querySelector(".borsen-num").dataset.fraction).toBe("7/3");
    expect(best.textContent).toContain("Still counting…");
  });

  test("the winning move shows beside the move with the most cards, only where they differ", () => {
    model.set("panel", panelData({ winning: WINNING }));
    const block = $(".borsen-panel-winning");
    expect(block.hidden).toBe(false);
    expect(block.dataset.win).toBe("bank");
    expect($(".borsen-winning-win").textContent).toBe(WINNING.win_text);
    expect($(".borsen-winning-cards").textContent).toBe(WINNING.cards_text);
    expect($(".borsen-winning-text").textContent).toBe(WINNING.text);
    // Issue 31: each move is named by its goal, so the class reads two questions (the most
    // cards this turn, the best chance to win the game), not two answers to one.
    const label = $('[data-word="choice"]');
    expect(label.textContent).toBe("Most cards this turn");
    expect($(".borsen-winning-cards").textContent.startsWith(`${label.textContent}:`)).toBe(true);
    expect($(".borsen-winning-win").textContent).toMatch(/^Best chance to win the game: bank/);
    model.set("panel", panelData({ winning: WINNING, objective: "lead" }));
    expect(label.textContent).toBe("Most cards of lead this turn");
    // The same move (or too close to tell): nothing shown, nothing left over.
    model.set("panel", panelData({ winning: { ...WINNING, win: "draw", differ: false } }));
    expect(block.hidden).toBe(true);
    expect($(".borsen-winning-win").textContent).toBe("");
    model.set("panel", panelData({ winning: null }));
    expect(block.hidden).toBe(true);
    // Guess first hides it with the other answers.
    model.set("panel", hiddenData());
    expect(block.hidden).toBe(true);
  });

  test("guess first: the question and the votes, no answers; R and Reveal ask for them", () => {
    model.set("panel", hiddenData());
    expect($(".borsen-panel").dataset.hidden).toBe("true");
    expect($(".borsen-panel-vote").hidden).toBe(false);
    expect($(".borsen-p-counted")).toBeNull();
    expect($(".borsen-p-big").textContent).toBe("?");
    expect($(".borsen-panel-values").hidden).toBe(true);
    expect($(".borsen-panel-choice").hidden).toBe(true);
    expect($(".borsen-panel-outcomes").hidden).toBe(true);
    expect(el.querySelectorAll(".borsen-bar.is-accepted")).toHaveLength(0);
    expect($(".borsen-chart-legend").textContent).toContain("hidden until Reveal");
    // As Python sends it until Reveal: how many voted, not how (nobody follows the crowd).
    model.set("panel", hiddenData({ guess: { on: true, revealed: false, votes: null, voters: 3 } }));
    expect($('[data-count="draw"]').textContent).toBe("");
    expect($('[data-count="draw"]').hidden).toBe(true);
    expect($('[data-choice="draw"]').getAttribute("aria-label")).toBe("A vote for draw");
    expect($(".borsen-panel-votes").hidden).toBe(false);
    expect($(".borsen-panel-votes").textContent).toBe("3 votes so far");
    expect($(".borsen-panel-guess").getAttribute("aria-pressed")).toBe("true");
    $('[data-choice="bank"]').click();
    expect(model.sent).toEqual([{ intent: "vote", version: 7, choice: "bank" }]);
    $(".borsen-reveal").click();
    expect(model.sent[1]).toEqual({ intent: "reveal", version: 7 });
    $(".borsen").dispatchEvent(new KeyboardEvent("keydown", { key: "r", bubbles: true }));
    expect(model.sent[2]).toEqual({ intent: "reveal", version: 7 });
    $(".borsen-panel-guess").click();
    expect(model.sent[3]).toEqual({ intent: "guess", version: 7 });
    // Revealed: the answers and the class's votes.
    model.set("panel", panelData({ guess: { on: true, revealed: true, votes: { draw: 2, bank: 1 } } }));
    expect($(".borsen-panel-vote").hidden).toBe(true);
    expect($(".borsen-panel-votes").textContent).toBe("The class voted: Draw 2 · Bank 1");
    expect($(".borsen-p-counted").textContent).toBe("10/12");
  });

  test("a forced draw has no Bank vote; no decision shows the reason only", () => {
    model.set("panel", hiddenData({ kind: "forced", pile_top: null, pile_size: 0 }));
    expect($('[data-choice="bank"]').hidden).toBe(true);
    expect($(".borsen-p-sentence").textContent).toContain("the pile is empty");
    model.set("panel", {
      kind: "aces", question: "Ada is deciding which aces to keep.", deck_left: [],
      reason: "There is no draw-or-bank decision while aces are being kept or listed (R11).",
      best: { state: "none" }, choice: null, guess: { on: false, revealed: false, votes: {} },
      version: 8, decision: 4, hidden: false,
    });
    expect($(".borsen-panel-reason").hidden).toBe(false);
    expect($(".borsen-panel-p").hidden).toBe(true);
    expect($(".borsen-chart-wrap").hidden).toBe(true);
    model.set("panel", {});
    expect($(".borsen-panel").hidden).toBe(true);
  });

  test("cleanup removes the panel's listener too", () => {
    cleanup();
    expect(model.handlers["change:panel"]).toHaveLength(0);
  });
});

describe("ProbabilityPanel's own widget", () => {
  beforeEach(() => {
    document.body.innerHTML = "";
    el = document.createElement("div");
    document.body.appendChild(el);
    model = fakeModel({ panel: {}, notice: { id: 0, text: "" } });
    cleanup = panelWidget.render({ model, el });
  });

  test("waits for figures, then draws them; requests carry the panel's version", () => {
    expect($(".borsen-panel").hidden).toBe(true);
    expect($(".borsen-panel-off").hidden).toBe(false);
    model.set("panel", hiddenData({ version: 12 }));
    expect($(".borsen-panel-off").hidden).toBe(true);
    expect($(".borsen.borsen-solo").dataset.version).toBe("12");
    expect($(".borsen-solo").getAttribute("data-lm-suppress-shortcuts")).toBe("true");
    $('[data-choice="draw"]').click();
    $(".borsen-solo").dispatchEvent(new KeyboardEvent("keydown", { key: "r", bubbles: true }));
    expect(model.sent).toEqual([
      { intent: "vote", version: 12, choice: "draw" },
      { intent: "reveal", version: 12 },
    ]);
  });

  test("the keyboard stays in the panel when Reveal goes away", () => {
    model.set("panel", hiddenData());
    $(".borsen-reveal").focus();
    expect(document.activeElement).toBe($(".borsen-reveal"));
    model.set("panel", panelData());
    expect(document.activeElement).toBe($(".borsen-solo"));
  });

  test("shows its notices, escaped", () => {
    model.set("notice", { id: 1, text: "<b>late</b> click", level: "warning" });
    expect($(".borsen-notice").hidden).toBe(false);
    expect($(".borsen-notice-text").innerHTML).toBe("&lt;b&gt;late&lt;/b&gt; click");
    $(".borsen-notice-close").click();
    expect($(".borsen-notice").hidden).toBe(true);
  });

  test("cleanup removes the listeners and the DOM", () => {
    cleanup();
    expect(model.handlers["change:panel"]).toHaveLength(0);
    expect($(".borsen")).toBeNull();
  });
});

// ------------------------------------------------------------------ bokmål and nynorsk

function speechOf(language) {
  const file = resolve(
    process.cwd(),
    `../borsen_widget/locale/${language}/LC_MESSAGES/borsen_widget.json`,
  );
  return { language, texts: JSON.parse(readFileSync(file, "utf8")) };
}

// Python writes these in the language spoken (tests/jupyter/test_panel.py checks
// them); the front end's own words are everything else.
const FROM_PYTHON = [
  ".borsen-panel-question", ".borsen-p-sentence", ".borsen-values-what", ".borsen-choice-text",
  ".borsen-outcome-text", ".borsen-panel-reason", ".borsen-best-status", ".borsen-detail-python",
  ".borsen-notice-text", ".borsen-winning-win", ".borsen-winning-cards", ".borsen-winning-text",
];

/** Every text of the front end's own a person can read: text nodes, labels and titles. */
function ownTexts(root, question = "") {
  const found = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent.closest("[hidden]") || FROM_PYTHON.some((sel) => parent.matches(sel))) continue;
    const text = node.textContent.trim();
    if (parent.matches(".borsen-panel-live") && text === question) continue; // Python's
    if (text) found.push(text);
  }
  for (const node of root.querySelectorAll("[aria-label], [title]")) {
    if (node.closest("[hidden]")) continue;
    for (const name of ["aria-label", "title"]) {
      if (node.hasAttribute(name)) found.push(node.getAttribute(name));
    }
  }
  return found;
}

const PANEL_STATES = {
  "exact, solved": () => panelData(),
  "proven, working": () => panelData({
    best: { state: "working", advice: null, states: 600, text: "…", detail: "…" },
    choice: {
      action: "bank", how: "proven", proof: "look_ahead_run", steps: 2, at_least: true,
      text: "…", margin: frac("1/10", 0.1),
    },
    deck_left: [
      { label: "9", count: 3, accepted: 1, all_accepted: false },
      { label: "K", count: 1, accepted: 1, all_accepted: true },
    ],
  }),
  "the winning move": () => panelData({ winning: WINNING }),
  "each proof": () => panelData({
    choice: { action: "draw", how: "proven", proof: "draw_until", steps: 3, at_least: true,
      text: "…", margin: frac("1/3", 0.333) },
  }),
  "open": () => panelData({
    best: { state: "too_costly", advice: null, states: 600000, text: "…", detail: "…" },
    certified: { ...panelData().certified, action: null, proven: false, proof: null },
    choice: { action: null, how: null, text: "…", margin: null },
    objective: "lead",
  }),
  "guess first, hidden": () => hiddenData({ guess: { on: true, revealed: false, votes: null, voters: 1 } }),
  "guess first, revealed": () => panelData({ guess: { on: true, revealed: true, votes: { draw: 2, bank: 1 } } }),
  "forced, hidden": () => hiddenData({ kind: "forced", pile_top: null, pile_size: 0 }),
  "aces": () => ({
    kind: "aces", question: "…", deck_left: [], reason: "…", best: { state: "none" },
    choice: null, guess: { on: true, revealed: false, votes: {} }, version: 8, decision: 4,
    hidden: false,
  }),
};

describe.each(["nb", "nn"])("nothing falls back to English (%s)", (language) => {
  test("every panel state: the front end's own words are all translated", () => {
    for (const [name, make] of Object.entries(PANEL_STATES)) {
      const seen = {};
      for (const lang of ["en", language]) {
        document.body.innerHTML = "";
        el = document.createElement("div");
        document.body.appendChild(el);
        model = fakeModel({ panel: make(), notice: { id: 0, text: "" }, speech: speechOf(lang) });
        cleanup = panelWidget.render({ model, el });
        seen[lang] = ownTexts(el, make().question);
        cleanup();
      }
      expect(seen[language].length, name).toBe(seen.en.length);
      seen.en.forEach((english, i) => {
        if (!/\p{L}{2,}/u.test(english)) return; // numbers, card and rank symbols, keys
        expect(seen[language][i], `${name}: ${english}`).not.toBe(english);
      });
    }
  });

  test("numbers are written the Norwegian way, and the words change at once", () => {
    model = fakeModel({ panel: panelData(), notice: { id: 0, text: "" }, speech: speechOf("en") });
    document.body.innerHTML = "";
    el = document.createElement("div");
    document.body.appendChild(el);
    cleanup = panelWidget.render({ model, el });
    expect($(".borsen-panel-title").textContent).toBe("Probabilities");
    model.set("speech", speechOf(language));
    expect($(".borsen-panel-title").textContent).toBe(language === "nb" ? "Sannsynligheter" : "Sannsyn");
    expect($(".borsen-p-big").textContent.replace(/\s+/g, " ")).toBe("10/12 = 5/6 ≈ 0,833 (83 %)");
    const value = (key) => el.querySelector(`[data-value="${key}"] .borsen-num`);
    expect(value("one").textContent.replace(/\s+/g, " ")).toBe("1,667 kort ≈ 5/3");
    expect(value("best").textContent.replace(/\s+/g, " ")).toBe("≈ 1,349 kort");
    expect(value("best").getAttribute("title")).toBe("Nøyaktig verdi: 23924539/17740800");
    expect($(".borsen-chart").getAttribute("aria-label")).toContain(
      language === "nb" ? "2 toere, ikke godkjent" : "2 toarar, ikkje godkjent",
    );
    expect(model.languages).toHaveLength(1); // the page's language, reported once
    cleanup();
  });
});
