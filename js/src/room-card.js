// The join card of a class on the students' phones, in the widget (for the projector): the
// address and its QR code, who has joined, how many have voted, and the seats, each with the
// teacher's button to open it to students or take it back. It draws what Python sends in
// `room_card` (empty while no class is open) and turns clicks into requests. Its words are
// the widget's language: `words()` returns the translator of the language the widget speaks
// now, read at every update (the widget calls update again when its language changes).

import { escapeHTML } from "./helpers.js";
import { translator } from "./i18n.js";
import { roomSummary, seatState } from "./student-helpers.js";

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
    <ul class="borsen-room-students"></ul>
  </div>
</div>
<div class="borsen-room-seats" role="list"></div>
`;

const ENGLISH = translator(null);

/**
 * Build the join card inside ``host`` and return ``update(card)`` and ``destroy()``.
 * @param {HTMLElement} host
 * @param {{send: (intent: string, extra?: object) => void, uid: string,
 *   words?: () => ReturnType<typeof translator>}} opts
 */
export function mountRoomCard(host, { send, uid, words = () => ENGLISH }) {
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
    students: $(".borsen-room-students"),
    seats: $(".borsen-room-seats"),
  };
  ui.title.id = `${uid}-room-title`;
  section.setAttribute("aria-labelledby", ui.title.id);
  let shownQr = "";

  function update(card) {
    const on = Boolean(card && card.url);
    section.hidden = !on;
    if (!on) return;
    const tr = words() || ENGLISH;
    const t = tr.t;
    ui.title.textContent = t("Join on your phone");
    ui.students.setAttribute("aria-label", t("Students in the class"));
    ui.seats.setAttribute("aria-label", t("Seats on the students' phones"));
    if (card.qr !== shownQr) {
      ui.qr.innerHTML = card.qr; // segno's SVG, made in Python from the address
      shownQr = card.qr;
    }
    const code = ui.qr.querySelector("svg");
    if (code) code.setAttribute("aria-label", t("QR code of the class's address: {url}", { url: card.url }));
    ui.url.href = card.url;
    ui.url.textContent = card.url;
    ui.note.textContent = card.local
      ? t(
          "Only this computer can open it (the class listens on 127.0.0.1): {code} opens it to the classroom's network.",
          { code: 'w.classroom(host="0.0.0.0")' },
        )
      : t("Anyone on this network who has the address can join.");
    ui.count.textContent = roomSummary(card, tr);
    ui.students.innerHTML = (card.students || [])
      .map((s) => {
        const cls = `${s.seat !== null && s.seat !== undefined ? "is-seated" : ""}` +
          `${s.here ? "" : " is-away"}`;
        // TRANSLATORS: a student on the join card whose page is closed for now.
        const name = s.here ? s.name : t("{student} (away)", { student: s.name });
        return `<li class="${cls.trim()}">${escapeHTML(name)}</li>`;
      })
      .join("");
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
              `data-seat="${seat.seat}" aria-label="${back}">${backText}</button>`
            : `<button type="button" class="borsen-btn borsen-quiet" data-room="open_seat" ` +
              `data-seat="${seat.seat}" aria-label="${open}">${openText}</button>`;
        return `<div class="borsen-room-seat" role="listitem" data-seat="${seat.seat}">` +
          `<span class="borsen-room-seat-name">${escapeHTML(seat.name)}</span>` +
          `<span class="borsen-room-seat-state">${escapeHTML(state)}</span>${button}</div>`;
      })
      .join("");
  }

  function onClick(event) {
    const button = /** @type {HTMLElement} */ (event.target).closest("button[data-room]");
    if (!button || !section.contains(button)) return;
    send(button.dataset.room, { seat: Number(button.dataset.seat) });
  }

  section.addEventListener("click", onClick);
  return {
    update,
    destroy() {
      section.removeEventListener("click", onClick);
      section.remove();
    },
  };
}
