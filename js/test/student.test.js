// The students' page with a fake WebSocket, in happy-dom: join, the table (shared with the
// widget), seats, votes, notices for this page, reconnecting and the end of the class.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { translator } from "../src/i18n.js";
import { mountRoomCard } from "../src/room-card.js";
import { startStudentPage } from "../src/student.js";
import typedAnswers from "./typed-answers.json";
import {
  LANGUAGE_KEY, answerBins, figuresLines, tableChance, tableLines, answerChart, answerEcho, answerValueText, nameProblem, parseAnswer, pointsText,
  resultText, retryDelay, roomSummary, scoringText, seatLine, seatState, secondsLeft, socketUrl,
  percentText, timerText, trendChart, trendText, truthShort, truthText, voteCard,
} from "../src/student-helpers.js";

/** What Python sends a page: the shipped catalogue of a language. */
function speech(language) {
  const file = `../borsen_widget/locale/${language}/LC_MESSAGES/borsen_widget.json`;
  return { language, texts: JSON.parse(readFileSync(resolve(process.cwd(), file), "utf8")) };
}

class FakeSocket {
  constructor(url) {
    this.url = url;
    this.readyState = 1;
    this.sent = [];
    this.listeners = {};
  }
  addEventListener(name, f) {
    (this.listeners[name] ||= []).push(f);
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  receive(message) {
    (this.listeners.message || []).forEach((f) => f({ data: JSON.stringify(message) }));
  }
  drop(code = 1006) {
    this.readyState = 3;
    (this.listeners.close || []).forEach((f) => f({ code }));
  }
}

function memoryStorage() {
  const m = new Map();
  return { get: (k) => m.get(k) ?? null, set: (k, v) => m.set(k, v), remove: (k) => m.delete(k), m };
}

const player = (seat, name, extra = {}) => ({
  seat, name, bot: null, score: 0, aces: [], robbable: 0, recent: [],
  is_current: false, is_winner: false, ...extra,
});

const view = (extra = {}) => ({
  version: 5, players: [player(0, "Ada", { is_current: true }), player(1, "Bo")], current: 0,
  phase: "play", pile: ["6S"], deck_size: 40, deck_aces: 4, legal: ["draw", "bank"],
  actions: ["draw", "bank"], bot_turn: false, aces: null, events: [], over: false, winners: [],
  result: "", rules: [], controls: { allow_undo: true, can_undo: false, bots: false }, turns: 0,
  ...extra,
});

const seats = (holder = null) => [
  { seat: 0, name: "Ada", bot: false, open: true, holder },
  { seat: 1, name: "Bo", bot: false, open: true, holder: null },
];

let root;
let sockets;
let storage;
let page;

function start() {
  page = startStudentPage(root, {
    href: "http://127.0.0.1:5000/tok/",
    connect: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    storage,
  });
}

beforeEach(() => {
  document.body.innerHTML = "";
  root = document.createElement("main");
  root.className = "borsen borsen-student";
  document.body.appendChild(root);
  sockets = [];
  storage = memoryStorage();
  start();
});

const $ = (sel) => root.querySelector(sel);
const socket = () => sockets[sockets.length - 1];

/** The messages the page sent, without its language report (sent after each hello). */
const sent = () => socket().sent.filter((m) => m.intent !== "page_language");

function join(name = "Lina") {
  socket().receive({ type: "hello", max_name: 24 });
  $(".borsen-join-name").value = name;
  $(".borsen-join").dispatchEvent(new Event("submit", { cancelable: true }));
  socket().receive({ type: "welcome", name, session: "SESSION", request: "s-1" });
  socket().receive({ type: "view", view: view() });
  socket().receive({ type: "room", seats: seats(), students: 1 });
  socket().receive({ type: "class", class: { on: false } });
  socket().receive({ type: "you", name, seat: null, vote: null });
}

describe("the students' page", () => {
  test("connects to the class's WebSocket and joins with a name", () => {
    expect(socket().url).toBe("ws://127.0.0.1:5000/tok/ws");
    expect($(".borsen-join-go").disabled).toBe(true); // until the class says hello
    socket().receive({ type: "hello" });
    $(".borsen-join").dispatchEvent(new Event("submit", { cancelable: true }));
    expect($(".borsen-join-problem").textContent).toBe("Type your name to join.");
    expect(sent()).toEqual([]);
    join();
    expect(sent()[0]).toEqual({ intent: "join", name: "Lina", id: "s-3" }); // after 2 hellos
    expect(storage.get("borsen-class:/tok/")).toBe("SESSION");
    expect($(".borsen-join").hidden).toBe(true);
    expect($(".borsen-class").hidden).toBe(false);
    expect($(".borsen-class-who").textContent).toBe("Lina");
    // The table is the widget's, without the teacher's tools.
    expect(root.querySelectorAll(".borsen-pile .borsen-card")).toHaveLength(1);
    expect($('button[data-intent="new_game"]')).toBeNull();
    expect($('button[data-intent="undo"]')).toBeNull();
  });

  test("a student without a seat sees no Draw or Bank, and may take an open seat", () => {
    join();
    expect($('button[data-intent="draw"]').hidden).toBe(true);
    expect($(".borsen-waiting").hidden).toBe(false);
    expect($(".borsen-waiting-text").textContent).toBe("Ada is playing");
    const claims = [...root.querySelectorAll('[data-seat-intent="claim"]')];
    expect(claims.map((b) => b.textContent)).toEqual(["Take Ada's seat", "Take Bo's seat"]);
    claims[0].click();
    expect(socket().sent.at(-1)).toEqual({ intent: "claim", seat: 0, id: "s-3" });
    socket().receive({ type: "room", seats: seats("Lina"), students: 1 });
    socket().receive({ type: "you", name: "Lina", seat: 0, vote: null });
    expect($(".borsen-me-line").textContent).toContain("You play Ada's seat");
    expect($(".borsen-seat[data-seat='0'] .borsen-holder").textContent).toBe("Lina");
    expect($('button[data-intent="draw"]').hidden).toBe(false);
    $('button[data-intent="draw"]').click();
    expect(socket().sent.at(-1)).toEqual({ intent: "draw", version: 5, id: "s-4" });
    // Bo's turn: the buttons go, although the view still lists actions (for Bo).
    socket().receive({ type: "view", view: view({ version: 6, current: 1 }) });
    expect($('button[data-intent="draw"]').hidden).toBe(true);
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "d", bubbles: true }));
    expect(socket().sent.at(-1).id).toBe("s-4"); // no key sends for another seat
    $('[data-seat-intent="leave"]').click();
    expect(socket().sent.at(-1)).toEqual({ intent: "leave", id: "s-5" });
  });

  test("the ace dialog shows on the holder's page only", () => {
    join();
    const aces = { seat: 0, name: "Ada", pending: ["AC"], to_list: 0, limit: 2, held: 1, text: "Keep" };
    socket().receive({ type: "view", view: view({ version: 6, phase: "aces", actions: ["list"], aces }) });
    expect($(".borsen-aces").hidden).toBe(true);
    socket().receive({ type: "you", name: "Lina", seat: 0, vote: null });
    expect($(".borsen-aces").hidden).toBe(false);
    $(".borsen-aces-ok").click();
    expect(socket().sent.at(-1)).toEqual({ intent: "keep", version: 6, id: "s-3" });
  });

  test("guess first: vote, see your vote, and after Reveal the class's split and the answers", () => {
    join();
    expect($(".borsen-vote").hidden).toBe(true);
    const asking = { on: true, asking: true, kind: "choice", player: "Ada", pile_size: 1, hidden: true, voters: 3, votes: null };
    socket().receive({ type: "class", class: asking });
    expect($(".borsen-vote").hidden).toBe(false);
    expect($(".borsen-vote-question").textContent).toBe("Ada: draw once more, or bank the pile's 1 card?");
    expect($(".borsen-vote-mine").textContent).toBe("You have not voted yet. 3 votes so far.");
    $('[data-vote="bank"]').click();
    expect(socket().sent.at(-1)).toEqual({ intent: "vote", version: 5, choice: "bank", id: "s-3" });
    socket().receive({ type: "you", name: "Lina", seat: null, vote: "bank" });
    expect($('[data-vote="bank"]').getAttribute("aria-pressed")).toBe("true");
    expect($(".borsen-vote-mine").textContent).toContain("Your vote: bank.");
    socket().receive({
      type: "class",
      class: { ...asking, hidden: false, votes: { draw: 12, bank: 5 }, p_accept: { counted: "15/30", fraction: "1/2" }, choice: { action: "draw", how: "exact", same: false } },
    });
    expect($(".borsen-vote-buttons").hidden).toBe(true);
    const lines = [...root.querySelectorAll(".borsen-vote-results li")].map((li) => li.textContent);
    expect(lines).toEqual([
      "The class voted: 12 to draw, 5 to bank.",
      "Chance the next card is accepted: 15/30 = 1/2 = 0.5.",
      "Best choice: draw. Drawing, then stopping at the best moment, beats banking.",
    ]);
  });

  test("a notice for this page shows in the table; before joining, by the name", () => {
    socket().receive({ type: "hello" });
    socket().receive({ type: "notice", text: "The name Lina is taken: add an initial, or choose another.", request: "s-1" });
    expect($(".borsen-join-problem").textContent).toContain("is taken");
    join("Lina B");
    socket().receive({ type: "notice", text: "It is Bo's turn, not Ada's: wait for your turn.", request: "s-3" });
    expect($(".borsen-notice").hidden).toBe(false);
    expect($(".borsen-notice-text").textContent).toContain("wait for your turn");
  });

  test("a page that comes back joins with its session; an unknown one asks the name again", () => {
    join();
    socket().drop();
    expect($(".borsen-class-link").textContent).toContain("reconnecting");
    vi.useFakeTimers();
    page.stop();
    vi.useRealTimers();
    // A new page load of the same class: the saved session joins at once.
    sockets = [];
    start();
    socket().receive({ type: "hello" });
    expect(socket().sent).toEqual([
      { intent: "page_language", tags: expect.any(Array), id: "s-1" },
      { intent: "join", session: "SESSION", id: "s-2" },
    ]);
    socket().receive({ type: "forgotten", request: "s-2" });
    expect(storage.get("borsen-class:/tok/")).toBeNull();
    expect($(".borsen-join-go").disabled).toBe(false);
  });

  test("the end of the class is said plainly", () => {
    join();
    socket().receive({ type: "ended", text: "The class has ended. Thank you for playing!" });
    expect($(".borsen-ended").hidden).toBe(false);
    expect($(".borsen-ended-text").textContent).toContain("Thank you");
    expect($(".borsen-class").hidden).toBe(true);
    socket().drop(1001);
    expect(sockets).toHaveLength(1); // no reconnecting to a class that ended
  });
});

describe("each phone reads its own language", () => {
  test("the page reports the phone's languages, then draws every word in the one Python sends", () => {
    socket().receive({ type: "hello" });
    const report = socket().sent[0];
    expect(report.intent).toBe("page_language");
    expect(Array.isArray(report.tags) && report.tags.length <= 16).toBe(true);
    socket().receive({ type: "speech", speech: speech("nn"), request: report.id });
    expect($(".borsen-join-title").textContent).toBe("Bli med i timen");
    expect($(".borsen-join-label").textContent).toBe("Namnet ditt");
    expect($(".borsen-class-link").textContent).toBe("Tilkopla");
    expect(root.lang).toBe("nn");
    const pressed = [...root.querySelectorAll("[data-language]")].map((b) => b.getAttribute("aria-pressed"));
    expect(pressed).toEqual(["false", "true", "false"]); // Bokmål, Nynorsk, English
    $(".borsen-join").dispatchEvent(new Event("submit", { cancelable: true }));
    expect($(".borsen-join-problem").textContent).toBe("Skriv namnet ditt for å bli med.");
    $(".borsen-join-name").value = "Lina";
    $(".borsen-join").dispatchEvent(new Event("submit", { cancelable: true }));
    socket().receive({ type: "welcome", name: "Lina", session: "S" });
    socket().receive({ type: "view", view: view() });
    socket().receive({ type: "room", seats: seats(), students: 1 });
    socket().receive({ type: "you", name: "Lina", seat: null, vote: null });
    expect($(".borsen-me-line").textContent).toBe("Ta ein plass for å spele, eller sjå på og røyst.");
    const claims = [...root.querySelectorAll('[data-seat-intent="claim"]')].map((b) => b.textContent);
    expect(claims).toEqual(["Ta plassen til Ada", "Ta plassen til Bo"]);
    socket().receive({ type: "class", class: { on: true, asking: true, kind: "forced", player: "Ada", hidden: true, voters: 2 } });
    expect($(".borsen-vote-title").textContent).toBe("Gjett først");
    expect($(".borsen-vote-question").textContent).toBe("Ada må trekkje: bunken er tom.");
    expect($('[data-vote="draw"]').textContent).toBe("Trekk");
  });

  test("the switch keeps the phone's choice and asks Python for its words; they redraw the page", () => {
    socket().receive({ type: "hello" });
    socket().receive({ type: "speech", speech: speech("nn") });
    root.querySelector('[data-language="en"]').click();
    expect(storage.get(LANGUAGE_KEY)).toBe("en");
    expect(socket().sent.at(-1)).toMatchObject({ intent: "page_language", tags: ["en"] });
    socket().receive({ type: "speech", speech: speech("en") });
    expect($(".borsen-join-title").textContent).toBe("Join the class");
    root.querySelector('[data-language="nb"]').click();
    socket().receive({ type: "speech", speech: speech("nb") });
    expect($(".borsen-join-title").textContent).toBe("Bli med i timen");
    expect($(".borsen-join-label").textContent).toBe("Navnet ditt");
    // Back to nynorsk: Python sends only the language's name; the page kept its words.
    root.querySelector('[data-language="nn"]').click();
    socket().receive({ type: "speech", speech: { language: "nn" } });
    expect($(".borsen-join-label").textContent).toBe("Namnet ditt");
    root.querySelector('[data-language="nb"]').click();
    // The next visit (or a reconnection) asks for the chosen language, not the phone's.
    socket().drop();
    page.stop();
    sockets = [];
    start();
    socket().receive({ type: "hello" });
    expect(socket().sent[0]).toMatchObject({ intent: "page_language", tags: ["nb"] });
  });

  test("the end of the class stays in the page's words; Python's own text as it came", () => {
    socket().receive({ type: "hello" });
    socket().receive({ type: "speech", speech: speech("nb") });
    socket().receive({ type: "ended", text: "Læreren din har avsluttet timen. Takk for at du spilte!" });
    expect($(".borsen-ended-title").textContent).toBe("Timen er slutt");
    expect($(".borsen-ended-text").textContent).toContain("Takk for at du spilte");
    expect($(".borsen-class-link").textContent).toBe("Slutt");
  });

  test("the join card speaks the widget's language, read at every update", () => {
    let tr = translator(speech("en"));
    const host = document.createElement("div");
    document.body.appendChild(host);
    const card = mountRoomCard(host, { send: () => {}, uid: "w", words: () => tr });
    const data = {
      url: "http://127.0.0.1:1/tok/", qr: '<svg aria-label="x"></svg>', local: true, voters: 2,
      students: [{ name: "Lina", seat: 0, here: true }, { name: "Max", seat: null, here: false }],
      seats: [{ seat: 0, name: "Ada", bot: false, open: true, holder: "Lina" }, { seat: 1, name: "Cy", bot: true, open: false, holder: null }],
    };
    card.update(data);
    expect(host.querySelector(".borsen-room-title").textContent).toBe("Join on your phone");
    expect(host.querySelector(".borsen-room-count").textContent).toBe("2 students · 1 away · 2 voted");
    tr = translator(speech("nn"));
    card.update(data);
    expect(host.querySelector(".borsen-room-title").textContent).toBe("Bli med på mobilen");
    expect(host.querySelector(".borsen-room-count").textContent).toBe("2 elevar · 1 borte · 2 har røysta");
    expect([...host.querySelectorAll(".borsen-room-students li")].map((li) => li.textContent)).toEqual(["Lina", "Max (borte)"]);
    const states = [...host.querySelectorAll(".borsen-room-seat-state")].map((s) => s.textContent);
    expect(states).toEqual(["blir spelt av Lina", "ein robot"]);
    const back = host.querySelector('[data-room="take_back"]');
    expect(back.textContent).toBe("Ta tilbake");
    expect(back.getAttribute("aria-label")).toBe("Ta tilbake plassen til Ada");
    expect(host.querySelector(".borsen-room-qr svg").getAttribute("aria-label")).toBe(
      "QR-kode med adressa til timen: http://127.0.0.1:1/tok/",
    );
    expect(host.querySelector(".borsen-room-note").textContent).toContain("Berre denne datamaskina");
    card.destroy();
  });
});

describe("student helpers", () => {
  test("a share shows its tenth only when the rounded tenth is not 0", () => {
    expect(percentText(0.42)).toBe("42%");
    expect(percentText(0.425)).toBe("42.5%");
    // A mean of chances summed in another order: 32.9499999…% rounds to 33.0, written 33%.
    expect(percentText(0.3295 - 1e-12)).toBe("33%");
    expect(percentText(0.3295 - 1e-12, translator(speech("nb")))).toBe("33\u00a0%");
    expect(percentText(0.3294, translator(speech("nb")))).toBe("32,9\u00a0%");
  });

  test("addresses, names and words", () => {
    expect(socketUrl("https://10.0.0.2:8443/abc/?x=1#y")).toBe("wss://10.0.0.2:8443/abc/ws");
    expect(nameProblem("  ")).toBe("Type your name to join.");
    expect(nameProblem("x".repeat(25))).toContain("at most 24");
    expect(nameProblem(" Lina ")).toBe("");
    expect(nameProblem("  ", 24, translator(speech("nn")))).toBe("Skriv namnet ditt for å bli med.");
    expect(seatState({ bot: true })).toBe("a bot");
    expect(seatState({ open: true, holder: "Lina" })).toBe("played by Lina");
    expect(seatState({ open: false })).toBe("played here");
    expect(roomSummary({ students: [{ here: true }], voters: 0 })).toBe("1 student");
    expect(seatLine({ seat: null }, [])).toContain("Watch and vote");
    expect(retryDelay(0)).toBe(500);
    expect(retryDelay(10)).toBe(8000);
  });

  test("the vote card: nothing to vote on, a forced draw, hidden and revealed", () => {
    expect(voteCard({ on: false }, null).show).toBe(false);
    expect(voteCard({ on: true, asking: false }, null).show).toBe(false);
    const forced = voteCard({ on: true, asking: true, kind: "forced", hidden: true, voters: 1 }, "draw");
    expect(forced).toMatchObject({ show: true, canVote: true, bank: false, mine: "Your vote: draw.", count: "1 vote so far." });
    const revealed = { on: true, asking: true, kind: "choice", player: "Bo", pile_size: 3, hidden: false, votes: { draw: 0, bank: 2 }, p_accept: { counted: "1/3", fraction: "1/3" }, choice: { action: null, how: null } };
    const shown = voteCard(revealed, null);
    expect(shown.results).toEqual([
      "The class voted: 0 to draw, 2 to bank.",
      "Chance the next card is accepted: 1/3 ≈ 0.333.",
      "Which is better is not known yet: your teacher's screen works it out.",
    ]);
    // The same card in nynorsk: numbers with a decimal comma, the seed's words.
    const nn = voteCard(revealed, "bank", translator(speech("nn")));
    expect(nn.question).toBe("Bo: trekkje ein gong til, eller leggje bunken på 3 kort i banken?");
    expect(nn.mine).toBe("Di røyst: legg i banken.");
    expect(nn.results[1]).toBe("Sjansen for at neste kort blir godkjent: 1/3 ≈ 0,333.");
  });
});

// ---------------------------------------------------------------- posed questions (issue 22)

const question = (extra = {}) => ({
  id: 3, kind: "chance", state: "open", player: "Ada", pile_size: 3, deck_size: 40,
  range: { low: 0, high: 1 }, seconds: null, answered: 12, students: 30, hold: true, ...extra,
});

const revealed = (extra = {}) => question({
  state: "revealed", truth: { fraction: "3/8", value: 0.375 },
  answers: [0.1, 0.3, 0.375, 0.4, 0.5], mean_error: 0.08, right: null, ...extra,
});

/** What the page sent that is an answer. */
const answers = () => socket().sent.filter((m) => m.intent === "answer");

function type(text) {
  const field = $(".borsen-q-field");
  field.value = text;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

function submitAnswer() {
  $(".borsen-q-form").dispatchEvent(new Event("submit", { cancelable: true }));
}

describe("posed questions on a phone", () => {
  test("a chance: the slider and the field follow each other; percent and fraction are sent", () => {
    join();
    socket().receive({ type: "class", class: { on: true, asking: true, kind: "choice", player: "Ada", pile_size: 3, hidden: true, voters: 0 } });
    expect($(".borsen-vote").hidden).toBe(false);
    socket().receive({ type: "question", question: question() });
    expect($(".borsen-q").hidden).toBe(false);
    expect($(".borsen-vote").hidden).toBe(true); // the posed question, not the vote card
    expect($(".borsen-q-title").textContent).toBe("Question");
    expect($(".borsen-q-text").textContent).toBe("What is the chance that the next card Ada draws is accepted?");
    expect($(".borsen-q-slider").hidden).toBe(false);
    expect($(".borsen-q-answered").textContent).toBe("12 of 30 have answered.");
    expect($(".borsen-q-bar").value).toBe(12);
    expect($(".borsen-q-bar").max).toBe(30);
    expect($(".borsen-q-mine").textContent).toBe("You have not answered yet.");
    type("37,5 %");
    expect($(".borsen-q-slider").value).toBe("38");
    expect($(".borsen-q-echo").textContent).toBe("You mean 37.5%.");
    // Issue 31: a probability written with a decimal comma is 25 %, and the phone says so
    // before the answer is sent; the text goes to Python, which reads it by the same rule.
    type("0,25");
    expect($(".borsen-q-echo").textContent).toBe("You mean 25%.");
    expect($(".borsen-q-slider").value).toBe("25");
    type("0,25 %");
    expect($(".borsen-q-echo").textContent).toBe("You mean 0.25%.");
    type("abc");
    expect($(".borsen-q-echo").textContent).toBe("");
    type("37,5 %");
    submitAnswer();
    expect(answers()).toEqual([{ intent: "answer", question: 3, value: "37,5 %", id: "s-3" }]);
    const slider = $(".borsen-q-slider");
    slider.value = "40";
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    expect($(".borsen-q-field").value).toBe("40%");
    type("3/8");
    submitAnswer();
    expect(answers().at(-1)).toMatchObject({ question: 3, value: "3/8" });
    socket().receive({ type: "you", name: "Lina", seat: null, vote: null, mine: { question: 3, value: 0.4 } });
    expect($(".borsen-q-mine").textContent).toBe(
      "Your answer: 40%. You may change it until the answer is shown.",
    );
    // The count moves: the field the student is typing in stays as it is.
    type("4");
    socket().receive({ type: "question", question: question({ answered: 13 }) });
    expect($(".borsen-q-field").value).toBe("4");
    expect($(".borsen-q-answered").textContent).toBe("13 of 30 have answered.");
  });

  test("a reloaded page shows the answer it had sent in the field", () => {
    join();
    socket().receive({ type: "question", question: question({ kind: "count", range: { low: 0, high: 40 } }) });
    expect($(".borsen-q-field").value).toBe("");
    socket().receive({ type: "you", name: "Lina", seat: null, vote: null, mine: { question: 3, value: 12 } });
    expect($(".borsen-q-field").value).toBe("12");
    expect($(".borsen-q-mine").textContent).toContain("Your answer: 12.");
  });

  test("bad input is caught on the phone with a clear line, and nothing is sent", () => {
    join();
    socket().receive({ type: "question", question: question() });
    for (const [text, line] of [
      ["", "Type a percentage from 0 to 100 (like 37 or 37.5) or a fraction like 3/8."],
      ["120", "A chance is at most 100 percent."],
      ["9/8", "A chance is at most 1: the number above the line cannot be larger than the one below."],
      ["abc", "Type a percentage from 0 to 100 (like 37 or 37.5) or a fraction like 3/8."],
    ]) {
      type(text);
      submitAnswer();
      expect($(".borsen-q-problem").textContent).toBe(line);
    }
    expect(answers()).toEqual([]);
    expect(document.activeElement).toBe($(".borsen-q-field"));
  });

  test("a count: a whole number with − and +, checked against its range", () => {
    join();
    socket().receive({ type: "question", question: question({ kind: "count", range: { low: 0, high: 40 } }) });
    expect($(".borsen-q-text").textContent).toBe(
      "How many of the 40 cards left in the deck would be accepted on top of the pile?",
    );
    expect($(".borsen-q-slider").hidden).toBe(true);
    expect($(".borsen-q-field").inputMode).toBe("numeric");
    const [minus, plus] = root.querySelectorAll(".borsen-q-step");
    expect(plus.hidden).toBe(false);
    plus.click();
    expect($(".borsen-q-field").value).toBe("0");
    plus.click();
    plus.click();
    minus.click();
    expect($(".borsen-q-field").value).toBe("1");
    type("41");
    submitAnswer();
    expect($(".borsen-q-problem").textContent).toBe("Type a whole number from 0 to 40.");
    type("12");
    submitAnswer();
    expect(answers()).toEqual([{ intent: "answer", question: 3, value: "12", id: expect.any(String) }]);
  });

  test("an expected number of cards takes a decimal comma", () => {
    join();
    socket().receive({ type: "question", question: question({ kind: "expected", range: { low: 0, high: 7 } }) });
    expect($(".borsen-q-text").textContent).toContain("How many cards will Ada bank on average");
    expect(root.querySelector(".borsen-q-step").hidden).toBe(true);
    type("2,5");
    submitAnswer();
    expect(answers().at(-1)).toMatchObject({ value: "2,5" });
    type("8");
    submitAnswer();
    expect($(".borsen-q-problem").textContent).toBe("Type a number from 0 to 7, like 2.5.");
    expect(answers()).toHaveLength(1);
  });

  test("a choice: Draw and Bank send at once; the chosen one is pressed", () => {
    join();
    socket().receive({ type: "question", question: question({ kind: "choice", range: null }) });
    expect($(".borsen-q-text").textContent).toBe("Ada: draw once more, or bank the pile's 3 cards?");
    expect($(".borsen-q-row").hidden).toBe(true);
    expect($(".borsen-q-send").hidden).toBe(true);
    $('[data-answer="bank"]').click();
    expect(answers()).toEqual([{ intent: "answer", question: 3, value: "bank", id: expect.any(String) }]);
    socket().receive({ type: "you", name: "Lina", seat: null, vote: null, mine: { question: 3, value: "bank" } });
    expect($('[data-answer="bank"]').getAttribute("aria-pressed")).toBe("true");
    expect($('[data-answer="draw"]').getAttribute("aria-pressed")).toBe("false");
    expect($(".borsen-q-mine").textContent).toContain("Your answer: bank.");
    socket().receive({ type: "question", question: revealed({ kind: "choice", truth: { action: "either" }, answers: ["bank", "draw", "draw"], right: 3, mean_error: null }) });
    expect($(".borsen-q-truth").textContent).toBe(
      "Drawing and banking are worth exactly the same here: both answers are right.",
    );
    expect($(".borsen-q-class").textContent).toBe("3 of 3 chose right.");
    expect(root.querySelectorAll(".borsen-q-chart .borsen-chart-bar.is-truth")).toHaveLength(2);
  });

  test("the reveal: the exact answer, the class's answers with the truth marked, the student's points and trend", () => {
    join();
    socket().receive({ type: "question", question: question() });
    expect($(".borsen-q-reveal").hidden).toBe(true);
    expect($(".borsen-q-truth").textContent).toBe("");
    expect(root.textContent).not.toContain("0.375");
    socket().receive({
      type: "you", name: "Lina", seat: null, vote: null,
      mine: { question: 3, value: 0.4, error: 0.025, points: 97 },
      scores: { total: 277, questions: [{ id: 1, kind: "count", points: 80 }, { id: 2, kind: "choice", points: 100 }, { id: 3, kind: "chance", points: 97 }], rank: null },
    });
    socket().receive({ type: "question", question: revealed() });
    expect($(".borsen-q-form").hidden).toBe(true);
    expect($(".borsen-q-reveal").hidden).toBe(false);
    expect($(".borsen-q-truth").textContent).toBe("The exact answer: 3/8 = 0.375 = 37.5%.");
    expect($(".borsen-q-mine").textContent).toBe("Your answer: 40%.");
    expect($(".borsen-q-result").textContent).toBe("Off by 2.5 percentage points: you get 97 points.");
    expect($(".borsen-q-class").textContent).toBe("The class was off by 8 percentage points on average.");
    const chart = $(".borsen-q-chart svg");
    expect(chart.getAttribute("aria-label")).toBe(
      "The class's 5 answers, with the exact answer 3/8 = 0.375 = 37.5% marked.",
    );
    expect(chart.querySelector(".borsen-chart-truth")).not.toBeNull();
    expect(chart.querySelector(".borsen-chart-truth-label").textContent).toBe("3/8 = 0.375 = 37.5%");
    expect($(".borsen-scores").hidden).toBe(false);
    expect($(".borsen-scores-total").textContent).toBe("Your total: 277 points.");
    expect($(".borsen-scores-trend-text").textContent).toBe("Your points per question, in order: 80, 100 and 97.");
    expect(root.querySelectorAll(".borsen-scores-trend rect")).toHaveLength(3);
    expect($(".borsen-scores-how summary").textContent).toBe("How are answers scored?");
    expect($(".borsen-scores-how p").textContent).toContain("each percentage point you are off costs 4 points");
    socket().receive({ type: "question", question: { state: "none" } });
    expect($(".borsen-q").hidden).toBe(true);
  });

  test("the seat holder: a question for the class, and their move waits for the reveal", () => {
    join();
    socket().receive({ type: "room", seats: seats("Lina"), students: 1 });
    socket().receive({ type: "you", name: "Lina", seat: 0, vote: null });
    expect($(".borsen-me-title").hidden).toBe(false);
    expect($(".borsen-me-title").textContent).toBe("Your move");
    expect($('button[data-intent="draw"]').disabled).toBe(false);
    socket().receive({ type: "question", question: question() });
    expect($(".borsen-q-title").textContent).toBe("Question for the class");
    expect($(".borsen-q").classList.contains("is-for-class")).toBe(true);
    const draw = $('button[data-intent="draw"]');
    expect(draw.hidden).toBe(false);
    expect(draw.disabled).toBe(true);
    expect($(".borsen-waiting-text").textContent).toBe("Wait: the class is answering a question about this move.");
    const before = socket().sent.length;
    draw.click();
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "d", bubbles: true }));
    expect(socket().sent).toHaveLength(before); // no move while the class answers
    socket().receive({ type: "question", question: revealed() });
    expect($('button[data-intent="draw"]').disabled).toBe(false);
    $('button[data-intent="draw"]').click();
    expect(socket().sent.at(-1)).toMatchObject({ intent: "draw", version: 5 });
  });

  test("the timer counts down on the phone between Python's messages", () => {
    vi.useFakeTimers();
    try {
      join();
      socket().receive({ type: "question", question: question({ seconds: 30 }) });
      expect($(".borsen-q-timer").hidden).toBe(false);
      expect($(".borsen-q-timer").textContent).toBe("30 seconds left");
      vi.advanceTimersByTime(5000);
      expect($(".borsen-q-timer").textContent).toBe("25 seconds left");
      vi.advanceTimersByTime(40000);
      expect($(".borsen-q-timer").textContent).toBe("0 seconds left");
      socket().receive({ type: "question", question: revealed({ seconds: null }) });
      expect($(".borsen-q-timer").hidden).toBe(true);
    } finally {
      page.stop();
      vi.useRealTimers();
    }
  });

  test("a timed question: said once when posed, a warning before its end, and More time", () => {
    vi.useFakeTimers();
    try {
      join();
      const said = () => {
        vi.advanceTimersByTime(20); // the live region is filled a frame after it is emptied
        return $(".borsen-say").textContent;
      };
      socket().receive({ type: "question", question: question({ seconds: 45 }) });
      socket().receive({ type: "you", name: "Lina", seat: null, vote: null, more: 10 });
      expect(said()).toBe(
        "What is the chance that the next card Ada draws is accepted? 45 seconds left",
      );
      const more = $(".borsen-q-more");
      expect(more.hidden).toBe(false);
      expect(more.textContent).toBe("More time");
      // The count of answers moves: the question is not said again.
      $(".borsen-say").textContent = "";
      socket().receive({ type: "question", question: question({ seconds: 44, answered: 13 }) });
      expect(said()).toBe("");
      vi.advanceTimersByTime(24300); // 20 s left (the timer ticks 4 times a second)
      expect(said()).toBe("Only 20 seconds left: press More time if you need longer.");
      $(".borsen-say").textContent = "";
      vi.advanceTimersByTime(3000);
      expect(said()).toBe(""); // once for this end
      const focused = document.activeElement;
      more.click();
      expect(socket().sent.at(-1)).toEqual({ intent: "more_time", question: 3, id: expect.any(String) });
      expect(document.activeElement).toBe(focused);
      // A count of answers sent before the ask brings the old end: no new time is said.
      socket().receive({ type: "question", question: question({ seconds: 17, answered: 14 }) });
      expect(said()).toBe("");
      socket().receive({ type: "question", question: question({ seconds: 37 }) });
      socket().receive({ type: "you", name: "Lina", seat: null, vote: null, more: 0 });
      expect(said()).toBe("37 seconds left");
      expect($(".borsen-q-timer").textContent).toBe("37 seconds left");
      expect(more.hidden).toBe(true); // every extension used
      vi.advanceTimersByTime(17300); // the new end's warning, without the button's words
      expect(said()).toBe("Only 20 seconds left.");
    } finally {
      page.stop();
      vi.useRealTimers();
    }
  });

  test("the reveal is said once with the pupil's points, and focus stays in the question", () => {
    vi.useFakeTimers();
    try {
      join();
      socket().receive({ type: "question", question: question() });
      const field = $(".borsen-q-field");
      field.focus();
      socket().receive({ type: "question", question: revealed() });
      vi.advanceTimersByTime(20);
      // The points come with the pupil's own line: the reveal waits for it.
      expect($(".borsen-say").textContent).not.toContain("exact answer");
      socket().receive({
        type: "you", name: "Lina", seat: null, vote: null,
        mine: { question: 3, value: 0.4, error: 0.025, points: 97 },
      });
      vi.advanceTimersByTime(20);
      expect($(".borsen-say").textContent).toBe(
        "The exact answer: 3/8 = 0.375 = 37.5%. Off by 2.5 percentage points: you get 97 points.",
      );
      expect(document.activeElement).toBe($(".borsen-q"));
      $(".borsen-say").textContent = "";
      socket().receive({ type: "you", name: "Lina", seat: null, vote: null, mine: { question: 3, value: 0.4, error: 0.025, points: 97 } });
      vi.advanceTimersByTime(20);
      expect($(".borsen-say").textContent).toBe("");
    } finally {
      page.stop();
      vi.useRealTimers();
    }
  });

  test("the join form marks the name field invalid while it has a problem", () => {
    socket().receive({ type: "hello" });
    $(".borsen-join").dispatchEvent(new Event("submit", { cancelable: true }));
    const name = $(".borsen-join-name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(name.getAttribute("aria-describedby")).textContent).toBe(
      "Type your name to join.",
    );
    join();
    expect(name.hasAttribute("aria-invalid")).toBe(false);
  });

  test("removed by the teacher: the class ends for this page and its session is forgotten", () => {
    join();
    expect(storage.get("borsen-class:/tok/")).toBe("SESSION");
    socket().receive({ type: "removed" });
    expect($(".borsen-ended").hidden).toBe(false);
    expect($(".borsen-ended-text").textContent).toBe("Your teacher removed you from the class.");
    expect(storage.get("borsen-class:/tok/")).toBeNull();
    socket().drop(4001);
    expect(sockets).toHaveLength(1);
  });

  test("the socket closed with 4001 says the same; a rename and a locked class are shown", () => {
    socket().receive({ type: "hello" });
    socket().receive({ type: "locked", locked: true });
    expect($(".borsen-join-locked").textContent).toBe("The class is closed to new students just now.");
    socket().receive({ type: "locked", locked: false });
    expect($(".borsen-join-locked").textContent).toBe("");
    join();
    socket().receive({ type: "welcome", name: "Lina B", session: "SESSION" });
    expect($(".borsen-class-who").textContent).toBe("Lina B");
    socket().drop(4001);
    expect($(".borsen-ended-text").textContent).toBe("Your teacher removed you from the class.");
    expect(storage.get("borsen-class:/tok/")).toBeNull();
    expect(sockets).toHaveLength(1); // no reconnecting
  });

  test("a page that opens while the class is locked is told at once, before it tries", () => {
    socket().receive({ type: "hello", locked: true });
    expect($(".borsen-join-locked").textContent).toBe("The class is closed to new students just now.");
  });

  test("a question in nynorsk: the page's words and numbers", () => {
    socket().receive({ type: "hello" });
    socket().receive({ type: "speech", speech: speech("nn") });
    join();
    socket().receive({ type: "question", question: question() });
    expect($(".borsen-q-send").textContent).not.toBe("Send answer");
    socket().receive({ type: "question", question: revealed() });
    expect($(".borsen-q-truth").textContent).toContain("3/8 = 0,375 = 37,5");
  });
});

describe("question helpers", () => {
  test("answers are parsed the way students type them", () => {
    expect(parseAnswer("chance", "37")).toEqual({ ok: true, value: "37", number: 0.37 });
    expect(parseAnswer("chance", "37,5 %")).toEqual({ ok: true, value: "37,5 %", number: 0.375 });
    expect(parseAnswer("chance", " 37.5% ")).toMatchObject({ ok: true, value: "37.5%", number: 0.375 });
    expect(parseAnswer("chance", "37,5\u00a0%")).toMatchObject({ ok: true, number: 0.375 });
    expect(parseAnswer("chance", "3/8")).toEqual({ ok: true, value: "3/8", number: 0.375 });
    expect(parseAnswer("chance", "3 / 8")).toMatchObject({ ok: true, value: "3 / 8", number: 0.375 });
    expect(parseAnswer("chance", "0/5")).toMatchObject({ ok: true, value: "0/5", number: 0 });
    expect(parseAnswer("chance", "100")).toMatchObject({ ok: true, number: 1 });
    for (const bad of ["", "100.5", "-3", "3/0", "12345/20000", "3/8 %", "1e2", "abc", "37,5,1"]) {
      expect(parseAnswer("chance", bad).ok, bad).toBe(false);
    }
    expect(parseAnswer("chance", "3/0").problem).toBe("A fraction cannot have 0 below the line.");
    const deck = { low: 0, high: 40 };
    expect(parseAnswer("count", "12", deck)).toEqual({ ok: true, value: "12", number: 12 });
    expect(parseAnswer("count", "12,5", deck).ok).toBe(false);
    expect(parseAnswer("count", "41", deck).problem).toBe("Type a whole number from 0 to 40.");
    expect(parseAnswer("expected", "2,5", { low: 0, high: 7 })).toMatchObject({ ok: true, number: 2.5 });
    expect(parseAnswer("expected", "5/2", { low: 0, high: 7 })).toMatchObject({ ok: true, number: 2.5 });
    expect(parseAnswer("expected", "7,01", { low: 0, high: 7 }).ok).toBe(false);
    expect(parseAnswer("choice", "bank")).toMatchObject({ ok: true, value: "bank" });
    const nn = translator(speech("nn"));
    expect(parseAnswer("count", "x", deck, nn).problem).not.toBe("Type a whole number from 0 to 40.");
  });

  test("the phone reads a typed answer as Python does: one table of cases (issue 31)", () => {
    // js/test/typed-answers.json is read by tests/classroom/test_scoring.py too.
    const fraction = (text) => text.split("/").reduce((a, b) => Number(a) / Number(b));
    expect(typedAnswers.cases.length).toBeGreaterThan(50);
    for (const c of typedAnswers.cases) {
      const got = parseAnswer(c.kind, c.typed, c.range ?? { low: 0, high: 1 });
      if (c.value === null) {
        expect(got.ok, `${c.kind} ${JSON.stringify(c.typed)}`).toBe(false);
      } else {
        expect(got.ok, `${c.kind} ${JSON.stringify(c.typed)}`).toBe(true);
        expect(got.number, `${c.kind} ${JSON.stringify(c.typed)}`).toBeCloseTo(fraction(c.value), 12);
      }
    }
  });

  test("the phone says what a typed answer counts as, in the page's language", () => {
    const nb = translator(speech("nb"));
    const nn = translator(speech("nn"));
    expect(answerEcho("chance", "0,25")).toBe("You mean 25%.");
    expect(answerEcho("chance", "1")).toBe("You mean 1%.");
    expect(answerEcho("chance", "3/8")).toBe("You mean 37.5%.");
    expect(answerEcho("chance", "0,25", null, nb)).toBe("Du mener 25\u00a0%.");
    expect(answerEcho("chance", "0,25", null, nn)).toBe("Du meiner 25\u00a0%.");
    expect(answerEcho("expected", "5/2", { low: 0, high: 7 }, nb)).toBe("Du mener 2,5 kort.");
    expect(answerEcho("count", "12", { low: 0, high: 40 })).toBe("");
    expect(answerEcho("chance", "")).toBe("");
  });

  test("the exact answer: fraction, decimal and percent in the page's numbers", () => {
    const q = (kind, truth) => ({ kind, truth });
    expect(truthShort(q("chance", { fraction: "3/8", value: 0.375 }))).toBe("3/8 = 0.375 = 37.5%");
    expect(truthShort(q("chance", { fraction: "1/3", value: 1 / 3 }))).toBe("1/3 ≈ 0.333 ≈ 33.3%");
    expect(truthShort(q("chance", { fraction: "1/2", value: 0.5 }), translator(speech("nb")))).toBe("1/2 = 0,5 = 50\u00a0%");
    expect(truthShort(q("expected", { fraction: "5/2", value: 2.5 }))).toBe("5/2 = 2.5");
    expect(truthShort(q("count", { value: 12 }))).toBe("12");
    expect(truthText(q("choice", { action: "draw" }))).toBe("The best choice: draw.");
    expect(truthText(q("count", { value: 12 }))).toBe("The exact answer: 12.");
    expect(truthShort({ kind: "chance" })).toBe(""); // no truth before the reveal: nothing
  });

  test("histogram bins cover the range, the last one closed", () => {
    const bins = answerBins("chance", [0, 0.05, 0.1, 0.375, 1, 1.2, "3/8"], { low: 0, high: 1 });
    expect(bins).toHaveLength(10);
    expect(bins.map((b) => b.count)).toEqual([2, 1, 0, 2, 0, 0, 0, 0, 0, 2]);
    const counts = answerBins("count", [0, 12, 12, 40], { low: 0, high: 40 });
    expect(counts.reduce((n, b) => n + b.count, 0)).toBe(4);
    expect(counts[0].low).toBe(0);
    expect(counts.at(-1).high).toBe(41);
    const small = answerBins("count", [3], { low: 0, high: 5 });
    expect(small.map((b) => b.low)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(small[3].count).toBe(1);
  });

  test("the chart marks the truth only when the question carries it", () => {
    const open = { kind: "chance", range: { low: 0, high: 1 }, answers: [0.2, 0.4] };
    expect(answerChart(open)).not.toContain("borsen-chart-truth");
    const shown = answerChart({ ...open, truth: { fraction: "3/8", value: 0.375 } });
    expect(shown).toContain('class="borsen-chart-truth"');
    const x = Number(/class="borsen-chart-truth" x1="([\d.]+)"/.exec(shown)[1]);
    expect(x).toBeCloseTo(20 + 280 * 0.375, 1);
    const choice = answerChart({ kind: "choice", answers: ["draw", "bank", "bank"], truth: { action: "bank" } });
    expect(choice).toContain("The class answered: 1 draw, 2 bank.");
    expect((choice.match(/is-truth/g) || []).length).toBe(1);
    expect(answerChart({ kind: "count", range: { low: 0, high: 0 }, answers: [] })).toContain("<svg");
  });

  test("points, results, the trend and the timer in words", () => {
    expect(pointsText(1)).toBe("1 point");
    expect(pointsText(97)).toBe("97 points");
    const q = { id: 3, kind: "count" };
    expect(resultText(q, { question: 3, value: 10, error: 2, points: 90 })).toBe("Off by 2 cards: you get 90 points.");
    expect(resultText(q, { question: 3, value: 12, error: 0, points: 100 })).toBe("Exactly right: you get 100 points.");
    expect(resultText(q, null)).toBe("You did not answer this question.");
    expect(resultText(q, { question: 2, value: 1, error: 0, points: 100 })).toBe("You did not answer this question.");
    expect(resultText({ id: 1, kind: "choice" }, { question: 1, value: "draw", error: null, points: 0 })).toBe(
      "Not the best choice: you get 0 points.",
    );
    expect(answerValueText("chance", "3/8")).toBe("3/8 (37.5%)");
    expect(trendText({ total: 0, questions: [] })).toBe("No question has been revealed yet.");
    expect(trendChart({ questions: [] })).toBe("");
    expect(trendChart({ questions: [{ points: 100 }, { points: 0 }] })).toContain('aria-hidden="true"');
    const q30 = { state: "open", seconds: 30 };
    expect(secondsLeft(q30, 1000, 1000)).toBe(30);
    expect(secondsLeft(q30, 1000, 1000 + 4200)).toBe(26);
    expect(secondsLeft(q30, 1000, 1000 + 99000)).toBe(0);
    expect(secondsLeft({ state: "open", seconds: null }, 0, 0)).toBeNull();
    expect(secondsLeft({ state: "revealed", seconds: 30 }, 0, 0)).toBeNull();
    expect(timerText(1)).toBe("1 second left");
    expect(scoringText()).toContain("0 to 100 points");
  });
});

describe("the class at tables, on the phone", () => {
  const tableMsg = (extra = {}) => ({ type: "table", number: 2, tables: 7, game: 3, next: "teacher", chance: null, ...extra });
  const figures = {
    type: "figures",
    you: { draws: 23, accepted: 14, expected: 13.4, decisions: 20, proven: 18, best: 15 },
    class: { draws: 412, accepted: 230, expected: 226.8 },
  };

  test("the table's heading, what starts the next game, and nothing while not at tables", () => {
    join();
    socket().receive({ type: "speech", speech: speech("en") });
    expect($(".borsen-tables").hidden).toBe(true);
    socket().receive(tableMsg());
    expect($(".borsen-tables").hidden).toBe(false);
    expect($(".borsen-tables-title").textContent).toBe("Table 2 of 7 · game 3");
    expect($(".borsen-tables-next").hidden).toBe(true); // the game is on
    socket().receive({ type: "view", view: view({ over: true, legal: [], actions: [] }) });
    expect($(".borsen-tables-next").textContent).toBe("The next game starts when your teacher says.");
    socket().receive(tableMsg({ next: "now" }));
    expect($(".borsen-tables-next").textContent).toBe("The next game starts in a moment.");
    socket().receive(figures);
    expect($(".borsen-figures").hidden).toBe(false);
    socket().receive(tableMsg({ number: null, tables: null, game: null }));
    expect($(".borsen-tables").hidden).toBe(true);
    expect($(".borsen-tables-chance").hidden).toBe(true);
    expect($(".borsen-figures").hidden).toBe(true);
  });

  test("at the class's tables no seat is taken or left on the phone; a game over says no more", () => {
    join();
    socket().receive({ type: "room", seats: seats("Lina"), students: 1 });
    socket().receive({ type: "you", name: "Lina", seat: 0, vote: null });
    expect($('[data-seat-intent="leave"]')).not.toBeNull(); // the teacher's table: leave is offered
    socket().receive(tableMsg());
    expect(root.querySelectorAll("[data-seat-intent]")).toHaveLength(0);
    expect($(".borsen-me-line").textContent).toContain("You play Ada's seat");
    socket().receive({ type: "view", view: view({ over: true, legal: [], actions: [] }) });
    expect($(".borsen-me-line").closest("[hidden]")).not.toBeNull(); // the table line says it
    expect($(".borsen-tables-next").hidden).toBe(false);
    socket().receive(tableMsg({ number: null, tables: null, game: null }));
    expect($('[data-seat-intent="leave"]')).not.toBeNull();
    expect($(".borsen-me-line").closest("[hidden]")).toBeNull(); // the seat's box is back
  });

  test("the exact chance under the pile, only when Python sends it", () => {
    join();
    socket().receive({ type: "speech", speech: speech("nb") });
    socket().receive(tableMsg({ chance: { accepted: 15, left: 30 } }));
    const chance = $(".borsen-tables-chance");
    expect(chance.hidden).toBe(false);
    expect(chance.textContent).toBe("Sjansen for at neste kort blir godkjent: 15/30 (50\u00a0%).");
    expect(chance.previousElementSibling.classList.contains("borsen-table")).toBe(true); // under the pile
    expect($(".borsen-tables-title").textContent).toBe("Bord 2 av 7 · spill 3");
    socket().receive(tableMsg({ chance: null }));
    expect(chance.hidden).toBe(true);
    expect(chance.textContent).toBe("");
  });

  test("the student's figures beside the class's, in English and bokmål", () => {
    join();
    socket().receive({ type: "speech", speech: speech("en") });
    socket().receive(tableMsg());
    expect($(".borsen-figures").hidden).toBe(true); // nothing counted yet
    socket().receive(figures);
    const you = () => [...root.querySelectorAll(".borsen-figures-you li")].map((li) => li.textContent);
    expect($(".borsen-figures-title").textContent).toBe("Your draws against the theory");
    expect(you()).toEqual([
      "You drew 23 times: 14 accepted, where the theory expected 13.4.",
      "Your choice was the proven best one 15 times out of 18.",
    ]);
    expect($(".borsen-figures-class").textContent).toBe("The class drew 412 times: 230 accepted, where the theory expected 226.8.");
    socket().receive({ type: "speech", speech: speech("nb") });
    expect(you()).toEqual([
      "Du trakk 23 ganger: 14 godkjent, mot 13,4 i snitt etter teorien.",
      "Du valgte det som var bevist best, 15 ganger av 18.",
    ]);
    expect($(".borsen-figures-class").textContent).toBe("Klassen trakk 412 ganger: 230 godkjent, mot 226,8 i snitt etter teorien.");
    expect($(".borsen-figures-note").textContent).toBe(
      "Bare trekk som kunne slå feil, telles: et kort på en tom bunke eller på et ess blir alltid godkjent.",
    );
  });

  test("helpers: plurals by count, nothing to count left out", () => {
    const en = translator(speech("en"));
    const nn = translator(speech("nn"));
    expect(tableLines(null, false, en)).toEqual({ show: false });
    expect(tableLines({ number: null }, true, en)).toEqual({ show: false });
    expect(tableLines({ number: 1, tables: 1, game: 1, next: "teacher" }, true, nn)).toEqual({
      show: true, title: "Bord 1 av 1 · spel 1", next: "Neste spel startar når læraren din seier frå.", chance: "",
    });
    expect(tableChance({ accepted: 1, left: 3 }, en)).toBe("The chance the next card is accepted: 1/3 (33.3%).");
    expect(tableChance({ accepted: 0, left: 0 }, en)).toBe("");
    const one = figuresLines({ you: { draws: 1, accepted: 0, expected: 0.26, proven: 2, best: 1 }, class: { draws: 1, accepted: 1, expected: 0.26 } }, en);
    expect(one).toEqual({
      you: ["You drew 1 time: 0 accepted, where the theory expected 0.3.", "Your choice was the proven best one 1 time out of 2."],
      cls: "The class drew 1 time: 1 accepted, where the theory expected 0.3.",
    });
    expect(figuresLines({ you: { draws: 0, proven: 0 }, class: { draws: 0 } }, en)).toEqual({ you: [], cls: "" });
    expect(figuresLines({ you: { draws: 2, accepted: 2, expected: 1.5 } }, nn).you).toEqual([
      "Du trekte 2 gonger: 2 godkjende, mot 1,5 i snitt etter teorien.",
    ]);
  });
});

describe("what a screen reader hears on a phone", () => {
  test("every move by default, or only the pupil's own turn and results, kept on the phone", () => {
    join();
    socket().receive({ type: "room", seats: seats("Lina"), students: 1 });
    socket().receive({ type: "you", name: "Lina", seat: 0, vote: null });
    const sr = root.querySelector(".borsen-sr:not(.borsen-say)");
    const first = { id: 0, kind: "start", seat: 0, text: "Ada goes first.", said: "Ada goes first." };
    const bo = (id, extra = {}) => ({ id, kind: "draw", seat: 1, text: `Bo drew 6♠ (${id}).`, said: `Bo drew 6 of spades (${id}).`, ...extra });
    const at = (current, events, version) => view({
      version, events, current,
      players: [player(0, "Ada", { you: true, is_current: current === 0 }), player(1, "Bo", { bot: "threshold", is_current: current === 1 })],
    });
    socket().receive({ type: "view", view: at(1, [first], 6) });
    socket().receive({ type: "view", view: at(1, [first, bo(1)], 7) });
    expect(sr.textContent).toBe("Bo drew 6 of spades (1)."); // every move, in words
    const choice = $(".borsen-read-choice");
    expect($(".borsen-read label").textContent).toBe("What a screen reader reads out");
    expect([...choice.options].map((o) => o.textContent)).toEqual(["Everything that happens", "Only my turn and the results"]);
    choice.value = "mine";
    choice.dispatchEvent(new Event("change", { bubbles: true }));
    expect(storage.get("borsen-class-read-aloud")).toBe("mine");
    sr.textContent = "";
    socket().receive({ type: "view", view: at(1, [first, bo(1), bo(2)], 8) });
    expect(sr.textContent).toBe(""); // a bot's move, not said
    socket().receive({ type: "view", view: at(0, [first, bo(1), bo(2), bo(3, { kind: "pass" })], 9) });
    // The turn coming to the pupil is said (and only that), once.
    expect(sr.textContent).toBe($(".borsen-status").textContent);
    expect(sr.textContent).toMatch(/^Your turn/);
    // The choice is the phone's: a page opened again keeps it.
    page.stop();
    root.innerHTML = "";
    start();
    expect($(".borsen-read-choice").value).toBe("mine");
  });
});
