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
var SUITS = {
  S: { symbol: "♠", red: false },
  H: { symbol: "♥", red: true },
  C: { symbol: "♣", red: false },
  D: { symbol: "♦", red: true }
};
var RANK_TEXT = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
var RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
function rankWord(rank, w = ENGLISH) {
  if (rank === "J") return w.tp("rank", "jack");
  if (rank === "Q") return w.tp("rank", "queen");
  if (rank === "K") return w.tp("rank", "king");
  if (rank === "A") return w.tp("rank", "ace");
  return rank;
}
function suitWord(suit, w = ENGLISH) {
  if (suit === "S") return w.tp("suit", "spades");
  if (suit === "H") return w.tp("suit", "hearts");
  if (suit === "C") return w.tp("suit", "clubs");
  return w.tp("suit", "diamonds");
}
function parseCard(code, w = ENGLISH) {
  const text = String(code);
  const suitKey = text.slice(-1).toUpperCase();
  const rankKey = text.slice(0, -1).toUpperCase();
  const suit = SUITS[suitKey];
  const rank = RANK_TEXT[rankKey] ?? rankKey;
  if (!suit || !RANKS.includes(rank)) {
    throw new Error(`not a card: ${JSON.stringify(code)}`);
  }
  const name = w.tp("card name", "{rank} of {suit}", {
    rank: rankWord(rank, w),
    suit: suitWord(suitKey, w)
  });
  return {
    code: text,
    rank,
    suit: suitKey,
    symbol: suit.symbol,
    red: suit.red,
    isAce: rank === "A",
    isFace: rank === "J" || rank === "Q" || rank === "K",
    name,
    label: rank + suit.symbol
  };
}
function cardLabel(code) {
  return parseCard(code).label;
}
function escapeHTML(value) {
  return String(value).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}
function requestIds(prefix) {
  let n = 0;
  return {
    next() {
      n += 1;
      return `${prefix}-${n}`;
    }
  };
}
function isMine(notice, prefix) {
  const request = notice ? notice.request : null;
  if (request === null || request === void 0) return true;
  return String(request).startsWith(`${prefix}-`);
}

// src/panel-helpers.js
var ENGLISH2 = translator(null);
var RANKS2 = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
function symbols(words) {
  const w = words || ENGLISH2;
  const half = w.number(1.5, 1, 1);
  const minus = w.number(-1);
  return { decimal: half.charAt(1), minus: minus.slice(0, minus.length - 1) };
}
function parseFraction(text) {
  const m = /^\s*(-?\d+)\s*(?:\/\s*(\d+))?\s*$/.exec(String(text));
  if (!m || m[2] === "0" || /^0+$/.test(m[2] ?? "1")) {
    throw new Error(`not a fraction: ${JSON.stringify(text)}`);
  }
  return { num: BigInt(m[1]), den: BigInt(m[2] ?? "1") };
}
function fractionText(text, words) {
  const { num, den } = parseFraction(text);
  const body = den === 1n ? String(num) : `${num}/${den}`;
  return words ? body.replace(/^-/, symbols(words).minus) : body;
}
function decimalText(text, places = 3, words) {
  if (typeof places === "object" && places !== null) [places, words] = [3, places];
  const { num, den } = parseFraction(text);
  const negative = num < 0n;
  const scale = 10n ** BigInt(places);
  const abs = negative ? -num : num;
  const scaled = (2n * abs * scale + den) / (2n * den);
  const whole = scaled / scale;
  const frac = (scaled % scale).toString().padStart(places, "0");
  const sign = words ? symbols(words) : { decimal: ".", minus: "-" };
  const body = places ? `${whole}${sign.decimal}${frac}` : `${whole}`;
  return negative && scaled !== 0n ? `${sign.minus}${body}` : body;
}
function isExactDecimal(text, places = 3) {
  const { num, den } = parseFraction(text);
  return num * 10n ** BigInt(places) % den === 0n;
}
function approxSign(text, places = 3, _words) {
  if (typeof places !== "number") places = 3;
  return isExactDecimal(text, places) ? "=" : "≈";
}
function isReadableFraction(text, digits = 3) {
  const { num, den } = parseFraction(text);
  const abs = num < 0n ? -num : num;
  return String(abs).length <= digits && String(den).length <= digits;
}
function chartBars(deck) {
  const byLabel = new Map(RANKS2.map((label) => [label, { label, count: 0, accepted: 0 }]));
  let known = true;
  for (const entry of deck || []) {
    const label = /^A[SHCD]?$/.test(entry.label) ? "A" : entry.label;
    let bar = byLabel.get(label);
    if (!bar) {
      bar = { label, count: 0, accepted: 0 };
      byLabel.set(label, bar);
    }
    bar.count += entry.count;
    if (entry.accepted === null || entry.accepted === void 0) known = false;
    else bar.accepted += entry.accepted;
  }
  const bars = [...byLabel.values()];
  const most = Math.max(4, ...bars.map((b) => b.count));
  return bars.map((b) => {
    let status = "unknown";
    if (!b.count) status = "empty";
    else if (known) {
      status = b.accepted === b.count ? "accepted" : b.accepted ? "partial" : "refused";
    }
    const accepted = known ? b.accepted : null;
    return {
      ...b,
      accepted,
      status,
      height: 100 * b.count / most,
      acceptedHeight: known ? 100 * b.accepted / most : 0
    };
  });
}
function rankCount(n, rank, words) {
  const w = words || ENGLISH2;
  const v = { count: n };
  switch (rank) {
    case "2":
      return w.tnp("rank", "{count} two", "{count} twos", n, v);
    case "3":
      return w.tnp("rank", "{count} three", "{count} threes", n, v);
    case "4":
      return w.tnp("rank", "{count} four", "{count} fours", n, v);
    case "5":
      return w.tnp("rank", "{count} five", "{count} fives", n, v);
    case "6":
      return w.tnp("rank", "{count} six", "{count} sixes", n, v);
    case "7":
      return w.tnp("rank", "{count} seven", "{count} sevens", n, v);
    case "8":
      return w.tnp("rank", "{count} eight", "{count} eights", n, v);
    case "9":
      return w.tnp("rank", "{count} nine", "{count} nines", n, v);
    case "10":
      return w.tnp("rank", "{count} ten", "{count} tens", n, v);
    case "J":
      return w.tnp("rank", "{count} jack", "{count} jacks", n, v);
    case "Q":
      return w.tnp("rank", "{count} queen", "{count} queens", n, v);
    case "K":
      return w.tnp("rank", "{count} king", "{count} kings", n, v);
    case "A":
      return w.tnp("rank", "{count} ace", "{count} aces", n, v);
    default:
      return `${n} × ${rank}`;
  }
}
function chartText(bars, words) {
  const w = words || ENGLISH2;
  const total = bars.reduce((s, b) => s + b.count, 0);
  if (!total) return w.t("The deck is empty.");
  const parts = bars.filter((b) => b.count).map((b) => {
    const what = rankCount(b.count, b.label, w);
    if (b.status === "unknown") return what;
    if (b.status === "partial") {
      return w.tn(
        "{cards}, {accepted} of them accepted",
        "{cards}, {accepted} of them accepted",
        b.accepted,
        { cards: what, accepted: b.accepted }
      );
    }
    if (b.status === "accepted") return w.t("{cards}, accepted", { cards: what });
    return w.t("{cards}, not accepted", { cards: what });
  });
  const list = parts.join("; ");
  if (bars.every((b) => b.accepted !== null)) {
    const accepted = bars.reduce((s, b) => s + b.accepted, 0);
    return w.tn(
      "Cards left in the deck, {total} in all: {ranks}. {accepted} of the {total} would be accepted.",
      "Cards left in the deck, {total} in all: {ranks}. {accepted} of the {total} would be accepted.",
      total,
      { total, ranks: list, accepted }
    );
  }
  return w.tn(
    "Cards left in the deck, {total} in all: {ranks}.",
    "Cards left in the deck, {total} in all: {ranks}.",
    total,
    { total, ranks: list }
  );
}
function unitWord(value, objective, words) {
  const w = words || ENGLISH2;
  const { num, den } = parseFraction(value);
  const n = num === den ? 1 : 2;
  if (objective === "lead") return w.tnp("unit", "card of lead", "cards of lead", n);
  return w.tnp("unit", "card", "cards", n);
}
function votesText(votes, words) {
  const w = words || ENGLISH2;
  const v = votes || {};
  return w.t("Draw {draw} · Bank {bank}", { draw: v.draw ?? 0, bank: v.bank ?? 0 });
}
function bestStatus(best, words) {
  if (!best) return "";
  if (best.text) return best.text;
  if (best.state === "working") return (words || ENGLISH2).t("Still counting…");
  return "";
}
function choiceHow(choice, words) {
  if (!choice || !choice.how) return "";
  const w = words || ENGLISH2;
  if (choice.how === "exact") return w.t("worked out exactly");
  if (choice.how === "only") return w.t("the only move");
  const n = choice.steps;
  switch (choice.proof) {
    case "one_draw":
      return w.t("proven: drawing just once already pays");
    case "draw_until":
      return w.t("proven: drawing until {count} more cards are accepted already pays", {
        count: n
      });
    case "look_ahead":
      return w.t("proven: drawing at most {count} times already pays", { count: n });
    case "run":
      return w.t("proven: even seeing the deck, drawing gains less");
    case "look_ahead_run":
      return w.tn(
        "proven by looking one card ahead, then seeing the deck",
        "proven by looking {count} cards ahead, then seeing the deck",
        n,
        { count: n }
      );
    default:
      return w.t("proven");
  }
}
function choiceMethod(choice, words) {
  if (!choice) return "";
  const w = words || ENGLISH2;
  if (!choice.how) {
    return w.t("Method: exact bounds on the value of drawing do not decide; the exact best stopping rule (dynamic programming over every card that can come) is needed.");
  }
  if (choice.how === "exact") {
    return w.t("Method: the exact best stopping rule (dynamic programming over every card that can come).");
  }
  if (choice.how === "only") return w.t("Method: the only legal move (R4, R14).");
  const n = choice.steps;
  switch (choice.proof) {
    case "one_draw":
      return w.t("Method: a lower bound, the one-draw look-ahead (draw once, then bank), already reaches the value of banking.");
    case "draw_until":
      return w.t("Method: a lower bound, the policy “draw until {count} more cards are accepted, then bank”, already reaches the value of banking.", { count: n });
    case "look_ahead":
      return w.t("Method: a lower bound, the best play within {count} draws (a look-ahead of depth {count}), already reaches the value of banking.", { count: n });
    case "run":
      return w.t("Method: an upper bound, the clairvoyant run bound (someone who sees the deck's order banks just before the first refused card), is below the value of banking.");
    case "look_ahead_run":
      return w.t("Method: an upper bound, the clairvoyant run bound after a look-ahead of {count} cards followed exactly, is below the value of banking.", { count: n });
    default:
      return w.t("Method: exact bounds.");
  }
}
function provenBounds(certified, oneStep) {
  if (!certified) return { lower: null, upper: null };
  let lower = certified.lower ? certified.lower.fraction : null;
  if (lower && oneStep && oneStep.draw) {
    const a = parseFraction(lower);
    const b = parseFraction(oneStep.draw.fraction);
    if (a.num * b.den <= b.num * a.den) lower = null;
  }
  return { lower, upper: certified.upper ? certified.upper.fraction : null };
}
function panelKey(event, data) {
  if (!data || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return null;
  const key = String(event.key || "").toLowerCase();
  if (key === "r" && data.hidden) return { intent: "reveal" };
  return null;
}

// src/panel.js
var ENGLISH3 = translator(null);
var TEMPLATE = `
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
function numberHTML(fraction, opts = {}, words = ENGLISH3) {
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
    return `<span ${attr} title="${title}"><span class="borsen-sign">≈</span> ${dec}${unit}</span>`;
  }
  const frac = `<span class="borsen-frac">${shown}</span>`;
  if (opts.fractionFirst) return `<span ${attr}>${frac} ${sign} ${dec}${unit}</span>`;
  return `<span ${attr}>${dec}${unit} <span class="borsen-exact">${sign} ${frac}</span></span>`;
}
function absFraction(text) {
  return String(text).replace(/^-/, "");
}
function mountPanel(host, { send, uid, words = () => ENGLISH3 }) {
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
    live: $(".borsen-panel-live")
  };
  ui.title.id = `${uid}-panel-title`;
  section.setAttribute("aria-labelledby", ui.title.id);
  let data = null;
  let announced = "";
  const show = (node, on) => {
    if (node.hidden === on) node.hidden = !on;
  };
  const word = (key) => section.querySelector(`[data-word="${key}"]`);
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
          { card: cardLabel(d.pile_top), count: d.deck_size }
        );
      } else if (d.hidden) {
        text = w.tn(
          "Count the cards below: the pile is empty, and {count} card is left.",
          "Count the cards below: the pile is empty, and {count} cards are left.",
          d.deck_size,
          { count: d.deck_size }
        );
      }
      ui.pSentence.textContent = text;
      return;
    }
    const reduced = p.fraction !== p.counted;
    const readable = isReadableFraction(p.fraction);
    ui.pBig.innerHTML = `<span class="borsen-p-counted">${escapeHTML(p.counted)}</span>` + (reduced && readable ? ` = <span class="borsen-p-fraction">${fractionText(p.fraction, w)}</span>` : "") + ` <span class="borsen-sign">${approxSign(p.fraction)}</span> <span class="borsen-p-decimal">${decimalText(p.fraction, 3, w)}</span> <span class="borsen-p-percent">(${w.percent(p.decimal)})</span>`;
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
      { count: total }
    );
    ui.chart.setAttribute("aria-label", chartText(bars, w));
    ui.chart.style.setProperty("--bars", String(bars.length));
    ui.chart.innerHTML = bars.map((b) => {
      const mark = b.status === "accepted" || b.status === "partial" ? "✓" : "";
      const title = b.status === "partial" ? escapeHTML(w.t("{accepted} of {count} accepted", { accepted: b.accepted, count: b.count })) : "";
      return `<div class="borsen-bar is-${b.status}" data-rank="${b.label}" data-count="${b.count}" data-accepted="${b.accepted ?? ""}"${title ? ` title="${title}"` : ""}><span class="borsen-bar-box"><span class="borsen-bar-fill" style="height:${b.height.toFixed(2)}%"><span class="borsen-bar-count">${b.count}</span><span class="borsen-bar-yes" style="height:${b.height ? (100 * b.acceptedHeight / b.height).toFixed(2) : 0}%"></span></span></span><span class="borsen-bar-rank">${b.label}</span><span class="borsen-bar-mark">${mark}</span></div>`;
    }).join("");
    const known = !bars.some((b) => b.status === "unknown");
    const yes = escapeHTML(w.t("accepted"));
    const no = escapeHTML(w.t("not accepted"));
    ui.legend.innerHTML = known ? `<span class="borsen-key is-accepted"></span> ✓ ${yes}<span class="borsen-key is-refused"></span> ${no}` : escapeHTML(w.t("Which ranks are accepted? The answer is hidden until Reveal."));
  }
  function drawValues(d, w) {
    const one = d.one_step;
    show(ui.valuesWrap, Boolean(one));
    if (!one) return;
    const num = (f) => numberHTML(f, { unit: unitWord(f, d.objective, w) }, w);
    ui.valuesWhat.textContent = d.objective_text || "";
    const rows = [];
    const row = (key, label, note, value) => rows.push(
      `<div class="borsen-value-row" data-value="${key}"><div class="borsen-value-label">${escapeHTML(label)}${note ? `<small>${escapeHTML(note)}</small>` : ""}</div><div class="borsen-value">${value}</div></div>`
    );
    const notAllowed = escapeHTML(w.t("not allowed"));
    row(
      "bank",
      w.t("Bank now"),
      "",
      one.bank ? num(one.bank.fraction) : `<span class="borsen-unit">${notAllowed}</span>`
    );
    row(
      "one",
      w.t("Draw once, then bank"),
      w.t("exact, but it never draws a second time"),
      num(one.draw.fraction)
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
          high: num(bounds.upper)
        });
      } else if (bounds.lower) {
        proven = w.t("Proven: at least {low}.", { low: num(bounds.lower) });
      } else if (bounds.upper) {
        proven = w.t("Proven: at most {high}.", { high: num(bounds.upper) });
      }
      bestValue = (proven ? `<span class="borsen-best-bounds">${proven}</span> ` : "") + `<span class="borsen-best-status${cls}">${escapeHTML(bestStatus(best, w))}</span>`;
    }
    row(
      "best",
      w.t("Draw, then stop at the best moment"),
      w.t("the best way to play the rest of the turn, over every card that can come"),
      bestValue
    );
    ui.values.innerHTML = rows.join("");
  }
  function drawChoice(d, w) {
    const c = d.choice;
    word("choice").textContent = d.objective === "lead" ? w.t("Most cards of lead this turn") : w.t("Most cards this turn");
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
      const better = c.at_least ? w.t("Better by at least {amount}", { amount }) : w.t("Better by {amount}", { amount });
      margin = ` <span class="borsen-margin">${better}</span>`;
    }
    ui.choiceText.innerHTML = escapeHTML(c.text || "") + margin;
  }
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
    ui.outcomes.innerHTML = list.map(
      (o) => `<li class="${o.accepted ? "is-accepted" : "is-refused"}"><span class="borsen-outcome-p">${numberHTML(o.probability.fraction, { fractionFirst: true }, w)}</span><span class="borsen-outcome-text">${escapeHTML(o.sentence)}</span></li>`
    ).join("");
  }
  function drawDetail(d, w) {
    const lines = [];
    const exact = [];
    const add = (label, f) => {
      if (!f) return;
      const line = escapeHTML(w.t("{label}: {fraction}", { label, fraction: fractionText(f, w) }));
      exact.push(`<li data-exact="${escapeHTML(label)}">${line}</li>`);
    };
    const c = d.choice;
    const method = c ? `<p>${escapeHTML(choiceMethod(c, w))}</p>` : "";
    const best = d.best || {};
    const said = best.detail ? `<p class="borsen-detail-python">${escapeHTML(best.detail)}</p>` : "";
    if (d.one_step) {
      lines.push(w.t("“Draw once, then bank” is the one-draw look-ahead: exact, but it never draws a second time, so it is a lower bound on the value of drawing."));
      lines.push(w.t("“Draw, then stop at the best moment” is the exact best stopping rule: the value of drawing with the best play afterwards, over every card that can come."));
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
    ui.detailBody.innerHTML = method + said + lines.map((line) => `<p>${escapeHTML(line)}</p>`).join("") + (exact.length ? `<ul class="borsen-exact-values">${exact.join("")}</ul>` : "");
  }
  function drawGuess(d, w) {
    const g = d.guess || { on: false, revealed: false, votes: {} };
    ui.guess.setAttribute("aria-pressed", String(Boolean(g.on)));
    ui.guess.classList.toggle("is-on", Boolean(g.on));
    const asking = Boolean(d.hidden);
    show(ui.vote, asking);
    show(ui.voteBank, d.kind === "choice");
    const split = g.votes || null;
    for (const [button, choice] of [[ui.voteDraw, "draw"], [ui.voteBank, "bank"]]) {
      const n = split ? split[choice] ?? 0 : null;
      const counter = button.querySelector(".borsen-vote-count");
      counter.textContent = n === null ? "" : String(n);
      counter.hidden = n === null;
      let label;
      if (choice === "draw") {
        label = n === null ? w.t("A vote for draw") : w.tn("A vote for draw: {count} so far", "A vote for draw: {count} so far", n, { count: n });
      } else {
        label = n === null ? w.t("A vote for bank") : w.tn("A vote for bank: {count} so far", "A vote for bank: {count} so far", n, { count: n });
      }
      button.setAttribute("aria-label", label);
    }
    ui.guess.setAttribute(
      "aria-label",
      g.on ? w.t("Guess first is on: the answers wait for Reveal") : w.t("Guess first: hide the answers")
    );
    const voters = g.voters ?? (split ? (split.draw ?? 0) + (split.bank ?? 0) : 0);
    if (g.on && asking) {
      show(ui.votes, true);
      ui.votes.textContent = w.tn("{count} vote so far", "{count} votes so far", voters, {
        count: voters
      });
    } else {
      const total = split ? (split.draw ?? 0) + (split.bank ?? 0) : 0;
      show(ui.votes, Boolean(g.on && total > 0));
      ui.votes.textContent = g.on && total ? w.t("The class voted: {votes}", { votes: votesText(split, w) }) : "";
    }
  }
  function update(next) {
    data = next && next.kind ? next : null;
    const w = words() || ENGLISH3;
    drawWords(w);
    show(section, Boolean(data));
    if (!data) return;
    const d = data;
    section.dataset.kind = d.kind;
    section.dataset.decision = String(d.decision);
    section.dataset.hidden = String(Boolean(d.hidden));
    section.dataset.best = d.best && d.best.state || "";
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
    const say = d.p_accept ? w.t("Chance the next card is accepted: {counted}, about {decimal}.", {
      counted: d.p_accept.counted,
      decimal: decimalText(d.p_accept.fraction, 3, w)
    }) : d.question || "";
    if (say !== announced) {
      ui.live.textContent = say;
      announced = say;
    }
  }
  function onClick(event) {
    const button = (
      /** @type {HTMLElement} */
      event.target.closest("button[data-panel]")
    );
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
    }
  };
}

// src/panel-widget.js
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "borsen borsen-solo";
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.innerHTML = `<div class="borsen-notice" role="alert" hidden><span class="borsen-notice-text"></span><button type="button" class="borsen-notice-close">×</button></div><p class="borsen-panel-off"></p>`;
  el.appendChild(root);
  const uid = `borsen-${Math.random().toString(36).slice(2, 9)}`;
  const notice = root.querySelector(".borsen-notice");
  const noticeText = root.querySelector(".borsen-notice-text");
  const off = root.querySelector(".borsen-panel-off");
  const close = root.querySelector(".borsen-notice-close");
  let words = translator(model.get("speech"));
  let dismissed = -1;
  const ids = requestIds(uid);
  function send(intent, extra = {}) {
    const data = model.get("panel") || {};
    model.send({ intent, version: data.version ?? -1, id: ids.next(), ...extra });
  }
  const panel = mountPanel(root, { send, uid, words: () => words });
  function drawWords() {
    close.setAttribute("aria-label", words.t("Dismiss this notice"));
    off.textContent = words.t(
      "The probabilities will show here when the game has a position to show."
    );
    root.lang = words.language;
  }
  function onSpeech() {
    words = translator(model.get("speech"));
    drawWords();
    draw();
  }
  function draw() {
    const data = model.get("panel") || {};
    const hadFocus = root.contains(document.activeElement);
    panel.update(data);
    const active = document.activeElement;
    if (hadFocus && (!root.contains(active) || active && active.closest("[hidden]"))) {
      root.focus();
    }
    off.hidden = Boolean(data.kind);
    root.dataset.version = String(data.version ?? "");
  }
  function drawNotice() {
    const n = model.get("notice") || {};
    const text = isMine(n, uid) ? n.text || "" : "";
    noticeText.innerHTML = escapeHTML(text);
    notice.dataset.level = n.level || "info";
    notice.hidden = !text || n.id === dismissed;
  }
  function onClick(event) {
    if (event.target.closest(".borsen-notice-close")) {
      dismissed = (model.get("notice") || {}).id;
      notice.hidden = true;
    }
  }
  function onKeydown(event) {
    const hit = panelKey(event, panel.data);
    if (!hit) return;
    event.preventDefault();
    event.stopPropagation();
    send(hit.intent);
  }
  model.on("change:panel", draw);
  model.on("change:notice", drawNotice);
  model.on("change:speech", onSpeech);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeydown);
  drawWords();
  draw();
  drawNotice();
  reportLanguage(model);
  return () => {
    model.off("change:panel", draw);
    model.off("change:notice", drawNotice);
    model.off("change:speech", onSpeech);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKeydown);
    panel.destroy();
    root.remove();
  };
}
var panel_widget_default = { render };
export {
  panel_widget_default as default
};
