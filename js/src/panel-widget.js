// ProbabilityPanel's front end: the teacher's panel of a Børsen game as a widget of its own,
// for another cell or a JupyterLab view on a projector. Python keeps `panel` in step with the
// game; clicks and keys become requests with the version of the view they were made on.

import { escapeHTML, isMine, requestIds } from "./helpers.js";
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
    `<button type="button" class="borsen-notice-close" aria-label="Dismiss this notice">×` +
    `</button></div><p class="borsen-panel-off">The probabilities will show here when the ` +
    `game has a position to show.</p>`;
  el.appendChild(root);
  const uid = `borsen-${Math.random().toString(36).slice(2, 9)}`;
  const notice = root.querySelector(".borsen-notice");
  const noticeText = root.querySelector(".borsen-notice-text");
  const off = root.querySelector(".borsen-panel-off");
  let dismissed = -1;
  const ids = requestIds(uid);

  function send(intent, extra = {}) {
    const data = model.get("panel") || {};
    model.send({ intent, version: data.version ?? -1, id: ids.next(), ...extra });
  }

  const panel = mountPanel(root, { send, uid });

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
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeydown);
  draw();
  drawNotice();
  return () => {
    model.off("change:panel", draw);
    model.off("change:notice", drawNotice);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKeydown);
    panel.destroy();
    root.remove();
  };
}

export default { render };
