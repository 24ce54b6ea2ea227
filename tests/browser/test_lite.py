"""End-to-end: the JupyterLite site plays Børsen in a browser that can reach nothing outside.

The site (``make lite``) is served on 127.0.0.1; Chromium resolves no other host and has a dead
proxy, so a request for anything the site does not hold fails, and its net log records every
request it tried. The play notebook runs top to bottom (installing the package from the site),
the widget's Draw and Bank buttons are clicked, and the kernel's game (read by a code request
to the page's own kernel) must match what the page shows; its rules editor changes the game in
the browser's Python. Every other notebook runs every cell, simulations included (on the engine:
there is no NumPy on the page), and its Vega-Lite charts must have drawn. No request may leave
the site.

The page is saved as ``test-artifacts/lite.png`` (docs/lite.png in the README is one of these,
reduced to 128 colours). The Playwright session runs in a thread of its own, so it never meets
the session-wide one of the JupyterLab tests (the sync API allows one per thread).
"""

from __future__ import annotations

import base64
import json
import time
from fractions import Fraction
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from lite_support import (
    CELLS,
    REPO,
    StaticServer,
    ThreadedBrowser,
    chromium_or_skip,
    errors_in,
    is_local,
    kernel_run,
    load_build_script,
    open_notebook,
    run_all,
    split_by_origin,
    tried_requests,
)

pytestmark = pytest.mark.slow

ARTIFACTS = REPO / "test-artifacts"

# A person is to act (or the game is over): nothing changes until someone clicks.
SETTLED = """(root) => {
  const shown = (sel) => { const n = root.querySelector(sel); return Boolean(n && !n.hidden); };
  const act = [...root.querySelectorAll('.borsen-actions button[data-intent]')]
    .some((b) => !b.hidden && !b.disabled);
  return !shown('.borsen-waiting') && (act || shown('.borsen-aces') || shown('.borsen-end'));
}"""

READ_DOM = """(root) => ({
  version: Number(root.dataset.version),
  pile: [...root.querySelectorAll('.borsen-pile .borsen-card')].map((c) => c.dataset.card),
  scores: [...root.querySelectorAll('.borsen-score')].map((s) => Number(s.textContent)),
  actions: [...root.querySelectorAll('.borsen-actions button[data-intent]')]
    .filter((b) => !b.hidden && !b.disabled).map((b) => b.dataset.intent),
  aces: Boolean(root.querySelector('.borsen-aces') && !root.querySelector('.borsen-aces').hidden),
  end: Boolean(root.querySelector('.borsen-end') && !root.querySelector('.borsen-end').hidden),
})"""

# The widget model shown in the output that holds this view of the game.
MODEL_ID = """(root) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cell = panel.content.widgets.find((w) => w.node === root.closest('.jp-Cell'));
  for (const out of cell.model.outputs.toJSON()) {
    const view = out.data && out.data['application/vnd.jupyter.widget-view+json'];
    if (view) return view.model_id;
  }
  return null;
}"""

# That widget's game, as the kernel sees it (a BorsenWidget, or one inside a box of widgets).
KERNEL_STATE = """
import json as _json
from ipywidgets.widgets.widget import _instances
from borsen_widget import BorsenWidget as _BW
_todo = [_instances[MODEL_ID]]
while not isinstance(_todo[0], _BW):
    _todo = _todo[1:] + list(getattr(_todo[0], "children", ()))
_w = _todo[0]
_s = _w.game.public_state()
from borsen_widget import analysis as _an
try:
    _exact = {"p_accept": str(_an.p_accept(_w.game)),
              "outcomes": [o.to_dict() for o in _an.draw_outcomes(_w.game)]}
except ValueError as _e:  # no card to draw: the game is over
    _exact = {"error": str(_e)}
print(_json.dumps({
    "version": _w.version, "pile": _s["pile"], "scores": _s["scores"],
    "names": list(_w.names), "log": [[e["kind"], e["player"]] for e in _s["log"]],
    "saved": _w.game.to_json(), "exact": _exact,
}))
"""


# Import every module of the package that needs no compiled package; print their names.
IMPORT_ALL = """
import importlib
for _m in MODULES:
    importlib.import_module("borsen_widget." + _m)
print(" ".join(MODULES))
"""

VEGA_LITE = "application/vnd.vegalite.v5+json"
OTHER_NOTEBOOKS = sorted(
    p.name
    for p in (REPO / "notebooks").glob("*.ipynb")
    if p.name != "play.ipynb" and p.name not in load_build_script().SERVER_NOTEBOOKS
)


def pure_modules() -> list[str]:
    """The package's modules that must import on the page (not the CLI's ``__main__``)."""
    compiled = load_build_script().compiled_modules()
    names = (p.stem for p in (REPO / "borsen_widget").glob("*.py"))
    return sorted(n for n in names if n not in compiled and n != "__main__")


@pytest.fixture(scope="module")
def chromium() -> str:
    return chromium_or_skip()


@pytest.fixture(scope="module")
def site(chromium, lite_site) -> Path:
    """The built site (built once a test run, when missing or older than its sources)."""
    return lite_site


@pytest.fixture(scope="module")
def server(site, tmp_path_factory):
    static = StaticServer(site, tmp_path_factory.mktemp("lite") / "http.log").start()
    yield static
    static.stop()


class Offline(ThreadedBrowser):
    """The offline site's visitor: its net log, and every request Playwright saw it make."""

    name = "JupyterLite browser session"

    def __init__(self, chromium: str, workdir: Path):
        super().__init__(chromium, workdir / "netlog.json")
        self.seen: list[str] = []  # what Playwright saw the context request

    def page_in(self, browser):
        context = browser.new_context(viewport={"width": 1100, "height": 860})
        context.on("request", lambda request: self.seen.append(request.url))
        page = context.new_page()
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text[:300]}"))
        return page

    def tried(self) -> list[dict]:
        return tried_requests(self.netlog)


def settle(root, timeout: float = 60_000) -> dict:
    root.page.wait_for_function(
        f"(root) => ({SETTLED})(root)", arg=root.element_handle(), timeout=timeout
    )
    return root.evaluate(READ_DOM)


def click(root, selector: str, before: dict) -> dict:
    """Click, then wait for the view's next version and for a person to be able to act."""
    root.locator(selector).click()
    root.page.wait_for_function(
        "([root, v]) => Number(root.dataset.version) > v",
        arg=[root.element_handle(), before["version"]],
        timeout=30_000,
    )
    return settle(root)


def test_play_notebook_offline(chromium, server, tmp_path):
    """Install from the site, play with the buttons, match the kernel; nothing leaves the site."""
    from borsen_widget import Game, analysis
    from borsen_widget.sim.environment import LITE_SENTENCE, missing_sentence

    offline = Offline(chromium, tmp_path)
    timings: dict[str, float] = {}

    def drive(page):
        started = time.monotonic()
        open_notebook(page, server.url, "play.ipynb")
        timings["kernel idle"] = time.monotonic() - started
        cells = run_all(page)
        timings["notebook ran"] = time.monotonic() - started
        root = page.locator(".borsen").first
        root.wait_for()
        state = settle(root)
        first = state["version"]
        clicks = []
        shot = ARTIFACTS / "lite.png"
        ARTIFACTS.mkdir(exist_ok=True)
        shot.unlink(missing_ok=True)
        for step in range(4):
            if state["end"]:
                break
            if len(state["pile"]) >= 2 and not shot.exists():  # a pile looks like the game
                root.scroll_into_view_if_needed()
                page.screenshot(path=str(shot))
            if state["aces"]:
                state = click(root, ".borsen-aces-ok", state)
                clicks.append("aces")
                continue
            intent = "bank" if step == 3 and "bank" in state["actions"] else "draw"
            if intent not in state["actions"]:
                intent = state["actions"][0]
            state = click(root, f".borsen-actions button[data-intent={intent}]", state)
            clicks.append(intent)
        timings["played"] = time.monotonic() - started
        # The teacher's panel: its toggle, then the exact chance it shows (compared below).
        panel = None
        if not state["end"] and not state["aces"]:
            root.locator("button[data-intent=panel]").click()
            big = root.locator(".borsen-panel .borsen-p-big")
            big.wait_for(state="visible", timeout=60_000)
            panel = {
                "fraction": big.get_attribute("data-fraction"),
                "sentence": root.locator(".borsen-panel .borsen-p-sentence").text_content(),
                "bars": root.locator(".borsen-panel .borsen-bar").count(),
            }
            state = settle(root)  # the toggle made a new view: compare the kernel with it
        modules = kernel_run(page, IMPORT_ALL.replace("MODULES", repr(pure_modules())))
        missing = kernel_run(page, "import matplotlib.pyplot as plt")
        model_id = root.evaluate(MODEL_ID)
        kernel = json.loads(kernel_run(page, KERNEL_STATE.replace("MODEL_ID", repr(model_id))))
        if not shot.exists():
            root.scroll_into_view_if_needed()
            page.screenshot(path=str(shot))
        editor = drive_the_editor(page)
        return cells, first, clicks, state, kernel, modules, missing, panel, editor

    cells, first, clicks, dom, kernel, modules, missing, panel, editor = offline.run(drive)
    print(f"JupyterLite timings (s): {timings}; clicks: {clicks}")

    # The notebook ran top to bottom: installed from the site, said its one sentence, no error.
    assert cells[0]["source"] == "%pip install -q borsen_widget", cells[0]["source"]
    assert errors_in(cells) == [], errors_in(cells)
    sentences = [o["text"].strip() for o in cells[1]["outputs"] if o["type"] == "stream"]
    assert sentences == [LITE_SENTENCE]
    assert any(
        "application/vnd.jupyter.widget-view+json" in o["mimes"]
        for cell in cells
        for o in cell["outputs"]
    )

    # The buttons moved the kernel's game, and the page shows the kernel's game.
    assert len(clicks) >= 3 and clicks.count("draw") >= 2, clicks
    assert dom["version"] > first
    assert kernel["version"] == dom["version"]
    assert kernel["pile"] == dom["pile"]
    assert kernel["scores"] == dom["scores"]
    person = kernel["names"].index("You")
    draws_by_person = sum(1 for kind, who in kernel["log"] if kind == "draw" and who == person)
    assert draws_by_person >= clicks.count("draw"), kernel["log"]
    if "bank" in clicks:
        assert ["bank", person] in kernel["log"]

    # The exact probabilities in the browser are this Python's, for the same game.
    game = Game.from_json(kernel["saved"])
    if game.is_over:
        assert "error" in kernel["exact"]
    else:
        assert kernel["exact"]["p_accept"] == str(analysis.p_accept(game))
        assert kernel["exact"]["outcomes"] == [o.to_dict() for o in analysis.draw_outcomes(game)]

    # The teacher's panel works on the page and shows the exact chance for this game.
    if panel is not None:
        assert Fraction(panel["fraction"]) == analysis.p_accept(game), panel
        sentence = analysis.summary(game, with_best_turn=False)["p_accept"]["sentence"]
        # The panel starts its sentence with a capital ("The pile is empty: ...").
        assert panel["sentence"].rstrip(".") == sentence[:1].upper() + sentence[1:], panel
        assert panel["bars"] == 13, panel

    # Every module that needs no compiled package imports in Pyodide (engine, widget, analysis).
    assert modules.split() == pure_modules()
    # A cell importing what the page lacks gets one sentence, not a traceback.
    assert missing == missing_sentence("matplotlib") + "\n"

    # The rules editor of the same notebook (an anywidget, issue 14): a change reaches Python in
    # the browser; a refused value shows the engine's message and changes nothing.
    rules, error = editor
    assert rules == "False 1/2\n"  # equal_accepted off; the refused share changed nothing
    assert "between 0 and 1" in error

    assert_nothing_left_the_site(offline, server)


def drive_the_editor(page) -> tuple[str, str]:
    """Untick equal_accepted in play.ipynb's rules editor, then type a refused share; returns
    what Python in the browser then holds and the editor's message."""
    editor = page.locator(".borsen-editor")
    editor.wait_for()
    editor.locator(".borsen-rule-equal_accepted input").uncheck()
    rules = "print(hot_seat.rules.equal_accepted, hot_seat.rules.ace_shares['S'])"
    for _ in range(100):
        if kernel_run(page, rules) == "False 1/2\n":
            break
        page.wait_for_timeout(100)
    editor.locator(".borsen-share-S input").fill("1.5")
    error = editor.locator('[data-field="ace_shares.S"]')
    error.wait_for()
    ARTIFACTS.mkdir(exist_ok=True)
    editor.screenshot(path=str(ARTIFACTS / "lite-editor.png"))
    return kernel_run(page, rules), error.text_content()


# Every chart the notebook's renderer drew: JupyterLab's (and JupyterLite's) Vega renderer
# draws into a canvas inside .vega-embed and then stores the chart as a PNG in the output.
CHARTS_DRAWN = """() => [...document.querySelectorAll('.vega-embed')].map((embed) => {
  const canvas = embed.querySelector('canvas');
  const box = (canvas || embed).getBoundingClientRect();
  let inked = 0;
  if (canvas && canvas.width && canvas.height) {
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) inked++;
  }
  return {width: box.width, height: box.height, inked};
})"""


@pytest.mark.parametrize("name", OTHER_NOTEBOOKS)
def test_lesson_runs_offline(chromium, server, tmp_path, name):
    """Each other notebook runs every cell, top to bottom, on the page (simulations on the
    engine, NumPy-free): no error, every code cell ran, and its charts drew (Vega-Lite, the
    renderer the site ships, with the network blocked)."""
    offline = Offline(chromium, tmp_path)
    timings: dict[str, float] = {}

    def drive(page):
        started = time.monotonic()
        open_notebook(page, server.url, name)
        timings["kernel idle"] = time.monotonic() - started
        # A short run (issue 31: the suite in eight minutes): the lessons that simulate play
        # fewer games on the page when BORSEN_QUICK=1, as the docs build runs them (there on
        # NumPy's fast path, which they do not shorten); every cell still runs.
        kernel_run(page, "import os\nos.environ['BORSEN_QUICK'] = '1'")
        cells = run_all(page, timeout=480_000)
        timings["notebook ran"] = time.monotonic() - started
        # The renderer stores its PNG once it has drawn: wait for every chart's.
        page.wait_for_function(
            f"""() => ({CELLS})().every((c) => c.outputs.every(
                (o) => !o.mimes.includes('{VEGA_LITE}') || o.mimes.includes('image/png')))""",
            timeout=60_000,
        )
        cells = page.evaluate(CELLS)
        drawn = page.evaluate(CHARTS_DRAWN)
        shot = ARTIFACTS / f"lite-{name.removesuffix('.ipynb')}.png"
        ARTIFACTS.mkdir(exist_ok=True)
        # The first chart's own pixels (a screenshot of a scrolled notebook may catch cells
        # still being laid out).
        data = page.evaluate("() => document.querySelector('.vega-embed canvas').toDataURL()")
        shot.write_bytes(base64.b64decode(data.split(",", 1)[1]))
        return cells, drawn

    cells, drawn = offline.run(drive, timeout=600)
    print(f"{name} on the page (s): {timings}")
    assert cells[0]["source"] == "%pip install -q borsen_widget"
    assert errors_in(cells) == [], errors_in(cells)
    assert all(c["count"] is not None for c in cells), [c["source"][:40] for c in cells]
    charts = [o for c in cells for o in c["outputs"] if VEGA_LITE in o["mimes"]]
    assert charts, f"{name} drew no chart"
    assert all("image/png" in o["mimes"] for o in charts)  # the renderer drew each one
    assert len(drawn) >= len(charts), drawn
    assert all(d["width"] > 100 and d["height"] > 100 and d["inked"] > 500 for d in drawn), drawn
    assert_nothing_left_the_site(offline, server)


def assert_nothing_left_the_site(offline: Offline, server: StaticServer) -> None:
    """Not what Playwright saw the page request, not what Chromium tried at all."""
    origin = server.url.removeprefix("http://")
    assert offline.seen, "Playwright saw no request at all"
    assert [u for u in offline.seen if not is_local(u, origin)] == []
    ours, chromiums_own = split_by_origin(offline.tried(), server.url)
    assert len(ours) > 50, f"the net log holds only {len(ours)} requests of the site"
    outside = sorted({r["url"] for r in ours if not is_local(r["url"], origin)})
    assert outside == [], outside
    # Chromium's own background calls (update checks and the like) are not the site's and fail
    # under the blocking rules; none of them may come from the page.
    assert all(r["initiator"] in ("", "not an origin") for r in chromiums_own), chromiums_own
    hosts = sorted({urlsplit(r["url"]).hostname for r in chromiums_own})
    print(f"{len(ours)} requests of the site, all to {origin}; Chromium's own, blocked: {hosts}")
