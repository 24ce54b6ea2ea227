// The rules editor's pure parts: ids, choices, messages, when a control shows the value in
// force, and each kind of row's HTML (labels, rule numbers, aria links).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, test } from "vitest";
import {
  choiceIndex,
  elementId,
  fieldId,
  functionText,
  rowHTML,
  sameChoices,
  setMessage,
  showsValueInForce,
  textValue,
} from "../src/editor-helpers.js";
import { translator } from "../src/i18n.js";

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

const shares = {
  name: "ace_shares", rule: "R9", label: "The share each ace robs", help: "From 0 to 1.",
  kind: "shares", value: { S: "1/2", H: "1/3", C: "1/4", D: "1/5" },
  suits: [{ suit: "S", label: "A♠" }, { suit: "H", label: "A♥" }, { suit: "C", label: "A♣" },
    { suit: "D", label: "A♦" }],
};

function parse(html) {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
}

describe("ids and choices", () => {
  test("a field is the option, or the option and one ace's suit", () => {
    expect(fieldId("players")).toBe("players");
    expect(fieldId("ace_shares", "S")).toBe("ace_shares.S");
    expect(elementId("u1", "ace_shares.S", "error")).toBe("u1-ace_shares-S-error");
    expect(elementId("u1", "max_turns")).toBe("u1-max_turns");
  });

  test("choices are found strictly: seat 1 is not true, seat 0 is not 'no limit' (null)", () => {
    const choices = [{ value: 0 }, { value: 1 }, { value: null }, { value: "random" }];
    expect(choiceIndex(choices, 1)).toBe(1);
    expect(choiceIndex(choices, null)).toBe(2);
    expect(choiceIndex(choices, true)).toBe(-1);
    expect(choiceIndex(choices, "0")).toBe(-1);
    expect(choiceIndex(undefined, 1)).toBe(-1);
  });

  test("first_player's seats change with the players", () => {
    const three = [{ value: 0, label: "seat 0" }, { value: 1, label: "seat 1" }];
    expect(sameChoices(three, three.map((c) => ({ ...c })))).toBe(true);
    expect(sameChoices(three, [...three, { value: 2, label: "seat 2" }])).toBe(false);
  });
});

describe("messages", () => {
  test("a change names the option, the value and the form's version", () => {
    expect(setMessage({ version: 4 }, "equal_accepted", false)).toEqual({
      intent: "set", version: 4, option: "equal_accepted", value: false,
    });
    expect(setMessage({ version: 0 }, "ace_shares", "1/3", "H")).toEqual({
      intent: "set", version: 0, option: "ace_shares", value: "1/3", suit: "H",
    });
    expect(setMessage({}, "accept_rule", null).version).toBe(0);
  });
});

describe("what a control shows", () => {
  test("the rules changed elsewhere: every control shows them, typed or not", () => {
    expect(showsValueInForce({ newVersion: true, hasError: true, typing: true })).toBe(true);
  });
  test("a refused value stays beside its error", () => {
    expect(showsValueInForce({ newVersion: false, hasError: true, typing: false })).toBe(false);
  });
  test("a field being typed in keeps its text; the others show the value in force", () => {
    expect(showsValueInForce({ newVersion: false, hasError: false, typing: true })).toBe(false);
    expect(showsValueInForce({ newVersion: false, hasError: false, typing: false })).toBe(true);
  });
  test("text values and house rules", () => {
    expect(textValue(shares, "C")).toBe("1/4");
    expect(textValue({ value: "10000" })).toBe("10000");
    expect(textValue({ value: null })).toBe("");
    expect(functionText(null)).toMatch(/none/);
    expect(functionText("same_suit_goes")).toBe("same_suit_goes");
  });
});

describe("rows", () => {
  test("a select row: the label names the rule and points at the control", () => {
    const row = parse(rowHTML({ name: "players", rule: "R1", label: "Players",
      help: "Seats <b>2–8</b>.", kind: "choice", value: 3, choices: [] }, "u")).firstChild;
    expect(row.classList.contains("borsen-rule-players")).toBe(true);
    const label = row.querySelector("label");
    expect(label.getAttribute("for")).toBe("u-players");
    expect(label.textContent).toBe("R1 Players");
    const select = row.querySelector("select#u-players");
    expect(select.getAttribute("aria-describedby")).toBe("u-players-help u-players-error");
    expect(row.querySelector("#u-players-help").textContent).toBe("Seats <b>2–8</b>.");
    expect(row.querySelector("#u-players-error").hidden).toBe(true);
  });

  test("the option's Python name is code of its own, in no sentence and no label (issue 31)", () => {
    for (const language of [null, "nb", "nn"]) {
      const { t } = translator(language && speech(language));
      const row = parse(rowHTML({ name: "first_player", rule: "R3", label: "Hvem begynner",
        help: "Ved loddtrekning.", kind: "choice", value: "random", choices: [] }, "u", t))
        .firstChild;
      const code = row.querySelector("code");
      expect(code.textContent).toBe("first_player");
      expect(code.classList.contains("borsen-editor-code")).toBe(true);
      // Apart: the control's name (its label) and the help sentence hold no Python name.
      expect(code.closest("label, p")).toBeNull();
      expect(row.querySelector("label").textContent).toBe("R3 Hvem begynner");
      expect(row.querySelector(".borsen-editor-help").textContent).toBe("Ved loddtrekning.");
      expect(row.textContent).not.toMatch(/first_player\s*—/);
      const tip = { null: "In Python: ", nb: "I Python: ", nn: "I Python: " }[language];
      expect(code.title).toBe(`${tip}Rules(first_player=…)`);
    }
  });

  test("the shares: a labelled group of four inputs, each with its own label and error", () => {
    const row = parse(rowHTML(shares, "u")).firstChild;
    const group = row.querySelector("[role=group]");
    expect(group.getAttribute("aria-labelledby")).toBe("u-ace_shares-label");
    expect(row.querySelector("#u-ace_shares-label").textContent).toBe("R9 The share each ace robs");
    const inputs = [...row.querySelectorAll("input[type=text]")];
    expect(inputs.map((i) => i.dataset.suit)).toEqual(["S", "H", "C", "D"]);
    expect(row.querySelector(".borsen-share-H label").getAttribute("for")).toBe("u-ace_shares-H");
    expect(inputs[1].getAttribute("aria-describedby")).toBe("u-ace_shares-help u-ace_shares-H-error");
    expect(row.querySelectorAll(".borsen-editor-error").length).toBe(4);
  });

  test("checkbox, text and house-rule rows", () => {
    const bool = parse(rowHTML({ name: "equal_accepted", rule: "R5", label: "Equal",
      help: "h.", kind: "bool" }, "u"));
    expect(bool.querySelector("input#u-equal_accepted").type).toBe("checkbox");
    const text = parse(rowHTML({ name: "max_turns", rule: "R14a", label: "Cap", help: "h.",
      kind: "text" }, "u"));
    expect(text.querySelector("input#u-max_turns").getAttribute("inputmode")).toBe("numeric");
    const fn = parse(rowHTML({ name: "accept_rule", rule: "R5", label: "House rule",
      help: "h.", kind: "function" }, "u"));
    expect(fn.querySelector("output#u-accept_rule")).not.toBeNull();
    const remove = fn.querySelector(".borsen-editor-remove");
    expect(remove.dataset.option).toBe("accept_rule");
    expect(remove.getAttribute("aria-label")).toBe("Remove “House rule”");
    expect(remove.textContent).toBe("Remove");
  });

  test("the editor's own words in bokmål and nynorsk; each ace's share is read by its name", () => {
    for (const [language, none] of [["nb", "ingen: regelen slik den står"], ["nn", "ingen: regelen slik han står"]]) {
      const { t } = translator(speech(language));
      expect(functionText(null, t)).toBe(none);
      const fn = parse(rowHTML({ name: "loot_rule", rule: "R9", label: "Husregel for byttet",
        help: "h.", kind: "function" }, "u", t));
      const remove = fn.querySelector(".borsen-editor-remove");
      expect(remove.textContent).toBe("Fjern");
      expect(remove.getAttribute("aria-label")).toBe("Fjern «Husregel for byttet»");
    }
    const named = { ...shares, suits: shares.suits.map((s) => ({ ...s, name: `${s.suit} ess` })) };
    const row = parse(rowHTML(named, "u")).firstChild;
    const heart = row.querySelector("#u-ace_shares-H");
    expect(heart.getAttribute("aria-label")).toBe("H ess");
    expect(row.querySelector(".borsen-share-H label").textContent).toBe("A♥");
  });
});
