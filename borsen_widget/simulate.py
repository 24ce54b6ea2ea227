"""The old home of :func:`simulate`, kept so ``from borsen_widget.simulate import simulate``
(as in notebooks written before the layers) goes on working; the code is in
:mod:`borsen_widget.sim.simulate`."""

from .sim.simulate import SimulationResult, game_seed, replay, seating, simulate

__all__ = ["SimulationResult", "game_seed", "replay", "seating", "simulate"]
