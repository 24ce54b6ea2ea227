// The teacher's panel: the DOM part, shared by the game widget (beside the table) and by
// ProbabilityPanel (a widget of its own, for a projector). It only draws the figures Python
// sends (exact, from public information) and turns clicks into requests; the pure parts
// (fractions, decimals, the chart's geometry and words) live in panel-helpers.js.

import { cardLabel, escapeHTML } from "./helpers.js";
import {
  approxSign,
  bestStatus,
  chartBars,
  choiceHow,
  chartText,
  decimalText,
  fractionText,
  isShortFraction,
  provenBounds,
  unitWord,
  votesText,
} from "./panel-helpers.js";

const TEMPLATE = `
<div class="borsen-panel-head">
  <h3 class="borsen-panel-title">Probabilities</h3>
  <button type="button" class="borsen-btn borsen-quiet borsen-panel-guess" data-panel="guess"
    aria-pressed="false">Guess first</button>
</div>
<p class="borsen-panel-question"></p>
<div class="borsen-panel-vote" role="group" hidden>
  <span class="borsen-panel-vote-label">Class vote:</span>
  <button type="button" class="borsen-btn borsen-vote" data-panel="vote" data-choice="draw">Draw
    <span class="borsen-vote-count" data-count="draw">0</span></button>
  <button type="button" class="borsen-btn borsen-vote" data-panel="vote" data-choice="bank">Bank
    <span class="borsen-vote-count" data-count="bank">0</span></button>
  <button type="button" class="borsen-btn borsen-primary borsen-reveal" data-panel="reveal"
    aria-keyshortcuts="R">Reveal<kbd>R</kbd></button>
</div>
<div class="borsen-panel-votes" hidden></div>
<div class="borsen-panel-cols">
<div class="borsen-panel-col">
<div class="borsen-panel-p" hidden>
  <div class="borsen-panel-label">Chance the next card is accepted</div>
  <div class="borsen-p-big"></div>
  <div class="borsen-p-sentence"></div>
</div>
<div class="borsen-chart-wrap" hidden>
  <div class="borsen-panel-label borsen-chart-title"></div>
  <div class="borsen-chart" role="img"></div>
  <div class="borsen-chart-legend" aria-hidden="true"></div>
</div>
</div>
<div class="borsen-panel-col">
<div class="borsen-panel-values" hidden>
  <div class="borsen-panel-label">What each choice is worth</div>
  <div class="borsen-values-what"></div>
  <div class="borsen-values"></div>
</div>
<div class="borsen-panel-choice" hidden>
  <div class="borsen-choice-line"><span class="borsen-panel-label">Best choice</span>
    <span class="borsen-choice-action"></span><span class="borsen-choice-how"></span></div>
  <div class="borsen-choice-text"></div>
</div>
<details class="borsen-panel-outcomes" hidden>
  <summary>Every card the next draw can be</summary>
  <ol class="borsen-outcomes"></ol>
</details>
</div>
</div>
<p class="borsen-panel-reason" hidden></p>
<div class="borsen-panel-live" aria-live="polite"></div>
`;

/**
 * A number for the panel: its decimal (and ``unit``), with its exact fraction beside it (a
 * long one on a line of its own, in small type); ``data-fraction`` holds the exact value.
 * ``fractionFirst``: "1/6 ≈ 0.167", for probabilities.
 * @param {string} fraction
 * @param {{unit?: string, fractionFirst?: boolean}} [opts]
 */
export function numberHTML(fraction, opts = {}) {
  const text = fractionText(fraction);
  const integer = !text.includes("/");
  const unit = opts.unit ? ` <span class="borsen-unit">${escapeHTML(opts.unit)}</span>` : "";
  const attr = `class="borsen-num" data-fraction="${escapeHTML(text)}"`;
  if (integer) return `<span ${attr}><span class="borsen-dec">${text}</span>${unit}</span>`;
  const dec = `<span class="borsen-dec">${decimalText(fraction)}</span>`;
  const sign = `<span class="borsen-sign">${approxSign(fraction)}</span>`;
  const frac = `<span class="borsen-frac">${text}</span>`;
  if (opts.fractionFirst) return `<span ${attr}>${frac} ${sign} ${dec}${unit}</span>`;
  const long = isShortFraction(fraction) ? "" : " is-long";
  return `<span ${attr}>${dec}${unit} <span class="borsen-exact${long}">${sign} ${frac}</span>` +
    `</span>`;
}

/** "-3/4" → "3/4" (a margin is told as a positive amount). */
function absFraction(text) {
  return String(text).replace(/^-/, "");
}

/**
 * Build the panel inside ``host`` and return ``update(data)`` and ``destroy()``.
 * @param {HTMLElement} host
 * @param {{send: (intent: string, extra?: object) => void, uid: string}} opts
 */
export function mountPanel(host, { send, uid }) {
  const section = document.createElement("section");
  section.className = "borsen-panel";
  section.setAttribute("role", "region");
  section.innerHTML = TEMPLATE;
  section.hidden = true;
  host.appendChild(section);
  const $ = (sel) => section.querySelector(sel);
  const ui = {
    title: $(".borsen-panel-title"),
    guess: $(".borsen-panel-guess"),
    question: $(".borsen-panel-question"),
    vote: $(".borsen-panel-vote"),
    voteDraw: $('[data-choice="draw"]'),
    voteBank: $('[data-choice="bank"]'),
    votes: $(".borsen-panel-votes"),
    p: $(".borsen-panel-p"),
    pBig: $(".borsen-p-big"),
    pSentence: $(".borsen-p-sentence"),
    chartWrap: $(".borsen-chart-wrap"),
    chartTitle: $(".borsen-chart-title"),
    chart: $(".borsen-chart"),
    legend: $(".borsen-chart-legend"),
    valuesWrap: $(".borsen-panel-values"),
    valuesWhat: $(".borsen-values-what"),
    values: $(".borsen-values"),
    choice: $(".borsen-panel-choice"),
    choiceAction: $(".borsen-choice-action"),
    choiceHow: $(".borsen-choice-how"),
    choiceText: $(".borsen-choice-text"),
    outcomesWrap: $(".borsen-panel-outcomes"),
    outcomes: $(".borsen-outcomes"),
    reason: $(".borsen-panel-reason"),
    live: $(".borsen-panel-live"),
  };
  ui.title.id = `${uid}-panel-title`;
  section.setAttribute("aria-labelledby", ui.title.id);
  let data = null;
  let announced = "";

  const show = (node, on) => {
    if (node.hidden === on) node.hidden = !on;
  };

  function drawP(d) {
    const p = d.p_accept;
    show(ui.p, Boolean(p) || d.hidden);
    if (!p) {
      ui.pBig.innerHTML = d.hidden ? `<span class="borsen-p-unknown">?</span>` : "";
      const top = d.pile_top ? `the top card is ${cardLabel(d.pile_top)}` : "the pile is empty";
      ui.pSentence.textContent = d.hidden
        ? `Count the cards below: ${top}, and ${d.deck_size} cards are left.`
        : "";
      return;
    }
    const reduced = p.fraction !== p.counted;
    ui.pBig.innerHTML =
      `<span class="borsen-p-counted">${p.counted}</span>` +
      (reduced ? ` = <span class="borsen-p-fraction">${fractionText(p.fraction)}</span>` : "") +
      ` <span class="borsen-sign">${approxSign(p.fraction)}</span> ` +
      `<span class="borsen-p-decimal">${decimalText(p.fraction)}</span>`;
    ui.pBig.setAttribute("data-fraction", p.fraction);
    ui.pSentence.textContent = p.sentence.charAt(0).toUpperCase() + p.sentence.slice(1) + ".";
  }

  function drawChart(d) {
    const bars = chartBars(d.deck_left);
    const total = bars.reduce((s, b) => s + b.count, 0);
    show(ui.chartWrap, total > 0);
    if (!total) return;
    ui.chartTitle.textContent = `Cards left in the deck by rank (${total})`;
    ui.chart.setAttribute("aria-label", chartText(bars));
    ui.chart.style.setProperty("--bars", String(bars.length));
    ui.chart.innerHTML = bars
      .map((b) => {
        const mark = b.status === "accepted" || b.status === "partial" ? "✓" : "";
        const title = b.status === "partial" ? `${b.accepted} of ${b.count}` : "";
        return (
          `<div class="borsen-bar is-${b.status}" data-rank="${b.label}" ` +
          `data-count="${b.count}" data-accepted="${b.accepted ?? ""}"` +
          `${title ? ` title="${title}"` : ""}>` +
          `<span class="borsen-bar-box"><span class="borsen-bar-fill" ` +
          `style="height:${b.height.toFixed(2)}%">` +
          `<span class="borsen-bar-count">${b.count}</span><span class="borsen-bar-yes" ` +
          `style="height:${b.height ? ((100 * b.acceptedHeight) / b.height).toFixed(2) : 0}%">` +
          `</span></span></span>` +
          `<span class="borsen-bar-rank">${b.label}</span>` +
          `<span class="borsen-bar-mark">${mark}</span></div>`
        );
      })
      .join("");
    const known = !bars.some((b) => b.status === "unknown");
    ui.legend.innerHTML = known
      ? `<span class="borsen-key is-accepted"></span> ✓ accepted` +
        `<span class="borsen-key is-refused"></span> not accepted`
      : "Which ranks are accepted? The answer is hidden until Reveal.";
  }

  function drawValues(d) {
    const one = d.one_step;
    show(ui.valuesWrap, Boolean(one));
    if (!one) return;
    const num = (f) => numberHTML(f, { unit: unitWord(f, d.objective) });
    ui.valuesWhat.textContent = `On average: ${d.objective_text}.`;
    const rows = [];
    const row = (key, label, note, value) =>
      rows.push(
        `<div class="borsen-value-row" data-value="${key}"><div class="borsen-value-label">` +
          `${label}${note ? `<small>${note}</small>` : ""}</div>` +
          `<div class="borsen-value">${value}</div></div>`,
      );
    row(
      "bank",
      "Bank now",
      "",
      one.bank ? num(one.bank.fraction) : `<span class="borsen-unit">not allowed</span>`,
    );
    row(
      "one",
      "Draw once, then bank",
      "the one-draw look-ahead: exact, but it never draws a second time",
      num(one.draw.fraction),
    );
    const best = d.best || {};
    const advice = best.advice;
    let bestValue;
    if (advice && advice.values.draw) {
      bestValue = num(advice.values.draw.fraction);
    } else {
      const cls = best.state === "working" ? " is-working" : "";
      const bounds = provenBounds(d.certified, one);
      const proven = [];
      if (bounds.lower) proven.push(`at least ${num(bounds.lower)}`);
      if (bounds.upper) proven.push(`at most ${num(bounds.upper)}`);
      bestValue =
        (proven.length
          ? `<span class="borsen-best-bounds">Proven: ${proven.join(", ")}.</span> `
          : "") +
        `<span class="borsen-best-status${cls}">${escapeHTML(bestStatus(best))}</span>`;
    }
    row(
      "best",
      "Draw, then stop at the best moment",
      "the exact best stopping rule, over every card that can come",
      bestValue,
    );
    ui.values.innerHTML = rows.join("");
  }

  function drawChoice(d) {
    const c = d.choice;
    show(ui.choice, Boolean(c));
    if (!c) return;
    ui.choice.dataset.action = c.action || "";
    ui.choiceAction.textContent = c.action ? c.action.toUpperCase() : "not known yet";
    ui.choiceHow.textContent = c.how ? `(${choiceHow(c)})` : "";
    ui.choice.dataset.how = c.how || "";
    const by = c.margin ? absFraction(c.margin.fraction) : "0";
    const margin = by !== "0/1" && by !== "0"
      ? ` <span class="borsen-margin">Better by ${c.at_least ? "at least " : ""}` +
        `${numberHTML(by, { unit: unitWord(by, d.objective) })}</span>`
      : "";
    ui.choiceText.innerHTML = escapeHTML(c.text || "") + margin;
  }

  function drawOutcomes(d) {
    const list = d.outcomes;
    show(ui.outcomesWrap, Boolean(list && list.length));
    if (!list) return;
    ui.outcomes.innerHTML = list
      .map(
        (o) =>
          `<li class="${o.accepted ? "is-accepted" : "is-refused"}">` +
          `<span class="borsen-outcome-p">` +
          `${numberHTML(o.probability.fraction, { fractionFirst: true })}</span>` +
          `<span class="borsen-outcome-text">${escapeHTML(o.sentence)}</span></li>`,
      )
      .join("");
  }

  function drawGuess(d) {
    const g = d.guess || { on: false, revealed: false, votes: {} };
    ui.guess.setAttribute("aria-pressed", String(Boolean(g.on)));
    ui.guess.classList.toggle("is-on", Boolean(g.on));
    const asking = Boolean(d.hidden);
    show(ui.vote, asking);
    show(ui.voteBank, d.kind === "choice");
    // Until Reveal Python sends how many voted, not how (votes is null): nobody follows the
    // crowd. The buttons then carry no count.
    const split = g.votes || null;
    for (const [button, choice] of [[ui.voteDraw, "draw"], [ui.voteBank, "bank"]]) {
      const n = split ? (split[choice] ?? 0) : null;
      const counter = button.querySelector(".borsen-vote-count");
      counter.textContent = n === null ? "" : String(n);
      counter.hidden = n === null;
      button.setAttribute(
        "aria-label",
        n === null ? `A vote for ${choice}` : `A vote for ${choice}: ${n} so far`,
      );
    }
    ui.guess.setAttribute(
      "aria-label",
      g.on ? "Guess first is on: the answers wait for Reveal" : "Guess first: hide the answers",
    );
    const voters = g.voters ?? (split ? (split.draw ?? 0) + (split.bank ?? 0) : 0);
    if (g.on && asking) {
      show(ui.votes, true);
      ui.votes.textContent = voters === 1 ? "1 vote so far" : `${voters} votes so far`;
    } else {
      const total = split ? (split.draw ?? 0) + (split.bank ?? 0) : 0;
      show(ui.votes, Boolean(g.on && total > 0));
      ui.votes.textContent = g.on && total ? `The class voted: ${votesText(split)}` : "";
    }
  }

  function update(next) {
    data = next && next.kind ? next : null;
    show(section, Boolean(data));
    if (!data) return;
    const d = data;
    section.dataset.kind = d.kind;
    section.dataset.decision = String(d.decision);
    section.dataset.hidden = String(Boolean(d.hidden));
    section.dataset.best = (d.best && d.best.state) || "";
    ui.question.textContent = d.question || "";
    drawGuess(d);
    drawP(d);
    drawChart(d);
    drawValues(d);
    drawChoice(d);
    drawOutcomes(d);
    show(ui.reason, Boolean(d.reason) && d.kind !== "choice" && d.kind !== "forced");
    ui.reason.textContent = d.reason || "";
    const say = d.p_accept
      ? `Chance the next card is accepted: ${d.p_accept.counted}, about ` +
        `${decimalText(d.p_accept.fraction)}.`
      : d.question || "";
    if (say !== announced) {
      ui.live.textContent = say;
      announced = say;
    }
  }

  function onClick(event) {
    const button = /** @type {HTMLElement} */ (event.target).closest("button[data-panel]");
    if (!button || !section.contains(button) || button.disabled) return;
    const intent = button.dataset.panel;
    if (intent === "vote") send("vote", { choice: button.dataset.choice });
    else send(intent);
  }

  section.addEventListener("click", onClick);
  return {
    section,
    update,
    get data() {
      return data;
    },
    destroy() {
      section.removeEventListener("click", onClick);
      section.remove();
    },
  };
}
