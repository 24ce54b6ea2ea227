// The join card of a class on the students' phones, in the widget (for the teacher and the
// projector): the address and its QR code, who has joined (each with their answered mark and
// total, and the teacher's Rename and Remove), the posed question with its exact answer (the
// teacher sees it before the reveal), the teacher's buttons (ask each kind of question,
// reveal, lock the class, the projector's leaderboard), the link to the projector page, and
// the seats, each with the button to open it to students or take it back. It draws what
// Python sends in `room_card` (empty while no class is open) and turns clicks into requests:
// the seat buttons send ``send("open_seat" | "take_back", {seat})``, the rest
// ``send("room", {do, ...})``, which the widget sends to Python as
// ``{intent: "room", version, id, do, ...}``. Its words are the widget's language: `words()`
// returns the translator of the language the widget speaks now, read at every update.
// With `card.tables` (the class at tables) it also shows each table live (its game, seats,
// banks, whose turn) and the buttons that seat, pause, resume and move the tables on.

import { escapeHTML } from "./helpers.js";
import { translator } from "./i18n.js";
import {
  QUESTION_KINDS,
  classText,
  pointsText,
  questionText,
  roomSummary,
  seatState,
  truthShort,
} from "./student-helpers.js";

const TEMPLATE = `
<div class="borsen-room-head">
  <h3 class="borsen-room-title"></h3>
  <span class="borsen-room-count" aria-live="polite"></span>
</div>
<div class="borsen-room-body">
  <div class="borsen-room-qr"></div>
  <div class="borsen-room-info">
    <a class="borsen-room-url" target="_blank" rel="noopener noreferrer"></a>
    <p class="borsen-room-note"></p>
    <p class="borsen-room-reach" role="status" hidden></p>
    <div class="borsen-room-network" hidden></div>
    <p class="borsen-room-projector" hidden>
      <a class="borsen-room-projector-link" target="_blank" rel="noopener noreferrer"></a>
      <a class="borsen-btn borsen-quiet borsen-room-code" target="_blank"
        rel="noopener noreferrer"></a>
    </p>
  </div>
</div>
<div class="borsen-room-question" hidden>
  <p class="borsen-room-q-text"></p>
  <p class="borsen-room-q-line" aria-live="polite"></p>
</div>
<div class="borsen-room-controls" role="group"></div>
<div class="borsen-room-tables" role="group"></div>
<ul class="borsen-room-students"></ul>
<div class="borsen-room-seats" role="list"></div>
`;

const ENGLISH = translator(null);

/** The Ask buttons' words, one a kind of question. */
function askLabel(kind, t) {
  // TRANSLATORS: the teacher's button on the join card: pose a question of this kind.
  if (kind === "chance") return t("Ask: chance");
  // TRANSLATORS: the teacher's button: ask how many cards left would be accepted.
  if (kind === "count") return t("Ask: count");
  // TRANSLATORS: the teacher's button: ask how many cards the turn banks on average.
  if (kind === "expected") return t("Ask: expected cards");
  // TRANSLATORS: the teacher's button: ask the class to choose draw or bank.
  return t("Ask: draw or bank");
}

/**
 * The teacher's line about the question: "Answer: 3/8 = 0,375 = 37,5 % · 12 of 30 answered"
 * (after the reveal also how the class did).
 * @param {any} q the question with its truth (the join card's)
 */
export function teacherQuestionLine(q, tr = ENGLISH) {
  const parts = [];
  if (q.truth) parts.push(tr.t("Answer: {answer}", { answer: truthShort(q, tr) }));
  const n = q.answered || 0;
  // TRANSLATORS: on the teacher's join card: how many students have answered the question.
  parts.push(tr.tn("{count} of {total} answered", "{count} of {total} answered", n, {
    count: n,
    total: q.students || 0,
  }));
  if (q.state === "revealed") {
    // TRANSLATORS: on the join card: the question's answer has been shown to the class.
    parts.push(tr.t("revealed"));
    const line = classText(q, tr);
    if (line) parts.push(line);
  }
  return parts.join(" · ");
}

/**
 * Whether ``url`` answers from this browser within ``ms`` (any answer: the page of another
 * origin is opaque to it, and that is enough to know the address and its port are there).
 * @param {string} url
 * @returns {Promise<boolean>}
 */
export async function answers(url, ms = 5000) {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), ms);
  try {
    await fetch(url, { mode: "no-cors", cache: "no-store", credentials: "omit", signal: stop.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The teacher's page's address: its origin and the Jupyter server's base URL as the page
 * knows it (JupyterLab's and Notebook 7's page config), for a class reached through Jupyter.
 * @returns {{origin: string, base?: string}}
 */
export function pageAddress(doc = document, where = window.location) {
  const out = { origin: String(where.origin) };
  try {
    const config = doc.getElementById("jupyter-config-data");
    const base = config ? JSON.parse(config.textContent || "{}").baseUrl : undefined;
    if (typeof base === "string" && base.startsWith("/")) out.base = base.endsWith("/") ? base : `${base}/`;
  } catch {
    // no page config (another host): Python takes the server's own base URL
  }
  return out;
}

/**
 * Build the join card inside ``host`` and return ``update(card)`` and ``destroy()``.
 * @param {HTMLElement} host
 * @param {{send: (intent: string, extra?: object) => void, uid: string,
 *   words?: () => ReturnType<typeof translator>}} opts
 */
export function mountRoomCard(host, { send, uid, words = () => ENGLISH, probe = answers }) {
  const section = document.createElement("section");
  section.className = "borsen-room";
  section.innerHTML = TEMPLATE;
  section.hidden = true;
  host.appendChild(section);
  const $ = (sel) => section.querySelector(sel);
  const ui = {
    title: $(".borsen-room-title"),
    count: $(".borsen-room-count"),
    qr: $(".borsen-room-qr"),
    url: $(".borsen-room-url"),
    note: $(".borsen-room-note"),
    reach: $(".borsen-room-reach"),
    network: $(".borsen-room-network"),
    projector: $(".borsen-room-projector"),
    projectorLink: $(".borsen-room-projector-link"),
    code: $(".borsen-room-code"),
    question: $(".borsen-room-question"),
    qText: $(".borsen-room-q-text"),
    qLine: $(".borsen-room-q-line"),
    controls: $(".borsen-room-controls"),
    students: $(".borsen-room-students"),
    seats: $(".borsen-room-seats"),
    tables: $(".borsen-room-tables"),
  };
  ui.title.id = `${uid}-room-title`;
  section.setAttribute("aria-labelledby", ui.title.id);
  let shownQr = "";
  let last = null;
  /** The student being renamed (their key) and the one whose removal waits for a yes. */
  const local = { renaming: null, draft: "", removing: null, network: false, size: 4 };
  /** The teacher's page's address, told to Python once (a class through Jupyter uses it). */
  let toldAddress = false;
  /** Whether the join address answers from this computer: for which address, and the word. */
  const reach = { url: "", state: "" };

  /** Try the join address from the teacher's browser (once per address): it proves the
   * address and its port answer here, not that a phone can reach them. */
  function checkReach(url) {
    if (!url || reach.url === url) return;
    reach.url = url;
    reach.state = "checking";
    probe(url).then(
      (ok) => {
        if (reach.url !== url) return;
        reach.state = ok ? "ok" : "failed";
        redraw(null);
      },
      () => {
        if (reach.url !== url) return;
        reach.state = "failed";
        redraw(null);
      },
    );
  }

  function drawReach(card, t) {
    ui.reach.hidden = card.local || !reach.state;
    if (ui.reach.hidden) return;
    ui.reach.dataset.state = reach.state;
    ui.reach.textContent =
      reach.state === "checking"
        ? t("Checking whether the class answers at this address…")
        : reach.state === "ok"
          ? t("This computer reaches the class at this address. A network that keeps its devices apart can still stop phones: try one phone first.")
          : t("The class did not answer at this address from this computer, so phones will not reach it either.");
  }

  /** The focused control's id, so a redraw gives the keyboard back to the same control. */
  function focusedId() {
    const active = document.activeElement;
    return active && section.contains(active) ? active.dataset.fid || null : null;
  }

  function restoreFocus(fid) {
    if (!fid) return;
    const again = [...section.querySelectorAll("[data-fid]")].find((n) => n.dataset.fid === fid);
    if (again && !again.disabled) again.focus();
    else section.querySelector(".borsen-room-controls button:not([disabled])")?.focus();
  }

  /** Where only this computer can open the class: the button that opens it to the
   * classroom's network, and the teacher's yes before it does. */
  function drawNetwork(card, t) {
    ui.network.hidden = !card.local;
    if (!card.local) {
      local.network = false;
      ui.network.innerHTML = "";
      return;
    }
    if (local.network) {
      const ask = t(
        "Phones on this computer's network will reach the class at this computer's address, on port {port}. Open it to them?",
        { port: String(card.network_port ?? "") },
      );
      // TRANSLATORS: the teacher's yes: open the class to the classroom's network.
      const yes = escapeHTML(t("Yes, open it"));
      ui.network.innerHTML =
        `<p class="borsen-room-network-ask">${escapeHTML(ask)}</p>` +
        `<button type="button" class="borsen-btn borsen-primary" data-do="network" ` +
        `data-fid="network-yes">${yes}</button>` +
        `<button type="button" class="borsen-btn borsen-quiet" data-local="network-cancel" ` +
        `data-fid="network-no">${escapeHTML(t("Cancel"))}</button>`;
      return;
    }
    const why = t("Open the class to the classroom's network to let the phones in.");
    // TRANSLATORS: the teacher's button on the join card (it asks before it does it).
    const open = escapeHTML(t("Open to the classroom's network"));
    ui.network.innerHTML =
      `<p>${escapeHTML(why)}</p>` +
      `<button type="button" class="borsen-btn borsen-secondary" data-local="network" ` +
      `data-fid="network">${open}</button>`;
  }

  function drawControls(card, t, tn) {
    const q = card.question || { state: "none" };
    const open = q.state === "open";
    // The move on the table is forced (one legal action) or no decision is open: no question
    // (Python's card says so with ``can_ask: false``, or ``forced: true``).
    const askBlocked = card.can_ask === false || card.forced === true || open;
    const asks = QUESTION_KINDS.map(
      (kind) =>
        `<button type="button" class="borsen-btn borsen-secondary" data-do="ask" ` +
        `data-kind="${kind}" data-fid="ask-${kind}"${askBlocked ? " disabled" : ""}>` +
        `${escapeHTML(askLabel(kind, t))}</button>`,
    );
    // TRANSLATORS: the teacher's button: show the class the question's exact answer.
    const reveal = escapeHTML(t("Reveal the answer"));
    const locked = Boolean(card.locked);
    // The button says what it does, and a line beside it what holds now (a toggle
    // labelled "Closed to new students" read as the state while the class was open).
    const lock = escapeHTML(
      locked
        ? // TRANSLATORS: the teacher's button on the join card: let new students join again.
          t("Open to new students")
        : // TRANSLATORS: the teacher's button on the join card: no new students may join.
          t("Close to new students"),
    );
    const lockState = escapeHTML(
      locked
        ? // TRANSLATORS: on the join card, beside the button: the state now.
          t("New students cannot join now.")
        : // TRANSLATORS: on the join card, beside the button: the state now.
          t("New students can join."),
    );
    // TRANSLATORS: a toggle on the join card: the projector shows the students' totals.
    const board = escapeHTML(t("Leaderboard on the projector"));
    const on = Boolean(card.leaderboard);
    // The phones' strategy builder, open or closed to submissions.
    const strategies = card.strategies || { open: false, submitted: 0 };
    const make = escapeHTML(
      strategies.open
        ? // TRANSLATORS: the teacher's button on the join card: no more strategies are taken.
          t("Close submissions of strategies")
        : // TRANSLATORS: the teacher's button on the join card: the phones build a strategy.
          t("Make your strategy"),
    );
    const submitted = escapeHTML(
      tn("{count} strategy submitted.", "{count} strategies submitted.", strategies.submitted || 0, {
        count: strategies.submitted || 0,
      }),
    );
    ui.controls.innerHTML =
      asks.join("") +
      `<button type="button" class="borsen-btn borsen-primary" data-do="reveal" ` +
      `data-fid="reveal"${open ? "" : " disabled"}>${reveal}</button>` +
      `<span class="borsen-room-lock">` +
      `<button type="button" class="borsen-btn borsen-quiet" ` +
      `data-do="${locked ? "unlock" : "lock"}" data-fid="lock" ` +
      `aria-describedby="${uid}-lock-state">${lock}</button> ` +
      `<span class="borsen-room-lock-state" id="${uid}-lock-state" role="status" ` +
      `data-locked="${locked}">${lockState}</span></span>` +
      `<button type="button" class="borsen-btn borsen-quiet borsen-room-toggle" ` +
      `data-do="leaderboard" data-on="${!on}" data-fid="board" aria-pressed="${on}">` +
      `${board}</button>` +
      `<span class="borsen-room-strategies"><button type="button" class="borsen-btn ` +
      `borsen-secondary" data-do="strategies" data-on="${!strategies.open}" ` +
      `data-fid="strategies" data-testid="card-strategies" aria-pressed="${Boolean(strategies.open)}" ` +
      `aria-describedby="${uid}-strategies-count">${make}</button> ` +
      `<span id="${uid}-strategies-count" role="status">${submitted}</span></span>`;
  }

  /** The class at tables: before seating, the button with its size; after, the tables'
   * buttons and switches, then one box per table. */
  function drawTables(card, tr) {
    const t = tr.t;
    const tables = card.tables;
    ui.tables.setAttribute("aria-label", t("The class at tables"));
    if (!tables) {
      const sizes = [2, 3, 4, 5]
        .map((n) => `<option value="${n}"${n === local.size ? " selected" : ""}>${escapeHTML(tr.number(n, 0))}</option>`)
        .join("");
      // TRANSLATORS: the label of the size chosen beside "Put the class at tables".
      const size = escapeHTML(t("Seats per table"));
      // TRANSLATORS: the teacher's button on the join card: seat the whole class at tables
      // of the chosen size, each a game of its own (bots in the free seats).
      const seat = escapeHTML(t("Put the class at tables"));
      ui.tables.innerHTML =
        `<div class="borsen-room-controls">` +
        `<label for="${uid}-table-size">${size}</label> ` +
        `<select id="${uid}-table-size" class="borsen-room-table-size" data-fid="tables-size">${sizes}</select>` +
        `<button type="button" class="borsen-btn borsen-secondary" data-do="tables" ` +
        `data-fid="tables">${seat}</button></div>`;
      ui.tables.querySelector("select").value = String(local.size);
      return;
    }
    const paused = Boolean(tables.paused);
    const toggle = (what, on, label) =>
      `<button type="button" class="borsen-btn borsen-quiet borsen-room-toggle" ` +
      `data-do="${what}" data-on="${!on}" data-fid="${what}" aria-pressed="${on}">` +
      `${escapeHTML(label)}</button>`;
    // The state beside the buttons: paused, or what starts each table's next game.
    const line = escapeHTML(
      paused
        ? t("All tables are paused.")
        : tables.next === "teacher"
          ? t("Each table's next game starts when you start it.")
          : t("Each table's next game starts by itself."),
    );
    const pause = escapeHTML(
      paused
        ? // TRANSLATORS: the teacher's button on the join card: every table plays on.
          t("Resume all tables")
        : // TRANSLATORS: the teacher's button on the join card: every table stops for now.
          t("Pause all tables"),
    );
    // TRANSLATORS: the teacher's button on the join card: the tables whose game is over
    // start their next one.
    const nextGame = escapeHTML(t("Start the next game"));
    const buttons =
      `<div class="borsen-room-controls">` +
      `<button type="button" class="borsen-btn borsen-secondary" ` +
      `data-do="${paused ? "resume_tables" : "pause_tables"}" data-fid="pause-tables">` +
      `${pause}</button>` +
      `<button type="button" class="borsen-btn borsen-secondary" data-do="next_game" ` +
      `data-fid="next-game">${nextGame}</button>` +
      // TRANSLATORS: a switch on the join card: the phones show the exact chance of the next
      // card when it is the student's choice.
      toggle("chance", Boolean(tables.chance), t("Show the exact chance on the phones")) +
      // TRANSLATORS: a switch on the join card: every table plays with the same shuffled deck.
      toggle("same_deck", Boolean(tables.same_deck), t("The same deck at every table")) +
      `</div>` +
      `<p class="borsen-room-note" role="status">${line}</p>`;
    const boxes = (tables.tables || []).map((table) => tableHTML(table, tr)).join("");
    ui.tables.innerHTML = buttons +
      `<div class="borsen-room-seats borsen-room-table-list" role="list">${boxes}</div>`;
  }

  /** One table: its number and game (or "game over"), then each seat in a row. */
  function tableHTML(table, tr) {
    const t = tr.t;
    // TRANSLATORS: a table's heading on the teacher's join card (the class at tables).
    const head = t("Table {number} · game {game}", { number: table.number, game: table.game ?? 1 });
    // TRANSLATORS: on the join card, beside a table's heading: its game has ended.
    const overWord = escapeHTML(t("game over"));
    const over = table.over ? ` <span class="borsen-room-seat-state">${overWord}</span>` : "";
    const seats = (table.seats || []).map((seat, i) => {
      const marks = [];
      // TRANSLATORS: the mark beside a seat on the join card: a bot plays it.
      if (seat.bot) marks.push(t("a bot"));
      // TRANSLATORS: the mark beside a seat on the join card: the student's phone dropped and
      // a bot plays the seat until it is back.
      else if (seat.away) marks.push(t("away: a bot plays for now"));
      // TRANSLATORS: the mark beside a seat on the join card: the student's phone is not connected.
      else if (seat.student && !seat.here) marks.push(t("not connected"));
      const n = Number(seat.bank) || 0;
      marks.push(tr.tn("{count} card in the bank", "{count} cards in the bank", n, { count: n }));
      const index = seat.seat ?? i;
      const turn = !table.over && table.turn === index;
      // TRANSLATORS: the mark beside the seat whose turn it is, on the join card.
      if (turn) marks.push(t("their turn"));
      const name = seat.student && seat.student !== seat.name
        ? t("{player}, played by {student}", { player: seat.name, student: seat.student })
        : seat.name;
      return `<div class="borsen-room-seat${turn ? " is-turn" : ""}${seat.bot ? " is-bot" : ""}` +
        `${seat.away ? " is-away" : ""}" data-seat="${Number(index)}">` +
        `<span class="borsen-room-seat-name">${turn ? "▶ " : ""}${escapeHTML(name)}</span>` +
        `<span class="borsen-room-seat-state">${escapeHTML(marks.join(" · "))}</span></div>`;
    });
    return `<div class="borsen-room-question borsen-room-table" role="listitem" data-table="${Number(table.number)}"` +
      `${table.over ? ' data-over="true"' : ""}>` +
      `<p class="borsen-room-q-text">${escapeHTML(head)}${over}</p>${seats.join("")}</div>`;
  }

  function studentHTML(s, tr) {
    const t = tr.t;
    const key = escapeHTML(s.key ?? "");
    const cls = `${s.seat !== null && s.seat !== undefined ? "is-seated" : ""}` +
      `${s.here ? "" : " is-away"}`;
    // TRANSLATORS: a student on the join card whose page is closed for now.
    const name = s.here ? s.name : t("{student} (away)", { student: s.name });
    // TRANSLATORS: the mark beside a student on the join card who has answered the question.
    const answeredWord = escapeHTML(t("answered"));
    const mark = s.answered
      ? `<span class="borsen-room-answered" role="img" aria-label="${answeredWord}" ` +
        `title="${answeredWord}">✓</span>`
      : "";
    const total = typeof s.total === "number"
      ? `<span class="borsen-room-total">${escapeHTML(pointsText(s.total, tr))}</span>`
      : "";
    const save = escapeHTML(t("Save"));
    const cancel = escapeHTML(t("Cancel"));
    const yes = escapeHTML(t("Yes, remove"));
    // TRANSLATORS: the teacher's button beside a student: give them another name.
    const rename = escapeHTML(t("Rename"));
    // TRANSLATORS: the teacher's button beside a student: end their place in the class.
    const remove = escapeHTML(t("Remove"));
    let tools = "";
    if (s.key !== undefined && s.key !== null) {
      if (local.renaming === s.key) {
        const label = escapeHTML(t("New name for {student}", { student: s.name }));
        tools =
          `<form class="borsen-room-rename" data-key="${key}">` +
          `<input class="borsen-room-rename-field" data-fid="rename-field-${key}" ` +
          `aria-label="${label}" maxlength="24" value="${escapeHTML(local.draft)}">` +
          `<button type="submit" class="borsen-btn borsen-primary" data-fid="rename-save-${key}">` +
          `${save}</button>` +
          `<button type="button" class="borsen-btn borsen-quiet" data-local="cancel" ` +
          `data-fid="rename-cancel-${key}">${cancel}</button></form>`;
      } else if (local.removing === s.key) {
        const sure = escapeHTML(t("Remove {student} from the class?", { student: s.name }));
        tools =
          `<span class="borsen-room-sure">${sure}</span>` +
          `<button type="button" class="borsen-btn borsen-primary" data-do="remove" ` +
          `data-key="${key}" data-fid="remove-yes-${key}">${yes}</button>` +
          `<button type="button" class="borsen-btn borsen-quiet" data-local="cancel" ` +
          `data-fid="remove-no-${key}">${cancel}</button>`;
      } else {
        const renameLabel = escapeHTML(t("Rename {student}", { student: s.name }));
        const removeLabel = escapeHTML(t("Remove {student}", { student: s.name }));
        tools =
          `<button type="button" class="borsen-btn borsen-quiet" data-local="rename" ` +
          `data-key="${key}" data-fid="rename-${key}" aria-label="${renameLabel}">` +
          `${rename}</button>` +
          `<button type="button" class="borsen-btn borsen-quiet" data-local="remove" ` +
          `data-key="${key}" data-fid="remove-${key}" aria-label="${removeLabel}">` +
          `${remove}</button>`;
      }
    }
    return `<li class="${cls.trim()}" data-key="${key}">` +
      `<span class="borsen-room-student-name">${escapeHTML(name)}</span>${mark}${total}` +
      `${tools ? `<span class="borsen-room-student-tools">${tools}</span>` : ""}</li>`;
  }

  function update(card) {
    last = card;
    const on = Boolean(card && card.url);
    section.hidden = !on;
    if (!on) return;
    const fid = focusedId();
    const field = section.querySelector(".borsen-room-rename-field");
    if (field) local.draft = field.value;
    const tr = words() || ENGLISH;
    const t = tr.t;
    ui.title.textContent = t("Join on your phone");
    ui.students.setAttribute("aria-label", t("Students in the class"));
    ui.seats.setAttribute("aria-label", t("Seats on the students' phones"));
    ui.controls.setAttribute("aria-label", t("The class's questions"));
    if (card.via === "jupyter" && !toldAddress) {
      // Where the teacher's browser reaches the Jupyter server (a hub's https address, not
      // the server's own): the phones' address follows it.
      toldAddress = true;
      send("room", { do: "address", ...pageAddress() });
    }
    // No QR code where only this computer can open the address: no phone could.
    ui.qr.hidden = !card.qr;
    if (card.qr !== shownQr) {
      ui.qr.innerHTML = card.qr || ""; // segno's SVG, made in Python from the address
      shownQr = card.qr;
    }
    const code = ui.qr.querySelector("svg");
    if (code) code.setAttribute("aria-label", t("QR code of the class's address: {url}", { url: card.url }));
    ui.url.href = card.url;
    ui.url.textContent = card.url;
    ui.note.textContent = card.local
      ? t("Only this computer can open this address: no phone can.")
      : card.via === "jupyter"
        ? t("Phones reach the class through this Jupyter server's address: they need no Jupyter account, only this link.")
        : t("Anyone on this network who has the address can join.");
    drawNetwork(card, t);
    if (!card.local) checkReach(card.url);
    drawReach(card, t);
    ui.projector.hidden = !card.projector;
    if (card.projector) {
      ui.projectorLink.href = card.projector;
      ui.projectorLink.textContent = t("Open the projector page");
      ui.code.href = `${card.projector}#code`;
      // TRANSLATORS: opens the projector page with the join code as large as the screen.
      ui.code.textContent = t("Full-screen code");
    }
    const q = card.question || { state: "none" };
    const asked = q.state === "open" || q.state === "revealed";
    ui.question.hidden = !asked;
    if (asked) {
      ui.qText.textContent = questionText(q, tr);
      ui.qLine.textContent = teacherQuestionLine(q, tr);
    }
    drawControls(card, t, tr.tn);
    drawTables(card, tr);
    ui.count.textContent = roomSummary(card, tr);
    const students = card.students || [];
    ui.students.classList.toggle("is-rows", students.some((s) => s.key !== undefined));
    ui.students.innerHTML = students.map((s) => studentHTML(s, tr)).join("");
    ui.seats.innerHTML = (card.seats || [])
      .map((seat) => {
        const state = seatState(seat, tr);
        const player = seat.name;
        const back = escapeHTML(t("Take {player}'s seat back", { player }));
        const open = escapeHTML(t("Open {player}'s seat to students", { player }));
        // TRANSLATORS: the teacher's button on the join card: take a seat back from students.
        const backText = escapeHTML(t("Take back"));
        // TRANSLATORS: the teacher's button on the join card: let students take this seat.
        const openText = escapeHTML(t("Open to students"));
        const button = seat.bot
          ? ""
          : seat.open || seat.holder
            ? `<button type="button" class="borsen-btn borsen-quiet" data-room="take_back" ` +
              `data-seat="${seat.seat}" data-fid="seat-${seat.seat}" aria-label="${back}">` +
              `${backText}</button>`
            : `<button type="button" class="borsen-btn borsen-quiet" data-room="open_seat" ` +
              `data-seat="${seat.seat}" data-fid="seat-${seat.seat}" aria-label="${open}">` +
              `${openText}</button>`;
        return `<div class="borsen-room-seat" role="listitem" data-seat="${seat.seat}">` +
          `<span class="borsen-room-seat-name">${escapeHTML(seat.name)}</span>` +
          `<span class="borsen-room-seat-state">${escapeHTML(state)}</span>${button}</div>`;
      })
      .join("");
    restoreFocus(fid);
  }

  function redraw(fid) {
    if (last) update(last);
    restoreFocus(fid);
  }

  function onClick(event) {
    const button = /** @type {HTMLElement} */ (event.target).closest("button");
    if (!button || !section.contains(button) || button.disabled) return;
    const d = button.dataset;
    if (d.room) {
      send(d.room, { seat: Number(d.seat) });
    } else if (d.do === "ask") {
      send("room", { do: "ask", kind: d.kind });
    } else if (d.do === "tables") {
      send("room", { do: "tables", size: local.size });
    } else if (d.do === "leaderboard" || d.do === "strategies" || d.do === "chance" || d.do === "same_deck") {
      send("room", { do: d.do, on: d.on === "true" });
    } else if (d.do === "network") {
      local.network = false;
      send("room", { do: "network" });
      redraw("network");
    } else if (d.local === "network") {
      local.network = true;
      redraw("network-yes");
    } else if (d.local === "network-cancel") {
      local.network = false;
      redraw("network");
    } else if (d.do === "remove") {
      local.removing = null;
      send("room", { do: "remove", student: d.key });
      redraw(null);
      ui.controls.querySelector("button:not([disabled])")?.focus();
    } else if (d.do) {
      send("room", { do: d.do }); // reveal, lock, unlock, pause_tables, resume_tables, next_game
    } else if (d.local === "rename") {
      const student = ((last && last.students) || []).find((s) => s.key === d.key);
      local.renaming = d.key;
      local.removing = null;
      local.draft = student ? student.name : "";
      redraw(`rename-field-${d.key}`);
      section.querySelector(".borsen-room-rename-field")?.select();
    } else if (d.local === "remove") {
      local.removing = d.key;
      local.renaming = null;
      redraw(`remove-no-${d.key}`);
    } else if (d.local === "cancel") {
      const key = local.renaming ?? local.removing;
      const was = local.renaming !== null ? "rename" : "remove";
      local.renaming = null;
      local.removing = null;
      redraw(`${was}-${key}`);
    }
  }

  function onSubmit(event) {
    const form = /** @type {HTMLElement} */ (event.target).closest("form.borsen-room-rename");
    if (!form) return;
    event.preventDefault();
    const key = form.dataset.key;
    const name = form.querySelector("input").value.trim().replace(/\s+/g, " ");
    if (!name) return; // Python checks the name again and answers with a notice
    local.renaming = null;
    send("room", { do: "rename", student: key, name });
    redraw(`rename-${key}`);
  }

  function onKeydown(event) {
    if (event.key !== "Escape" || (local.renaming === null && local.removing === null)) return;
    event.preventDefault();
    event.stopPropagation();
    const key = local.renaming ?? local.removing;
    const was = local.renaming !== null ? "rename" : "remove";
    local.renaming = null;
    local.removing = null;
    redraw(`${was}-${key}`);
  }

  function onChange(event) {
    const select = /** @type {HTMLElement} */ (event.target).closest(".borsen-room-table-size");
    if (select) local.size = Number(/** @type {HTMLSelectElement} */ (select).value) || 4;
  }

  section.addEventListener("click", onClick);
  section.addEventListener("change", onChange);
  section.addEventListener("submit", onSubmit);
  section.addEventListener("keydown", onKeydown);
  return {
    update,
    destroy() {
      section.removeEventListener("click", onClick);
      section.removeEventListener("change", onChange);
      section.removeEventListener("submit", onSubmit);
      section.removeEventListener("keydown", onKeydown);
      section.remove();
    },
  };
}
