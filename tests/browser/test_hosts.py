"""End-to-end: the game, the teacher's panel and the rules editor in the other hosts (issue 14):
Notebook 7, Voilà (``notebooks/play.ipynb`` as an app) and marimo (``marimo run
notebooks/play_marimo.py``). JupyterLab has its own tests (test_play.py and the others).

In each host the game renders, Draw and Bank reach Python (the game there moved: read through
a second client of the kernel for Notebook 7 and Voilà, and in marimo from a cell of the app
that reads the game and re-runs whenever it changes), the Probabilities button shows the
teacher's panel for the player Python says is to act, and the editor changes the rules in
Python. Each server runs on 127.0.0.1 and a free port and is stopped with its process group;
no process may be left. Screenshots go to ``test-artifacts/host-*.png``.

Locators, not ``document.querySelector``: marimo draws each widget inside a shadow root.
"""

from __future__ import annotations

import re
import time

import pytest
from harness import (
    REPO,
    Kernel,
    Marimo,
    Notebook7,
    Voila,
    need_package,
    open_notebook,
    screenshot,
    write_notebook,
)

GAME = ".borsen:not(.borsen-solo)"
EDITOR = ".borsen-editor"
# What a host's own page asks of the internet (the browser here cannot reach it): Voilà's
# template loads Font Awesome from a CDN. Nothing of ours may be in the list.
HOSTS_OWN_REQUESTS = ("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@",)


def assert_only_the_hosts_own_outside_requests(page) -> None:
    ours = [u for u in page.outside_requests if not u.startswith(HOSTS_OWN_REQUESTS)]
    assert ours == [], ours


def until(what: str, check, page, timeout: float = 30):
    """Poll ``check()`` until it gives something true; returns it."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what} (last: {value!r})")
        page.wait_for_timeout(50)


def version(game) -> int:
    return int(game.get_attribute("data-version") or -1)


def shown(game, intent: str) -> bool:
    return game.locator(f".borsen-actions button[data-intent={intent}]").is_visible()


def click(page, game, intent: str) -> int:
    """Click a button of the game and wait for the view Python answers with."""
    before = version(game)
    game.locator(f"button[data-intent={intent}]").click()
    return until(f"a view after {intent}", lambda: version(game) > before and version(game), page)


def kernel_until(kernel, expression: str, expected, page):
    """Poll the kernel until ``expression`` gives ``expected``."""
    return until(f"{expression} == {expected!r}", lambda: kernel.eval(expression) == expected, page)


def untick_equal_cards(editor) -> None:
    """R5 in the editor: an equal card is no longer accepted."""
    box = editor.locator(".borsen-rule-equal_accepted input")
    assert box.is_checked()
    box.uncheck()


def open_panel(page, game) -> str:
    """Press Probabilities; returns the panel's question once it shows."""
    game.locator("button[data-intent=panel]").click()  # the panel changes, not the view
    question = game.locator(".borsen-panel-question")
    until("the teacher's panel", lambda: question.is_visible() and question.text_content(), page)
    game.locator(".borsen-p-big").wait_for()
    return question.text_content()


def play_draw_bank_panel_editor(page, game, editor, kernel, w: str, name: str) -> None:
    """The scenario every Jupyter host plays, on a hot-seat game (every seat a person) that is
    the variable ``w`` in the kernel."""

    def python(expression: str):
        return kernel.eval(expression.replace("w.", f"{w}."))

    assert python("w.game.deck_size") == 52 and version(game) == python("w.version")
    seat = python("w.game.current_player")

    # Draw: the first card on an empty pile is always accepted (R5).
    click(page, game, "draw")
    assert python("[w.game.deck_size, len(w.game.pile), w.game.current_player]") == [51, 1, seat]
    ace = python("w.game.pile[-1].is_ace")
    # Bank: the card is banked and the turn passes (R8), after the ace dialog if it was an ace
    # (R11: keep or list it; the dialog's button keeps it unless an ace is chosen to list).
    click(page, game, "bank")
    if ace:
        assert python("w.game.phase") == "aces"
        ok = game.locator(".borsen-aces-ok")
        assert ok.text_content() == "Keep it"
        before = version(game)
        ok.click()
        until("a view after keeping the ace", lambda: version(game) > before, page)
    state = python(f"[w.game.scores[{seat}], len(w.game.pile), w.game.current_player]")
    assert state == [1, 0, (seat + 1) % 3]
    assert version(game) == python("w.version")

    # The teacher's panel, for the player Python says is to act.
    question = open_panel(page, game)
    assert python("w.show_probabilities") is True
    assert python("w.names[w.game.current_player]") in question

    # The editor changes the rules in Python, and the game's event list says so.
    untick_equal_cards(editor)
    until("equal_accepted off in Python", lambda: python("w.rules.equal_accepted") is False, page)
    game.locator(".borsen-ev-text", has_text="An equal card is accepted: off").first.wait_for()
    shoot(page, game, editor, name)


def shoot(page, game, editor, name: str) -> None:
    """Screenshots of the game (with its panel) and of the editor in this host."""
    folder = REPO / "test-artifacts"
    folder.mkdir(exist_ok=True)
    screenshot(page, game, folder / f"host-{name}-game.png")
    screenshot(page, editor, folder / f"host-{name}-editor.png")


# ---------------------------------------------------------------------------- Notebook 7


@pytest.fixture(scope="module")
def notebook7(chromium_path, tmp_path_factory):
    need_package("notebook", "Jupyter Notebook 7 (the notebook package)")
    server = Notebook7(tmp_path_factory.mktemp("notebook7")).start()
    yield server
    assert server.stop() == [], "processes of Notebook 7 were still running after stop()"


def test_notebook7(host_page, notebook7, artifacts):
    """Notebook 7 (the notebook package): game, Draw, Bank (seed 2 deals A♥ first: the ace
    dialog, R11), panel, editor."""
    write_notebook(
        notebook7.root / "host.ipynb",
        [
            "from borsen_widget import BorsenWidget, Rules\n"
            'w = BorsenWidget(seats=["Ada", "Bo", "Cy"], rules=Rules(first_player=0), seed=2)\n'
            "w",
            "w.rules_editor()",
        ],
    )
    started = time.monotonic()
    kernel = Kernel(notebook7, open_notebook(host_page, notebook7, "host.ipynb"))
    try:
        host_page.locator(f"{EDITOR}[data-version]").wait_for()
        game = host_page.locator(GAME)
        assert game.count() == 1
        play_draw_bank_panel_editor(
            host_page, game, host_page.locator(EDITOR), kernel, "w", "notebook7"
        )
        assert_only_the_hosts_own_outside_requests(host_page)
    finally:
        kernel.close()
        notebook7.shutdown_kernels()
    print(f"Notebook 7: {time.monotonic() - started:.1f} s from opening the page")


# ---------------------------------------------------------------------------- Voilà


@pytest.fixture(scope="module")
def voila(chromium_path, tmp_path_factory):
    need_package("voila", "Voilà")
    server = Voila(tmp_path_factory.mktemp("voila"), REPO / "notebooks" / "play.ipynb").start()
    yield server
    assert server.stop() == [], "processes of Voilà were still running after stop()"


def test_voila_play_notebook_as_an_app(host_page, voila, artifacts):
    """Voilà runs notebooks/play.ipynb as an app: both games draw; the hot-seat game plays,
    shows the panel, and its editor (the notebook's last widget) changes its rules."""
    started = time.monotonic()
    host_page.goto(voila.url)
    host_page.locator(f"{EDITOR}[data-version]").wait_for(timeout=60_000)
    games = host_page.locator(GAME)
    until("both games", lambda: games.count() == 2 and version(games.nth(1)) > 0, host_page)
    # The page's kernel is the only one: read its game through a second client.
    files = until("the kernel's connection file", voila.connection_files, host_page)
    assert len(files) == 1, files
    kernel = Kernel(connection_file=files[0])
    try:
        play_draw_bank_panel_editor(
            host_page, games.nth(1), host_page.locator(EDITOR), kernel, "hot_seat", "voila"
        )
        # The game against the bots is there too, alive in the same kernel (its bots play on
        # a timer: the page catches up with the kernel once they wait for "You").
        bots = games.nth(0)
        until(
            "the bots' game on the page in step with the kernel",
            lambda: version(bots) == kernel.eval("game.version"),
            host_page,
        )
        assert_only_the_hosts_own_outside_requests(host_page)
    finally:
        kernel.close()
    print(f"Voilà: {time.monotonic() - started:.1f} s from opening the page")


# ---------------------------------------------------------------------------- marimo

# The app's cell that reads the game in Python (it re-runs after every change).
SCOREBOARD = re.compile(
    r"The game in Python \(view (?P<version>\d+)\): (?P<turn>.+?); the deck holds "
    r"(?P<deck>\d+) cards; the pile: (?P<pile>.*?); banks: (?P<banks>.*?)\. Rules: (?P<rules>.*)\."
)


@pytest.fixture(scope="module")
def marimo(chromium_path, tmp_path_factory):
    need_package("marimo", "marimo")
    app = REPO / "notebooks" / "play_marimo.py"
    server = Marimo(tmp_path_factory.mktemp("marimo"), app, args=["--seed", "3"]).start()
    yield server
    assert server.stop() == [], "processes of marimo were still running after stop()"


def scoreboard(page) -> dict:
    # The whole sentence: its first words are in bold, an element of their own.
    text = page.get_by_text(re.compile(r"The game in Python \(view \d+\)")).first.inner_text()
    match = SCOREBOARD.search(" ".join(text.split()))
    assert match, text
    found = match.groupdict()
    found["version"], found["deck"] = int(found["version"]), int(found["deck"])
    return found


def caught_up(page, game) -> dict:
    """Wait until the scoreboard cell (Python) has re-run for the view the page shows."""
    return until(
        "the scoreboard cell to re-run for the page's view",
        lambda: (board := scoreboard(page))["version"] == version(game) and board,
        page,
    )


def test_marimo_app(host_page, marimo, artifacts):
    """``marimo run notebooks/play_marimo.py``: the game (You against two bots, You first),
    a cell that reads the game in Python and re-runs after every change, clicks and bot moves
    alike (mo.state fed by an observer of the widget's view), the panel and the editor."""
    page = host_page
    started = time.monotonic()
    page.goto(marimo.url)
    game = page.locator(GAME)
    game.locator("button[data-intent=draw]").wait_for(timeout=60_000)
    board = caught_up(page, game)
    assert board["deck"] == 52 and board["turn"] == "You to play" and board["pile"] == "empty"

    # Draw reaches Python: the cell reading the game re-runs and shows the card.
    click(page, game, "draw")
    board = caught_up(page, game)
    assert board["deck"] == 51 and len(board["pile"].split()) == 1
    drawn = board["pile"]

    # Bank reaches Python; then the bots play on a timer, and the cell follows them too.
    click(page, game, "bank")
    until("You to play again", lambda: shown(game, "draw"), page)
    board = caught_up(page, game)
    assert board["banks"].startswith("You 1,") and board["turn"] == "You to play"
    assert board["deck"] < 51  # the bots drew
    assert drawn in page.locator(".borsen-log").inner_text()

    # The teacher's panel, for the player Python says is to act.
    assert "You" in open_panel(page, game)

    # The editor: the rules change in Python (the cell shows the engine's description).
    untick_equal_cards(page.locator(EDITOR))
    until(
        "equal_accepted off in Python",
        lambda: "An equal card is accepted: off" in caught_up(page, game)["rules"],
        page,
    )
    # A refused value: the engine's message beside the control, nothing changed in Python.
    share = page.locator(f"{EDITOR} .borsen-share-S input")
    share.fill("3/2")
    error = page.locator(f'{EDITOR} [data-field="ace_shares.S"]')
    error.wait_for()
    assert "between 0 and 1" in error.inner_text()
    assert "each ace robs" not in caught_up(page, game)["rules"]
    shoot(page, game, page.locator(EDITOR), "marimo")
    assert page.outside_requests == []
    print(f"marimo: {time.monotonic() - started:.1f} s from opening the page")
