// The projector page with a fake WebSocket, in happy-dom: it sends nothing, draws the table
// without buttons, the question and how many have answered, and after the reveal the exact
// answer and the class's answers; never the answer before the reveal; the leaderboard when on;
// the join code full screen.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { translator } from "../src/i18n.js";
import { startProjectorPage } from "../src/projector.js";
import { boardRows, codeIsBig, projectorQuestion, studentCount } from "../src/projector-helpers.js";

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
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  receive(message) {
    (this.listeners.message || []).forEach((f) => f({ data: JSON.stringify(message) }));
  }
}

const player = (seat, name, extra = {}) => ({
  seat, name, bot: null, score: 0, aces: [], robbable: 0, recent: [],
  is_current: false, is_winner: false, ...extra,
});

const view = (extra = {}) => ({
  version: 5, players: [player(0, "Ada", { is_current: true }), player(1, "Bo")], current: 0,
  phase: "play", pile: ["6S", "9H", "KD"], deck_size: 40, deck_aces: 4, legal: ["draw", "bank"],
  actions: ["draw", "bank"], bot_turn: false, aces: null, events: [], over: false, winners: [],
  result: "", rules: [], controls: { allow_undo: true, can_undo: false, bots: false }, turns: 0,
  ...extra,
});

const question = (extra = {}) => ({
  id: 3, kind: "chance", state: "open", player: "Ada", pile_size: 3, deck_size: 40,
  range: { low: 0, high: 1 }, seconds: null, answered: 12, students: 30, hold: true, ...extra,
});

const QR = '<svg class="qr" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

let root;
let sockets;
let page;

function start(href = "http://127.0.0.1:5000/ptok/projector/") {
  page = startProjectorPage(root, {
    href,
    connect: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
}

beforeEach(() => {
  document.body.innerHTML = "";
  root = document.createElement("main");
  root.className = "borsen borsen-projector";
  root.tabIndex = -1;
  document.body.appendChild(root);
  sockets = [];
  start();
});

const $ = (sel) => root.querySelector(sel);
const socket = () => sockets[sockets.length - 1];

describe("the projector page", () => {
  test("connects beside its page, draws the table without buttons and sends nothing", () => {
    expect(socket().url).toBe("ws://127.0.0.1:5000/ptok/projector/ws");
    socket().receive({ type: "hello" });
    socket().receive({ type: "speech", speech: speech("en") });
    socket().receive({ type: "view", view: view() });
    socket().receive({ type: "room", seats: [{ seat: 0, name: "Ada", open: true, holder: "Lina" }], students: 3 });
    expect(root.querySelectorAll(".borsen-pile .borsen-card")).toHaveLength(3);
    expect($('button[data-intent="draw"]').hidden).toBe(true);
    expect($('button[data-intent="bank"]').hidden).toBe(true);
    expect($('button[data-intent="new_game"]')).toBeNull();
    expect($(".borsen-seat[data-seat='0'] .borsen-holder").textContent).toBe("Lina");
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "d", bubbles: true }));
    socket().receive({ type: "question", question: question() });
    expect(socket().sent).toEqual([]); // read-only
  });

  test("with the leaderboard off a held seat shows a phone, not a name (issue 31)", () => {
    socket().receive({ type: "speech", speech: speech("nb") });
    socket().receive({ type: "view", view: view() });
    socket().receive({ type: "room", seats: [{ seat: 0, name: "Ada", open: true, holder: null, phone: true }], students: 3 });
    const seat = $(".borsen-seat[data-seat='0']");
    expect(seat.classList.contains("is-held")).toBe(true);
    expect(seat.querySelector(".borsen-holder svg")).not.toBeNull();
    expect(seat.querySelector(".borsen-holder").textContent).toBe("");
    expect(seat.querySelector(".borsen-holder").title).toBe("Spilles på en mobil");
    expect(seat.getAttribute("aria-label")).toContain("spilt på en mobil");
    socket().receive({ type: "room", seats: [{ seat: 0, name: "Ada", open: true, holder: null, phone: false }], students: 3 });
    expect($(".borsen-seat[data-seat='0']").classList.contains("is-held")).toBe(false);
  });

  test("the question and its count; the answer only after the reveal", () => {
    socket().receive({ type: "speech", speech: speech("en") });
    socket().receive({ type: "view", view: view() });
    expect($(".borsen-p-q").hidden).toBe(true);
    // Were the truth ever sent early, the projector still would not show it.
    socket().receive({ type: "question", question: question({ truth: { fraction: "3/8", value: 0.375 }, answers: [0.375], mean_error: 0 }) });
    expect($(".borsen-p-q").hidden).toBe(false);
    expect($(".borsen-p-q-text").textContent).toBe("What is the chance that the next card Ada draws is accepted?");
    expect($(".borsen-p-q-answered").textContent).toBe("12 of 30 have answered.");
    expect($(".borsen-p-q-bar").value).toBeCloseTo(0.4);
    expect($(".borsen-p-q-reveal").hidden).toBe(true);
    for (const secret of ["3/8", "0.375", "37.5"]) expect(root.innerHTML).not.toContain(secret);
    expect($(".borsen-chart")).toBeNull();
    socket().receive({
      type: "question",
      question: question({ state: "revealed", answered: 20, truth: { fraction: "3/8", value: 0.375 }, answers: [0.2, 0.3, 0.375, 0.5], mean_error: 0.1 }),
    });
    expect($(".borsen-p-q-reveal").hidden).toBe(false);
    expect($(".borsen-p-q-truth").textContent).toBe("The exact answer: 3/8 = 0.375 = 37.5%.");
    expect($(".borsen-p-q-class").textContent).toBe("The class was off by 10 percentage points on average.");
    expect($(".borsen-p-q-chart .borsen-chart-truth")).not.toBeNull();
    socket().receive({ type: "question", question: { state: "none" } });
    expect($(".borsen-p-q").hidden).toBe(true);
  });

  test("a count and a choice are never given away before the reveal either", () => {
    socket().receive({ type: "question", question: question({ kind: "count", range: { low: 0, high: 40 } }) });
    expect($(".borsen-p-q-truth").textContent).toBe("");
    expect($(".borsen-p-q-chart").innerHTML).toBe("");
    socket().receive({ type: "question", question: question({ kind: "choice", range: null, truth: { action: "bank" } }) });
    expect(root.textContent).not.toMatch(/best choice/i);
    expect($(".borsen-p-q-chart").innerHTML).toBe("");
  });

  test("the leaderboard only when the teacher turns it on", () => {
    expect($(".borsen-p-board").hidden).toBe(true);
    socket().receive({ type: "board", on: true, rows: [{ name: "Ada <b>", total: 412 }, { name: "Bo", total: 412 }, { name: "Cy", total: 1 }] });
    expect($(".borsen-p-board").hidden).toBe(false);
    const rows = [...root.querySelectorAll(".borsen-p-board-rows li")].map((li) => li.textContent);
    expect(rows).toEqual(["1.Ada <b>412 points", "1.Bo412 points", "3.Cy1 point"]);
    expect($(".borsen-p-board-rows b")).toBeNull(); // names are text, not HTML
    socket().receive({ type: "board", on: false });
    expect($(".borsen-p-board").hidden).toBe(true);
  });

  test("while submissions are open, how many have submitted a strategy (no names)", () => {
    expect($(".borsen-p-subs").hidden).toBe(true);
    socket().receive({ type: "submissions", open: true, submitted: 1, students: 28 });
    expect($(".borsen-p-subs").hidden).toBe(false);
    expect($(".borsen-p-subs-count").textContent).toBe("1 of 28 students has submitted a strategy.");
    expect($(".borsen-p-subs-bar").value).toBeCloseTo(1 / 28);
    socket().receive({ type: "speech", speech: speech("nb") });
    socket().receive({ type: "submissions", open: true, submitted: 12, students: 28 });
    expect($(".borsen-p-subs-count").textContent).toBe("12 av 28 elever har sendt inn en strategi.");
    socket().receive({ type: "submissions", open: false, submitted: 12, students: 28 });
    expect($(".borsen-p-subs").hidden).toBe(true);
  });

  test("an address only this computer can open: no code, and the words say so", () => {
    socket().receive({ type: "join", url: "http://127.0.0.1:5000/tok/", qr: "", local: true });
    expect($(".borsen-p-qr").hidden).toBe(true);
    expect($(".borsen-p-qr svg")).toBeNull();
    expect($(".borsen-p-local").textContent).toBe("Only this computer can open this address: no phone can.");
    socket().receive({ type: "join", url: "http://10.0.0.2:5000/tok/", qr: QR, local: false });
    expect($(".borsen-p-qr").hidden).toBe(false);
    expect($(".borsen-p-local").hidden).toBe(true);
  });

  test("the join code: large while nobody has joined; full screen on a button, Escape or a click closes", () => {
    expect($(".borsen-p-code-open").hidden).toBe(true); // no code yet
    socket().receive({ type: "join", url: "http://10.0.0.2:5000/tok/", qr: QR });
    socket().receive({ type: "room", seats: [], students: 0 });
    expect($(".borsen-p-join").classList.contains("is-big")).toBe(true);
    expect($(".borsen-p-url").textContent).toBe("http://10.0.0.2:5000/tok/");
    expect($(".borsen-p-qr svg").getAttribute("aria-label")).toBe("QR code of the class's address: http://10.0.0.2:5000/tok/");
    socket().receive({ type: "room", seats: [], students: 2 });
    expect($(".borsen-p-join").classList.contains("is-big")).toBe(false);
    const open = $(".borsen-p-code-open");
    expect(open.textContent).toBe("Show the join code");
    open.focus();
    open.click();
    expect($(".borsen-p-code").hidden).toBe(false);
    expect($(".borsen-p-code-qr svg")).not.toBeNull();
    expect(document.activeElement).toBe($(".borsen-p-code-close"));
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect($(".borsen-p-code").hidden).toBe(true);
    expect(document.activeElement).toBe(open);
    open.click();
    $(".borsen-p-code-qr").click();
    expect($(".borsen-p-code").hidden).toBe(true);
  });

  test("opened from the join card's Full-screen code, the code shows at once; the teacher's language", () => {
    page.stop();
    start("http://127.0.0.1:5000/ptok/projector/#code");
    socket().receive({ type: "speech", speech: speech("nb") });
    expect($(".borsen-p-code-open").textContent).toBe("Vis koden for å bli med");
    socket().receive({ type: "join", url: "http://10.0.0.2:5000/tok/", qr: QR });
    expect($(".borsen-p-code").hidden).toBe(false);
    socket().receive({ type: "question", question: question({ state: "revealed", truth: { fraction: "1/2", value: 0.5 }, answers: [0.5], mean_error: 0 }) });
    expect($(".borsen-p-q-truth").textContent).toBe("Det eksakte svaret: 1/2 = 0,5 = 50\u00a0%.");
  });

  test("the end of the class", () => {
    socket().receive({ type: "ended", text: "The class has ended. Thank you for playing!" });
    expect($(".borsen-ended").hidden).toBe(false);
    expect($(".borsen-ended-text").textContent).toContain("Thank you");
    expect($(".borsen-p-layout").hidden).toBe(true);
  });
});

describe("projector helpers", () => {
  test("what the projector shows of a question", () => {
    expect(projectorQuestion(null)).toEqual({ show: false });
    expect(projectorQuestion({ state: "none" })).toEqual({ show: false });
    const open = projectorQuestion(question({ truth: { fraction: "3/8", value: 0.375 } }));
    expect(open).toMatchObject({ show: true, open: true, truth: "", chart: "", classLine: "" });
    expect(open.progress).toBeCloseTo(0.4);
    expect(projectorQuestion(question({ students: 0, answered: 0 })).progress).toBe(0);
    const nn = projectorQuestion(question({ kind: "count" }), translator(speech("nn")));
    expect(nn.text).toContain("børsen");
  });

  test("the leaderboard's places and the join code's size", () => {
    expect(boardRows({ on: false, rows: [{ name: "A", total: 1 }] })).toBeNull();
    const rows = boardRows({ on: true, rows: Array.from({ length: 12 }, (_, i) => ({ name: `S${i}`, total: 100 - i })) });
    expect(rows).toHaveLength(10);
    expect(rows[9]).toEqual({ place: 10, name: "S9", points: "91 points" });
    expect(studentCount([{}, {}])).toBe(2);
    expect(studentCount(undefined)).toBe(0);
    expect(codeIsBig(0, { state: "none" })).toBe(true);
    expect(codeIsBig(0, { state: "open" })).toBe(false);
    expect(codeIsBig(3, null)).toBe(false);
  });
});

describe("the class's experiment (the class at tables)", () => {
  const experiment = (extra = {}) => ({
    draws: 412, accepted: 230, expected: 226.83, spread: 9.1, certain: 57, tables: 7, players: 28,
    bands: Array.from({ length: 10 }, (_, i) => ({
      low: i / 10, high: (i + 1) / 10, draws: i === 5 ? 34 : 0, accepted: i === 5 ? 17 : 0, mean: i === 5 ? 0.52 : null,
    })),
    series: [{ draws: 1, accepted: 1, expected: 0.5, spread: 0.5 }, { draws: 412, accepted: 230, expected: 226.83, spread: 9.1 }],
    ...extra,
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  test("hidden before the class is at tables and for null; two charts with their text and the sentence", () => {
    socket().receive({ type: "speech", speech: speech("en") });
    const section = $(".borsen-p-x");
    expect(section.hidden).toBe(true);
    socket().receive({ type: "experiment", experiment: experiment() });
    expect(section.hidden).toBe(false);
    expect($(".borsen-p-x-title").textContent).toBe("The class's experiment: every draw against its exact chance");
    const charts = [...section.querySelectorAll("svg")];
    expect(charts).toHaveLength(2);
    expect(charts.every((c) => c.getAttribute("role") === "img" && c.getAttribute("aria-label"))).toBe(true);
    expect(section.querySelectorAll("circle.borsen-x-dot")).toHaveLength(1);
    expect($(".borsen-p-x-sentence").textContent).toBe(
      "412 draws: 230 accepted; the theory expected 226.8 (between 208.6 and 245.0).",
    );
    expect($(".borsen-p-x-certain").textContent).toBe(
      "57 draws could not fail (an empty pile or an ace on top) and are not counted.",
    );
    socket().receive({ type: "experiment", experiment: null });
    expect(section.hidden).toBe(true);
    expect(socket().sent).toEqual([]); // read-only still
  });

  test("in bokmål, and no names anywhere in the section", () => {
    socket().receive({ type: "speech", speech: speech("nb") });
    socket().receive({ type: "room", seats: [{ seat: 0, name: "Ada", open: true, holder: "Lina" }], students: 3 });
    socket().receive({ type: "board", on: true, rows: [{ name: "Lina", total: 90 }] });
    socket().receive({ type: "experiment", experiment: experiment({ certain: 0 }) });
    expect($(".borsen-p-x-title").textContent).toBe("Klassens eksperiment: hvert trekk mot sin eksakte sjanse");
    expect($(".borsen-p-x-cal-title").textContent).toBe("Er andelen som blir godkjent, lik sjansen?");
    expect($(".borsen-p-x-law-title").textContent).toBe("Jo flere trekk, jo nærmere teorien");
    expect($(".borsen-p-x-sentence").textContent).toBe(
      "412 trekk: 230 godkjent; teorien gir 226,8 i snitt (mellom 208,6 og 245,0).",
    );
    expect($(".borsen-p-x-certain").hidden).toBe(true);
    expect($(".borsen-p-x").textContent).not.toMatch(/Lina|Ada/);
    expect($(".borsen-p-x").innerHTML).not.toMatch(/Lina|Ada/);
  });

  test("a screen reader hears the sentence at most every ten seconds, the latest one then", () => {
    vi.useFakeTimers();
    socket().receive({ type: "speech", speech: speech("en") });
    const live = $(".borsen-p-x-live");
    expect(live.getAttribute("aria-live")).toBe("polite");
    socket().receive({ type: "experiment", experiment: experiment() });
    expect(live.textContent).toBe("412 draws: 230 accepted; the theory expected 226.8 (between 208.6 and 245.0).");
    for (let i = 1; i <= 20; i++) {
      vi.advanceTimersByTime(250);
      socket().receive({ type: "experiment", experiment: experiment({ draws: 412 + i, accepted: 230 + i }) });
    }
    // Five seconds of updates: the charts follow each, the spoken sentence none yet.
    expect($(".borsen-p-x-sentence").textContent).toMatch(/^432 draws: 250 accepted/);
    expect(live.textContent).toMatch(/^412 draws/);
    vi.advanceTimersByTime(5000);
    expect(live.textContent).toMatch(/^432 draws: 250 accepted/);
  });
});
