"""Reading save files (``Game.to_json``) back, checking every part before trusting it."""

from __future__ import annotations

import json
import random
from collections import Counter

from .cards import FIRST_ACE, to_card
from .errors import RulesError
from .events import Event
from .rules import Rules

_PHASES = ("play", "aces", "over")


class _Corrupt(ValueError):
    pass


def _field(data: dict, name: str, kind, what: str):
    if name not in data:
        raise _Corrupt(f"the save has no '{name}' ({what})")
    value = data[name]
    if kind is int and isinstance(value, bool):
        raise _Corrupt(f"'{name}' must be {what}, not {value!r}")
    if not isinstance(value, kind):
        raise _Corrupt(f"'{name}' must be {what}, not {value!r}")
    return value


def _cards(data: dict, name: str) -> list[int]:
    value = _field(data, name, list, "a list of cards")
    try:
        return [to_card(c).index for c in value]
    except ValueError as error:
        raise _Corrupt(f"'{name}' holds a bad card: {error}") from None


def _seat(data: dict, name: str, players: int) -> int:
    value = _field(data, name, int, f"a seat 0..{players - 1}")
    if not 0 <= value < players:
        raise _Corrupt(f"'{name}' must be a seat 0..{players - 1}, not {value}")
    return value


def _rng(value) -> random.Random:
    try:
        version, internal, gauss = value
        rng = random.Random()
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError) as error:
        raise _Corrupt(f"'rng' is not a random generator's state ({error})") from None
    return rng


def load_game(cls, text):
    """A :class:`~borsen_widget.game.Game` from save text; ``ValueError`` naming the problem."""
    from .game import SAVE_FORMAT, SAVE_VERSION

    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise ValueError(f"a Børsen save file must be JSON text; this is not ({error})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ValueError(f"not a Børsen save file: 'format' is not {SAVE_FORMAT!r}")
    if data.get("version") != SAVE_VERSION:
        raise ValueError(
            f"this save file has version {data.get('version')!r}; this program reads "
            f"version {SAVE_VERSION}"
        )
    try:
        return _load(cls, data)
    except _Corrupt as error:
        raise ValueError(f"corrupt save file: {error}") from None
    except RulesError as error:
        raise ValueError(f"corrupt save file: its rules are invalid: {error}") from None


def _load(cls, data: dict):
    rules = Rules.from_dict(_field(data, "rules", dict, "the rule options"))
    n = rules.players
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise _Corrupt(f"'seed' must be a whole number, not {seed!r}")
    rng = _rng(_field(data, "rng", list, "the random generator's state"))
    deck = _cards(data, "deck")[::-1]
    pile = _cards(data, "pile")
    raw_banks = _field(data, "banks", list, f"a list of {n} banks")
    if len(raw_banks) != n:
        raise _Corrupt(f"'banks' must hold {n} banks for {n} players, not {len(raw_banks)}")
    banks = [_cards({"bank": b}, "bank") for b in raw_banks]
    in_play = _cards(data, "in_play")
    everything = Counter(deck + pile + [c for b in banks for c in b])
    if everything != Counter(in_play):
        raise _Corrupt("the cards in the deck, pile and banks are not the cards in play (R16)")
    if any(k > rules.decks for k in Counter(in_play).values()):
        raise _Corrupt(f"a card appears more often than {rules.decks} deck(s) hold")
    phase = _field(data, "phase", str, "'play', 'aces' or 'over'")
    if phase not in _PHASES:
        raise _Corrupt(f"'phase' must be 'play', 'aces' or 'over', not {phase!r}")
    current = _seat(data, "current_player", n)
    turns = _field(data, "turns", int, "a number of turns")
    if turns < 0:
        raise _Corrupt(f"'turns' cannot be negative ({turns})")
    pending = _cards(data, "pending_aces")
    incoming = _cards(data, "incoming_aces")
    to_list = _field(data, "aces_to_list", int, "a number of aces")
    if any(c < FIRST_ACE for c in pending + incoming):
        raise _Corrupt("'pending_aces' holds a card that is not an ace")
    if (phase == "aces") != bool(pending):
        raise _Corrupt("'pending_aces' must be given exactly when an ace decision is pending")
    if Counter(pending) - Counter(banks[current]) or not 0 <= to_list <= len(pending):
        raise _Corrupt("the pending aces do not match the current player's bank")
    reason = data.get("end_reason")
    if (phase == "over") != (reason is not None) or reason not in (None, "deck", "max_turns"):
        raise _Corrupt(f"'end_reason' {reason!r} does not fit the phase {phase!r}")
    if phase == "play" and not deck and not pile:
        raise _Corrupt("the deck and the pile are empty but the game is not over (R14)")
    record = _field(data, "record", bool, "true or false")
    raw_log = data.get("log")
    log = None
    if record:
        if not isinstance(raw_log, list):
            raise _Corrupt("'log' must be a list of events")
        try:
            log = [Event.from_dict(e) for e in raw_log]
        except (KeyError, TypeError, ValueError) as error:
            raise _Corrupt(f"'log' holds a bad event ({error})") from None

    game = cls.__new__(cls)
    game._setup(rules, seed, rng, deck, pile, banks, record)
    game._in_play = tuple(sorted(in_play))
    game._cur = current
    game._turns = turns
    game._phase = phase
    game._pending = sorted(pending)
    game._incoming = sorted(incoming)
    game._to_list = to_list
    game._end_reason = reason
    if record:
        game._log = log
    return game
