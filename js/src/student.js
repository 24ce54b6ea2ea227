// The students' page of a class (w.classroom() in the teacher's notebook): join with a name,
// vote when the teacher asks the class to guess first, take a seat the teacher opened, and
// play it from the phone when it is that seat's turn. The table is drawn by table.js, the very
// code the widget uses; everything comes from Python over one WebSocket, and every click is an
// intent that Python checks (this page may show buttons, but the kernel decides).
//
// Each phone reads its own language: the page tells Python the phone's languages (or the one
// chosen on its switch, kept on the phone) and Python answers with the page's words from the
// catalogues ({type: "speech", speech: {language, texts}}), then writes its notices, the view
// and the end of the class in that language for this page alone.

import { escapeHTML, requestIds, safeStorage } from "./helpers.js";
import { pageLanguages, translator } from "./i18n.js";
import {
  LANGUAGE_CHOICES,
  LANGUAGE_KEY,
  answerChart,
  answerEcho,
  answeredText,
  classText,
  figuresLines,
  freeSeats,
  mineText,
  nameProblem,
  parseAnswer,
  percentText,
  questionText,
  resultText,
  retryDelay,
  scoringText,
  secondsLeft,
  seatLine,
  tableLines,
  sessionKey,
  socketUrl,
  timeWarningText,
  timerText,
  totalText,
  trendChart,
  trendText,
  truthText,
  voteCard,
} from "./student-helpers.js";
import { mountBuilder } from "./student-builder.js";
import { mountTable } from "./table.js";

/** How long a notice shows at least before the game moving on clears it (ms). */
const NOTICE_MS = 4000;
/** Where the phone keeps its choice of what a screen reader reads out. */
const READ_KEY = "borsen-class-read-aloud";
/** A timed question warns this many seconds before it ends (and offers more time). */
const WARN_SECONDS = 20;

// The page's frame; every text in it is written by drawWords() in the page's language.
const TEMPLATE = `
<header class="borsen-class-head">
  <span class="borsen-class-title">Børsen</span>
  <span class="borsen-class-who"></span>
  <span class="borsen-class-link" role="status"></span>
  <div class="borsen-class-langs" role="group">${LANGUAGE_CHOICES.map(
    (l) =>
      `<button type="button" class="borsen-class-lang" data-language="${l.code}" ` +
      `lang="${l.code}" aria-pressed="false">${l.name}</button>`,
  ).join("")}</div>
</header>
<form class="borsen-join" novalidate>
  <h1 class="borsen-join-title"></h1>
  <label class="borsen-join-label" for="borsen-name"></label>
  <input id="borsen-name" class="borsen-join-name" name="name" autocomplete="nickname"
    autocapitalize="words" spellcheck="false" maxlength="24" required
    aria-describedby="borsen-join-problem">
  <button type="submit" class="borsen-btn borsen-primary borsen-join-go"></button>
  <p class="borsen-join-problem" id="borsen-join-problem" role="alert"></p>
  <p class="borsen-join-locked" role="status"></p>
</form>
<div class="borsen-class" hidden>
  <section class="borsen-tables" aria-labelledby="borsen-tables-title" hidden>
    <h2 class="borsen-tables-title" id="borsen-tables-title"></h2>
    <p class="borsen-tables-next" role="status"></p>
  </section>
  <p class="borsen-tables-chance" role="status" hidden></p>
  <section class="borsen-figures" aria-labelledby="borsen-figures-title" hidden>
    <h2 class="borsen-figures-title" id="borsen-figures-title"></h2>
    <ul class="borsen-figures-you"></ul>
    <p class="borsen-figures-class"></p>
    <p class="borsen-figures-note"></p>
  </section>
  <section class="borsen-me">
    <h2 class="borsen-me-title" hidden></h2>
    <p class="borsen-me-line"></p>
    <div class="borsen-me-seats"></div>
  </section>
  <section class="borsen-builder" aria-labelledby="borsen-b-title" data-testid="builder"
    hidden></section>
  <section class="borsen-vote" aria-labelledby="borsen-vote-title" hidden>
    <h2 class="borsen-vote-title" id="borsen-vote-title"></h2>
    <p class="borsen-vote-question"></p>
    <div class="borsen-vote-buttons" role="group">
      <button type="button" class="borsen-btn borsen-vote-choice" data-vote="draw"
        aria-pressed="false"></button>
      <button type="button" class="borsen-btn borsen-vote-choice" data-vote="bank"
        aria-pressed="false"></button>
    </div>
    <p class="borsen-vote-mine" aria-live="polite"></p>
    <ul class="borsen-vote-results"></ul>
  </section>
  <section class="borsen-q" aria-labelledby="borsen-q-title" tabindex="-1" hidden>
    <h2 class="borsen-q-title" id="borsen-q-title"></h2>
    <p class="borsen-q-text"></p>
    <div class="borsen-q-time">
      <p class="borsen-q-timer" role="timer" hidden></p>
      <button type="button" class="borsen-btn borsen-secondary borsen-q-more" data-more="1"
        hidden></button>
    </div>
    <form class="borsen-q-form" novalidate>
      <input type="range" class="borsen-q-slider" min="0" max="100" step="1" value="50">
      <div class="borsen-q-row">
        <label class="borsen-q-label" for="borsen-q-field"></label>
        <div class="borsen-q-entry">
          <button type="button" class="borsen-btn borsen-secondary borsen-q-step"
            data-step="-1">−</button>
          <input id="borsen-q-field" class="borsen-q-field" autocomplete="off"
            spellcheck="false" maxlength="12" aria-describedby="borsen-q-problem">
          <button type="button" class="borsen-btn borsen-secondary borsen-q-step"
            data-step="1">+</button>
        </div>
      </div>
      <div class="borsen-q-choices" role="group">
        <button type="button" class="borsen-btn borsen-q-choice" data-answer="draw"
          aria-pressed="false"></button>
        <button type="button" class="borsen-btn borsen-q-choice" data-answer="bank"
          aria-pressed="false"></button>
      </div>
      <p class="borsen-q-echo" aria-live="polite"></p>
      <button type="submit" class="borsen-btn borsen-primary borsen-q-send"></button>
      <p class="borsen-q-problem" id="borsen-q-problem" role="alert"></p>
    </form>
    <p class="borsen-q-mine" aria-live="polite"></p>
    <div class="borsen-q-progress">
      <progress class="borsen-q-bar" max="1" value="0"></progress>
      <span class="borsen-q-answered"></span>
    </div>
    <div class="borsen-q-reveal" hidden>
      <p class="borsen-q-truth"></p>
      <div class="borsen-q-chart"></div>
      <p class="borsen-q-result"></p>
      <p class="borsen-q-class"></p>
    </div>
  </section>
  <section class="borsen-scores" aria-labelledby="borsen-scores-title" hidden>
    <h2 class="borsen-scores-title" id="borsen-scores-title"></h2>
    <p class="borsen-scores-total"></p>
    <div class="borsen-scores-trend"></div>
    <p class="borsen-scores-trend-text"></p>
    <details class="borsen-scores-how"><summary></summary><p></p></details>
  </section>
  <div class="borsen-game"></div>
  <p class="borsen-read">
    <label for="borsen-read"></label>
    <select id="borsen-read" class="borsen-read-choice">
      <option value="every"></option>
      <option value="mine"></option>
    </select>
  </p>
</div>
<section class="borsen-ended" role="alert" hidden>
  <h1 class="borsen-ended-title"></h1>
  <p class="borsen-ended-text"></p>
</section>
<div class="borsen-sr" aria-live="polite" aria-atomic="false"></div>
<div class="borsen-sr borsen-say" role="status" aria-atomic="true"></div>
`;

/**
 * Start the page inside ``root``; ``connect(url)`` makes the socket (a WebSocket by default;
 * tests pass their own). Returns ``{state, stop()}``.
 * @param {HTMLElement} root
 * @param {{href?: string, connect?: (url: string) => WebSocket, storage?: Storage}} [opts]
 */
export function startStudentPage(root, opts = {}) {
  const href = opts.href ?? window.location.href;
  const connect = opts.connect ?? ((url) => new WebSocket(url));
  const storage = opts.storage ?? safeStorage();
  const key = sessionKey(new URL(href).pathname);
  root.innerHTML = TEMPLATE;
  const $ = (sel) => root.querySelector(sel);
  const ui = {
    who: $(".borsen-class-who"),
    link: $(".borsen-class-link"),
    langs: $(".borsen-class-langs"),
    joinTitle: $(".borsen-join-title"),
    nameLabel: $(".borsen-join-label"),
    me: $(".borsen-me"),
    voteTitle: $(".borsen-vote-title"),
    endedTitle: $(".borsen-ended-title"),
    join: $(".borsen-join"),
    name: $(".borsen-join-name"),
    go: $(".borsen-join-go"),
    problem: $(".borsen-join-problem"),
    classArea: $(".borsen-class"),
    meLine: $(".borsen-me-line"),
    meSeats: $(".borsen-me-seats"),
    vote: $(".borsen-vote"),
    voteQuestion: $(".borsen-vote-question"),
    voteButtons: $(".borsen-vote-buttons"),
    voteDraw: $('[data-vote="draw"]'),
    voteBank: $('[data-vote="bank"]'),
    voteMine: $(".borsen-vote-mine"),
    voteResults: $(".borsen-vote-results"),
    ended: $(".borsen-ended"),
    endedText: $(".borsen-ended-text"),
    locked: $(".borsen-join-locked"),
    meTitle: $(".borsen-me-title"),
    q: $(".borsen-q"),
    qTitle: $(".borsen-q-title"),
    qText: $(".borsen-q-text"),
    qTimer: $(".borsen-q-timer"),
    say: $(".borsen-say"),
    qMore: $(".borsen-q-more"),
    readLabel: $(".borsen-read label"),
    readChoice: $(".borsen-read-choice"),
    qForm: $(".borsen-q-form"),
    qSlider: $(".borsen-q-slider"),
    qRow: $(".borsen-q-row"),
    qLabel: $(".borsen-q-label"),
    qField: $(".borsen-q-field"),
    qSteps: [...root.querySelectorAll(".borsen-q-step")],
    qChoices: $(".borsen-q-choices"),
    qDraw: $('[data-answer="draw"]'),
    qBank: $('[data-answer="bank"]'),
    qSend: $(".borsen-q-send"),
    qProblem: $(".borsen-q-problem"),
    qEcho: $(".borsen-q-echo"),
    qMine: $(".borsen-q-mine"),
    qBar: $(".borsen-q-bar"),
    qAnswered: $(".borsen-q-answered"),
    qReveal: $(".borsen-q-reveal"),
    qTruth: $(".borsen-q-truth"),
    qChart: $(".borsen-q-chart"),
    qResult: $(".borsen-q-result"),
    qClass: $(".borsen-q-class"),
    scores: $(".borsen-scores"),
    scoresTitle: $(".borsen-scores-title"),
    scoresTotal: $(".borsen-scores-total"),
    scoresTrend: $(".borsen-scores-trend"),
    scoresTrendText: $(".borsen-scores-trend-text"),
    scoresHow: $(".borsen-scores-how summary"),
    scoresHowText: $(".borsen-scores-how p"),
    tables: $(".borsen-tables"),
    tablesTitle: $(".borsen-tables-title"),
    tablesNext: $(".borsen-tables-next"),
    tablesChance: $(".borsen-tables-chance"),
    figures: $(".borsen-figures"),
    figuresTitle: $(".borsen-figures-title"),
    figuresYou: $(".borsen-figures-you"),
    figuresClass: $(".borsen-figures-class"),
    figuresNote: $(".borsen-figures-note"),
  };
  const ids = requestIds("s");
  const state = {
    socket: null,
    joined: false,
    ended: false,
    view: null,
    you: { name: "", seat: null, vote: null, mine: null, scores: null, more: null },
    question: { state: "none" },
    questionAt: 0,
    fieldFor: null,
    said: "", // the question and state last announced ("3:open", "3:revealed")
    warned: null, // the question and end (ms) last warned of: {id, end}
    askedMore: null, // {id, end}: the question this pupil asked more time on, and its end then
    tick: 0,
    locked: false,
    seats: [],
    cls: { on: false },
    table: null, // the phone's table while the class plays at tables
    figures: null, // the student's figures and the class's
    tries: 0,
    timer: 0,
    noticeId: 0,
    notice: null,
    joining: false,
    speech: null,
    readAloud: storage.get(READ_KEY) === "mine" ? "mine" : "every",
    speeches: {},
    link: { text: () => "", level: "ok" },
    endedText: null,
  };
  /** The page's words: the translator of the language Python last sent this page. */
  let tr = translator(null);
  const words = () => tr;

  const table = mountTable(root, $(".borsen-game"), {
    send: (intent, extra) => sendIntent(intent, extra),
    uid: "student",
    tools: false,
    sr: $(".borsen-sr:not(.borsen-say)"),
    // What the table says to a screen reader: every move, or only this pupil's own.
    speech: () => ({ every: state.readAloud !== "mine", seats: [state.you.seat] }),
    mayAct: (view) => state.you.seat !== null && state.you.seat === view.current,
    held: () => holdLine(),
    words,
  });

  // The strategy builder: shown while submissions are open, with the student's own
  // strategy, and after a tournament with their place.
  const builder = mountBuilder($(".borsen-builder"), { send: (m) => sendRaw(m), words });

  // The question sits in the table's box, just under the pile it asks about (above
  // the table, the pile was below the fold of a 390 × 844 phone). It is hidden until asked, so
  // moving it now takes no focus from anyone.
  $(".borsen-table").after(ui.q);
  // The exact chance (when the teacher shows it) sits under the pile too, above the question.
  $(".borsen-table").after(ui.tablesChance);

  /** Whether a posed question is open (the vote card gives way to it). */
  function questionOpen() {
    return state.question.state === "open";
  }

  /** The line beside the seat's move while the class answers a question about it, or "". */
  function holdLine() {
    const q = state.question;
    const seated = state.you.seat !== null && state.you.seat !== undefined;
    return q.state === "open" && q.hold && seated
      ? tr.t("Wait: the class is answering a question about this move.")
      : "";
  }

  function sendRaw(message) {
    const socket = state.socket;
    if (!socket || socket.readyState !== 1) {
      showNotice(tr.t("Not connected just now: wait a moment and try again."));
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  }

  /** A move or a vote: with the version of the view it was made on, and an id. */
  function sendIntent(intent, extra = {}) {
    const version = state.view ? state.view.version : -1;
    clearNotice(); // a new try: the old notice has been read
    sendRaw({ intent, version, id: ids.next(), ...extra });
  }

  /** The join form's problem ("" for none): said in its alert, and the name field marked
   * invalid while there is one. */
  function joinProblem(text) {
    ui.problem.textContent = text;
    if (text) ui.name.setAttribute("aria-invalid", "true");
    else ui.name.removeAttribute("aria-invalid");
  }

  function showNotice(text, level = "warning") {
    state.noticeId += 1;
    if (!state.joined) {
      joinProblem(text);
      return;
    }
    state.notice = { version: state.view ? state.view.version : -1, at: Date.now() };
    table.setNotice({ id: state.noticeId, text, level });
  }

  function clearNotice() {
    if (!state.notice) return;
    state.notice = null;
    state.noticeId += 1;
    table.setNotice({ id: state.noticeId, text: "" });
  }

  /** A notice stays until the student acts again, or the game has moved on and it has been
   * shown for NOTICE_MS (like the widget's, which a good move clears). */
  function expireNotice(view) {
    const n = state.notice;
    if (n && view.version > n.version && Date.now() - n.at >= NOTICE_MS) clearNotice();
  }

  // ---------------------------------------------------------------- drawing

  /** The connection's state: ``text(tr)`` writes it, again after a change of language. */
  function drawLink(text, level = "ok") {
    state.link = { text, level };
    ui.link.textContent = text(tr);
    ui.link.dataset.level = level;
  }

  /** The page's own words (the frame, the switch), in the page's language. */
  function drawWords() {
    const language = tr.language;
    root.lang = language;
    if (typeof document !== "undefined") document.documentElement.lang = language;
    ui.langs.setAttribute("aria-label", tr.t("Language"));
    for (const b of ui.langs.querySelectorAll("[data-language]")) {
      b.setAttribute("aria-pressed", String(state.speech !== null && b.dataset.language === language));
    }
    ui.joinTitle.textContent = tr.t("Join the class");
    ui.nameLabel.textContent = tr.t("Your name");
    ui.go.textContent = tr.t("Join");
    ui.me.setAttribute("aria-label", tr.t("Your seat"));
    ui.voteTitle.textContent = tr.t("Guess first");
    ui.voteButtons.setAttribute("aria-label", tr.t("Your vote"));
    // TRANSLATORS: the vote button on a student's phone: draw once more (guess first).
    ui.voteDraw.textContent = tr.t("Draw");
    // TRANSLATORS: the vote button on a student's phone: bank the pile (guess first).
    ui.voteBank.textContent = tr.t("Bank");
    ui.endedTitle.textContent = tr.t("The class has ended");
    ui.locked.textContent = state.locked ? tr.t("The class is closed to new students just now.") : "";
    // TRANSLATORS: the title of the student's seat area on a phone while they hold a seat.
    ui.meTitle.textContent = tr.t("Your move");
    ui.qSlider.setAttribute("aria-label", tr.t("Your answer in percent"));
    ui.qSteps[0].setAttribute("aria-label", tr.t("One less"));
    ui.qSteps[1].setAttribute("aria-label", tr.t("One more"));
    // TRANSLATORS: a button on a phone: the class's timer for this question runs 20 s longer.
    ui.qMore.textContent = tr.t("More time");
    // TRANSLATORS: a choice on a phone: how much of the game a screen reader reads out.
    ui.readLabel.textContent = tr.t("What a screen reader reads out");
    ui.readChoice.options[0].textContent = tr.t("Everything that happens");
    ui.readChoice.options[1].textContent = tr.t("Only my turn and the results");
    ui.readChoice.value = state.readAloud;
    ui.qChoices.setAttribute("aria-label", tr.t("Your answer"));
    // TRANSLATORS: the answer button on a phone: draw once more (a posed question).
    ui.qDraw.textContent = tr.t("Draw");
    // TRANSLATORS: the answer button on a phone: bank the pile (a posed question).
    ui.qBank.textContent = tr.t("Bank");
    ui.qSend.textContent = tr.t("Send answer");
    ui.scoresTitle.textContent = tr.t("Your points");
    ui.scoresHow.textContent = tr.t("How are answers scored?");
    ui.scoresHowText.textContent = scoringText(tr);
    // TRANSLATORS: the title of a student's figures while the class plays at tables.
    ui.figuresTitle.textContent = tr.t("Your draws against the theory");
    ui.figuresNote.textContent = tr.t("Only draws that could fail count: a card onto an empty pile or onto an ace is always accepted.");
    if (state.endedText) ui.endedText.textContent = state.endedText(tr);
    ui.link.textContent = state.link.text(tr);
  }

  function drawMe() {
    ui.who.textContent = state.you.name;
    const seated = state.you.seat !== null && state.you.seat !== undefined;
    ui.meTitle.hidden = !seated;
    ui.me.classList.toggle("is-seat", seated);
    root.classList.toggle("has-seat", seated);
    // At the class's tables the class seats its pupils: no seat to take or leave here, and
    // when the table's game is over its table line says what comes next.
    const atTables = Boolean(state.table);
    const over = atTables && Boolean(state.view && state.view.over);
    ui.me.hidden = over; // the table line says it: who won, and what starts the next game
    ui.meLine.textContent = over ? "" : seatLine(state.you, state.seats, tr);
    const mine = state.you.seat !== null && state.you.seat !== undefined;
    const leave = escapeHTML(tr.t("Leave the seat"));
    const take = (s) => escapeHTML(tr.t("Take {player}'s seat", { player: s.name }));
    const buttons = mine
      ? [`<button type="button" class="borsen-btn borsen-quiet" data-seat-intent="leave">` +
          `${leave}</button>`]
      : freeSeats(state.seats).map(
          (s) =>
            `<button type="button" class="borsen-btn borsen-secondary" ` +
            `data-seat-intent="claim" data-seat="${s.seat}">${take(s)}</button>`,
        );
    ui.meSeats.innerHTML = atTables ? "" : buttons.join("");
  }

  function drawVote() {
    const card = voteCard(state.cls, state.you.vote, tr);
    const hadFocus = ui.vote.contains(document.activeElement);
    // While a posed question is open, the phone shows it and not the guess-first vote.
    ui.vote.hidden = !card.show || questionOpen();
    if (!card.show) return;
    ui.voteQuestion.textContent = card.question;
    ui.voteButtons.hidden = !card.canVote;
    ui.voteBank.hidden = !card.bank;
    for (const b of [ui.voteDraw, ui.voteBank]) {
      const on = state.you.vote === b.dataset.vote;
      b.setAttribute("aria-pressed", String(on));
      b.classList.toggle("borsen-primary", on);
    }
    ui.voteMine.textContent = `${card.mine} ${card.canVote ? card.count : ""}`.trim();
    ui.voteResults.innerHTML = (card.results || [])
      .map((line) => `<li>${escapeHTML(line)}</li>`)
      .join("");
    if (hadFocus && !ui.vote.contains(document.activeElement)) root.focus();
  }

  /** The field's labels and parts for the question's kind. */
  function drawInput(q) {
    const kind = q.kind;
    ui.qSlider.hidden = kind !== "chance";
    ui.qRow.hidden = kind === "choice";
    ui.qChoices.hidden = kind !== "choice";
    ui.qSend.hidden = kind === "choice"; // a choice is sent by its button
    for (const b of ui.qSteps) b.hidden = kind !== "count";
    ui.qField.inputMode = kind === "count" ? "numeric" : "decimal";
    if (kind === "chance") {
      ui.qLabel.textContent = tr.t("Your answer: a percentage (37 %), a decimal (0.37) or a fraction (3/8)");
    } else if (kind === "count") {
      const range = q.range || {};
      ui.qLabel.textContent = tr.t("Your answer: a whole number from {low} to {high}", {
        low: range.low ?? 0,
        high: range.high ?? 0,
      });
    } else {
      ui.qLabel.textContent = tr.t("Your answer: a number of cards (like 2.5)");
    }
    const mine = state.you.mine && state.you.mine.question === q.id ? state.you.mine.value : null;
    for (const b of [ui.qDraw, ui.qBank]) {
      const on = mine === b.dataset.answer;
      b.setAttribute("aria-pressed", String(on));
      b.classList.toggle("borsen-primary", on);
    }
  }

  /** A new question: its field starts from the student's answer to it (a reloaded page), else
   * empty, the slider in the middle. */
  function resetField(q) {
    state.fieldFor = q.id;
    const mine = state.you.mine;
    const value = mine && mine.question === q.id ? mine.value : null;
    ui.qProblem.textContent = "";
    if (value === null || value === undefined || q.kind === "choice") {
      ui.qField.value = "";
      ui.qSlider.value = "50";
    } else if (q.kind === "chance") {
      ui.qField.value = typeof value === "string" ? value : percentText(value, tr);
      const number = typeof value === "string"
        ? Number(value.split("/")[0]) / Number(value.split("/")[1])
        : value;
      ui.qSlider.value = String(Math.round(number * 100));
    } else {
      ui.qField.value = tr.number(value, 3);
    }
    echo(q);
  }

  /** What the field will count as, before it is sent ("You mean 25 %."). */
  function echo(q) {
    ui.qEcho.textContent = answerEcho(q.kind, ui.qField.value, q.range, tr);
  }

  function drawQuestion() {
    const q = state.question || { state: "none" };
    const hadFocus = ui.q.contains(document.activeElement);
    const on = q.state === "open" || q.state === "revealed";
    ui.q.hidden = !on;
    drawScores();
    if (!on) {
      drawTimer();
      if (hadFocus) root.focus();
      return;
    }
    if (q.id !== state.fieldFor) resetField(q);
    const seated = state.you.seat !== null && state.you.seat !== undefined;
    ui.q.classList.toggle("is-for-class", seated);
    ui.q.dataset.kind = q.kind;
    ui.q.dataset.state = q.state;
    ui.qTitle.textContent = seated ? tr.t("Question for the class") : tr.t("Question");
    ui.qText.textContent = questionText(q, tr);
    const open = q.state === "open";
    ui.qForm.hidden = !open;
    drawInput(q);
    const mine = state.you.mine && state.you.mine.question === q.id ? state.you.mine : null;
    const mineLine = mineText(q.kind, mine, tr);
    const change = tr.t("You may change it until the answer is shown.");
    ui.qMine.textContent = open && mine ? `${mineLine} ${change}` : mineLine;
    const total = q.students || 0;
    ui.qBar.max = Math.max(1, total);
    ui.qBar.value = Math.min(q.answered || 0, Math.max(1, total));
    const answered = answeredText(q, tr);
    ui.qBar.setAttribute("aria-label", answered);
    ui.qAnswered.textContent = answered;
    ui.qReveal.hidden = open;
    if (!open) {
      ui.qTruth.textContent = truthText(q, tr);
      ui.qChart.innerHTML = answerChart(q, tr);
      ui.qResult.textContent = resultText(q, mine, tr);
      ui.qClass.textContent = classText(q, tr);
    }
    drawTimer();
    // The form is gone at the reveal: focus stays in the question, whose result is announced.
    const active = document.activeElement;
    if (hadFocus && (!ui.q.contains(active) || active.closest("[hidden]"))) {
      ui.q.focus({ preventScroll: true });
    }
  }

  /** Say once, in the page's own live region, a question just posed and, at its reveal, the
   * answer and this pupil's result (after their own line has come: it brings their points).
   * Focus stays where it is. */
  function announceQuestion(from) {
    const q = state.question;
    if (!q || q.state === "none") return;
    const key = `${q.id}:${q.state}`;
    if (state.said === key || (q.state === "revealed" && from !== "you")) return;
    state.said = key;
    const mine = state.you.mine && state.you.mine.question === q.id ? state.you.mine : null;
    const left = secondsLeft(q, state.questionAt, Date.now());
    const lines = q.state === "open"
      ? [questionText(q, tr), left === null ? "" : timeLine(left)]
      : [truthText(q, tr), resultText(q, mine, tr)];
    say(lines.filter(Boolean).join(" "));
  }

  /** When the open question's timer ends (ms on this page's clock), by its last message. */
  function questionEnd() {
    return state.questionAt + (state.question.seconds || 0) * 1000;
  }

  /** How long is left, in words: the warning, once for each end the question has, when it
   * ends within WARN_SECONDS (more time moves the end), or else the timer's own line. */
  function timeLine(left) {
    const q = state.question;
    // Each message counts from its own second: an end within 10 s of the warned one is the
    // same end (more time moves it by 20 s).
    const end = questionEnd();
    const last = state.warned;
    const warned = last && last.id === q.id && end < last.end + 10000;
    if (left > WARN_SECONDS || left === 0 || warned) return timerText(left, tr);
    state.warned = { id: q.id, end };
    return timeWarningText(left, (state.you.more || 0) > 0, tr);
  }

  /** A status message for screen readers, said once (emptied first, so the same words
   * again are said again). */
  function say(text) {
    ui.say.textContent = "";
    requestAnimationFrame(() => {
      ui.say.textContent = text;
    });
  }

  /** The timer's seconds, counted down here between Python's messages, and the pupil's way
   * to get more (WCAG 2.2.1): a button while they may ask, and a warning before the end. */
  function drawTimer() {
    const left = secondsLeft(state.question, state.questionAt, Date.now());
    ui.qTimer.hidden = left === null;
    ui.qTimer.textContent = left === null ? "" : timerText(left, tr);
    ui.qMore.hidden = left === null || !((state.you.more || 0) > 0);
    if (left !== null && left > 0 && left <= WARN_SECONDS && state.said === `${state.question.id}:open`) {
      const line = timeLine(left);
      if (line !== timerText(left, tr)) say(line); // the warning, once
    }
    if (left === null || left === 0) {
      clearInterval(state.tick);
      state.tick = 0;
    } else if (!state.tick) {
      state.tick = setInterval(drawTimer, 250);
    }
  }

  function drawScores() {
    const scores = state.you.scores;
    const any = Boolean(scores && (scores.questions || []).length);
    ui.scores.hidden = !(any || state.question.state !== "none");
    ui.scoresTotal.textContent = totalText(scores, tr);
    ui.scoresTrend.innerHTML = trendChart(scores);
    ui.scoresTrendText.textContent = trendText(scores, tr);
  }

  /** The phone's table: its heading, what starts the next game, the exact chance (each only
   * while the class is at tables). */
  function drawTable() {
    const lines = tableLines(state.table, Boolean(state.view && state.view.over), tr);
    ui.tables.hidden = !lines.show;
    ui.tablesChance.hidden = !lines.show || !lines.chance;
    if (!lines.show) {
      ui.figures.hidden = true;
      return;
    }
    ui.tablesTitle.textContent = lines.title;
    ui.tablesNext.textContent = lines.next;
    ui.tablesNext.hidden = !lines.next;
    ui.tablesChance.textContent = lines.chance;
    drawFigures();
  }

  /** The student's figures beside the class's (not a live region: the class's come every few
   * seconds; the student reads them when they look). */
  function drawFigures() {
    const lines = figuresLines(state.figures, tr);
    const at = !ui.tables.hidden;
    ui.figures.hidden = !at || !(lines.you.length || lines.cls);
    ui.figuresYou.innerHTML = lines.you.map((line) => `<li>${escapeHTML(line)}</li>`).join("");
    ui.figuresClass.textContent = lines.cls;
  }

  function redraw() {
    drawTable();
    drawMe();
    drawVote();
    drawQuestion();
    if (state.view) table.update(state.view);
  }

  function showJoined(on) {
    state.joined = on;
    ui.join.hidden = on;
    ui.classArea.hidden = !on;
    root.classList.toggle("is-joined", on);
  }

  /** The class has ended for this page: ``text(tr)`` says why (Python's own words arrive
   * already in the page's language). */
  function end(text) {
    state.ended = true;
    clearTimeout(state.timer);
    clearInterval(state.tick);
    state.endedText = text;
    ui.ended.hidden = false;
    ui.endedText.textContent = text(tr);
    ui.join.hidden = true;
    ui.classArea.hidden = true;
    ui.langs.hidden = true; // no class left to ask for words
    // TRANSLATORS: the connection's state on a student's phone: the class has ended.
    drawLink((w) => w.t("Ended"), "off");
    root.classList.add("is-ended");
  }

  /** The teacher removed this student: the class ends for this page, its session forgotten. */
  function removed() {
    storage.remove(key);
    end((w) => w.t("Your teacher removed you from the class."));
  }

  /** Python sent the page's words in a language: every text is drawn again in it. */
  function speak(speech) {
    state.speech = speech;
    tr = translator(speech);
    drawWords();
    redraw();
    builder.render();
  }

  /** Tell Python which language this page reads: the one chosen on its switch, else the
   * phone's. */
  function sendLanguage() {
    const chosen = storage.get(LANGUAGE_KEY);
    const tags = chosen ? [chosen] : pageLanguages();
    sendRaw({ intent: "page_language", tags, id: ids.next() });
  }

  // ---------------------------------------------------------------- messages from Python

  function onMessage(event) {
    let m;
    try {
      m = JSON.parse(event.data);
    } catch {
      return;
    }
    if (m.type === "hello") {
      state.tries = 0;
      state.locked = Boolean(m.locked); // a class closed to newcomers says so on the form
      drawWords();
      // TRANSLATORS: the connection's state on a student's phone.
      drawLink((w) => w.t("Connected"));
      sendLanguage();
      const session = storage.get(key);
      if (session) {
        state.joining = true;
        sendRaw({ intent: "join", session, id: ids.next() });
      } else {
        ui.go.disabled = false;
      }
    } else if (m.type === "welcome") {
      // Again after the teacher renames the student: the header shows the new name.
      state.joining = false;
      if (m.session) storage.set(key, m.session);
      state.you = { ...state.you, name: m.name };
      joinProblem("");
      showJoined(true);
      drawMe();
    } else if (m.type === "forgotten") {
      // This class does not know the saved session (it is a new class): join again.
      state.joining = false;
      storage.remove(key);
      ui.go.disabled = false;
      ui.name.focus();
    } else if (m.type === "view") {
      state.view = m.view;
      table.update(m.view);
      expireNotice(m.view);
      drawTable(); // "the next game starts …" once the game is over
      if (state.table) drawMe();
    } else if (m.type === "table") {
      state.table = m.number === null || m.number === undefined ? null : m;
      drawTable();
      drawMe();
    } else if (m.type === "figures") {
      state.figures = { you: m.you || {}, class: m.class || {} };
      drawFigures();
    } else if (m.type === "room") {
      state.seats = m.seats || [];
      table.setHolders(state.seats);
      drawMe();
    } else if (m.type === "you") {
      state.you = {
        name: m.name,
        seat: m.seat ?? null,
        vote: m.vote ?? null,
        mine: m.mine ?? null,
        scores: m.scores ?? null,
        more: m.more ?? null, // how often they may still ask for more time (null: no timer)
      };
      // A reloaded page hears its answer after the question: the empty field shows it.
      const q = state.question;
      const fresh = ui.qField.value === "" && document.activeElement !== ui.qField;
      if (q.state === "open" && q.id === state.fieldFor && fresh) resetField(q);
      redraw();
      announceQuestion("you");
    } else if (m.type === "question") {
      state.question = m.question || { state: "none" };
      state.questionAt = Date.now();
      drawQuestion();
      drawVote();
      if (state.view) table.update(state.view); // the seat's move may wait, or wait no more
      announceQuestion("question");
      const asked = state.askedMore;
      if (asked && asked.id !== state.question.id) state.askedMore = null;
      // The time this pupil asked for has come (a later end, not a count of answers sent
      // before it): said once, the timer shows it.
      if (asked && asked.id === state.question.id && questionEnd() >= asked.end + 10000) {
        state.askedMore = null;
        const left = secondsLeft(state.question, state.questionAt, Date.now());
        if (left !== null) say(timeLine(left));
      }
    } else if (m.type === "locked") {
      state.locked = Boolean(m.locked);
      drawWords();
    } else if (m.type === "removed") {
      removed();
    } else if (m.type === "class") {
      state.cls = m.class || { on: false };
      drawVote();
    } else if (
      m.type === "strategies" ||
      m.type === "strategy_tried" ||
      m.type === "strategy_saved" ||
      m.type === "tournament"
    ) {
      builder.receive(m);
    } else if (m.type === "notice" && builder.owns(m.request)) {
      builder.refused(m.request, m.text); // a strategy refused: said on the builder
    } else if (m.type === "notice") {
      if (state.joining) {
        state.joining = false;
        ui.go.disabled = false;
      }
      showNotice(m.text, m.level || "warning");
    } else if (m.type === "speech") {
      // Python sends a language's words once a page; this page keeps them for a switch back.
      const sp = m.speech || {};
      if (sp.texts) state.speeches[sp.language] = sp;
      speak(state.speeches[sp.language] || sp);
    } else if (m.type === "ended") {
      end(() => String(m.text ?? ""));
    }
  }

  function open() {
    if (state.ended) return;
    drawLink((w) => (state.tries ? w.t("Reconnecting…") : w.t("Connecting…")), "wait");
    let socket;
    try {
      socket = connect(socketUrl(href));
    } catch {
      retry();
      return;
    }
    state.socket = socket;
    socket.addEventListener("message", onMessage);
    socket.addEventListener("close", (event) => {
      if (state.socket !== socket) return;
      state.socket = null;
      if (state.ended) return;
      if (event.code === 4001) {
        removed();
        return;
      }
      if (event.code === 4000) {
        end((w) => w.t("This class was opened on another page of yours; this page has left."));
        return;
      }
      retry();
    });
  }

  function retry() {
    if (state.ended) return;
    state.tries += 1;
    if (state.tries > 12) {
      end((w) => w.t("The class cannot be reached. It may have ended; ask your teacher."));
      return;
    }
    drawLink((w) => w.t("Connection lost: reconnecting…"), "wait");
    state.timer = setTimeout(open, retryDelay(state.tries - 1));
  }

  // ---------------------------------------------------------------- input

  function onSubmit(event) {
    event.preventDefault();
    const problem = nameProblem(ui.name.value, 24, tr);
    if (problem) {
      joinProblem(problem);
      ui.name.focus();
      return;
    }
    joinProblem("");
    if (sendRaw({ intent: "join", name: ui.name.value.trim(), id: ids.next() })) {
      state.joining = true;
      ui.go.disabled = true;
    }
  }

  /** Send the answer in the field (checked here first; Python checks again). */
  function onAnswer(event) {
    event.preventDefault();
    const q = state.question;
    if (q.state !== "open") return;
    const parsed = parseAnswer(q.kind, ui.qField.value, q.range, tr);
    if (!parsed.ok) {
      ui.qProblem.textContent = parsed.problem;
      ui.qField.focus();
      return;
    }
    sendAnswer(parsed.value);
  }

  function sendAnswer(value) {
    const q = state.question;
    ui.qProblem.textContent = "";
    clearNotice();
    sendRaw({ intent: "answer", question: q.id, value, id: ids.next() });
  }

  /** The slider and the field follow each other (a chance). */
  function onSlide() {
    ui.qField.value = percentText(Number(ui.qSlider.value) / 100, tr);
    ui.qProblem.textContent = "";
    echo(state.question);
  }

  function onType() {
    const q = state.question;
    echo(q);
    if (q.kind !== "chance") return;
    const parsed = parseAnswer("chance", ui.qField.value, q.range, tr);
    if (parsed.ok) ui.qSlider.value = String(Math.round(parsed.number * 100));
  }

  /** − and + beside a count. */
  function step(by) {
    const range = state.question.range || { low: 0, high: 0 };
    const now = /^\s*\d+\s*$/.test(ui.qField.value) ? Number(ui.qField.value) : null;
    const next = now === null ? (by > 0 ? range.low : range.high) : now + by;
    ui.qField.value = String(Math.min(range.high, Math.max(range.low, next)));
    ui.qProblem.textContent = "";
  }

  function onClick(event) {
    const button = /** @type {HTMLElement} */ (event.target).closest("button");
    if (!button || button.disabled) return;
    if (button.dataset.answer) {
      if (questionOpen()) sendAnswer(button.dataset.answer);
    } else if (button.dataset.more) {
      if (!questionOpen()) return;
      state.askedMore = { id: state.question.id, end: questionEnd() };
      clearNotice();
      sendRaw({ intent: "more_time", question: state.question.id, id: ids.next() });
    } else if (button.dataset.step) {
      step(Number(button.dataset.step));
    } else if (button.dataset.language) {
      // This phone's choice, kept for the next visit; Python answers with the words.
      storage.set(LANGUAGE_KEY, button.dataset.language);
      if (state.socket && state.socket.readyState === 1) sendLanguage();
    } else if (button.dataset.vote) {
      sendIntent("vote", { choice: button.dataset.vote });
    } else if (button.dataset.seatIntent === "claim") {
      clearNotice();
      sendRaw({ intent: "claim", seat: Number(button.dataset.seat), id: ids.next() });
    } else if (button.dataset.seatIntent === "leave") {
      clearNotice();
      sendRaw({ intent: "leave", id: ids.next() });
    }
  }

  ui.join.addEventListener("submit", onSubmit);
  ui.qForm.addEventListener("submit", onAnswer);
  ui.readChoice.addEventListener("change", () => {
    state.readAloud = ui.readChoice.value === "mine" ? "mine" : "every";
    storage.set(READ_KEY, state.readAloud);
  });
  ui.qSlider.addEventListener("input", onSlide);
  ui.qField.addEventListener("input", onType);
  root.addEventListener("click", onClick);
  ui.go.disabled = true; // until the class says hello
  showJoined(false);
  drawWords();
  open();

  return {
    state,
    stop() {
      state.ended = true;
      clearTimeout(state.timer);
      clearInterval(state.tick);
      if (state.socket) state.socket.close();
      table.destroy();
    },
  };
}

if (typeof document !== "undefined" && document.getElementById("borsen-app")) {
  startStudentPage(document.getElementById("borsen-app"));
}
