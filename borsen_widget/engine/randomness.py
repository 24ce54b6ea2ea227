"""The game's randomness: seeds, shuffles (R2, R3, R11) and the generator's state in a save.

A game owns one ``random.Random``, seeded once; the same seed and the same actions give the
same game. Its state is a secret like the deck's order: it goes into save files, never to a
screen.
"""

from __future__ import annotations

import random
from numbers import Integral

from .errors import RulesError, SaveError, quote

__all__ = ["MAX_SEED", "check_seed", "shuffle", "state_from_data", "state_to_data"]

#: Seeds are whole numbers from 0 to 2**64 - 1.
MAX_SEED = 2**64 - 1
_FRESH_SEED_BITS = 63  # a game made without a seed draws 63 random bits

# random.Random's state: (version, 624 words of the Mersenne Twister and a position, gauss).
_STATE_VERSION = 3
_STATE_WORDS = 625


def check_seed(seed) -> int:
    """A seed as an ``int`` in 0 … :data:`MAX_SEED` (NumPy's integers too); ``None`` draws a
    fresh one. Anything else raises :class:`RulesError` at once."""
    if seed is None:
        return random.SystemRandom().getrandbits(_FRESH_SEED_BITS)
    if isinstance(seed, bool) or not isinstance(seed, Integral):
        raise RulesError(f"a seed must be a whole number or None, not {quote(seed)}")
    seed = int(seed)
    if not 0 <= seed <= MAX_SEED:
        raise RulesError(f"a seed is a whole number from 0 to 2**64 - 1, not {quote(seed)}")
    return seed


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Shuffle in place (R2, R11): Fisher–Yates on ``rng.random()``, about twice as fast as
    ``rng.shuffle``. The bias of ``int(random() * n)`` is below 2**-45 for any deck this game
    can hold."""
    rand = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rand() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def state_to_data(rng: random.Random) -> list:
    """The generator's state as JSON-safe data: ``[version, [625 words], gauss]``."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def state_from_data(value) -> random.Random:
    """A generator in the state :func:`state_to_data` wrote; anything else is a
    :class:`SaveError` (checked word by word, so no huge number is ever built)."""
    if not isinstance(value, list) or len(value) != 3:
        raise SaveError("'rng' must be [version, words, gauss]", field="rng")
    version, words, gauss = value
    if version != _STATE_VERSION or isinstance(version, bool):
        raise SaveError(f"'rng' has version {quote(version)}, not {_STATE_VERSION}", field="rng")
    if not isinstance(words, list) or len(words) != _STATE_WORDS:
        raise SaveError(
            f"'rng' must hold {_STATE_WORDS} words of the random generator's state", field="rng"
        )
    for word in words:
        if isinstance(word, bool) or not isinstance(word, int) or not 0 <= word < 2**32:
            raise SaveError(f"'rng' holds {quote(word)}, not a 32-bit word", field="rng")
    if words[-1] > 624:
        raise SaveError("'rng' has a position past the end of its state", field="rng")
    if gauss is not None and (isinstance(gauss, bool) or not isinstance(gauss, float)):
        raise SaveError(f"'rng' has a gauss of {quote(gauss)}", field="rng")
    rng = random.Random()
    try:
        rng.setstate((version, tuple(words), gauss))
    except (TypeError, ValueError, OverflowError) as error:
        raise SaveError(f"'rng' is not a random generator's state ({error})", field="rng") from None
    return rng
