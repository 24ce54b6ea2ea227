"""Save files as an attacker writes them (RULES.md §5, "Undo and saves").

Every save is checked in full when it is loaded: a save that is not whole and consistent
raises :class:`SaveError` (a ``ValueError``) naming the field, quoting at most a short excerpt,
at once; and anything that loads works everywhere: it saves again, shows, narrates and plays to
its end with every invariant intact. Hypothesis mutates real saves of random games.
"""

from __future__ import annotations

import datetime
import json

import pytest
from helpers import examples
from hostile import paths, replace, works_everywhere
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from borsen_widget import Game, RandomBot, Rules, SaveError, ThresholdBot, play
from borsen_widget.engine.events import Event

# A hostile save must fail fast; this only guards against unbounded work (not a speed test).
BOUNDED = settings(
    max_examples=examples(400),
    deadline=datetime.timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["AS", "TH", "2C", "KD", "play", "aces", "over", "deck", "1/3", "1e-999"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=12,
)


def saved_game(seed: int, moves: int, options: dict) -> dict:
    game = Game(Rules(**options), seed=seed)
    play(game, [RandomBot(seed), ThresholdBot(3), RandomBot(seed + 1)], max_steps=moves)
    return json.loads(game.to_json())


RULE_OPTIONS = [
    {},
    {"loot_to": "pile", "rob_target": "leader"},
    {"decks": 2, "max_bank_aces": 3},
    {"auto_aces": "keep", "max_turns": 30},
    {"equal_accepted": False, "bank_ends_turn": False, "auto_bank_at_end": False},
]


@BOUNDED
@given(
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 120),
    options=st.sampled_from(RULE_OPTIONS),
    choice=st.randoms(use_true_random=False),
    value=json_values,
)
def test_a_mutated_save_loads_and_works_or_is_refused_naming_a_field(
    seed, moves, options, choice, value
):
    data = saved_game(seed, moves, options)
    path = choice.choice(list(paths(data)))
    text = json.dumps(replace(data, path, value))
    try:
        game = Game.from_json(text)
    except SaveError as error:
        assert len(str(error)) < 500, "a refusal quotes at most a short excerpt"
        event(f"refused: {error.field or 'the file'}")
        return
    event("loaded")
    works_everywhere(game)


@BOUNDED
@given(
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 120),
    options=st.sampled_from(RULE_OPTIONS),
    choice=st.randoms(use_true_random=False),
)
def test_a_save_with_a_field_removed_or_a_card_moved_is_refused_or_works(
    seed, moves, options, choice
):
    data = saved_game(seed, moves, options)
    if choice.random() < 0.5:
        del data[choice.choice(sorted(data))]
    else:  # move one card from where it is to another place (R16 keeps it counted)
        places = [k for k in ("deck", "pile") if data[k]] + [
            ("banks", i) for i, b in enumerate(data["banks"]) if b
        ]
        if places:
            source = choice.choice(places)
            cards = data[source[0]][source[1]] if isinstance(source, tuple) else data[source]
            card = cards.pop(choice.randrange(len(cards)))
            target = choice.choice(["deck", "pile", ("banks", 0)])
            (data[target[0]][target[1]] if isinstance(target, tuple) else data[target]).append(card)
    try:
        game = Game.from_json(json.dumps(data))
    except SaveError:
        return
    works_everywhere(game)


def corrupt(change, **options):
    data = saved_game(5, 40, options)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("[" * 100_000 + "]" * 100_000, ""),  # nesting deeper than any parser's stack
        ('{"format": "borsen-game", "version": ' + "9" * 5000 + "}", ""),  # a 5000-digit number
        (corrupt(lambda d: d.update(version=True)), "version"),
        (corrupt(lambda d: d["rules"]["ace_shares"].update(S="1e-100000000")), "rules"),
        (corrupt(lambda d: d["rules"]["ace_shares"].update(S="1/" + "7" * 5000)), "rules"),
        (corrupt(lambda d: d["rules"]["ace_shares"].update(S=5.088939483065504e-298)), "rules"),
        (corrupt(lambda d: d["rules"]["ace_shares"].update(S=1e300)), "rules"),
        (corrupt(lambda d: d.update(seed=2**70)), "seed"),
        (corrupt(lambda d: d.update(current_player=10**600)), "current_player"),
        (corrupt(lambda d: d["log"].append({"kind": "draw", "player": 1.5})), "log"),
        (corrupt(lambda d: d["log"].append({"kind": "rules", "player": 0, "info": [1]})), "log"),
        (
            corrupt(lambda d: d["log"].append({"kind": "end", "player": None, "info": "deck"})),
            "log",
        ),
        (corrupt(lambda d: d.update(version="x" * 100_000)), "version"),
    ],
    ids=[
        "deep nesting",
        "huge number",
        "version true",
        "share 1e-100000000",
        "share denominator of 5000 digits",
        "tiny float share (a 300-digit denominator)",
        "share 1e300",
        "seed of 70 bits",
        "a 601-digit seat",
        "player 1.5 in the log",
        "info of the wrong type",
        "end event without scores",
        "100 kB version",
    ],
)
def test_hostile_saves_are_refused_at_once_naming_the_field(text, field):
    with pytest.raises(SaveError) as info:
        Game.from_json(text)
    assert info.value.field == field
    assert len(str(info.value)) < 500


def test_inconsistent_saves_are_refused():
    """Over because the deck is empty while it holds cards (R14); an ace decision where R13
    forbids one; a pile that more refusals built than turns were played (R5, R7)."""
    over = corrupt(lambda d: d.update(phase="over", end_reason="deck"))
    with pytest.raises(SaveError, match="R14"):
        Game.from_json(over)
    game = Game.from_position(Rules(), deck=["AD"], pile=["AC"], current_player=0, seed=1)
    data = json.loads(game.to_json())
    data.update(phase="aces", pending_aces=["AC"], incoming_aces=["AC"])
    data["banks"][0], data["pile"] = ["AC"], []
    with pytest.raises(SaveError, match="R13"):
        Game.from_json(json.dumps(data))
    game = Game.from_position(Rules(), deck=["3C"], pile=["KS", "2C", "QH", "2D"], current_player=0)
    data = json.loads(game.to_json())
    data["turns"] = 1
    with pytest.raises(SaveError, match="R5"):
        Game.from_json(json.dumps(data))
    data["turns"] = 3
    works_everywhere(Game.from_json(json.dumps(data)))


def test_every_event_of_a_loaded_log_is_an_event():
    game = Game.from_json(json.dumps(saved_game(3, 60, {})))
    assert all(isinstance(e, Event) for e in game.log)
