"""notebooks/teaching.ipynb runs top to bottom (the lessons of the teacher's view), and every
number a lesson's text states is what ``borsen_widget.analysis`` computes for the lesson's own
table (so the prose and the figures cannot drift apart)."""

from __future__ import annotations

import pathlib
import re
from fractions import Fraction

import pytest
from run_notebook import run_notebook

nbformat = pytest.importorskip("nbformat")

NOTEBOOK = pathlib.Path(__file__).resolve().parents[2] / "notebooks" / "teaching.ipynb"


def test_teaching_notebook_runs_top_to_bottom():
    """Every cell runs without error; each lesson has an exercise with a folded answer."""
    nb, outputs = run_notebook(NOTEBOOK, timeout=300)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for lesson in range(1, 7):
        assert f"## {lesson}." in text and f"**Exercise {lesson}.**" in text
    assert text.count("<details><summary>Answer</summary>") == 6
    charts = [o for o in outputs if "application/vnd.vegalite.v5+json" in o.get("data", {})]
    assert len(charts) == 5  # lessons 1, 2, 3, 4 and 6 draw a chart (Vega-Lite)


# ------------------------------------------------------------------ the numbers in the lessons


@pytest.fixture(scope="module")
def lessons():
    """The lessons' text (lesson number -> its markdown, answers included) and the names the
    notebook's cells tagged "positions" define (its tables: ``game``, ``mid``, ``position``,
    ``expected_loot``...), run here without a kernel."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    text: dict[int, str] = {}
    lesson = 0
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            found = re.match(r"## (\d)\.", cell.source)
            if found:
                lesson = int(found.group(1))
            text[lesson] = text.get(lesson, "") + "\n" + cell.source
    names: dict = {}
    for cell in nb.cells:
        if cell.cell_type == "code" and "positions" in cell.metadata.get("tags", []):
            exec(compile(cell.source, str(NOTEBOOK), "exec"), names)
    return {"text": text, **names}


def says(lessons, lesson: int, *phrases: str) -> None:
    """The lesson's text states each phrase (whitespace as in the notebook's line breaks)."""
    flat = " ".join(lessons["text"][lesson].split())
    for phrase in phrases:
        assert " ".join(phrase.split()) in flat, (lesson, phrase)


def never_says(lessons, lesson: int, *phrases: str) -> None:
    """The lesson's text no longer states a claim that was more than true."""
    flat = " ".join(lessons["text"][lesson].split())
    for phrase in phrases:
        assert " ".join(phrase.split()) not in flat, (lesson, phrase)


def test_lesson_1_numbers(lessons):
    """§4's table: 12 cards of rank 8 or higher and 3 aces among 30, so P = 15/30 = 1/2 (R5);
    the full-deck formula; Exercise 1's 7/20 and, strictly higher, 1/4."""
    from borsen_widget import Card, Game, Rules, analysis

    cards = lessons["cards"]
    game = lessons["game"]
    says(lessons, 1, r"\frac{12 + 3}{30} = \frac{1}{2}", "22 cards are already gone")
    counts = game.deck_counts()
    assert game.deck_size == 30 and 52 - game.deck_size == 22
    assert sum(k for c, k in counts.items() if not c.is_ace and c.rank >= 8) == 12
    assert sum(k for c, k in counts.items() if c.is_ace) == 3
    assert analysis.p_accept(game) == Fraction(12 + 3, 30) == Fraction(1, 2)
    says(lessons, 1, r"\bigl(4\,(14-r) - 1 + 4\bigr)/51")
    everything = cards(" ".join(f"{n}{s}" for n in "23456789TJQKA" for s in "SHCD"))
    for r in range(2, 14):
        top = Card(r, "S")
        deck = [c for c in everything if c != top]
        g = Game.from_position(Rules(), deck=deck, pile=[top], current_player=0, seed=0)
        assert analysis.p_accept(g) == Fraction(4 * (14 - r) - 1 + 4, 51)
    says(lessons, 1, "$2+1+3+1 = 7$ of 20, so $P = 7/20 = 0.35$", "$5/20 = 1/4$")
    deck = cards("JH JD QS KS KH KC AD 2S 2H 3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S")
    for rules, want in ((Rules(), Fraction(7, 20)), (Rules(equal_accepted=False), Fraction(1, 4))):
        g = Game.from_position(rules, deck=deck, pile=cards("JS"), current_player=0)
        assert analysis.p_accept(g) == want


def test_lesson_2_numbers(lessons):
    """E[draw once, then bank] = p(m+1) + E[loot] (R5, R7, R9), equal to one_draw_value; the
    loot vanishes at the lesson's table; break-even p/(1-p); Exercise 2's tie at 19."""
    from borsen_widget import Card, Game, Rules, analysis

    game, mid = lessons["game"], lessons["mid"]
    says(
        lessons,
        2,
        r"E[\text{draw once, then bank}] = p\,(m+1) + E[\text{loot}]",
        "every bank is empty",
        r"m < \dfrac{p}{1-p}",
        r"m < \dfrac{p + E[\text{loot}]}{1-p}",
        "With $p = 1/2$ and nothing to rob, that means only on a pile of 0 cards",
    )
    never_says(lessons, 2, r"E[\text{draw once, then bank}] = p\,(m+1).$$")
    for table in (game, mid):  # no loot at lesson 2's table, A♠'s loot at lesson 4's
        p, m = analysis.p_accept(table), len(table.pile)
        loot = sum(o.probability * o.loot for o in analysis.draw_outcomes(table))
        assert analysis.one_draw_value(table) == p * (m + 1) + loot
    assert all(not bank for bank in game.banks)
    assert sum(o.loot for o in analysis.draw_outcomes(game)) == 0
    half = Fraction(1, 2)
    assert half / (1 - half) == 1  # m < 1: only a pile of 0 cards
    says(lessons, 2, "$p = 38/40 = 19/20$, so $p/(1-p) = 19$", r"\tfrac{19}{20}\cdot 20 = 19")
    # Exercise 2's table (two decks, to hold a pile of 19): top 3, 40 cards, two of them 2s.
    rest = [Card.parse(f"{r}{s}") for r in "456789TJQK" for s in "SHCD"]
    deck = [Card.parse("2S"), Card.parse("2H"), *rest[:38]]
    for pile_size in (18, 19, 20):
        pile = [*rest[2:][-(pile_size - 1) :], Card.parse("3S")]
        g = Game.from_position(Rules(decks=2), deck=deck, pile=pile, current_player=0)
        assert analysis.p_accept(g) == Fraction(19, 20)
        gain = analysis.one_draw_value(g) - pile_size  # pays below 19, a tie at 19
        assert (gain > 0, gain == 0, gain < 0) == (pile_size < 19, pile_size == 19, pile_size > 19)


def test_lesson_4_numbers(lessons):
    """Exercise 4: p = 7/8, p(m+1) = 21/8; A♠ (1/16) robs two, so drawing once then banking
    is worth 11/4 = 2.75; best_turn about 2.92; the option to continue about 0.17."""
    from borsen_widget import analysis

    mid = lessons["mid"]
    says(lessons, 4, "16 cards left, a pile of two cards with a 3 on top")
    assert mid.deck_size == 16 and len(mid.pile) == 2 and mid.pile[-1].rank == 3
    says(
        lessons,
        4,
        "$p = 14/16 = 7/8$",
        r"\tfrac78 \cdot 3 = 21/8 = 2.625",
        "chance $1/16$",
        r"\lfloor 5/2 \rfloor = 2",
        r"\tfrac{21}{8} + \tfrac{1}{16}\cdot 2 = \tfrac{11}{4} = 2.75",
        "about $2.92$",
        r"$2.92 - 2.75 \approx 0.17$",
    )
    never_says(lessons, 4, "The difference is the value of the *option to continue*")
    p = analysis.p_accept(mid)
    assert p == Fraction(14, 16) == Fraction(7, 8)
    assert p * 3 == Fraction(21, 8) == Fraction(2625, 1000)
    (ace,) = [o for o in analysis.draw_outcomes(mid) if o.is_ace]
    assert ace.label == "ace of spades" and ace.probability == Fraction(1, 16) and ace.loot == 2
    assert sum(not c.is_ace for c in mid.banks[ace.victim]) == 5 and ace.victim == 2
    once = analysis.one_draw_value(mid)
    assert once == Fraction(21, 8) + Fraction(1, 16) * 2 == Fraction(11, 4)
    best = analysis.best_turn(mid).values["draw"]
    assert round(float(best), 2) == 2.92
    assert round(float(best - once), 2) == 0.17
    assert best > once > 2  # all three agree: drawing beats banking 2 cards


def test_lesson_5_numbers(lessons):
    """The expected-cards figures are equal for "far ahead" and "far behind" (only seat 0's own
    bank differs), but depend on the victim's robbable cards (R9)."""
    from borsen_widget import Card, analysis

    says(
        lessons,
        5,
        "differ only in seat 0's own bank",
        "the cards seat 0's aces can rob are seat 2's ordinary cards",
    )
    never_says(lessons, 5, "do not depend on the score at all")
    position = lessons["position"]
    ahead = position("2S 5C 6S 6H 7S 7H 8S 8C 9H 9C TS TH JS JH", "4D 6C 8D", seed=5)
    behind = position("2S 5C 6S", "4D 6C 8D", seed=5)
    assert analysis.best_turn(ahead).values == analysis.best_turn(behind).values
    poorer = type(ahead).from_position(
        ahead.rules,
        deck=[c for c, k in ahead.deck_counts().items() for _ in range(k)],
        banks=[list(ahead.banks[0]), list(ahead.banks[1]), [Card.parse("TD")]],
        pile=list(ahead.pile),
        current_player=0,
    )
    assert analysis.best_turn(poorer).values["draw"] < analysis.best_turn(ahead).values["draw"]


def test_lesson_6_numbers(lessons):
    """Exercise 6: with b = 12, ⌊12/2⌋ + ⌊12/3⌋ + ⌊12/4⌋ + ⌊12/5⌋ = 15 cards over the four
    aces, each drawn with chance 1/10: E[loot] = 3/2 (R9)."""
    from borsen_widget import Rules

    says(lessons, 6, "= 6 + 4 + 3 + 2 = 15", "$E[\\text{loot}] = 15/10 = 3/2$")
    ordinary = lessons["ordinary"]
    assert 12 // 2 + 12 // 3 + 12 // 4 + 12 // 5 == 15
    assert lessons["expected_loot"](Rules(), ordinary[:12]) == Fraction(15, 10) == Fraction(3, 2)
