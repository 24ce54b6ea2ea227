// ProbabilityPanel's front end: the teacher's panel of a Børsen game as a widget of its own,
// for another cell or a JupyterLab view on a projector. Python keeps `panel` in step with the
// game; clicks and keys become requests with the version of the view they were made on. Its
// words come from its own `speech` (the language this panel speaks, which may differ from the
// game widget's): the texts redraw at once when it changes.

import { escapeHTML, isMine, requestIds } from "./helpers.js";
import { reportLanguage, translator } from "./i18n.js";
import { mountPanel } from "./panel.js";
import { panelKey } from "./panel-helpers.js";

/** @param {{model: any, el: HTMLElement}} ctx */
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "borsen borsen-solo";
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.innerHTML =
    `<div class="borsen-notice" role="alert" hidden><span class="borsen-notice-text"></span>` +
    `<button type="button" class="borsen-notice-close">×</button></div>` +
    `<p class="borsen-panel-off"></p>`;
  el.appendChild(root);
  const uid = `borsen-${Math.random().toString(36).slice(2, 9)}`;
  const notice = root.querySelector(".borsen-notice");
  const noticeText = root.querySelector(".borsen-notice-text");
  const off = root.querySelector(".borsen-panel-off");
  const close = root.querySelector(".borsen-notice-close");
  let words = translator(model.get("speech"));
  let dismissed = -1;
  const ids = requestIds(uid);

  function send(intent, extra = {}) {
    const data = model.get("panel") || {};
    model.send({ intent, version: data.version ?? -1, id: ids.next(), ...extra });
  }

  const panel = mountPanel(root, { send, uid, words: () => words });

  function drawWords() {
    close.setAttribute("aria-label", words.t("Dismiss this notice"));
    off.textContent = words.t(
      "The probabilities will show here when the game has a position to show.",
    );
    root.lang = words.language;
  }

  function onSpeech() {
    words = translator(model.get("speech"));
    drawWords();
    draw();
  }

  function draw() {
    const data = model.get("panel") || {};
    const hadFocus = root.contains(document.activeElement);
    panel.update(data);
    // A Reveal or vote button that disappears must not take the keyboard away.
    const active = document.activeElement;
    if (hadFocus && (!root.contains(active) || (active && active.closest("[hidden]")))) {
      root.focus();
    }
    off.hidden = Boolean(data.kind);
    root.dataset.version = String(data.version ?? "");
  }

  function drawNotice() {
    const n = model.get("notice") || {};
    // A notice that answers another view's request is not this view's to show.
    const text = isMine(n, uid) ? n.text || "" : "";
    noticeText.innerHTML = escapeHTML(text);
    notice.dataset.level = n.level || "info";
    notice.hidden = !text || n.id === dismissed;
  }

  function onClick(event) {
    if (event.target.closest(".borsen-notice-close")) {
      dismissed = (model.get("notice") || {}).id;
      notice.hidden = true;
    }
  }

  function onKeydown(event) {
    const hit = panelKey(event, panel.data);
    if (!hit) return;
    event.preventDefault();
    event.stopPropagation();
    send(hit.intent);
  }

  model.on("change:panel", draw);
  model.on("change:notice", drawNotice);
  model.on("change:speech", onSpeech);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeydown);
  drawWords();
  draw();
  drawNotice();
  reportLanguage(model);
  return () => {
    model.off("change:panel", draw);
    model.off("change:notice", drawNotice);
    model.off("change:speech", onSpeech);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKeydown);
    panel.destroy();
    root.remove();
  };
}

export default { render };
