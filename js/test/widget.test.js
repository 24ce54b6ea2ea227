// The render function with a fake anywidget model, in happy-dom.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
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
      // The page's language is reported once at render (checked in "language" below).
      if (msg.intent === "page_language") {
        languages.push(msg);
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

function view(extra = {}) {
  return {
    version: 7,
    players: [player(0, "Ada", { is_current: true, score: 3 }), player(1, "<b>Bo</b>"), player(2, "Cy", { bot: "ThresholdBot(4)" })],
    current: 0,
    phase: "play",
    pile: ["6S", "JH"],
    deck_size: 40,
    deck_aces: 3,
    legal: ["draw", "bank"],
    actions: ["draw", "bank"],
    bot_turn: false,
    aces: null,
    events: [{ id: 0, kind: "start", seat: 0, text: "Ada goes first." }, { id: 1, kind: "draw", seat: 0, text: "Ada drew 6♠ to start a pile." }],
    over: false,
    winners: [],
    result: "",
    rules: [],
    controls: { allow_undo: true, can_undo: false, bots: true, only_bots: false, paused: false },
    ...extra,
  };
}

let el;
let model;
let cleanup;

beforeEach(() => {
  document.body.innerHTML = "";
  el = document.createElement("div");
  document.body.appendChild(el);
  model = fakeModel({ view: view(), notice: { id: 0, text: "", level: "info" } });
  cleanup = widget.render({ model, el });
});

const root = () => el.querySelector(".borsen");
const button = (intent) => el.querySelector(`button[data-intent="${intent}"]`);

describe("render", () => {
  test("draws the table, the seats and the events", () => {
    expect(root().dataset.version).toBe("7");
    expect(root().getAttribute("data-lm-suppress-shortcuts")).toBe("true");
    expect(el.querySelector(".borsen-status").textContent).toBe("Ada: draw or bank 2 cards.");
    expect([...el.querySelectorAll(".borsen-pile .borsen-card")].map((c) => c.dataset.card)).toEqual(["6S", "JH"]);
    expect(el.querySelector(".borsen-pile .is-top").dataset.card).toBe("JH");
    expect(el.querySelector(".borsen-deck-count").textContent).toBe("40");
    expect(el.querySelectorAll(".borsen-seat")).toHaveLength(3);
    expect(el.querySelector(".borsen-seats").innerHTML).toContain("&lt;b&gt;Bo&lt;/b&gt;");
    expect(el.querySelector(".borsen-ev.is-newest").textContent).toContain("Ada drew 6♠");
  });

  test("shows buttons for the legal actions only", () => {
    expect(button("draw").hidden).toBe(false);
    expect(button("bank").hidden).toBe(false);
    expect(button("bank").textContent).toContain("Bank 2 cards");
    expect(button("undo").disabled).toBe(true);
    model.set("view", view({ version: 8, pile: [], actions: ["draw"] }));
    expect(button("bank").hidden).toBe(true);
    model.set("view", view({ version: 9, current: 2, bot_turn: true, actions: [] }));
    expect(button("draw").hidden).toBe(true);
    expect(el.querySelector(".borsen-waiting").hidden).toBe(false);
  });

  test("clicks and keys send intents with the view's version", () => {
    button("draw").click();
    expect(model.sent).toEqual([{ intent: "draw", version: 7 }]);
    root().dispatchEvent(new KeyboardEvent("keydown", { key: "b", bubbles: true }));
    expect(model.sent[1]).toEqual({ intent: "bank", version: 7 });
    root().dispatchEvent(new KeyboardEvent("keydown", { key: "d", ctrlKey: true, bubbles: true }));
    expect(model.sent).toHaveLength(2);
  });

  test("new game asks once more while a game is on", () => {
    button("new_game").click();
    expect(model.sent).toHaveLength(0);
    expect(button("new_game").textContent).toContain("Start over?");
    button("new_game").click();
    expect(model.sent).toEqual([{ intent: "new_game", version: 7 }]);
  });

  test("the ace dialog lists the chosen aces", () => {
    model.set("view", view({
      version: 8, phase: "aces", actions: ["list"], pile: [],
      aces: { seat: 0, name: "Ada", pending: ["AS", "AH", "AC"], to_list: 1, limit: 2, held: 3, text: "at most 2" },
    }));
    const dialog = el.querySelector(".borsen-aces");
    expect(dialog.hidden).toBe(false);
    expect(dialog.getAttribute("role")).toBe("dialog");
    const ok = el.querySelector(".borsen-aces-ok");
    expect(ok.disabled).toBe(true);
    el.querySelector('[data-ace="2"]').click();
    expect(el.querySelector('[data-ace="2"]').getAttribute("aria-pressed")).toBe("true");
    expect(ok.disabled).toBe(false);
    expect(ok.textContent).toBe("List A♣");
    ok.click();
    expect(model.sent).toEqual([{ intent: "list", version: 8, aces: ["AC"] }]);
  });

  test("keep all sends keep", () => {
    model.set("view", view({
      version: 8, phase: "aces", actions: ["list"], pile: [],
      aces: { seat: 0, name: "Ada", pending: ["AC"], to_list: 0, limit: 2, held: 1, text: "" },
    }));
    el.querySelector(".borsen-aces-ok").click();
    expect(model.sent).toEqual([{ intent: "keep", version: 8 }]);
  });

  test("notices show, can be dismissed, and clear", () => {
    model.set("notice", { id: 1, text: "That click was made on an earlier view.", level: "warning" });
    const notice = el.querySelector(".borsen-notice");
    expect(notice.hidden).toBe(false);
    expect(notice.dataset.level).toBe("warning");
    el.querySelector(".borsen-notice-close").click();
    expect(notice.hidden).toBe(true);
    model.set("notice", { id: 2, text: "Another.", level: "warning" });
    expect(notice.hidden).toBe(false);
    model.set("notice", { id: 3, text: "", level: "info" });
    expect(notice.hidden).toBe(true);
  });

  test("the end screen names the winners", () => {
    model.set("view", view({
      version: 9, over: true, actions: [], pile: [], deck_size: 0, winners: [0],
      result: "Ada wins with 3 cards.", end_reason: "deck",
      players: [player(0, "Ada", { score: 3, is_winner: true }), player(1, "Bo", { score: 1 }), player(2, "Cy")],
    }));
    expect(el.querySelector(".borsen-end").hidden).toBe(false);
    expect(el.querySelector(".borsen-end-text").textContent).toBe("Ada wins with 3 cards.");
    expect(el.querySelectorAll(".borsen-end-ranking li")).toHaveLength(3);
    button("new_game").click(); // no confirmation once the game is over
    expect(model.sent).toEqual([{ intent: "new_game", version: 9 }]);
  });

  test("new events are announced to screen readers", () => {
    const events = [...view().events, { id: 2, kind: "pass", seat: 0, text: "Ada drew 4♣ — lower than 6♠: the pile passes to Bo." }];
    model.set("view", view({ version: 8, events }));
    expect(el.querySelector(".borsen-sr").textContent).toBe("Ada drew 4♣ — lower than 6♠: the pile passes to Bo.");
    expect(el.querySelector(".borsen-sr").getAttribute("aria-live")).toBe("polite");
  });

  test("a screen reader is given the spoken sentence, and a turn coming to a person once", () => {
    const drawn = { id: 2, kind: "pass", seat: 0, text: "Ada drew 4♣ — lower than 6♠: the pile passes to Bo.", said: "Ada drew 4 of clubs — lower than 6 of spades: the pile passes to Bo." };
    const events = [...view().events, drawn];
    const players = [player(0, "Ada"), player(1, "Bo", { is_current: true }), player(2, "Cy")];
    model.set("view", view({ version: 8, events, current: 1, players }));
    const sr = el.querySelector(".borsen-sr");
    // One region, once a move: the draw in words, then what the person now to play may do.
    expect(sr.textContent).toBe(
      "Ada drew 4 of clubs — lower than 6 of spades: the pile passes to Bo. Bo: draw or bank 2 cards.",
    );
    expect(el.querySelector(".borsen-status").getAttribute("role")).toBeNull();
    expect(sr.textContent).not.toContain("♣");
  });

  test("the reader chooses how much is read out: only the people's moves here, kept in the browser", () => {
    const choice = el.querySelector(".borsen-read-choice");
    const label = el.querySelector(`label[for="${choice.id}"]`);
    expect(label.textContent).toBe("What a screen reader reads out");
    expect(el.querySelector(".borsen-read").hidden).toBe(false); // Cy is a bot
    choice.value = "mine";
    choice.dispatchEvent(new Event("change"));
    expect(window.localStorage.getItem("borsen-read-aloud")).toBe("mine");
    const sr = el.querySelector(".borsen-sr");
    sr.textContent = "";
    const bots = { id: 2, kind: "pass", seat: 2, text: "Cy drew 4♣.", said: "Cy drew 4 of clubs." };
    model.set("view", view({ version: 8, events: [...view().events, bots] }));
    // The bot's move is left out; that the turn is back with Ada after it is not.
    expect(sr.textContent).toBe("Ada: draw or bank 2 cards.");
    const ada = { id: 3, kind: "bank", seat: 0, text: "Ada banks 2 cards.", said: "Ada banks 2 cards." };
    model.set("view", view({ version: 9, events: [...view().events, bots, ada] }));
    expect(sr.textContent).toBe("Ada banks 2 cards.");
    // What a bot does to a person here is theirs to hear: a robbery of Ada is read out.
    const robs = { id: 4, kind: "rob", seat: 2, target: 0, text: "Cy robbed Ada.", said: "Cy robbed Ada." };
    model.set("view", view({ version: 10, events: [...view().events, bots, ada, robs] }));
    expect(sr.textContent).toBe("Cy robbed Ada. Ada: draw or bank 2 cards.");
    // A new view of the widget starts with the choice this browser made.
    const el2 = document.createElement("div");
    document.body.appendChild(el2);
    const cleanup2 = widget.render({ model, el: el2 });
    expect(el2.querySelector(".borsen-read-choice").value).toBe("mine");
    cleanup2();
    window.localStorage.removeItem("borsen-read-aloud");
    // With people only at the table, there is nothing to leave out, and no choice is shown.
    const people = [player(0, "Ada", { is_current: true }), player(1, "Bo"), player(2, "Cy")];
    model.set("view", view({ version: 11, players: people }));
    expect(el.querySelector(".borsen-read").hidden).toBe(true);
  });

  test("request ids: each request has this view's own id, and notices show on that view only", () => {
    const el2 = document.createElement("div");
    document.body.appendChild(el2);
    const cleanup2 = widget.render({ model, el: el2 });
    button("draw").click();
    el2.querySelector('button[data-intent="draw"]').click();
    const [mine, theirs] = model.ids;
    expect(mine).toMatch(/^borsen-[a-z0-9]+-1$/);
    expect(theirs).toMatch(/^borsen-[a-z0-9]+-1$/);
    expect(mine).not.toBe(theirs);
    // The second view's click lost the race: only the second view says so.
    model.set("notice", { id: 4, text: "That click was made on an earlier view.", level: "warning", request: theirs });
    expect(el.querySelector(".borsen-notice").hidden).toBe(true);
    expect(el2.querySelector(".borsen-notice").hidden).toBe(false);
    // A notice that answers no request (news for everyone) shows on both.
    model.set("notice", { id: 5, text: "New game: players 3 → 4.", level: "info", request: null });
    expect(el.querySelector(".borsen-notice").hidden).toBe(false);
    expect(el2.querySelector(".borsen-notice").hidden).toBe(false);
    cleanup2();
  });

  test("the join card of a class: address, QR code, students and the seat buttons", () => {
    expect(el.querySelector(".borsen-room").hidden).toBe(true);
    model.set("room_card", {
      url: "http://127.0.0.1:5000/abc/", qr: '<svg class="borsen-qr-code"></svg>', local: true,
      students: [{ name: "Lina", seat: 0, here: true }, { name: "<i>Max</i>", seat: null, here: false }],
      count: 2, max: 60, voters: 1,
      seats: [
        { seat: 0, name: "Ada", bot: false, open: true, holder: "Lina" },
        { seat: 1, name: "Bo", bot: false, open: false, holder: null },
        { seat: 2, name: "Cy", bot: true, open: false, holder: null },
      ],
    });
    const card = el.querySelector(".borsen-room");
    expect(card.hidden).toBe(false);
    expect(el.querySelector(".borsen-layout").classList.contains("has-panel")).toBe(true);
    expect(card.querySelector(".borsen-room-url").textContent).toBe("http://127.0.0.1:5000/abc/");
    expect(card.querySelector(".borsen-qr-code")).not.toBeNull();
    expect(card.querySelector(".borsen-room-count").textContent).toBe("2 students · 1 away · 1 voted");
    expect(card.querySelector(".borsen-room-students").innerHTML).toContain("&lt;i&gt;Max&lt;/i&gt; (away)");
    expect(el.querySelector('.borsen-seat[data-seat="0"] .borsen-holder').textContent).toBe("Lina");
    card.querySelector('[data-room="take_back"]').click();
    card.querySelector('[data-room="open_seat"]').click();
    expect(model.sent).toEqual([
      { intent: "take_back", version: 7, seat: 0 },
      { intent: "open_seat", version: 7, seat: 1 },
    ]);
    expect(card.querySelectorAll(".borsen-room-seats button")).toHaveLength(2); // a bot's has none
    // The class's controls reach Python as the widget's intent "room" with what to do.
    card.querySelector('[data-do="ask"][data-kind="chance"]').click();
    card.querySelector('[data-do="lock"]').click();
    expect(model.sent.slice(2)).toEqual([
      { intent: "room", version: 7, do: "ask", kind: "chance" },
      { intent: "room", version: 7, do: "lock" },
    ]);
    model.set("room_card", {});
    expect(card.hidden).toBe(true);
  });

  test("cleanup removes the listeners and the DOM", () => {
    cleanup();
    expect(model.handlers["change:view"]).toHaveLength(0);
    expect(el.querySelector(".borsen")).toBeNull();
  });
});

// ---------------------------------------------------------------------------- languages

const shipped = (language) => ({
  language,
  texts: JSON.parse(readFileSync(
    resolve(process.cwd(), `../borsen_widget/locale/${language}/LC_MESSAGES/borsen_widget.json`), "utf8",
  )),
});

/** Every text a person reads or hears in the table: text nodes, aria-labels and titles of
 * what is shown. */
function readable(node) {
  const out = [];
  const walk = (n) => {
    if (n.nodeType === 3) {
      const text = n.textContent.trim();
      if (text) out.push(text);
      return;
    }
    if (n.nodeType !== 1 || n.hidden) return; // what is hidden is neither seen nor heard
    for (const name of ["aria-label", "title"]) {
      if (n.hasAttribute(name)) out.push(n.getAttribute(name));
    }
    n.childNodes.forEach(walk);
  };
  walk(node);
  return out;
}

describe("languages", () => {
  test("the page reports its language once, and Python's speech redraws every text", () => {
    expect(model.languages).toHaveLength(1);
    expect(model.languages[0].intent).toBe("page_language");
    expect(button("draw").textContent).toContain("Draw");
    model.set("speech", shipped("nb"));
    expect(button("draw").querySelector(".borsen-label").textContent).toBe("Trekk");
    expect(button("draw").getAttribute("aria-label")).toBe("Trekk et kort (tast D)");
    expect(button("bank").querySelector(".borsen-label").textContent).toBe("Legg 2 kort i banken");
    expect(el.querySelector(".borsen-status").textContent).toBe("Ada: trekk eller legg 2 kort i banken.");
    expect(el.querySelector(".borsen-log-title").textContent).toBe("Hva som har skjedd");
    expect(root().getAttribute("aria-label")).toMatch(/^Kortspillet Børsen\. Taster: D trekk/);
    expect(root().lang).toBe("nb");
    model.set("speech", shipped("nn"));
    expect(button("new_game").textContent).toContain("Nytt spel");
    button("new_game").click();
    expect(button("new_game").textContent).toContain("Byrje på nytt?");
    expect(model.sent).toHaveLength(0); // the words changed, nothing was sent
  });

  test("nothing on the table falls back to English", () => {
    const names = ["ThresholdBot(4)", "Børsen", "Lina", "Ada", "Bo", "Cy"]; // longest first
    // Python's sentences (the log, the result, the ace dialog's text, what the next card
    // needs) come translated in the view; here they hold no words, to test the page's own.
    const python = { to_beat: "…", result: "★", events: [{ id: 0, kind: "start", seat: 0, text: "…" }] };
    const views = [
      view({ ...python, version: 20 }),
      view({ ...python, version: 21, players: [player(0, "Ada", { is_current: true, you: true, aces: ["AS"], score: 1 }), player(1, "Bo", { score: 2 }), player(2, "Cy", { bot: "ThresholdBot(4)" })] }),
      view({ ...python, version: 22, current: 2, bot_turn: true, actions: [], controls: { allow_undo: true, can_undo: true, bots: true, only_bots: false, paused: true } }),
      view({ ...python, version: 23, pile: [], actions: ["draw"] }),
      view({ ...python, version: 24, actions: ["bank"], deck_size: 0 }),
      view({ ...python, version: 25, phase: "aces", actions: ["list"], pile: [], aces: { seat: 0, name: "Ada", pending: ["AS", "AH"], to_list: 1, limit: 1, held: 2, text: "…" } }),
      view({ ...python, version: 26, phase: "aces", actions: ["list"], pile: [], aces: { seat: 0, name: "Ada", you: true, pending: ["AC"], to_list: 0, limit: 2, held: 1, text: "…" } }),
      view({ ...python, version: 27, over: true, actions: [], pile: [], deck_size: 0, winners: [1], end_reason: "max_turns", rules: ["…"], players: [player(0, "Ada", { score: 1 }), player(1, "Bo", { score: 3, is_winner: true }), player(2, "Cy")] }),
      view({ ...python, version: 28, over: true, actions: [], pile: [], deck_size: 0, winners: [0], end_reason: "deck", players: [player(0, "Ada", { score: 1, is_winner: true }), player(1, "Bo"), player(2, "Cy")] }),
    ];
    const seen = { en: new Set(), nb: new Set(), nn: new Set() };
    for (const v of views) {
      const readings = {};
      for (const language of ["en", "nb", "nn"]) {
        model.set("speech", shipped(language));
        model.set("view", v);
        model.set("room_card", { seats: [{ seat: 1, name: "Bo", bot: false, open: true, holder: "Lina" }] });
        if (v.aces) el.querySelector('[data-ace="0"]').click(); // one ace chosen: the other words
        readings[language] = readable(el.querySelector(".borsen-game"));
        if (v.aces) el.querySelector('[data-ace="0"]').click();
      }
      for (const language of ["nb", "nn"]) {
        expect(readings[language]).toHaveLength(readings.en.length);
        readings.en.forEach((english, i) => {
          let words = english;
          for (const name of names) words = words.replaceAll(name, "");
          if (/[A-Za-z]{3}/.test(words)) {
            expect(readings[language][i], `${language}: ${english}`).not.toBe(english);
          }
          seen[language].add(readings[language][i]);
        });
      }
    }
    expect(seen.nb).toContain("Sannsynligheter");
    expect(seen.nn).toContain("Grensa for talet på turar er nådd.");
  });
});
