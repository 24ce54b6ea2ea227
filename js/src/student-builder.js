// The strategy builder on a student's phone: groups of conditions ("bank when all of
// these hold", "+ or when …"), each a choice and a number, the aces' choice and a name; "Try it"
// asks the kernel for the rule in words, what it does in a few positions and its result against
// a house bot; "Submit" keeps it as the student's strategy (until the teacher closes
// submissions: then the form folds away, and the builder shows the submitted rule in words and
// that submissions are closed, until the teacher opens them again). After the tournament it shows the student's place, rating and one position to
// learn from. The kernel checks every strategy (a refusal comes back as a notice, shown here).
//
// Controls a test (or a screen reader) finds by role and label, and by data-testid:
//   builder-name, builder-aces, cond-<g>-<i>-kind, cond-<g>-<i>-value, cond-<g>-<i>-remove,
//   builder-add-<g> (+ and …), builder-add-group (+ or when …), builder-try, builder-submit,
//   builder-problem, builder-tried, builder-saved, builder-mine (the submitted rule in words,
//   while submissions are closed), tournament-you.

import { escapeHTML, requestIds } from "./helpers.js";
import {
  ACES,
  DEFAULT_LIMITS,
  KINDS,
  acesLabel,
  addCondition,
  addGroup,
  canAddCondition,
  canAddGroup,
  draftToStrategy,
  emptyDraft,
  groupLegend,
  kindLabel,
  problemText,
  progressText,
  removeCondition,
  setCondition,
  strategyToDraft,
  submissionLine,
  valueLabel,
} from "./builder-helpers.js";

/**
 * Mount the builder in ``section``; ``send(message)`` sends a message to the kernel (false when
 * not connected), ``words()`` the page's translator. Returns the builder's handle.
 */
export function mountBuilder(section, { send, words }) {
  const ids = requestIds("b");
  const state = {
    shown: false,
    open: false,
    mine: null,
    limits: DEFAULT_LIMITS,
    draft: emptyDraft(),
    edited: false,
    pending: new Set(),
    tried: null,
    saved: null,
    problem: "",
    tournament: null,
  };

  function fieldHTML(tr, g, i, c) {
    const key = KINDS[c.kind];
    const id = `borsen-cond-${g}-${i}`;
    const options = Object.keys(KINDS)
      .map(
        (k) =>
          `<option value="${k}"${k === c.kind ? " selected" : ""}>` +
          `${escapeHTML(kindLabel(k, tr))}</option>`,
      )
      .join("");
    const number = key
      ? `<label class="borsen-b-value-label" for="${id}-value">${escapeHTML(valueLabel(c.kind, tr))}</label>` +
        `<input id="${id}-value" class="borsen-b-value" inputmode="numeric" autocomplete="off" ` +
        `maxlength="4" data-g="${g}" data-i="${i}" data-testid="cond-${g}-${i}-value" ` +
        `data-fid="${id}-value" value="${escapeHTML(c.value)}">`
      : "";
    // Every text is made outside the template literals: the catalogues' extraction reads a
    // call inside ${...} as no call at all.
    const removeLabel = escapeHTML(
      tr.t("Remove condition {n} of group {group}", { n: i + 1, group: g + 1 }),
    );
    const condLabel = escapeHTML(tr.t("Condition {n}", { n: i + 1 }));
    const remove =
      state.draft.groups.flat().length > 1
        ? `<button type="button" class="borsen-btn borsen-quiet borsen-b-remove" ` +
          `data-builder="remove" data-g="${g}" data-i="${i}" data-testid="cond-${g}-${i}-remove" ` +
          `aria-label="${removeLabel}">` +
          `×</button>`
        : "";
    return (
      `<div class="borsen-b-cond">` +
      `<label class="borsen-b-kind-label" for="${id}-kind">` +
      `${condLabel}</label>` +
      `<div class="borsen-b-row"><select id="${id}-kind" class="borsen-b-kind" data-g="${g}" ` +
      `data-i="${i}" data-testid="cond-${g}-${i}-kind" data-fid="${id}-kind">${options}</select>` +
      `${remove}</div>${number ? `<div class="borsen-b-row">${number}</div>` : ""}</div>`
    );
  }

  function formHTML(tr) {
    const d = state.draft;
    const L = {
      and: escapeHTML(tr.t("+ and …")),
      or: escapeHTML(tr.t("+ or when …")),
      name: escapeHTML(tr.t("Your strategy's name")),
      otherwise: escapeHTML(tr.t("Otherwise draw.")),
      aces: escapeHTML(tr.t("Aces in a pile you bank")),
      try: escapeHTML(tr.t("Try it")),
      submit: escapeHTML(tr.t("Submit")),
    };
    const groups = d.groups
      .map((group, g) => {
        const conds = group.map((c, i) => fieldHTML(tr, g, i, c)).join("");
        const add = canAddCondition(d, g, state.limits)
          ? `<button type="button" class="borsen-btn borsen-secondary borsen-b-add" ` +
            `data-builder="add" data-g="${g}" data-testid="builder-add-${g}" ` +
            `data-fid="add-${g}">${L.and}</button>`
          : "";
        return (
          `<fieldset class="borsen-b-group"><legend>${escapeHTML(groupLegend(g, tr))}</legend>` +
          `${conds}${add}</fieldset>`
        );
      })
      .join("");
    const orWhen = canAddGroup(d, state.limits)
      ? `<button type="button" class="borsen-btn borsen-secondary borsen-b-add-group" ` +
        `data-builder="add-group" data-testid="builder-add-group" data-fid="add-group">` +
        `${L.or}</button>`
      : "";
    const aces = ACES.map(
      (a) =>
        `<option value="${a}"${a === d.aces ? " selected" : ""}>${escapeHTML(acesLabel(a, tr))}</option>`,
    ).join("");
    return (
      `<label for="borsen-b-name">${L.name}</label>` +
      `<input id="borsen-b-name" class="borsen-b-name" autocomplete="off" spellcheck="false" ` +
      `maxlength="${state.limits.name}" data-testid="builder-name" data-fid="name" ` +
      `value="${escapeHTML(d.name)}">` +
      `${groups}${orWhen}` +
      `<p class="borsen-b-else">${L.otherwise}</p>` +
      `<label for="borsen-b-aces">${L.aces}</label>` +
      `<select id="borsen-b-aces" class="borsen-b-aces" data-testid="builder-aces" ` +
      `data-fid="aces">${aces}</select>` +
      `<p class="borsen-b-problem" role="alert" data-testid="builder-problem">` +
      `${escapeHTML(state.problem)}</p>` +
      `<div class="borsen-b-buttons">` +
      `<button type="button" class="borsen-btn borsen-secondary" data-builder="try" ` +
      `data-testid="builder-try" data-fid="try">${L.try}</button>` +
      `<button type="submit" class="borsen-btn borsen-primary" data-testid="builder-submit" ` +
      `data-fid="submit"${state.open ? "" : " disabled"}>${L.submit}</button>` +
      `</div>`
    );
  }

  function triedHTML(tr) {
    const t = state.tried;
    if (!t) return "";
    const words = (t.words || []).map((w) => `<p>${escapeHTML(w)}</p>`).join("");
    const examples = (t.examples || [])
      .map((x) => `<li data-action="${escapeHTML(x.action)}">${escapeHTML(x.text)}</li>`)
      .join("");
    const result = t.result || {};
    const bar =
      typeof result.win_rate === "number"
        ? `<progress class="borsen-b-rate" max="1" value="${result.win_rate}" ` +
          `aria-label="${escapeHTML(tr.percent(result.win_rate))}"></progress>`
        : "";
    const inWords = escapeHTML(tr.t("Your rule in words"));
    const n = (t.examples || []).length;
    const where = escapeHTML(
      tr.tn("What it does in {count} position", "What it does in {count} positions", n, { count: n }),
    );
    const against = escapeHTML(tr.t("Against a house bot"));
    return (
      `<h3>${inWords}</h3>${words}<h3>${where}</h3><ul>${examples}</ul>` +
      `<h3>${against}</h3>${bar}<p>${escapeHTML(result.text || "")}</p>`
    );
  }

  function tournamentHTML(tr) {
    const m = state.tournament;
    if (!m) return "";
    if (m.state === "running") return `<p>${escapeHTML(progressText(m, tr))}</p>`;
    if (m.state !== "done") return "";
    const you = m.you;
    const none = escapeHTML(tr.t("The tournament is over. You had no strategy in it."));
    if (!you) return `<p>${none}</p>`;
    const learn = escapeHTML(tr.t("A position to learn from"));
    const place = escapeHTML(tr.t("Your place in the tournament"));
    const position = you.position ? `<h3>${learn}</h3><p>${escapeHTML(you.position)}</p>` : "";
    return `<h3>${place}</h3><p class="borsen-b-place">${escapeHTML(you.text)}</p>${position}`;
  }

  // The section's parts, made once: a message from the kernel redraws the lines around the
  // form, and only a change of the form's shape (or of language) draws the form again, so a
  // student typing is not interrupted by the tournament's progress.
  section.innerHTML =
    `<h2 id="borsen-b-title"></h2><p class="borsen-b-state" role="status"></p>` +
    `<form class="borsen-b-form" novalidate aria-labelledby="borsen-b-title"></form>` +
    `<div class="borsen-b-mine" data-testid="builder-mine" hidden></div>` +
    `<p class="borsen-b-saved" role="status" data-testid="builder-saved"></p>` +
    `<div class="borsen-b-tried" aria-live="polite" data-testid="builder-tried"></div>` +
    `<div class="borsen-b-tournament" aria-live="polite" data-testid="tournament-you"></div>`;
  const part = (sel) => section.querySelector(sel);
  const ui = {
    title: part("#borsen-b-title"),
    line: part(".borsen-b-state"),
    form: part(".borsen-b-form"),
    mine: part(".borsen-b-mine"),
    saved: part(".borsen-b-saved"),
    tried: part(".borsen-b-tried"),
    tournament: part(".borsen-b-tournament"),
  };

  /** The submitted rule in words (shown while submissions are closed and the form folded). */
  function mineHTML(tr) {
    const mine = state.mine;
    if (!mine) return "";
    const heading = escapeHTML(tr.t("Your rule in words"));
    return `<h3>${heading}</h3>` + (mine.words || []).map((w) => `<p>${escapeHTML(w)}</p>`).join("");
  }

  /** Everything around the form, and the form's problem line and Submit button. */
  function renderInfo() {
    const tr = words();
    // Closed: nothing to build for the tournament, so the form, its last try and its "saved"
    // line fold away and what plays is shown instead; opened again, all of it comes back.
    const folded = !state.open;
    section.hidden = !state.shown;
    ui.title.textContent = tr.t("Your strategy");
    ui.line.textContent = submissionLine(state, tr);
    ui.form.hidden = folded;
    ui.mine.hidden = !(folded && state.mine);
    ui.mine.innerHTML = folded ? mineHTML(tr) : "";
    ui.saved.hidden = folded;
    ui.saved.textContent = state.saved || "";
    ui.tried.hidden = folded;
    ui.tried.innerHTML = triedHTML(tr);
    ui.tournament.innerHTML = tournamentHTML(tr);
    const problem = ui.form.querySelector(".borsen-b-problem");
    if (problem) problem.textContent = state.problem;
    const submit = ui.form.querySelector('[data-testid="builder-submit"]');
    if (submit) submit.disabled = !state.open;
  }

  /** The whole builder, the form included (focus kept on the same control). */
  function render() {
    const tr = words();
    const focused = section.ownerDocument.activeElement;
    const fid = focused && section.contains(focused) ? focused.dataset.fid : null;
    ui.form.innerHTML = formHTML(tr);
    renderInfo();
    if (fid) section.querySelector(`[data-fid="${fid}"]`)?.focus();
  }

  /** Send the form's strategy (``intent``: try or submit), or say what to fix first. */
  function sendStrategy(intent) {
    const tr = words();
    const made = draftToStrategy(state.draft, state.limits);
    if (!made.ok) {
      state.problem = problemText(made, state.limits, tr);
      renderInfo();
      return;
    }
    const id = ids.next();
    state.problem = "";
    if (send({ intent, strategy: made.strategy, id })) state.pending.add(id);
    renderInfo();
  }

  function onClick(event) {
    const button = event.target.closest("button[data-builder]");
    if (!button || button.disabled) return;
    const d = button.dataset;
    const g = Number(d.g);
    if (d.builder === "add") state.draft = addCondition(state.draft, g, state.limits);
    else if (d.builder === "add-group") state.draft = addGroup(state.draft, state.limits);
    else if (d.builder === "remove") state.draft = removeCondition(state.draft, g, Number(d.i));
    else if (d.builder === "try") return sendStrategy("strategy_try");
    state.edited = true;
    render();
    const target = d.builder === "remove" ? '[data-testid="builder-name"]' : null;
    if (target) section.querySelector(target)?.focus();
  }

  function onInput(event) {
    const el = event.target;
    state.edited = true;
    if (el.classList.contains("borsen-b-name")) state.draft = { ...state.draft, name: el.value };
    else if (el.classList.contains("borsen-b-value")) {
      state.draft = setCondition(state.draft, Number(el.dataset.g), Number(el.dataset.i), {
        value: el.value,
      });
    }
  }

  function onChange(event) {
    const el = event.target;
    if (el.classList.contains("borsen-b-kind")) {
      const kind = el.value;
      const value = KINDS[kind] === "percent" ? "50" : KINDS[kind] ? "4" : "";
      state.draft = setCondition(state.draft, Number(el.dataset.g), Number(el.dataset.i), {
        kind,
        value,
      });
      state.edited = true;
      render();
    } else if (el.classList.contains("borsen-b-aces")) {
      state.draft = { ...state.draft, aces: el.value };
      state.edited = true;
    }
  }

  function onSubmit(event) {
    event.preventDefault();
    sendStrategy("strategy_submit");
  }

  section.addEventListener("click", onClick);
  section.addEventListener("input", onInput);
  section.addEventListener("change", onChange);
  section.addEventListener("submit", onSubmit);

  render();

  return {
    state,
    render,
    /** Whether a notice answers one of the builder's requests (it is shown here then). */
    owns(request) {
      return request !== undefined && request !== null && state.pending.has(request);
    },
    /** The kernel refused a strategy: its notice, on the builder; nothing was kept. */
    refused(request, text) {
      state.pending.delete(request);
      state.problem = String(text ?? "");
      renderInfo();
    },
    /** One of the kernel's messages about strategies (see classroom/strategies.py). */
    receive(m) {
      const tr = words();
      let shape = false;
      if (m.type === "strategies") {
        shape = !state.shown || state.open !== Boolean(m.open) || (m.mine && !state.edited);
        state.shown = true;
        state.open = Boolean(m.open);
        state.mine = m.mine || null;
        state.limits = { ...DEFAULT_LIMITS, ...(m.limits || {}) };
        if (state.mine && !state.edited) state.draft = strategyToDraft(state.mine.strategy);
        state.shown = state.open || Boolean(state.mine) || state.tournament !== null;
      } else if (m.type === "strategy_tried") {
        state.pending.delete(m.request);
        state.tried = m;
        state.problem = "";
      } else if (m.type === "strategy_saved") {
        state.pending.delete(m.request);
        state.saved = tr.t("Submitted: {name}.", { name: m.name });
        state.problem = "";
      } else if (m.type === "tournament") {
        state.tournament = m;
        state.shown = true;
      }
      if (shape) render();
      else renderInfo();
    },
  };
}
