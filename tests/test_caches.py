"""Every cache the package keeps is bounded (a kernel may teach all day): a function cache
has a size, unless its arguments can only be a language or nothing (a few entries ever); and a
class that ends gives back what its tables' advice and logs kept."""

from __future__ import annotations

import asyncio
import importlib
import inspect
import pkgutil

import borsen_widget
from borsen_widget import BorsenWidget, Game, Rules
from borsen_widget.analysis import best_choice, bounds
from borsen_widget.engine import events

#: Arguments whose values are few (the package's languages).
FEW = {"language"}


def cached_functions():
    for info in pkgutil.walk_packages(borsen_widget.__path__, "borsen_widget."):
        if info.name.startswith(("borsen_widget.server", "borsen_widget.envs")):
            continue  # the Jupyter server's side and the RL environments: tested apart
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if callable(getattr(value, "cache_info", None)) and value.__module__ == info.name:
                yield f"{info.name}.{name}", value


def test_every_function_cache_of_the_package_has_a_bound():
    unbounded = []
    for name, function in cached_functions():
        if function.cache_parameters()["maxsize"] is not None:
            continue
        arguments = set(inspect.signature(function.__wrapped__).parameters)
        if not arguments <= FEW:
            unbounded.append(f"{name}({', '.join(sorted(arguments))})")
    assert not unbounded, f"caches without a size: {unbounded}"


def test_a_class_that_ends_gives_back_what_its_advice_and_logs_kept():
    game = Game(Rules(players=3), seed=4)
    while not (game.phase == "play" and game.pile and game.deck_size > 30):
        game.apply("draw")
    best_choice(game, words=False)
    bounds.expected_run((4,) * 12, 4, 5, True, terms=6)  # a deck shape's run bound is kept
    game.public_state()  # and its events' English sentences
    kept = [
        bounds._shape_expectations.cache_info().currsize + bounds.run_counts.cache_info().currsize,
        events._english_text.cache_info().currsize,
    ]
    assert all(kept), kept

    async def a_class():
        room = BorsenWidget(seats=["Ada", "Bo"], seed=1).classroom()
        room.stop()

    asyncio.run(a_class())
    assert bounds.run_counts.cache_info().currsize == 0
    assert bounds._shape_expectations.cache_info().currsize == 0
    assert bounds._rank_power.cache_info().currsize == 0
    assert events._english_text.cache_info().currsize == 0
