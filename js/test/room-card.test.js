// The teacher's join card (room-card.js) in happy-dom: the question with its exact answer for
// the teacher, the class's controls sent as intents, rename and remove with their extra step,
// and the keyboard kept on the control that was used.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { translator } from "../src/i18n.js";
import { mountRoomCard, pageAddress, teacherQuestionLine } from "../src/room-card.js";

function speech(language) {
  const file = `../borsen_widget/locale/${language}/LC_MESSAGES/borsen_widget.json`;
  return { language, texts: JSON.parse(readFileSync(resolve(process.cwd(), file), "utf8")) };
}

const question = (extra = {}) => ({
  id: 3, kind: "chance", state: "open", player: "Ada", pile_size: 3, deck_size: 40,
  range: { low: 0, high: 1 }, seconds: null, answered: 12, students: 30, hold: true,
  truth: { fraction: "3/8", value: 0.375 }, ...extra,
});

const card = (extra = {}) => ({
  url: "http://10.0.0.2:5000/tok/", qr: "<svg></svg>", local: false, voters: 0,
  projector: "http://10.0.0.2:5000/ptok/projector/", locked: false, leaderboard: false,
  forced: false, question: { state: "none" },
  students: [
    { name: "Lina", seat: null, here: true, answered: true, total: 412, key: "k1" },
    { name: "Max", seat: null, here: false, answered: false, total: 0, key: "k2" },
  ],
  seats: [{ seat: 0, name: "Ada", bot: false, open: false, holder: null }],
  ...extra,
});

let host;
let sent;
let room;
let tr;

beforeEach(() => {
  document.body.innerHTML = "";
  host = document.createElement("div");
  document.body.appendChild(host);
  sent = [];
  tr = translator(null);
  room = mountRoomCard(host, { send: (intent, extra) => sent.push({ intent, ...extra }), uid: "w", words: () => tr });
});

const $ = (sel) => host.querySelector(sel);
const names = () => [...host.querySelectorAll(".borsen-room-student-name")].map((n) => n.textContent);

describe("the teacher's join card", () => {
  test("asks each kind of question; no question on a forced move or while one is open", () => {
    room.update(card());
    const asks = [...host.querySelectorAll('[data-do="ask"]')];
    expect(asks.map((b) => b.textContent)).toEqual([
      "Ask: chance", "Ask: count", "Ask: expected cards", "Ask: draw or bank",
    ]);
    expect(asks.every((b) => !b.disabled)).toBe(true);
    expect($('[data-do="reveal"]').disabled).toBe(true);
    asks[1].click();
    expect(sent).toEqual([{ intent: "room", do: "ask", kind: "count" }]);
    room.update(card({ forced: true }));
    expect([...host.querySelectorAll('[data-do="ask"]')].every((b) => b.disabled)).toBe(true);
    $('[data-do="ask"]').click();
    expect(sent).toHaveLength(1);
    room.update(card({ can_ask: false }));
    expect([...host.querySelectorAll('[data-do="ask"]')].every((b) => b.disabled)).toBe(true);
    room.update(card({ question: question() }));
    expect([...host.querySelectorAll('[data-do="ask"]')].every((b) => b.disabled)).toBe(true);
    $('[data-do="reveal"]').click();
    expect(sent.at(-1)).toEqual({ intent: "room", do: "reveal" });
  });

  test("the question with its answer for the teacher, and who has answered", () => {
    room.update(card({ question: question() }));
    expect($(".borsen-room-question").hidden).toBe(false);
    expect($(".borsen-room-q-text").textContent).toBe("What is the chance that the next card Ada draws is accepted?");
    expect($(".borsen-room-q-line").textContent).toBe("Answer: 3/8 = 0.375 = 37.5% · 12 of 30 answered");
    expect(names()).toEqual(["Lina", "Max (away)"]);
    const marks = [...host.querySelectorAll(".borsen-room-students li")].map((li) => Boolean(li.querySelector(".borsen-room-answered")));
    expect(marks).toEqual([true, false]);
    expect($(".borsen-room-answered").getAttribute("aria-label")).toBe("answered");
    expect($(".borsen-room-total").textContent).toBe("412 points");
    tr = translator(speech("nn"));
    room.update(card({ question: question({ state: "revealed", mean_error: 0.1 }) }));
    expect($(".borsen-room-q-line").textContent).toBe(
      "Svar: 3/8 = 0,375 = 37,5\u00a0% · 12 av 30 har svart · vist · Klassen bomma med 10 prosentpoeng i snitt.",
    );
    expect(teacherQuestionLine(question({ kind: "count", truth: { value: 12 } }))).toBe("Answer: 12 · 12 of 30 answered");
  });

  test("the lock button says what it does and a line what holds (issue 31); the board toggles", () => {
    room.update(card());
    const lock = $('[data-fid="lock"]');
    expect(lock.textContent).toBe("Close to new students");
    expect(lock.hasAttribute("aria-pressed")).toBe(false);
    const state = () => document.getElementById(lock.getAttribute("aria-describedby"));
    expect(state().textContent).toBe("New students can join.");
    lock.focus();
    lock.click();
    expect(sent.at(-1)).toEqual({ intent: "room", do: "lock" });
    room.update(card({ locked: true }));
    expect($('[data-fid="lock"]').textContent).toBe("Open to new students");
    expect($(".borsen-room-lock-state").textContent).toBe("New students cannot join now.");
    expect(document.activeElement).toBe($('[data-fid="lock"]'));
    $('[data-fid="lock"]').click();
    expect(sent.at(-1)).toEqual({ intent: "room", do: "unlock" });
    for (const [language, open, shut] of [
      ["nb", "Steng for nye elever", "Åpne for nye elever"],
      ["nn", "Steng for nye elevar", "Opne for nye elevar"],
    ]) {
      tr = translator(speech(language));
      room.update(card({ locked: false }));
      expect($('[data-fid="lock"]').textContent).toBe(open);
      room.update(card({ locked: true }));
      expect($('[data-fid="lock"]').textContent).toBe(shut);
    }
    tr = translator(null);
    $('[data-fid="board"]').click();
    expect(sent.at(-1)).toEqual({ intent: "room", do: "leaderboard", on: true });
    room.update(card({ leaderboard: true }));
    expect($('[data-fid="board"]').getAttribute("aria-pressed")).toBe("true");
    $('[data-fid="board"]').click();
    expect(sent.at(-1)).toEqual({ intent: "room", do: "leaderboard", on: false });
  });

  test("rename inline: the field keeps what is typed through updates; Enter sends it", () => {
    room.update(card());
    $('[data-local="rename"][data-key="k1"]').click();
    const field = $(".borsen-room-rename-field");
    expect(field.value).toBe("Lina");
    expect(field.getAttribute("aria-label")).toBe("New name for Lina");
    expect(document.activeElement).toBe(field);
    field.value = "Lina  B";
    room.update(card({ voters: 3 })); // the card redraws while the teacher types
    expect($(".borsen-room-rename-field").value).toBe("Lina  B");
    expect(document.activeElement).toBe($(".borsen-room-rename-field"));
    $(".borsen-room-rename").dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect(sent).toEqual([{ intent: "room", do: "rename", student: "k1", name: "Lina B" }]);
    expect($(".borsen-room-rename")).toBeNull();
    expect(document.activeElement).toBe($('[data-fid="rename-k1"]'));
    // Escape cancels without sending.
    $('[data-local="rename"][data-key="k2"]').click();
    $(".borsen-room-rename-field").dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect($(".borsen-room-rename")).toBeNull();
    expect(sent).toHaveLength(1);
  });

  test("remove asks once more; Cancel sends nothing", () => {
    room.update(card());
    $('[data-local="remove"][data-key="k2"]').click();
    expect($(".borsen-room-sure").textContent).toBe("Remove Max from the class?");
    expect(document.activeElement).toBe($('[data-fid="remove-no-k2"]'));
    $('[data-fid="remove-no-k2"]').click();
    expect(sent).toEqual([]);
    expect($(".borsen-room-sure")).toBeNull();
    $('[data-local="remove"][data-key="k2"]').click();
    $('[data-do="remove"]').click();
    expect(sent).toEqual([{ intent: "room", do: "remove", student: "k2" }]);
  });

  test("the projector link, and the full-screen code opens the projector page with the code", () => {
    room.update(card());
    expect($(".borsen-room-projector").hidden).toBe(false);
    expect($(".borsen-room-projector-link").href).toBe("http://10.0.0.2:5000/ptok/projector/");
    expect($(".borsen-room-projector-link").textContent).toBe("Open the projector page");
    expect($(".borsen-room-code").href).toBe("http://10.0.0.2:5000/ptok/projector/#code");
    room.update(card({ projector: undefined }));
    expect($(".borsen-room-projector").hidden).toBe(true);
    // The seat buttons still send as before.
    $('[data-room="open_seat"]').click();
    expect(sent).toEqual([{ intent: "open_seat", seat: 0 }]);
  });
});

describe("how the phones reach the class (issue 30)", () => {
  test("only this computer can open it: no QR code, the words, and the network button asks first", () => {
    room.update(card({ url: "http://127.0.0.1:5000/tok/", qr: "", local: true, network_port: 48470 }));
    expect($(".borsen-room-qr").hidden).toBe(true);
    expect($(".borsen-room-qr svg")).toBeNull();
    expect($(".borsen-room-note").textContent).toBe("Only this computer can open this address: no phone can.");
    const open = $('[data-local="network"]');
    expect(open.textContent).toBe("Open to the classroom's network");
    open.click();
    expect(sent).toEqual([]); // nothing is opened before the teacher's yes
    expect($(".borsen-room-network-ask").textContent).toContain("on port 48470");
    expect(document.activeElement).toBe($('[data-do="network"]'));
    $('[data-local="network-cancel"]').click();
    expect($('[data-do="network"]')).toBeNull();
    $('[data-local="network"]').click();
    $('[data-do="network"]').click();
    expect(sent).toEqual([{ intent: "room", do: "network" }]);
  });

  test("open to phones: the code shows and the button goes", () => {
    room.update(card());
    expect($(".borsen-room-qr").hidden).toBe(false);
    expect($(".borsen-room-network").hidden).toBe(true);
    expect($(".borsen-room-note").textContent).toBe("Anyone on this network who has the address can join.");
  });

  test("through Jupyter: the page tells Python its address once, and the card says how phones reach it", () => {
    room.update(card({ via: "jupyter", url: "https://hub.example.no/user/a/borsen/class/tok/" }));
    room.update(card({ via: "jupyter", url: "https://hub.example.no/user/a/borsen/class/tok/" }));
    expect(sent).toEqual([{ intent: "room", do: "address", origin: window.location.origin }]);
    expect($(".borsen-room-note").textContent).toContain("through this Jupyter server's address");
  });

  test("the page's address: its origin and the Jupyter page config's base URL", () => {
    const doc = document.implementation.createHTMLDocument("x");
    const config = doc.createElement("script");
    config.id = "jupyter-config-data";
    config.type = "application/json";
    config.textContent = JSON.stringify({ baseUrl: "/user/l%C3%A6rer" });
    doc.body.appendChild(config);
    const where = { origin: "https://hub.example.no" };
    expect(pageAddress(doc, where)).toEqual({ origin: "https://hub.example.no", base: "/user/l%C3%A6rer/" });
    expect(pageAddress(document.implementation.createHTMLDocument("y"), where)).toEqual({ origin: "https://hub.example.no" });
  });

  test("in nynorsk", () => {
    tr = translator(speech("nn"));
    room.update(card({ qr: "", local: true, network_port: 48470 }));
    expect($(".borsen-room-note").textContent).toBe("Berre denne datamaskina kan opne denne adressa: ingen mobil kan det.");
    expect($('[data-local="network"]').textContent).toBe("Opne for nettverket i klasserommet");
  });
});

describe("whether the address answers (issue 30)", () => {
  test("tried once per address from this computer; the card says what it found", async () => {
    const tried = [];
    let answer = true;
    const probe = async (url) => {
      tried.push(url);
      return answer;
    };
    host.innerHTML = "";
    room = mountRoomCard(host, { send: (intent, extra) => sent.push({ intent, ...extra }), uid: "w", words: () => tr, probe });
    room.update(card());
    expect($(".borsen-room-reach").textContent).toBe("Checking whether the class answers at this address…");
    await Promise.resolve();
    await Promise.resolve();
    expect($(".borsen-room-reach").textContent).toContain("This computer reaches the class at this address.");
    room.update(card());
    expect(tried).toEqual(["http://10.0.0.2:5000/tok/"]);
    answer = false;
    room.update(card({ url: "http://10.0.0.2:48470/tok/" }));
    await Promise.resolve();
    await Promise.resolve();
    expect($(".borsen-room-reach").textContent).toBe(
      "The class did not answer at this address from this computer, so phones will not reach it either.",
    );
    // Where only this computer can open it, nothing is tried: the card says so instead.
    room.update(card({ url: "http://127.0.0.1:5000/tok/", qr: "", local: true }));
    expect($(".borsen-room-reach").hidden).toBe(true);
    expect(tried).toHaveLength(2);
  });
});

describe("the class at tables, on the join card", () => {
  const tables = (extra = {}) => ({
    paused: false, same_deck: false, next: "teacher", chance: false, size: 4,
    tables: [
      { number: 1, game: 2, games: 1, over: false, turn: 0, seats: [
        { seat: 0, name: "<b>Lina</b>", bot: false, student: "<b>Lina</b>", here: true, away: false, bank: 12 },
        { name: "Robot", bot: true, student: null, here: false, away: false, bank: 1 },
        { name: "Max", bot: false, student: "Max", here: false, away: true, bank: 0 },
        { name: "Ola", bot: false, student: "Ola", here: false, away: false, bank: 3 },
      ] },
      { number: 2, game: 1, games: 1, over: true, turn: null, seats: [
        { name: "Kari", bot: false, student: "Kari", here: true, away: false, bank: 20 },
      ] },
    ],
    ...extra,
  });
  const rows = (n) => [...host.querySelectorAll(`[data-table="${n}"] .borsen-room-seat`)].map((r) => r.textContent);

  test("before seating: put the class at tables of the chosen size (2 to 5, 4 by default)", () => {
    room.update(card({ tables: null }));
    const select = $(".borsen-room-table-size");
    expect([...select.options].map((o) => o.value)).toEqual(["2", "3", "4", "5"]);
    expect(select.value).toBe("4");
    expect(host.querySelector(`label[for="${select.id}"]`).textContent).toBe("Seats per table");
    const go = $('[data-do="tables"]');
    expect(go.tagName).toBe("BUTTON");
    expect(go.textContent).toBe("Put the class at tables");
    go.click();
    expect(sent).toEqual([{ intent: "room", do: "tables", size: 4 }]);
    select.value = "3";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    room.update(card({ tables: null })); // a redraw keeps the choice
    expect($(".borsen-room-table-size").value).toBe("3");
    $('[data-do="tables"]').click();
    expect(sent.at(-1)).toEqual({ intent: "room", do: "tables", size: 3 });
    expect($('[data-do="pause_tables"]')).toBeNull();
  });

  test("after: pause, resume, the next game and the two switches send exactly their intents", () => {
    room.update(card({ tables: tables() }));
    expect($(".borsen-room-table-size")).toBeNull();
    $('[data-do="pause_tables"]').click();
    $('[data-do="next_game"]').click();
    const chance = $('[data-do="chance"]');
    const deck = $('[data-do="same_deck"]');
    expect(chance.getAttribute("aria-pressed")).toBe("false");
    expect(chance.textContent).toBe("Show the exact chance on the phones");
    expect(deck.getAttribute("aria-pressed")).toBe("false");
    expect(deck.textContent).toBe("The same deck at every table");
    chance.click();
    deck.click();
    expect(sent).toEqual([
      { intent: "room", do: "pause_tables" },
      { intent: "room", do: "next_game" },
      { intent: "room", do: "chance", on: true },
      { intent: "room", do: "same_deck", on: true },
    ]);
    room.update(card({ tables: tables({ paused: true, chance: true, same_deck: true }) }));
    expect($('[data-do="pause_tables"]')).toBeNull();
    const resume = $('[data-do="resume_tables"]');
    expect(resume.textContent).toBe("Resume all tables");
    expect($(".borsen-room-tables .borsen-room-note").textContent).toBe("All tables are paused.");
    expect($('[data-do="chance"]').getAttribute("aria-pressed")).toBe("true");
    resume.click();
    $('[data-do="chance"]').click();
    $('[data-do="same_deck"]').click();
    expect(sent.slice(4)).toEqual([
      { intent: "room", do: "resume_tables" },
      { intent: "room", do: "chance", on: false },
      { intent: "room", do: "same_deck", on: false },
    ]);
  });

  test("each table live: its game, the seats, bots, away and not connected, banks, whose turn, game over", () => {
    room.update(card({ tables: tables() }));
    expect($('[data-table="1"] .borsen-room-q-text').textContent).toBe("Table 1 · game 2");
    expect(rows(1)).toEqual([
      "▶ <b>Lina</b>12 cards in the bank · their turn",
      "Robota bot · 1 card in the bank",
      "Maxaway: a bot plays for now · 0 cards in the bank",
      "Olanot connected · 3 cards in the bank",
    ]);
    expect($('[data-table="1"] .borsen-room-seat.is-turn').dataset.seat).toBe("0");
    expect($('[data-table="2"] .borsen-room-q-text').textContent).toBe("Table 2 · game 1 game over");
    expect(rows(2)).toEqual(["Kari20 cards in the bank"]); // no turn in a game that is over
    expect($(".borsen-room-tables .borsen-room-note").textContent).toBe("Each table's next game starts when you start it.");
  });

  test("names are text, never HTML", () => {
    room.update(card({ tables: tables() }));
    expect(host.querySelector(".borsen-room-tables b")).toBeNull();
    expect($('[data-table="1"] .borsen-room-seat-name').textContent).toBe("▶ <b>Lina</b>");
  });

  test("in bokmål", () => {
    tr = translator(speech("nb"));
    room.update(card({ tables: null }));
    expect($('[data-do="tables"]').textContent).toBe("Sett klassen ved bord");
    room.update(card({ tables: tables({ next: "now" }) }));
    expect($('[data-do="pause_tables"]').textContent).toBe("Sett alle bord på pause");
    expect($('[data-do="next_game"]').textContent).toBe("Start neste spill");
    expect($('[data-do="chance"]').textContent).toBe("Vis den eksakte sjansen på mobilene");
    expect($('[data-do="same_deck"]').textContent).toBe("Den samme børsen ved hvert bord");
    expect($('[data-table="2"] .borsen-room-q-text').textContent).toBe("Bord 2 · spill 1 spillet er over");
    expect(rows(1)[2]).toBe("Maxborte: en robot spiller for nå · 0 kort i banken");
    expect(rows(1)[0]).toBe("▶ <b>Lina</b>12 kort i banken · har turen");
    expect($(".borsen-room-tables .borsen-room-note").textContent).toBe("Neste spill ved hvert bord starter av seg selv.");
  });
});
