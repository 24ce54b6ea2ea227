// RulesEditor's render function with a fake anywidget model, in happy-dom. The form is the one
// Python sends for the original rules (editor-form.json; tests/test_rules_editor.py checks it
// is still what Python sends).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import editor from "../src/editor.js";
import original from "./editor-form.json";

function fakeModel(state) {
  const handlers = {};
  const sent = [];
  return {
    sent,
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
      sent.push(msg);
    },
    handlers,
  };
}

const copy = (x) => JSON.parse(JSON.stringify(x));

// The words Python sends in a language: the shipped catalogue (vitest runs in js/).
const speech = (language) => ({
  language,
  texts: JSON.parse(
    readFileSync(
      resolve(process.cwd(), `../borsen_widget/locale/${language}/LC_MESSAGES/borsen_widget.json`),
      "utf8",
    ),
  ),
});

/** The original form with some options' values (and other fields) changed. */
function form(values = {}, extra = {}) {
  const data = copy(original);
  for (const option of data.options) {
    if (option.name in values) option.value = values[option.name];
  }
  return { ...data, ...extra };
}

let el;
let model;
let cleanup;
const $ = (sel) => el.querySelector(sel);
const row = (name) => $(`.borsen-rule-${name}`);

function type(input, text) {
  input.focus();
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

beforeEach(() => {
  el = document.createElement("div");
  document.body.appendChild(el);
  model = fakeModel({ form: form(), notice: { id: 0, text: "", level: "info" }, speech: speech("en") });
  cleanup = editor.render({ model, el });
  expect(model.sent.map((m) => m.intent)).toEqual(["page_language"]); // told once, at render
  model.sent.length = 0;
});

afterEach(() => {
  cleanup();
  el.remove();
});

describe("the form", () => {
  test("one row per option, with its rule number and label, in Python's order", () => {
    const rows = [...el.querySelectorAll(".borsen-editor-row")];
    expect(rows.map((r) => r.dataset.option)).toEqual(original.options.map((o) => o.name));
    for (const option of original.options) {
      const label = row(option.name).querySelector(".borsen-editor-label");
      expect(label.textContent).toBe(`${option.rule} ${option.label}`);
    }
    expect($(".borsen-editor").getAttribute("data-lm-suppress-shortcuts")).toBe("true");
    expect($(".borsen-editor").dataset.version).toBe("0");
  });

  test("every control shows the rules in force", () => {
    const select = (name) => row(name).querySelector("select");
    expect(select("players").selectedOptions[0].textContent).toBe("3");
    expect(select("first_player").selectedOptions[0].textContent).toBe("by lot");
    expect([...select("first_player").options].map((o) => o.textContent).slice(-1)).toEqual([
      "seat 2",
    ]);
    expect(select("max_bank_aces").selectedOptions[0].textContent).toBe("2");
    expect(row("equal_accepted").querySelector("input").checked).toBe(true);
    const shares = [...row("ace_shares").querySelectorAll("input")].map((i) => i.value);
    expect(shares).toEqual(["1/2", "1/3", "1/4", "1/5"]);
    expect(row("max_turns").querySelector("input").value).toBe("10000");
    expect(row("accept_rule").querySelector("output").textContent).toMatch(/^none/);
    expect(row("accept_rule").querySelector(".borsen-editor-remove").hidden).toBe(true);
  });

  test("first_player's seats follow the number of players", () => {
    const data = form({ players: 4 });
    data.options.find((o) => o.name === "first_player").choices.push({ value: 3, label: "seat 3" });
    model.set("form", data);
    const seats = [...row("first_player").querySelectorAll("option")].map((o) => o.textContent);
    expect(seats.slice(-1)).toEqual(["seat 3"]);
    expect(row("players").querySelector("select").selectedOptions[0].textContent).toBe("4");
  });
});

describe("changes go to Python as messages", () => {
  test("typing a share sends it with its suit, at each keystroke", () => {
    const spade = $(".borsen-share-S input");
    type(spade, "1");
    type(spade, "1/");
    expect(model.sent).toEqual([
      { intent: "set", version: 0, option: "ace_shares", value: "1", suit: "S" },
      { intent: "set", version: 0, option: "ace_shares", value: "1/", suit: "S" },
    ]);
  });

  test("selects send the choice's value (a seat as a number, no limit as null)", () => {
    const first = row("first_player").querySelector("select");
    first.selectedIndex = 3; // random, suit, seat 0, seat 1
    first.dispatchEvent(new Event("change", { bubbles: true }));
    const limit = row("max_bank_aces").querySelector("select");
    limit.selectedIndex = limit.options.length - 1;
    limit.dispatchEvent(new Event("change", { bubbles: true }));
    const equal = row("equal_accepted").querySelector("input");
    equal.checked = false;
    equal.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent.map((m) => [m.option, m.value])).toEqual([
      ["first_player", 1],
      ["max_bank_aces", null],
      ["equal_accepted", false],
    ]);
  });

  test("a house rule can be removed", () => {
    model.set("form", form({ accept_rule: "same_suit_goes" }));
    expect(row("accept_rule").querySelector("output").textContent).toBe("same_suit_goes");
    const remove = row("accept_rule").querySelector(".borsen-editor-remove");
    expect(remove.hidden).toBe(false);
    remove.click();
    expect(model.sent).toEqual([
      { intent: "set", version: 0, option: "accept_rule", value: null },
    ]);
  });

  test("Escape in a field goes back to the value in force (and clears its error)", () => {
    const cap = row("max_turns").querySelector("input");
    type(cap, "0");
    const event = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
    cap.dispatchEvent(event);
    expect(cap.value).toBe("10000");
    expect(model.sent.at(-1)).toEqual({
      intent: "set", version: 0, option: "max_turns", value: "10000",
    });
    expect(event.defaultPrevented).toBe(true);
  });
});

describe("answers from Python", () => {
  test("an error shows beside its control, which keeps the refused value", () => {
    const heart = $(".borsen-share-H input");
    type(heart, "1.5");
    heart.blur();
    const errors = { "ace_shares.H": "the share of the ace of ♥ must be between 0 and 1, not 3/2" };
    model.set("form", form({}, { errors }));
    const error = row("ace_shares").querySelector('[data-field="ace_shares.H"]');
    expect(error.hidden).toBe(false);
    expect(error.textContent).toBe(errors["ace_shares.H"]);
    expect(heart.getAttribute("aria-invalid")).toBe("true");
    expect(heart.value).toBe("1.5");
    expect(row("ace_shares").querySelector('[data-field="ace_shares.S"]').hidden).toBe(true);
    // Fixed: the error goes.
    model.set("form", form({ ace_shares: { S: "1/2", H: "1", C: "1/4", D: "1/5" } }));
    expect(error.hidden).toBe(true);
    expect(heart.hasAttribute("aria-invalid")).toBe(false);
    expect(heart.value).toBe("1");
  });

  test("a field being typed in keeps its text until it loses the focus", () => {
    const club = $(".borsen-share-C input");
    type(club, "0.5");
    model.set("form", form({ ace_shares: { S: "1/2", H: "1/3", C: "1/2", D: "1/5" } }));
    expect(club.value).toBe("0.5");
    club.blur();
    expect(club.value).toBe("1/2");
  });

  test("leaving a field before Python answered: the answer decides what it shows", () => {
    const club = $(".borsen-share-C input");
    type(club, "0.5");
    club.blur(); // no answer yet: the text stays
    expect(club.value).toBe("0.5");
    model.set("form", form({ ace_shares: { S: "1/2", H: "1/3", C: "1/2", D: "1/5" } }));
    expect(club.value).toBe("1/2");
  });

  test("rules changed elsewhere (a new version) replace what was typed", () => {
    const cap = row("max_turns").querySelector("input");
    type(cap, "12");
    model.set("form", form({ max_turns: "500" }, { version: 1, status: "Changed elsewhere." }));
    expect(cap.value).toBe("500");
    expect($(".borsen-editor-status").textContent).toBe("Changed elsewhere.");
    type(cap, "7");
    expect(model.sent.at(-1).version).toBe(1);
  });

  test("a notice shows, and can be dismissed until the next one", () => {
    const notice = $(".borsen-editor-notice");
    expect(notice.hidden).toBe(true);
    model.set("notice", { id: 1, text: "That change was made on an old form.", level: "warning" });
    expect(notice.hidden).toBe(false);
    expect(notice.dataset.level).toBe("warning");
    expect($(".borsen-editor-notice-text").textContent).toBe("That change was made on an old form.");
    $(".borsen-editor-notice-close").click();
    expect(notice.hidden).toBe(true);
    model.set("notice", { id: 2, text: "Another.", level: "warning" });
    expect(notice.hidden).toBe(false);
  });

  test("the cleanup stops following the model", () => {
    cleanup();
    expect(model.handlers["change:form"]).toEqual([]);
    expect(model.handlers["change:speech"]).toEqual([]);
    expect(el.querySelector(".borsen-editor")).toBeNull();
    cleanup = () => {};
  });
});

describe("languages", () => {
  /** The form as Python sends it in another language: only the words differ. */
  function spoken(words, extra = {}) {
    const data = form({}, extra);
    for (const option of data.options) {
      option.label = words[option.name] || `${option.label} (nb)`;
      option.help = `${option.help} (nb)`;
    }
    return data;
  }

  test("the editor's own words follow the language spoken", () => {
    expect($(".borsen-editor-title").textContent).toBe("Rules");
    expect($(".borsen-editor-codes").textContent).toMatch(/^Card codes: S, H, C and D are spades/);
    expect($(".borsen-editor").getAttribute("aria-label")).toBe("Rules of the game");
    model.set("speech", speech("nb"));
    expect($(".borsen-editor-title").textContent).toBe("Regler");
    expect($(".borsen-editor").getAttribute("aria-label")).toBe("Spillereglene");
    expect($(".borsen-editor-intro").textContent).toMatch(/^Hver endring gjelder/);
    // Card codes said once (issue 31): D is ruter, not dame.
    expect($(".borsen-editor-codes").textContent).toMatch(/^Kortkoder: S, H, C og D er spar, /);
    expect($(".borsen-editor-notice-close").getAttribute("aria-label")).toBe("Lukk denne meldingen");
    expect(row("accept_rule").querySelector("output").textContent).toBe("ingen: regelen slik den står");
    expect(row("accept_rule").querySelector(".borsen-editor-remove").textContent).toBe("Fjern");
    model.set("speech", speech("nn"));
    expect($(".borsen-editor").getAttribute("aria-label")).toBe("Spelereglane");
    expect($(".borsen-editor-codes").textContent).toMatch(/hjarter, kløver og ruter; J, Q, K/);
    expect($(".borsen-editor-notice-close").getAttribute("aria-label")).toBe("Lukk denne meldinga");
    expect(model.sent).toEqual([]); // a new language sends nothing: Python sent it
  });

  test("new words redraw the rows and keep what was typed beside its error", () => {
    const heart = $(".borsen-share-H input");
    type(heart, "1.5");
    const errors = { "ace_shares.H": "the share of the ace of ♥ must be between 0 and 1, not 1.5" };
    model.set("form", form({}, { errors }));
    model.set("speech", speech("nb"));
    const told = { "ace_shares.H": "Andelen for ♥-esset må være mellom 0 og 1, ikke 1.5." };
    model.set("form", spoken({ players: "Spillere" }, { errors: told }));
    expect(row("players").querySelector(".borsen-editor-label").textContent).toBe("R1 Spillere");
    const newHeart = $(".borsen-share-H input");
    expect(newHeart).not.toBe(heart); // built again, with the new words
    expect(newHeart.value).toBe("1.5");
    expect(newHeart.getAttribute("aria-invalid")).toBe("true");
    expect(row("ace_shares").querySelector('[data-field="ace_shares.H"]').textContent).toBe(
      told["ace_shares.H"],
    );
    expect($(".borsen-share-S input").value).toBe("1/2");
    expect(row("max_turns").querySelector("input").value).toBe("10000");
    expect(row("equal_accepted").querySelector("input").checked).toBe(true);
    type(newHeart, "1/2");
    expect(model.sent.at(-1)).toEqual({
      intent: "set", version: 0, option: "ace_shares", value: "1/2", suit: "H",
    });
  });
});
