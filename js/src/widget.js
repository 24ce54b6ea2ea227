// The Børsen widget's front end: one anywidget ES module, no framework.
// render() builds the view once and updates it whenever the model's `view`, `notice`, `panel`
// or `room_card` changes; clicks and keys become intents sent to Python with the view's version
// and a request id of this view's own, so a notice about a failed request shows on the view
// that made it only (several views of one widget, or several people on one kernel).
// The table is drawn by table.js (shared with the students' page), the teacher's panel by
// panel.js, the join card of a class on the students' phones by room-card.js.
// Words: Python sends `speech` (the catalogues' messages in the language spoken); the page
// reports its own language once, and every part redraws when `speech` changes.

import { reportLanguage, translator } from "./i18n.js";
import { panelKey } from "./panel-helpers.js";
import { mountPanel } from "./panel.js";
import { isMine, requestIds, safeStorage } from "./helpers.js";
import { mountRoomCard } from "./room-card.js";
import { mountTable } from "./table.js";

// How much the live region reads out, kept in the browser for every game it shows.
const READ_KEY = "borsen-read-aloud";
const storage = safeStorage();

/** The seats a person plays here (not a bot's): whose events "only my turn" still reads. */
const peopleSeats = (view) =>
  ((view && view.players) || []).flatMap((p, i) => (p.bot == null ? [i] : []));

/** @param {{model: any, el: HTMLElement}} ctx */
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "borsen";
  root.tabIndex = 0;
  // Lumino (JupyterLab) skips its shortcuts while focus is inside this element, so D, B, ...
  // reach our own keydown handler and never delete cells or change modes.
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.setAttribute("role", "region");
  /** The words of the language spoken now. */
  const words = () => translator(model.get("speech"));
  root.innerHTML =
    `<div class="borsen-layout"><div class="borsen-game"></div><div class="borsen-side">` +
    `</div></div><div class="borsen-sr" aria-live="polite" aria-atomic="false"></div>`;
  el.appendChild(root);

  const uid = `borsen-${Math.random().toString(36).slice(2, 9)}`;
  const ids = requestIds(uid);
  const layout = root.querySelector(".borsen-layout");
  const side = root.querySelector(".borsen-side");

  function send(intent, extra = {}) {
    const view = model.get("view");
    model.send({ intent, version: view ? view.version : -1, id: ids.next(), ...extra });
  }

  const reading = document.createElement("p");
  reading.className = "borsen-read";
  reading.innerHTML =
    `<label for="${uid}-read"></label><select id="${uid}-read" class="borsen-read-choice">` +
    `<option value="every"></option><option value="mine"></option></select>`;
  const readChoice = reading.querySelector("select");
  readChoice.value = storage.get(READ_KEY) === "mine" ? "mine" : "every";
  readChoice.addEventListener("change", () => storage.set(READ_KEY, readChoice.value));

  const card = mountRoomCard(side, { send, uid, words });
  const panel = mountPanel(side, { send, uid, words });
  const table = mountTable(root, root.querySelector(".borsen-game"), {
    send,
    uid,
    words,
    tools: true,
    sr: root.querySelector(".borsen-sr"),
    speech: () => ({
      every: readChoice.value !== "mine",
      seats: peopleSeats(model.get("view")),
    }),
    extraKey: (event) => {
      const hit = panelKey(event, panel.data);
      return hit ? { run: () => send(hit.intent) } : null;
    },
  });

  root.querySelector(".borsen-game").appendChild(reading);

  function drawNotice() {
    const notice = model.get("notice") || {};
    // A notice that answers another view's request is not this view's to show.
    table.setNotice(isMine(notice, uid) ? notice : { id: notice.id, text: "" });
  }

  function keepFocus(hadFocus) {
    // A Reveal, vote or seat button that disappears must not take the keyboard away.
    const active = document.activeElement;
    if (hadFocus && (!root.contains(active) || (active && active.closest("[hidden]")))) {
      root.focus();
    }
  }

  function drawWords() {
    const w = words();
    root.setAttribute(
      "aria-label",
      w.t("Børsen card game. Keys: D draw, B bank, U undo, N new game, T probabilities"),
    );
    root.lang = w.language;
    reading.querySelector("label").textContent = w.t("What a screen reader reads out");
    readChoice.options[0].textContent = w.t("Everything that happens");
    readChoice.options[1].textContent = w.t("Only my turn and the results");
  }

  function drawSide() {
    const w = words();
    const data = model.get("panel") || {};
    const room = model.get("room_card") || {};
    const on = Boolean(data.kind);
    const hadFocus = root.contains(document.activeElement);
    layout.classList.toggle("has-panel", on || Boolean(room.url));
    const toggle = table.buttons.panel;
    toggle.setAttribute("aria-pressed", String(on));
    toggle.setAttribute(
      "aria-label",
      on ? w.t("Hide the probabilities (key {key})", { key: "T" })
        : w.t("Show the probabilities (key {key})", { key: "T" }),
    );
    panel.update(data);
    card.update(room);
    table.setHolders(room.seats || []);
    keepFocus(hadFocus);
  }

  const onView = () => {
    const view = model.get("view");
    // With no bot at the table every move is a person's here: there is nothing to leave out.
    reading.hidden = !view || peopleSeats(view).length === view.players.length;
    table.update(view);
  };
  /** A new language: every part writes its words again (the game is the same). */
  const onSpeech = () => {
    drawWords();
    onView();
    drawSide();
  };
  model.on("change:view", onView);
  model.on("change:notice", drawNotice);
  model.on("change:panel", drawSide);
  model.on("change:room_card", drawSide);
  model.on("change:speech", onSpeech);
  drawWords();
  drawSide();
  onView();
  drawNotice();
  reportLanguage(model); // Python answers with `speech` if the page's language is its choice

  return () => {
    model.off("change:speech", onSpeech);
    model.off("change:view", onView);
    model.off("change:notice", drawNotice);
    model.off("change:panel", drawSide);
    model.off("change:room_card", drawSide);
    panel.destroy();
    card.destroy();
    table.destroy();
    root.remove();
  };
}

export default { render };
