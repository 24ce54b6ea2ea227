"""Børsen for the game-AI libraries: PettingZoo, Gymnasium and OpenSpiel (the ``rl`` extra).

Three thin adapters over the engine's :class:`~borsen_widget.Game` that share one encoder of
the public view (:mod:`.encoding`) and one reading of the returns (:mod:`.table`, R15):

- :mod:`borsen_widget.envs.pettingzoo`: ``env(rules=..., seats=n, render_mode=...)``, AEC;
- :mod:`borsen_widget.envs.gymnasium`: ``gymnasium.make("borsen_widget/Borsen-v0",
  opponents=[...], rules=...)``, one agent against the package's bots; the id is registered
  when this package is imported;
- :mod:`borsen_widget.envs.openspiel`: ``pyspiel.load_game("python_borsen", {...})``,
  registered when that module is imported.

A layer above the others (it may show the game widget for ``render_mode="human"``);
``import borsen_widget`` never imports it, nor PettingZoo, Gymnasium or OpenSpiel.
"""

from __future__ import annotations

from .gymnasium import ENV_ID, register_env

register_env()

__all__ = ["ENV_ID", "register_env"]
