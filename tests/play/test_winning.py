"""WinningBot and win_chances (borsen_widget.play.winning_bot): legal moves under every rule option,
public information only (a resampled deck order changes nothing), determinism, the chances'
shape, and a head-to-head check that it plays to win (R15)."""

from __future__ import annotations

import random

import pytest
from helpers import position
from rule_options import random_rules

from borsen_widget import (
    BANK,
    DRAW,
    ExpectedValueBot,
    Game,
    RandomBot,
    Rules,
    ThresholdBot,
    WinningBot,
    play,
    win_chances,
)
from borsen_widget.analysis import best_choice
from borsen_widget.play.bots import PublicView
from borsen_widget.play.winning_bot import CLOSE, LOOK_AHEAD, bot_move, winning_move
from borsen_widget.sim.simulate import simulate


def positions(rules: Rules, seed: int, bots=None):
    """Every position of one game of ``bots`` (default: WinningBot in every seat)."""
    bots = bots or [WinningBot()] * rules.players
    game = Game(rules, seed)
    while not game.is_over:
        yield game
        game.apply(bots[game.current_player].choose(game))


@pytest.mark.slow
def test_plays_legal_moves_under_random_rule_sets():
    """R4–R14 under every option (rule_options.random_rules, house rules included): every
    move WinningBot makes is legal (play(checked=True) applies each through Game.apply), and
    win_chances gives every legal action a chance between 0 and 1, and nothing else."""
    rng = random.Random(23)
    for number in range(3):
        rules = random_rules(rng, most_players=4, most_decks=1)
        bots = [WinningBot(), RandomBot(number)] * 4
        game = Game(rules, seed=number)
        while not game.is_over:
            chances = win_chances(game)
            assert set(chances) == set(game.legal_actions()), rules
            assert all(0.0 <= c <= 1.0 for c in chances.values())
            game.apply(bots[game.current_player].choose(game))
        assert game.is_over


@pytest.mark.parametrize(
    "options",
    [{}, {"bank_ends_turn": False}, {"loot_to": "pile"}, {"equal_accepted": False}],
    ids=["original", "R8 bank_ends_turn=False", "R9 loot_to=pile", "R5 equal_accepted=False"],
)
def test_a_whole_game_is_legal_and_ends(options):
    """R4–R15: WinningBot against itself plays a game to its end under the options the
    compressed game models (R5, R8, R9)."""
    game = play(Game(Rules(players=2, **options), seed=5), [WinningBot(), WinningBot()])
    assert game.is_over and sum(game.scores) == game.cards_in_play - game.deck_size


def test_public_view_only_resampling_the_deck_order_changes_nothing():
    """Hidden information (RULES.md §5): the deck's order is the only secret, so a game whose
    deck is shuffled afresh (Game.resample) gets the same chances and the same move in every
    position."""
    rules = Rules(players=2, loot_to="pile")
    checked = 0
    for game in positions(rules, 11, [WinningBot(), ExpectedValueBot()]):
        chances, move, played = win_chances(game), winning_move(game), bot_move(game)
        for seed in (1, 2):
            twin = game.resample(seed)
            assert twin.deck_counts() == game.deck_counts()
            assert win_chances(twin) == chances
            assert winning_move(twin) == move
            assert bot_move(twin) == played
        checked += 1
    assert checked > 20


def test_reads_a_public_view_as_well_as_a_game():
    """win_chances takes a PublicView too (what a strategy function receives), with the same
    answer; the bot is deterministic (two bots, two calls: one answer)."""
    for game in positions(Rules(players=2), 3):
        assert win_chances(PublicView(game)) == win_chances(game)
        assert WinningBot().choose(game) == WinningBot().choose(game) == bot_move(game)


def test_the_move_played_is_the_best_chance():
    """winning_move is the action with the highest chance (banking on a tie); the bot plays
    it, except where the two chances are within CLOSE: there the move with the most cards
    that exact bounds prove (best_choice, R4–R9), else the winning move; R4: only draw on an
    empty pile; R14: only bank on an empty deck; R11: aces by the keep policy."""
    seen = {"draw": 0, "bank": 0, "close": 0, "cards": 0}
    for game in positions(Rules(players=2), 8):
        chances = win_chances(game)
        move, played = winning_move(game), bot_move(game)
        if game.phase == "aces":
            assert move == played == game.automatic_aces("keep")
            continue
        if game.pile_size == 0:
            assert list(chances) == [DRAW] and move == played == DRAW
        elif game.deck_size == 0:
            assert list(chances) == [BANK] and move == played == BANK
        else:
            best = DRAW if chances[DRAW] > chances[BANK] else BANK
            assert move == best
            if abs(chances[DRAW] - chances[BANK]) <= CLOSE:
                proven = best_choice(game, "own", look_ahead=LOOK_AHEAD).action
                best = best if proven is None else DRAW if proven == "draw" else BANK
                seen["close"] += 1
                seen["cards"] += best != move
            assert played == best
            seen[played.kind] += 1
    assert seen["draw"] and seen["bank"] and seen["close"] and seen["cards"], seen


def test_far_behind_draws_where_far_ahead_banks():
    """R15 in one position: the same pile (a 6 on top) and deck (twelve cards, nine of them
    accepted, R5; no aces left to rob with, R9); a player 6 cards behind takes the risk of
    drawing, one 6 cards ahead banks."""
    deck = "3H 3C 4S 7S 8S 9S TS JS QS KS 7H 8H"
    pool = "2C 2D 4C 4D 5C 5D 6S 6C 6D 7C 7D 8C 8D 9C 9D TC TD JC JD QC QD KC KD".split()
    few, many = " ".join(pool[:4]), " ".join(pool[-10:])

    def game(mine: str, theirs: str) -> Game:
        return position(deck, banks=[mine, theirs], pile="3S 6H", players=2)

    behind, ahead = game(few, many), game(many, few)
    assert winning_move(behind) == DRAW
    assert winning_move(ahead) == BANK
    assert win_chances(ahead)[BANK] > 0.9 > 0.1 > win_chances(behind)[BANK]


def test_finished_game_has_no_chances():
    game = play(Game(Rules(players=2), seed=1), [ThresholdBot(3), ThresholdBot(3)])
    assert win_chances(game) == {}


@pytest.mark.parametrize("opponent", [RandomBot(), ThresholdBot(4)], ids=str)
def test_beats_random_and_threshold_clearly(opponent):
    """R15, head to head: 200 games, seats taking turns, ties counted half; WinningBot scores
    well over half against RandomBot and ThresholdBot(4) (measured: about 0.85 and 0.73; the
    bound 0.62 is over three standard errors below the smaller)."""
    result = simulate(
        Rules(players=2), [WinningBot(), opponent], 200, seed=4, keep_games=True, workers=1
    )
    rows = result.tables()["games"]
    points = 0.0
    for g, won in enumerate(rows["winners"]):
        seat = 0 if rows["bot_0"][g] == "WinningBot()" else 1
        points += (seat in won) / len(won)
    assert points / 200 > 0.62, points


def test_without_numpy_more_players_read_the_two_player_table(monkeypatch):
    """Where NumPy is missing (JupyterLite without it) a game of three reads the shipped
    two-player table (the lead over the best of the others) and still plays legal moves."""
    from borsen_widget.play import winning_bot as winning

    monkeypatch.setattr(winning, "_has_numpy", lambda: False)
    monkeypatch.setattr(winning, "_MODELS", {})
    rules = Rules(players=3)
    assert winning.model_for(rules).whos == 1
    game = play(Game(rules, seed=2), [WinningBot(), ExpectedValueBot(), WinningBot()])
    assert game.is_over


def test_a_deeper_look_ahead_is_a_choice_of_the_bot_and_reads_only_the_public_view():
    """WinningBot(draws=3) looks three draws of the turn ahead (R5–R9 on the exact deck)
    before the table: a legal game to its end, the same move on a redrawn deck order, and the
    default is the two draws of bot_move; a bad depth is refused with what is allowed."""
    deep = WinningBot(draws=3)
    assert str(deep) == "WinningBot(draws=3)" and str(WinningBot(draws=2)) == "WinningBot()"
    game = play(Game(Rules(players=2), seed=8), [deep, ExpectedValueBot()])
    assert game.is_over
    estimates = 0
    for game in positions(Rules(players=2), 4, [deep, ExpectedValueBot()]):
        move = deep.choose(game)
        assert deep.choose(game.resample(3)) == move
        assert win_chances(game.resample(3), draws=3) == win_chances(game, draws=3)
        assert WinningBot().choose(game) == bot_move(game)
        if game.pile and game.deck_size > 1:  # a real choice: the deeper look is used
            estimates += win_chances(game, draws=3) != win_chances(game)
    assert estimates > 20
    for bad in (0, 5, 2.0, True, "3"):
        with pytest.raises(ValueError, match="draws must be a whole number from 1 to 4"):
            WinningBot(draws=bad)
        with pytest.raises(ValueError, match="draws must be a whole number from 1 to 4"):
            win_chances(game, draws=bad)
