"""Many games at once: tournaments between strategies (:func:`~borsen_widget.sim.simulate.simulate`,
also ``borsen_widget.simulate``), the fast lock-step simulator, the progress bar and the command
line. Reads the engine and the bots.

``borsen_widget.sim.simulate`` is the module that holds the function (so
``from borsen_widget.sim.simulate import simulate``); :func:`replay`, :class:`SimulationResult`,
:func:`game_seed` and :func:`seating` are here too.
"""

from .result import SimulationResult
from .seats import game_seed, seating
from .simulate import replay

__all__ = ["SimulationResult", "game_seed", "replay", "seating"]
