// The play page's main thread: Børsen playable in a few seconds, with no server but a static one.
//
// The game runs in Python, in Pyodide, in a Web Worker (worker.js): the widget's own Python
// class (BorsenWidget) holds the game there, deck and seed included, and sends this page only
// its synced traits (the public view, the notice, the teacher's figures, the words of the
// language spoken). This page draws them with the widget's own front end (widget.js, the
// anywidget module of JupyterLab), through a small model whose `send` goes to the worker.
//
// Words: every text comes from the package's compiled catalogues (locale/<lang>.json, the same
// file Python sends as the widget's `speech`), through i18n.js, the widget's own translator.
// Offline: once the table is playable, a service worker (sw.js) keeps every file of the page.
import { translator } from "./i18n.js";

const LANGUAGES = ["nb", "nn", "en"];
// The switch names each language in its own words (as the students' page does).
const LANGUAGE_NAMES = { nb: "Bokmål", nn: "Nynorsk", en: "English" };

const build = document.querySelector('meta[name="borsen-build"]').content;
// The Python snapshot shipped with the site ("" if the build could not make one).
const shipped = document.querySelector('meta[name="borsen-snapshot"]').content || null;
const params = new URLSearchParams(location.search);
// ?lang=nb|nn|en: the page's language (else the browser's); ?bot_delay=0: the bots' seconds
// between moves (0.8; from 0 to 5), as the widget's own bot_delay.
const chosen = pickLanguage([params.get("lang")]);
const delay = Number(params.get("bot_delay") ?? Number.NaN);
const botDelay = params.has("bot_delay") && delay >= 0 && delay <= 5 ? delay : null;

// Start Python first: everything else on this page is quick beside it.
const worker = new Worker("./worker.js", { type: "module" });
worker.postMessage({ kind: "start", build, shipped, language: chosen, botDelay });

/** One of the page's languages for a list of tags ("nb-NO", "no", "nn", "en-GB"), or null. */
function pickLanguage(tags) {
  for (const tag of tags) {
    const code = String(tag || "").toLowerCase().split(/[-_]/)[0];
    if (code === "nb" || code === "no") return "nb";
    if (code === "nn" || code === "en") return code;
  }
  return null;
}

const ui = {
  langs: document.querySelector(".play-langs"),
  numbers: document.querySelector(".play-numbers input"),
  numbersLabel: document.querySelector(".play-numbers span"),
  status: document.querySelector(".play-status"),
  table: document.querySelector(".play-table"),
  note: document.querySelector(".play-note"),
};

const page = {
  language: chosen || pickLanguage(navigator.languages || [navigator.language]) || "en",
  speech: null, // {language, texts}: the catalogue in the page's language
  status: (w) => w.t("Loading…"),
  failed: false,
  playable: false,
};

// -- the widget's model: its state is what Python sent; `send` goes to Python -------------------

const model = {
  state: {},
  listeners: new Map(),
  get(name) {
    return this.state[name];
  },
  set(name, value) {
    this.state[name] = value; // Python owns the state: nothing the page sets is sent back
  },
  save_changes() {},
  send(content) {
    worker.postMessage({ kind: "python", text: JSON.stringify({ kind: "custom", content }) });
  },
  on(event, callback) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event).add(callback);
  },
  off(event, callback) {
    this.listeners.get(event)?.delete(callback);
  },
  receive(state) {
    Object.assign(this.state, state);
    for (const name of Object.keys(state)) {
      for (const callback of [...(this.listeners.get(`change:${name}`) || [])]) callback();
    }
  },
};

let widget = null; // the widget's module, loaded while Python starts
const widgetModule = import("./widget.js").then((module) => (widget = module.default));

function showTable() {
  if (ui.table.firstChild || !widget || !model.state.view) return;
  widget.render({ model, el: ui.table });
  page.status = () => "";
  page.playable = true;
  drawWords();
  if ("serviceWorker" in navigator) {
    // Only now: the page's own downloads have gone first, and the service worker takes the
    // same files from the browser's cache.
    navigator.serviceWorker.register("./sw.js").catch((error) => {
      console.warn("The page will not work offline:", error);
    });
  }
}

// -- messages from the worker -----------------------------------------------------------------

worker.addEventListener("message", (event) => {
  const data = event.data;
  if (data.kind === "python") {
    const message = JSON.parse(data.text);
    if (message.kind === "state") {
      model.receive(message.state);
      if (message.state.speech) useSpeech(message.state.speech);
      showTable();
    } else if (message.kind === "settings") {
      ui.numbers.checked = Boolean(message.numbers);
      ui.numbers.disabled = false;
    }
  } else if (data.kind === "started") {
    // Where the worker's seconds went (read by benchmarks/play_page_speed.py).
    window.borsenPlay = { started: data, snapshot: data.restored ? "restored" : "none" };
    if (!data.restored) keepSnapshot();
  } else if (data.kind === "kept") {
    window.borsenPlay.snapshot = "kept";
  } else if (data.kind === "failed") {
    fail(data.error);
  }
});
worker.addEventListener("error", (event) => fail(event.message || "worker error"));
widgetModule.then(showTable, (error) => fail(String(error)));

/** After a first visit: a second worker makes the memory snapshot the next visit starts from
 * (see worker.js), once this one's table is playable, so it never delays this visit. */
function keepSnapshot() {
  const helper = new Worker("./worker.js", { type: "module" });
  helper.addEventListener("message", (event) => {
    if (event.data.kind === "failed") console.warn("No snapshot kept:", event.data.error);
    window.borsenPlay.snapshot = event.data.kind; // "kept" or "failed"
    helper.terminate();
  });
  helper.postMessage({ kind: "snapshot", build });
}

function fail(error) {
  page.failed = true;
  console.error("Børsen could not start:", error);
  // TRANSLATORS: the play page could not start Python or the game; {error} is the reason.
  page.status = (w) => w.t("The game could not start here ({error}). Reload the page to try again.", { error });
  drawWords();
}

// -- words ------------------------------------------------------------------------------------

const catalogues = new Map();

/** The catalogue of a language, fetched once (before Python has sent its own). */
function catalogue(language) {
  if (!catalogues.has(language)) {
    catalogues.set(
      language,
      fetch(`./locale/${language}.json`).then((response) => response.json()),
    );
  }
  return catalogues.get(language);
}

function useSpeech(speech) {
  page.language = speech.language;
  page.speech = speech;
  catalogues.set(speech.language, Promise.resolve(speech.texts));
  drawWords();
}

async function chooseLanguage(language) {
  page.language = language;
  worker.postMessage({ kind: "python", text: JSON.stringify({ kind: "language", language }) });
  const texts = await catalogue(language);
  if (page.language === language && page.speech?.language !== language) {
    page.speech = { language, texts };
    drawWords();
  }
}

function drawWords() {
  const w = translator(page.speech);
  document.documentElement.lang = w.language;
  // TRANSLATORS: the title of the play page (the browser's tab).
  document.title = w.t("Play Børsen");
  ui.langs.setAttribute("aria-label", w.t("Language"));
  for (const button of ui.langs.querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(button.dataset.language === w.language));
  }
  // TRANSLATORS: the play page's switch that shows the exact probabilities beside the table.
  ui.numbersLabel.textContent = w.t("The teacher's numbers");
  ui.status.textContent = page.status(w);
  ui.status.classList.toggle("is-error", page.failed);
  // TRANSLATORS: a line at the foot of the play page.
  ui.note.textContent = w.t(
    "The game runs in your browser, in Python. Once it has opened, this page works without a network.",
  );
}

ui.langs.innerHTML = LANGUAGES.map(
  (code) => `<button type="button" data-language="${code}" lang="${code}">${LANGUAGE_NAMES[code]}</button>`,
).join("");
ui.langs.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-language]");
  if (button) chooseLanguage(button.dataset.language);
});
ui.numbers.addEventListener("change", () => {
  const text = JSON.stringify({ kind: "numbers", on: ui.numbers.checked });
  worker.postMessage({ kind: "python", text });
});

catalogue(page.language).then((texts) => {
  if (!page.speech) {
    page.speech = { language: page.language, texts };
    drawWords();
  }
});
drawWords();
