"""What the hostile-input tests and ``benchmarks/hostile_inputs.py`` share: where a JSON value
can be changed, changing it, and the check that a loaded game works everywhere."""

from __future__ import annotations

import json
import random

from borsen_widget import Game
from borsen_widget.classroom.view import build_view
from borsen_widget.engine.events import narrate


def paths(value, prefix=()):
    """Every place inside a JSON value, as a path of keys and indices (long lists: the first
    60 items)."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:60]):
            yield from paths(item, (*prefix, i))


def replace(data, path, value):
    """``data`` with the place ``path`` holding ``value`` (the whole value for an empty path)."""
    if not path:
        return value
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


def works_everywhere(game: Game, steps: int = 20_000) -> None:
    """A loaded game saves again, shows, narrates and plays to its end (or ``steps`` moves)
    with every invariant intact (R16)."""
    assert Game.from_json(game.to_json()) == game
    state = game.public_state()
    json.dumps(state)
    seats = [{"name": f"P{i}", "bot": None} for i in range(game.rules.players)]
    build_view(state, seats, version=1)
    narrate(game.log, [s["name"] for s in seats])
    rng = random.Random(0)
    for _ in range(steps):
        if game.is_over:
            break
        game.check_invariants()
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])
    game.check_invariants()
