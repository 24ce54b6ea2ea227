// The teacher's panel: the DOM part, shared by the game widget (beside the table) and by
// ProbabilityPanel (a widget of its own, for a projector). It only draws the figures Python
// sends (exact, from public information; Python's sentences already in the language spoken)
// and turns clicks into requests; the pure parts (fractions, decimals, the chart's geometry
// and words) live in panel-helpers.js. Every word here is a catalogue message: `words()` gives
// the translator of the language spoken, read again at each render.
//
// Two audiences: the class reads the screen (plain words: "the best way to play the rest of
// the turn", "still counting…", fractions of a few digits, else the decimal), the teacher opens
// the details ("For the teacher") for the methods' names and every exact value.

import { cardLabel, escapeHTML } from "./helpers.js";
import { translator } from "./i18n.js";
import {
  approxSign,
  bestStatus,
  chartBars,
  chartText,
  choiceHow,
  choiceMethod,
  decimalText,
  fractionText,
  isReadableFraction,
  provenBounds,
  unitWord,
  votesText,
} from "./panel-helpers.js";

const ENGLISH = translator(null);

const TEMPLATE = `
<div class="borsen-panel-head">
  <h3 class="borsen-panel-title"></h3>
  <button type="button" class="borsen-btn borsen-quiet borsen-panel-guess" data-panel="guess"
    aria-pressed="false"></button>
</div>
<p class="borsen-panel-question"></p>
<div class="borsen-panel-vote" role="group" hidden>
  <span class="borsen-panel-vote-label"></span>
  <button type="button" class="borsen-btn borsen-vote" data-panel="vote" data-choice="draw"><span
    class="borsen-vote-word"></span>
    <span class="borsen-vote-count" data-count="draw">0</span></button>
  <button type="button" class="borsen-btn borsen-vote" data-panel="vote" data-choice="bank"><span
    class="borsen-vote-word"></span>
    <span class="borsen-vote-count" data-count="bank">0</span></button>
  <button type="button" class="borsen-btn borsen-primary borsen-reveal" data-panel="reveal"
    aria-keyshortcuts="R"><span class="borsen-reveal-word"></span><kbd data-key="R" aria-hidden="true"></kbd></button>
</div>
<div class="borsen-panel-votes" hidden></div>
<div class="borsen-panel-cols">
<div class="borsen-panel-col">
<div class="borsen-panel-p" hidden>
  <div class="borsen-panel-label" data-word="p"></div>
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
  <div class="borsen-panel-label" data-word="values"></div>
  <div class="borsen-values-what"></div>
  <div class="borsen-values"></div>
</div>
<div class="borsen-panel-choice" hidden>
  <div class="borsen-choice-line"><span class="borsen-panel-label" data-word="choice"></span>
    <span class="borsen-choice-action"></span><span class="borsen-choice-how"></span></div>
  <div class="borsen-choice-text"></div>
</div>
<div class="borsen-panel-winning" hidden>
  <div class="borsen-winning-win"></div>
  <div class="borsen-winning-cards"></div>
  <div class="borsen-winning-text"></div>
</div>
<details class="borsen-panel-outcomes" hidden>
  <summary data-word="outcomes"></summary>
  <ol class="borsen-outcomes"></ol>
</details>
<details class="borsen-panel-detail" hidden>
  <summary data-word="detail"></summary>
  <div class="borsen-detail-body"></div>
</details>
</div>
</div>
<p class="borsen-panel-reason" hidden></p>
<div class="borsen-panel-live" aria-live="polite"></div>
`;

/**
 * A number for the panel: a whole number as it is; a fraction a class can read (at most 3
 * digits above and below the line) as its decimal with the exact fraction beside it ("1,667
 * cards ≈ 5/3"); a longer one as its decimal only ("≈ 1,349 cards"), the exact fraction one
 * click away for the teacher (the panel's details, and the title). ``data-fraction`` always
 * holds the exact value. ``fractionFirst``: "1/6 ≈ 0,167", for probabilities.
 * @param {string} fraction
 * @param {{unit?: string, fractionFirst?: boolean}} [opts]
 * @param {object} [words] the translator of the language spoken
 */
export function numberHTML(fraction, opts = {}, words = ENGLISH) {
  const text = fractionText(fraction);
  const shown = fractionText(fraction, words);
  const integer = !text.includes("/");
  const unit = opts.unit ? ` <span class="borsen-unit">${escapeHTML(opts.unit)}</span>` : "";
  const attr = `class="borsen-num" data-fraction="${escapeHTML(text)}"`;
  if (integer) return `<span ${attr}><span class="borsen-dec">${shown}</span>${unit}</span>`;
  const dec = `<span class="borsen-dec">${decimalText(fraction, 3, words)}</span>`;
  const sign = `<span class="borsen-sign">${approxSign(fraction)}</span>`;
  if (!isReadableFraction(fraction)) {
    const title = escapeHTML(words.t("Exact value: {fraction}", { fraction: shown }));
    return `<span ${attr} title="${title}"><span class="borsen-sign">≈</span> ${dec}${unit}` +
      `</span>`;
  }
  const frac = `<span class="borsen-frac">${shown}</span>`;
  if (opts.fractionFirst) return `<span ${attr}>${frac} ${sign} ${dec}${unit}</span>`;
  return `<span ${attr}>${dec}${unit} <span class="borsen-exact">${sign} ${frac}</span></span>`;
}

/** "-3/4" → "3/4" (a margin is told as a positive amount). */
function absFraction(text) {
  return String(text).replace(/^-/, "");
}

/**
 * Build the panel inside ``host`` and return ``update(data)`` and ``destroy()``.
 * ``words()``: the translator of the language spoken now (read at each render; call
 * ``update`` again when the language changes).
 * @param {HTMLElement} host
 * @param {{send: (intent: string, extra?: object) => void, uid: string, words?: () => object}} opts
 */
export function mountPanel(host, { send, uid, words = () => ENGLISH }) {
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
    voteLabel: $(".borsen-panel-vote-label"),
    voteDraw: $('[data-choice="draw"]'),
    voteBank: $('[data-choice="bank"]'),
    reveal: $(".borsen-reveal"),
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
    winning: $(".borsen-panel-winning"),
    winningWin: $(".borsen-winning-win"),
    winningCards: $(".borsen-winning-cards"),
    winningText: $(".borsen-winning-text"),
    outcomesWrap: $(".borsen-panel-outcomes"),
    outcomes: $(".borsen-outcomes"),
    detail: $(".borsen-panel-detail"),
    detailBody: $(".borsen-detail-body"),
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
  const word = (key) => section.querySelector(`[data-word="${key}"]`);

  /** The panel's fixed words, in the language spoken. */
  function drawWords(w) {
    ui.title.textContent = w.t("Probabilities");
    ui.guess.textContent = w.t("Guess first");
    ui.voteLabel.textContent = w.t("Class vote:");
    ui.voteDraw.querySelector(".borsen-vote-word").textContent = w.t("Draw");
    ui.voteBank.querySelector(".borsen-vote-word").textContent = w.t("Bank");
    ui.reveal.querySelector(".borsen-reveal-word").textContent = w.t("Reveal");
    ui.reveal.setAttribute("aria-label", w.t("Reveal the answers (key {key})", { key: "R" }));
    word("p").textContent = w.t("Chance the next card is accepted");
    word("values").textContent = w.t("What each choice is worth");
    word("outcomes").textContent = w.t("Every card the next draw can be");
    word("detail").textContent = w.t("For the teacher: methods and exact values");
  }

  function drawP(d, w) {
    const p = d.p_accept;
    show(ui.p, Boolean(p) || d.hidden);
    ui.pBig.removeAttribute("title");
    if (!p) {
      ui.pBig.innerHTML = d.hidden ? `<span class="borsen-p-unknown">?</span>` : "";
      ui.pBig.removeAttribute("data-fraction");
      let text = "";
      if (d.hidden && d.pile_top) {
        text = w.tn(
          "Count the cards below: the top card is {card}, and {count} card is left.",
          "Count the cards below: the top card is {card}, and {count} cards are left.",
          d.deck_size,
          { card: cardLabel(d.pile_top), count: d.deck_size },
        );
      } else if (d.hidden) {
        text = w.tn(
          "Count the cards below: the pile is empty, and {count} card is left.",
          "Count the cards below: the pile is empty, and {count} cards are left.",
          d.deck_size,
          { count: d.deck_size },
        );
      }
      ui.pSentence.textContent = text;
      return;
    }
    const reduced = p.fraction !== p.counted;
    const readable = isReadableFraction(p.fraction);
    ui.pBig.innerHTML =
      `<span class="borsen-p-counted">${escapeHTML(p.counted)}</span>` +
      (reduced && readable
        ? ` = <span class="borsen-p-fraction">${fractionText(p.fraction, w)}</span>`
        : "") +
      ` <span class="borsen-sign">${approxSign(p.fraction)}</span> ` +
      `<span class="borsen-p-decimal">${decimalText(p.fraction, 3, w)}</span>` +
      ` <span class="borsen-p-percent">(${w.percent(p.decimal)})</span>`;
    ui.pBig.setAttribute("data-fraction", p.fraction);
    ui.pSentence.textContent = p.sentence.charAt(0).toUpperCase() + p.sentence.slice(1) + ".";
  }

  function drawChart(d, w) {
    const bars = chartBars(d.deck_left);
    const total = bars.reduce((s, b) => s + b.count, 0);
    show(ui.chartWrap, total > 0);
    if (!total) return;
    ui.chartTitle.textContent = w.tn(
      "Cards left in the deck by rank ({count})",
      "Cards left in the deck by rank ({count})",
      total,
      { count: total },
    );
    ui.chart.setAttribute("aria-label", chartText(bars, w));
    ui.chart.style.setProperty("--bars", String(bars.length));
    ui.chart.innerHTML = bars
      .map((b) => {
        const mark = b.status === "accepted" || b.status === "partial" ? "✓" : "";
        const title = b.status === "partial"
          ? escapeHTML(w.t("{accepted} of {count} accepted", { accepted: b.accepted, count: b.count }))
          : "";
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
    const yes = escapeHTML(w.t("accepted"));
    const no = escapeHTML(w.t("not accepted"));
    ui.legend.innerHTML = known
      ? `<span class="borsen-key is-accepted"></span> ✓ ${yes}` +
        `<span class="borsen-key is-refused"></span> ${no}`
      : escapeHTML(w.t("Which ranks are accepted? The answer is hidden until Reveal."));
  }

  function drawValues(d, w) {
    const one = d.one_step;
    show(ui.valuesWrap, Boolean(one));
    if (!one) return;
    const num = (f) => numberHTML(f, { unit: unitWord(f, d.objective, w) }, w);
    ui.valuesWhat.textContent = d.objective_text || "";
    const rows = [];
    const row = (key, label, note, value) =>
      rows.push(
        `<div class="borsen-value-row" data-value="${key}"><div class="borsen-value-label">` +
          `${escapeHTML(label)}${note ? `<small>${escapeHTML(note)}</small>` : ""}</div>` +
          `<div class="borsen-value">${value}</div></div>`,
      );
    const notAllowed = escapeHTML(w.t("not allowed"));
    row(
      "bank",
      w.t("Bank now"),
      "",
      one.bank ? num(one.bank.fraction) : `<span class="borsen-unit">${notAllowed}</span>`,
    );
    row(
      "one",
      w.t("Draw once, then bank"),
      w.t("exact, but it never draws a second time"),
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
      let proven = "";
      if (bounds.lower && bounds.upper) {
        proven = w.t("Proven: at least {low}, at most {high}.", {
          low: num(bounds.lower),
          high: num(bounds.upper),
        });
      } else if (bounds.lower) {
        proven = w.t("Proven: at least {low}.", { low: num(bounds.lower) });
      } else if (bounds.upper) {
        proven = w.t("Proven: at most {high}.", { high: num(bounds.upper) });
      }
      bestValue =
        (proven ? `<span class="borsen-best-bounds">${proven}</span> ` : "") +
        `<span class="borsen-best-status${cls}">${escapeHTML(bestStatus(best, w))}</span>`;
    }
    row(
      "best",
      w.t("Draw, then stop at the best moment"),
      w.t("the best way to play the rest of the turn, over every card that can come"),
      bestValue,
    );
    ui.values.innerHTML = rows.join("");
  }

  function drawChoice(d, w) {
    const c = d.choice;
    // Named by its goal: beside the best chance to win the game (drawWinning) a
    // plain "best choice" read as a second answer to the same question.
    word("choice").textContent = d.objective === "lead"
      // TRANSLATORS: the label before the move that gives the most cards of lead ("… BANK").
      ? w.t("Most cards of lead this turn")
      // TRANSLATORS: the label before the move that banks the most cards ("… BANK").
      : w.t("Most cards this turn");
    show(ui.choice, Boolean(c));
    if (!c) return;
    ui.choice.dataset.action = c.action || "";
    let action = w.t("not known yet");
    if (c.action === "draw") action = w.t("DRAW");
    else if (c.action === "bank") action = w.t("BANK");
    ui.choiceAction.textContent = action;
    ui.choiceHow.textContent = c.how ? `(${choiceHow(c, w)})` : "";
    ui.choice.dataset.how = c.how || "";
    const by = c.margin ? absFraction(c.margin.fraction) : "0";
    let margin = "";
    if (by !== "0/1" && by !== "0") {
      const amount = numberHTML(by, { unit: unitWord(by, d.objective, w) }, w);
      const better = c.at_least
        ? w.t("Better by at least {amount}", { amount })
        : w.t("Better by {amount}", { amount });
      margin = ` <span class="borsen-margin">${better}</span>`;
    }
    ui.choiceText.innerHTML = escapeHTML(c.text || "") + margin;
  }

  // The winning move (R15) beside the move with the most cards, only where they differ; the
  // sentences come from Python, already in the panel's language.
  function drawWinning(d) {
    const v = d.winning;
    const shown = Boolean(v && v.differ);
    show(ui.winning, shown);
    ui.winning.dataset.win = shown ? v.win : "";
    ui.winningWin.textContent = shown ? v.win_text : "";
    ui.winningCards.textContent = shown ? v.cards_text : "";
    ui.winningText.textContent = shown ? v.text : "";
  }

  function drawOutcomes(d, w) {
    const list = d.outcomes;
    show(ui.outcomesWrap, Boolean(list && list.length));
    if (!list) return;
    ui.outcomes.innerHTML = list
      .map(
        (o) =>
          `<li class="${o.accepted ? "is-accepted" : "is-refused"}">` +
          `<span class="borsen-outcome-p">` +
          `${numberHTML(o.probability.fraction, { fractionFirst: true }, w)}</span>` +
          `<span class="borsen-outcome-text">${escapeHTML(o.sentence)}</span></li>`,
      )
      .join("");
  }

  /** The teacher's details: the methods by their names, and every exact value shown. */
  function drawDetail(d, w) {
    const lines = [];
    const exact = [];
    const add = (label, f) => {
      if (!f) return;
      // TRANSLATORS: a value and its exact fraction in the teacher's details ("Bank now: 2").
      const line = escapeHTML(w.t("{label}: {fraction}", { label, fraction: fractionText(f, w) }));
      exact.push(`<li data-exact="${escapeHTML(label)}">${line}</li>`);
    };
    const c = d.choice;
    const method = c ? `<p>${escapeHTML(choiceMethod(c, w))}</p>` : "";
    const best = d.best || {};
    const said = best.detail ? `<p class="borsen-detail-python">${escapeHTML(best.detail)}</p>` : "";
    if (d.one_step) {
      lines.push(w.t("“Draw once, then bank” is the one-draw look-ahead: exact, but it never " +
        "draws a second time, so it is a lower bound on the value of drawing."));
      lines.push(w.t("“Draw, then stop at the best moment” is the exact best stopping rule: " +
        "the value of drawing with the best play afterwards, over every card that can come."));
    }
    if (d.p_accept) add(w.t("Chance the next card is accepted"), d.p_accept.fraction);
    if (d.one_step) {
      if (d.one_step.bank) add(w.t("Bank now"), d.one_step.bank.fraction);
      add(w.t("Draw once, then bank"), d.one_step.draw.fraction);
    }
    const advice = best.advice;
    if (advice && advice.values && advice.values.draw) {
      add(w.t("Draw, then stop at the best moment"), advice.values.draw.fraction);
    } else if (d.certified) {
      if (d.certified.lower) add(w.t("Drawing is worth at least"), d.certified.lower.fraction);
      if (d.certified.upper) add(w.t("Drawing is worth at most"), d.certified.upper.fraction);
    }
    if (c && c.margin) add(w.t("Better by"), absFraction(c.margin.fraction));
    const any = method || said || lines.length || exact.length;
    show(ui.detail, Boolean(any));
    if (!any) return;
    ui.detailBody.innerHTML =
      method + said + lines.map((line) => `<p>${escapeHTML(line)}</p>`).join("") +
      (exact.length ? `<ul class="borsen-exact-values">${exact.join("")}</ul>` : "");
  }

  function drawGuess(d, w) {
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
      let label;
      if (choice === "draw") {
        label = n === null
          ? w.t("A vote for draw")
          : w.tn("A vote for draw: {count} so far", "A vote for draw: {count} so far", n, { count: n });
      } else {
        label = n === null
          ? w.t("A vote for bank")
          : w.tn("A vote for bank: {count} so far", "A vote for bank: {count} so far", n, { count: n });
      }
      button.setAttribute("aria-label", label);
    }
    ui.guess.setAttribute(
      "aria-label",
      g.on
        ? w.t("Guess first is on: the answers wait for Reveal")
        : w.t("Guess first: hide the answers"),
    );
    const voters = g.voters ?? (split ? (split.draw ?? 0) + (split.bank ?? 0) : 0);
    if (g.on && asking) {
      show(ui.votes, true);
      ui.votes.textContent = w.tn("{count} vote so far", "{count} votes so far", voters, {
        count: voters,
      });
    } else {
      const total = split ? (split.draw ?? 0) + (split.bank ?? 0) : 0;
      show(ui.votes, Boolean(g.on && total > 0));
      ui.votes.textContent = g.on && total
        ? w.t("The class voted: {votes}", { votes: votesText(split, w) })
        : "";
    }
  }

  function update(next) {
    data = next && next.kind ? next : null;
    const w = words() || ENGLISH;
    drawWords(w);
    show(section, Boolean(data));
    if (!data) return;
    const d = data;
    section.dataset.kind = d.kind;
    section.dataset.decision = String(d.decision);
    section.dataset.hidden = String(Boolean(d.hidden));
    section.dataset.best = (d.best && d.best.state) || "";
    section.lang = w.language;
    ui.question.textContent = d.question || "";
    drawGuess(d, w);
    drawP(d, w);
    drawChart(d, w);
    drawValues(d, w);
    drawChoice(d, w);
    drawWinning(d);
    drawOutcomes(d, w);
    drawDetail(d, w);
    show(ui.reason, Boolean(d.reason) && d.kind !== "choice" && d.kind !== "forced");
    ui.reason.textContent = d.reason || "";
    const say = d.p_accept
      ? w.t("Chance the next card is accepted: {counted}, about {decimal}.", {
        counted: d.p_accept.counted,
        decimal: decimalText(d.p_accept.fraction, 3, w),
      })
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
