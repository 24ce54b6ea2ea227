"""notebooks/rules-lab.ipynb and its bokmål and nynorsk copies (notebooks/nb/, notebooks/nn/)
run top to bottom in a real kernel (issue: tweak the rules live) and show their findings, the
Norwegian ones in their language; the copies have the English notebook's code, open with the
curriculum's aims and are written in their own standard."""

import json

import pytest
from norwegian_lessons import (
    RUN_LANGUAGES,
    assert_opens_with_aims,
    assert_written_in,
    lesson,
    markdown,
)
from run_notebook import run_notebook
from same_code import assert_same_code

from borsen_widget.i18n import translator

#: What the notebook prints itself, in each language.
SAYS = {
    "en": ("P(accepted on 8♦) = 9/17 ≈ 0.529", "P(accepted on 8♦) = 8/17 ≈ 0.471", "3,000 games"),
    "nb": ("P(godkjent på 8♦) = 9/17 ≈ 0,529", "P(godkjent på 8♦) = 8/17 ≈ 0,471", "3 000 spill"),
    "nn": ("P(godkjent på 8♦) = 9/17 ≈ 0,529", "P(godkjent på 8♦) = 8/17 ≈ 0,471", "3 000 spel"),
}
#: The titles and legends of its charts and the rows of its tables, in each language.
SHOWS = {
    "en": ("Who wins, by seat", "♠ robs everything", "equal cards fail", "turns per game"),
    "nb": ("Hvem vinner, plass for plass", "♠ raner alt", "like kort avvises", "turer per spill"),
    "nn": ("Kven vinn, plass for plass", "♠ ranar alt", "like kort blir avviste", "turar per spel"),
}


@pytest.mark.parametrize("language", RUN_LANGUAGES)
def test_rules_lab_runs_and_shows_its_findings(language):
    _nb, outputs = run_notebook(lesson("rules-lab.ipynb", language), timeout=300)
    shown = "\n".join(
        o.get("text", "") + str(o.get("data", {}).get("text/plain", "")) for o in outputs
    ).replace("\xa0", " ")
    # The rules event, told by the log in the notebook's language.
    tr = translator(language)
    option = tr.gettext("The share of the victim's cards each ace robs")
    told = tr.gettext("The rules change: {changes}.", changes=f"{option}: ♠ 1,")[:-1]
    assert told in shown, told
    for said in SAYS[language]:
        assert said in shown, said
    # The Python API's errors stay English (for programmers), in every language.
    assert "cannot save this game" in shown and "same_suit_goes" in shown
    assert "broken(2♠, 2♠) must return True or False" in shown
    charts = [o for o in outputs if "application/vnd.vegalite.v5+json" in o.get("data", {})]
    assert len(charts) == 3  # the plots: Vega-Lite, drawn by the notebook's own renderer
    specs = json.dumps([o["data"] for o in charts], ensure_ascii=False)
    tables = "".join(str(o.get("data", {}).get("text/html", "")) for o in outputs)
    for text in SHOWS[language]:
        assert text in specs + tables, text
    if language != "en":
        for english in SHOWS["en"] + ("seat 0", "win rate against", "house rule"):
            assert english not in specs + tables, english
        for english in SAYS["en"]:
            assert english not in shown, english


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_the_norwegian_rules_lab_is_the_english_code_in_its_language(language):
    assert_same_code(lesson("rules-lab.ipynb", "en"), lesson("rules-lab.ipynb", language), language)
    assert_written_in(markdown(lesson("rules-lab.ipynb", language)), language)


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_the_norwegian_rules_lab_opens_with_the_curriculum_aims(language):
    """Algorithms by programming (year 8), simulation and probability (year 9), exploring with
    programming, modelling and reading and explaining Python code (year 10)."""
    first = markdown(lesson("rules-lab.ipynb", language))[0]
    program = {"nb": "programmering til å undersøke", "nn": "programmering til å undersøkje"}
    games = {"nb": "tusenvis av tilfeldige spill", "nn": "tusenvis av tilfeldige spel"}
    assert_opens_with_aims(
        first,
        {
            8: ["algoritme med programmering"],
            9: [games[language]],
            10: [program[language], "modell", "lese Python-kode og forklare"],
        },
    )
