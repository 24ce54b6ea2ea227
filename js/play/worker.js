// The play page's worker: Pyodide, the package, and the game (the widget's own Python class).
//
// Two jobs, one per worker:
// - {kind: "start", build, language}: play. Python starts from this build's memory snapshot
//   when the browser keeps one (a later visit: a fraction of a second), else afresh (the first
//   visit: most of the page's seconds are the interpreter's start in WebAssembly). The package
//   and traitlets are unpacked into its file system (which a snapshot does not hold), then the
//   game starts. Then {kind: "python", text} messages go to Python; this worker posts
//   {kind: "python", text} (what Python sends the page: public data only, as JSON),
//   {kind: "started", ...timings} and {kind: "failed", error}.
// - {kind: "snapshot", build}: after a first visit's table is playable, a second worker starts
//   Python afresh, imports everything the page may need (the teacher's figures too), takes a
//   memory snapshot and keeps it in Cache Storage for the next visit, then posts {kind: "kept"}.
//   A snapshot holds no game (and so no deck): it is taken before any game exists.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);
// The package (its Python files and compiled catalogues) and traitlets, its one dependency here.
const ARCHIVES = ["python/borsen_widget.zip", "python/traitlets.whl"];
const OPTIONS = { indexURL: new URL("pyodide/", here).href, packages: [] };

let game = null; // the Python PlayPage, once it exists
const waiting = []; // messages for Python that came before it
const started = performance.now();
const timings = {};
const mark = (name) => (timings[name] = Math.round(performance.now() - started));

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data.kind === "start" || data.kind === "snapshot") {
    const job = data.kind === "start" ? play(data) : makeSnapshot(data);
    job.catch((error) => {
      console.error(error);
      self.postMessage({ kind: "failed", error: String(error.message || error).slice(-500) });
    });
  } else if (data.kind === "python") {
    if (game) game.receive(data.text);
    else waiting.push(data.text);
  }
});

/** The cache that keeps this build's snapshot (sw.js deletes other builds' when it updates). */
function snapshotCache(build) {
  return `borsen-play ${here.pathname} ${build} snapshot`;
}
const SNAPSHOT = new URL("python.snapshot", here);

async function readSnapshot(build) {
  if (!self.caches) return null; // not a secure context (a page opened from a file)
  const cache = await caches.open(snapshotCache(build));
  const found = await cache.match(SNAPSHOT);
  return found ? new Uint8Array(await found.arrayBuffer()) : null;
}

function fetchArchives() {
  return ARCHIVES.map((name) =>
    fetch(new URL(name, here)).then((response) => {
      if (!response.ok) throw new Error(`${name}: ${response.status}`);
      return response.arrayBuffer();
    }),
  );
}

async function unpack(python, archives) {
  const sitePackages = python.runPython("import site; site.getsitepackages()[0]");
  for (const buffer of await Promise.all(archives)) {
    python.unpackArchive(buffer, "zip", { extractDir: sitePackages });
  }
}

async function play({ build, language, botDelay }) {
  const archives = fetchArchives();
  let python = null;
  const snapshot = await readSnapshot(build).catch(() => null);
  if (snapshot) {
    try {
      python = await loadPyodide({ ...OPTIONS, _loadSnapshot: snapshot });
      mark("restored");
    } catch (error) {
      console.warn("The saved Python could not be restored; starting it afresh.", error);
      python = null;
      if (self.caches) await caches.delete(snapshotCache(build));
    }
  }
  if (!python) {
    python = await loadPyodide(OPTIONS);
    mark("python");
  }
  await unpack(python, archives);
  mark("unpacked");
  const standalone = python.pyimport("borsen_widget.jupyter.standalone");
  const post = (text) => self.postMessage({ kind: "python", text });
  // Only the keys the page gave: JavaScript's null is not Python's None.
  const options = {};
  if (language) options.language = language;
  if (typeof botDelay === "number") options.bot_delay = botDelay;
  game = standalone.PlayPage.callKwargs(post, options);
  // For the browser tests (tests/browser/test_play_page.py), which read the game's secret
  // deck here to check that none of it reached the page: this worker's own object, never sent.
  self.borsenPage = game;
  mark("playing");
  for (const text of waiting.splice(0)) game.receive(text);
  self.postMessage({ kind: "started", restored: Boolean(timings.restored), ...timings });
}

async function makeSnapshot({ build }) {
  if (!self.caches) return;
  const archives = fetchArchives();
  const python = await loadPyodide({ ...OPTIONS, _makeSnapshot: true });
  await unpack(python, archives);
  python.runPython("from borsen_widget.jupyter.standalone import prepare\nprepare()");
  const cache = await caches.open(snapshotCache(build));
  await cache.put(SNAPSHOT, new Response(python.makeMemorySnapshot()));
  self.postMessage({ kind: "kept" });
}
