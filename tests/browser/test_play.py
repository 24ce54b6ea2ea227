"""End-to-end: the widget in a real JupyterLab and headless Chromium.

Each test writes a small notebook, opens it, runs it, clicks, and after each click checks both
the page (DOM) and the kernel's game (read by a second client of the same kernel). Screenshots
go to ``test-artifacts/``.
"""

from __future__ import annotations

import shutil

import pytest
from axe_support import axe_check, lab_theme
from harness import REPO, contrast, open_notebook, screenshot, write_notebook

IMPORTS = "from borsen_widget import BorsenWidget, Game, Rules, ThresholdBot, RandomBot"

# The game as the kernel sees it (public facts only, compared with what the page shows).
KERNEL_STATE = """{
    "version": w.version, "pile": [c.ascii for c in w.game.pile], "deck": w.game.deck_size,
    "scores": list(w.game.scores), "current": w.game.current_player, "phase": w.game.phase,
    "over": w.game.is_over, "winners": list(w.game.winners),
    "pending": [c.ascii for c in w.game.pending_aces], "to_list": w.game.aces_to_list,
    "notice": w.notice["text"], "actions": w.view["actions"],
}"""

# What one view of the widget shows.
READ_DOM = """(root) => {
  const visible = (sel) => { const n = root.querySelector(sel); return Boolean(n && !n.hidden); };
  return {
    version: Number(root.dataset.version),
    status: root.querySelector('.borsen-status').textContent,
    pile: [...root.querySelectorAll('.borsen-pile .borsen-card')].map((c) => c.dataset.card),
    deck: root.querySelector('.borsen-deck-count').textContent,
    scores: [...root.querySelectorAll('.borsen-score')].map((s) => Number(s.textContent)),
    current: [...root.querySelectorAll('.borsen-seat')].findIndex(
      (s) => s.classList.contains('is-current')),
    actions: [...root.querySelectorAll('.borsen-actions button[data-intent]')]
      .filter((b) => !b.hidden).map((b) => b.dataset.intent),
    dialog: visible('.borsen-aces'),
    aces: [...root.querySelectorAll('.borsen-ace .borsen-card')].map((c) => c.dataset.card),
    end: visible('.borsen-end'),
    endText: root.querySelector('.borsen-end-text').textContent,
    waiting: visible('.borsen-waiting'),
    notice: visible('.borsen-notice') ? root.querySelector('.borsen-notice-text').textContent : '',
    events: [...root.querySelectorAll('.borsen-ev-text')].map((e) => e.textContent),
  };
}"""

# A person is to act (or the game is over): nothing changes until someone clicks.
SETTLED = """(root) => {
  const shown = (sel) => { const n = root.querySelector(sel); return Boolean(n && !n.hidden); };
  const act = [...root.querySelectorAll('.borsen-actions button[data-intent]')]
    .some((b) => !b.hidden);
  const asked = act || shown('.borsen-aces') || shown('.borsen-end');
  return shown('.borsen-waiting') === false && asked;
}"""


def widget_root(page, index: int = 0):
    return page.locator(".borsen").nth(index)


def dom(page, index: int = 0) -> dict:
    return widget_root(page, index).evaluate(READ_DOM)


def wait_settled(page, index: int = 0) -> None:
    page.wait_for_function(
        f"() => ({SETTLED})(document.querySelectorAll('.borsen')[{index}])", timeout=30_000
    )


def wait_version_above(page, version: int, index: int = 0) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelectorAll('.borsen')[{index}].dataset.version) > {version}",
        timeout=30_000,
    )


def click(page, intent: str, index: int = 0) -> None:
    """Click a button and wait until the page shows the view it caused."""
    before = dom(page, index)["version"]
    widget_root(page, index).locator(f"button[data-intent={intent}]").click()
    wait_version_above(page, before, index)


def assert_same_game(view: dict, state: dict) -> None:
    """The page shows exactly the kernel's game."""
    assert view["version"] == state["version"]
    assert view["pile"] == state["pile"]
    assert view["deck"] == str(state["deck"])
    assert view["scores"] == state["scores"]
    assert view["end"] == state["over"]
    if not state["over"]:
        assert view["current"] == state["current"]
        assert view["dialog"] == (state["phase"] == "aces" and "list" in state["actions"])
        assert view["actions"] == [a for a in state["actions"] if a != "list"]


def settle_and_compare(page, kernel, index: int = 0) -> tuple[dict, dict]:
    """Wait until a person is to act, then check page against kernel."""
    for _ in range(50):
        wait_settled(page, index)
        state = kernel.eval(KERNEL_STATE)
        view = dom(page, index)
        if view["version"] == state["version"]:
            assert_same_game(view, state)
            return view, state
        page.wait_for_timeout(50)
    raise AssertionError(f"the page never caught up with the kernel: {view} vs {state}")


# ---------------------------------------------------------------------------- the notebook


def test_play_notebook_opens_and_runs(page, lab, kernel_of, artifacts):
    """notebooks/play.ipynb: both games draw; a click on the hot-seat game plays."""
    shutil.copy(REPO / "notebooks" / "play.ipynb", lab.root / "play.ipynb")
    kernel = kernel_of(open_notebook(page, lab, "play.ipynb"))
    page.wait_for_function("() => document.querySelectorAll('.borsen').length >= 2")
    names = kernel.eval("[list(x.names) for x in (game, hot_seat)]")
    assert names[0][0] == "You" and len(names[0]) == 3
    assert all(b is not None for b in kernel.eval("[b is not None for b in game.bots[1:]]"))
    # The hot seat game: everybody is a person; the first to act draws.
    hot = 1
    wait_settled(page, hot)
    assert "draw" in dom(page, hot)["actions"]
    before = kernel.eval("len(hot_seat.game.log)")
    click(page, "draw", hot)
    assert kernel.eval("len(hot_seat.game.log)") > before
    assert dom(page, hot)["pile"] == kernel.eval("[c.ascii for c in hot_seat.game.pile]")


# ---------------------------------------------------------------------------- a whole game


def test_a_full_game_against_bots(page, lab, kernel_of, artifacts):
    """Ada plays two ThresholdBots to the end: after every click the page and the kernel
    agree; bots play by themselves on the kernel's loop; the end screen names the winners."""
    write_notebook(
        lab.root / "full.ipynb",
        [
            IMPORTS,
            'w = BorsenWidget(seats=["Ada", ThresholdBot(3), ThresholdBot(4)], seed=7, '
            "bot_delay=0.02)\nw",
        ],
    )
    kernel = kernel_of(open_notebook(page, lab, "full.ipynb"))
    clicks = 0
    shot = False
    for _ in range(300):
        view, state = settle_and_compare(page, kernel)
        if state["over"]:
            break
        if view["dialog"]:
            # Keep what the limit allows: list the first aces needed.
            root = widget_root(page)
            for i in range(state["to_list"]):
                root.locator(f'button[data-ace="{i}"]').click()
            before = view["version"]
            root.locator(".borsen-aces-ok").click()
            wait_version_above(page, before)
        elif "draw" in view["actions"] and len(view["pile"]) < 2:
            click(page, "draw")
        else:
            if not shot and len(view["pile"]) >= 2:
                widget_root(page).screenshot(
                    path=str(artifacts / "widget-playing.png"), animations="disabled"
                )
                axe_check(page, "the widget mid-game in JupyterLab", ".borsen", scheme=lab_theme)
                shot = True
            click(page, "bank")
        clicks += 1
        assert not dom(page)["notice"], dom(page)["notice"]
    view, state = settle_and_compare(page, kernel)
    assert state["over"] and view["end"] and clicks > 5
    names = ["Ada", "Bot 1", "Bot 2"]
    for seat in state["winners"]:
        assert names[seat] in view["endText"]
    assert view["events"][0].startswith("Game over")
    assert page.locator(".borsen button[data-intent=new_game]").first.is_visible()
    widget_root(page).screenshot(path=str(artifacts / "widget-end.png"), animations="disabled")
    axe_check(page, "the widget at the game's end in JupyterLab", ".borsen", scheme=lab_theme)


# ---------------------------------------------------------------------------- aces


def test_an_ace_decision_in_the_dialog(page, lab, kernel_of, artifacts):
    """E6 (R11, R12): Ada holds A♠ A♥ and banks a pile with A♣: the dialog asks her to list
    at least one; the key 3 picks A♣; listing it puts it back in the deck."""
    write_notebook(
        lab.root / "aces.ipynb",
        [
            IMPORTS,
            "g = Game.from_position(Rules(players=3), deck='3C 5D 7H 9S 4H'.split(), "
            "banks=[['AS', 'AH', '4C'], [], ['2C']], pile=['6S', 'AC'], current_player=0, "
            "seed=1)\n"
            'w = BorsenWidget(game=g, seats=["Ada", "Bo", "Cy"])\nw',
        ],
    )
    kernel = kernel_of(open_notebook(page, lab, "aces.ipynb"))
    settle_and_compare(page, kernel)
    click(page, "bank")
    view, state = settle_and_compare(page, kernel)
    assert view["dialog"] and view["aces"] == ["AS", "AH", "AC"] and state["to_list"] == 1
    root = widget_root(page)
    ok = root.locator(".borsen-aces-ok")
    assert ok.is_disabled() and "at most 2" in root.locator(".borsen-aces-text").inner_text()
    # Focus moved into the dialog; the key 3 toggles the third ace (A♣).
    page.keyboard.press("3")
    assert root.locator('button[data-ace="2"]').get_attribute("aria-pressed") == "true"
    assert ok.is_enabled() and ok.inner_text() == "List A♣"
    root.screenshot(path=str(artifacts / "widget-aces.png"), animations="disabled")
    axe_check(page, "the widget's ace dialog in JupyterLab", ".borsen", scheme=lab_theme)
    before = view["version"]
    ok.click()
    wait_version_above(page, before)
    view, state = settle_and_compare(page, kernel)
    assert not view["dialog"] and state["deck"] == 6
    assert kernel.eval("[c.ascii for c in w.game.banks[0] if c.is_ace]") == ["AS", "AH"]
    assert "Ada listed A♣" in view["events"][1] or "Ada listed A♣" in view["events"][0]


# ---------------------------------------------------------------------------- keys, clicks


def test_keys_work_and_leave_the_notebook_alone(page, lab, kernel_of):
    """D draws and B banks while the widget has focus; the notebook's own D,D (delete cell)
    and B (insert cell below) shortcuts do not fire. A double click is refused politely."""
    write_notebook(
        lab.root / "keys.ipynb",
        [
            IMPORTS,
            'w = BorsenWidget(seats=["Ada", "Bo"], rules=Rules(players=2, first_player=0), '
            "seed=3)\nw",
        ],
    )
    kernel = kernel_of(open_notebook(page, lab, "keys.ipynb"))
    cells = "() => window.jupyterapp.shell.currentWidget.content.widgets.length"
    assert page.evaluate(cells) == 2
    settle_and_compare(page, kernel)
    # A click on the widget (not on a button) gives it the keyboard, as a person would.
    widget_root(page).locator(".borsen-status").click()
    assert page.evaluate("() => document.activeElement.classList.contains('borsen')")
    before = dom(page)["version"]
    page.keyboard.press("d")
    wait_version_above(page, before)
    view, state = settle_and_compare(page, kernel)
    assert len(state["pile"]) == 1
    before = view["version"]
    page.keyboard.press("b")
    wait_version_above(page, before)
    view, state = settle_and_compare(page, kernel)
    assert state["scores"] == [1, 0] and state["current"] == 1
    page.keyboard.press("d")
    page.wait_for_function(
        f"() => Number(document.querySelector('.borsen').dataset.version) > {view['version']}"
    )
    assert page.evaluate(cells) == 2  # no cell deleted (D,D) or inserted (B)
    # A double click: both clicks carry the same version; the second is refused.
    view, state = settle_and_compare(page, kernel)
    pile = len(state["pile"])
    widget_root(page).locator("button[data-intent=draw]").evaluate("b => { b.click(); b.click(); }")
    page.wait_for_function("() => !document.querySelector('.borsen-notice').hidden", timeout=10_000)
    view, state = settle_and_compare(page, kernel)
    assert "double click" in view["notice"] and "double click" in state["notice"]
    assert len(state["pile"]) in (pile + 1, 0)  # one draw only (0: it passed the pile on)
    # Undo is a key too; the next good action clears the notice.
    before = view["version"]
    page.keyboard.press("u")
    wait_version_above(page, before)
    view, state = settle_and_compare(page, kernel)
    assert len(state["pile"]) == pile and not view["notice"]


def test_keys_still_work_after_a_mouse_click_on_a_button(page, lab, kernel_of):
    """Clicking Draw with the mouse leaves the focus in the widget, so B banks next."""
    write_notebook(
        lab.root / "mouse.ipynb",
        [IMPORTS, 'w = BorsenWidget(seats=["Ada", "Bo"], seed=8)\nw'],
    )
    kernel = kernel_of(open_notebook(page, lab, "mouse.ipynb"))
    settle_and_compare(page, kernel)
    cells = "() => window.jupyterapp.shell.currentWidget.content.widgets.length"
    click(page, "draw")
    view, _ = settle_and_compare(page, kernel)
    assert page.evaluate("() => document.activeElement.closest('.borsen') !== null")
    key = "b" if "bank" in view["actions"] else "d"
    page.keyboard.press(key)
    wait_version_above(page, view["version"])
    assert page.evaluate(cells) == 2


def test_a_bots_only_game_can_be_paused_stepped_and_watched_to_the_end(
    page, lab, kernel_of, artifacts
):
    """Bots only, started paused: Step plays one move; Resume lets them play (the page
    follows move by move); Pause stops them; Resume again watches them to the end."""
    write_notebook(
        lab.root / "bots.ipynb",
        [
            IMPORTS,
            "w = BorsenWidget(seats=[ThresholdBot(2), ThresholdBot(4), RandomBot(3)], seed=6, "
            "bot_delay=0.06, paused=True)\nw",
        ],
    )
    kernel = kernel_of(open_notebook(page, lab, "bots.ipynb"))
    root = widget_root(page)
    assert "paused" in dom(page)["status"]
    for _ in range(2):
        log = kernel.eval("len(w.game.log)")
        click(page, "step")
        assert kernel.eval("len(w.game.log)") > log and kernel.eval("w.paused") is True
        state = kernel.eval(KERNEL_STATE)
        assert dom(page)["pile"] == state["pile"] and dom(page)["scores"] == state["scores"]
    # Resume: the bots play by themselves, and the page follows.
    version = dom(page)["version"]
    root.locator("button[data-intent=resume]").click()
    wait_version_above(page, version + 3)
    root.locator("button[data-intent=pause]").click()
    page.wait_for_function("() => !document.querySelector('.borsen [data-intent=resume]').hidden")
    assert kernel.eval("w.paused") is True
    page.wait_for_timeout(200)
    paused_at = dom(page)
    page.wait_for_timeout(300)
    assert dom(page)["version"] == paused_at["version"]  # nothing moves while paused
    assert kernel.eval("w.version") == paused_at["version"]
    root.locator("button[data-intent=resume]").click()
    page.wait_for_selector(".borsen .borsen-end:not([hidden])", timeout=60_000)
    view, state = settle_and_compare(page, kernel)
    assert state["over"] and view["end"]


# ---------------------------------------------------------------------------- views


def test_two_views_of_one_widget_stay_in_sync(page, lab, kernel_of):
    write_notebook(
        lab.root / "views.ipynb",
        [
            IMPORTS,
            'w = BorsenWidget(seats=["Ada", "Bo", "Cy"], seed=5)\nw',
            "w",
        ],
    )
    kernel = kernel_of(open_notebook(page, lab, "views.ipynb"))
    page.wait_for_function("() => document.querySelectorAll('.borsen').length === 2")
    for index, intent in [(0, "draw"), (1, "draw"), (1, "bank"), (0, "draw")]:
        click(page, intent, index)
        other = 1 - index
        wait_version_above(page, dom(page, index)["version"] - 1, other)
        a, state = settle_and_compare(page, kernel, index)
        b, _ = settle_and_compare(page, kernel, other)
        for key in ("version", "pile", "deck", "scores", "current", "actions", "events"):
            assert a[key] == b[key], key
    # New game from the second view: the first shows it too.
    before = dom(page, 0)["version"]
    widget_root(page, 1).locator("button[data-intent=new_game]").click()  # asks to confirm
    widget_root(page, 1).locator("button[data-intent=new_game]").click()
    wait_version_above(page, before, 0)
    a, state = settle_and_compare(page, kernel, 0)
    assert sum(state["scores"]) == 0 and a == dom(page, 1)


# ---------------------------------------------------------------------------- themes, layout


def _contrast(page, selector: str) -> float:
    """The WCAG contrast ratio of an element's text against the background behind it."""
    return contrast(page.locator(selector))


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_light_and_dark_themes_read_well(page, lab, kernel_of, artifacts, theme):
    write_notebook(
        lab.root / "theme.ipynb",
        [
            IMPORTS,
            'w = BorsenWidget(seats=["Ada", "Bo", ThresholdBot(3)], seed=1, bot_delay=0)\n'
            'w.apply("draw")\nw',
        ],
    )
    kernel = kernel_of(open_notebook(page, lab, "theme.ipynb"))
    page.evaluate(
        f"() => window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})"
    )
    dark = theme.endswith("Dark")
    page.wait_for_function(
        f"() => document.body.dataset.jpThemeLight === '{str(not dark).lower()}'"
    )
    page.wait_for_timeout(300)  # the theme's CSS applies
    settle_and_compare(page, kernel)
    background = widget_root(page).evaluate("r => getComputedStyle(r).backgroundColor")
    assert background == ("rgb(33, 33, 33)" if dark else "rgb(255, 255, 255)")
    for selector in (
        ".borsen-status",
        ".borsen-seat-name",
        ".borsen-ev.is-newest .borsen-ev-text",
        ".borsen button[data-intent=draw]",
        ".borsen button[data-intent=bank]",
        ".borsen button[data-intent=new_game]",
        ".borsen-deck-caption",
    ):
        assert _contrast(page, selector) >= 4.5, (theme, selector)
    # The cards keep white faces with red and black suits in both themes.
    card = page.locator(".borsen-pile .borsen-card").last
    assert card.evaluate("c => getComputedStyle(c).backgroundColor") == "rgb(253, 252, 248)"
    name = "dark" if dark else "light"
    widget_root(page).screenshot(path=str(artifacts / f"widget-{name}.png"), animations="disabled")
    if dark:
        page.evaluate(
            "() => window.jupyterapp.commands.execute('apputils:change-theme', "
            "{theme: 'JupyterLab Light'})"
        )


def test_layout_fits_a_700px_cell_and_grows_on_a_projector(page, lab, kernel_of):
    write_notebook(
        lab.root / "layout.ipynb",
        [
            IMPORTS,
            'w = BorsenWidget(seats=["Ada", "Bo", "Cy", "Dag", "Eli", "Fay", "Gro", "Hal"], '
            "seed=2)\nfor _ in range(6):\n    w.apply('draw') if 'draw' in w.view['actions'] "
            "else None\nw",
        ],
    )
    kernel_of(open_notebook(page, lab, "layout.ipynb"))
    root = widget_root(page)
    sizes = {}
    for width in (700, 1600):
        root.evaluate(f"r => {{ r.style.maxWidth = 'none'; r.style.width = '{width}px'; }}")
        page.wait_for_timeout(100)
        box = root.evaluate(
            """r => ({scroll: r.scrollWidth, client: r.clientWidth,
                      card: r.querySelector('.borsen-back').getBoundingClientRect().width,
                      overflow: [...r.querySelectorAll('*')].filter((n) => {
                        const b = n.getBoundingClientRect(); const o = r.getBoundingClientRect();
                        return b.width > 0 && (b.right > o.right + 1 || b.left < o.left - 1);
                      }).map((n) => n.className).slice(0, 5)})"""
        )
        assert box["scroll"] <= box["client"], (width, box)
        assert not box["overflow"], (width, box)
        sizes[width] = box["card"]
    assert sizes[1600] > sizes[700] * 1.3  # bigger cards for a projector


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_the_table_in_norwegian_fits_and_reads_norwegian(page, lab, kernel_of, artifacts, language):
    """Issue 21: the widget in bokmål and nynorsk (longer words than English: «Legg 2 kort i
    banken», «Sannsynligheter») fits a 700px cell with eight seats and the ace dialog open; its
    buttons, status, seats and dialog are Norwegian, "Du" in the second person. Screenshots in
    test-artifacts/."""
    write_notebook(
        lab.root / f"norsk-{language}.ipynb",
        [
            IMPORTS,
            "g = Game.from_position(Rules(players=8, max_bank_aces=1), deck='AS AH 4C 7D 9S 2H "
            "KD 5C QS 3S 8H'.split(), current_player=0, seed=3)\n"
            "w = BorsenWidget(game=g, seats=['Du', 'Bo', 'Cy', 'Dag', 'Eli', 'Fay', 'Gro', "
            f"RandomBot(1)], language={language!r}, bot_delay=0)\n"
            "w.apply('draw'); w.apply('draw'); w",
        ],
    )
    kernel = kernel_of(open_notebook(page, lab, f"norsk-{language}.ipynb"))
    root = widget_root(page)
    wait_settled(page)
    after_ace = {
        "nb": "alle kort godkjennes etter et ess",
        "nn": "alle kort blir godkjende etter eit ess",
    }
    assert dom(page)["status"] == (
        f"Din tur: trekk ({after_ace[language]}) eller legg 2 kort i banken."
    )
    words = {
        "nb": ("Trekk", "Legg 2 kort i banken", "Sannsynligheter", "Nytt spill"),
        "nn": ("Trekk", "Legg 2 kort i banken", "Sannsyn", "Nytt spel"),
    }[language]
    for intent, word in zip(("draw", "bank", "panel", "new_game"), words, strict=True):
        label = root.locator(f'button[data-intent="{intent}"] .borsen-label').inner_text()
        assert label == word, (intent, label)
    click(page, "bank")
    wait_settled(page)
    title = root.locator(".borsen-aces-title").inner_text()
    assert (
        title
        == {
            "nb": "Bestem hva du vil gjøre med essene dine",
            "nn": "Bestem kva du vil gjere med essa dine",
        }[language]
    )
    assert (
        root.locator(".borsen-aces-ok").inner_text()
        == {"nb": "Velg et ess å børsnotere", "nn": "Vel eit ess å børsnotere"}[language]
    )
    assert kernel.eval("w.language") == language
    screenshot(page, root, artifacts / f"widget-{language}.png")
    root.evaluate("r => { r.style.maxWidth = 'none'; r.style.width = '700px'; }")
    page.wait_for_timeout(100)
    box = root.evaluate(
        """r => ({scroll: r.scrollWidth, client: r.clientWidth,
                  overflow: [...r.querySelectorAll('*')].filter((n) => {
                    if (n.closest('.borsen-sr')) return false;  // for screen readers only
                    const b = n.getBoundingClientRect(); const o = r.getBoundingClientRect();
                    const clipped = n.scrollWidth > n.clientWidth + 1 && n.clientWidth > 0 &&
                      getComputedStyle(n).overflowX === 'hidden';
                    return b.width > 0 && (b.right > o.right + 1 || b.left < o.left - 1 || clipped);
                  }).map((n) => n.className).slice(0, 5)})"""
    )
    assert box["scroll"] <= box["client"] and not box["overflow"], box
