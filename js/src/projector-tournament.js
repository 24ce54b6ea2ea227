// The class's tournament on the projector: the progress while the pairs play, then
// the ranking (place, name, rating with its 95 % interval as a bar, the strategy in words) and
// the top two's game replayed line by line, by a button or a timer. Everything comes from
// Python in the teacher's language ({type: "tournament"}, see
// classroom/tournament_show.py); this page only steps through it.
//
// Controls (role and label, and data-testid): replay-step, replay-play, replay-restart; the
// ranking is data-testid="tournament-ranking", each row data-place.

import { escapeHTML } from "./helpers.js";
import { progressText } from "./builder-helpers.js";

/** Seconds between two lines of the replay when it plays by itself. */
export const REPLAY_MS = 1500;

/** Where a rating's interval and the rating itself sit on a bar from scale[0] to scale[1], in
 * percent of its width: ``{left, width, mark}`` (each 0–100). */
export function intervalBar(row, scale) {
  const [low, high] = scale && scale[1] > scale[0] ? scale : [row.low - 1, row.high + 1];
  const span = high - low;
  const at = (x) => Math.max(0, Math.min(100, ((x - low) / span) * 100));
  const left = at(row.low);
  return { left, width: Math.max(0.5, at(row.high) - left), mark: at(row.rating) };
}

/** Mount the tournament's section; ``words()`` is the page's translator. */
export function mountTournament(section, { words }) {
  const state = { m: null, shown: 0, timer: 0 };
  section.innerHTML =
    `<h2 class="borsen-p-t-title" id="borsen-p-t-title"></h2>` +
    `<div class="borsen-p-t-progress"><progress class="borsen-p-t-bar" max="1" value="0"></progress>` +
    `<span class="borsen-p-t-count" aria-live="polite"></span></div>` +
    `<div class="borsen-p-t-summary"></div>` +
    `<ol class="borsen-p-t-rank" data-testid="tournament-ranking"></ol>` +
    `<section class="borsen-p-t-replay" aria-labelledby="borsen-p-t-replay-title" hidden>` +
    `<h3 id="borsen-p-t-replay-title"></h3>` +
    `<div class="borsen-p-t-buttons">` +
    `<button type="button" class="borsen-btn borsen-secondary" data-replay="restart" ` +
    `data-testid="replay-restart"></button>` +
    `<button type="button" class="borsen-btn borsen-secondary" data-replay="step" ` +
    `data-testid="replay-step"></button>` +
    `<button type="button" class="borsen-btn borsen-primary" data-replay="play" ` +
    `data-testid="replay-play" aria-pressed="false"></button></div>` +
    `<ol class="borsen-p-t-lines" aria-live="polite"></ol></section>`;
  const $ = (sel) => section.querySelector(sel);
  const ui = {
    title: $(".borsen-p-t-title"),
    progress: $(".borsen-p-t-progress"),
    bar: $(".borsen-p-t-bar"),
    count: $(".borsen-p-t-count"),
    summary: $(".borsen-p-t-summary"),
    rank: $(".borsen-p-t-rank"),
    replay: $(".borsen-p-t-replay"),
    replayTitle: $("#borsen-p-t-replay-title"),
    restart: $('[data-replay="restart"]'),
    step: $('[data-replay="step"]'),
    play: $('[data-replay="play"]'),
    lines: $(".borsen-p-t-lines"),
  };

  function lines() {
    return (state.m && state.m.replay && state.m.replay.lines) || [];
  }

  function drawReplay(tr) {
    const all = lines();
    ui.replay.hidden = !all.length;
    if (!all.length) return;
    const players = (state.m.replay.players || []).map(String);
    ui.replayTitle.textContent = tr.t("The top two's game: {players}", { players: tr.join(players) });
    ui.lines.innerHTML = all
      .slice(0, state.shown)
      .map((line, i) => {
        const text = typeof line === "string" ? line : String(line.text ?? "");
        const seat = typeof line === "object" && line ? ` data-seat="${Number(line.seat)}"` : "";
        return `<li${seat}${i === state.shown - 1 ? ' class="is-now"' : ""}>${escapeHTML(text)}</li>`;
      })
      .join("");
    ui.lines.lastElementChild?.scrollIntoView?.({ block: "nearest" });
    ui.step.disabled = state.shown >= all.length;
    ui.play.setAttribute("aria-pressed", String(Boolean(state.timer)));
    ui.play.textContent = state.timer ? tr.t("Pause") : tr.t("Play the game");
  }

  function draw() {
    const tr = words();
    const m = state.m;
    section.hidden = !m;
    if (!m) return;
    ui.title.textContent = tr.t("The class's tournament");
    ui.restart.textContent = tr.t("From the start");
    ui.step.textContent = tr.t("Next event");
    const running = m.state === "running";
    ui.progress.hidden = !running;
    if (running) {
      ui.bar.value = m.total ? m.done / m.total : 0;
      ui.count.textContent = progressText(m, tr);
      ui.bar.setAttribute("aria-label", ui.count.textContent);
    }
    if (m.state === "failed") ui.summary.textContent = tr.t("The tournament stopped; see the teacher's notebook.");
    else ui.summary.innerHTML = (m.summary || []).map((x) => `<p>${escapeHTML(x)}</p>`).join("");
    const ranking = m.state === "done" ? m.ranking || [] : [];
    ui.rank.innerHTML = ranking
      .map((row) => {
        const bar = intervalBar(row, m.scale);
        const label = tr.t("Rating {rating}, 95 % interval {low} to {high}", {
          rating: Math.round(row.rating),
          low: Math.round(row.low),
          high: Math.round(row.high),
        });
        const words_ = (row.words || []).join(" ");
        return (
          `<li data-place="${row.place}" class="${row.bot ? "is-bot" : "is-class"}">` +
          `<span class="borsen-place">${row.place}.</span>` +
          `<span class="borsen-rank-name">${escapeHTML(row.name)}</span>` +
          `<span class="borsen-p-t-rating">${escapeHTML(tr.number(Math.round(row.rating)))}</span>` +
          `<span class="borsen-p-t-interval" role="img" aria-label="${escapeHTML(label)}">` +
          `<span class="borsen-p-t-range" style="left:${bar.left}%;width:${bar.width}%"></span>` +
          `<span class="borsen-p-t-mark" style="left:${bar.mark}%"></span></span>` +
          (words_ ? `<span class="borsen-p-t-words">${escapeHTML(words_)}</span>` : "") +
          `</li>`
        );
      })
      .join("");
    drawReplay(tr);
  }

  function stop() {
    clearInterval(state.timer);
    state.timer = 0;
  }

  function step() {
    if (state.shown < lines().length) state.shown += 1;
    if (state.shown >= lines().length) stop();
    drawReplay(words());
  }

  function onClick(event) {
    const button = event.target.closest("button[data-replay]");
    if (!button || button.disabled) return;
    const what = button.dataset.replay;
    if (what === "step") {
      stop();
      step();
    } else if (what === "restart") {
      stop();
      state.shown = 0;
      drawReplay(words());
    } else if (what === "play") {
      if (state.timer) stop();
      else {
        if (state.shown >= lines().length) state.shown = 0;
        state.timer = setInterval(step, REPLAY_MS);
        step();
      }
      drawReplay(words());
    }
  }

  section.addEventListener("click", onClick);

  return {
    state,
    draw,
    receive(m) {
      const fresh = m.state === "done" && (!state.m || state.m.state !== "done" || m !== state.m);
      if (fresh) {
        stop();
        state.shown = 0;
      }
      state.m = m;
      draw();
    },
    destroy() {
      stop();
      section.removeEventListener("click", onClick);
    },
  };
}
