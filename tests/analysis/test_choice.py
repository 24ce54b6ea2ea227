"""The certified best choice (borsen_widget.analysis.best_choice): proven by exact bounds, and
never different from the exact best stopping rule (best_turn).

A proven choice that disagrees with best_turn is a failing test; so is a lower bound above, or
an upper bound below, best_turn's exact value of drawing. Checked on positions of real games
(bots play them) over the rule options of RULES.md §2 and both objectives, on random small
positions (hypothesis), and the bounds' counts against the engine's own play over every deck
order of small decks.
"""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import pytest
from helpers import examples, position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from borsen_widget import (
    Card,
    ExpectedValueBot,
    Game,
    OptimalTurnBot,
    ProbabilityBot,
    Rules,
    ThresholdBot,
    analysis,
)
from borsen_widget.analysis import bounds, choice
from borsen_widget.analysis.choice import best_choice
from borsen_widget.engine.options import OPTION
from borsen_widget.play import bots

# best_turn is asked where the deck is this small (and gives up past DP_STATES): the exact
# rule is quick there. Earlier positions are checked only for what the bounds say about each
# other here; benchmarks/advice_speed.py --check compares them with best_turn too.
DP_DECK = 24
DP_STATES = 5_000


def _same_colour(card, below):
    """A house rule (custom accept_rule): the same colour as the card below, or an ace."""
    red = "HD"
    return card.is_ace or (card.suit in red) == (below.suit in red)


def _one_card(ace, bank):
    """A house rule (custom loot_rule): every ace robs one card, if there is one."""
    return min(1, sum(not c.is_ace for c in bank))


RULE_SETS = {
    "original": {},
    "loot to the pile": {"loot_to": "pile"},
    "rob the leader": {"players": 4, "rob_target": "leader"},
    "strictly higher": {"equal_accepted": False},
    "two decks": {"decks": 2},
    "high shares, rob the next": {"ace_shares": {"S": 1, "H": 1}, "rob_target": "next"},
    "house accept rule": {"accept_rule": _same_colour},
    "house loot rule": {"loot_rule": _one_card, "players": 2},
}


def _check(game: Game, objective: str, seen: dict) -> None:
    """best_choice at ``game`` is sound: its bounds hold the exact value of drawing and a
    proven choice is best_turn's choice (which draws on a tie)."""
    made = best_choice(game, objective)
    seen.setdefault("proofs", set()).add(made.proof)
    m = len(game.pile)
    assert made.bank == (m or None)
    if made.lower is not None and made.upper is not None:
        assert made.lower <= made.upper
    if made.is_proven and made.proof != "only":
        assert made.margin >= 0
    if game.deck_size > DP_DECK:
        return
    analysis.clear_cache()
    try:
        exact = analysis.best_turn(game, objective, max_states=DP_STATES)
    except analysis.TooManyStates:
        seen["too costly"] = seen.get("too costly", 0) + 1
        return
    finally:
        analysis.clear_cache()
    draw = exact.values["draw"]
    if made.lower is not None:
        assert made.lower <= draw, (game, made)
    if made.upper is not None:
        assert draw <= made.upper, (game, made)
    if made.is_proven:
        assert made.action == exact.action, (game, made, exact)
        seen["proven"] = seen.get("proven", 0) + 1
    else:
        seen["open"] = seen.get("open", 0) + 1


def _decisions(rules: Rules, seed: int, games: int):
    """Every draw-or-bank decision of a few real games (bots of several kinds play them)."""
    rng = random.Random(seed)
    for _ in range(games):
        game = Game(rules, seed=rng.getrandbits(32))
        bots = [
            rng.choice([ThresholdBot(rng.randint(2, 5)), ExpectedValueBot(), ProbabilityBot(0.5)])
            for _ in range(rules.players)
        ]
        while not game.is_over:
            if game.phase == "play" and game.pile and game.deck_size:
                yield game
            game.apply(bots[game.current_player].choose(game))


@pytest.mark.parametrize("objective", ["own", "lead"])
@pytest.mark.parametrize("name", list(RULE_SETS))
def test_a_proven_choice_is_the_exact_rules_choice_in_real_games(name, objective):
    """Over every decision of real games, for every rule set and both objectives: where
    best_turn finishes, the certified choice never disagrees with it and the bounds hold its
    exact value; nearly every decision is proven."""
    rules = Rules(auto_aces="keep", **RULE_SETS[name])
    seen: dict = {}
    checked = 0
    for game in _decisions(rules, seed=list(RULE_SETS).index(name), games=2):
        _check(game, objective, seen)
        checked += 1
    assert checked >= 20
    assert seen.get("proven", 0) >= 10, seen
    # Only a house accept_rule leaves the run uncounted (no bound proves "bank" there).
    if "accept" not in name:
        assert seen.get("open", 0) <= max(1, checked // 20), seen


def _table(deck, pile, banks=None, current=0, **options):
    return lambda: position(deck, banks=banks, pile=pile, current=current, **options)


# Positions met in real games (and one made up for "draw until"), each decided by its proof.
POSITIONS_BY_PROOF = {
    "one_draw": _table("9S 9H 9C TS TH KS 2C AS", "4D 8S"),
    "run": _table("AS AH 2C 3C 4C 5C 6C 7C 8C", "KS"),
    # Four aces among eleven cards: after an ace anything goes, so drawing on pays.
    "draw_until": _table("AS AH AC AD 2C 3C 4C 5C 6C 7C 8C", "KS"),
    "look_ahead": _table(
        "2S 3S 3D 4C 5S 5C 6H 6C 8S 9S 9D TS QD KS KH AS AC",
        "QH",
        banks=[
            "4H TH 7D AD 2C TC 4D 7S JH KD QC 8H AH JS",
            "7C 8C JD 3C 6D 9H 8D 3H 5H 2H JC",
            "7H KC QS 4S 2D 6S 9C 5D TD",
        ],
    ),
    "look_ahead_run": _table(
        "2H 4C 4D 5C 5D 9C TH TC JH QS KH AS AD",
        "QH 9S 3S TS",
        banks=[
            "7D 4H 6D KS 3D 9H 6S KC 7C JD 7S 7H 5H QD",
            "KD 3H 8C AH 9D QC AC 5S 8H JS TD 6C JC",
            "2S 2D 4S 6H 3C 8S 8D 2C",
        ],
        current=1,
    ),
}


@pytest.mark.parametrize("proof", list(POSITIONS_BY_PROOF))
def test_each_kind_of_proof_decides_its_position(proof):
    """Each kind of proof is the one that decides its position, and agrees with best_turn."""
    game = POSITIONS_BY_PROOF[proof]()
    made = best_choice(game)
    assert made.proof == proof
    assert made.action == analysis.best_turn(game).action
    words = {
        "draw_until": f"until {made.steps} more cards are accepted",
        "look_ahead": f"at most {made.steps} times",
        "look_ahead_run": "after the next card"
        if made.steps == 1
        else f"after the next {made.steps} cards",
    }
    if proof in words:
        assert made.steps >= 1 and words[proof] in made.sentence


# ------------------------------------------------------------------------------ small positions


@st.composite
def small_positions(draw):
    """A position with a small deck (so best_turn is quick), any pile, robbable banks and the
    R5/R9/R14a options, one or two decks."""
    decks = draw(st.sampled_from([1, 1, 2]))
    options = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "equal_accepted": st.booleans(),
                "loot_to": st.sampled_from(OPTION["loot_to"].choices),
                "rob_target": st.sampled_from(OPTION["rob_target"].choices),
                "ace_shares": st.dictionaries(
                    st.sampled_from("SHCD"),
                    st.fractions(min_value=0, max_value=1, max_denominator=4),
                    max_size=2,
                ),
                "max_turns": st.sampled_from([1, 10_000]),
            },
        )
    )
    everything = [Card.parse(f"{r}{s}") for r in "23456789TJQKA" for s in "SHCD"] * decks
    order = draw(st.permutations(range(len(everything))))
    cards = [everything[i] for i in order]
    size = draw(st.integers(1, 9))
    pile_size = draw(st.integers(1, 4))
    deck, pile = cards[:size], cards[size : size + pile_size]
    rest = [c for c in cards[size + pile_size :] if not c.is_ace]
    victim = draw(st.integers(0, 14))
    banks = [rest[:2], rest[2 : 2 + draw(st.integers(0, 6))], rest[10 : 10 + victim]]
    rules = Rules(players=3, decks=decks, **options)
    return Game.from_position(rules, deck=deck, banks=banks, pile=pile, current_player=0)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(), st.sampled_from(["own", "lead"]))
def test_bounds_hold_the_exact_value_on_small_positions(game, objective):
    """Property: on any small position, lower ≤ best_turn's value of drawing ≤ upper, and a
    proven choice is best_turn's choice."""
    seen: dict = {}
    _check(game, objective, seen)
    assert "too costly" not in seen


# ------------------------------------------------------------------------------ the bounds


def _policy_gain(game: Game, k: int, objective: str) -> int:
    """Play "draw until k more cards are accepted (or one fails), then bank" with the engine;
    return what it gains, counted as best_turn counts ("lead": minus a passed pile)."""
    player = game.current_player
    before = len(game.banks[player])
    turns = game.turns
    drawn = 0
    while game.turns == turns and game.phase == "play" and not game.is_over:
        if drawn == k or not game.deck_size:
            game.bank()
            break
        log = len(game.log)
        game.draw()
        drawn += 1
        events = game.log[log:]
        passed = next((e for e in events if e.kind == "pass"), None)
        if passed is not None:
            gained = len(game.banks[player]) - before
            if objective == "lead" and game.end_reason != "max_turns":
                bank = next((e for e in events if e.kind == "bank"), None)
                gained -= len(game.pile) if game.pile else len(bank.cards)
            return gained
    return len(game.banks[player]) - before


@pytest.mark.parametrize(
    "deck, pile, banks, options",
    [
        ("2C 5D 7H 9S KC 3H", "6S", None, {}),
        ("4C 4D 8H AS 2D 9C", "5S", ["", "", "7C 8C 9D TC JC QC"], {}),
        ("4C 4D 8H AS AH 2D", "5S", ["", "", "7C 8C 9D TC"], {"equal_accepted": False}),
        ("3C 3D 8H AS 2D 9C", "5S", ["", "", "7C 8C 9D TC JC QC"], {"loot_to": "pile"}),
    ],
)
@pytest.mark.parametrize("objective", ["own", "lead"])
def test_draw_until_is_the_policys_value_over_every_deck_order(
    deck, pile, banks, options, objective
):
    """The exact value of "draw until k more cards are accepted, then bank" (R5, R7, R9,
    R14), as best_choice counts it, equals the engine's average over every deck order when at
    most one ace's loot can count (and is a lower bound otherwise)."""
    game = position(deck, banks=banks, pile=pile, **options)
    model = analysis.turn.TurnModel(game, objective)
    state = (model.counts, model.top_mask, model.top_rank, len(game.pile), model.zero_robbed())
    values = dict(choice._Bounds(model).draw_until(state, 6))
    cards = [c for c, n in game.deck_counts().items() for _ in range(n)]
    orders = set(itertools.permutations(cards))
    for k, value in values.items():
        total = 0
        for order in orders:
            twin = Game.from_position(
                game.rules,
                deck=list(order),
                banks=[list(b) for b in game.banks],
                pile=list(game.pile),
                current_player=0,
                seed=0,
            )
            total += _policy_gain(twin, k, objective)
        truth = Fraction(total, len(orders))
        aces = sum(c.is_ace for c in cards)
        loot_counts = any(game.banks) and options.get("loot_to") != "pile"
        if aces <= 1 or not loot_counts:
            if options.get("loot_to") == "pile" and (aces and any(game.banks)):
                assert value <= truth
            else:
                assert value == truth, (k, value, truth)
        else:
            assert value <= truth


@settings(max_examples=examples(80), deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=12, max_size=12),
    st.integers(0, 2),
    st.sampled_from([None, 0, 4, 8, 11]),
    st.booleans(),
)
def test_run_counts_equal_every_order_of_small_decks(ranks, aces, top, equal):
    """The run (R5: aces always accepted, and anything after them; otherwise at least the
    card below, or above it with equal_accepted=False), counted by the big-integer product,
    equals the average over every order of a small deck; fewer terms give upper bounds."""
    total = sum(ranks) + aces
    if total == 0 or total > 6:
        return
    deck = [r for r, c in enumerate(ranks) for _ in range(c)] + [None] * aces
    runs = in_run = count = 0
    for order in itertools.permutations(range(len(deck))):
        below = top
        for index in order:
            rank = deck[index]
            if (
                below is not None
                and rank is not None
                and (rank < below or (rank == below and not equal))
            ):
                break
            runs += 1
            in_run += rank is None
            below = rank
        count += 1
    run, aces_in_run = bounds.expected_run(ranks, aces, top, equal)
    assert run == Fraction(runs, count) and aces_in_run == Fraction(in_run, count)
    for terms in (1, 2, 3):
        a, b, d = bounds.run_expectations(ranks, aces, top, equal, terms)
        assert Fraction(a, d) >= run and Fraction(b, d) >= aces_in_run


# ------------------------------------------------------------------------------ words and data


def test_the_issues_example_sentence():
    """Lesson 4's position: drawing A♠ robs two cards, so even drawing once and then banking
    is worth 11/4 = 2.75 cards, more than the 2 of banking: drawing is proven at once."""
    game = Game.from_position(
        Rules(players=3),
        deck="2C 2D 3S 4C 5S 6H 8S 9H TS JH QS KH AS 4D 7C 9C".split(),
        banks=["3C 4S 6S".split(), "5C 5H 6C 9S".split(), "JS QC KS 8C 4H".split()],
        pile="6D 3H".split(),
        current_player=0,
        seed=3,
    )
    made = best_choice(game)
    assert (made.action, made.proof, made.lower, made.bank) == (
        "draw",
        "one_draw",
        Fraction(11, 4),
        2,
    )
    assert made.sentence == (
        "Even drawing just once and then banking is worth 2.75 (= 11/4) cards on average, "
        "more than banking now (2 cards), so it is best to draw."
    )
    # The same proof in bokmål and nynorsk: numbers the Norwegian way, the seed's words.
    assert best_choice(game, language="nb").sentence == (
        "Selv å trekke bare én gang og så legge kortene i banken er i snitt verdt "
        "2,75 (= 11/4) kort, mer enn å legge kortene i banken nå (2 kort), så det er best "
        "å trekke."
    )
    assert made.describe("nn") == (
        "Sjølv å trekkje berre éin gong og så leggje korta i banken er i snitt verdt "
        "2,75 (= 11/4) kort, meir enn å leggje korta i banken no (2 kort), så det er best "
        "å trekkje."
    )
    assert made.to_dict("nb")["sentence"] == made.describe("nb")
    assert made.to_dict()["sentence"] == made.sentence
    assert made.margin == Fraction(3, 4)
    data = json.loads(json.dumps(made.to_dict()))
    assert data["proven"] and data["lower"] == {"fraction": "11/4", "decimal": 2.75}


def test_only_moves_and_no_decision():
    """R4: an empty pile must draw; R14: an empty deck must bank; no advice while aces are
    decided (R11) or after the end."""
    assert best_choice(position("2C 5D")).proof == "only"
    assert best_choice(position("2C 5D")).action == "draw"
    empty = position("", pile="5S", auto_bank_at_end=False)
    assert (best_choice(empty).action, best_choice(empty).proof) == ("bank", "only")
    pending = position("3C 3D", banks=["AS AH", "", ""], pile="5C AC")
    pending.bank()
    with pytest.raises(ValueError, match="phase"):
        best_choice(pending)
    with pytest.raises(ValueError, match="objective"):
        best_choice(position("2C 5D", pile="4S"), "most")
    with pytest.raises(ValueError, match="look_ahead"):
        best_choice(position("2C 5D", pile="4S"), look_ahead=-1)


def test_an_open_choice_says_so_and_shows_its_bounds():
    """With a house accept_rule no run is counted, so banking cannot be proven: the action is
    None, the sentence says the exact rule is needed, and nothing is called proven."""
    game = position("2C 5D 7H 9S KC 3H 4D 8C", pile="6S 7S", accept_rule=_same_colour)
    made = best_choice(game)
    assert made.action is None and made.proof is None and made.margin is None
    assert "do not decide" in made.sentence and "exact" in made.sentence
    assert "avgjør ikke" in made.describe("nb") and "avgjer ikkje" in made.describe("nn")
    assert made.upper is None  # no run is counted for a house accept_rule


# ------------------------------------------------------------------------------ the bot


def test_optimal_turn_bot_plays_the_proven_choice_without_the_exact_rule(monkeypatch):
    """Where the choice is proven, OptimalTurnBot does not run best_turn at all and plays what
    best_turn would; where the bounds do not decide, it runs best_turn."""
    real = analysis.best_turn
    calls = []
    monkeypatch.setattr(bots, "best_turn", lambda *a, **k: calls.append(1) or real(*a, **k))
    for table in POSITIONS_BY_PROOF.values():
        game = table()
        assert str(OptimalTurnBot().choose(game)) == real(game).action
    assert not calls
    game = position("2C 5D 7H 9S KC 3H 4D 8C", pile="6S 7S", accept_rule=_same_colour)
    assert not best_choice(game).is_proven  # banking is best, but no run bound proves it
    assert str(OptimalTurnBot().choose(game)) == real(game).action == "bank"
    assert calls
