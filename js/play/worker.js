// The play page's worker: Pyodide, the package, and the game (the widget's own Python class).
//
// Two jobs, one per worker:
// - {kind: "start", build, shipped, language, botDelay}: play. Python starts from this build's
//   memory snapshot (a fraction of a second): the one this browser kept, else the one shipped
//   with the site (`shipped`, made by scripts/build_play.py in headless Chromium); else afresh
//   (seconds: the interpreter's start in WebAssembly is most of a first visit's). The package
//   and traitlets are unpacked into its file system (which a snapshot does not hold), then the
//   game starts. Then {kind: "python", text} messages go to Python; this worker posts
//   {kind: "python", text} (what Python sends the page: public data only, as JSON),
//   {kind: "started", ...timings}, {kind: "kept"} (the snapshot shipped with the site, kept
//   unzipped in Cache Storage for the next visit) and {kind: "failed", error}.
// - {kind: "snapshot", build, ship}: Python started afresh, everything the page may need
//   imported (the teacher's figures too), then a memory snapshot: for the build (`ship`: posted
//   back gzipped) or, on a site shipped without one, after a first visit's table is playable,
//   in a second worker, kept in Cache Storage for the next visit ({kind: "kept"}).
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

/** This build's snapshot: the one this browser kept (a later visit), else the one shipped
 * with the site (`shipped`, made by the build if it could run a browser), else null. */
async function readSnapshot(build, shipped) {
  if (self.caches) {
    const cache = await caches.open(snapshotCache(build));
    const found = await cache.match(SNAPSHOT);
    if (found) return { bytes: new Uint8Array(await found.arrayBuffer()), kept: true };
  }
  if (shipped) {
    const response = await fetch(new URL(shipped, here));
    if (response.ok) return { bytes: await gunzip(await response.arrayBuffer()), kept: false };
  }
  return null;
}

/** Keep a snapshot in Cache Storage, as it is (a later visit need not unzip it). */
async function keepSnapshot(build, bytes) {
  if (!self.caches) return;
  const cache = await caches.open(snapshotCache(build));
  await cache.put(SNAPSHOT, new Response(bytes));
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

async function play({ build, shipped, language, botDelay }) {
  const archives = fetchArchives();
  let python = null;
  let restored = false;
  const snapshot = await readSnapshot(build, shipped).catch(() => null);
  if (snapshot) {
    try {
      python = await loadPyodide({ ...OPTIONS, _loadSnapshot: snapshot.bytes });
      restored = true;
    } catch (error) {
      console.warn("The saved Python could not be restored; starting it afresh.", error);
      python = null;
      if (self.caches) await caches.delete(snapshotCache(build));
    }
  }
  if (!python) python = await loadPyodide(OPTIONS);
  mark("python");
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
  self.postMessage({ kind: "started", restored, ...timings });
  if (restored && !snapshot.kept) {
    keepSnapshot(build, snapshot.bytes).then(
      () => self.postMessage({ kind: "kept" }),
      (error) => console.warn("No snapshot kept:", error),
    );
  }
}

async function makeSnapshot({ build, ship }) {
  const archives = fetchArchives();
  const python = await loadPyodide({ ...OPTIONS, _makeSnapshot: true });
  await unpack(python, archives);
  python.runPython("from borsen_widget.jupyter.standalone import prepare\nprepare()");
  const snapshot = python.makeMemorySnapshot();
  if (ship) {
    // For scripts/build_play.py: the snapshot itself, gzipped, to ship with the site.
    const gzipped = await gzip(snapshot);
    self.postMessage({ kind: "snapshot", gzipped }, [gzipped]);
    return;
  }
  await keepSnapshot(build, snapshot);
  self.postMessage({ kind: "kept" });
}

function gzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

function gunzip(buffer) {
  const stream = new Blob([buffer]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer().then((unzipped) => new Uint8Array(unzipped));
}
