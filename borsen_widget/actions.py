"""The old home of the actions, kept so ``from borsen_widget.actions import BANK, DRAW`` goes on
working; the code is in :mod:`borsen_widget.engine.actions`."""

from .engine.actions import BANK, DRAW, KEEP_ALL, Action

__all__ = ["BANK", "DRAW", "KEEP_ALL", "Action"]
