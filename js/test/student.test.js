// The students' page with a fake WebSocket, in happy-dom: join, the table (shared with the
// widget), seats, votes, notices for this page, reconnecting and the end of the class.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { translator } from "../src/i18n.js";
import { mountRoomCard } from "../src/room-card.js";
import { startStudentPage } from "../src/student.js";
import {
  LANGUAGE_KEY, nameProblem, retryDelay, roomSummary, seatLine, seatState, socketUrl, voteCard,
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
    expect($(".borsen-join-title").textContent).toBe("Bli med i klassen");
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
    expect($(".borsen-join-title").textContent).toBe("Bli med i klassen");
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
    socket().receive({ type: "ended", text: "Læreren din har avsluttet klassen. Takk for at du spilte!" });
    expect($(".borsen-ended-title").textContent).toBe("Klassen er slutt");
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
    expect(states).toEqual(["blir spela av Lina", "ein datamaskinspelar"]);
    const back = host.querySelector('[data-room="take_back"]');
    expect(back.textContent).toBe("Ta tilbake");
    expect(back.getAttribute("aria-label")).toBe("Ta tilbake plassen til Ada");
    expect(host.querySelector(".borsen-room-qr svg").getAttribute("aria-label")).toBe(
      "QR-kode med adressa til klassen: http://127.0.0.1:1/tok/",
    );
    expect(host.querySelector(".borsen-room-note").textContent).toContain("Berre denne datamaskina");
    card.destroy();
  });
});

describe("student helpers", () => {
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
