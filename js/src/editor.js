// RulesEditor's front end: one control per rule option, each with its rule number, built from
// the model's `form` (Python's OPTIONS table). Typing in a text field, picking from a list or
// ticking a box sends {intent: "set", version, option, value[, suit]}; Python builds new rules
// and answers with the form: the rules in force, or the engine's error beside the control.
// No framework: the pure parts live in editor-helpers.js and are unit-tested.
// Words: Python sends the form's words (labels, help, choices, errors, status) in the language
// spoken; the editor's own words are t("...") messages of the same catalogues, from `speech`.
// A change of language (change:speech, and the form Python sends with it) redraws the words
// and keeps what was typed beside its error.

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
} from "./editor-helpers.js";
import { escapeHTML } from "./helpers.js";
import { reportLanguage, translator } from "./i18n.js";

const TEMPLATE = `
<div class="borsen-editor-head">
  <span class="borsen-editor-title"></span>
  <span class="borsen-editor-intro"></span>
</div>
<p class="borsen-editor-codes"></p>
<div class="borsen-editor-notice" role="alert" hidden>
  <span class="borsen-editor-notice-text"></span>
  <button type="button" class="borsen-editor-notice-close">×</button>
</div>
<div class="borsen-editor-rows"></div>
<p class="borsen-editor-status" role="status"></p>
`;

/** @param {{model: any, el: HTMLElement}} ctx */
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "borsen-editor";
  // Lumino (JupyterLab) skips its shortcuts while focus is inside this element: typing
  // "1/3" or pressing Escape in a field must not run notebook commands.
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.setAttribute("role", "region");
  root.innerHTML = TEMPLATE;
  el.appendChild(root);
  const uid = `borsen-editor-${Math.random().toString(36).slice(2, 9)}`;
  const rows = root.querySelector(".borsen-editor-rows");
  const status = root.querySelector(".borsen-editor-status");
  const notice = root.querySelector(".borsen-editor-notice");
  const noticeText = root.querySelector(".borsen-editor-notice-text");
  let words = translator(model.get("speech"));
  let built = "";
  let shownVersion = null;
  let dismissed = -1;
  // Text fields whose last keystroke Python has not answered yet (see onFocusout).
  const unanswered = new Set();

  const form = () => model.get("form") || {};
  const optionOf = (name) => (form().options || []).find((o) => o.name === name);
  // Ids are letters, digits, "-" and "_" (see elementId): safe in a selector as they are.
  const byId = (id) => root.querySelector(`#${id}`);
  // The element with the keyboard focus, inside a shadow root too (marimo renders there).
  const focused = () => el.getRootNode().activeElement || document.activeElement;

  function send(name, value, suit = null) {
    model.send(setMessage(form(), name, value, suit));
  }

  // The rows are built again when the options or their words change (a new language).
  const rowsKey = (options) =>
    [words.language, ...options.map((o) => `${o.name}:${o.kind}:${o.label}:${o.help}`)].join("\n");

  function build(options) {
    rows.innerHTML = options.map((option) => rowHTML(option, uid, words.t)).join("");
    built = rowsKey(options);
  }

  /** The editor's own words, in the language spoken. */
  function speak() {
    const { t } = words;
    root.setAttribute("aria-label", t("Rules of the game"));
    root.querySelector(".borsen-editor-title").textContent = t("Rules");
    root.querySelector(".borsen-editor-intro").textContent = t(
      "Each change counts from the next move. The rule numbers (R1, R2 …) are those of docs/rules.md.",
    );
    // Card codes are never guessed right by a pupil (D is not "dame"): say them once.
    root.querySelector(".borsen-editor-codes").textContent = t(
      'Card codes: S, H, C and D are spades, hearts, clubs and diamonds; J, Q, K, A and T are jack, queen, king, ace and ten (as in the shares, S=1/2, and in cards("JH QS")).',
    );
    const close = root.querySelector(".borsen-editor-notice-close");
    close.setAttribute("aria-label", t("Dismiss this notice"));
    close.title = t("Dismiss this notice");
  }

  function fill(select, choices) {
    if (sameChoices(select._choices, choices)) return;
    select._choices = choices;
    select.innerHTML = choices
      .map((c, i) => `<option value="${i}">${escapeHTML(c.label)}</option>`)
      .join("");
  }

  function showValue(option, control, suit) {
    if (option.kind === "bool") control.checked = Boolean(option.value);
    else if (option.kind === "choice") control.selectedIndex = choiceIndex(option.choices, option.value);
    else control.value = textValue(option, suit);
  }

  function draw() {
    unanswered.clear(); // Python answers messages in order: the form now covers them all
    const data = form();
    const options = data.options || [];
    // Rows built again (new words): what was typed beside an error stays, and the focus.
    let typed = null;
    if (rowsKey(options) !== built) {
      typed = {};
      for (const input of rows.querySelectorAll('input[type="text"]')) typed[input.id] = input.value;
      const had = focused();
      const refocus = had && rows.contains(had) ? had.id : null;
      build(options);
      if (refocus) byId(refocus)?.focus();
    }
    const newVersion = data.version !== shownVersion;
    shownVersion = data.version;
    const errors = data.errors || {};
    const active = focused();
    for (const option of options) {
      const name = option.name;
      if (option.kind === "function") {
        byId(elementId(uid, name)).textContent = functionText(option.value, words.t);
        root.querySelector(`.borsen-editor-remove[data-option="${name}"]`).hidden =
          option.value == null;
      }
      const suits = option.kind === "shares" ? (option.suits || []).map((s) => s.suit) : [null];
      for (const suit of suits) {
        const field = fieldId(name, suit);
        const control = byId(elementId(uid, field));
        const error = byId(elementId(uid, field, "error"));
        if (option.kind === "choice") fill(control, option.choices || []);
        const typing = control === active && control.tagName === "INPUT" && control.type === "text";
        const hasError = Boolean(errors[field]);
        if (option.kind !== "function" && typed) {
          showValue(option, control, suit);
          if (hasError && typed[control.id] !== undefined) control.value = typed[control.id];
        } else if (option.kind !== "function" && showsValueInForce({ newVersion, hasError, typing })) {
          showValue(option, control, suit);
        }
        error.textContent = errors[field] || "";
        error.hidden = !hasError;
        if (hasError) control.setAttribute("aria-invalid", "true");
        else control.removeAttribute("aria-invalid");
      }
    }
    status.textContent = data.status || "";
    root.dataset.version = String(data.version ?? "");
  }

  function drawNotice() {
    const n = model.get("notice") || {};
    noticeText.textContent = n.text || "";
    notice.dataset.level = n.level || "info";
    notice.hidden = !n.text || n.id === dismissed;
  }

  function rowOf(target) {
    const row = target.closest && target.closest(".borsen-editor-row");
    return row ? optionOf(row.dataset.option) : null;
  }

  function onInput(event) {
    const option = rowOf(event.target);
    if (!option || event.target.type !== "text") return;
    const suit = event.target.dataset.suit || null;
    unanswered.add(fieldId(option.name, suit));
    send(option.name, event.target.value, suit);
  }

  function onChange(event) {
    const option = rowOf(event.target);
    if (!option) return;
    if (option.kind === "bool") send(option.name, event.target.checked);
    else if (option.kind === "choice") {
      const choice = (event.target._choices || [])[event.target.selectedIndex];
      if (choice) send(option.name, choice.value);
    }
  }

  function onClick(event) {
    const remove = event.target.closest(".borsen-editor-remove");
    if (remove) send(remove.dataset.option, null);
    if (event.target.closest(".borsen-editor-notice-close")) {
      dismissed = (model.get("notice") || {}).id;
      notice.hidden = true;
    }
  }

  function onKeydown(event) {
    // Escape in a text field: back to the value in force (which also clears its error).
    if (event.key !== "Escape" || event.target.type !== "text") return;
    const option = rowOf(event.target);
    if (!option) return;
    event.preventDefault();
    event.stopPropagation();
    const suit = event.target.dataset.suit || null;
    event.target.value = textValue(option, suit);
    send(option.name, event.target.value, suit);
  }

  function onFocusout(event) {
    // Leaving a text field shows the value in force as Python writes it (0.25 → 1/4), unless
    // the typed value was refused: then it stays beside its error. Before Python has answered
    // the last keystroke, the answer's draw() decides instead (the field is no longer typed in).
    const option = rowOf(event.target);
    if (!option || event.target.type !== "text") return;
    const field = fieldId(option.name, event.target.dataset.suit || null);
    if (!unanswered.has(field) && !(form().errors || {})[field]) {
      event.target.value = textValue(option, event.target.dataset.suit || null);
    }
  }

  function onSpeech() {
    words = translator(model.get("speech"));
    speak();
    draw();
  }

  model.on("change:form", draw);
  model.on("change:notice", drawNotice);
  model.on("change:speech", onSpeech);
  root.addEventListener("input", onInput);
  root.addEventListener("change", onChange);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeydown);
  root.addEventListener("focusout", onFocusout);
  speak();
  draw();
  drawNotice();
  reportLanguage(model);
  return () => {
    model.off("change:form", draw);
    model.off("change:notice", drawNotice);
    model.off("change:speech", onSpeech);
    root.removeEventListener("input", onInput);
    root.removeEventListener("change", onChange);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKeydown);
    root.removeEventListener("focusout", onFocusout);
    root.remove();
  };
}

export default { render };
