// The rules editor's pure parts (used by editor.js, unit-tested in js/test/): each row's HTML,
// the choices of a select, the message a control sends, and when a control shows the value in
// force rather than what was typed. Python builds the form (options, rule numbers, labels,
// values, errors); nothing here validates a rule: the engine does that and its message shows.

import { escapeHTML } from "./helpers.js";
import { translator } from "./i18n.js";

// English, for a caller that gives no words (every message is its own English).
const { t: english } = translator(null);

/** The key of a control's error: the option's name, or "ace_shares.S" for one ace's share. */
export function fieldId(name, suit) {
  return suit ? `${name}.${suit}` : name;
}

/** An id for the element of `field` ("ace_shares.S" → "…-ace_shares-S"). */
export function elementId(uid, field, part = "") {
  return `${uid}-${field.replace(".", "-")}${part ? `-${part}` : ""}`;
}

/** The index of `value` among a select's choices; strict, so seat 1 is not true, 0 not null. */
export function choiceIndex(choices, value) {
  return (choices || []).findIndex((choice) => choice.value === value);
}

/** Whether two lists of choices are the same (first_player's seats follow the players). */
export function sameChoices(a, b) {
  return JSON.stringify(a || []) === JSON.stringify(b || []);
}

/** The message that asks Python to set `name` (one ace's share when `suit` is given). */
export function setMessage(form, name, value, suit = null) {
  const message = { intent: "set", version: (form && form.version) ?? 0, option: name, value };
  if (suit) message.suit = suit;
  return message;
}

/** Whether a control should now show the value in force. A new form version means the rules
 * were changed elsewhere: what was typed goes. Otherwise a refused value stays beside its error,
 * and a text field being typed in keeps its text ("0.25" stays, though 1/4 is in force). */
export function showsValueInForce({ newVersion, hasError, typing }) {
  if (newVersion) return true;
  if (hasError) return false;
  return !typing;
}

/** What a house rule's control shows: the function's name, or that there is none. */
export function functionText(value, t = english) {
  // TRANSLATORS: shown for a house rule (a Python function) that is not set.
  return value == null ? t("none: the rule as written") : value;
}

/** The text a text-like control shows for `option` (a share: the suit's fraction). */
export function textValue(option, suit = null) {
  const value = option.value;
  if (suit) return value && value[suit] != null ? String(value[suit]) : "";
  return value == null ? "" : String(value);
}

function controlHTML(option, uid, t) {
  const id = elementId(uid, option.name);
  const help = elementId(uid, option.name, "help");
  const described = (field) => `aria-describedby="${help} ${elementId(uid, field, "error")}"`;
  const text = 'type="text" autocomplete="off" spellcheck="false"';
  switch (option.kind) {
    case "bool":
      return `<input type="checkbox" id="${id}" ${described(option.name)}>`;
    case "text":
      return `<input ${text} inputmode="numeric" id="${id}" ${described(option.name)}>`;
    case "function": {
      // TRANSLATORS: {label} is a house rule's label, such as "House rule for the loot".
      const what = t("Remove “{label}”", { label: option.label });
      // TRANSLATORS: a button that removes a house rule (a Python function set from code).
      const remove = t("Remove");
      return (
        `<output id="${id}" class="borsen-editor-function" ${described(option.name)}></output>` +
        `<button type="button" class="borsen-editor-remove" data-option="${option.name}" ` +
        `aria-label="${escapeHTML(what)}">${escapeHTML(remove)}</button>`
      );
    }
    case "shares":
      return (option.suits || [])
        .map(({ suit, label, name }) => {
          const field = fieldId(option.name, suit);
          const sid = elementId(uid, field);
          // The visible label is the card's symbol (A♠); the field's name (spar ess) is read
          // aloud, and the label shows it on hover (a label may not carry aria-label).
          const title = name ? ` title="${escapeHTML(name)}"` : "";
          const spoken = name ? ` aria-label="${escapeHTML(name)}"${title}` : "";
          return (
            `<span class="borsen-editor-share borsen-share-${suit}">` +
            `<label for="${sid}"${title}>${escapeHTML(label)}</label>` +
            `<input ${text} inputmode="decimal" id="${sid}" data-suit="${suit}"${spoken} ` +
            `${described(field)}></span>`
          );
        })
        .join("");
    default:
      return `<select id="${id}" ${described(option.name)}></select>`;
  }
}

/** The option's name in Python, for a teacher who writes `Rules(...)`: code of its own, outside
 * the label (a control's name is its label alone) and outside the help sentence, which is all
 * in the reader's language. */
function codeHTML(name, t) {
  // TRANSLATORS: a tooltip on an option's Python name; {code} is e.g. "Rules(players=…)".
  const title = t("In Python: {code}", { code: `Rules(${name}=…)` });
  return (
    `<code class="borsen-editor-code" title="${escapeHTML(title)}" translate="no">` +
    `${escapeHTML(name)}</code>`
  );
}

function errorsHTML(option, uid) {
  const fields =
    option.kind === "shares"
      ? (option.suits || []).map(({ suit }) => fieldId(option.name, suit))
      : [option.name];
  return fields
    .map(
      (field) =>
        `<p class="borsen-editor-error" id="${elementId(uid, field, "error")}" ` +
        `data-field="${field}" aria-live="polite" hidden></p>`,
    )
    .join("");
}

/** One option's row: its rule number and label, its name in Python apart (as code),
 * the control, a help line (the sentence alone), its error(s); `t`: the editor's own words
 * (default English). */
export function rowHTML(option, uid, t = english) {
  const name = option.name;
  const labelId = elementId(uid, name, "label");
  // The shares are four inputs, each labelled by its ace: the row's label names the group.
  const label =
    option.kind === "shares"
      ? `<span class="borsen-editor-label" id="${labelId}">`
      : `<label class="borsen-editor-label" id="${labelId}" for="${elementId(uid, name)}">`;
  const close = option.kind === "shares" ? "</span>" : "</label>";
  const group =
    option.kind === "shares" ? ` role="group" aria-labelledby="${labelId}"` : "";
  return (
    `<div class="borsen-editor-row borsen-rule-${name}" data-option="${name}" ` +
    `data-kind="${option.kind}">` +
    `${label}<span class="borsen-editor-rule">${escapeHTML(option.rule)}</span> ` +
    `<span class="borsen-editor-name">${escapeHTML(option.label)}</span>${close}` +
    codeHTML(name, t) +
    `<div class="borsen-editor-control"${group}>${controlHTML(option, uid, t)}</div>` +
    `<p class="borsen-editor-help" id="${elementId(uid, name, "help")}">` +
    `${escapeHTML(option.help)}</p>` +
    `${errorsHTML(option, uid)}</div>`
  );
}
