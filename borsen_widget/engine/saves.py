"""Save files, both directions: a game as JSON text and back (RULES.md §5, "Undo and saves").

A save holds the rules, the seed, the random generator's state, the position
(:meth:`Position.to_data`: the same fields, the same names) and the log. It holds the game's
secrets, so it is for files, never for screens.

Loading trusts nothing: every field is checked for its type, its size and its agreement with
the others (R13, R14, R16 and the bookkeeping of an ace decision), so that anything that loads
plays, saves, shows and narrates like a game that was played. A save that fails raises
:class:`~borsen_widget.engine.errors.SaveError` (a ``ValueError``) naming the field, at once:
sizes are bounded before anything is built.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping

from .cards import DISTINCT_CARDS, FIRST_ACE, to_card
from .errors import RulesError, SaveError, quote
from .events import END_REASONS, Event
from .position import ACES, OVER, PHASES, PLAY, Position
from .randomness import MAX_SEED, state_from_data, state_to_data
from .rules import MAX_DECKS, Rules, function_name

__all__ = ["dump_game", "load_game"]

SAVE_FORMAT = "borsen-game"
SAVE_VERSION = 1
#: The largest save file read (a game of a million events fits; a flood does not).
MAX_SAVE_CHARS = 50_000_000
_MAX_CARDS = DISTINCT_CARDS * MAX_DECKS


def dump_game(rules: Rules, seed: int, rng: random.Random, position: Position, log) -> str:
    """The save text of a game's parts (``log`` is ``None`` for a game without one)."""
    custom = rules.custom_rules
    if custom:
        named = ", ".join(f"{k}={function_name(f)}" for k, f in custom.items())
        raise ValueError(
            f"cannot save this game: its rules use Python code ({named}), which a save "
            "file cannot hold; set those options back to None to save"
        )
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "rules": rules.to_dict(),
        "seed": seed,
        "rng": state_to_data(rng),
        **position.to_data(),
        "record": log is not None,
        "log": None if log is None else [e.to_dict() for e in log],
    }
    return json.dumps(data, ensure_ascii=False)


def load_game(text: str | bytes) -> tuple[Rules, int, random.Random, Position, list | None]:
    """The parts of a saved game: (rules, seed, generator, position, log or None). Anything
    that is not a whole, consistent save raises :class:`SaveError` naming the field."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("a Børsen save file is UTF-8 text; this is not") from None
    if not isinstance(text, str):
        raise SaveError(f"a Børsen save file is JSON text, not {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError(f"a Børsen save file has at most {MAX_SAVE_CHARS:,} characters")
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveError("a Børsen save file must be JSON text; this is nested too deeply") from None
    except ValueError as error:
        reason = quote(str(error), 120)
        raise SaveError(f"a Børsen save file must be JSON text; this is not ({reason})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"not a Børsen save file: 'format' is not {SAVE_FORMAT!r}", field="format")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise SaveError(
            f"this save file has version {quote(version)}; this program reads version "
            f"{SAVE_VERSION}",
            field="version",
        )
    return _Reader(data).read()


class _Reader:
    """Reads one save's fields in an order where each check can lean on the ones before."""

    def __init__(self, data: dict):
        self.data = data

    def field(self, name: str, kind, what: str):
        data = self.data
        if name not in data:
            raise SaveError(f"the save has no '{name}' ({what})", field=name)
        value = data[name]
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            raise SaveError(f"'{name}' must be {what}, not {quote(value)}", field=name)
        return value

    def cards(self, name: str, value=None) -> list[int]:
        value = self.field(name, list, "a list of cards") if value is None else value
        if not isinstance(value, list) or len(value) > _MAX_CARDS:
            raise SaveError(f"'{name}' must be a list of at most {_MAX_CARDS} cards", field=name)
        try:
            return [_card(c) for c in value]
        except ValueError as error:
            raise SaveError(f"'{name}' holds a bad card: {error}", field=name) from None

    def read(self):
        try:
            rules = Rules.from_dict(self.field("rules", Mapping, "the rule options"))
        except RulesError as error:
            raise SaveError(f"its rules are invalid: {error}", field="rules") from None
        n = rules.players
        seed = self.field("seed", int, "a whole number")
        if not 0 <= seed <= MAX_SEED:
            raise SaveError("'seed' must be a whole number from 0 to 2**64 - 1", field="seed")
        rng = state_from_data(self.field("rng", list, "the random generator's state"))
        deck = self.cards("deck")[::-1]  # saved in drawing order; the deck's top is its end
        pile = self.cards("pile")
        raw_banks = self.field("banks", list, f"a list of {n} banks")
        if len(raw_banks) != n:
            raise SaveError(
                f"'banks' must hold {n} banks for {n} players, not {len(raw_banks)}", field="banks"
            )
        banks = [self.cards("banks", b) for b in raw_banks]
        in_play = self.cards("in_play")
        counted = Counter(in_play)
        if Counter(deck + pile + [c for b in banks for c in b]) != counted:
            raise SaveError(
                "the cards in the deck, pile and banks are not the cards in play (R16)",
                field="in_play",
            )
        if any(k > rules.decks for k in counted.values()):
            raise SaveError(f"a card appears more often than {rules.decks} deck(s) hold", "in_play")
        position = Position(deck, pile, banks, tuple(sorted(in_play)))
        position.bank_aces = [sum(c >= FIRST_ACE for c in b) for b in banks]
        self.state(position, rules)
        log = self.log(position, rules, n)
        return rules, seed, rng, position, log

    def state(self, pos: Position, rules: Rules) -> None:
        """The position's bookkeeping, and its agreement with the rules R13, R14 and R5."""
        n = rules.players
        phase = self.field("phase", str, "'play', 'aces' or 'over'")
        if phase not in PHASES:
            raise SaveError(
                f"'phase' must be 'play', 'aces' or 'over', not {quote(phase)}", "phase"
            )
        current = self.field("current_player", int, f"a seat 0..{n - 1}")
        if not 0 <= current < n:
            raise SaveError(
                f"'current_player' must be a seat 0..{n - 1}, not {quote(current)}",
                "current_player",
            )
        turns = self.field("turns", int, "a number of turns")
        if not 0 <= turns <= 2**62:
            raise SaveError(
                f"'turns' cannot be {'negative' if turns < 0 else 'that large'} ({quote(turns)})",
                "turns",
            )
        pending = sorted(self.cards("pending_aces"))
        incoming = sorted(self.cards("incoming_aces"))
        to_list = self.field("aces_to_list", int, "a number of aces")
        reason = self.data.get("end_reason")
        pos.phase, pos.current_player, pos.turns = phase, current, turns
        pos.pending_aces, pos.incoming_aces, pos.aces_to_list = pending, incoming, to_list
        pos.end_reason = reason
        if any(c < FIRST_ACE for c in pending + incoming):
            raise SaveError("'pending_aces' and 'incoming_aces' hold only aces", "pending_aces")
        if phase == ACES:
            if not pending or Counter(pending) - Counter(pos.banks[current]):
                raise SaveError(
                    "the pending aces must be aces of the current player's bank", "pending_aces"
                )
            if Counter(incoming) - Counter(pending) or not 0 <= to_list <= len(pending):
                raise SaveError("the pending aces do not match the aces to list", "aces_to_list")
            if not pos.is_deck_live():
                raise SaveError(
                    "an ace decision is pending, but the deck holds no card an ace could be "
                    "listed into (R13)",
                    "phase",
                )
            if pos.pile:
                raise SaveError(
                    "an ace decision follows a bank, so the pile is empty (R11)", "pile"
                )
        elif pending or incoming or to_list:
            raise SaveError(
                "'pending_aces' must be given exactly when an ace decision is pending",
                "pending_aces",
            )
        if (phase == OVER) != (reason is not None) or reason not in (None, *END_REASONS):
            raise SaveError(
                f"'end_reason' {quote(reason)} does not fit the phase {phase!r}", "end_reason"
            )
        if reason == "deck" and (pos.deck or pos.pile):
            raise SaveError(
                "the game ended because the deck ran out, but cards are still in play (R14)",
                "end_reason",
            )
        if phase == PLAY and not pos.deck and not pos.pile:
            raise SaveError(
                "the deck and the pile are empty but the game is not over (R14)", "phase"
            )
        if _passes(pos.pile, rules) > turns:
            raise SaveError(
                "the pile could not have been built: each card is accepted on the one below it "
                "(R5) or passes the pile on, which ends a turn (R7), and more cards were "
                f"refused than the {turns} turns played",
                "pile",
            )

    def log(self, pos: Position, rules: Rules, n: int) -> list[Event] | None:
        record = self.field("record", bool, "true or false")
        raw = self.data.get("log")
        if not record:
            if raw is not None:
                raise SaveError("a game saved without a log has 'log': null", "log")
            return None
        if not isinstance(raw, list):
            raise SaveError("'log' must be a list of events", "log")
        log = []
        for i, item in enumerate(raw):
            try:
                log.append(Event.from_dict(item, players=n))
            except SaveError as error:
                raise SaveError(f"'log' holds a bad event (number {i}): {error}", "log") from None
        if not log or log[0].kind != "start":
            raise SaveError("a game's log starts with its start event", "log")
        ends = sum(e.kind == "end" for e in log)
        if ends != (pos.phase == OVER):
            raise SaveError("the log's end event does not fit the phase", "log")
        return log


def _card(code) -> int:
    if not isinstance(code, str) or len(code) > 4:
        raise ValueError(f"{quote(code)} is not a card")
    return to_card(code).index


def _passes(pile: list[int], rules: Rules) -> int:
    """The fewest turns that could have built this pile: one per card that no reading of R5
    accepts on the card below it (R7 passes the pile on then). Loot slipped under an ace
    (``loot_to="pile"``, R9) is not compared; equal ranks count as accepted, since the rules
    may have changed during the game."""
    passes = 0
    loot_under_aces = rules.loot_to == "pile"
    for i in range(1, len(pile)):
        below, card = pile[i - 1], pile[i]
        if card >= FIRST_ACE or below >= FIRST_ACE or card >> 2 >= below >> 2:
            continue
        if loot_under_aces and any(c >= FIRST_ACE for c in pile[i + 1 :]):
            continue  # may be loot below a later ace
        passes += 1
    return passes
