// The game's table: status line, deck and pile, action buttons, the ace dialog, the end
// screen, the seats and the event list, drawn from the public view Python sends. Shared by the
// widget (widget.js, in JupyterLab) and the student page (student.js, on a phone): each gives
// it a way to send intents and says which seats its page may act for.
// The pure parts (cards, layout, words, keys) live in helpers.js and are unit-tested.
// Its words come from `opts.words()` (the language spoken, read at every update): the static
// texts of the template are written by drawWords(), so a new language redraws them all.

import {
  ENGLISH,
  EVENT_GLYPHS,
  ICONS,
  aceConfirm,
  actionLabel,
  addedCards,
  cardCount,
  cardHTML,
  deckCaption,
  deckLabel,
  escapeHTML,
  fanLayout,
  keyIntent,
  newEvents,
  parseCard,
  pileLabel,
  ranking,
  seatLabel,
  showBotControls,
  statusText,
  toggleChoice,
} from "./helpers.js";

const TOOLS = `
  <div class="borsen-tools">
    <button type="button" class="borsen-btn borsen-quiet" data-intent="pause"
      aria-keyshortcuts="P" hidden><span class="borsen-label"></span><kbd data-key="P" aria-hidden="true"></kbd></button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="resume"
      aria-keyshortcuts="P" hidden><span class="borsen-label"></span><kbd data-key="P" aria-hidden="true"></kbd></button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="step"
      aria-keyshortcuts="S" hidden><span class="borsen-label"></span><kbd data-key="S" aria-hidden="true"></kbd></button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="undo"
      aria-keyshortcuts="U" hidden><span class="borsen-label"></span><kbd data-key="U" aria-hidden="true"></kbd></button>
    <button type="button" class="borsen-btn borsen-quiet borsen-panel-toggle"
      data-intent="panel" aria-keyshortcuts="T" aria-pressed="false"><span
      class="borsen-label"></span><kbd data-key="T" aria-hidden="true"></kbd></button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="new_game"
      aria-keyshortcuts="N"><span class="borsen-label"></span><kbd data-key="N" aria-hidden="true"></kbd></button>
  </div>`;

const template = (tools) => `
<div class="borsen-top">
  <div class="borsen-title" aria-hidden="true">Børsen</div>
  <div class="borsen-status"></div>
  <div class="borsen-turns" aria-hidden="true"></div>
</div>
<div class="borsen-table">
  <div class="borsen-deck" role="img">
    <div class="borsen-back"><span class="borsen-deck-count"></span></div>
    <div class="borsen-deck-caption" aria-hidden="true"></div>
  </div>
  <div class="borsen-pile" role="img"></div>
  <div class="borsen-end" hidden>
    <div class="borsen-end-title"></div>
    <div class="borsen-end-result"><span class="borsen-trophy"></span><span
      class="borsen-end-text"></span></div>
    <ol class="borsen-end-ranking"></ol>
    <div class="borsen-end-why"></div>
  </div>
</div>
<div class="borsen-aces" role="dialog" aria-modal="false" hidden>
  <div class="borsen-aces-title"></div>
  <p class="borsen-aces-text"></p>
  <div class="borsen-aces-cards" role="group"></div>
  <div class="borsen-aces-foot">
    <span class="borsen-aces-hint" aria-live="polite"></span>
    <button type="button" class="borsen-btn borsen-primary borsen-aces-ok"></button>
  </div>
</div>
<div class="borsen-controls">
  <div class="borsen-actions">
    <button type="button" class="borsen-btn borsen-primary" data-intent="draw"
      aria-keyshortcuts="D" hidden><span class="borsen-label"></span><kbd data-key="D" aria-hidden="true"></kbd></button>
    <button type="button" class="borsen-btn borsen-secondary" data-intent="bank"
      aria-keyshortcuts="B" hidden><span class="borsen-label"></span><kbd data-key="B" aria-hidden="true"></kbd></button>
    <span class="borsen-waiting" hidden><span class="borsen-dots" aria-hidden="true"></span>
      <span class="borsen-waiting-text"></span></span>
  </div>${tools ? TOOLS : ""}
</div>
<div class="borsen-notice" role="alert" hidden>
  <span class="borsen-notice-text"></span>
  <button type="button" class="borsen-notice-close">×</button>
</div>
<div class="borsen-seats" role="list"></div>
<div class="borsen-log-wrap">
  <div class="borsen-log-title" aria-hidden="true"></div>
  <ol class="borsen-log" tabindex="0"></ol>
</div>
<div class="borsen-rules" hidden></div>
`;

/**
 * Build the table inside ``game`` (an element inside ``root``, the focusable ``.borsen``) and
 * return ``update(view)``, ``setNotice(notice)``, ``setHolders(seats)`` and ``destroy()``.
 *
 * - ``send(intent, extra)``: how an intent reaches Python (with the view's version added).
 * - ``tools``: the teacher's tools (pause, undo, probabilities, new game) — the widget's only.
 * - ``mayAct(view)``: whether this page may act for the seat to act now (the widget: always;
 *   a student's page: only for the seat its student holds). Python checks it again.
 * - ``held(view)``: a line saying why this page's move waits ("" when it does not): its Draw
 *   and Bank show disabled with the line beside them, and its keys do nothing (a student's
 *   seat while the class answers a question about the move).
 * - ``extraKey(event)``: a key this page handles before the table's (the panel's R).
 * - ``sr``: the live region that announces new events (their spoken sentences) and a turn
 *   coming to a seat this screen plays.
 * - ``speech()``: how much is announced: ``{every: false, seats}`` only the events of the seats
 *   in ``seats`` (those this screen plays) and those that befall them (robbed, a pile passed
 *   to them), their turns and the game's end; every event when not given.
 * - ``words()``: the words of the language spoken now (``translator(speech)`` of i18n.js),
 *   read at every update; English when not given. After a change of language, call
 *   ``update(view)`` again.
 * @param {HTMLElement} root
 * @param {HTMLElement} game
 * @param {{send: (intent: string, extra?: object) => void, uid: string, tools?: boolean,
 *   mayAct?: (view: any) => boolean, held?: (view: any) => string, extraKey?: (event: KeyboardEvent) => any,
 *   sr: HTMLElement, words?: () => any, speech?: () => any}} opts
 */
export function mountTable(root, game, opts) {
  const { send, uid, tools = true, mayAct = () => true, extraKey = () => null, sr } = opts;
  const speech = opts.speech || (() => null);
  const held = opts.held || (() => "");
  const words = opts.words || (() => ENGLISH);
  game.innerHTML = template(tools);
  const $ = (sel) => game.querySelector(sel);
  const ui = {
    status: $(".borsen-status"),
    turns: $(".borsen-turns"),
    deck: $(".borsen-deck"),
    deckCount: $(".borsen-deck-count"),
    deckCaption: $(".borsen-deck-caption"),
    pile: $(".borsen-pile"),
    end: $(".borsen-end"),
    endText: $(".borsen-end-text"),
    endRanking: $(".borsen-end-ranking"),
    endWhy: $(".borsen-end-why"),
    aces: $(".borsen-aces"),
    acesTitle: $(".borsen-aces-title"),
    acesText: $(".borsen-aces-text"),
    acesCards: $(".borsen-aces-cards"),
    acesHint: $(".borsen-aces-hint"),
    acesOk: $(".borsen-aces-ok"),
    waiting: $(".borsen-waiting"),
    waitingText: $(".borsen-waiting-text"),
    notice: $(".borsen-notice"),
    noticeText: $(".borsen-notice-text"),
    noticeClose: $(".borsen-notice-close"),
    seats: $(".borsen-seats"),
    log: $(".borsen-log"),
    rules: $(".borsen-rules"),
    endTitle: $(".borsen-end-title"),
    logTitle: $(".borsen-log-title"),
    buttons: Object.fromEntries(
      [...game.querySelectorAll("button[data-intent]")].map((b) => [b.dataset.intent, b]),
    ),
  };
  game.querySelector(".borsen-trophy").innerHTML = ICONS.trophy;
  ui.acesTitle.id = `${uid}-aces-title`;
  ui.acesText.id = `${uid}-aces-text`;
  ui.aces.setAttribute("aria-labelledby", ui.acesTitle.id);
  ui.aces.setAttribute("aria-describedby", ui.acesText.id);

  /** State local to this view (not synced: each view has its own). */
  const local = {
    view: null,
    pile: null,
    events: [],
    aceKey: "",
    chosen: new Set(),
    confirmNew: false,
    confirmTimer: 0,
    noticeId: -1,
    dismissed: -1,
    holders: [],
    w: ENGLISH,
  };

  local.w = words() || ENGLISH;
  drawWords();

  function setHidden(node, hidden) {
    if (node.hidden !== hidden) node.hidden = hidden;
  }

  function focusInside() {
    return root.contains(document.activeElement);
  }

  /** Whether this page may act on ``view`` (its seat is to act, or it is the teacher's). */
  function mine(view) {
    return Boolean(view && !view.over && mayAct(view));
  }

  /** Whether the turn has just come to a person's seat this screen plays (a new player to
   * act, the aces to decide, or the turn back after others' moves, ``fresh`` the events
   * since), so that it is said once. */
  function turnCame(before, view, fresh) {
    const p = view.players[view.current];
    if (!mine(view) || !p || p.bot) return false;
    const othersMoved = fresh.some((e) => e.seat != null && e.seat !== view.current);
    return !mine(before) || before.current !== view.current || before.phase !== view.phase ||
      othersMoved;
  }

  // ---------------------------------------------------------------- drawing the view

  function setLabel(intent, text) {
    const b = ui.buttons[intent];
    if (b) b.querySelector(".borsen-label").textContent = text;
  }

  /** The template's own texts, in the language spoken. */
  function drawWords() {
    const w = local.w;
    const b = ui.buttons;
    ui.endTitle.textContent = w.t("Game over");
    ui.acesCards.setAttribute("aria-label", w.t("Aces: press one to list it or keep it"));
    ui.noticeClose.setAttribute("aria-label", w.t("Dismiss this notice"));
    ui.seats.setAttribute("aria-label", w.t("Players"));
    ui.logTitle.textContent = w.t("What happened");
    ui.log.setAttribute("aria-label", w.t("What happened, newest first"));
    // TRANSLATORS: a button: draw a card from the deck.
    setLabel("draw", w.t("Draw"));
    b.draw.setAttribute("aria-label", w.t("Draw a card (key {key})", { key: "D" }));
    if (!tools) return;
    // TRANSLATORS: a button: stop the bots after their move.
    setLabel("pause", w.t("Pause"));
    b.pause.setAttribute("aria-label", w.t("Pause the bots (key {key})", { key: "P" }));
    setLabel("resume", w.t("Play on"));
    b.resume.setAttribute("aria-label", w.t("Let the bots play on (key {key})", { key: "P" }));
    // TRANSLATORS: a button: play one bot move now.
    setLabel("step", w.t("Step"));
    b.step.setAttribute("aria-label", w.t("Play one bot move (key {key})", { key: "S" }));
    setLabel("undo", w.t("Undo"));
    setLabel("panel", w.t("Probabilities"));
    if (!local.confirmNew) {
      setLabel("new_game", w.t("New game"));
      b.new_game.setAttribute("aria-label", w.t("Start a new game (key {key})", { key: "N" }));
    }
  }

  function drawTable(view) {
    const w = local.w;
    ui.deckCount.textContent = String(view.deck_size);
    ui.deckCaption.textContent = deckCaption(view, w);
    ui.deck.setAttribute("aria-label", deckLabel(view, w));
    ui.deck.classList.toggle("is-empty", view.deck_size === 0);

    const empty = w.t("Empty pile");
    const added = addedCards(local.pile, view.pile);
    const layout = fanLayout(view.pile.length);
    ui.pile.style.setProperty("--n", String(view.pile.length));
    ui.pile.innerHTML = view.pile.length
      ? layout
          .map((slot) => {
            const isNew = slot.index >= view.pile.length - added;
            const cls = `${slot.top ? "is-top" : ""}${isNew ? " is-new" : ""}`;
            const style = `--i:${slot.index};--angle:${slot.angle}deg`;
            return cardHTML(view.pile[slot.index], { cls, style, hidden: true });
          })
          .join("")
      : `<div class="borsen-empty-pile">${view.over ? "" : escapeHTML(empty)}</div>`;
    ui.pile.setAttribute("aria-label", pileLabel(view.pile, w));
    local.pile = view.pile;
  }

  function drawSeats(view) {
    const w = local.w;
    const safe = escapeHTML(w.t("Aces in a bank cannot be robbed"));
    const noAces = escapeHTML(w.t("no aces"));
    // TRANSLATORS: a small tag beside a seat played by the computer.
    const botTag = escapeHTML(w.t("bot"));
    ui.seats.innerHTML = view.players
      .map((p) => {
        const cls = ["borsen-seat"];
        if (p.is_current) cls.push("is-current");
        if (p.is_winner) cls.push("is-winner");
        if (p.bot) cls.push("is-bot");
        if (p.you) cls.push("is-you");
        const held = local.holders[p.seat] || {};
        const holder = held.holder;
        // A phone plays the seat, its student unnamed (the projector with the leaderboard off).
        const anonymous = !holder && held.phone === true;
        if (holder || anonymous) cls.push("is-held");
        const aces = p.aces.length
          ? `<div class="borsen-seat-aces" title="${safe}">` +
            p.aces.map((a) => cardHTML(a, { cls: "is-mini", hidden: true })).join("") +
            `<span class="borsen-safe">${ICONS.lock}</span></div>`
          : `<div class="borsen-seat-aces is-none">${noAces}</div>`;
        const tag = p.bot
          ? `<span class="borsen-tag" title="${escapeHTML(p.bot)}">${botTag}</span>`
          : "";
        const mark = p.you ? w.t("your turn") : w.t("to play");
        const turn = p.is_current ? `<span class="borsen-turn-mark">${escapeHTML(mark)}</span>` : "";
        const crown = p.is_winner ? `<span class="borsen-crown">${ICONS.trophy}</span>` : "";
        const played = holder
          ? w.t("Played on {student}'s phone", { student: holder })
          : w.t("Played on a phone");
        const phone = holder
          ? `<div class="borsen-holder" title="${escapeHTML(played)}">` +
            `${ICONS.phone}<span>${escapeHTML(holder)}</span></div>`
          : anonymous
            ? `<div class="borsen-holder" title="${escapeHTML(played)}">${ICONS.phone}</div>`
            : "";
        const seat = seatLabel(p, w);
        const label = holder
          ? w.t("{seat}, played by {student}", { seat, student: holder })
          : anonymous
            ? w.t("{seat}, played on a phone", { seat })
            : seat;
        // TRANSLATORS: the unit under a seat's score (how many cards its bank holds).
        const unit = w.tnp("score", "card", "cards", p.score);
        const robbable = w.tn("{count} can be robbed", "{count} can be robbed", p.robbable,
          { count: p.robbable });
        return (
          `<div class="${cls.join(" ")}" role="listitem" data-seat="${p.seat}" ` +
          `aria-label="${escapeHTML(label)}" aria-current="${p.is_current}">` +
          `<div class="borsen-seat-head">${crown}<span class="borsen-seat-name">` +
          `${escapeHTML(p.name)}</span>${tag}${turn}</div>${phone}` +
          `<div class="borsen-seat-body"><div class="borsen-bank">` +
          `<span class="borsen-score">${p.score}</span>` +
          `<span class="borsen-score-unit">${escapeHTML(unit)}</span></div>` +
          `${aces}</div>` +
          `<div class="borsen-seat-foot">${escapeHTML(robbable)}</div></div>`
        );
      })
      .join("");
  }

  function drawLog(view) {
    const events = view.events;
    const fresh = newEvents(local.events, events);
    const newest = events.length ? events[events.length - 1] : null;
    ui.log.innerHTML = [...events]
      .reverse()
      .map((e) => {
        const cls = `borsen-ev borsen-ev-${e.kind}${e === newest ? " is-newest" : ""}`;
        const icon = EVENT_GLYPHS[e.kind] || "•";
        return `<li class="${cls}"><span class="borsen-ev-icon" aria-hidden="true">${icon}</span>` +
          `<span class="borsen-ev-text">${escapeHTML(e.text)}</span></li>`;
      })
      .join("");
    // Announce only what is new (several views each announce: they are separate outputs),
    // in one live region once a move: the events' spoken sentences (cards in words) and, when
    // the turn has just come to a seat this screen plays, what that seat may do.
    if (local.view && fresh.length && fresh.length < events.length) {
      const { every = true, seats = [] } = speech() || {};
      const told = fresh
        .filter((e) => every || seats.includes(e.seat) || seats.includes(e.target) ||
          e.kind === "end")
        .map((e) => e.said || e.text);
      if (turnCame(local.view, view, fresh)) told.push(statusText(view, local.w));
      if (told.length) sr.textContent = told.join(" ");
    }
    local.events = events;
  }

  function drawControls(view) {
    const w = local.w;
    const b = ui.buttons;
    const acts = mine(view) ? view.actions : [];
    const hold = acts.length ? held(view) || "" : "";
    setHidden(b.draw, !acts.includes("draw"));
    setHidden(b.bank, !acts.includes("bank"));
    b.draw.disabled = Boolean(hold);
    b.bank.disabled = Boolean(hold);
    const n = view.pile.length;
    setLabel("bank", actionLabel("bank", view, w));
    b.bank.setAttribute("aria-label",
      w.tn("Bank {count} card (key {key})", "Bank {count} cards (key {key})", n, { count: n, key: "B" }));
    const c = view.controls || {};
    // Someone else is to act: a bot (unless paused), or on a student's page another seat.
    const other = !view.over && !view.bot_turn && !mine(view);
    const waiting = (view.bot_turn && !c.paused) || other || Boolean(hold);
    setHidden(ui.waiting, !waiting);
    const who = view.players[view.current];
    ui.waitingText.textContent = hold ||
      (waiting && who ? w.t("{player} is playing", { player: who.name }) : "");
    if (!tools) return;
    const bots = showBotControls(view);
    setHidden(b.pause, !(bots && !c.paused));
    setHidden(b.resume, !(bots && c.paused));
    setHidden(b.step, !(bots && c.paused && view.bot_turn));
    setHidden(b.undo, !c.allow_undo);
    b.undo.disabled = !c.can_undo;
    b.undo.setAttribute(
      "aria-label",
      c.can_undo ? w.t("Undo the last decision (key {key})", { key: "U" })
        : w.t("Undo: there is nothing to take back"),
    );
    b.new_game.classList.toggle("borsen-primary", view.over);
    b.new_game.classList.toggle("borsen-quiet", !view.over);
    if (view.over) resetConfirm();
  }

  function drawAces(view) {
    const w = local.w;
    const dec = mine(view) ? view.aces : null;
    if (!dec) {
      setHidden(ui.aces, true);
      local.aceKey = "";
      return false;
    }
    const key = `${dec.seat}|${dec.pending.join(",")}|${dec.to_list}`;
    const opening = ui.aces.hidden || key !== local.aceKey;
    if (key !== local.aceKey) {
      local.aceKey = key;
      local.chosen = new Set();
    }
    ui.acesTitle.textContent = dec.you ? w.t("Decide on your aces")
      : w.t("{player}, decide on your aces", { player: dec.name });
    ui.acesText.textContent = dec.text;
    drawAceChoices(dec);
    setHidden(ui.aces, false);
    return opening;
  }

  function drawAceChoices(dec) {
    const w = local.w;
    // TRANSLATORS: the state of an ace in the dialog: it will be listed (back into the deck).
    const listWord = escapeHTML(w.tp("ace choice", "List"));
    // TRANSLATORS: the state of an ace in the dialog: it stays in the bank.
    const keepWord = escapeHTML(w.tp("ace choice", "Keep"));
    ui.acesCards.innerHTML = dec.pending
      .map((code, i) => {
        const listed = local.chosen.has(i);
        const card = cardHTML(code, { hidden: true, cls: "is-choice" });
        const name = parseCard(code, w).name;
        const label = listed
          ? w.t("List the {card} (key {key})", { card: name, key: i + 1 })
          : w.t("Keep the {card} (key {key})", { card: name, key: i + 1 });
        const state = listed ? `↺ ${listWord}` : `${ICONS.lock} ${keepWord}`;
        return `<button type="button" class="borsen-ace${listed ? " is-listed" : ""}" ` +
          `data-ace="${i}" aria-pressed="${listed}" aria-label="${escapeHTML(label)}">${card}` +
          `<span class="borsen-ace-state">${state}</span>` +
          `<kbd data-key="${i + 1}" aria-hidden="true"></kbd></button>`;
      })
      .join("");
    const conf = aceConfirm(dec.pending, local.chosen, dec.to_list, w);
    ui.acesOk.textContent = conf.label;
    ui.acesOk.disabled = !conf.enabled;
    ui.acesHint.textContent = conf.hint;
  }

  function drawEnd(view) {
    const w = local.w;
    setHidden(ui.end, !view.over);
    root.classList.toggle("is-over", view.over);
    if (!view.over) return;
    ui.endText.textContent = view.result;
    ui.endRanking.innerHTML = ranking(view.players)
      .map(
        (p) =>
          `<li class="${p.is_winner ? "is-winner" : ""}"><span class="borsen-place">${p.place}.` +
          `</span><span class="borsen-rank-name">${escapeHTML(p.name)}</span>` +
          `<span class="borsen-rank-score">${escapeHTML(cardCount(p.score, w))}</span></li>`,
      )
      .join("");
    ui.endWhy.textContent = view.end_reason === "max_turns"
      ? w.t("The turn limit was reached.") : w.t("The deck is empty.");
  }

  /** Show a notice (``{id, text, level}``; empty text hides it), unless dismissed. */
  function setNotice(notice) {
    const n = notice || {};
    const text = n.text || "";
    const show = Boolean(text) && n.id !== local.dismissed;
    ui.noticeText.textContent = text;
    ui.notice.dataset.level = n.level || "info";
    setHidden(ui.notice, !show);
    local.noticeId = n.id;
  }

  function update(view) {
    local.w = words() || ENGLISH;
    drawWords();
    if (!view || !view.players) return;
    const w = local.w;
    const hadFocus = focusInside();
    root.dataset.version = String(view.version);
    root.dataset.phase = view.phase;
    ui.status.textContent = statusText(view, w);
    ui.turns.textContent = view.over ? "" : w.t("Turn {number}", { number: view.turns + 1 });
    drawTable(view);
    drawSeats(view);
    drawControls(view);
    const opening = drawAces(view);
    drawEnd(view);
    drawLog(view);
    const rules = view.rules || [];
    setHidden(ui.rules, !rules.length);
    ui.rules.textContent = rules.length
      ? w.tn("House rule: {rules}", "House rules: {rules}", rules.length,
        { rules: rules.join("; ") })
      : "";
    local.view = view;
    if (hadFocus) keepFocus(opening, view);
  }

  /** Who holds which seat on the students' phones (``[{seat, holder}]``; [] for none;
   * ``{seat, holder: null, phone: true}``: a phone plays it, its student not named). */
  function setHolders(seats) {
    local.holders = [];
    for (const s of seats || []) local.holders[s.seat] = s;
    if (local.view) drawSeats(local.view);
  }

  /** Keep keyboard focus inside the widget when the focused button disappears. */
  function keepFocus(opening, view) {
    const active = document.activeElement;
    if (opening) {
      const first = ui.acesCards.querySelector("button");
      if (first) first.focus();
      return;
    }
    const lost = !root.contains(active) || active.hidden || active.disabled ||
      active.closest("[hidden]");
    if (!lost) return;
    if (view.over && ui.buttons.new_game) ui.buttons.new_game.focus();
    else if (!ui.buttons.draw.hidden) ui.buttons.draw.focus();
    else root.focus();
  }

  // ---------------------------------------------------------------- input

  function resetConfirm() {
    local.confirmNew = false;
    clearTimeout(local.confirmTimer);
    const b = ui.buttons.new_game;
    if (!b) return;
    const w = local.w;
    setLabel("new_game", w.t("New game"));
    b.setAttribute("aria-label", w.t("Start a new game (key {key})", { key: "N" }));
  }

  function newGame() {
    const view = local.view;
    // A game in progress is lost by starting over: ask once more.
    if (view && !view.over && !local.confirmNew) {
      local.confirmNew = true;
      const w = local.w;
      // TRANSLATORS: the New game button asks once more while a game is on.
      setLabel("new_game", w.t("Start over?"));
      ui.buttons.new_game.setAttribute("aria-label", w.t("Press again to start a new game"));
      local.confirmTimer = setTimeout(resetConfirm, 4000);
      return;
    }
    resetConfirm();
    send("new_game");
  }

  function act(intent) {
    if (!(intent in ui.buttons)) return; // a tool this page does not have
    if (intent === "new_game") newGame();
    else {
      if (local.confirmNew) resetConfirm();
      send(intent);
    }
  }

  function confirmAces() {
    const view = local.view;
    if (!mine(view) || !view.aces) return;
    const conf = aceConfirm(view.aces.pending, local.chosen, view.aces.to_list, local.w);
    if (!conf.enabled) {
      ui.acesHint.textContent = conf.hint;
      return;
    }
    if (conf.listed.length) send("list", { aces: conf.listed });
    else send("keep");
  }

  function toggleAce(index) {
    const view = local.view;
    if (!mine(view) || !view.aces || index >= view.aces.pending.length) return;
    local.chosen = toggleChoice(local.chosen, index);
    drawAceChoices(view.aces);
    const btn = ui.acesCards.querySelector(`[data-ace="${index}"]`);
    if (btn) btn.focus();
  }

  function dismiss() {
    local.dismissed = local.noticeId;
    setHidden(ui.notice, true);
  }

  function onClick(event) {
    const target = /** @type {HTMLElement} */ (event.target);
    const button = target.closest("button");
    if (!button || !game.contains(button) || button.disabled) return;
    if (button.dataset.intent) act(button.dataset.intent);
    else if (button.dataset.ace !== undefined) toggleAce(Number(button.dataset.ace));
    else if (button === ui.acesOk) confirmAces();
    else if (button === ui.noticeClose) {
      dismiss();
      root.focus();
    }
  }

  function onKeydown(event) {
    if (event.key === "Escape" && !ui.notice.hidden) {
      dismiss();
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    const target = /** @type {HTMLElement} */ (event.target);
    if (target && target.matches && target.matches("input, textarea, select")) return;
    const dialog = !ui.aces.hidden;
    const view = local.view;
    // A page that may not act now gets no game keys (its buttons are hidden too).
    const keyView = mine(view) && !held(view) ? view : view && { ...view, actions: [] };
    let hit = extraKey(event) || keyIntent(event, keyView, dialog);
    if (hit && hit.intent && !(hit.intent in ui.buttons)) hit = null;
    if (!hit) return;
    event.preventDefault();
    event.stopPropagation();
    if (hit.toggle !== undefined) toggleAce(hit.toggle);
    else if (hit.intent) act(hit.intent);
    else if (hit.run) hit.run();
  }

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeydown);

  return {
    update,
    setNotice,
    setHolders,
    buttons: ui.buttons,
    get view() {
      return local.view;
    },
    destroy() {
      root.removeEventListener("click", onClick);
      root.removeEventListener("keydown", onKeydown);
      clearTimeout(local.confirmTimer);
      game.innerHTML = "";
    },
  };
}
