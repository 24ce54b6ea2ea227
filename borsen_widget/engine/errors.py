"""The two errors people see: a bad move and a bad rule set."""


class IllegalActionError(ValueError):
    """An action that is not legal in the current position.

    The message names the action that was tried, the phase of the game and the actions that are
    legal now. The game is left exactly as it was.
    """


class RulesError(ValueError):
    """Rules (or a set position) that cannot be played: raised at construction, nothing is built."""
