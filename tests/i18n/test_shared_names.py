"""Issue 32: a strategy's name gets the safety of a student's name. The rules live below every
layer that takes names (borsen_widget/i18n/names.py, since play may not import the classroom),
and the classroom's clean_name is made of them: these checks hold the two to the same verdict,
name for name."""

from __future__ import annotations

import pytest

from borsen_widget.classroom import student_names as classroom
from borsen_widget.classroom.wire import BadMessage
from borsen_widget.i18n.names import fold, name_problem, tidy_name

NAMES = [
    "Lina",
    "Lіna",  # a Cyrillic і
    "Ｌｉｎａ",
    "  Ada   Lovelace ",
    "x" * 24,
    "x" * 25,
    "",
    "   ",
    "Ada\u0007",
    "\u200b",
    "\u3164",  # a Hangul filler: a letter, but invisible
    "Ada\ud800",
    "Øyvind Ærlig-Åsen",
    5,
    None,
]


@pytest.mark.parametrize("name", NAMES, ids=repr)
def test_the_same_names_pass_and_fail_as_in_the_classroom(name):
    try:
        kept = classroom.clean_name(name)
    except BadMessage:
        kept = None
    problem = name_problem(name)
    assert (problem is None) == (kept is not None)
    if kept is not None:
        assert tidy_name(name) == kept
        assert fold(kept) == classroom.fold(kept)


def test_markup_is_refused_only_when_asked():
    assert name_problem("<b>Ada</b>") is None
    assert name_problem("<b>Ada</b>", html=False) == "characters"
    assert name_problem("x" * 25) == "long" and name_problem(" ") == "empty"
