"""notebooks/teaching.ipynb and its bokmål and nynorsk copies (notebooks/nb/, notebooks/nn/, see
notebooks/README.md) run top to bottom (the lessons of the teacher's view), and every number a
lesson's text states, in each language, is what ``borsen_widget.analysis`` computes for the
lesson's own table (so the prose and the figures cannot drift apart). The Norwegian copies have
the English notebook's code, set their language first and name the curriculum's aims."""

from __future__ import annotations

import json
import pathlib
import re
from fractions import Fraction

import pytest
from norwegian_lessons import RUN_LANGUAGES, assert_opens_with_aims, assert_written_in, markdown
from run_notebook import run_notebook
from same_code import assert_same_code

nbformat = pytest.importorskip("nbformat")

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "notebooks"
LANGUAGES = ("en", "nb", "nn")


def notebook(language: str) -> pathlib.Path:
    folder = NOTEBOOKS if language == "en" else NOTEBOOKS / language
    return folder / "teaching.ipynb"


#: Each language's words for the lessons' parts (notebooks/README.md).
EXERCISE = {"en": "Exercise", "nb": "Oppgave", "nn": "Oppgåve"}
ANSWER = {"en": "Answer", "nb": "Svar", "nn": "Svar"}


def T(en: str, nb: str, nn: str | None = None) -> dict[str, str]:
    """One phrase of the lessons in each language (nynorsk as bokmål unless given)."""
    return {"en": en, "nb": nb, "nn": nb if nn is None else nn}


@pytest.mark.parametrize("language", RUN_LANGUAGES)
def test_teaching_notebook_runs_top_to_bottom(language):
    """Every cell runs without error; each lesson has an exercise with a folded answer; the
    Norwegian copies print their own lines in their language."""
    nb, outputs = run_notebook(notebook(language), timeout=300)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for lesson in range(1, 7):
        assert f"## {lesson}." in text and f"**{EXERCISE[language]} {lesson}.**" in text
    assert text.count(f"<details><summary>{ANSWER[language]}</summary>") == 6
    charts = [o for o in outputs if "application/vnd.vegalite.v5+json" in o.get("data", {})]
    assert len(charts) == 5  # lessons 1, 2, 3, 4 and 6 draw a chart (Vega-Lite)
    printed = "".join(o.get("text", "") for o in outputs if o.get("output_type") == "stream")
    specs = json.dumps(
        [c["data"]["application/vnd.vegalite.v5+json"] for c in charts], ensure_ascii=False
    )
    said = T(
        en="P(accepted) = 1/2",
        nb="P(godkjent) = 1/2",
    )
    assert said[language] in printed
    axis = T(en="card on top of the pile", nb="kortet øverst i bunken", nn="kortet øvst i bunken")
    assert axis[language] in specs
    if language != "en":
        for english in ("P(accepted)", "after 4000 draws", "expected cards this turn", "bank at"):
            assert english not in printed, english
        for english in ("cards in the pile", "share of accepted draws", "E[loot]"):
            assert english not in specs, english


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_lesson_is_the_english_code_in_its_language(language):
    """The same code cell for cell, comments and texts aside; the first code cell sets the
    language (notebooks/README.md)."""
    assert_same_code(notebook("en"), notebook(language), language)


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_lesson_opens_with_the_curriculum_aims(language):
    """The first cell names the LK20 aims it serves by year (8, 9 and 10), from MAT01-05 for
    years 8 and 9 and MAT01-06 for year 10, as /tmp/lk20.md found them."""
    first = nbformat.read(notebook(language), as_version=4).cells[0]
    assert first.cell_type == "markdown"
    assert_opens_with_aims(first.source, {8: [], 9: [], 10: []})
    text = " ".join(first.source.split())
    aims = T(
        en="",
        nb="sannsynligheter i et spill|simulere tilfeldige hendelser|programmering til å utforske"
        "|lese Python-kode og forklare",
        nn="sannsyn i eit spel|simulere tilfeldige hendingar|programmering til å utforske"
        "|lese Python-kode og forklare",
    )
    for aim in aims[language].split("|"):
        assert aim in text, aim


# ------------------------------------------------------------------ the numbers in the lessons


@pytest.fixture(scope="module", params=LANGUAGES)
def lessons(request):
    """The lessons' text in one language (lesson number -> its markdown, answers included) and
    the names the notebook's cells tagged "positions" define (its tables: ``game``, ``mid``,
    ``position``, ``expected_loot``...), run here without a kernel."""
    path = notebook(request.param)
    nb = nbformat.read(path, as_version=4)
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
            exec(compile(cell.source, str(path), "exec"), names)
    return {"text": text, "language": request.param, **names}


def _phrase(lessons, phrase: str | dict[str, str]) -> str:
    return phrase[lessons["language"]] if isinstance(phrase, dict) else phrase


def says(lessons, lesson: int, *phrases: str | dict[str, str]) -> None:
    """The lesson's text states each phrase (a formula the same in every language, or a
    ``T(en, nb, nn)``), whitespace as in the notebook's line breaks."""
    flat = " ".join(lessons["text"][lesson].split())
    for phrase in phrases:
        said = _phrase(lessons, phrase)
        assert " ".join(said.split()) in flat, (lessons["language"], lesson, said)


def never_says(lessons, lesson: int, *phrases: str | dict[str, str]) -> None:
    """The lesson's text no longer states a claim that was more than true."""
    flat = " ".join(lessons["text"][lesson].split())
    for phrase in phrases:
        said = _phrase(lessons, phrase)
        assert " ".join(said.split()) not in flat, (lessons["language"], lesson, said)


def test_lesson_1_numbers(lessons):
    """§4's table: 12 cards of rank 8 or higher and 3 aces among 30, so P = 15/30 = 1/2 (R5);
    the full-deck formula; Exercise 1's 7/20 and, strictly higher, 1/4."""
    from borsen_widget import Card, Game, Rules, analysis

    cards = lessons["cards"]
    game = lessons["game"]
    says(
        lessons,
        1,
        r"\frac{12 + 3}{30} = \frac{1}{2}",
        T("22 cards are already gone", "22 kort er allerede borte", "22 kort er alt borte"),
        T("the 30 cards left hold 12 cards of rank 8 or higher and 3 aces",
          "de 30 kortene som er igjen, har 12 kort som er 8 eller høyere og 3 ess",
          "dei 30 korta som er att, har 12 kort som er 8 eller høgare og 3 ess"),
    )  # fmt: skip
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
    says(
        lessons,
        1,
        T(
            "$2+1+3+1 = 7$ of 20, so $P = 7/20 = 0.35$",
            "$2+1+3+1 = 7$ av 20, så $P = 7/20 = 0{,}35$",
        ),
        "$5/20 = 1/4$",
    )
    deck = cards("JH JD QS KS KH KC AD 2S 2H 3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S")
    for rules, want in ((Rules(), Fraction(7, 20)), (Rules(equal_accepted=False), Fraction(1, 4))):
        g = Game.from_position(rules, deck=deck, pile=cards("JS"), current_player=0)
        assert analysis.p_accept(g) == want


LOOT = T(r"\text{loot}", r"\text{bytte}")


def test_lesson_2_numbers(lessons):
    """E[draw once, then bank] = p(m+1) + E[loot] (R5, R7, R9), equal to one_draw_value; the
    loot vanishes at the lesson's table; break-even p/(1-p); Exercise 2's tie at 19."""
    from borsen_widget import Card, Game, Rules, analysis

    game, mid = lessons["game"], lessons["mid"]
    loot = LOOT[lessons["language"]]
    once = T(
        r"E[\text{draw once, then bank}]",
        r"E[\text{trekke én gang, så banken}]",
        r"E[\text{trekkje éin gong, så banken}]",
    )[lessons["language"]]
    says(
        lessons,
        2,
        rf"{once} = p\,(m+1) + E[{loot}]",
        T("every bank is empty", "alle bankene er tomme", "alle bankane er tomme"),
        r"m < \dfrac{p}{1-p}",
        rf"m < \dfrac{{p + E[{loot}]}}{{1-p}}",
        T(
            "With $p = 1/2$ and nothing to rob, that means only on a pile of 0 cards",
            "Med $p = 1/2$ og ingenting å rane betyr det bare når bunken har 0 kort",
            "Med $p = 1/2$ og ingenting å rane tyder det berre når bunken har 0 kort",
        ),
    )
    never_says(lessons, 2, rf"{once} = p\,(m+1).$$")
    for table in (game, mid):  # no loot at lesson 2's table, A♠'s loot at lesson 4's
        p, m = analysis.p_accept(table), len(table.pile)
        loot = sum(o.probability * o.loot for o in analysis.draw_outcomes(table))
        assert analysis.one_draw_value(table) == p * (m + 1) + loot
    assert all(not bank for bank in game.banks)
    assert sum(o.loot for o in analysis.draw_outcomes(game)) == 0
    half = Fraction(1, 2)
    assert half / (1 - half) == 1  # m < 1: only a pile of 0 cards
    says(
        lessons,
        2,
        T("$p = 38/40 = 19/20$, so $p/(1-p) = 19$", "$p = 38/40 = 19/20$, så $p/(1-p) = 19$"),
        r"\tfrac{19}{20}\cdot 20 = 19",
        T("fewer than 19 cards", "færre enn 19 kort"),
    )
    # Exercise 2's table (two decks, to hold a pile of 19): top 3, 40 cards, two of them 2s.
    rest = [Card.parse(f"{r}{s}") for r in "456789TJQK" for s in "SHCD"]
    deck = [Card.parse("2S"), Card.parse("2H"), *rest[:38]]
    for pile_size in (18, 19, 20):
        pile = [*rest[2:][-(pile_size - 1) :], Card.parse("3S")]
        g = Game.from_position(Rules(decks=2), deck=deck, pile=pile, current_player=0)
        assert analysis.p_accept(g) == Fraction(19, 20)
        gain = analysis.one_draw_value(g) - pile_size  # pays below 19, a tie at 19
        assert (gain > 0, gain == 0, gain < 0) == (pile_size < 19, pile_size == 19, pile_size > 19)


def test_lesson_3_numbers(lessons):
    """Exercise 3: a 95 % band of ±0.01 at p = 1/2 needs n ≥ (1.96 · 0.5 / 0.01)² ≈ 9604."""
    says(
        lessons,
        3,
        T(r"1.96\sqrt{p(1-p)/n}", r"1{,}96\sqrt{p(1-p)/n}"),
        T(
            r"n \ge (1.96 \cdot 0.5 / 0.01)^2 \approx 9604",
            r"n \ge (1{,}96 \cdot 0{,}5 / 0{,}01)^2 \approx 9604",
        ),
    )
    assert round((1.96 * 0.5 / 0.01) ** 2) == 9604


def test_lesson_4_numbers(lessons):
    """Exercise 4: p = 7/8, p(m+1) = 21/8; A♠ (1/16) robs two, so drawing once then banking
    is worth 11/4 = 2.75; best_turn about 2.92; the option to continue about 0.17."""
    from borsen_widget import Card, analysis

    mid = lessons["mid"]
    says(
        lessons,
        4,
        T(
            "16 cards left, a pile of two cards with a 3 on top",
            "16 kort igjen, en bunke på to kort med en 3-er øverst",
            "16 kort att, ein bunke på to kort med ein 3-ar øvst",
        ),
    )
    assert mid.deck_size == 16 and len(mid.pile) == 2 and mid.pile[-1].rank == 3
    says(
        lessons,
        4,
        "$p = 14/16 = 7/8$",
        T(r"\tfrac78 \cdot 3 = 21/8 = 2.625", r"\tfrac78 \cdot 3 = 21/8 = 2{,}625"),
        T("chance $1/16$", "sjanse $1/16$"),
        r"\lfloor 5/2 \rfloor = 2",
        T(
            r"\tfrac{21}{8} + \tfrac{1}{16}\cdot 2 = \tfrac{11}{4} = 2.75",
            r"\tfrac{21}{8} + \tfrac{1}{16}\cdot 2 = \tfrac{11}{4} = 2{,}75",
        ),
        T("about $2.92$", "omtrent $2{,}92$", "om lag $2{,}92$"),
        T(r"$2.92 - 2.75 \approx 0.17$", r"$2{,}92 - 2{,}75 \approx 0{,}17$"),
        T("seat 2's bank", "banken til plass 2"),
    )
    never_says(
        lessons,
        4,
        T(
            "The difference is the value of the *option to continue*",
            "Forskjellen er verdien av *muligheten til å fortsette*",
            "Skilnaden er verdien av *moglegheita til å halde fram*",
        ),
    )
    p = analysis.p_accept(mid)
    assert p == Fraction(14, 16) == Fraction(7, 8)
    assert p * 3 == Fraction(21, 8) == Fraction(2625, 1000)
    (ace,) = [o for o in analysis.draw_outcomes(mid) if o.is_ace]
    assert ace.cards == (Card.parse("AS"),) and ace.probability == Fraction(1, 16) and ace.loot == 2
    assert sum(not c.is_ace for c in mid.banks[ace.victim]) == 5 and ace.victim == 2
    once = analysis.one_draw_value(mid)
    assert once == Fraction(21, 8) + Fraction(1, 16) * 2 == Fraction(11, 4)
    best = analysis.best_turn(mid).values["draw"]
    assert round(float(best), 2) == 2.92
    assert round(float(best - once), 2) == 0.17
    assert best > once > 2  # all three agree: drawing beats banking 2 cards


def percent_text(value: float, language: str) -> str:
    """A chance as the lessons' prose writes it: ``95.8 %`` (``95,8 %`` in Norwegian)."""
    text = f"{100 * value:.1f}"
    return (text if language == "en" else text.replace(".", ",")) + " %"


def test_lesson_5_numbers(lessons):
    """The small game solved exactly (analysis.winning, issue 23): ahead, the cards rule
    (OptimalTurnBot's) draws and the player who plays to win banks; behind, the other way
    round; every chance and expected number of cards the text states is the solver's, and the
    exercise's 23/24 is the chance after banking (R5: only the order 4, 8, Q, Q takes all four;
    R15: a tie counts half)."""
    from borsen_widget.analysis import DECK_16, small_report

    language = lessons["language"]
    small, position = lessons["small"], lessons["small_position"]
    assert small.deck == DECK_16 and DECK_16.size == 16
    ahead, behind = position(6, 4, 2), position(2, 6, 4)
    assert ahead.scores == (6, 4) and ahead.pile == 2
    assert behind.scores == (2, 6) and behind.pile == 4
    assert (small.cards_action(ahead), small.policy(ahead)) == ("draw", "bank")
    assert (small.cards_action(behind), small.policy(behind)) == ("bank", "draw")
    assert small.cards_values(ahead) == (Fraction(9, 4), 2)
    assert small.cards_values(behind) == (Fraction(15, 4), 4)
    says(lessons, 5, T("2.25 cards", "2,25 kort"), T("3.75)", "3,75)"))
    won = {name: small.action_values(s) for name, s in (("ahead", ahead), ("behind", behind))}
    assert won["ahead"]["bank"] > won["ahead"]["draw"]
    assert won["behind"]["draw"] > won["behind"]["bank"]
    for values in won.values():
        says(lessons, 5, *(percent_text(v, language) for v in values.values()))
    assert won["ahead"]["bank"] == pytest.approx(23 / 24, abs=1e-12)
    says(lessons, 5, "$23/24$", "$2/24 = 1/12$", "$4! = 24$")
    says(
        lessons,
        5,
        T(
            "The leader takes fewer risks than the cards rule, the player behind more.",
            "Den som leder, tar færre sjanser enn regelen for kortene, og den som ligger bak, "
            "tar flere.",
            "Den som leier, tek færre sjansar enn regelen for korta, og den som ligg bak, tek "
            "fleire.",
        ),
    )
    gap = small_report()["gap"]
    points = {round(100 * gap[seat]["loss"]) for seat in ("first", "second")}
    assert len(points) == 1  # "about N percentage points ..., in either seat"
    (n,) = points
    says(lessons, 5, T(f"about {n} percentage points", f"rundt {n} prosentpoeng"))
    for seat in ("first", "second"):
        assert gap[seat]["loss"] == pytest.approx(gap[seat]["win"] - gap[seat]["cards"])
    never_says(
        lessons,
        5,
        T("win_chance", "win_chance"),
        T("a player far ahead should take", "en spiller som ligger langt foran, bør ta",
          "ein spelar som ligg langt framme, bør ta"),
    )  # fmt: skip


def test_lesson_6_numbers(lessons):
    """Exercise 6: with b = 12, ⌊12/2⌋ + ⌊12/3⌋ + ⌊12/4⌋ + ⌊12/5⌋ = 15 cards over the four
    aces, each drawn with chance 1/10: E[loot] = 3/2 (R9)."""
    from borsen_widget import Rules

    loot = LOOT[lessons["language"]]
    says(lessons, 6, "= 6 + 4 + 3 + 2 = 15", f"$E[{loot}] = 15/10 = 3/2$", "$1/10$")
    says(lessons, 6, T("10 cards", "10 kort"), "$b = 12$")
    ordinary = lessons["ordinary"]
    assert 12 // 2 + 12 // 3 + 12 // 4 + 12 // 5 == 15
    assert lessons["expected_loot"](Rules(), ordinary[:12]) == Fraction(15, 10) == Fraction(3, 2)


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_teaching_lesson_is_written_in_its_own_standard(language):
    """No bokmål word in the nynorsk prose, and no nynorsk word in the bokmål
    (tests/notebooks/norwegian_lessons.py)."""
    assert_written_in(markdown(notebook(language)), language)
