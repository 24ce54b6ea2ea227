"""Issue 21: the language a widget speaks (borsen_widget.jupyter.language): its own choice,
then the notebook's (set_language, followed at once), then the page's, then English; the page's
words come with it from the catalogues; a malformed report changes nothing."""

from __future__ import annotations

import anywidget
import pytest

from borsen_widget import set_language
from borsen_widget.classroom.wire import BadMessage, read_page_tags
from borsen_widget.i18n import front_end_texts
from borsen_widget.jupyter.language import Speaking, check_language


class Talker(Speaking, anywidget.AnyWidget):
    _esm = "export default { render() {} }"

    def __init__(self, language=None):
        super().__init__()
        self.redrawn = 0
        self.init_language(language)

    def language_changed(self):
        self.redrawn += 1


@pytest.fixture(autouse=True)
def no_choice():
    set_language(None)
    yield
    set_language(None)


def test_a_widget_speaks_its_own_choice_then_the_notebooks_then_the_pages():
    w = Talker()
    assert w.language == "en" and w.speech["texts"] == front_end_texts("en")
    assert w.heard_language({"intent": "page_language", "tags": ["de-DE", "nn-NO", "nb"]})
    assert w.language == "nn" and w.redrawn == 1
    set_language("nb")  # the notebook's choice beats the page's, at once
    assert w.language == "nb" and w.redrawn == 2
    assert w.speech == {"language": "nb", "texts": front_end_texts("nb")}
    w.language = "en-GB"  # its own beats the notebook's
    assert w.language == "en" and w.redrawn == 3
    set_language("nn")
    assert w.language == "en" and w.redrawn == 3
    w.language = None  # back to following
    assert w.language == "nn"
    assert Talker(language="no").language == "nb"


def test_only_the_page_language_intent_is_heard_and_a_bad_one_changes_nothing():
    w = Talker()
    assert not w.heard_language({"intent": "draw", "version": 1})
    for bad in (
        {"intent": "page_language", "tags": "nb"},
        {"intent": "page_language", "tags": ["x" * 36]},
        {"intent": "page_language", "tags": ["nb"] * 17},
        {"intent": "page_language", "tags": [1]},
        {"intent": "page_language", "tags": [], "extra": 1},
    ):
        with pytest.raises(BadMessage):
            w.heard_language(bad)
    assert w.language == "en" and w.redrawn == 0
    assert w.heard_language({"intent": "page_language", "tags": ["fr"]})
    assert w.language == "en" and w.redrawn == 0


def test_a_language_is_one_of_three_or_refused():
    assert [check_language(x) for x in (None, "nb-NO", "nn_NO", "EN")] == [None, "nb", "nn", "en"]
    for bad in ("fr", "", 3, "x" * 1000):
        with pytest.raises(ValueError, match="language must be one of"):
            check_language(bad)
    assert read_page_tags({"intent": "page_language", "tags": ["nb"]}) == ["nb"]


def test_a_bad_message_is_told_in_the_pages_language():
    error = BadMessage(
        "A message from {source} was not understood; nothing changed.", source="the editor"
    )
    assert str(error) == "A message from the editor was not understood; nothing changed."
    assert error.say("en") == str(error)
