// The join card of a class on the students' phones, in the widget (for the projector): the
// address and its QR code, who has joined, how many have voted, and the seats, each with the
// teacher's button to open it to students or take it back. It draws what Python sends in
// `room_card` (empty while no class is open) and turns clicks into requests.

import { escapeHTML } from "./helpers.js";
import { roomSummary, seatState } from "./student-helpers.js";

const TEMPLATE = `
<div class="borsen-room-head">
  <h3 class="borsen-room-title">Join on your phone</h3>
  <span class="borsen-room-count" aria-live="polite"></span>
</div>
<div class="borsen-room-body">
  <div class="borsen-room-qr"></div>
  <div class="borsen-room-info">
    <a class="borsen-room-url" target="_blank" rel="noopener noreferrer"></a>
    <p class="borsen-room-note"></p>
    <ul class="borsen-room-students" aria-label="Students in the class"></ul>
  </div>
</div>
<div class="borsen-room-seats" role="list" aria-label="Seats on the students' phones"></div>
`;

/**
 * Build the join card inside ``host`` and return ``update(card)`` and ``destroy()``.
 * @param {HTMLElement} host
 * @param {{send: (intent: string, extra?: object) => void, uid: string}} opts
 */
export function mountRoomCard(host, { send, uid }) {
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
    if (card.qr !== shownQr) {
      ui.qr.innerHTML = card.qr; // segno's SVG, made in Python from the address
      shownQr = card.qr;
    }
    ui.url.href = card.url;
    ui.url.textContent = card.url;
    ui.note.textContent = card.local
      ? "Only this computer can open it: w.classroom(host=\"0.0.0.0\") opens it to the " +
        "classroom's network."
      : "Anyone on this network with the address can join.";
    ui.count.textContent = roomSummary(card);
    ui.students.innerHTML = (card.students || [])
      .map((s) => {
        const cls = `${s.seat !== null && s.seat !== undefined ? "is-seated" : ""}` +
          `${s.here ? "" : " is-away"}`;
        const away = s.here ? "" : " (away)";
        return `<li class="${cls.trim()}">${escapeHTML(s.name)}${away}</li>`;
      })
      .join("");
    ui.seats.innerHTML = (card.seats || [])
      .map((seat) => {
        const state = seatState(seat);
        const button = seat.bot
          ? ""
          : seat.open || seat.holder
            ? `<button type="button" class="borsen-btn borsen-quiet" data-room="take_back" ` +
              `data-seat="${seat.seat}" aria-label="Take ${escapeHTML(seat.name)}'s seat back">` +
              `Take back</button>`
            : `<button type="button" class="borsen-btn borsen-quiet" data-room="open_seat" ` +
              `data-seat="${seat.seat}" aria-label="Open ${escapeHTML(seat.name)}'s seat to ` +
              `students">Open to students</button>`;
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
