/* Built from js/src by `make js` (esbuild); do not edit by hand. */

// src/i18n.js
var CONTEXT = "";
function pageLanguages(doc = globalThis.document, nav = globalThis.navigator) {
  const tags = [];
  const lang = doc?.documentElement?.lang;
  if (lang && /^(nb|nn|no)\b/i.test(lang)) tags.push(lang);
  const wanted = nav?.languages?.length ? nav.languages : [nav?.language];
  for (const tag of wanted) if (typeof tag === "string" && tag) tags.push(tag);
  return tags.slice(0, 16).map((tag) => tag.slice(0, 35));
}
function reportLanguage(model) {
  model.send({ intent: "page_language", tags: pageLanguages() });
}
function translator(speech) {
  const texts = speech && speech.texts || {};
  const head = texts[""] || {};
  const formats = head.formats || {};
  const language = speech && speech.language || "en";
  const decimal = formats.decimal || ".";
  const group = formats.group ?? ",";
  const grouping = formats.grouping || [3, 3];
  const minus = formats.minus || "-";
  function number(value, maxDigits = 3, minDigits = 0) {
    if (typeof value !== "number" || !Number.isFinite(value)) return String(value);
    const sign = value < 0 || Object.is(value, -0) ? minus : "";
    let [whole, frac = ""] = roundHalfEven(Math.abs(value), maxDigits).split(".");
    frac = frac.replace(/0+$/, "").padEnd(Math.min(minDigits, maxDigits), "0");
    const groups = [];
    let size = grouping[0];
    while (whole.length > size) {
      groups.unshift(whole.slice(-size));
      whole = whole.slice(0, -size);
      size = grouping[1];
    }
    whole = [whole, ...groups].join(group);
    return sign + whole + (frac ? decimal + frac : "");
  }
  function percent(value, digits = 0) {
    if (typeof value !== "number" || !Number.isFinite(value)) return String(value);
    const text = number(Math.abs(value) * 100, digits, digits);
    const sign = value < 0 ? minus : "";
    return sign + (formats.percent_prefix || "") + text + (formats.percent_suffix ?? "%");
  }
  function join(items) {
    const list = formats.list || { 2: "{0} and {1}", start: "{0}, {1}", middle: "{0}, {1}", end: "{0} and {1}" };
    const parts = items.map(String);
    const put = (pattern, a, b) => pattern.replace("{0}", a).replace("{1}", b);
    if (parts.length <= 1) return parts.join("");
    if (parts.length === 2) return put(list["2"], parts[0], parts[1]);
    let text = put(list.start, parts[0], parts[1]);
    for (const part of parts.slice(2, -1)) text = put(list.middle, text, part);
    return put(list.end, text, parts[parts.length - 1]);
  }
  function show(value) {
    return typeof value === "number" ? number(value) : String(value);
  }
  function fill(text, values) {
    if (!values) return text;
    return text.replace(
      /\{(\w+)\}/g,
      (whole, key) => Object.prototype.hasOwnProperty.call(values, key) ? show(values[key]) : whole
    );
  }
  const pluralIndex = (n) => n === 1 ? 0 : 1;
  function lookup(key) {
    const found = texts[key];
    return Array.isArray(found) ? found : null;
  }
  function t(msgid, values) {
    const found = lookup(msgid);
    return fill(found && found[0] || msgid, values);
  }
  function tn(singular, plural, n, values) {
    const found = lookup(singular);
    const index = pluralIndex(n);
    return fill(found && found[index] || (index === 0 ? singular : plural), values);
  }
  function tp(context, msgid, values) {
    const found = lookup(context + CONTEXT + msgid);
    return fill(found && found[0] || msgid, values);
  }
  function tnp(context, singular, plural, n, values) {
    const found = lookup(context + CONTEXT + singular);
    const index = pluralIndex(n);
    return fill(found && found[index] || (index === 0 ? singular : plural), values);
  }
  return { language, t, tn, tp, tnp, number, percent, join };
}
function roundHalfEven(value, digits) {
  const factor = 10 ** digits;
  const scaled = value * factor;
  const floor = Math.floor(scaled);
  const diff = scaled - floor;
  const eps = 1e-9 * Math.max(1, Math.abs(scaled));
  let whole;
  if (Math.abs(diff - 0.5) < eps) whole = floor % 2 === 0 ? floor : floor + 1;
  else whole = Math.round(scaled);
  const text = String(whole).padStart(digits + 1, "0");
  return digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
}

// src/helpers.js
var ENGLISH = translator(void 0);
function escapeHTML(value) {
  return String(value).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

// src/editor-helpers.js
var { t: english } = translator(null);
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
function functionText(value, t = english) {
  return value == null ? t("none: the rule as written") : value;
}
function textValue(option, suit = null) {
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
      const what = t("Remove “{label}”", { label: option.label });
      const remove = t("Remove");
      return `<output id="${id}" class="borsen-editor-function" ${described(option.name)}></output><button type="button" class="borsen-editor-remove" data-option="${option.name}" aria-label="${escapeHTML(what)}">${escapeHTML(remove)}</button>`;
    }
    case "shares":
      return (option.suits || []).map(({ suit, label, name }) => {
        const field = fieldId(option.name, suit);
        const sid = elementId(uid, field);
        const title = name ? ` title="${escapeHTML(name)}"` : "";
        const spoken = name ? ` aria-label="${escapeHTML(name)}"${title}` : "";
        return `<span class="borsen-editor-share borsen-share-${suit}"><label for="${sid}"${title}>${escapeHTML(label)}</label><input ${text} inputmode="decimal" id="${sid}" data-suit="${suit}"${spoken} ${described(field)}></span>`;
      }).join("");
    default:
      return `<select id="${id}" ${described(option.name)}></select>`;
  }
}
function codeHTML(name, t) {
  const title = t("In Python: {code}", { code: `Rules(${name}=…)` });
  return `<code class="borsen-editor-code" title="${escapeHTML(title)}" translate="no">${escapeHTML(name)}</code>`;
}
function errorsHTML(option, uid) {
  const fields = option.kind === "shares" ? (option.suits || []).map(({ suit }) => fieldId(option.name, suit)) : [option.name];
  return fields.map(
    (field) => `<p class="borsen-editor-error" id="${elementId(uid, field, "error")}" data-field="${field}" aria-live="polite" hidden></p>`
  ).join("");
}
function rowHTML(option, uid, t = english) {
  const name = option.name;
  const labelId = elementId(uid, name, "label");
  const label = option.kind === "shares" ? `<span class="borsen-editor-label" id="${labelId}">` : `<label class="borsen-editor-label" id="${labelId}" for="${elementId(uid, name)}">`;
  const close = option.kind === "shares" ? "</span>" : "</label>";
  const group = option.kind === "shares" ? ` role="group" aria-labelledby="${labelId}"` : "";
  return `<div class="borsen-editor-row borsen-rule-${name}" data-option="${name}" data-kind="${option.kind}">${label}<span class="borsen-editor-rule">${escapeHTML(option.rule)}</span> <span class="borsen-editor-name">${escapeHTML(option.label)}</span>${close}` + codeHTML(name, t) + `<div class="borsen-editor-control"${group}>${controlHTML(option, uid, t)}</div><p class="borsen-editor-help" id="${elementId(uid, name, "help")}">${escapeHTML(option.help)}</p>${errorsHTML(option, uid)}</div>`;
}

// src/editor.js
var TEMPLATE = `
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
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "borsen-editor";
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
  const unanswered = /* @__PURE__ */ new Set();
  const form = () => model.get("form") || {};
  const optionOf = (name) => (form().options || []).find((o) => o.name === name);
  const byId = (id) => root.querySelector(`#${id}`);
  const focused = () => el.getRootNode().activeElement || document.activeElement;
  function send(name, value, suit = null) {
    model.send(setMessage(form(), name, value, suit));
  }
  const rowsKey = (options) => [words.language, ...options.map((o) => `${o.name}:${o.kind}:${o.label}:${o.help}`)].join("\n");
  function build(options) {
    rows.innerHTML = options.map((option) => rowHTML(option, uid, words.t)).join("");
    built = rowsKey(options);
  }
  function speak() {
    const { t } = words;
    root.setAttribute("aria-label", t("Rules of the game"));
    root.querySelector(".borsen-editor-title").textContent = t("Rules");
    root.querySelector(".borsen-editor-intro").textContent = t(
      "Each change counts from the next move. The rule numbers (R1, R2 …) are those of docs/rules.md."
    );
    root.querySelector(".borsen-editor-codes").textContent = t(
      'Card codes: S, H, C and D are spades, hearts, clubs and diamonds; J, Q, K, A and T are jack, queen, king, ace and ten (as in the shares, S=1/2, and in cards("JH QS")).'
    );
    const close = root.querySelector(".borsen-editor-notice-close");
    close.setAttribute("aria-label", t("Dismiss this notice"));
    close.title = t("Dismiss this notice");
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
        if (option.kind !== "function" && typed) {
          showValue(option, control, suit);
          if (hasError && typed[control.id] !== void 0) control.value = typed[control.id];
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
var editor_default = { render };
export {
  editor_default as default
};
