"""What the three adapters share besides the encoder: the seats' rules, the returns of R15 and
how a game is shown (``render_mode="ansi"`` and ``"human"``).

**Returns** (R15): a win is worth 1; a shared win is split equally among the winners; a loss
is worth 0. The returns of a game therefore always sum to 1 (constant-sum): a seat's expected
return is its share of the wins, which is what the simulator's tables count, and an agent gains
nothing by making a third player lose (as with −1 for a loss, which in a game of three or more
rewards hurting a particular opponent rather than winning). A game ended by the turn cap
(R14a) is decided on the banks like any other.
"""

from __future__ import annotations

from ..engine.events import narrate
from ..engine.game import Game
from ..engine.rules import Rules

__all__ = ["RENDER_MODES", "Screen", "read_rules", "returns"]

RENDER_MODES = ("ansi", "human")


def read_rules(rules: Rules | None, seats: int | None) -> Rules:
    """The rules to play: ``rules`` (default ``Rules()``) with ``seats`` players if given."""
    if rules is None:
        rules = Rules() if seats is None else Rules(players=seats)
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a borsen_widget.Rules, not {type(rules).__name__}")
    if seats is not None and seats != rules.players:
        if rules != Rules(players=rules.players):
            raise ValueError(
                f"seats={seats!r} but the rules are for {rules.players} players: give the "
                "number of players in the rules (Rules(players=...)) or as seats, not both"
            )
        rules = Rules(players=seats)
    return rules


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
    return render_mode


def returns(game: Game) -> list[float]:
    """Every seat's return (R15): 1 split equally among the winners once the game is over,
    0 for the others and 0 for everyone while it runs."""
    winners = game.winners
    out = [0.0] * game.rules.players
    for seat in winners:
        out[seat] = 1.0 / len(winners)
    return out


class Screen:
    """Shows one game: as text (``"ansi"``: the log's new lines as the widget tells them, and
    the engine's one-line summary) or as the game widget in a notebook (``"human"``)."""

    def __init__(self, render_mode: str | None, names: list[str], language: str | None = None):
        self.render_mode = check_render_mode(render_mode)
        self.names = names
        self.language = language
        self.told = 0
        self.widget = None

    def reset(self) -> None:
        self.told = 0
        if self.widget is not None:
            self.widget.close()
        self.widget = None

    def render(self, game: Game) -> str | None:
        if self.render_mode == "ansi":
            lines = narrate(
                game.log[self.told :],
                self.names,
                loot_to=game.rules.loot_to,
                language=self.language,
            )
            self.told = game.log_length
            return "\n".join([*(line["text"] for line in lines), repr(game)])
        if self.render_mode == "human":
            if self.widget is None or self.widget.game is not game:
                from IPython.display import display

                from ..jupyter.widget import BorsenWidget

                self.widget = BorsenWidget(game=game, seats=self.names, language=self.language)
                display(self.widget)
            else:
                self.widget.refresh()
        return None

    def close(self) -> None:
        self.reset()
