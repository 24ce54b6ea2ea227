"""The strategies of borsen_widget.bots: each bot's decisions, ace decisions (R11, R12) and
strategy functions with their errors."""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers import FILLER, position, texts

from borsen_widget import Action, Game, IllegalActionError, RandomBot, Rules, ThresholdBot, play
from borsen_widget.play.bots import (
    Bot,
    ExpectedValueBot,
    FunctionBot,
    OptimalTurnBot,
    ProbabilityBot,
    PublicView,
)
from borsen_widget.play.playout import playout
from borsen_widget.play.specs import as_bot, bot_from_spec

LOW15 = "2S 2H 2C 2D 3S 3H 3C 3D 4S 4H 4C 4D 5S 5H 5C"
HIGH12 = "8H 8C 8D 9S 9H 9C 9D TS TH TC TD JS"


def section4_position(**options) -> Game:
    """RULES.md §4's example: pile top 8, a deck of 30 with 3 aces and 12 cards of rank 8 or
    higher, so P(accept) = 15/30 = 1/2."""
    return position(f"{LOW15} {HIGH12} AS AH AC", pile="8S", **options)


def e6_position(**options) -> Game:
    """E6: bank 0 holds A♠ A♥; seat 0 banks a pile holding A♣ with a live deck."""
    game = position(" ".join(FILLER), banks=["AS AH", "", ""], pile="6S AC", **options)
    game.bank()
    assert game.phase == "aces" and game.aces_to_list == 1
    return game


# ---------------------------------------------------------------------- the public view


def test_public_view_reads_the_table_and_p_accept_is_exact():
    """§4: the chance to be accepted is exact and public: 15/30 = 1/2 in the example."""
    game = section4_position()
    view = PublicView(game)
    assert view.p_accept() == Fraction(1, 2)
    assert view.accepted_count() == 15
    assert str(view.top) == "8♠" and view.pile_size == 1
    assert view.deck_size == 30 and sum(view.deck_counts().values()) == 30
    assert view.me == view.current_player == 0 and view.phase == "play"
    assert texts(view.legal_actions()) == ["draw", "bank"]
    assert view.scores == (0, 0, 0) and view.players == 3 and view.rules == game.rules
    assert "PublicView" in repr(view)


def test_public_view_without_equal_cards_and_after_an_ace():
    """R5 with equal_accepted=False: the three other 8s no longer count; after an ace (or on
    an empty pile) every card is accepted."""
    assert PublicView(section4_position(equal_accepted=False)).p_accept() == Fraction(12, 30)
    after_ace = position("2C 3C 4C", pile="KS AD")
    assert PublicView(after_ace).p_accept() == 1
    assert PublicView(position("2C 3C 4C")).p_accept() == 1


def test_public_view_hides_the_deck_order_and_is_read_only():
    """Hidden information: the view has no deck order, no RNG and no way to change the game."""
    view = PublicView(section4_position())
    for secret in ("deck", "_deck", "rng", "_rng", "seed", "_game", "game"):
        assert not hasattr(view, secret)
    with pytest.raises(AttributeError):
        view.pile_size = 3
    with pytest.raises(AttributeError):
        view.anything = 1


# ---------------------------------------------------------------------- each strategy


def test_threshold_bot_banks_at_k():
    """R4, R8: ThresholdBot(k) draws below k cards and banks at k."""
    game = position("6S 7S 8S 9S TS " + " ".join(FILLER))
    bot = ThresholdBot(3)
    moves = []
    while game.current_player == 0:
        action = bot.choose(game)
        moves.append(str(action))
        game.apply(action)
    assert moves == ["draw", "draw", "draw", "bank"]
    assert len(game.banks[0]) == 3
    with pytest.raises(ValueError):
        ThresholdBot(0)


def test_probability_bot_banks_below_p():
    """§4: P(accept) = 1/2 here: ProbabilityBot(0.5) still draws, ProbabilityBot(0.51) banks."""
    game = section4_position()
    assert ProbabilityBot(0.5).choose(game) == Action("draw")
    assert ProbabilityBot(0.51).choose(game) == Action("bank")
    assert ProbabilityBot(0).choose(game) == Action("draw")
    assert ProbabilityBot(1).choose(game) == Action("bank")
    assert ProbabilityBot(1).choose(position("2C 3C")) == Action("draw")  # R4: empty pile
    assert str(ProbabilityBot(0.5)) == "ProbabilityBot(0.5)"
    with pytest.raises(ValueError):
        ProbabilityBot(1.5)


@pytest.mark.parametrize(("victim_bank", "expected"), [(5, "bank"), (10, "draw")])
def test_expected_value_bot_counts_the_loot(victim_bank, expected):
    """One step of look-ahead with R9's loot: pile [K♠], deck {2♣, 3♣, A♦}: only A♦ is
    accepted; it robs ⌊victim × 1/5⌋. Expected pile = (2 + loot) / 3 against 1 card now:
    draw when 2 + loot > 3."""
    bank = " ".join(["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH"][:victim_bank])
    game = position("2C 3C AD", banks=["", "", bank], pile="KS")
    assert ExpectedValueBot().choose(game) == Action(expected)


def test_expected_value_bot_uses_the_rob_target():
    """R9 rob_target: with "next" the ace would rob seat 1 (empty bank): no loot, bank."""
    bank = "2H 3H 4H 5H 6H 7H 8H 9H TH JH"
    game = position("2C 3C AD", banks=["", "", bank], pile="KS", rob_target="next")
    assert ExpectedValueBot().choose(game) == Action("bank")


def test_expected_value_bot_draws_on_good_odds_and_must_draw_or_bank():
    assert ExpectedValueBot().choose(position("3C 4C 5C", pile="2S")) == Action("draw")
    assert ExpectedValueBot().choose(position("2C 3C")) == Action("draw")  # R4
    game = position("2C", pile="5S 6S")
    game.draw()  # 2♣ passes the pile on; the deck is empty
    assert game.current_player == 1 and game.is_over  # R14 auto bank


@pytest.mark.parametrize(
    "bot",
    [
        ThresholdBot(4),
        ProbabilityBot(0.5),
        ExpectedValueBot(),
        FunctionBot(lambda view: "draw"),
        FunctionBot(lambda view: None if view.phase == "aces" else "draw", aces="ask"),
    ],
    ids=str,
)
def test_every_bot_decides_aces_with_the_keep_policy(bot):
    """R11, R12 (E6): three aces exceed the limit; the keep policy lists the smallest share,
    A♣ (1/4), and keeps A♠ A♥."""
    game = e6_position()
    action = bot.choose(game)
    assert action == Action.list(["AC"])
    game.apply(action)
    assert texts(a for a in game.banks[0] if a.is_ace) == ["A♠", "A♥"]


def test_keep_policy_below_the_limit_keeps_everything():
    """R11 (E6b): below the limit the keep policy lists nothing."""
    game = position(" ".join(FILLER), pile="6S AC")
    game.bank()
    assert ThresholdBot(4).choose(game) == Action.list()


def test_random_bot_picks_a_legal_ace_decision_uniformly():
    """R12: RandomBot picks among the 4 legal selections (at least one of three aces)."""
    seen = {}
    for seed in range(400):
        game = e6_position()
        action = RandomBot(seed).choose(game)
        assert game.is_legal(action)
        seen[str(action)] = seen.get(str(action), 0) + 1
    assert len(seen) == 7  # every selection that leaves at most two aces
    assert min(seen.values()) > 20


def test_builtin_bots_give_identical_games_lean_and_checked():
    """playout plays the built-in bots' moves unchecked on a lean game; the checked path
    applies each through Game.apply: both give the same game, for every built-in bot."""
    rules = Rules(players=4, max_bank_aces=1)
    for seed in range(30):

        def seats(seed=seed):
            return [RandomBot(seed), ThresholdBot(3), ProbabilityBot(0.4), ExpectedValueBot()]

        fast = Game(rules, seed, record=False)
        playout(fast, seats())
        checked = play(Game(rules, seed), seats())
        assert fast.banks == checked.banks and fast.turns == checked.turns


def coins(bot, game, n=40) -> list[str]:
    """The bot's next ``n`` choices on the same position (a RandomBot flips its coin)."""
    return [str(bot.choose(game)) for _ in range(n)]


def test_for_game_reseeds_random_bots_only():
    bot = RandomBot(3)
    twin = bot.for_game(99)
    assert twin is not bot and twin.seed == 3
    game = position("2C 3C 4C 5C 6C 7C 8C", pile="9S")  # a coin flip: draw or bank
    assert coins(twin, game) == coins(RandomBot(99), game) != coins(RandomBot(98), game)
    threshold = ThresholdBot(2)
    assert threshold.for_game(5) is threshold


# ---------------------------------------------------------------------- strategy functions


def cautious(view):
    """Bank at 3 cards, or as soon as the chance to be accepted is below a half."""
    if view.pile_size >= 3 or view.p_accept() < 0.5:
        return "bank"
    return Action("draw")


def test_a_function_plays_a_whole_game():
    game = play(Game(Rules(), 4), [cautious, "threshold:4", RandomBot(1)])
    assert game.is_over
    assert str(as_bot(cautious)) == "cautious"


def test_a_function_may_return_text_or_actions_and_decide_aces():
    """With aces="ask" the function decides aces too; None leaves it to the keep policy."""
    calls = []

    def lister(view):
        calls.append(view.phase)
        if view.phase == "aces":
            return "list " + " ".join(str(a) for a in view.pending_aces)
        return "bank"

    game = e6_position()
    action = FunctionBot(lister, aces="ask").choose(game)
    assert action == Action.list(["AS", "AH", "AC"])
    assert calls == ["aces"]


@pytest.mark.parametrize(
    ("answer", "phase_game"),
    [
        ("bank", lambda: position("2C 3C")),  # R4: nothing to bank yet
        ("draw", lambda: position("", pile="5S")),  # R14: the deck is empty
        ("fold", lambda: position("2C 3C")),  # not an action at all
        (None, lambda: position("2C 3C")),  # no answer outside an ace decision
        (42, lambda: position("2C 3C")),
        ("list A♦", e6_position),  # not among the pending aces
        ("list none", e6_position),  # R12: at least one must go
        ("draw", e6_position),  # an ace decision is pending
    ],
)
def test_an_illegal_answer_names_the_function_the_answer_and_the_legal_moves(answer, phase_game):
    def my_strategy(view):
        return answer

    game = phase_game()
    before = game.public_state()
    bot = FunctionBot(my_strategy, aces="ask")
    with pytest.raises(IllegalActionError) as info:
        bot.choose(game)
    message = str(info.value)
    assert "my_strategy" in message
    assert repr(answer) in message
    assert "Legal:" in message
    for action in game.legal_actions()[:3]:
        assert str(action) in message
    assert game.public_state() == before  # nothing changed


def test_an_illegal_answer_stops_play_even_on_the_lean_path():
    def greedy(view):
        return "draw"

    game = position("", pile="5S", auto_bank_at_end=False)
    with pytest.raises(IllegalActionError, match="greedy"):
        play(game, [greedy, greedy, greedy], checked=False)


def test_function_bot_arguments_are_checked():
    with pytest.raises(TypeError):
        FunctionBot(3)
    with pytest.raises(ValueError):
        FunctionBot(cautious, aces="maybe")
    assert str(FunctionBot(cautious, name="Careful")) == "Careful"


# ---------------------------------------------------------------------- specs and others


@pytest.mark.parametrize(
    ("spec", "name"),
    [
        ("random", "RandomBot()"),
        ("random:3", "RandomBot()"),
        ("threshold:4", "ThresholdBot(4)"),
        ("threshold", "ThresholdBot(4)"),
        ("probability:0.6", "ProbabilityBot(0.6)"),
        ("probability:1/2", "ProbabilityBot(0.5)"),
        ("ev", "ExpectedValueBot()"),
        ("optimal", "OptimalTurnBot()"),
        ("winning", "WinningBot()"),
        ("Winning", "WinningBot()"),
    ],
)
def test_bot_from_spec(spec, name):
    assert str(bot_from_spec(spec)) == name
    assert str(as_bot(spec)) == name


@pytest.mark.parametrize(
    "spec", ["nope", "threshold:x", "threshold:0", "probability:2", "ev:1", "winning:2"]
)
def test_bad_specs_say_what_is_wrong(spec):
    with pytest.raises(ValueError, match=f"bot '{spec}'"):
        bot_from_spec(spec)


def test_as_bot_rejects_what_is_not_a_strategy():
    bot = ThresholdBot(2)
    assert as_bot(bot) is bot
    with pytest.raises(TypeError):
        as_bot(3)
    assert isinstance(as_bot(cautious), Bot)


def test_optimal_turn_bot_follows_best_turn():
    """OptimalTurnBot plays analysis.best_turn's choice at every decision (R4), late in a
    game where the exact rule is cheap, and plays such a game to its end."""
    from borsen_widget import analysis

    deck = "4S 9H 2C KD 7S AH 5D JC 3H QS 8C 6D".split()
    game = Game.from_position(
        Rules(), deck=deck, banks=[["2S", "3S"], ["4H"], ["TC", "TD", "JS"]], current_player=0
    )
    bot = OptimalTurnBot()
    decisions = 0
    while not game.is_over:
        action = bot.choose(game)
        if game.phase == "play" and game.pile and game.deck_size:
            assert str(action) == analysis.best_turn(game).action
            decisions += 1
        game.apply(action)
    assert decisions >= 3 and bot.fallbacks == 0


def test_optimal_turn_bot_falls_back_past_its_budget():
    """With max_states, a decision that exact bounds do not prove (a house accept_rule: no
    run is counted, so banking is never proven) and too costly to solve exactly is made by
    one step of look-ahead (ExpectedValueBot), and counted."""

    def same_colour(card, below):
        return card.is_ace or (card.suit in "HD") == (below.suit in "HD")

    game = Game(Rules(first_player=0, accept_rule=same_colour), seed=5)
    game.draw()
    game.draw()
    while not game.pile or game.phase != "play":
        game.apply(game.legal_actions()[0])
    bot = OptimalTurnBot(max_states=50)
    assert bot.choose(game) == ExpectedValueBot().choose(game)
    assert bot.fallbacks == 1
    assert str(bot) == "OptimalTurnBot(max_states=50)"
    assert str(OptimalTurnBot("lead")) == "OptimalTurnBot('lead')"
    with pytest.raises(ValueError, match="objective"):
        OptimalTurnBot("win")
    with pytest.raises(ValueError, match="max_states"):
        OptimalTurnBot(max_states=0)
