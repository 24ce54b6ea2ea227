"""End-to-end: the play page (``make play``) in a real Chromium that can reach nothing else.

The page (``build/play/site``) is served on 127.0.0.1; Chromium resolves no other host and has a
dead proxy (as for the JupyterLite page). One browser session, as a student would use it:

- the page opens and a whole game is played with the keyboard alone (Tab into the game, its
  keys D and B, the aces' numbers and Enter in the ace dialog) to its end against the bots
  (``?bot_delay=0``: the bots move at once, so the game takes seconds);
- what the page's main thread receives from its workers is recorded, and checked against the
  game's secrets, read in the worker (where the game lives): no card still in the deck ever
  reached the page, nor the seed, nor the generator's state;
- the numbers switch shows the teacher's panel with the exact chance of this game (a fraction
  beside its decimal), the one Python computes here for the same position;
- axe-core finds no WCAG 2.1 AA or 2.2 AA failure at the start, with the teacher's numbers,
  in the first ace dialog and at the end, light and dark, at a phone's and a laptop's size
  (tests/browser/axe_support.py);
- the language switch tells the page in bokmål, nynorsk and English, every word from the
  package's catalogues;
- the server is stopped and the page reloaded: it opens and plays from the service worker's
  cache and the Python snapshot kept after the first visit;
- no error on the console of the page or its workers, and no request left 127.0.0.1.

The Playwright session runs in a thread of its own (as test_lite.py's), so it never meets the
session-wide one of the JupyterLab tests.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest
from axe_support import axe_check
from lite_support import (
    REPO,
    StaticServer,
    ThreadedBrowser,
    chromium_or_skip,
    is_local,
    split_by_origin,
    tried_requests,
)

pytestmark = pytest.mark.slow

CATALOGUES = REPO / "borsen_widget" / "locale"
DRAW = ".borsen-actions button[data-intent=draw]"

# Every message a worker posts to the page's main thread, as the page received it.
RECORD_MESSAGES = """
window.__received = [];
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => window.__received.push(event.data));
  }
};
"""

# A person is to act (or the game is over): nothing changes until someone clicks.
SETTLED = """() => {
  const root = document.querySelector('.borsen');
  if (!root) return false;
  const shown = (sel) => { const n = root.querySelector(sel); return Boolean(n && !n.hidden); };
  const act = [...root.querySelectorAll('.borsen-actions button[data-intent]')]
    .some((b) => !b.hidden && !b.disabled);
  return !shown('.borsen-waiting') && (act || shown('.borsen-aces') || shown('.borsen-end'));
}"""

READ_DOM = """() => {
  const root = document.querySelector('.borsen');
  const shown = (sel) => { const n = root.querySelector(sel); return Boolean(n && !n.hidden); };
  return {
    version: Number(root.dataset.version),
    pile: [...root.querySelectorAll('.borsen-pile .borsen-card')].map((c) => c.dataset.card),
    actions: [...root.querySelectorAll('.borsen-actions button[data-intent]')]
      .filter((b) => !b.hidden && !b.disabled).map((b) => b.dataset.intent),
    aces: shown('.borsen-aces'),
    end: shown('.borsen-end'),
  };
}"""

# The game as the worker's Python holds it (its save: deck, seed and generator included).
SAVED_GAME = "() => self.borsenPage.widget.game.to_json()"

CARD_CODE = re.compile(r'"((?:10|[2-9TJQKA])[SHCD])"')


def load_build_play():
    """``scripts/build_play.py`` as a module (scripts/ is not a package)."""
    if "build_play" not in sys.modules:
        path = REPO / "scripts" / "build_play.py"
        spec = importlib.util.spec_from_file_location("build_play", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules["build_play"] = module
        spec.loader.exec_module(module)
    return sys.modules["build_play"]


class PlaySite(StaticServer):
    READY_PATH = "/index.html"


@pytest.fixture(scope="module")
def chromium() -> str:
    return chromium_or_skip()


@pytest.fixture(scope="module")
def site(chromium) -> Path:
    return load_build_play().ensure_site()


def catalogue(language: str) -> dict:
    path = CATALOGUES / language / "LC_MESSAGES" / "borsen_widget.json"
    return json.loads(path.read_text(encoding="utf-8"))


def said(texts: dict, msgid: str) -> str:
    """A message in a catalogue (the front end's JSON), as the page shows it."""
    return texts[msgid][0]


def wait(page, condition: str, what: str, timeout: float = 90_000) -> None:
    """Wait for a condition of the page; say which one failed, and the page's state."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(condition, timeout=timeout)
    except PlaywrightTimeout:
        state = page.evaluate("() => JSON.stringify(window.borsenPlay || null)")
        raise AssertionError(f"waited {timeout / 1000:.0f} s for {what}: {state}") from None


def settle(page, timeout: float = 60_000) -> dict:
    page.wait_for_function(SETTLED, timeout=timeout)
    return page.evaluate(READ_DOM)


def click(page, selector: str, before: dict) -> dict:
    """Click, then wait for the view's next version and for a person to be able to act."""
    page.locator(selector).click()
    page.wait_for_function(
        "(v) => Number(document.querySelector('.borsen').dataset.version) > v",
        arg=before["version"],
    )
    return settle(page)


def press(page, key: str, before: dict) -> dict:
    """Press a key, then wait for the view's next version and for a person to be able to act."""
    page.keyboard.press(key)
    page.wait_for_function(
        "(v) => Number(document.querySelector('.borsen').dataset.version) > v",
        arg=before["version"],
    )
    return settle(page)


def tab_to(page, selector: str, limit: int = 60, key: str = "Tab") -> None:
    """Press Tab (or ``key``, e.g. Shift+Tab) until the focused element matches ``selector``."""
    for _ in range(limit):
        page.keyboard.press(key)
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} not reached by {limit} presses of Tab")


def bot_sentences(texts: list[str], bots: list[str]) -> list[str]:
    """The sentences of the live region's texts that tell a bot's move (they begin with its
    name; the page is in English here)."""
    said = [part for t in texts for part in re.split(r"(?<=\.) ", t)]
    return [part for part in said if part.startswith(tuple(f"{b} " for b in bots))]


def game_worker(page):
    """The worker that holds the game (the snapshot's helper, if any, holds no game)."""
    for worker in page.workers:
        if worker.evaluate("() => Boolean(self.borsenPage)"):
            return worker
    raise AssertionError("no worker holds the game")


def leaked(received: list, saved: dict, cards: bool = True) -> list[str]:
    """What of the game's secrets the page received: the seed, the generator's state, a field
    that would hold them, the deck's order (a run of its next cards), and (``cards``) any card
    still in the deck. The teacher's panel lists the cards not yet seen (public: anyone can
    count them), so ``cards=False`` for messages received while it was shown."""
    deck = saved["deck"]
    found = []
    for message in received:
        if message.get("kind") == "python":  # Python's JSON, read as the page reads it
            message = json.loads(message["text"])
        text = json.dumps(message, ensure_ascii=False)
        codes = CARD_CODE.findall(text)
        if cards:
            found += [f"deck card {code}" for code in codes if code in deck]
        runs = {tuple(codes[i : i + 4]) for i in range(len(codes) - 3)}
        found += [
            "the deck's order" for i in range(len(deck) - 3) if tuple(deck[i : i + 4]) in runs
        ]
        if str(saved["seed"]) in re.findall(r"\d+", text):
            found.append("the seed")
        if ", ".join(map(str, saved["rng"][1][:3])) in text:
            found.append("the generator's state")
        for key in ("seed", "rng", "deck"):
            if f'"{key}"' in text:
                found.append(f"a field named {key!r}")
    return found


def python_messages(received: list) -> list[dict]:
    return [json.loads(m["text"]) for m in received if m.get("kind") == "python"]


class Student(ThreadedBrowser):
    """A student on the play page: the page's and its workers' console, the messages the page
    received (RECORD_MESSAGES), the net log."""

    name = "play page's browser session"

    def __init__(self, chromium: str, workdir: Path):
        super().__init__(chromium, workdir / "netlog.json")

    def run(self, drive, timeout: float = 300):
        return super().run(drive, timeout)

    def page_in(self, browser):
        context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="en-GB")
        context.add_init_script(RECORD_MESSAGES)
        page = context.new_page()
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text[:300]}"))
        page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        page.on("worker", self._watch_worker)
        return page

    def _watch_worker(self, worker) -> None:
        if hasattr(worker, "on"):
            worker.on("console", lambda m: self.console.append(f"worker {m.type}: {m.text[:300]}"))

    def errors(self) -> list[str]:
        return [
            line for line in self.console if line.startswith(("error", "pageerror", "worker error"))
        ]


def test_play_page_whole_game_languages_numbers_offline(chromium, site, tmp_path):
    from borsen_widget import Game, analysis

    server = PlaySite(site, tmp_path / "http.log").start()
    student = Student(chromium, tmp_path)
    texts = {language: catalogue(language) for language in ("en", "nb", "nn")}

    def drive(page):
        found: dict = {"timings": {}}
        started = time.monotonic()
        page.goto(f"{server.url}/?lang=en&bot_delay=0")
        state = settle(page)
        found["timings"]["playable"] = time.monotonic() - started
        worker = game_worker(page)
        start = json.loads(worker.evaluate(SAVED_GAME))
        found["leaked at start"] = leaked(page.evaluate("window.__received"), start)
        axe_check(page, "the play page at the start")

        # The teacher's numbers: the exact chance for this position, a fraction beside it.
        page.locator(".play-numbers input").check()
        big = page.locator(".borsen-panel .borsen-p-big[data-fraction]")
        big.wait_for(state="visible")
        state = settle(page)
        axe_check(page, "the play page with the teacher's numbers")
        found["panel"] = {
            "fraction": big.get_attribute("data-fraction"),
            "saved": worker.evaluate(SAVED_GAME),
            "exact": page.locator(".borsen-panel .borsen-frac").all_text_contents(),
            "decimals": page.locator(".borsen-panel .borsen-dec").count(),
        }
        page.locator(".play-numbers input").uncheck()
        page.locator(".borsen-panel .borsen-p-big").wait_for(state="hidden")
        state = settle(page)
        panel_off = len(page.evaluate("window.__received"))

        # A whole game with the keyboard alone (WCAG 2.1.1): Tab into the game, then its keys
        # D and B, and in the ace dialog the aces' numbers and Enter on its button; draw while
        # the pile is small, else bank.
        tab_to(page, DRAW)
        clicks = []
        bots = page.locator(".borsen-seat.is-bot .borsen-seat-name").all_text_contents()
        heard = {"every": [], "mine": []}
        while not state["end"] and len(clicks) < 200:
            if state["aces"]:
                if "aces" not in clicks:
                    axe_check(page, "the play page's ace dialog")
                # Keep the aces, unless a bank may hold only so many (R12): list until it may.
                ok = page.locator(".borsen-aces-ok")
                aces = page.locator(".borsen-aces-cards [data-ace]")
                for i in range(aces.count()):
                    if ok.is_enabled():
                        break
                    page.keyboard.press(str(i + 1))
                tab_to(page, ".borsen-aces-ok")
                state = press(page, "Enter", state)
                clicks.append("aces")
                continue
            intent = "draw" if len(state["pile"]) < 3 and "draw" in state["actions"] else "bank"
            if intent not in state["actions"]:
                intent = state["actions"][0]
            state = press(page, intent[0], state)
            clicks.append(intent)
            reading = page.locator(".borsen-read-choice").input_value()
            if not state["end"]:
                heard[reading].append(page.locator(".borsen-sr").text_content())
            # Once a bot's move was heard, the player chooses by keyboard to hear only their
            # own moves and turns (WCAG 4.1.3: told once, as they chose).
            if reading == "every" and bot_sentences(heard["every"], bots):
                tab_to(page, ".borsen-read-choice")
                page.keyboard.press("ArrowDown")
                tab_to(page, DRAW, key="Shift+Tab")
            # Mid-game: at the first move from the sixth click on (an aces decision does not
            # come here, and the deal is the page's own: the sixth click may be one).
            if len(clicks) >= 6 and "leaked mid-game" not in found:
                middle = json.loads(worker.evaluate(SAVED_GAME))
                received = page.evaluate("window.__received")
                found["leaked mid-game"] = leaked(received[:panel_off], middle, cards=False)
                found["leaked mid-game"] += leaked(received[panel_off:], middle)
        found["clicks"] = clicks
        found["heard"] = heard
        found["bots"] = bots
        if state["end"]:
            axe_check(page, "the play page at the game's end")
        found["timings"]["game over"] = time.monotonic() - started
        found["end"] = state["end"]
        found["over"] = json.loads(worker.evaluate(SAVED_GAME))["end_reason"]
        found["received"] = page.evaluate("window.__received")

        # The language switch: each language's words from its catalogue.
        found["languages"] = {}
        for language, name in (("nn", "Nynorsk"), ("nb", "Bokmål"), ("en", "English")):
            page.locator(".play-langs button", has_text=name).click()
            page.wait_for_function(
                "(l) => document.querySelector('.borsen').lang === l && "
                "document.documentElement.lang === l",
                arg=language,
            )
            found["languages"][language] = {
                "new_game": page.locator(
                    ".borsen button[data-intent=new_game] .borsen-label"
                ).text_content(),
                "numbers": page.locator(".play-numbers span").text_content(),
                "title": page.title(),
            }

        found["timings"]["languages"] = time.monotonic() - started
        # Offline: once the snapshot is kept (the one shipped with the site, unzipped in Cache
        # Storage) and the service worker controls the page, the server goes away and the page
        # opens again and plays.
        found["first visit"] = page.evaluate("() => window.borsenPlay.started.restored")
        wait(page, "() => window.borsenPlay.snapshot === 'kept'", "the snapshot kept")
        wait(page, "() => navigator.serviceWorker.controller !== null", "the service worker")
        server.stop()
        page.reload()
        state = settle(page)
        found["offline first"] = page.evaluate("() => window.borsenPlay.snapshot")
        found["timings"]["offline"] = time.monotonic() - started
        # A new game, and the person at the screen gets the first card: Draw is there.
        found["offline moved"] = click(page, DRAW, state)["version"] > state["version"]
        return found

    try:
        found = student.run(drive)
    finally:
        server.stop()
    print(f"play page (s): {found['timings']}; {len(found['clicks'])} clicks")

    # Nothing secret reached the page; it received only the widget's synced traits.
    assert found["leaked at start"] == [], found["leaked at start"]
    assert found["leaked mid-game"] == [], found["leaked mid-game"]
    messages = python_messages(found["received"])
    assert messages and {m["kind"] for m in messages} <= {"state", "settings"}
    traits = {name for m in messages if m["kind"] == "state" for name in m["state"]}
    assert traits <= {"view", "notice", "panel", "speech", "room_card"}, traits
    assert {"view", "speech", "panel"} <= traits

    # The panel showed this game's exact chance, as a fraction beside decimals.
    panel = found["panel"]
    game = Game.from_json(panel["saved"])
    assert Fraction(panel["fraction"]) == analysis.p_accept(game), panel
    assert any("/" in text for text in panel["exact"]), panel
    assert panel["decimals"] > 0

    # A whole game, to its end, by the keyboard.
    assert found["end"] and found["over"], found
    assert found["clicks"].count("draw") >= 3 and "bank" in found["clicks"], found["clicks"]

    # What a screen reader was told: with everything read out, the bots' moves too; once the
    # player chose their own turn only, none but those that befell the player.
    heard, bots = found["heard"], found["bots"]
    assert bots and heard["every"] and heard["mine"], found
    assert bot_sentences(heard["every"], bots), heard["every"]
    # Of the bots' moves, only what befell the player (a pile passed to them, a robbery).
    told = bot_sentences(heard["mine"], bots)
    assert all(" you" in part for part in told), told
    # ... but the turn coming back after the bots' moves is still said (the page is in English).
    assert any(t.rsplit(". ", 1)[-1].startswith("Your turn") for t in heard["mine"]), heard

    # Every word from the catalogues, in each language.
    for language, words in found["languages"].items():
        assert words["new_game"] == said(texts[language], "New game"), (language, words)
        assert words["numbers"] == said(texts[language], "The teacher's numbers"), words
        assert words["title"] == said(texts[language], "Play Børsen"), words
    assert found["languages"]["nb"]["new_game"] != found["languages"]["nn"]["new_game"]

    # The first visit restored the snapshot shipped with the site; offline, from the cache and
    # the snapshot kept, and it plays.
    assert found["first visit"] is True, found
    assert found["offline first"] == "restored", found
    assert found["offline moved"]

    assert student.errors() == [], student.errors()
    origin = server.url.removeprefix("http://")
    ours, _ = split_by_origin(tried_requests(student.netlog), server.url)
    outside = [r["url"] for r in ours if not is_local(r["url"], origin)]
    assert outside == [], outside


def test_a_site_shipped_without_a_snapshot_keeps_one_after_a_first_visit(chromium, site, tmp_path):
    """A site built where no browser could make its snapshot: the first visit starts Python
    afresh, then a second worker keeps a snapshot in Cache Storage, which the next visit
    restores."""
    copy = shutil.copytree(site, tmp_path / "site")
    index = copy / "index.html"
    shipped = '<meta name="borsen-snapshot" content="python/python.snapshot.gz">'
    assert shipped in index.read_text(encoding="utf-8")
    none = '<meta name="borsen-snapshot" content="">'
    index.write_text(index.read_text(encoding="utf-8").replace(shipped, none), encoding="utf-8")
    server = PlaySite(copy, tmp_path / "http.log").start()
    student = Student(chromium, tmp_path)

    def drive(page):
        page.goto(f"{server.url}/?bot_delay=0")
        first = settle(page)
        visits = [page.evaluate("() => window.borsenPlay.started.restored")]
        wait(page, "() => window.borsenPlay.snapshot === 'kept'", "the snapshot kept", 180_000)
        page.reload()
        state = settle(page)
        visits.append(page.evaluate("() => window.borsenPlay.started.restored"))
        moved = click(page, DRAW, state)["version"] > state["version"]
        return first, visits, moved

    try:
        first, visits, moved = student.run(drive)
    finally:
        server.stop()
    assert "draw" in first["actions"]
    assert visits == [False, True]
    assert moved
    assert student.errors() == [], student.errors()
