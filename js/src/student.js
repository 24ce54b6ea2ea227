// The students' page of a class (w.classroom() in the teacher's notebook): join with a name,
// vote when the teacher asks the class to guess first, take a seat the teacher opened, and
// play it from the phone when it is that seat's turn. The table is drawn by table.js, the very
// code the widget uses; everything comes from Python over one WebSocket, and every click is an
// intent that Python checks (this page may show buttons, but the kernel decides).

import { escapeHTML, requestIds } from "./helpers.js";
import {
  freeSeats,
  nameProblem,
  retryDelay,
  seatLine,
  sessionKey,
  socketUrl,
  voteCard,
} from "./student-helpers.js";
import { mountTable } from "./table.js";

/** How long a notice shows at least before the game moving on clears it (ms). */
const NOTICE_MS = 4000;

const TEMPLATE = `
<header class="borsen-class-head">
  <span class="borsen-class-title">Børsen</span>
  <span class="borsen-class-who"></span>
  <span class="borsen-class-link" role="status"></span>
</header>
<form class="borsen-join" novalidate>
  <h1 class="borsen-join-title">Join the class</h1>
  <label class="borsen-join-label" for="borsen-name">Your name</label>
  <input id="borsen-name" class="borsen-join-name" name="name" autocomplete="nickname"
    autocapitalize="words" spellcheck="false" maxlength="24" required>
  <button type="submit" class="borsen-btn borsen-primary borsen-join-go">Join</button>
  <p class="borsen-join-problem" role="alert"></p>
</form>
<div class="borsen-class" hidden>
  <section class="borsen-me" aria-label="Your seat">
    <p class="borsen-me-line"></p>
    <div class="borsen-me-seats"></div>
  </section>
  <section class="borsen-vote" aria-labelledby="borsen-vote-title" hidden>
    <h2 class="borsen-vote-title" id="borsen-vote-title">Guess first</h2>
    <p class="borsen-vote-question"></p>
    <div class="borsen-vote-buttons" role="group" aria-label="Your vote">
      <button type="button" class="borsen-btn borsen-vote-choice" data-vote="draw"
        aria-pressed="false">Draw</button>
      <button type="button" class="borsen-btn borsen-vote-choice" data-vote="bank"
        aria-pressed="false">Bank</button>
    </div>
    <p class="borsen-vote-mine" aria-live="polite"></p>
    <ul class="borsen-vote-results"></ul>
  </section>
  <div class="borsen-game"></div>
</div>
<section class="borsen-ended" role="alert" hidden>
  <h1 class="borsen-ended-title">The class has ended</h1>
  <p class="borsen-ended-text"></p>
</section>
<div class="borsen-sr" aria-live="polite" aria-atomic="false"></div>
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
  };
  const ids = requestIds("s");
  const state = {
    socket: null,
    joined: false,
    ended: false,
    view: null,
    you: { name: "", seat: null, vote: null },
    seats: [],
    cls: { on: false },
    tries: 0,
    timer: 0,
    noticeId: 0,
    notice: null,
    joining: false,
  };

  const table = mountTable(root, $(".borsen-game"), {
    send: (intent, extra) => sendIntent(intent, extra),
    uid: "student",
    tools: false,
    sr: $(".borsen-sr"),
    mayAct: (view) => state.you.seat !== null && state.you.seat === view.current,
  });

  function sendRaw(message) {
    const socket = state.socket;
    if (!socket || socket.readyState !== 1) {
      showNotice("Not connected just now: wait a moment and try again.");
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

  function showNotice(text, level = "warning") {
    state.noticeId += 1;
    if (!state.joined) {
      ui.problem.textContent = text;
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

  function drawLink(text, level = "ok") {
    ui.link.textContent = text;
    ui.link.dataset.level = level;
  }

  function drawMe() {
    ui.who.textContent = state.you.name;
    ui.meLine.textContent = seatLine(state.you, state.seats);
    const mine = state.you.seat !== null && state.you.seat !== undefined;
    const buttons = mine
      ? [`<button type="button" class="borsen-btn borsen-quiet" data-seat-intent="leave">` +
          "Leave the seat</button>"]
      : freeSeats(state.seats).map(
          (s) =>
            `<button type="button" class="borsen-btn borsen-secondary" ` +
            `data-seat-intent="claim" data-seat="${s.seat}">Take ${escapeHTML(s.name)}'s seat` +
            `</button>`,
        );
    ui.meSeats.innerHTML = buttons.join("");
  }

  function drawVote() {
    const card = voteCard(state.cls, state.you.vote);
    const hadFocus = ui.vote.contains(document.activeElement);
    ui.vote.hidden = !card.show;
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

  function redraw() {
    drawMe();
    drawVote();
    if (state.view) table.update(state.view);
  }

  function showJoined(on) {
    state.joined = on;
    ui.join.hidden = on;
    ui.classArea.hidden = !on;
    root.classList.toggle("is-joined", on);
  }

  function end(text) {
    state.ended = true;
    clearTimeout(state.timer);
    ui.ended.hidden = false;
    ui.endedText.textContent = text;
    ui.join.hidden = true;
    ui.classArea.hidden = true;
    drawLink("Ended", "off");
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
    if (m.type === "hello") {
      state.tries = 0;
      drawLink("Connected");
      const session = storage.get(key);
      if (session) {
        state.joining = true;
        sendRaw({ intent: "join", session, id: ids.next() });
      } else {
        ui.go.disabled = false;
      }
    } else if (m.type === "welcome") {
      state.joining = false;
      storage.set(key, m.session);
      state.you = { ...state.you, name: m.name };
      ui.problem.textContent = "";
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
    } else if (m.type === "room") {
      state.seats = m.seats || [];
      table.setHolders(state.seats);
      drawMe();
    } else if (m.type === "you") {
      state.you = { name: m.name, seat: m.seat ?? null, vote: m.vote ?? null };
      redraw();
    } else if (m.type === "class") {
      state.cls = m.class || { on: false };
      drawVote();
    } else if (m.type === "notice") {
      if (state.joining) {
        state.joining = false;
        ui.go.disabled = false;
      }
      showNotice(m.text, m.level || "warning");
    } else if (m.type === "ended") {
      end(m.text);
    }
  }

  function open() {
    if (state.ended) return;
    drawLink(state.tries ? "Reconnecting…" : "Connecting…", "wait");
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
      if (event.code === 4000) {
        end("This class was opened on another page of yours; this page has left.");
        return;
      }
      retry();
    });
  }

  function retry() {
    if (state.ended) return;
    state.tries += 1;
    if (state.tries > 12) {
      end("The class cannot be reached. It may have ended; ask your teacher.");
      return;
    }
    drawLink("Connection lost: reconnecting…", "wait");
    state.timer = setTimeout(open, retryDelay(state.tries - 1));
  }

  // ---------------------------------------------------------------- input

  function onSubmit(event) {
    event.preventDefault();
    const problem = nameProblem(ui.name.value);
    if (problem) {
      ui.problem.textContent = problem;
      ui.name.focus();
      return;
    }
    ui.problem.textContent = "";
    if (sendRaw({ intent: "join", name: ui.name.value.trim(), id: ids.next() })) {
      state.joining = true;
      ui.go.disabled = true;
    }
  }

  function onClick(event) {
    const button = /** @type {HTMLElement} */ (event.target).closest("button");
    if (!button || button.disabled) return;
    if (button.dataset.vote) {
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
  root.addEventListener("click", onClick);
  ui.go.disabled = true; // until the class says hello
  showJoined(false);
  open();

  return {
    state,
    stop() {
      state.ended = true;
      clearTimeout(state.timer);
      if (state.socket) state.socket.close();
      table.destroy();
    },
  };
}

/** localStorage when the browser allows it (a private window may not), else memory only. */
function safeStorage() {
  const memory = new Map();
  return {
    get(k) {
      try {
        return window.localStorage.getItem(k);
      } catch {
        return memory.get(k) ?? null;
      }
    },
    set(k, v) {
      try {
        window.localStorage.setItem(k, v);
      } catch {
        memory.set(k, v);
      }
    },
    remove(k) {
      try {
        window.localStorage.removeItem(k);
      } catch {
        memory.delete(k);
      }
    },
  };
}

if (typeof document !== "undefined" && document.getElementById("borsen-app")) {
  startStudentPage(document.getElementById("borsen-app"));
}
