// The Børsen widget's front end: one anywidget ES module, no framework.
// render() builds the table once per view and updates it whenever the model's `view` or
// `notice` changes; clicks and keys become intents sent to Python with the view's version.
// The pure parts (cards, layout, words, keys) live in helpers.js and are unit-tested.
// The teacher's panel (probabilities, beside the table) is drawn by panel.js from the
// model's `panel` (empty while it is switched off).

import {
  EVENT_GLYPHS,
  ICONS,
  aceConfirm,
  actionLabel,
  addedCards,
  cardHTML,
  count,
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
import { mountPanel } from "./panel.js";
import { panelKey } from "./panel-helpers.js";

const TEMPLATE = `
<div class="borsen-layout">
<div class="borsen-game">
<div class="borsen-top">
  <div class="borsen-title" aria-hidden="true">Børsen</div>
  <div class="borsen-status" role="status"></div>
  <div class="borsen-turns" aria-hidden="true"></div>
</div>
<div class="borsen-table">
  <div class="borsen-deck" role="img">
    <div class="borsen-back"><span class="borsen-deck-count"></span></div>
    <div class="borsen-deck-caption" aria-hidden="true"></div>
  </div>
  <div class="borsen-pile" role="img"></div>
  <div class="borsen-end" hidden>
    <div class="borsen-end-title">Game over</div>
    <div class="borsen-end-result"><span class="borsen-trophy"></span><span
      class="borsen-end-text"></span></div>
    <ol class="borsen-end-ranking"></ol>
    <div class="borsen-end-why"></div>
  </div>
</div>
<div class="borsen-aces" role="dialog" aria-modal="false" hidden>
  <div class="borsen-aces-title"></div>
  <p class="borsen-aces-text"></p>
  <div class="borsen-aces-cards" role="group" aria-label="Aces: press to list or keep"></div>
  <div class="borsen-aces-foot">
    <span class="borsen-aces-hint" aria-live="polite"></span>
    <button type="button" class="borsen-btn borsen-primary borsen-aces-ok"></button>
  </div>
</div>
<div class="borsen-controls">
  <div class="borsen-actions">
    <button type="button" class="borsen-btn borsen-primary" data-intent="draw"
      aria-keyshortcuts="D" hidden><span class="borsen-label">Draw</span><kbd>D</kbd></button>
    <button type="button" class="borsen-btn borsen-secondary" data-intent="bank"
      aria-keyshortcuts="B" hidden><span class="borsen-label">Bank</span><kbd>B</kbd></button>
    <span class="borsen-waiting" hidden><span class="borsen-dots" aria-hidden="true"></span>
      <span class="borsen-waiting-text"></span></span>
  </div>
  <div class="borsen-tools">
    <button type="button" class="borsen-btn borsen-quiet" data-intent="pause"
      aria-keyshortcuts="P" hidden>Pause<kbd>P</kbd></button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="resume"
      aria-keyshortcuts="P" hidden>Resume<kbd>P</kbd></button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="step"
      aria-keyshortcuts="S" hidden>Step<kbd>S</kbd></button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="undo"
      aria-keyshortcuts="U" hidden>Undo<kbd>U</kbd></button>
    <button type="button" class="borsen-btn borsen-quiet borsen-panel-toggle"
      data-intent="panel" aria-keyshortcuts="T" aria-pressed="false">Probabilities<kbd>T</kbd>
      </button>
    <button type="button" class="borsen-btn borsen-quiet" data-intent="new_game"
      aria-keyshortcuts="N"><span class="borsen-label">New game</span><kbd>N</kbd></button>
  </div>
</div>
<div class="borsen-notice" role="alert" hidden>
  <span class="borsen-notice-text"></span>
  <button type="button" class="borsen-notice-close" aria-label="Dismiss this notice">×</button>
</div>
<div class="borsen-seats" role="list" aria-label="Players"></div>
<div class="borsen-log-wrap">
  <div class="borsen-log-title" aria-hidden="true">What happened</div>
  <ol class="borsen-log" aria-label="What happened, newest first"></ol>
</div>
<div class="borsen-rules" hidden></div>
</div>
<div class="borsen-side"></div>
</div>
<div class="borsen-sr" aria-live="polite" aria-atomic="false"></div>
`;

/** @param {{model: any, el: HTMLElement}} ctx */
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "borsen";
  root.tabIndex = 0;
  // Lumino (JupyterLab) skips its shortcuts while focus is inside this element, so D, B, ...
  // reach our own keydown handler and never delete cells or change modes.
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.setAttribute("role", "region");
  root.setAttribute(
    "aria-label",
    "Børsen card game. Keys: D draw, B bank, U undo, N new game, T probabilities",
  );
  root.innerHTML = TEMPLATE;
  el.appendChild(root);

  const $ = (sel) => root.querySelector(sel);
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
    sr: $(".borsen-sr"),
    buttons: Object.fromEntries(
      [...root.querySelectorAll("button[data-intent]")].map((b) => [b.dataset.intent, b]),
    ),
  };
  const uid = `borsen-${Math.random().toString(36).slice(2, 9)}`;
  root.querySelector(".borsen-trophy").innerHTML = ICONS.trophy;
  ui.acesTitle.id = `${uid}-aces-title`;
  ui.acesText.id = `${uid}-aces-text`;
  ui.aces.setAttribute("aria-labelledby", ui.acesTitle.id);
  ui.aces.setAttribute("aria-describedby", ui.acesText.id);
  const layout = $(".borsen-layout");
  const panel = mountPanel($(".borsen-side"), { send: (intent, extra) => send(intent, extra), uid });

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
  };

  function send(intent, extra = {}) {
    const view = model.get("view");
    model.send({ intent, version: view ? view.version : -1, ...extra });
  }

  function setHidden(node, hidden) {
    if (node.hidden !== hidden) node.hidden = hidden;
  }

  function focusInside() {
    return root.contains(document.activeElement);
  }

  // ---------------------------------------------------------------- drawing the view

  function drawTable(view) {
    ui.deckCount.textContent = String(view.deck_size);
    ui.deckCaption.textContent = deckCaption(view);
    ui.deck.setAttribute("aria-label", deckLabel(view));
    ui.deck.classList.toggle("is-empty", view.deck_size === 0);

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
      : `<div class="borsen-empty-pile">${view.over ? "" : "Empty pile"}</div>`;
    ui.pile.setAttribute("aria-label", pileLabel(view.pile));
    local.pile = view.pile;
  }

  function drawSeats(view) {
    ui.seats.innerHTML = view.players
      .map((p) => {
        const cls = ["borsen-seat"];
        if (p.is_current) cls.push("is-current");
        if (p.is_winner) cls.push("is-winner");
        if (p.bot) cls.push("is-bot");
        const aces = p.aces.length
          ? `<div class="borsen-seat-aces" title="Aces in a bank cannot be robbed">` +
            p.aces.map((a) => cardHTML(a, { cls: "is-mini", hidden: true })).join("") +
            `<span class="borsen-safe">${ICONS.lock}</span></div>`
          : `<div class="borsen-seat-aces is-none">no aces</div>`;
        const tag = p.bot
          ? `<span class="borsen-tag" title="${escapeHTML(p.bot)}">bot</span>`
          : "";
        const turn = p.is_current ? `<span class="borsen-turn-mark">to play</span>` : "";
        const crown = p.is_winner ? `<span class="borsen-crown">${ICONS.trophy}</span>` : "";
        return (
          `<div class="${cls.join(" ")}" role="listitem" data-seat="${p.seat}" ` +
          `aria-label="${escapeHTML(seatLabel(p))}" aria-current="${p.is_current}">` +
          `<div class="borsen-seat-head">${crown}<span class="borsen-seat-name">` +
          `${escapeHTML(p.name)}</span>${tag}${turn}</div>` +
          `<div class="borsen-seat-body"><div class="borsen-bank">` +
          `<span class="borsen-score">${p.score}</span>` +
          `<span class="borsen-score-unit">${p.score === 1 ? "card" : "cards"}</span></div>` +
          `${aces}</div>` +
          `<div class="borsen-seat-foot">${p.robbable} can be robbed</div></div>`
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
    // Announce only what is new (several views each announce: they are separate outputs).
    if (local.view && fresh.length && fresh.length < events.length) {
      ui.sr.textContent = fresh.map((e) => e.text).join(" ");
    }
    local.events = events;
  }

  function drawControls(view) {
    const b = ui.buttons;
    const acts = view.actions;
    setHidden(b.draw, !acts.includes("draw"));
    setHidden(b.bank, !acts.includes("bank"));
    b.bank.querySelector(".borsen-label").textContent = actionLabel("bank", view);
    b.draw.setAttribute("aria-label", "Draw a card (key D)");
    b.bank.setAttribute("aria-label", `${actionLabel("bank", view)} (key B)`);
    const c = view.controls || {};
    const waiting = view.bot_turn && !c.paused;
    setHidden(ui.waiting, !waiting);
    ui.waitingText.textContent = waiting ? `${view.players[view.current].name} is playing` : "";
    const bots = showBotControls(view);
    setHidden(b.pause, !(bots && !c.paused));
    setHidden(b.resume, !(bots && c.paused));
    setHidden(b.step, !(bots && c.paused && view.bot_turn));
    setHidden(b.undo, !c.allow_undo);
    b.undo.disabled = !c.can_undo;
    b.undo.setAttribute(
      "aria-label",
      c.can_undo ? "Undo the last decision (key U)" : "Undo: nothing to take back",
    );
    b.new_game.classList.toggle("borsen-primary", view.over);
    b.new_game.classList.toggle("borsen-quiet", !view.over);
    if (view.over) resetConfirm();
  }

  function drawAces(view) {
    const dec = view.aces;
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
    ui.acesTitle.textContent = `${dec.name}, decide on your aces`;
    ui.acesText.textContent = dec.text;
    drawAceChoices(dec);
    setHidden(ui.aces, false);
    return opening;
  }

  function drawAceChoices(dec) {
    ui.acesCards.innerHTML = dec.pending
      .map((code, i) => {
        const listed = local.chosen.has(i);
        const card = cardHTML(code, { hidden: true, cls: "is-choice" });
        const label = `${listed ? "List" : "Keep"} the ${parseCard(code).name} (key ${i + 1})`;
        return `<button type="button" class="borsen-ace${listed ? " is-listed" : ""}" ` +
          `data-ace="${i}" aria-pressed="${listed}" aria-label="${label}">${card}` +
          `<span class="borsen-ace-state">${listed ? "↺ List" : `${ICONS.lock} Keep`}</span>` +
          `<kbd>${i + 1}</kbd></button>`;
      })
      .join("");
    const conf = aceConfirm(dec.pending, local.chosen, dec.to_list);
    ui.acesOk.textContent = conf.label;
    ui.acesOk.disabled = !conf.enabled;
    ui.acesHint.textContent = conf.hint;
  }

  function drawEnd(view) {
    setHidden(ui.end, !view.over);
    root.classList.toggle("is-over", view.over);
    if (!view.over) return;
    ui.endText.textContent = view.result;
    ui.endRanking.innerHTML = ranking(view.players)
      .map(
        (p) =>
          `<li class="${p.is_winner ? "is-winner" : ""}"><span class="borsen-place">${p.place}.` +
          `</span><span class="borsen-rank-name">${escapeHTML(p.name)}</span>` +
          `<span class="borsen-rank-score">${count(p.score)}</span></li>`,
      )
      .join("");
    ui.endWhy.textContent =
      view.end_reason === "max_turns" ? "The turn limit was reached." : "The deck is empty.";
  }

  function drawNotice() {
    const notice = model.get("notice") || {};
    const text = notice.text || "";
    const show = Boolean(text) && notice.id !== local.dismissed;
    ui.noticeText.textContent = text;
    ui.notice.dataset.level = notice.level || "info";
    setHidden(ui.notice, !show);
    local.noticeId = notice.id;
  }

  function drawPanel() {
    const data = model.get("panel") || {};
    const on = Boolean(data.kind);
    const hadFocus = focusInside();
    layout.classList.toggle("has-panel", on);
    ui.buttons.panel.setAttribute("aria-pressed", String(on));
    ui.buttons.panel.setAttribute(
      "aria-label",
      on ? "Hide the probabilities (key T)" : "Show the probabilities (key T)",
    );
    panel.update(data);
    // A Reveal or vote button that disappears must not take the keyboard away.
    const active = document.activeElement;
    if (hadFocus && (!root.contains(active) || (active && active.closest("[hidden]")))) {
      root.focus();
    }
  }

  function update() {
    const view = model.get("view");
    if (!view || !view.players) return;
    const hadFocus = focusInside();
    root.dataset.version = String(view.version);
    root.dataset.phase = view.phase;
    ui.status.textContent = statusText(view);
    ui.turns.textContent = view.over ? "" : `Turn ${view.turns + 1}`;
    drawTable(view);
    drawSeats(view);
    drawControls(view);
    const opening = drawAces(view);
    drawEnd(view);
    drawLog(view);
    const rules = view.rules || [];
    setHidden(ui.rules, !rules.length);
    ui.rules.textContent = rules.length ? `House rules: ${rules.join("; ")}` : "";
    local.view = view;
    if (hadFocus) keepFocus(opening, view);
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
    if (view.over) ui.buttons.new_game.focus();
    else if (!ui.buttons.draw.hidden) ui.buttons.draw.focus();
    else root.focus();
  }

  // ---------------------------------------------------------------- input

  function resetConfirm() {
    local.confirmNew = false;
    clearTimeout(local.confirmTimer);
    ui.buttons.new_game.querySelector(".borsen-label").textContent = "New game";
    ui.buttons.new_game.setAttribute("aria-label", "Start a new game (key N)");
  }

  function newGame() {
    const view = local.view;
    // A game in progress is lost by starting over: ask once more.
    if (view && !view.over && !local.confirmNew) {
      local.confirmNew = true;
      ui.buttons.new_game.querySelector(".borsen-label").textContent = "Start over?";
      ui.buttons.new_game.setAttribute("aria-label", "Press again to start a new game");
      local.confirmTimer = setTimeout(resetConfirm, 4000);
      return;
    }
    resetConfirm();
    send("new_game");
  }

  function act(intent) {
    if (intent === "new_game") newGame();
    else {
      if (local.confirmNew) resetConfirm();
      send(intent);
    }
  }

  function confirmAces() {
    const view = local.view;
    if (!view || !view.aces) return;
    const conf = aceConfirm(view.aces.pending, local.chosen, view.aces.to_list);
    if (!conf.enabled) {
      ui.acesHint.textContent = conf.hint;
      return;
    }
    if (conf.listed.length) send("list", { aces: conf.listed });
    else send("keep");
  }

  function toggleAce(index) {
    const view = local.view;
    if (!view || !view.aces || index >= view.aces.pending.length) return;
    local.chosen = toggleChoice(local.chosen, index);
    drawAceChoices(view.aces);
    const btn = ui.acesCards.querySelector(`[data-ace="${index}"]`);
    if (btn) btn.focus();
  }

  function onClick(event) {
    const target = /** @type {HTMLElement} */ (event.target);
    const button = target.closest("button");
    if (!button || !root.contains(button) || button.disabled) return;
    if (button.dataset.intent) act(button.dataset.intent);
    else if (button.dataset.ace !== undefined) toggleAce(Number(button.dataset.ace));
    else if (button === ui.acesOk) confirmAces();
    else if (button === ui.noticeClose) {
      local.dismissed = local.noticeId;
      setHidden(ui.notice, true);
      root.focus();
    }
  }

  function onKeydown(event) {
    if (event.key === "Escape" && !ui.notice.hidden) {
      local.dismissed = local.noticeId;
      setHidden(ui.notice, true);
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    const dialog = !ui.aces.hidden;
    const hit = panelKey(event, panel.data) || keyIntent(event, local.view, dialog);
    if (!hit) return;
    event.preventDefault();
    event.stopPropagation();
    if (hit.toggle !== undefined) toggleAce(hit.toggle);
    else act(hit.intent);
  }

  const onView = () => update();
  const onNotice = () => drawNotice();
  const onPanel = () => drawPanel();
  model.on("change:view", onView);
  model.on("change:notice", onNotice);
  model.on("change:panel", onPanel);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeydown);
  update();
  drawNotice();
  drawPanel();

  return () => {
    model.off("change:view", onView);
    model.off("change:notice", onNotice);
    model.off("change:panel", onPanel);
    panel.destroy();
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKeydown);
    clearTimeout(local.confirmTimer);
    root.remove();
  };
}

export default { render };
