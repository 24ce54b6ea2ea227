"""End-to-end: the teacher's panel in a real JupyterLab and headless Chromium.

After every move the panel's figures on the page (the exact chance of acceptance, the chart's
bars, the values of banking and drawing, the best choice) must equal what
``borsen_widget.analysis`` computes in the kernel for the same position, read by a second
client of the kernel. ProbabilityPanel in a second cell follows the game; guess first hides the
answers until Reveal. Screenshots of the panel in light and dark themes go to
``test-artifacts/``.
"""

from __future__ import annotations

import re
from fractions import Fraction

from axe_support import axe_check, lab_theme
from harness import contrast, open_notebook, screenshot, write_notebook

# The kernel's truth for the position on the table, from analysis alone (never from the panel).
TRUTH_CELL = """
from fractions import Fraction
from borsen_widget import analysis

def _exact(f):
    f = Fraction(f)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"

def _decimal(f):  # 3 places, half away from zero, from the exact value
    f = Fraction(f)
    n = (abs(f) * 1000 + Fraction(1, 2)).__floor__()
    return ("-" if f < 0 and n else "") + f"{n // 1000}.{n % 1000:03d}"

def truth(w):
    g = w.game
    out = {"version": w.version, "decision": g.phase == "play" and g.deck_size > 0}
    if not out["decision"] or g.is_over:
        return out
    top = g.pile[-1] if g.pile else None
    counts = g.deck_counts()
    bars = {}
    for card, k in counts.items():
        label = "A" if card.is_ace else {"T": "10"}.get(card.ascii[:-1], card.ascii[:-1])
        count, accepted = bars.get(label, (0, 0))
        bars[label] = (count + k, accepted + (k if g.rules.accepts(card, top) else 0))
    p = analysis.p_accept(g)
    accepted = sum(a for _, a in bars.values())
    # Draw once, then bank (R5-R9, loot to the bank): from the draw outcomes.
    one = sum(o.probability * ((len(g.pile) + 1) * o.accepted + o.loot)
              for o in analysis.draw_outcomes(g))
    best = analysis.best_turn(g)
    return {
        **out,
        "counted": f"{accepted}/{g.deck_size}",
        "fraction": f"{p.numerator}/{p.denominator}",
        "decimal": _decimal(p),
        "sentence": analysis.summary(g, with_best_turn=False)["p_accept"]["sentence"],
        "bars": {k: list(v) for k, v in bars.items()},
        "bank": _exact(len(g.pile)) if g.pile else None,
        "one": _exact(one),
        "best": _exact(best.values["draw"]),
        "action": best.action.upper() if g.pile else "DRAW",
    }
"""

# Bank 2 (Cy) holds 4 cards for Ada's A♠ to rob (R9: half of 4 = 2).
GAME_CELL = """
from borsen_widget import BorsenWidget, Game, Rules, ProbabilityPanel
deck = "9H AS 3C 5D 2C 7C KD 4H 6S JD QC TD 2H 3S".split()
g = Game.from_position(Rules(players=3, auto_aces="keep"), deck=deck, pile=["8S"],
                       banks=[[], [], "2D 6D 7D 9D".split()], current_player=0, seed=11)
w = BorsenWidget(game=g, seats=["Ada", "Bo", "Cy"], show_probabilities=True)
w
"""

READ_PANEL = """(panel) => {
  const q = (s) => panel.querySelector(s);
  const text = (s) => (q(s) ? q(s).textContent : null);
  const bars = {};
  for (const b of panel.querySelectorAll('.borsen-bar')) {
    if (Number(b.dataset.count)) {
      bars[b.dataset.rank] = [Number(b.dataset.count),
        b.dataset.accepted === '' ? null : Number(b.dataset.accepted)];
    }
  }
  const values = {};
  for (const row of panel.querySelectorAll('[data-value]')) {
    const num = row.querySelector('.borsen-num');
    values[row.dataset.value] = num ? num.dataset.fraction : null;
  }
  const choice = q('.borsen-panel-choice');
  return {
    shown: !panel.hidden, decision: Number(panel.dataset.decision), kind: panel.dataset.kind,
    hidden: panel.dataset.hidden === 'true', best: panel.dataset.best,
    counted: text('.borsen-p-counted'), decimal: text('.borsen-p-decimal'),
    fraction: q('.borsen-p-big') ? q('.borsen-p-big').dataset.fraction || null : null,
    big: text('.borsen-p-big'), sentence: text('.borsen-p-sentence'),
    bars, values, chartLabel: q('.borsen-chart').getAttribute('aria-label'),
    choice: choice.hidden ? null : text('.borsen-choice-action'),
    vote: !q('.borsen-panel-vote').hidden,
  };
}"""

GAME = ".borsen:not(.borsen-solo)"
SOLO = ".borsen.borsen-solo"
# Text in the panel that must read well (WCAG AA, 4.5:1) in both themes.
READABLE = (
    ".borsen-panel-question",
    ".borsen-p-big",
    ".borsen-p-sentence",
    ".borsen-panel-label",
    ".borsen-values-what",
    ".borsen-value-label small",
    ".borsen-bar-rank",
    ".borsen-bar-count",
    ".borsen-bar-mark",
    ".borsen-chart-legend",
    ".borsen-choice-action",
    ".borsen-choice-how",
    ".borsen-choice-text",
    ".borsen-value .borsen-dec",
    ".borsen-value .borsen-sign",
    ".borsen-panel-detail summary",
)


def assert_readable(page, theme: str) -> None:
    for selector in READABLE:
        node = page.locator(f"{GAME} .borsen-panel {selector}").first
        ratio = contrast(node)
        assert ratio >= 4.5, (theme, selector, ratio)


def read(page, root: str) -> dict:
    return page.locator(f"{root} .borsen-panel").first.evaluate(READ_PANEL)


def wait_panel(page, root: str, version: int) -> None:
    """Until the page shows the view ``version`` and the panel has its final figures."""
    page.wait_for_function(
        """([root, version]) => {
          const game = document.querySelector('.borsen:not(.borsen-solo)');
          const panel = document.querySelector(root + ' .borsen-panel');
          const solo = root.includes('solo') ? document.querySelector(root) : game;
          return game && Number(game.dataset.version) >= version && panel &&
            Number(solo.dataset.version) >= version && panel.dataset.best !== 'working';
        }""",
        arg=[root, version],
        timeout=30_000,
    )


def assert_figures(shown: dict, truth: dict) -> None:
    """The panel shows exactly the kernel's exact figures."""
    assert shown["shown"]
    if not truth["decision"]:
        assert shown["counted"] is None and shown["choice"] is None
        return
    assert shown["counted"] == truth["counted"]
    assert shown["fraction"] == truth["fraction"]
    assert shown["decimal"] == truth["decimal"]
    sentence = truth["sentence"]
    assert shown["sentence"] == sentence[0].upper() + sentence[1:] + "."
    assert shown["bars"] == truth["bars"]
    assert shown["values"] == {"bank": truth["bank"], "one": truth["one"], "best": truth["best"]}
    assert shown["choice"] == truth["action"]


def click(page, intent: str) -> int:
    """Click a game button; returns the version the click must lead past."""
    root = page.locator(GAME).first
    before = int(root.get_attribute("data-version"))
    root.locator(f"button[data-intent={intent}]").click()
    page.wait_for_function(
        f"() => Number(document.querySelector('{GAME}').dataset.version) > {before}",
        timeout=30_000,
    )
    return before + 1


def test_the_panel_shows_the_kernels_exact_figures_move_after_move(page, lab, kernel_of):
    """Draws (accepted, an ace that robs, after the ace), a bank, a forced draw, a card that
    passes the pile on: after each, the panel beside the table and the ProbabilityPanel in the
    second cell show the figures analysis computes in the kernel."""
    write_notebook(lab.root / "panel.ipynb", [TRUTH_CELL, GAME_CELL, "p = ProbabilityPanel(w)\np"])
    kernel = kernel_of(open_notebook(page, lab, "panel.ipynb"))
    page.wait_for_selector(SOLO)
    moves = ["start", "draw", "draw", "draw", "bank", "draw", "draw"]
    kinds = []
    for move in moves:
        version = int(page.locator(GAME).first.get_attribute("data-version"))
        if move != "start":
            version = click(page, move)
        wait_panel(page, GAME, version)
        wait_panel(page, SOLO, version)
        truth = kernel.eval("truth(w)")
        beside, solo = read(page, GAME), read(page, SOLO)
        assert int(page.locator(GAME).first.get_attribute("data-version")) == truth["version"]
        assert_figures(beside, truth)
        assert solo == beside, move  # the projector's panel is in step
        kinds.append(beside["kind"])
    # The positions played: a choice, the ace's robbery (R9), a forced draw, a passed pile.
    assert kinds == ["choice", "choice", "choice", "choice", "forced", "choice", "choice"]
    assert kernel.eval("[len(b) for b in w.game.banks]") == [6, 0, 2]  # A♠ robbed 2 of Cy's 4
    assert kernel.eval("(w.game.current_player, [c.ascii for c in w.game.pile])") == [
        2,
        ["5D", "2C"],
    ]
    # The chart's text alternative names the accepted count.
    truth = kernel.eval("truth(w)")
    accepted = sum(a for _, a in truth["bars"].values())
    assert (
        f"{accepted} of the {sum(c for c, _ in truth['bars'].values())}"
        in (read(page, GAME)["chartLabel"])
    )


def test_guess_first_the_toggle_and_both_themes(page, lab, kernel_of, artifacts):
    """Guess first hides the answers (not on the page at all) until Reveal (a click, or the
    key R); the class's votes are counted; the next decision hides them again. The
    Probabilities button switches the panel off and on. Screenshots in light and dark."""
    write_notebook(
        lab.root / "guess.ipynb",
        [TRUTH_CELL, GAME_CELL + "\nw.guess_first = True\nw", "p = ProbabilityPanel(w)\np"],
    )
    page.set_viewport_size({"width": 1500, "height": 1500})  # a projector's page
    kernel = kernel_of(open_notebook(page, lab, "guess.ipynb"))
    page.wait_for_selector(SOLO)
    game = page.locator(GAME).first
    version = int(game.get_attribute("data-version"))
    wait_panel(page, GAME, version)
    shown = read(page, GAME)
    assert shown["hidden"] and shown["vote"] and shown["choice"] is None
    assert shown["counted"] is None and shown["big"] == "?"
    assert all(accepted is None for _, accepted in shown["bars"].values())
    assert kernel.eval("w.panel['p_accept']") is None
    # Votes: two for Draw in the widget's panel, one for Bank on the projector's.
    panel = game.locator(".borsen-panel")
    for _ in range(2):
        panel.locator('[data-choice="draw"]').click()
    page.locator(f"{SOLO} [data-choice=bank]").click()
    # Until Reveal both panels say how many voted, not how (nobody follows the crowd).
    page.wait_for_function(
        f"() => document.querySelector('{SOLO} .borsen-panel-votes').textContent === "
        f"'3 votes so far' && document.querySelector('{GAME} .borsen-panel-votes')"
        ".textContent === '3 votes so far'"
    )
    assert page.locator(f"{GAME} [data-count=draw]").inner_text() == ""
    assert kernel.eval("w.teacher.votes") == {"draw": 2, "bank": 1}
    assert kernel.eval("w.panel['guess']['votes']") is None
    page.locator(f"{SOLO} .borsen-panel").screenshot(
        path=str(artifacts / "panel-guess.png"), animations="disabled"
    )
    # Reveal with the key R (the game widget has the keyboard after a click on it).
    game.locator(".borsen-status").click()
    page.keyboard.press("r")
    page.wait_for_function(f"() => document.querySelector('{GAME} .borsen-p-counted')")
    wait_panel(page, GAME, version)
    truth = kernel.eval("truth(w)")
    assert_figures(read(page, GAME), truth)
    assert "voted: Draw 2 · Bank 1" in panel.locator(".borsen-panel-votes").inner_text()
    assert_readable(page, "light")
    axe_check(page, "the widget and its panel in JupyterLab", GAME, scheme=lab_theme)
    axe_check(page, "the panel on its own in JupyterLab", SOLO, scheme=lab_theme)
    screenshot(page, game, artifacts / "panel-light.png")
    # A new decision hides the answers again.
    version = click(page, "draw")
    wait_panel(page, GAME, version)
    assert read(page, GAME)["hidden"] and kernel.eval("w.panel['hidden']") is True
    page.locator(f"{SOLO} .borsen-reveal").click()
    page.wait_for_function(f"() => document.querySelector('{SOLO} .borsen-p-counted')")
    wait_panel(page, SOLO, version)
    assert_figures(read(page, SOLO), kernel.eval("truth(w)"))
    # Dark theme: the panel reads in it too.
    page.evaluate(
        "() => window.jupyterapp.commands.execute('apputils:change-theme', "
        "{theme: 'JupyterLab Dark'})"
    )
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
    page.wait_for_timeout(300)
    colours = panel.evaluate(
        """(p) => ({bg: getComputedStyle(p.closest('.borsen')).backgroundColor,
                   fg: getComputedStyle(p.querySelector('.borsen-p-big')).color})"""
    )
    assert colours["bg"] == "rgb(33, 33, 33)" and colours["fg"] != "rgb(0, 0, 0)"
    assert_readable(page, "dark")
    screenshot(page, game, artifacts / "panel-dark.png")
    # On its own, wide, for a projector: larger type than beside the table.
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.borsen-p-big')].map((n) =>
             [n.closest('.borsen-solo') !== null, parseFloat(getComputedStyle(n).fontSize),
              n.closest('.borsen-panel').getBoundingClientRect().width])"""
    )
    side = next(size for solo, size, _ in sizes if not solo)
    big = next(size for solo, size, _ in sizes if solo)
    assert big >= 1.2 * side, sizes
    page.locator(f"{SOLO} .borsen-panel-outcomes summary").click()  # every card it can be
    page.locator(f"{SOLO}").screenshot(
        path=str(artifacts / "panel-solo-dark.png"), animations="disabled"
    )
    page.evaluate(
        "() => window.jupyterapp.commands.execute('apputils:change-theme', "
        "{theme: 'JupyterLab Light'})"
    )
    # Beside the table when wide; below it in a 700 px cell, with nothing sticking out.
    box = game.evaluate(
        """(r) => { const t = r.querySelector('.borsen-table').getBoundingClientRect();
                    const p = r.querySelector('.borsen-panel').getBoundingClientRect();
                    return {width: r.clientWidth, beside: p.left >= t.right - 1}; }"""
    )
    assert box["width"] >= 900 and box["beside"], box
    game.evaluate("r => { r.style.maxWidth = 'none'; r.style.width = '700px'; }")
    page.wait_for_timeout(100)
    narrow = game.evaluate(
        """(r) => { const t = r.querySelector('.borsen-table').getBoundingClientRect();
                    const p = r.querySelector('.borsen-panel').getBoundingClientRect();
                    const o = r.getBoundingClientRect();
                    const out = [...r.querySelectorAll('*')].filter((n) => {
                      const b = n.getBoundingClientRect();
                      return b.width > 0 && (b.right > o.right + 1 || b.left < o.left - 1); });
                    return {below: p.top >= t.bottom, scroll: r.scrollWidth <= r.clientWidth,
                            out: out.map((n) => n.className).slice(0, 5)}; }"""
    )
    assert narrow["below"] and narrow["scroll"] and not narrow["out"], narrow
    screenshot(page, game, artifacts / "panel-700px.png")
    # The Probabilities button switches the panel off, and on again.
    game.locator("button[data-intent=panel]").click()
    page.wait_for_function(f"() => document.querySelector('{GAME} .borsen-panel').hidden")
    assert kernel.eval("w.show_probabilities") is False
    assert not page.locator(f"{SOLO} .borsen-panel").first.evaluate("p => p.hidden")
    game.locator("button[data-intent=panel]").click()
    page.wait_for_function(f"() => !document.querySelector('{GAME} .borsen-panel').hidden")
    assert kernel.eval("w.show_probabilities") is True
    assert Fraction(kernel.eval("w.panel['p_accept']['fraction']")) == Fraction(
        kernel.eval("str(analysis.p_accept(w.game))")
    )


def test_the_kernel_stays_responsive_while_the_best_rule_is_worked_out(page, lab, kernel_of):
    """The first turn of a two-deck game: the exact best stopping rule needs some ten
    thousand states (seconds). The panel shows the chance, the chart and the best choice
    proven by exact bounds at once, and says it is working on the exact rule; clicks and the
    kernel's other clients are answered meanwhile."""
    write_notebook(
        lab.root / "busy.ipynb",
        [
            "from borsen_widget import BorsenWidget, Rules, analysis\n"
            'w = BorsenWidget(seats=["Ada", "Bo"], rules=Rules(players=2, decks=2, '
            "first_player=0), seed=5, show_probabilities=True)\nw.apply('draw')\nw",
        ],
    )
    kernel = kernel_of(open_notebook(page, lab, "busy.ipynb"))
    game = page.locator(GAME).first
    page.wait_for_selector(f"{GAME} .borsen-panel[data-best=working]")
    status = game.locator("[data-value=best] .borsen-best-status")
    assert status.inner_text() == "Still counting…"  # plain words for the class
    shown = read(page, GAME)
    p = kernel.eval("str(analysis.p_accept(w.game))")
    assert Fraction(shown["fraction"]) == Fraction(p)
    # The best choice at once, as analysis.best_choice proves it, and marked proven.
    proven = kernel.eval("analysis.best_choice(w.game).action")
    assert proven in ("draw", "bank") and shown["choice"] == proven.upper()
    assert game.locator(".borsen-choice-how").inner_text().startswith("(proven")
    # No number for the best rule until it is exact: only its proven bounds, marked so.
    row = game.locator("[data-value=best]")
    assert (
        row.locator(".borsen-num").count() == row.locator(".borsen-best-bounds .borsen-num").count()
    )
    assert "Proven" in row.inner_text()
    for _ in range(2):
        start = page.evaluate("() => performance.now()")
        version = int(game.get_attribute("data-version"))
        game.locator("button[data-intent=draw]").click()
        page.wait_for_function(
            f"() => Number(document.querySelector('{GAME}').dataset.version) > {version}",
            timeout=30_000,
        )
        took = page.evaluate("() => performance.now()") - start
        assert took < 5_000, f"a click took {took:.0f} ms while the best rule was worked out"
        assert kernel.eval("w.version", timeout=5) == version + 1
        if kernel.eval("w.game.pile == () or w.game.current_player != 0"):
            break
    assert kernel.eval("w.panel['best']['state']") in ("working", "solved")


# English words that must not show in a Norwegian panel (Norwegian has none of them).
ENGLISH_WORDS = r"\b(the|cards?|draws?|banks?|accepted|of|is|and|or|worth|left|chance|vote)\b"


def test_the_panel_in_bokmal_and_nynorsk(page, lab, kernel_of, artifacts):
    """The game's panel in nynorsk beside a projector's panel in bokmål, both on the same game:
    every word Norwegian (nothing falls back to English), numbers with a decimal comma, the
    teacher's details one click away; switching the projector's language redraws it at once
    without touching the game. Screenshots in test-artifacts/."""
    cell = GAME_CELL.replace("show_probabilities=True)", 'show_probabilities=True, language="nn")')
    write_notebook(
        lab.root / "norsk.ipynb",
        [TRUTH_CELL, cell, 'p = ProbabilityPanel(w, language="nb")\np'],
    )
    page.set_viewport_size({"width": 1500, "height": 1500})
    kernel = kernel_of(open_notebook(page, lab, "norsk.ipynb"))
    page.wait_for_selector(SOLO)
    game = page.locator(GAME).first
    version = int(game.get_attribute("data-version"))
    wait_panel(page, GAME, version)
    wait_panel(page, SOLO, version)
    beside = game.locator(".borsen-panel")
    solo = page.locator(f"{SOLO} .borsen-panel")
    page.wait_for_function(
        f"() => document.querySelector('{SOLO} .borsen-panel-title').textContent === "
        "'Sannsynligheter'"
    )
    assert beside.locator(".borsen-panel-title").inner_text() == "Sannsyn"
    truth = kernel.eval("truth(w)")
    shown = read(page, GAME)
    assert shown["counted"] == truth["counted"] and shown["fraction"] == truth["fraction"]
    assert shown["decimal"] == truth["decimal"].replace(".", ",")
    nn = kernel.eval("analysis.summary(w.game, with_best_turn=False, language='nn')")
    assert (
        shown["sentence"]
        == nn["p_accept"]["sentence"][0].upper() + nn["p_accept"]["sentence"][1:] + "."
    )
    assert "kort" in shown["sentence"] and "høgare" in shown["sentence"]
    for panel, name in ((beside, "nn"), (solo, "nb")):
        panel.locator(".borsen-panel-outcomes summary").click()
        panel.locator(".borsen-panel-detail summary").click()
        text = panel.inner_text()
        labels = panel.evaluate(
            "(p) => [...p.querySelectorAll('[aria-label], [title]')].map((n) => "
            "(n.getAttribute('aria-label') || '') + ' ' + (n.getAttribute('title') || ''))"
            ".join(' ')"
        )
        found = re.findall(ENGLISH_WORDS, text + labels, re.IGNORECASE)
        assert not found, (name, found, text)
        assert "Metode:" in text and ("stopperegelen" in text)
    screenshot(page, beside, artifacts / "panel-nn.png")
    screenshot(page, solo, artifacts / "panel-nb.png")
    # The projector switches to English: at once, the game untouched.
    before = kernel.eval("w.game.to_json()")
    kernel.eval("setattr(p, 'language', 'en')")
    page.wait_for_function(
        f"() => document.querySelector('{SOLO} .borsen-panel-title').textContent === "
        "'Probabilities'"
    )
    page.wait_for_function(
        f"() => document.querySelector('{SOLO} .borsen-panel-question').textContent"
        ".startsWith('Ada: draw once more')"
    )
    assert beside.locator(".borsen-panel-title").inner_text() == "Sannsyn"
    assert kernel.eval("w.game.to_json()") == before
