// The join card of a class in a cell of its own (`room` shown in a notebook): the same card
// as beside the widget's table (room-card.js), live: Python keeps `card` in step (who joined,
// the question, the seats) and, once the class has ended, says so instead of showing the
// address and its code. Its buttons go to Python as the widget's do; its words are the
// catalogues' in the language Python speaks here (`speech`).

import { escapeHTML, requestIds } from "./helpers.js";
import { reportLanguage, translator } from "./i18n.js";
import { mountRoomCard } from "./room-card.js";

/** @param {{model: any, el: HTMLElement}} ctx */
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "borsen borsen-solo borsen-class-card";
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.innerHTML = `<p class="borsen-card-ended" role="status" hidden></p>` +
    `<p class="borsen-card-notice" role="alert" hidden></p>`;
  el.appendChild(root);
  const ended = root.querySelector(".borsen-card-ended");
  const notice = root.querySelector(".borsen-card-notice");
  const uid = `borsen-card-${Math.random().toString(36).slice(2, 9)}`;
  const ids = requestIds(uid);
  let words = translator(model.get("speech"));

  function send(intent, extra = {}) {
    model.send({ intent, id: ids.next(), ...extra });
  }

  const card = mountRoomCard(root, { send, uid, words: () => words });

  function draw() {
    const data = model.get("card") || {};
    if (data.ended) {
      card.update({});
      ended.hidden = false;
      ended.textContent = words.t("The class has ended.");
    } else {
      ended.hidden = true;
      card.update(data);
    }
    const n = model.get("notice") || {};
    notice.hidden = !n.text;
    notice.innerHTML = n.text ? escapeHTML(n.text) : "";
  }

  function onSpeech() {
    words = translator(model.get("speech"));
    draw();
  }

  model.on("change:card", draw);
  model.on("change:notice", draw);
  model.on("change:speech", onSpeech);
  reportLanguage(model);
  draw();
  return () => {
    model.off("change:card", draw);
    model.off("change:notice", draw);
    model.off("change:speech", onSpeech);
    card.destroy();
  };
}

export default { render };
