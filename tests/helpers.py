"""Shared helpers for the engine tests (imported as `helpers`)."""

from __future__ import annotations

import json

from hypothesis import settings

from borsen_widget import Card, Game, Rules

FILLER = ["3C", "3D", "3H", "3S", "5C", "5D", "5H", "5S"]  # cards that keep a deck alive


def examples(count: int) -> int:
    """``count`` hypothesis examples under ``make test`` and CI; a tenth under ``make test-fast``
    (its hypothesis profile asks for 10 examples where the default is 100: tests/conftest.py).
    A property that sets its own ``max_examples`` sets ``examples(n)``, so that the inner loop
    runs a tenth of every property, not only of those that leave the count to the profile."""
    return max(1, count * settings.default.max_examples // 100)


def cards(text: str) -> list[Card]:
    """``"6S JH"`` → [6♠, J♥]."""
    return [Card.parse(t) for t in text.split()]


def position(deck="", banks=None, pile="", current=0, seed=0, **options) -> Game:
    """A set position (RULES.md §3 notation: ``deck`` is drawn left to right)."""
    rules = Rules(**options)
    bank_lists = None if banks is None else [cards(b) for b in banks]
    return Game.from_position(
        rules,
        deck=cards(deck),
        banks=bank_lists,
        pile=cards(pile),
        current_player=current,
        seed=seed,
    )


def rng_state(game: Game) -> list:
    """The game's random generator state, as its save file holds it."""
    return json.loads(game.to_json())["rng"]


def texts(items) -> list[str]:
    return [str(x) for x in items]


SEED = 7_350_482_913_306  # long, so that finding it in the browser's data means a leak


def widget(deck="", banks=None, pile="", current=0, seats=("Ada", "Bo", "Cy"), **kwargs):
    """A BorsenWidget on a set position (same notation as :func:`position`); keyword
    arguments that are Rules options go to the rules, the rest to the widget (bots at once)."""
    from borsen_widget import BorsenWidget

    options = {k: kwargs.pop(k) for k in list(kwargs) if k in Rules.__dataclass_fields__}
    game = Game.from_position(
        Rules(players=len(seats), **options),
        deck=deck.split(),
        banks=None if banks is None else [b.split() for b in banks],
        pile=pile.split(),
        current_player=current,
        seed=SEED,
    )
    kwargs.setdefault("bot_delay", 0)
    return BorsenWidget(game=game, seats=list(seats), **kwargs)
