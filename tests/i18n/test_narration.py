"""The log in bokmål and nynorsk: nothing falls back to English, every sentence of the narrator
is reached and found in the catalogues, "you" gets second-person sentences, and the language
can change at any time without changing the game."""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rule_options import random_rules
from rule_options import rule_sets as declared_rule_sets

import borsen_widget
from borsen_widget import Event, Game, Rules
from borsen_widget.engine import events as events_module
from borsen_widget.engine import words as words_module
from borsen_widget.engine.cards import Card
from borsen_widget.engine.events import narrate
from borsen_widget.engine.options import OPTIONS
from borsen_widget.i18n import Translator, get_language, set_language, use_language

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fa", "Gro", "Hå"]


def cards(text):
    return tuple(Card.parse(c) for c in text.split())


class Recording(Translator):
    """A translator that remembers every message it was asked for."""

    def __init__(self, language, used):
        super().__init__(language)
        self.used = used

    def gettext(self, message, /, **values):
        self.used.add((None, message))
        return super().gettext(message, **values)

    def ngettext(self, singular, plural, n, /, **values):
        self.used.add((None, singular))
        return super().ngettext(singular, plural, n, **values)

    def pgettext(self, context, message, /, **values):
        self.used.add((context, message))
        return super().pgettext(context, message, **values)

    def npgettext(self, context, singular, plural, n, /, **values):
        self.used.add((context, singular))
        return super().npgettext(context, singular, plural, n, **values)


@pytest.fixture
def recording(monkeypatch):
    """Every translator the narrator uses records its messages; returns (used, translators)."""
    used: set = set()
    made: dict = {}

    def translator(language=None):
        language = borsen_widget.i18n.resolve_language(language)
        if language not in made:
            made[language] = Recording(language, used)
        return made[language]

    monkeypatch.setattr(events_module, "translator", translator)
    monkeypatch.setattr(words_module, "translator", translator)
    return used, made


# ------------------------------------------------------------------ the sample of events


def rule_sets():
    """Every option of RULES.md §2, drawn from the options' declarations (as
    tests/engine/test_properties.py draws them), and now and then this test's Python house
    rules, whose reasons the log words apart."""
    return declared_rule_sets(functions={"accept_rule": [_accept_odd], "loot_rule": [_loot_two]})


def _accept_odd(card, below):
    return card.rank % 2 == 1 or card.rank > below.rank


def _loot_two(ace, bank):
    return min(2, sum(not card.is_ace for card in bank))


def random_log(rules: Rules, seed: int) -> list[Event]:
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    steps = 0
    while not game.is_over and steps < 5000:
        legal = game.legal_actions()
        if game.phase == "play" and len(legal) == 2:
            game.apply(legal[0] if rng.random() < 0.7 else legal[1])
        else:
            game.apply(rng.choice(legal))
        steps += 1
        if steps == 40 and rng.random() < 0.3:
            game.set_rules(dataclasses.replace(rules, equal_accepted=not rules.equal_accepted))
    return list(game.log)


def rare_events() -> list[list[Event]]:
    """Events the random games reach rarely or never, each reason and share at least once."""
    A, K2 = Card.parse("AH"), cards("3C 4C")
    logs = []
    for info in ("empty", "ace", "after_ace", "higher", "equal", "custom", None, "odd"):
        logs.append(
            [
                Event("draw", 0, cards=cards("5S")),
                Event("accept", 0, cards=cards("5S"), below=Card.parse("4S"), info=info),
            ]
        )
    for info in ("lower", "equal", "custom", None):
        for target in (1, 2):
            draw = Event("draw", 0, cards=cards("2S"))
            logs.append([draw, Event("pass", 0, target, cards("2S"), Card.parse("KS"), info)])
            logs.append([Event("pass", 0, target, cards("2S"), None, info)])
    for info in (None, "custom", "0", "1/2", "1/3", "1/4", "1/5", "1", "2/5", "nonsense"):
        for loot in ((), K2, K2[:1]):
            for target in (1, 2):
                rob = Event("rob", 0, target, loot, info=info)
                logs.append(
                    [
                        Event("draw", 0, cards=(A,)),
                        Event("accept", 0, cards=(A,), below=Card.parse("2C"), info="ace"),
                        rob,
                    ]
                )
                logs.append([rob])
    for info in (None, "deck_empty"):
        for some in (K2, K2[:1]):
            logs.append([Event("bank", 0, cards=some, info=info)])
    aces = cards("AS AH")
    logs.append([Event("list", 0, cards=aces[:1]), Event("keep", 0, cards=aces[1:])])
    logs.append([Event("list", 0, cards=aces[:1])])
    for some in (aces[:1], aces):
        logs.append([Event("keep", 0, cards=some, info="dead_deck")])
        logs.append([Event("keep", 0, cards=some)])
    for info in ("lot", "suit", None):
        logs.append([Event("start", 0, info=info)])
    logs.append([Event("rules", 0, info="max_turns = 5")])  # an old save's wording
    logs.append(rule_changes())
    for info in ("deck", "max_turns", "other"):
        for scores in ((3, 3, 1), (5, 1, 1), (1, 1, 5), (0, 0, 0), (1, 0, 0)):
            logs.append([Event("end", None, info=info, scores=scores)])
    return logs


def rule_changes() -> list[Event]:
    """Rules events as a game logs them, over every kind of option value."""
    game = Game(Rules(players=3), seed=4)
    base = game.rules
    for change in (
        dict(equal_accepted=not base.equal_accepted, rob_target="leader", first_player=2),
        dict(max_turns=1000, max_bank_aces=3, ace_shares={"S": "1/3"}, accept_rule=_accept_odd),
        dict(auto_aces="list", loot_to="pile", first_player="suit", auto_bank_at_end=True),
        dict(first_player=base.first_player, accept_rule=None, equal_accepted=True),
    ):
        game.set_rules(dataclasses.replace(game.rules, **change))
    return [e for e in game.log if e.kind == "rules"]


def test_a_change_of_rules_is_told_with_the_options_labels_in_each_language():
    labels = [option.label for option in OPTIONS]
    for language in ("nb", "nn"):
        for line in narrate(rule_changes(), language=language):
            assert not [label for label in labels if label in line["text"]], line["text"]
    lines = [line["text"] for line in narrate(rule_changes(), language="nb")]
    assert "Hvem et ess raner: den som leder" in lines[0]
    assert "Høyeste antall turer: 1\u00a0000" in lines[1]
    assert "som i de opprinnelige reglene" in lines[3]


def check_log(log, names, loot_to, seats):
    """Every line and sentence of ``log`` in nb and nn differs from its English."""
    for you in (None, *range(seats)):
        english = narrate(log, names, loot_to=loot_to, language="en", you=you)
        english_events = [e.describe(names, language="en", you=you) for e in log]
        for language in ("nb", "nn"):
            lines = narrate(log, names, loot_to=loot_to, language=language, you=you)
            assert [line["id"] for line in lines] == [line["id"] for line in english]
            for line, en in zip(lines, english, strict=True):
                assert line["text"] != en["text"], (language, line["text"])
            for event, en in zip(log, english_events, strict=True):
                text = event.describe(names, language=language, you=you)
                assert text != en, (language, text)


def narrator_messages():
    """The messages of the narrator (events.py, words.py) in the template."""
    from catalogue_tools import load_script

    C = load_script()
    with open(C.TEMPLATE, "rb") as file:
        template = C.read_po(file)
    wanted = ("borsen_widget/engine/events.py", "borsen_widget/engine/words.py")
    return {
        (m.context, m.id[0] if isinstance(m.id, tuple) else m.id)
        for m in template
        if m.id and any(path in wanted for path, _ in m.locations)
    }


def test_nothing_falls_back_and_every_sentence_is_reached(recording):
    """Random games over many rule sets, and the rare events, in nb and nn, for every seat as
    "you": no sentence is English, none is missing from the catalogues, and every sentence of
    the narrator is told at least once."""
    used, made = recording
    rng = random.Random(2121)
    for i in range(40):
        rules = _rules_from(rng)
        log = random_log(rules, seed=i)
        names = NAMES[: rules.players] if i % 3 else None
        check_log(log, names, rules.loot_to, min(rules.players, 3))
    for log in rare_events():
        for loot_to in ("bank", "pile"):
            check_log(log, ["Ada", "Bo", "Cy"], loot_to, 3)
            check_log(log, None, loot_to, 2)
    for n in (1, 2):
        for language in ("en", "nb", "nn"):
            words_module.count_cards(n, language)
    for language in ("nb", "nn"):
        assert not made[language].missing, f"{language} lacks {sorted(made[language].missing)}"
    unreached = narrator_messages() - used
    assert not unreached, f"sentences no sample reached: {sorted(unreached, key=str)[:10]}"


def _rules_from(rng: random.Random) -> Rules:
    """A rule set drawn with a plain random generator from the options' declarations
    (hypothesis draws in the property below), with this test's own house rules."""
    return random_rules(rng, functions={"accept_rule": [_accept_odd], "loot_rule": [_loot_two]})


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), seed=st.integers(0, 2**32))
def test_nothing_falls_back_over_random_rules(rules, seed):
    for language in ("nb", "nn"):
        borsen_widget.i18n.translator(language).missing.clear()
    log = random_log(rules, seed)
    check_log(log, NAMES[: rules.players], rules.loot_to, min(rules.players, 3))
    for language in ("nb", "nn"):
        assert not borsen_widget.i18n.translator(language).missing


SUIT_SYMBOLS = frozenset("♠♥♦♣")


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), seed=st.integers(0, 2**32))
def test_the_spoken_lines_name_every_card_in_words_and_tell_the_same_story(rules, seed):
    """What a screen reader is given (``spoken=True``): the same lines (ids, kinds, seats) as
    the screen shows, each a whole sentence of the catalogue with every card in words ("5 of
    spades", «spar 5»), never a suit symbol; in English, bokmål and nynorsk."""
    log = random_log(rules, seed)
    names = NAMES[: rules.players]
    for language in ("en", "nb", "nn"):
        shown = narrate(log, names, loot_to=rules.loot_to, language=language)
        said = narrate(log, names, loot_to=rules.loot_to, language=language, spoken=True)
        assert [{**x, "text": ""} for x in said] == [{**x, "text": ""} for x in shown]
        for line, spoken in zip(shown, said, strict=True):
            assert not SUIT_SYMBOLS & set(spoken["text"]), spoken["text"]
            for code in re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", line["text"]):
                name = words_module.card_name(Card.parse(code), language)
                assert name in spoken["text"], (code, name, spoken["text"])
    # Spoken is for that call only: the next one writes the cards as the screen shows them.
    assert narrate(log, names, loot_to=rules.loot_to, language=language) == shown


# ------------------------------------------------------------------ "you", English, switching


def test_you_gets_second_person_sentences_in_every_language():
    won = Event("end", None, info="deck", scores=(25, 3))
    assert won.describe(["Ada", "Bo"], language="en", you=0) == (
        "The game ends: the deck is empty. You win with 25 cards."
    )
    assert narrate([won], ["Ada", "Bo"], language="nb", you=0)[0]["text"] == (
        "Spillet er over: børsen er tom. Du vinner med 25 kort."
    )
    assert narrate([won], ["Ada", "Bo"], language="nn", you=0)[0]["text"] == (
        "Spelet er over: børsen er tom. Du vinn med 25 kort."
    )
    tie = Event("end", None, info="deck", scores=(4, 4, 4))
    assert tie.describe(["Ada", "Bo", "Cy"], language="en", you=1).endswith(
        "You and Ada and Cy share the win with 4 cards."
    )
    assert tie.describe(["Ada", "Bo", "Cy"], language="nb", you=1).endswith(
        "Du og Ada og Cy deler seieren med 4 kort."
    )
    passed = [
        Event("draw", 1, cards=cards("4C")),
        Event("pass", 1, 2, cards("4C"), Card.parse("6S"), "lower"),
    ]
    assert narrate(passed, ["Ada", "Bo", "Cy"], language="en", you=2)[0]["text"] == (
        "Bo drew 4♣ — lower than 6♠: the pile passes to you."
    )
    assert passed[1].describe(["Ada", "Bo", "Cy"], language="nb") == (
        "4♣ er lavere enn 6♠: bunken går videre til Cy."
    )
    assert passed[1].describe(["Ada", "Bo", "Cy"], language="nn") == (
        "4♣ er lågare enn 6♠: bunken går vidare til Cy."
    )
    assert narrate(passed, ["Ada", "Bo", "Cy"], language="nn", you=1)[0]["text"] == (
        "Du trekte 4♣ – lågare enn 6♠: bunken går vidare til Cy."
    )


def test_the_chosen_language_is_the_default_and_str_stays_english():
    event = Event("bank", 0, cards=cards("9S 4C"))
    assert get_language() == "en"
    assert narrate([event], ["Ada"])[0]["text"] == "Ada banked 2 cards: 9♠ 4♣."
    with use_language("nb-NO"):
        assert get_language() == "nb"
        assert narrate([event], ["Ada"])[0]["text"] == "Ada la 2 kort i banken: 9♠ 4♣."
        assert event.describe(["Ada"]) == "Ada legger 2 kort i banken: 9♠ 4♣."
        assert str(event) == "Seat 0 banks 2 cards: 9♠ 4♣."
        assert event.to_dict()["text"] == "Seat 0 banks 2 cards: 9♠ 4♣."
        assert event.describe(language="nn") == "Plass 0 legg 2 kort i banken: 9♠ 4♣."
    assert get_language() == "en"
    assert borsen_widget.set_language("no_NO") == "nb"
    assert borsen_widget.get_language() == "nb"
    assert borsen_widget.set_language(None) == "en"


def test_switching_the_language_changes_nothing_in_the_game():
    """The same seeded game, played once in English and once switching language between moves,
    is the same game: same actions, same log, same save."""

    def play(switch):
        game = Game(Rules(players=3), seed=99)
        rng = random.Random(5)
        told = []
        languages = ["nb", "nn", "en", "no-NO"]
        while not game.is_over:
            if switch:
                set_language(languages[len(told) % len(languages)])
            told.append(narrate(game.log, NAMES[:3])[-1]["text"])
            game.apply(rng.choice(game.legal_actions()))
        set_language(None)
        return game, told

    try:
        plain, told_en = play(False)
        switched, told_mixed = play(True)
    finally:
        set_language(None)
    assert json.loads(plain.to_json()) == json.loads(switched.to_json())
    assert plain.log == switched.log
    assert told_en != told_mixed  # the telling did change
