"""The teacher's figures (borsen_widget.analysis): exact, public, and checked against the engine.

Exactness is shown three ways: by brute force (every deck order of small decks, set up with
``Game.from_position`` and played by the engine itself), by expectimax over the engine's own
moves (the optimal stopping value, R4–R9, R14), and by Monte Carlo on full decks with the engine
(fixed seeds; tolerances of 4.5 standard errors).
"""

from __future__ import annotations

import itertools
import json
import math
import random
from fractions import Fraction

import pytest
from helpers import cards, position

from borsen_widget import Card, Game, RandomBot, Rules, analysis, win_chance
from borsen_widget.analysis import turn
from borsen_widget.engine.actions import DRAW
from borsen_widget.engine.options import OPTION

# ---------------------------------------------------------------------------------- engine oracles


def _setup(game: Game, order) -> Game:
    """The public position of ``game`` with the deck in ``order`` (drawn first, first)."""
    return Game.from_position(
        game.rules,
        deck=list(order),
        banks=[list(b) for b in game.banks],
        pile=list(game.pile),
        current_player=game.current_player,
        seed=0,
    )


def _deck_list(game: Game) -> list[Card]:
    return [card for card, k in game.deck_counts().items() for _ in range(k)]


def _step(game: Game, action: str, objective: str) -> tuple[Game, int, bool]:
    """Play ``action`` with the engine; return (game, cards gained, whether the turn ended).

    "own" gain: cards added to the player's bank (the pile on banking, loot to the bank).
    "lead" also subtracts the pile the next player takes over (R7), read from the log.
    """
    player = game.current_player
    before = len(game.banks[player])
    turns = game.turns
    log_len = len(game.log)
    game = game.copy()
    game.apply(action)
    gained = len(game.banks[player]) - before
    events = game.log[log_len:]
    ended = game.turns != turns or game.phase != "play" or game.is_over
    if objective == "lead" and any(e.kind == "pass" for e in events):
        if game.end_reason == "max_turns":
            passed = 0
        elif game.pile:
            passed = len(game.pile)
        else:  # R14: the next player banked it at once
            passed = len(next(e for e in events if e.kind == "bank").cards)
        gained -= passed
    return game, gained, ended


def _expectimax(game: Game, objective: str, memo: dict) -> Fraction:
    """The optimal value of the rest of the turn, by the engine's moves: max over draw/bank,
    average over every card the deck can give next (each deck order is equally likely)."""
    key = (
        tuple(game.deck_counts().items()),
        game.pile,
        game.banks,
        game.current_player,
    )
    if key in memo:
        return memo[key]
    options = []
    legal = {str(a) for a in game.legal_actions()}
    if "bank" in legal:
        options.append(Fraction(_step(game, "bank", objective)[1]))
    if "draw" in legal:
        options.append(_draw_expectimax(game, objective, memo))
    memo[key] = max(options)
    return memo[key]


def _draw_expectimax(game: Game, objective: str, memo: dict) -> Fraction:
    counts = game.deck_counts()
    size = sum(counts.values())
    total = Fraction(0)
    for card, k in counts.items():
        rest = _deck_list(game)
        rest.remove(card)
        after, gained, ended = _step(_setup(game, [card, *rest]), "draw", objective)
        value = Fraction(gained)
        if not ended:
            value += _expectimax(after, objective, memo)
        total += Fraction(k, size) * value
    return total


def _play_policy(game: Game, objective: str) -> int:
    """Draw, then follow best_turn's advice until the turn ends; return the cards gained."""
    game, total, ended = _step(game, "draw", objective)
    while not ended:
        action = analysis.best_turn(game, objective).action
        game, gained, ended = _step(game, action, objective)
        total += gained
    return total


def _distinct_orders(game: Game):
    deck = sorted(_deck_list(game))
    return set(itertools.permutations(deck))


# ---------------------------------------------------------------------------------- p_accept


def test_p_accept_worked_example_of_section_4():
    """§4: top 8, a deck of 30 holding 3 aces and 12 cards of rank 8 or higher → 15/30 (R5)."""
    high = "8C 8D 8H 9S 9H TS TH JS JH QS QH KS"  # 12 cards of rank 8 or higher
    low = " ".join(f"{r}{s}" for r in "23567" for s in "SHC")  # 15 cards below 8
    deck = f"{high} AS AH AC {low}"
    g = position(deck, pile="4C 8S")
    assert g.deck_size == 30
    assert analysis.p_accept(g) == Fraction(1, 2)
    s = analysis.summary(g, with_best_turn=False)
    assert s["p_accept"]["counted"] == "15/30" and s["p_accept"]["fraction"] == "1/2"
    assert s["p_accept"]["sentence"] == "15 of the 30 cards left are 8 or higher, or aces"
    assert analysis.summary(g, with_best_turn=False, language="nb")["p_accept"]["sentence"] == (
        "15 av de 30 kortene som er igjen, er 8 eller høyere, eller ess"
    )
    assert analysis.summary(g, with_best_turn=False, language="nn")["p_accept"]["sentence"] == (
        "15 av dei 30 korta som er att, er 8 eller høgare, eller ess"
    )
    json.dumps(s)


def test_p_accept_empty_pile_and_after_ace_is_one():
    """R5: an empty pile or an ace on top accepts every card."""
    assert analysis.p_accept(position("2C 3D 9S")) == 1
    assert analysis.p_accept(position("2C 3D 9S", pile="KS AD")) == 1


def test_p_accept_strict_and_custom_rules():
    """R5 options: equal_accepted=False refuses equals; a custom accept_rule is honoured."""
    g = position("8C 8D 9S 2C", pile="8S", equal_accepted=False)
    assert analysis.p_accept(g) == Fraction(1, 4)

    def odd_only(card, below):
        return card.rank % 2 == 1

    g = position("8C 9D 3S 2C", pile="KS", accept_rule=odd_only)
    assert analysis.p_accept(g) == Fraction(2, 4)


def test_p_accept_matches_every_deck_order():
    """Brute force: over every distinct order of a small deck, the engine's first draw is
    accepted (log event "accept", R5) in exactly the p_accept share of orders."""
    g = position("2C 5D 7H 9S AH KC", pile="3S 7S")
    orders = _distinct_orders(g)
    accepted = 0
    for order in orders:
        game = _setup(g, order)
        game.draw()
        accepted += any(e.kind == "accept" for e in game.log[-3:])
    assert Fraction(accepted, len(orders)) == analysis.p_accept(g)


def test_p_accept_monte_carlo_full_deck():
    """Monte Carlo (law of large numbers): on a full deck mid-game, the engine's accepted
    share over resampled deck orders is within 4.5 standard errors of the exact value."""
    g = Game(Rules(players=3), seed=11)
    while len(g.pile) < 1 or g.pile[-1].is_ace:
        g.draw()
    p = analysis.p_accept(g)
    n = 3000
    hits = 0
    for i in range(n):
        twin = g.resample(i)
        before = len(twin.pile)
        player = twin.current_player
        twin.step(DRAW)
        hits += twin.current_player == player and len(twin.pile) == before + 1
    se = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - float(p)) <= 4.5 * se + 1e-12


def test_no_figure_without_a_draw():
    """R14: with an empty deck (or a finished game) there is no next draw to describe."""
    g = position("", pile="5S", auto_bank_at_end=False)
    with pytest.raises(ValueError, match="deck is empty"):
        analysis.p_accept(g)
    s = analysis.summary(g)
    assert s["p_accept"] is None and "deck is empty" in s["reason"]


# ---------------------------------------------------------------------------------- draw_outcomes


def test_draw_outcomes_sum_to_one_and_agree_with_p_accept():
    """One entry per rank and per ace suit; exact probabilities summing to 1 (R5, R9)."""
    g = Game(Rules(players=4), seed=3)
    for _ in range(3):
        if g.phase == "play" and g.deck_size:
            g.draw()
    outcomes = analysis.draw_outcomes(g)
    assert sum(o.probability for o in outcomes) == 1
    assert sum(o.probability for o in outcomes if o.accepted) == analysis.p_accept(g)
    labels = [o.label for o in outcomes]
    assert len(labels) == len(set(labels))
    json.dumps([o.to_dict() for o in outcomes])


def test_draw_outcome_sentences_and_loot():
    """The sentences of the issue; an ace's loot is R9's ⌊robbable × share⌋ from the seat
    before (E4: 7 non-aces, ♠ robs 3)."""
    bank2 = "2C 3C 4C 5C AH 6C 7C"
    g = position("9S 9H 9C 9D AS 5D 3H", banks=["", "", f"{bank2} 8C"], pile="4D 8S")
    by_label = {o.label: o for o in analysis.draw_outcomes(g)}
    nine = by_label["9"]
    assert nine.sentence == "A 9 (4 of 7 cards): accepted — 9 is at least 8"
    assert nine.probability == Fraction(4, 7)
    ace = by_label["ace of spades"]
    assert ace.loot == 3 and ace.victim == 2
    assert ace.sentence == "The ace of spades (1 of 7 cards): accepted, robs 3 cards from Seat 2"
    five = by_label["5"]
    assert not five.accepted
    assert five.sentence == (
        "A 5 (1 of 7 cards): not accepted — 5 is lower than 8; the pile of 3 cards passes to Seat 1"
    )
    # Bokmål and nynorsk: whole sentences, the seed's words, the seats' names in the language.
    nb = {o.label: o.sentence for o in analysis.draw_outcomes(g, language="nb")}
    assert nb["9"] == "En 9-er (4 av 7 kort): godkjent – 9 er ikke lavere enn 8"
    assert nb["ace of spades"] == "Spar ess (1 av 7 kort): godkjent, raner 3 kort fra Plass 2"
    assert nb["5"] == (
        "En 5-er (1 av 7 kort): ikke godkjent – 5 er lavere enn 8; bunken med 3 kort går "
        "videre til Plass 1"
    )
    nn = {
        o.label: o.sentence for o in analysis.draw_outcomes(g, ["Ada", "Bo", "Cy"], language="nn")
    }
    assert nn["9"] == "Ein 9-ar (4 av 7 kort): godkjent – 9 er ikkje lågare enn 8"
    assert nn["ace of spades"] == "Spar ess (1 av 7 kort): godkjent, ranar 3 kort frå Cy"
    assert nn["5"] == (
        "Ein 5-ar (1 av 7 kort): ikkje godkjent – 5 er lågare enn 8; bunken med 3 kort går "
        "vidare til Bo"
    )


def test_draw_outcomes_follow_rob_target_and_custom_loot():
    """R9 options: rob_target="leader" picks the richest opponent; a custom loot_rule is
    used as it is (Rules.loot is the single source of truth)."""
    banks = ["", "2C 3C", "4C 5C 6C 7C"]
    g = position("AS 9D", banks=banks, current=1, rob_target="leader")
    ace = next(o for o in analysis.draw_outcomes(g) if o.is_ace)
    assert ace.victim == 2 and ace.loot == 2

    def one_card(ace, bank):
        return min(1, sum(not c.is_ace for c in bank))

    g = position("AS 9D", banks=banks, current=1, loot_rule=one_card)
    ace = next(o for o in analysis.draw_outcomes(g) if o.is_ace)
    assert ace.victim == 0 and ace.loot == 0


# ---------------------------------------------------------------------------------- best_turn

SMALL_POSITIONS = [
    # (deck, banks, pile, options)
    ("2C 5D 7H 9S KC 3H", None, "", {}),
    ("2C 5D 7H 9S KC 3H", None, "6S", {}),
    ("4C 4D 8H 9S AH 2D", ["3C 5C 6C", "", "7C 8C 9C TC"], "5S", {}),
    ("4C 4D 8H AS AH 2D", ["3C 5C 6C", "", "7C 8C 9C TC JC QC"], "5S 7S", {}),
    ("4C 4D 8H AS AH 2D", ["3C 5C", "6C 7C 8C", "9C TC JC QC"], "5S", {"rob_target": "leader"}),
    ("4C 4D 8H AS AD 2D", ["3C 5C", "", "9C TC JC QC KD"], "5S", {"loot_to": "pile"}),
    ("3C 3D 3H 6S AC 2D", None, "3S", {"equal_accepted": False}),
    ("2C 5D 7H AS KC 3H", ["", "", "4C 5C 6C 7C"], "8S", {"ace_shares": {"S": 1}}),
    ("2C 5D 7H 9S KC", None, "6S 8S", {"players": 2}),
    ("5C 5C 7H AS AS 3H", ["", "", "4C 4C 6D 8D"], "6S", {"decks": 2}),
    ("4C 9D 8H AH AC 2D", ["", "6C 7C 8C 9C TC", "2C"], "5S", {"rob_target": "next"}),
    ("4C 9D 8H AH 2D 3D", ["", "", "6C 7C 8C"], "5S", {"bank_ends_turn": False}),
]


@pytest.mark.parametrize("objective", ["own", "lead"])
@pytest.mark.parametrize("case", range(len(SMALL_POSITIONS)))
def test_best_turn_equals_expectimax_over_the_engine(case, objective):
    """The DP's values equal the optimal stopping values found by expectimax over the engine's
    own moves (R4–R9, R14), for both objectives and the R5/R9 options."""
    deck, banks, pile, options = SMALL_POSITIONS[case]
    g = position(deck, banks=banks, pile=pile, **options)
    advice = analysis.best_turn(g, objective)
    memo: dict = {}
    assert advice.values["draw"] == _draw_expectimax(g, objective, memo)
    if pile:
        assert advice.values["bank"] == _step(g, "bank", objective)[1] == len(g.pile)
    else:
        assert advice.values["bank"] is None and advice.action == "draw"
    best = max(v for v in advice.values.values() if v is not None)
    assert advice.values[advice.action] == best


@pytest.mark.parametrize("case", [0, 3, 5])
def test_best_turn_policy_over_every_deck_order(case):
    """Brute force over every distinct deck order: drawing, then following best_turn's advice
    at each step as the engine plays, gains on average exactly values["draw"]."""
    deck, banks, pile, options = SMALL_POSITIONS[case]
    g = position(deck, banks=banks, pile=pile, **options)
    expected = analysis.best_turn(g).values["draw"]
    orders = _distinct_orders(g)
    total = sum(_play_policy(_setup(g, order), "own") for order in orders)
    assert Fraction(total, len(orders)) == expected


def test_best_turn_custom_accept_rule_equals_expectimax():
    """A custom accept_rule (suits matter) flows into the DP through Rules.accepts."""

    def same_colour(card, below):
        red = "HD"
        return (card.suit in red) == (below.suit in red) or card.is_ace

    g = position("2C 5D 7H 9S KC AH", pile="6S", accept_rule=same_colour)
    advice = analysis.best_turn(g)
    assert advice.values["draw"] == _draw_expectimax(g, "own", {})


def test_best_turn_turn_cap_makes_a_passed_pile_worthless():
    """R14a: on the last turn the cap allows, a passed pile scores nothing, so "lead" loses
    nothing by a pass."""
    g = position("2C 9D", pile="6S 8S", max_turns=1)
    lead = analysis.best_turn(g, "lead")
    assert lead.values["draw"] == Fraction(1, 2) * 3  # 9 accepted (then the deck runs dry)
    normal = analysis.best_turn(position("2C 9D", pile="6S 8S"), "lead")
    assert normal.values["draw"] == Fraction(1, 2) * 3 - Fraction(1, 2) * 3


def test_best_turn_bank_value_is_the_pile():
    """R8: under "own", banking is worth the pile's size and nothing else."""
    g = position("2C 5D 7H 9S KC 3H AS 8D TD JD 4S 6C", banks=["QS", "", "2S 3S 4H"], pile="6S 8S")
    advice = analysis.best_turn(g)
    assert advice.values["bank"] == len(g.pile) == 2
    json.dumps(advice.to_dict())


def test_best_turn_no_decision():
    """No draw-or-bank decision when an ace decision is pending (R11) or the game is over."""
    g = position("3C 3D", banks=["AS AH", "", ""], pile="5C AC")
    g.bank()
    assert g.phase == "aces"
    with pytest.raises(ValueError, match="phase"):
        analysis.best_turn(g)
    s = analysis.summary(g)
    assert s["best_turn"] is None and "ace decision" in s["reason"]


def test_best_turn_monte_carlo_full_deck():
    """Monte Carlo with the engine on a full deck: following best_turn's advice from a
    mid-game position gains on average values[action] within 4.5 standard errors."""
    g = Game(Rules(players=3), seed=21)
    while g.deck_size > 34 or not g.pile or g.pile[-1].rank < 9 or g.pile[-1].is_ace:
        if not g.pile or g.phase != "play":
            g.apply(g.legal_actions()[0])
        else:
            g.draw()
    advice = analysis.best_turn(g)
    rng = random.Random(1)
    n = 400
    results = []
    for _i in range(n):
        twin = g.resample(rng.getrandbits(32), record=True)
        results.append(_play_policy(twin, "own"))
    mean = sum(results) / n
    var = sum((x - mean) ** 2 for x in results) / (n - 1)
    assert abs(mean - float(advice.values["draw"])) <= 4.5 * math.sqrt(var / n) + 1e-9


# ---------------------------------------------------------------------------------- public only


def test_figures_depend_on_public_information_only():
    """RULES.md §4: two games that differ only in the hidden deck order give the same figures
    (p_accept, outcomes, best_turn, summary, and win_chance for one seed)."""
    g = position(
        "2C 5D 7H 9S KC 3H AS 8D TD JD 4S 6C QH", banks=["QS", "", "2S 3S 4H 9C"], pile="6S"
    )
    twin = g.resample(12345, record=True)
    assert twin.deck_counts() == g.deck_counts()
    assert analysis.p_accept(twin) == analysis.p_accept(g)
    assert [o.to_dict() for o in analysis.draw_outcomes(twin)] == [
        o.to_dict() for o in analysis.draw_outcomes(g)
    ]
    assert analysis.summary(twin) == analysis.summary(g)
    data = json.loads(json.dumps(analysis.summary(g)))
    assert data["best_turn"]["values"]["bank"] == {"fraction": "1/1", "decimal": 1.0}
    a = win_chance(g, n=40, seed=3).to_dict()
    b = win_chance(twin, n=40, seed=3).to_dict()
    assert a == b


def test_fraction_data_is_exact_and_json_safe():
    """Every fraction is shown as "a/b" beside its decimal (§4)."""
    assert analysis.fraction_data(Fraction(15, 30)) == {"fraction": "1/2", "decimal": 0.5}
    assert analysis.fraction_data(3) == {"fraction": "3/1", "decimal": 3.0}
    assert cards("AS")[0].is_ace


def test_pruning_never_changes_a_value(monkeypatch):
    """The DP skips states where a sound bound proves banking best (R4). On 60 random
    positions with decks of 11–14 cards, robbable banks and the R5/R9 options, the values
    with that shortcut equal the values of the full DP without it."""
    rng = random.Random(4)
    everything = [Card.parse(f"{r}{s}") for r in "23456789TJQKA" for s in "SHCD"]
    positions = []
    for _ in range(60):
        cards_ = everything[:]
        rng.shuffle(cards_)
        size = rng.randrange(11, 15)
        deck, pile = cards_[:size], cards_[size : size + rng.randrange(1, 4)]
        rest = [c for c in cards_[size + len(pile) :] if not c.is_ace]
        banks = [rest[:3], rest[3 : 3 + rng.randrange(0, 8)], rest[10 : 10 + rng.randrange(0, 12)]]
        options = rng.choice(
            [
                {},
                {"loot_to": "pile"},
                {"rob_target": "leader"},
                {"ace_shares": {"S": 1, "H": 1}},
                {"equal_accepted": False},
            ]
        )
        rules = Rules(players=3, **options)
        game = Game.from_position(rules, deck=deck, banks=banks, pile=pile, current_player=0)
        positions.append(game)
    objectives = ["own", "lead"]
    with_shortcut = [
        analysis.best_turn(g, objectives[i % 2]).values for i, g in enumerate(positions)
    ]
    analysis.clear_cache()
    monkeypatch.setattr(turn.TurnModel, "_bank_is_proven", lambda *args: False)
    # "Not provable" also stops the proofs a parent makes for its children.
    monkeypatch.setattr(turn.TurnModel, "_cheap_bank_proof", lambda *args: False)
    without = [analysis.best_turn(g, objectives[i % 2]).values for i, g in enumerate(positions)]
    analysis.clear_cache()
    assert with_shortcut == without


def test_best_turn_budget_stops_and_resumes():
    """max_states caps the work with TooManyStates; the states solved so far are kept, so a
    later call without a cap finishes with the same exact values as a fresh one."""
    g = position("2C 5D 7H 9S KC 3H AS 8D TD JD 4S 6C QH", banks=["", "", "2S 3S 4H"], pile="3D")
    analysis.clear_cache()
    with pytest.raises(analysis.TooManyStates, match="max_states"):
        analysis.best_turn(g, max_states=5)
    resumed = analysis.best_turn(g)
    analysis.clear_cache()
    assert resumed.values == analysis.best_turn(g).values
    analysis.clear_cache()
    s = analysis.summary(g, max_states=5)
    analysis.clear_cache()
    assert s["best_turn"] is None and "max_states" in s["reason"]
    with pytest.raises(ValueError, match="max_states"):
        analysis.best_turn(g, max_states=0)


def test_run_bound_counts_runs_exactly():
    """The pruning bound's run count (R5: aces always accepted and anything after them;
    otherwise ranks at least the top) equals E[run length] and E[aces in the run] over every
    order of small decks."""
    model = turn.TurnModel(Game(Rules(players=3), seed=1), "own")
    rng = random.Random(3)
    for _ in range(15):
        by_class = [0] * model.size
        for _ in range(rng.randrange(3, 7)):
            cls = rng.randrange(model.size)
            by_class[cls] = min(by_class[cls] + 1, 4)
        top = rng.choice([None, 0, 3, 6, 9])  # rank index: 0 is a 2
        deck = [c for c, k in enumerate(by_class) for _ in range(k)]
        runs = aces = count = 0
        for order in itertools.permutations(deck):
            below = top
            for cls in order:
                rank = model.rank[cls]
                if below is not None and rank is not None and rank < below:
                    break
                runs += 1
                aces += rank is None
                below = rank
            count += 1
        run, aces_in_run = model._run_bound(tuple(by_class), top)
        assert run == pytest.approx(runs / count, abs=1e-9)
        assert aces_in_run == pytest.approx(aces / count, abs=1e-9)


def test_expected_value_bot_draws_exactly_when_one_more_draw_is_worth_more():
    """ExpectedValueBot (integer arithmetic, for speed) and analysis.one_draw_value (exact
    fractions, for the class) count the same thing: the bot draws iff one more draw, then
    banking, is worth more than banking now (R5-R9)."""
    from borsen_widget import ExpectedValueBot

    rng = random.Random(3)
    checked = 0
    for seed in range(40):
        rules = Rules(
            players=rng.choice([2, 3, 4]),
            loot_to=rng.choice(OPTION["loot_to"].choices),
            equal_accepted=rng.random() < 0.7,
            rob_target=rng.choice(OPTION["rob_target"].choices),
        )
        game = Game(rules, seed=seed)
        mover = RandomBot(seed)
        while not game.is_over:
            if game.phase == "play" and game.pile and game.deck_size:
                want = analysis.one_draw_value(game) > len(game.pile)
                assert (ExpectedValueBot().choose(game) == DRAW) == want
                checked += 1
            game.apply(mover.choose(game))
    assert checked > 500
