import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { translator } from "../src/i18n.js";
import { describe, expect, test } from "vitest";
import {
  aceConfirm,
  actionLabel,
  addedCards,
  cardHTML,
  cardLabel,
  cardsLabel,
  aceCount,
  cardCount,
  chosenAces,
  deckCaption,
  deckLabel,
  escapeHTML,
  EVENT_GLYPHS,
  fanLayout,
  keyIntent,
  newEvents,
  parseCard,
  pileLabel,
  ranking,
  seatLabel,
  showBotControls,
  statusText,
  toggleChoice,
} from "../src/helpers.js";

const player = (seat, name, extra = {}) => ({
  seat, name, bot: null, score: 0, aces: [], robbable: 0, recent: [],
  is_current: false, is_winner: false, ...extra,
});

const baseView = (extra = {}) => ({
  version: 4,
  players: [player(0, "Ada", { is_current: true }), player(1, "Bo"), player(2, "Cy", { bot: "ThresholdBot(4)" })],
  current: 0,
  phase: "play",
  pile: ["6S", "JH"],
  deck_size: 40,
  deck_aces: 3,
  actions: ["draw", "bank"],
  bot_turn: false,
  aces: null,
  events: [],
  over: false,
  winners: [],
  result: "",
  controls: { allow_undo: true, can_undo: true, bots: true, only_bots: false, paused: false },
  ...extra,
});

describe("cards", () => {
  test("parse every notation the view uses", () => {
    expect(parseCard("TH")).toMatchObject({ rank: "10", suit: "H", symbol: "♥", red: true, name: "10 of hearts" });
    expect(parseCard("AS")).toMatchObject({ rank: "A", isAce: true, red: false, name: "ace of spades", label: "A♠" });
    expect(parseCard("QD")).toMatchObject({ isFace: true, red: true, label: "Q♦" });
    expect(parseCard("2c").label).toBe("2♣");
    expect(() => parseCard("XX")).toThrow(/not a card/);
    expect(() => parseCard("1S")).toThrow();
  });

  test("labels", () => {
    expect(cardLabel("TD")).toBe("10♦");
    expect(cardsLabel(["6S", "JH"])).toBe("6♠ J♥");
  });

  test("a card as HTML has rank, suit, colour and a name for screen readers", () => {
    const html = cardHTML("JH", { cls: "is-top" });
    expect(html).toContain('class="borsen-card is-red is-face is-top"');
    expect(html).toContain('aria-label="jack of hearts"');
    expect(html).toContain("♥");
    const hidden = cardHTML("3C", { hidden: true, style: "--i:2" });
    expect(hidden).toContain('aria-hidden="true"');
    expect(hidden).toContain('style="--i:2"');
    expect(hidden).toContain("is-black");
  });

  test("escapeHTML makes names safe", () => {
    expect(escapeHTML(`<b onclick="x">'&`)).toBe("&lt;b onclick=&quot;x&quot;&gt;&#39;&amp;");
  });
});

describe("layout", () => {
  test("the fan keeps the top card upright and leans the others a little", () => {
    expect(fanLayout(0)).toEqual([]);
    expect(fanLayout(1)).toEqual([{ index: 0, angle: 0, top: true }]);
    const fan = fanLayout(6);
    expect(fan.map((c) => c.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(fan[5]).toEqual({ index: 5, angle: 0, top: true });
    expect(fan.filter((c) => c.top)).toHaveLength(1);
    expect(fan[4].angle).toBe(-1.5);
    expect(fan[0].angle).toBe(-6); // capped at maxAngle
    expect(fanLayout(3, { maxAngle: 1 })[0].angle).toBe(-1);
  });

  test("addedCards finds the cards put on the pile since the last view", () => {
    expect(addedCards(null, ["6S"])).toBe(0);
    expect(addedCards([], ["6S"])).toBe(1);
    expect(addedCards(["6S"], ["6S", "JH", "2C"])).toBe(2);
    expect(addedCards(["6S", "JH"], ["6S"])).toBe(0); // undo
    expect(addedCards(["6S"], ["7S", "JH"])).toBe(0); // a new pile
  });
});

describe("words", () => {
  test("counts", () => {
    expect(cardCount(1)).toBe("1 card");
    expect(cardCount(1200)).toBe("1,200 cards");
    expect(aceCount(3)).toBe("3 aces");
    expect(aceCount(1)).toBe("1 ace");
  });

  test("the status line says whose turn it is and what they may do", () => {
    expect(statusText(null)).toBe("Loading…");
    expect(statusText(baseView())).toBe("Ada: draw or bank 2 cards.");
    expect(statusText(baseView({ to_beat: "needs a jack or higher" }))).toBe(
      "Ada: draw (needs a jack or higher) or bank 2 cards.",
    );
    expect(statusText(baseView({ pile: [], actions: ["draw"] }))).toBe("Ada: draw a card.");
    expect(statusText(baseView({ actions: ["bank"], deck_size: 0 }))).toBe("Ada: the deck is empty, so bank the pile.");
    expect(statusText(baseView({ phase: "aces", actions: ["list"] }))).toBe("Ada: keep or list your aces.");
    expect(statusText(baseView({ current: 2, bot_turn: true, actions: [] }))).toBe("Cy is playing…");
    const paused = baseView({ current: 2, bot_turn: true, actions: [] });
    paused.controls.paused = true;
    expect(statusText(paused)).toBe("Bots paused: Cy plays next.");
    expect(statusText(baseView({ over: true, result: "Ada wins with 20 cards." }))).toBe("Ada wins with 20 cards.");
  });

  test("labels for buttons, deck, pile and seats", () => {
    expect(actionLabel("bank", baseView())).toBe("Bank 2 cards");
    expect(actionLabel("draw", baseView())).toBe("Draw");
    expect(deckLabel(baseView())).toBe("The deck: 40 cards, 3 aces among them");
    expect(deckCaption(baseView())).toBe("40 cards · 3 aces");
    expect(deckCaption(baseView({ deck_size: 0 }))).toBe("The deck is empty");
    expect(pileLabel([])).toBe("The pile is empty");
    expect(pileLabel(["6S", "JH"])).toBe("The pile: 2 cards, the top card is jack of hearts: 6♠ J♥");
    expect(seatLabel(player(2, "Cy", { bot: "X", score: 5, aces: ["AS"], is_current: true }))).toBe(
      "Cy (a bot), 5 cards, 1 ace safe from robbers, to play",
    );
  });

  test("ranking shares places on equal scores", () => {
    const r = ranking([player(0, "Ada", { score: 10 }), player(1, "Bo", { score: 12 }), player(2, "Cy", { score: 10 })]);
    expect(r.map((p) => [p.name, p.place])).toEqual([["Bo", 1], ["Ada", 2], ["Cy", 2]]);
  });

  test("newEvents tells which lines are new, even after an undo reuses ids", () => {
    const a = [{ id: 0, text: "x" }, { id: 1, text: "y" }];
    expect(newEvents([], a)).toEqual(a);
    expect(newEvents(a, [...a, { id: 2, text: "z" }])).toEqual([{ id: 2, text: "z" }]);
    expect(newEvents(a, [a[0], { id: 1, text: "other" }])).toEqual([{ id: 1, text: "other" }]);
  });
});

describe("the ace dialog", () => {
  const pending = ["AS", "AH", "AC"];

  test("toggling and reading the choice", () => {
    let chosen = new Set();
    chosen = toggleChoice(chosen, 2);
    chosen = toggleChoice(chosen, 0);
    expect(chosenAces(pending, chosen)).toEqual(["AS", "AC"]);
    chosen = toggleChoice(chosen, 0);
    expect(chosenAces(pending, chosen)).toEqual(["AC"]);
  });

  test("the confirm button explains the limit (R12)", () => {
    expect(aceConfirm(pending, new Set(), 1)).toMatchObject({
      enabled: false, label: "Choose an ace to list", hint: "Choose 1 more ace to list (at least 1).",
    });
    expect(aceConfirm(pending, new Set(), 2).label).toBe("Choose 2 aces to list");
    expect(aceConfirm(pending, new Set([2]), 1)).toMatchObject({ enabled: true, label: "List A♣", listed: ["AC"] });
    expect(aceConfirm(pending, new Set([0, 1, 2]), 1).label).toBe("List all");
    expect(aceConfirm(["AC"], new Set(), 0)).toMatchObject({ enabled: true, label: "Keep it", listed: [] });
    expect(aceConfirm(pending, new Set(), 0).label).toBe("Keep all");
  });
});

describe("keys", () => {
  const key = (k, extra = {}) => ({ key: k, ...extra });

  test("letters map to legal intents only", () => {
    const view = baseView();
    expect(keyIntent(key("d"), view)).toEqual({ intent: "draw" });
    expect(keyIntent(key("B"), view)).toEqual({ intent: "bank" });
    expect(keyIntent(key("u"), view)).toEqual({ intent: "undo" });
    expect(keyIntent(key("n"), view)).toEqual({ intent: "new_game" });
    expect(keyIntent(key("b"), baseView({ actions: ["draw"] }))).toBeNull();
    expect(keyIntent(key("x"), view)).toBeNull();
    expect(keyIntent(key("t"), view)).toEqual({ intent: "panel" }); // the probabilities
  });

  test("modified and repeated keys are left alone (the notebook's own shortcuts)", () => {
    const view = baseView();
    expect(keyIntent(key("d", { ctrlKey: true }), view)).toBeNull();
    expect(keyIntent(key("d", { metaKey: true }), view)).toBeNull();
    expect(keyIntent(key("d", { altKey: true }), view)).toBeNull();
    expect(keyIntent(key("d", { repeat: true }), view)).toBeNull();
  });

  test("bots: pause, resume, step; digits in the dialog", () => {
    const view = baseView({ current: 2, bot_turn: true, actions: [] });
    expect(keyIntent(key("p"), view)).toEqual({ intent: "pause" });
    view.controls.paused = true;
    expect(keyIntent(key("p"), view)).toEqual({ intent: "resume" });
    expect(keyIntent(key("s"), view)).toEqual({ intent: "step" });
    expect(keyIntent(key("2"), baseView(), true)).toEqual({ toggle: 1 });
    expect(keyIntent(key("2"), baseView(), false)).toBeNull();
  });

  test("bot controls show in bots-only or paused games", () => {
    expect(showBotControls(baseView())).toBe(false);
    const only = baseView();
    only.controls.only_bots = true;
    expect(showBotControls(only)).toBe(true);
    expect(showBotControls({ ...only, over: true })).toBe(false);
  });
});

// ---------------------------------------------------------------------------- languages
// The table's words in bokmål and nynorsk, from the catalogues Python ships (speech).

const speech = (language) => ({
  language,
  texts: JSON.parse(readFileSync(
    resolve(process.cwd(), `../borsen_widget/locale/${language}/LC_MESSAGES/borsen_widget.json`), "utf8",
  )),
});
const nb = translator(speech("nb"));
const nn = translator(speech("nn"));

describe("the table's words in Norwegian", () => {
  test("cards, counts, deck and pile", () => {
    expect(parseCard("TH", nb).name).toBe("hjerter 10");
    expect(parseCard("AS", nn).name).toBe("spar ess");
    expect(cardCount(1, nb)).toBe("1 kort");
    expect(cardCount(1200, nn)).toBe("1\u00a0200 kort");
    expect(aceCount(3, nb)).toBe("3 ess");
    expect(deckCaption(baseView(), nb)).toBe("40 kort · 3 ess");
    expect(deckCaption(baseView({ deck_size: 0 }), nb)).toBe("Børsen er tom");
    expect(deckLabel(baseView(), nn)).toBe("Børsen: 40 kort, 3 ess blant dei");
    expect(pileLabel(["6S", "JH"], nb)).toBe("Bunken: 2 kort, det øverste er hjerter knekt: 6♠ J♥");
    expect(pileLabel([], nn)).toBe("Bunken er tom");
    expect(cardHTML("QD", { w: nb })).toContain('aria-label="ruter dame"');
  });

  test("the status line, with the person at the screen as you", () => {
    expect(statusText(baseView({ to_beat: "trenger knekt eller høyere" }), nb)).toBe(
      "Ada: trekk (trenger knekt eller høyere) eller legg 2 kort i banken.",
    );
    const you = baseView({ players: [player(0, "Du", { is_current: true, you: true }), player(1, "Bo")] });
    expect(statusText(you, nn)).toBe("Din tur: trekk eller legg 2 kort i banken.");
    expect(statusText(you)).toBe("Your turn: draw or bank 2 cards.");
    expect(statusText(baseView({ actions: ["bank"], deck_size: 0 }), nn)).toBe(
      "Ada: børsen er tom, så legg bunken i banken.",
    );
    const paused = baseView({ current: 2, bot_turn: true, actions: [] });
    paused.controls.paused = true;
    expect(statusText(paused, nb)).toBe("Robotene har pause: Cy står for tur.");
    expect(statusText(null, nn)).toBe("Lastar …");
    expect(actionLabel("bank", baseView(), nb)).toBe("Legg 2 kort i banken");
    expect(actionLabel("draw", baseView(), nn)).toBe("Trekk");
    expect(seatLabel(player(2, "Cy", { bot: "X", score: 1, aces: ["AS", "AH"], is_current: true }), nb)).toBe(
      "Cy (robot), 1 kort, 2 ess trygge for ranere, har turen",
    );
  });

  test("the ace dialog's button and hint", () => {
    const pending = ["AS", "AH", "AC"];
    expect(aceConfirm(pending, new Set(), 2, nb)).toMatchObject({
      label: "Velg 2 ess å børsnotere", hint: "Velg 2 ess til som skal børsnoteres (minst 2 i alt).",
    });
    expect(aceConfirm(pending, new Set(), 1, nn).label).toBe("Vel eit ess å børsnotere");
    expect(aceConfirm(pending, new Set([1]), 1, nn)).toMatchObject({
      label: "Børsnoter A♥", hint: "A♥ blir stokka inn i børsen att.",
    });
    expect(aceConfirm(["AC"], new Set(), 0, nb)).toMatchObject({ label: "Behold det", hint: "Alle essene blir i banken din." });
  });
});

// The Unicode blocks of DejaVu Sans that the event glyphs may come from (tests/browser/fonts
// holds the same ranges, subset): Latin-1, General Punctuation, Arrows, Geometric Shapes,
// Miscellaneous Symbols, Dingbats. Supplemental Arrows-B (U+2900–297F) is not in DejaVu.
const DEJAVU_BLOCKS = [
  [0x00a0, 0x00ff], [0x2000, 0x206f], [0x2190, 0x21ff], [0x25a0, 0x25ff], [0x2600, 0x26ff],
  [0x2700, 0x27bf],
];

test("every event glyph is in a block of DejaVu Sans, so no event draws as a box", () => {
  for (const [kind, glyph] of Object.entries(EVENT_GLYPHS)) {
    const code = glyph.codePointAt(0);
    expect(DEJAVU_BLOCKS.some(([lo, hi]) => lo <= code && code <= hi), `${kind} ${glyph}`).toBe(
      true,
    );
  }
});
