"""Invariants over random games, for every rule option (hypothesis).

Each example draws a rule set from every option of RULES.md §2 and plays a random legal game
to its end, checking at every step: card conservation (R16), legal actions empty exactly when
the game is over (R14), undo restores the previous state exactly, save/load then replay gives
the identical game, and the public state never depends on the deck's order or the seed.
"""

from __future__ import annotations

import json
import random

from helpers import examples
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from rule_options import rule_sets

from borsen_widget import Game, RandomBot, ThresholdBot, play

# Generous: with R13 every game ends with probability 1, and the cap makes it certain (R14a).
STEP_BUDGET = 200_000


def random_action(game: Game, rng: random.Random, p_draw: float):
    legal = game.legal_actions()
    if game.phase == "play" and len(legal) == 2:
        return legal[0] if rng.random() < p_draw else legal[1]
    return rng.choice(legal)


def core(game: Game) -> dict:
    """The game's whole state (rules, seed, generator, position) without its log, which the
    lean path does not keep: its save file less the log."""
    data = json.loads(game.to_json())
    del data["log"], data["record"]
    return data


@settings(max_examples=examples(1000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=rule_sets(),
    seed=st.integers(0, 2**32),
    choices=st.integers(0, 2**32),
    p_draw=st.floats(0.2, 0.97),
)
def test_invariants_over_random_games(rules, seed, choices, p_draw):
    """R16 conservation, R14 legal actions, termination, undo, save/load + replay, and the
    public state's independence from hidden information, at every step."""
    rng = random.Random(choices)
    game = Game(rules, seed=seed)
    steps = 0
    saved: tuple[Game, int] | None = None
    actions = []
    while True:
        game.check_invariants()  # R16 and bookkeeping
        legal = game.legal_actions()
        assert (legal == []) == game.is_over  # R14
        if game.is_over:
            break
        assert game.winners == () and game.end_reason is None
        steps += 1
        assert steps < STEP_BUDGET, "the game did not end (R13, R14a)"
        action = random_action(game, rng, p_draw)
        assert game.is_legal(action)
        if rng.random() < 0.15:
            before = game.copy()
            game.apply(action)
            game.undo()
            assert game == before, f"undo of {action} did not restore the state"
        if saved is None and rng.random() < 0.05:
            saved = (Game.from_json(game.to_json()), len(actions))
            assert saved[0] == game
            assert not saved[0].can_undo
        if rng.random() < 0.05:
            twin = game.resample(rng.getrandbits(32), record=True)
            assert twin.public_state() == game.public_state()
        game.apply(action)
        actions.append(action)
    assert game.end_reason in ("deck", "max_turns")
    event(f"end: {game.end_reason}")
    event(f"ace decisions: {min(3, sum(e.kind == 'keep' or e.kind == 'list' for e in game.log))}")
    assert game.winners and max(game.scores) == game.scores[game.winners[0]]  # R15
    assert game.turns <= rules.max_turns
    assert game.log[-1].kind == "end"
    if game.end_reason == "deck":
        assert game.deck_size == 0 and game.pile == ()
    else:
        assert game.turns == rules.max_turns and (game.deck_size or game.pile)
    state = json.loads(json.dumps(game.public_state()))
    assert state == game.public_state()
    if saved is not None:
        replayed, start = saved
        for action in actions[start:]:
            replayed.apply(action)
        assert replayed == game, "save, load and replay differ from the original game"


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), seed=st.integers(0, 2**32), ks=st.lists(st.integers(1, 8), min_size=8))
def test_lean_path_gives_the_identical_game(rules, seed, ks):
    """The lean path (record=False, played by playout with unchecked steps) plays exactly
    the game the checked path plays, for every option."""

    def bots():
        return [
            RandomBot(seed + i) if k % 3 == 0 else ThresholdBot(k)
            for i, k in enumerate(ks[: rules.players])
        ]

    checked = Game(rules, seed=seed)
    play(checked, bots(), checked=True)
    lean = Game(rules, seed=seed, record=False)
    play(lean, bots(), checked=False)
    assert core(lean) == core(checked)
    lean.check_invariants()


@settings(max_examples=examples(300), deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32))
def test_public_state_does_not_depend_on_order_or_seed(rules, seed):
    """Hidden information: two games differing only in deck order and seed look the same."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and rng.random() < 0.97:
        game.apply(random_action(game, rng, 0.7))
    other = game.resample(seed + 1, record=True)
    assert other.public_state() == game.public_state()
    text = json.dumps(game.public_state())
    assert '"rng"' not in text and '"seed"' not in text


@settings(max_examples=examples(200), deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32))
def test_undo_all_the_way_back(rules, seed):
    """Undo takes back every move, one by one, to the start."""
    game = Game(rules, seed=seed)
    start = game.copy()
    rng = random.Random(seed)
    history = []
    for _ in range(rng.randrange(1, 60)):
        if game.is_over:
            break
        history.append(game.copy())
        game.apply(random_action(game, rng, 0.8))
    while history:
        game.undo()
        assert game == history.pop()
    assert game == start and not game.can_undo


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=rule_sets(),
    changes=st.lists(rule_sets(), min_size=1, max_size=6),
    seed=st.integers(0, 2**32),
)
def test_rules_changed_mid_game_keep_the_invariants(rules, changes, seed):
    """Every option that may change mid-game (all but players and decks) changed at random
    moments: card conservation (R16) holds and the game still ends (R13, R14a)."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    pending = [
        c.replace(players=rules.players, decks=rules.decks, first_player=rules.first_player)
        for c in changes
    ]
    steps = 0
    while not game.is_over:
        if pending and rng.random() < 0.05:
            new = pending.pop()
            game.set_rules(new)
            assert game.rules == new
        game.check_invariants()
        game.apply(random_action(game, rng, 0.8))
        steps += 1
        assert steps < STEP_BUDGET, "the game did not end (R13, R14a)"
    game.check_invariants()
    assert game.legal_actions() == [] and game.winners


@settings(max_examples=examples(100), deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32), other=st.integers(0, 2**32))
def test_resample_depends_on_public_facts_and_its_seed_only(rules, seed, other):
    """Two games differing only in hidden order and seed resample to the identical game."""
    game = Game(rules, seed=seed)
    twin = game.resample(other, record=True)  # same public facts, another hidden order
    assert game.resample(7).position.deck == twin.resample(7).position.deck
    assert core(game.resample(7)) == core(twin.resample(7))
