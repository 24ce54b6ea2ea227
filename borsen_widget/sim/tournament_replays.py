"""What a class learns from a tournament: one game of the top two replayed card by
card, and for a player one position of its own games where its move and WinningBot's disagree.

Both replay games on the reference engine from the pair's seed, as
:func:`~borsen_widget.sim.simulate.replay` does (``game_seed`` of the pair's seed and the game's
number, the seats taking turns). A pair the reference engine played is replayed exactly; for a
pair of the fast path it is the game with the same seed and seats (the fast path draws its own
cards), played by the same two bots.

A **lesson** is a draw-or-bank decision (R4, R8) of the player in one of its games where
:func:`~borsen_widget.play.winning_bot.winning_move` plays the other move and the chances of winning
(:func:`~borsen_widget.play.winning_bot.win_chances`, R15) differ by more than
:data:`~borsen_widget.play.winning_bot.CLOSE` (so WinningBot itself plays that move there): of the
first games of the player's pairs, the position where the player's move costs the most. It is
told in words (the pile, the banks, the deck, both chances); the seed never leaves the kernel.

Imports: the engine (game, events, words), :mod:`borsen_widget.i18n`, the bots and the winning
bot's chances, and this package's seats.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.actions import BANK, DRAW
from ..engine.events import narrate
from ..engine.game import Game
from ..engine.position import PLAY
from ..engine.rules import Rules
from ..engine.words import card_name
from ..i18n import translator
from ..play.bots import Bot
from ..play.playout import playout
from ..play.winning_bot import CLOSE, WinningBot, win_chances, winning_move
from .seeding import game_seed, seated_bots

__all__ = ["LESSON_GAMES", "find_lesson", "replay_pair_game", "say_lesson"]

#: How many games of each of a player's pairs a lesson looks through (about 20 decisions a
#: game, a millisecond each: a player's lesson takes well under a second).
LESSON_GAMES = 3
#: The most of a player's pairs a lesson looks through (WinningBot's pair first).
LESSON_PAIRS = 4
#: A position that costs at least this much chance of winning is lesson enough: the search
#: stops at the end of its game (most players' lessons then take one or two games).
GOOD_LESSON = 0.1
#: How many games of the top two's pair :func:`replay_pair_game` looks through for one the
#: better player won (the replay shows why the winner wins); else it shows the first.
REPLAY_LOOK = 20


def _game(rules: Rules, bots: Sequence[Bot], pair_seed: int, index: int, record: bool) -> tuple:
    """Game ``index`` of a pair, set up (not played): the game and its seated bots."""
    seed = game_seed(pair_seed, index)
    return Game(rules, seed, record=record), seated_bots(bots, seed, index, True)


def replay_pair_game(
    rules: Rules,
    bots: Sequence[Bot],
    names: Sequence[str],
    pair_seed: int,
    language: str,
    better: int = 0,
) -> dict:
    """One game of the pair ``bots`` (in the league's order), card by card: the first of its
    games that ``bots[better]`` won alone (R15), else its first game. Returns JSON-safe data:
    ``game`` (its number among the pair's games), ``players`` (the names seat by seat),
    ``scores`` and ``winners`` (seats), ``lines`` (the
    log told in ``language``, :func:`~borsen_widget.engine.events.narrate`) and ``events``
    (each event's data, :meth:`~borsen_widget.engine.events.Event.to_dict`). No seed."""
    chosen = None
    for index in range(REPLAY_LOOK):
        game, seated = _game(rules, bots, pair_seed, index, record=True)
        playout(game, seated)
        if chosen is None:
            chosen = (index, game)
        if game.winners == ((better + index) % 2,):  # seat s holds bots[(s + index) % 2]
            chosen = (index, game)
            break
    index, game = chosen
    seat_names = [names[(s + index) % 2] for s in range(2)]
    return {
        "game": index,
        "players": seat_names,
        "scores": list(game.scores),
        "winners": list(game.winners),
        "lines": narrate(game.log, seat_names, loot_to=rules.loot_to, language=language),
        "events": [event.to_dict() for event in game.log],
    }


def find_lesson(
    rules: Rules,
    player: int,
    bots: Sequence[Bot],
    pairs: Sequence[tuple[int, int, int]],
) -> dict | None:
    """The position of ``player``'s games (``pairs``: ``(other player, pair seed, first)``,
    ``first`` the index of the player's bot in the pair's order) where its draw-or-bank move
    costs the most chance of winning against WinningBot's, as data (see the module), or
    ``None`` when it never disagrees by more than :data:`CLOSE` there."""
    if isinstance(bots[player], WinningBot):
        return None
    best = None
    for other, pair_seed, first in pairs[:LESSON_PAIRS]:
        two = [bots[player], bots[other]] if first == 0 else [bots[other], bots[player]]
        for index in range(LESSON_GAMES):
            game, seated = _game(rules, two, pair_seed, index, record=False)
            mine = (first + index) % 2  # seat s holds two[(s + index) % 2]
            while not game.is_over:
                seat = game.current_player
                action = seated[seat].choose(game)
                if seat == mine and game.phase == PLAY and game.pile_size and game.deck_size:
                    found = _disagreement(game, action)
                    if found is not None and (best is None or found[0] > best[0]):
                        best = (*found, other, index, _position(game, mine))
                game.apply(action)
            if best is not None and best[0] >= GOOD_LESSON:
                break
        if best is not None and best[0] >= GOOD_LESSON:
            break
    if best is None:
        return None
    _gap, action, right, chances, other, index, position = best
    return {
        "opponent": other,
        "game": index,
        "move": "draw" if action == DRAW else "bank",
        "winning_move": "draw" if right == DRAW else "bank",
        "chances": {"draw": chances[DRAW], "bank": chances[BANK]},
        **position,
    }


def _disagreement(game: Game, action) -> tuple | None:
    """``(the chance lost, the move, the winning move, the chances)`` where ``action`` is not
    the winning move by more than CLOSE, else ``None``."""
    chances = win_chances(game)
    if action not in chances or len(chances) < 2:
        return None
    other = BANK if action == DRAW else DRAW
    gap = chances[other] - chances[action]
    if gap <= CLOSE or winning_move(game) != other:
        return None
    return gap, action, other, chances


def _position(game: Game, me: int) -> dict:
    """The public facts of the position, as data (never the deck's order or the seed)."""
    return {
        "pile": [card.ascii for card in game.pile],
        "banks": [len(game.banks[me]), len(game.banks[1 - me])],
        "deck": game.deck_size,
    }


def say_lesson(lesson: dict, opponent: str, language: str | None) -> str:
    """A lesson in whole sentences of ``language`` (the pile, the banks, the deck, what the
    rule did, both chances and WinningBot's move)."""
    tr = translator(language)
    pile = len(lesson["pile"])
    mine, theirs = lesson["banks"]
    top = card_name(lesson["pile"][-1], tr.language)
    parts = [
        tr.ngettext(
            "The pile held {count} card, with {card} on top.",
            "The pile held {count} cards, with {card} on top.",
            pile,
            count=pile,
            card=top,
        ),
        tr.ngettext(
            "Your bank held {count} card.", "Your bank held {count} cards.", mine, count=mine
        ),
        tr.ngettext(
            "The bank of {player} held {count} card.",
            "The bank of {player} held {count} cards.",
            theirs,
            player=opponent,
            count=theirs,
        ),
        tr.ngettext(
            "The deck had {count} card left.",
            "The deck had {count} cards left.",
            lesson["deck"],
            count=lesson["deck"],
        ),
    ]
    draw, bank = tr.percent(lesson["chances"]["draw"]), tr.percent(lesson["chances"]["bank"])
    if lesson["move"] == "bank":
        parts.append(
            tr.gettext(
                "Your rule banked the pile. From here banking wins {bank} of the time and "
                "drawing {draw}: WinningBot draws.",
                bank=bank,
                draw=draw,
            )
        )
    else:
        parts.append(
            tr.gettext(
                "Your rule drew a card. From here drawing wins {draw} of the time and banking "
                "{bank}: WinningBot banks the pile.",
                bank=bank,
                draw=draw,
            )
        )
    return " ".join(parts)
