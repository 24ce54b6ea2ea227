"""The small game's policy maps (borsen_widget.sim.policy_maps, issue 23): one panel per slice
of the shipped report, every square coloured by its pair of moves (to win, for cards), the
words in the reader's language, no null anywhere (JupyterLite drops them)."""

from __future__ import annotations

import json

import pytest

from borsen_widget.analysis import small_report
from borsen_widget.sim.charts import MIME_TYPE
from borsen_widget.sim.policy_maps import KINDS, PolicyMaps, small_policy_maps

WORDS = {
    "en": ("Cards in your bank", "Bank to win, draw for cards", "Top card 8, 4 cards left"),
    "nb": (
        "Kort i banken din",
        "Legge i banken for å vinne, trekke for kortene",
        "Øverst 8, 4 kort igjen",
    ),
    "nn": (
        "Kort i banken din",
        "Leggje i banken for å vinne, trekkje for korta",
        "Øvst 8, 4 kort att",
    ),
}


def _has_null(value) -> bool:
    if value is None:
        return True
    if isinstance(value, dict):
        return any(_has_null(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_null(v) for v in value)
    return False


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
def test_the_maps_show_every_square_in_the_readers_words(language):
    maps = small_policy_maps(language)
    spec = maps._repr_mimebundle_()[MIME_TYPE]
    assert not _has_null(spec)
    report = small_report()
    assert len(spec["hconcat"]) == len(report["maps"]) == 4
    text = json.dumps(spec, ensure_ascii=False)
    for words in WORDS[language]:
        assert words in text, words
    names = spec["hconcat"][0]["encoding"]["color"]["scale"]["domain"]
    assert len(names) == len(KINDS) == 4
    for panel, shipped in zip(spec["hconcat"], report["maps"], strict=True):
        rows = panel["data"]["values"]
        assert len(rows) == len(shipped["rows"])
        for row, old in zip(rows, shipped["rows"], strict=True):
            expected = next(
                i for i, (moves, _, _) in enumerate(KINDS) if moves == (old["win"], old["cards"])
            )
            assert row["move"] == names[expected]
            assert (row["mine"], row["theirs"], row["pile"]) == (
                old["mine"],
                old["theirs"],
                old["pile"],
            )
    last = spec["hconcat"][-1]["title"]["subtitle"]
    assert {"en": "1 of them an ace", "nb": "1 av dem er et ess", "nn": "1 av dei er eit ess"}[
        language
    ] == last
    decimal = {"en": ".", "nb": ",", "nn": ","}[language]
    assert spec["config"]["locale"]["number"]["decimal"] == decimal


def test_no_maps_is_an_error():
    with pytest.raises(ValueError, match="at least one map"):
        PolicyMaps([], (4, 8, 12))
