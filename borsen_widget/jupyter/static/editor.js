/* Built from js/src by `make js` (esbuild); do not edit by hand. */

// src/helpers.js
function escapeHTML(value) {
  return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

// src/editor-helpers.js
function fieldId(name, suit) {
  return suit ? `${name}.${suit}` : name;
}
function elementId(uid, field, part = "") {
  return `${uid}-${field.replace(".", "-")}${part ? `-${part}` : ""}`;
}
function choiceIndex(choices, value) {
  return (choices || []).findIndex((choice) => choice.value === value);
}
function sameChoices(a, b) {
  return JSON.stringify(a || []) === JSON.stringify(b || []);
}
function setMessage(form, name, value, suit = null) {
  const message = { intent: "set", version: (form && form.version) ?? 0, option: name, value };
  if (suit) message.suit = suit;
  return message;
}
function showsValueInForce({ newVersion, hasError, typing }) {
  if (newVersion) return true;
  if (hasError) return false;
  return !typing;
}
function functionText(value) {
  return value == null ? "none: the rule as written" : value;
}
function textValue(option, suit = null) {
  const value = option.value;
  if (suit) return value && value[suit] != null ? String(value[suit]) : "";
  return value == null ? "" : String(value);
}
function controlHTML(option, uid) {
  const id = elementId(uid, option.name);
  const help = elementId(uid, option.name, "help");
  const described = (field) => `aria-describedby="${help} ${elementId(uid, field, "error")}"`;
  const text = 'type="text" autocomplete="off" spellcheck="false"';
  switch (option.kind) {
    case "bool":
      return `<input type="checkbox" id="${id}" ${described(option.name)}>`;
    case "text":
      return `<input ${text} inputmode="numeric" id="${id}" ${described(option.name)}>`;
    case "function":
      return `<output id="${id}" class="borsen-editor-function" ${described(option.name)}></output><button type="button" class="borsen-editor-remove" data-option="${option.name}" aria-label="Remove the ${escapeHTML(option.label.toLowerCase())}">Remove</button>`;
    case "shares":
      return (option.suits || []).map(({ suit, label }) => {
        const field = fieldId(option.name, suit);
        const sid = elementId(uid, field);
        return `<span class="borsen-editor-share borsen-share-${suit}"><label for="${sid}">${escapeHTML(label)}</label><input ${text} inputmode="decimal" id="${sid}" data-suit="${suit}" ${described(field)}></span>`;
      }).join("");
    default:
      return `<select id="${id}" ${described(option.name)}></select>`;
  }
}
function errorsHTML(option, uid) {
  const fields = option.kind === "shares" ? (option.suits || []).map(({ suit }) => fieldId(option.name, suit)) : [option.name];
  return fields.map(
    (field) => `<p class="borsen-editor-error" id="${elementId(uid, field, "error")}" data-field="${field}" aria-live="polite" hidden></p>`
  ).join("");
}
function rowHTML(option, uid) {
  const name = option.name;
  const labelId = elementId(uid, name, "label");
  const label = option.kind === "shares" ? `<span class="borsen-editor-label" id="${labelId}">` : `<label class="borsen-editor-label" id="${labelId}" for="${elementId(uid, name)}">`;
  const close = option.kind === "shares" ? "</span>" : "</label>";
  const group = option.kind === "shares" ? ` role="group" aria-labelledby="${labelId}"` : "";
  return `<div class="borsen-editor-row borsen-rule-${name}" data-option="${name}" data-kind="${option.kind}">${label}<span class="borsen-editor-rule">${escapeHTML(option.rule)}</span> <span class="borsen-editor-name">${escapeHTML(option.label)}</span>${close}<div class="borsen-editor-control"${group}>${controlHTML(option, uid)}</div><p class="borsen-editor-help" id="${elementId(uid, name, "help")}"><code>${escapeHTML(name)}</code> — ${escapeHTML(option.help)}</p>${errorsHTML(option, uid)}</div>`;
}

// src/editor.js
var TEMPLATE = `
<div class="borsen-editor-head">
  <span class="borsen-editor-title">Rules</span>
  <span class="borsen-editor-intro">Each change applies from the next move; the rule numbers
    are those of docs/rules.md.</span>
</div>
<div class="borsen-editor-notice" role="alert" hidden>
  <span class="borsen-editor-notice-text"></span>
  <button type="button" class="borsen-editor-notice-close" aria-label="Dismiss this notice">×
  </button>
</div>
<div class="borsen-editor-rows"></div>
<p class="borsen-editor-status" role="status"></p>
`;
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "borsen-editor";
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.setAttribute("role", "region");
  root.setAttribute("aria-label", "Rules of the game");
  root.innerHTML = TEMPLATE;
  el.appendChild(root);
  const uid = `borsen-editor-${Math.random().toString(36).slice(2, 9)}`;
  const rows = root.querySelector(".borsen-editor-rows");
  const status = root.querySelector(".borsen-editor-status");
  const notice = root.querySelector(".borsen-editor-notice");
  const noticeText = root.querySelector(".borsen-editor-notice-text");
  let built = "";
  let shownVersion = null;
  let dismissed = -1;
  const unanswered = /* @__PURE__ */ new Set();
  const form = () => model.get("form") || {};
  const optionOf = (name) => (form().options || []).find((o) => o.name === name);
  const byId = (id) => root.querySelector(`#${id}`);
  const focused = () => el.getRootNode().activeElement || document.activeElement;
  function send(name, value, suit = null) {
    model.send(setMessage(form(), name, value, suit));
  }
  function build(options) {
    rows.innerHTML = options.map((option) => rowHTML(option, uid)).join("");
    built = options.map((o) => `${o.name}:${o.kind}`).join(",");
  }
  function fill(select, choices) {
    if (sameChoices(select._choices, choices)) return;
    select._choices = choices;
    select.innerHTML = choices.map((c, i) => `<option value="${i}">${escapeHTML(c.label)}</option>`).join("");
  }
  function showValue(option, control, suit) {
    if (option.kind === "bool") control.checked = Boolean(option.value);
    else if (option.kind === "choice") control.selectedIndex = choiceIndex(option.choices, option.value);
    else control.value = textValue(option, suit);
  }
  function draw() {
    unanswered.clear();
    const data = form();
    const options = data.options || [];
    if (options.map((o) => `${o.name}:${o.kind}`).join(",") !== built) build(options);
    const newVersion = data.version !== shownVersion;
    shownVersion = data.version;
    const errors = data.errors || {};
    const active = focused();
    for (const option of options) {
      const name = option.name;
      if (option.kind === "function") {
        byId(elementId(uid, name)).textContent = functionText(option.value);
        root.querySelector(`.borsen-editor-remove[data-option="${name}"]`).hidden = option.value == null;
      }
      const suits = option.kind === "shares" ? (option.suits || []).map((s) => s.suit) : [null];
      for (const suit of suits) {
        const field = fieldId(name, suit);
        const control = byId(elementId(uid, field));
        const error = byId(elementId(uid, field, "error"));
        if (option.kind === "choice") fill(control, option.choices || []);
        const typing = control === active && control.tagName === "INPUT" && control.type === "text";
        const hasError = Boolean(errors[field]);
        if (option.kind !== "function" && showsValueInForce({ newVersion, hasError, typing })) {
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
    const option = rowOf(event.target);
    if (!option || event.target.type !== "text") return;
    const field = fieldId(option.name, event.target.dataset.suit || null);
    if (!unanswered.has(field) && !(form().errors || {})[field]) {
      event.target.value = textValue(option, event.target.dataset.suit || null);
    }
  }
  model.on("change:form", draw);
  model.on("change:notice", drawNotice);
  root.addEventListener("input", onInput);
  root.addEventListener("change", onChange);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeydown);
  root.addEventListener("focusout", onFocusout);
  draw();
  drawNotice();
  return () => {
    model.off("change:form", draw);
    model.off("change:notice", drawNotice);
    root.removeEventListener("input", onInput);
    root.removeEventListener("change", onChange);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKeydown);
    root.removeEventListener("focusout", onFocusout);
    root.remove();
  };
}
var editor_default = { render };
export {
  editor_default as default
};
