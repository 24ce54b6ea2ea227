"""Many games at once: tournaments between strategies (:func:`~borsen_widget.sim.simulate.simulate`,
also ``borsen_widget.simulate``), the fast lock-step simulator, the progress bar and the command
line. Reads the engine and the bots.

``borsen_widget.sim.simulate`` is the module that holds the function (so
``from borsen_widget.sim.simulate import simulate``); :func:`replay`, :class:`SimulationResult`,
:func:`game_seed` and :func:`seating` are here too, and :func:`league` (every bot against every
other, with Bradley–Terry ratings: :mod:`borsen_widget.sim.league`).
"""

from .league import LeagueResult, league
from .result import SimulationResult
from .seeding import game_seed, seating
from .simulate import replay

__all__ = ["LeagueResult", "SimulationResult", "game_seed", "league", "replay", "seating"]
