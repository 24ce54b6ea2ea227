// Pure helpers of the strategy builder on a student's phone: the form's draft, turned
// into the strategy's JSON shape the kernel reads (play/strategy_rules.py, checked again there),
// and back; the limits; the words of the builder and of the tournament's messages. No DOM here,
// so each is unit-tested with vitest (js/test/builder-helpers.test.js).
//
// A draft is what the form holds, typed text included:
//   {name: "Stopp på fem", groups: [[{kind: "pile_at_least", value: "5"}], ...], aces: "keep"}
// and a strategy what is sent:
//   {name, bank_when: [[{kind: "pile_at_least", cards: 5}], ...], aces}

import { ENGLISH } from "./helpers.js";

/** The conditions, each with the name of its number (null: it takes none). */
export const KINDS = {
  pile_at_least: "cards",
  chance_below: "percent",
  ahead_after_bank: null,
  near_leader_after_bank: "cards",
};
export const ACES = ["keep", "list", "list_when_ahead"];
/** The limits until the kernel sends its own (a `strategies` message's `limits`). */
export const DEFAULT_LIMITS = {
  groups: 3,
  per_group: 3,
  conditions: 4,
  name: 24,
  percent: [1, 99],
  cards: 208,
};

/** A new draft: bank when the pile holds at least 4 cards, keep the aces, no name yet. */
export function emptyDraft() {
  return { name: "", groups: [[{ kind: "pile_at_least", value: "4" }]], aces: "keep" };
}

/** How many conditions a draft holds in all. */
export function conditionCount(draft) {
  return draft.groups.reduce((n, g) => n + g.length, 0);
}

export function canAddCondition(draft, group, limits = DEFAULT_LIMITS) {
  const g = draft.groups[group];
  return Boolean(g) && g.length < limits.per_group && conditionCount(draft) < limits.conditions;
}

export function canAddGroup(draft, limits = DEFAULT_LIMITS) {
  return draft.groups.length < limits.groups && conditionCount(draft) < limits.conditions;
}

/** A copy of ``draft`` with a condition more in ``group`` (a copy of its last one's kind). */
export function addCondition(draft, group, limits = DEFAULT_LIMITS) {
  if (!canAddCondition(draft, group, limits)) return draft;
  const groups = draft.groups.map((g, i) =>
    i === group ? [...g, { kind: "chance_below", value: "50" }] : g,
  );
  return { ...draft, groups };
}

/** A copy of ``draft`` with a new group ("or when …") of one condition. */
export function addGroup(draft, limits = DEFAULT_LIMITS) {
  if (!canAddGroup(draft, limits)) return draft;
  return { ...draft, groups: [...draft.groups, [{ kind: "ahead_after_bank", value: "" }]] };
}

/** A copy of ``draft`` without one condition (a group left empty goes; one condition stays). */
export function removeCondition(draft, group, index) {
  if (conditionCount(draft) <= 1) return draft;
  const groups = draft.groups
    .map((g, i) => (i === group ? g.filter((_, j) => j !== index) : g))
    .filter((g) => g.length);
  return { ...draft, groups };
}

/** A copy of ``draft`` with one condition changed (``kind`` and/or ``value``). */
export function setCondition(draft, group, index, change) {
  const groups = draft.groups.map((g, i) =>
    i === group ? g.map((c, j) => (j === index ? { ...c, ...change } : c)) : g,
  );
  return { ...draft, groups };
}

/** A whole number typed in a field ("5", " 40 "), or null. */
export function wholeNumber(text) {
  const t = String(text ?? "").trim();
  return /^\d{1,6}$/.test(t) ? Number(t) : null;
}

/**
 * The strategy of a draft: ``{ok: true, strategy}``, or ``{ok: false, problem, group, index}``
 * where ``problem`` says what to fix first ("name", "number", "percent", "cards"). The kernel
 * checks everything again; this only saves a phone a round trip for what it can see itself.
 */
export function draftToStrategy(draft, limits = DEFAULT_LIMITS) {
  const name = String(draft.name ?? "").trim().replace(/\s+/g, " ");
  if (!name) return { ok: false, problem: "name" };
  if ([...name].length > limits.name) return { ok: false, problem: "long" };
  const bankWhen = [];
  for (const [g, group] of draft.groups.entries()) {
    const out = [];
    for (const [i, c] of group.entries()) {
      const key = KINDS[c.kind];
      if (key === undefined) return { ok: false, problem: "kind", group: g, index: i };
      if (key === null) {
        out.push({ kind: c.kind });
        continue;
      }
      const n = wholeNumber(c.value);
      if (n === null) return { ok: false, problem: "number", group: g, index: i };
      if (key === "percent" && (n < limits.percent[0] || n > limits.percent[1])) {
        return { ok: false, problem: "percent", group: g, index: i };
      }
      const low = c.kind === "pile_at_least" ? 1 : 0;
      if (key === "cards" && (n < low || n > limits.cards)) {
        return { ok: false, problem: "cards", group: g, index: i, low };
      }
      out.push({ kind: c.kind, [key]: n });
    }
    bankWhen.push(out);
  }
  const aces = ACES.includes(draft.aces) ? draft.aces : "keep";
  return { ok: true, strategy: { name, bank_when: bankWhen, aces } };
}

/** The draft of a strategy the kernel kept (the student's own, after a reload). */
export function strategyToDraft(strategy) {
  if (!strategy || !Array.isArray(strategy.bank_when)) return emptyDraft();
  const groups = strategy.bank_when.map((g) =>
    g.map((c) => {
      const key = KINDS[c.kind];
      return { kind: c.kind, value: key ? String(c[key] ?? "") : "" };
    }),
  );
  return {
    name: String(strategy.name ?? ""),
    groups: groups.length ? groups : emptyDraft().groups,
    aces: ACES.includes(strategy.aces) ? strategy.aces : "keep",
  };
}

/** The label of a condition's choice in the builder's list. */
export function kindLabel(kind, tr = ENGLISH) {
  if (kind === "pile_at_least") {
    // TRANSLATORS: a condition of the strategy builder; the number of cards is typed beside it.
    return tr.tp("strategy builder", "The pile holds at least this many cards");
  }
  if (kind === "chance_below") {
    // TRANSLATORS: a condition of the strategy builder; the percent is typed beside it.
    return tr.tp("strategy builder", "The chance the next card is accepted is below this percent");
  }
  if (kind === "ahead_after_bank") {
    return tr.tp("strategy builder", "Banking puts me ahead of every other player");
  }
  // TRANSLATORS: a condition of the strategy builder; the number of cards is typed beside it.
  return tr.tp("strategy builder", "Banking brings me within this many cards of the leader");
}

/** The label of a condition's number field (none for a condition without a number). */
export function valueLabel(kind, tr = ENGLISH) {
  const key = KINDS[kind];
  if (key === "percent") return tr.tp("strategy builder", "Percent");
  if (key === "cards") return tr.tp("strategy builder", "Cards");
  return "";
}

export function acesLabel(choice, tr = ENGLISH) {
  if (choice === "list") return tr.tp("strategy builder", "List every ace I bank");
  if (choice === "list_when_ahead") {
    return tr.tp("strategy builder", "List them when banking puts me ahead, else keep them");
  }
  return tr.tp("strategy builder", "Keep them (list only those over the limit)");
}

/** The legend of group ``g``: "Bank when all of these hold" first, "Or bank when …" after. */
export function groupLegend(g, tr = ENGLISH) {
  return g === 0
    ? tr.t("Bank when all of these hold:")
    : tr.t("Or bank when all of these hold:");
}

/** What the form says is wrong (``draftToStrategy``'s problem), as a sentence. */
export function problemText(result, limits = DEFAULT_LIMITS, tr = ENGLISH) {
  if (result.ok) return "";
  const where = result.group === undefined ? {} : { group: result.group + 1, n: result.index + 1 };
  switch (result.problem) {
    case "name":
      return tr.t("Give your strategy a name.");
    case "long":
      return tr.t("A strategy's name has at most {count} letters; choose a shorter one.", {
        count: limits.name,
      });
    case "percent":
      return tr.t("Condition {n} of group {group}: the percent is a whole number from {low} to {high}.", {
        ...where,
        low: limits.percent[0],
        high: limits.percent[1],
      });
    case "cards":
      return tr.t("Condition {n} of group {group}: the cards are a whole number from {low} to {high}.", {
        ...where,
        low: result.low ?? 0,
        high: limits.cards,
      });
    default:
      return tr.t("Condition {n} of group {group}: type a whole number.", where);
  }
}

/** The line on the builder that says whether submissions are open, and what is kept. */
export function submissionLine(state, tr = ENGLISH) {
  const mine = state && state.mine;
  if (!state || !state.open) {
    return mine
      ? tr.t("Submissions are closed. Your strategy {name} plays in the tournament.", {
          name: mine.strategy.name,
        })
      : tr.t("Submissions are closed.");
  }
  return mine
    ? tr.t("Submissions are open. Your strategy {name} is submitted; you may change it.", {
        name: mine.strategy.name,
      })
    : tr.t("Submissions are open: build a strategy, try it, then submit it.");
}

/** The tournament's progress as a sentence (a phone's or the projector's). */
export function progressText(m, tr = ENGLISH) {
  const total = Number(m && m.total) || 0;
  if (!total) return tr.t("The tournament is starting…");
  return tr.tn(
    "The tournament is running: {done} of {total} pair has played.",
    "The tournament is running: {done} of {total} pairs have played.",
    total,
    { done: Number(m.done) || 0, total },
  );
}
