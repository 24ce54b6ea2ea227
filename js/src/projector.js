// The projector page of a class (w.classroom()): the table, the posed question, how
// many have answered and, after the reveal, the exact answer and the class's answers; the
// leaderboard when the teacher turns it on; the join code, full screen on a button. Read-only:
// it sends nothing. Served at /<projector_token>/projector/ with its socket ./ws beside it;
// Python sends the teacher's language first ({type: "speech"}), then the view, the room, the
// question, the board and the join code. The exact answer is not sent before the reveal, and
// this page shows none before it either. While the class plays at tables, the class's
// experiment: every draw that could fail against its exact chance, in two charts (no names).

import { escapeHTML } from "./helpers.js";
import { translator } from "./i18n.js";
import { experimentView } from "./experiment-chart.js";
import { boardRows, codeIsBig, projectorQuestion } from "./projector-helpers.js";
import { retryDelay, socketUrl } from "./student-helpers.js";
import { mountTournament } from "./projector-tournament.js";
import { mountTable } from "./table.js";

/** The experiment's sentence is spoken at most this often (ms). */
const SPEAK_MS = 10000;

const TEMPLATE = `
<header class="borsen-p-head">
  <span class="borsen-class-title">Børsen</span>
  <span class="borsen-class-link" role="status"></span>
  <button type="button" class="borsen-btn borsen-secondary borsen-p-code-open"
    aria-haspopup="dialog"></button>
</header>
<section class="borsen-p-tournament" aria-labelledby="borsen-p-t-title"
  data-testid="projector-tournament" hidden></section>
<section class="borsen-p-x" aria-labelledby="borsen-p-x-title" data-testid="projector-experiment"
  hidden>
  <h2 class="borsen-p-x-title" id="borsen-p-x-title"></h2>
  <div class="borsen-p-x-charts">
    <figure class="borsen-p-x-figure">
      <figcaption class="borsen-p-x-cal-title"></figcaption>
      <div class="borsen-p-x-cal"></div>
    </figure>
    <figure class="borsen-p-x-figure">
      <figcaption class="borsen-p-x-law-title"></figcaption>
      <div class="borsen-p-x-law"></div>
    </figure>
  </div>
  <p class="borsen-p-x-sentence"></p>
  <p class="borsen-p-x-certain"></p>
  <p class="borsen-sr borsen-p-x-live" aria-live="polite"></p>
</section>
<div class="borsen-p-layout">
  <section class="borsen-p-join">
    <div class="borsen-p-qr"></div>
    <p class="borsen-p-url"></p>
    <p class="borsen-p-local" hidden></p>
  </section>
  <div class="borsen-game"></div>
  <aside class="borsen-p-side">
    <section class="borsen-p-q" aria-labelledby="borsen-p-q-title" hidden>
      <h2 class="borsen-p-q-title" id="borsen-p-q-title"></h2>
      <p class="borsen-p-q-text"></p>
      <div class="borsen-p-q-progress">
        <progress class="borsen-p-q-bar" max="1" value="0"></progress>
        <span class="borsen-p-q-answered" aria-live="polite"></span>
      </div>
      <div class="borsen-p-q-reveal" hidden>
        <p class="borsen-p-q-truth"></p>
        <div class="borsen-p-q-chart"></div>
        <p class="borsen-p-q-class"></p>
      </div>
    </section>
    <section class="borsen-p-subs" aria-labelledby="borsen-p-subs-title" hidden>
      <h2 class="borsen-p-subs-title" id="borsen-p-subs-title"></h2>
      <div class="borsen-p-q-progress">
        <progress class="borsen-p-subs-bar" max="1" value="0"></progress>
        <span class="borsen-p-subs-count" aria-live="polite"></span>
      </div>
    </section>
    <section class="borsen-p-board" aria-labelledby="borsen-p-board-title" hidden>
      <h2 class="borsen-p-board-title" id="borsen-p-board-title"></h2>
      <ol class="borsen-p-board-rows"></ol>
    </section>
  </aside>
</div>
<div class="borsen-p-code" role="dialog" aria-modal="true" aria-labelledby="borsen-p-code-url"
  hidden>
  <div class="borsen-p-code-qr"></div>
  <p class="borsen-p-code-url" id="borsen-p-code-url"></p>
  <button type="button" class="borsen-btn borsen-secondary borsen-p-code-close"></button>
</div>
<section class="borsen-ended" role="alert" hidden>
  <h1 class="borsen-ended-title"></h1>
  <p class="borsen-ended-text"></p>
</section>
<div class="borsen-sr" aria-live="polite" aria-atomic="false"></div>
`;

/**
 * Start the projector page inside ``root`` (the focusable ``.borsen`` element);
 * ``connect(url)`` makes the socket (tests pass their own). Returns ``{state, stop()}``.
 * @param {HTMLElement} root
 * @param {{href?: string, connect?: (url: string) => WebSocket}} [opts]
 */
export function startProjectorPage(root, opts = {}) {
  const href = opts.href ?? window.location.href;
  const connect = opts.connect ?? ((url) => new WebSocket(url));
  root.innerHTML = TEMPLATE;
  const $ = (sel) => root.querySelector(sel);
  const ui = {
    link: $(".borsen-class-link"),
    open: $(".borsen-p-code-open"),
    join: $(".borsen-p-join"),
    qr: $(".borsen-p-qr"),
    local: $(".borsen-p-local"),
    url: $(".borsen-p-url"),
    q: $(".borsen-p-q"),
    qTitle: $(".borsen-p-q-title"),
    qText: $(".borsen-p-q-text"),
    qBar: $(".borsen-p-q-bar"),
    qAnswered: $(".borsen-p-q-answered"),
    qReveal: $(".borsen-p-q-reveal"),
    qTruth: $(".borsen-p-q-truth"),
    qChart: $(".borsen-p-q-chart"),
    qClass: $(".borsen-p-q-class"),
    subs: $(".borsen-p-subs"),
    subsTitle: $(".borsen-p-subs-title"),
    subsBar: $(".borsen-p-subs-bar"),
    subsCount: $(".borsen-p-subs-count"),
    x: $(".borsen-p-x"),
    xTitle: $(".borsen-p-x-title"),
    xCalTitle: $(".borsen-p-x-cal-title"),
    xCal: $(".borsen-p-x-cal"),
    xLawTitle: $(".borsen-p-x-law-title"),
    xLaw: $(".borsen-p-x-law"),
    xSentence: $(".borsen-p-x-sentence"),
    xCertain: $(".borsen-p-x-certain"),
    xLive: $(".borsen-p-x-live"),
    board: $(".borsen-p-board"),
    boardTitle: $(".borsen-p-board-title"),
    boardRows: $(".borsen-p-board-rows"),
    code: $(".borsen-p-code"),
    codeQr: $(".borsen-p-code-qr"),
    codeUrl: $(".borsen-p-code-url"),
    close: $(".borsen-p-code-close"),
    ended: $(".borsen-ended"),
    endedTitle: $(".borsen-ended-title"),
    endedText: $(".borsen-ended-text"),
  };
  const state = {
    socket: null,
    ended: false,
    view: null,
    seats: [],
    students: 0,
    question: { state: "none" },
    board: { on: false },
    submissions: { open: false, submitted: 0, students: 0 },
    join: null,
    experiment: null,
    spokenAt: -Infinity, // when the experiment's sentence was last put in its live region
    speakTimer: 0,
    tries: 0,
    timer: 0,
    link: (w) => w.t("Connecting…"),
    endedText: null,
    opener: null,
    wantCode: new URL(href).hash === "#code", // the join card's "Full-screen code"
  };
  let tr = translator(null);

  const table = mountTable(root, $(".borsen-game"), {
    send: () => {}, // read-only: nothing is sent
    uid: "projector",
    tools: false,
    sr: $(".borsen-sr"),
    mayAct: () => false,
    words: () => tr,
  });

  // The class's tournament: progress, ranking and the top two's game.
  const tournament = mountTournament($(".borsen-p-tournament"), { words: () => tr });

  // ---------------------------------------------------------------- drawing

  function drawWords() {
    root.lang = tr.language;
    if (typeof document !== "undefined") document.documentElement.lang = tr.language;
    ui.open.textContent = tr.t("Show the join code");
    ui.close.textContent = tr.t("Close");
    ui.qTitle.textContent = tr.t("Question for the class");
    ui.boardTitle.textContent = tr.t("Leaderboard");
    ui.subsTitle.textContent = tr.t("The class's strategies");
    ui.xTitle.textContent = tr.t("The class's experiment: every draw against its exact chance");
    // TRANSLATORS: the caption of the projector's calibration chart (the class at tables).
    ui.xCalTitle.textContent = tr.t("Is the share accepted the chance?");
    // TRANSLATORS: the caption of the projector's chart of the share accepted as draws add up.
    ui.xLawTitle.textContent = tr.t("The more draws, the closer to the theory");
    ui.endedTitle.textContent = tr.t("The class has ended");
    ui.link.textContent = state.link(tr);
    if (state.endedText) ui.endedText.textContent = state.endedText(tr);
  }

  function drawJoin() {
    const j = state.join;
    ui.open.hidden = !j;
    ui.join.hidden = !j;
    if (!j) return;
    const label = tr.t("QR code of the class's address: {url}", { url: j.url });
    for (const [box, text] of [[ui.qr, ui.url], [ui.codeQr, ui.codeUrl]]) {
      if (box.dataset.qr !== j.qr) {
        box.innerHTML = j.qr; // segno's SVG, made in Python from the address
        box.dataset.qr = j.qr;
      }
      const svg = box.querySelector("svg");
      if (svg) {
        svg.setAttribute("role", "img");
        svg.setAttribute("aria-label", label);
      }
      text.textContent = j.url;
      box.hidden = !j.qr; // no code where only this computer can open the address
    }
    ui.local.hidden = !j.local;
    ui.local.textContent = j.local ? tr.t("Only this computer can open this address: no phone can.") : "";
    const big = codeIsBig(state.students, state.question);
    ui.join.classList.toggle("is-big", big);
    root.classList.toggle("is-waiting", big);
    if (state.wantCode) {
      state.wantCode = false;
      showCode(true);
    }
  }

  function drawQuestion() {
    const shown = projectorQuestion(state.question, tr);
    ui.q.hidden = !shown.show;
    if (!shown.show) return;
    ui.q.dataset.state = state.question.state;
    ui.qText.textContent = shown.text;
    ui.qBar.value = shown.progress;
    ui.qBar.setAttribute("aria-label", shown.answered);
    ui.qAnswered.textContent = shown.answered;
    ui.qReveal.hidden = shown.open;
    ui.qTruth.textContent = shown.truth;
    ui.qChart.innerHTML = shown.chart;
    ui.qClass.textContent = shown.classLine;
  }

  /** While submissions are open: how many have submitted a strategy (never whose). */
  function drawSubmissions() {
    const s = state.submissions;
    ui.subs.hidden = !s.open;
    if (!s.open) return;
    const n = Number(s.submitted) || 0;
    const of = Number(s.students) || 0;
    const count = tr.tn(
      "{count} of {total} students has submitted a strategy.",
      "{count} of {total} students have submitted a strategy.",
      n,
      { count: n, total: Math.max(n, of) },
    );
    ui.subsBar.value = of ? Math.min(1, n / of) : 0;
    ui.subsBar.setAttribute("aria-label", count);
    ui.subsCount.textContent = count;
  }

  function drawBoard() {
    const rows = boardRows(state.board, tr);
    ui.board.hidden = !rows;
    ui.boardRows.innerHTML = (rows || [])
      .map(
        (r) =>
          `<li><span class="borsen-place">${r.place}.</span>` +
          `<span class="borsen-rank-name">${escapeHTML(r.name)}</span>` +
          `<span class="borsen-rank-score">${escapeHTML(r.points)}</span></li>`,
      )
      .join("");
  }

  /** The class's experiment while it plays at tables (hidden while it does not). Its sentence
   * is spoken at most every SPEAK_MS, the latest one then: the charts change a few times a
   * second, and a screen reader must not read each. */
  function drawExperiment() {
    const shown = experimentView(state.experiment, tr);
    ui.x.hidden = !shown.show;
    if (!shown.show) return;
    ui.xCal.innerHTML = shown.calibration;
    ui.xLaw.innerHTML = shown.law;
    ui.xSentence.textContent = shown.sentence;
    ui.xCertain.textContent = shown.certain;
    ui.xCertain.hidden = !shown.certain;
    speakExperiment();
  }

  function speakExperiment() {
    if (state.speakTimer) return; // the latest sentence is spoken when the timer ends
    const wait = state.spokenAt + SPEAK_MS - Date.now();
    if (wait > 0) {
      state.speakTimer = setTimeout(() => {
        state.speakTimer = 0;
        if (state.experiment && !state.ended) speakExperiment();
      }, wait);
      return;
    }
    state.spokenAt = Date.now();
    ui.xLive.textContent = ui.xSentence.textContent;
  }

  function drawAll() {
    drawWords();
    drawJoin();
    drawQuestion();
    drawBoard();
    drawSubmissions();
    drawExperiment();
    tournament.draw();
    if (state.view) table.update(state.view);
  }

  function drawLink(text) {
    state.link = text;
    ui.link.textContent = text(tr);
  }

  /** The join code full screen (as large as the screen allows), or closed. */
  function showCode(on) {
    if (on && !state.join) return;
    if (on === !ui.code.hidden) return;
    ui.code.hidden = !on;
    root.classList.toggle("is-code", on);
    if (on) {
      state.opener = document.activeElement;
      ui.close.focus();
    } else {
      const back = state.opener && root.contains(state.opener) ? state.opener : ui.open;
      back.focus();
    }
  }

  function end(text) {
    state.ended = true;
    clearTimeout(state.timer);
    clearTimeout(state.speakTimer);
    state.endedText = text;
    showCode(false);
    ui.ended.hidden = false;
    ui.endedText.textContent = text(tr);
    root.querySelector(".borsen-p-layout").hidden = true;
    ui.open.hidden = true;
    drawLink((w) => w.t("Ended"));
    root.classList.add("is-ended");
  }

  // ---------------------------------------------------------------- messages from Python

  function onMessage(event) {
    let m;
    try {
      m = JSON.parse(event.data);
    } catch {
      return;
    }
    if (!m || typeof m !== "object") return;
    if (m.type === "hello") {
      state.tries = 0;
      drawLink((w) => w.t("Connected"));
    } else if (m.type === "speech") {
      tr = translator(m.speech || null);
      drawAll();
    } else if (m.type === "view") {
      state.view = m.view;
      table.update(m.view);
      drawLink((w) => w.t("Connected"));
    } else if (m.type === "room") {
      state.seats = m.seats || [];
      state.students = m.students;
      table.setHolders(state.seats);
      drawJoin();
    } else if (m.type === "question") {
      state.question = m.question || { state: "none" };
      drawQuestion();
      drawJoin();
    } else if (m.type === "board") {
      state.board = m;
      drawBoard();
    } else if (m.type === "submissions") {
      state.submissions = { open: m.open === true, submitted: m.submitted, students: m.students };
      drawSubmissions();
    } else if (m.type === "tournament") {
      tournament.receive(m);
    } else if (m.type === "experiment") {
      state.experiment = m.experiment && typeof m.experiment === "object" ? m.experiment : null;
      drawExperiment();
    } else if (m.type === "join") {
      state.join = { url: String(m.url ?? ""), qr: String(m.qr ?? ""), local: m.local === true };
      drawJoin();
    } else if (m.type === "ended") {
      end(() => String(m.text ?? ""));
    }
  }

  function open() {
    if (state.ended) return;
    drawLink((w) => (state.tries ? w.t("Reconnecting…") : w.t("Connecting…")));
    let socket;
    try {
      socket = connect(socketUrl(href));
    } catch {
      retry();
      return;
    }
    state.socket = socket;
    socket.addEventListener("message", onMessage);
    socket.addEventListener("close", () => {
      if (state.socket !== socket) return;
      state.socket = null;
      retry();
    });
  }

  function retry() {
    if (state.ended) return;
    state.tries += 1;
    drawLink((w) => w.t("Connection lost: reconnecting…"));
    state.timer = setTimeout(open, retryDelay(Math.min(state.tries - 1, 4)));
  }

  // ---------------------------------------------------------------- input (local only)

  function onClick(event) {
    const target = /** @type {HTMLElement} */ (event.target);
    if (!ui.code.hidden) {
      showCode(false); // a click anywhere closes the full-screen code
      return;
    }
    if (target.closest(".borsen-p-code-open")) showCode(true);
  }

  function onKeydown(event) {
    if (event.key === "Escape" && !ui.code.hidden) {
      event.preventDefault();
      showCode(false);
    }
  }

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeydown);
  drawAll();
  open();

  return {
    state,
    stop() {
      state.ended = true;
      clearTimeout(state.timer);
      clearTimeout(state.speakTimer);
      if (state.socket) state.socket.close();
      root.removeEventListener("click", onClick);
      root.removeEventListener("keydown", onKeydown);
      tournament.destroy();
      table.destroy();
    },
  };
}

if (typeof document !== "undefined" && document.getElementById("borsen-projector")) {
  startProjectorPage(document.getElementById("borsen-projector"));
}
