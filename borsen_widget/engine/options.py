"""Every rule option of RULES.md §2, declared once, as data.

:data:`OPTIONS` is the one place that says what an option is: its name, the rule it changes,
its kind and legal values (or range), its default, a label and a one-line help text (marked for
the catalogues with :func:`N_`), whether it is *structural* (it changes the deck or the seats,
so it cannot change during a game: R1, R2) or *live*, and which of its values the fast
simulator plays. Everything else reads it:

- :class:`~borsen_widget.engine.rules.Rules`: its fields, their defaults, the validation and its
  messages (:meth:`Option.check`), and :meth:`Rules.describe` (:meth:`Option.say`);
- the rules editor's controls (:attr:`Option.control`, :meth:`Option.choices_for`);
- the command line's flags and ``--help`` (:attr:`Option.flag`, :meth:`Option.parse`);
- the tests' hypothesis strategies and the fast simulator's exact game-by-game checks
  (:attr:`Option.samples`, the range);
- the options table of the documentation (:func:`markdown_table`, in
  docs/shared/reference/widget.md; a test fails when it is stale);
- the fast simulator's support (:attr:`Option.fast`): a value it does not list falls back to
  the reference engine, with the reason (:func:`fast_unsupported_option`).

Adding an option or a value is one edit here, plus the rule's code in the engine (and, if the
fast simulator is to play it, there).

Why one module of this size: half of it is the declarations themselves, which are the point of
the module: every option in one place.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from numbers import Integral
from typing import Any

from ..i18n import N_, translator
from .cards import SUIT_SYMBOLS
from .errors import OPTION_LABELS, RulesError, quote
from .shares import DEFAULT_SHARES, MAX_SHARE_DENOMINATOR, AceShares

__all__ = [
    "ALL",
    "CUSTOM_RULES",
    "KINDS",
    "MAX_TURNS",
    "NAMES",
    "OPTION",
    "OPTIONS",
    "STRUCTURAL",
    "Option",
    "fast_unsupported_option",
    "function_name",
    "markdown_table",
]

#: Every legal value (of :attr:`Option.fast`).
ALL = "all"
#: The kinds of option, by the values they take.
KINDS = (
    "count",  # a whole number in [low, high]
    "bool",  # True or False
    "choice",  # one of ``choices``
    "seat",  # one of ``choices`` or a seat 0..players-1
    "limit",  # a whole number in [low, high], or None for no limit
    "shares",  # the four aces' shares (R9): a mapping of suit to fraction
    "function",  # a Python function (a house rule), or None
)
#: Counts with at most this many values are a select in the editor; larger ones are typed.
SELECT_UP_TO = 12


def function_name(function: Callable) -> str:
    """How a custom rule is named in messages: its qualified name."""
    name = getattr(function, "__qualname__", None)
    return name if isinstance(name, str) else quote(function)


@dataclasses.dataclass(frozen=True)
class Option:
    """One option of :class:`~borsen_widget.engine.rules.Rules` (RULES.md §2)."""

    name: str
    #: The rule it changes: ``"R9"``.
    rule: str
    #: One of :data:`KINDS`.
    kind: str
    default: Any
    #: A short label and a one-line help text (English; messages of the catalogues).
    label: str
    help: str
    #: Changes the deck or the seats: it cannot change during a game (a new game starts).
    structural: bool = False
    #: The range of a ``"count"`` or ``"limit"``.
    low: int | None = None
    high: int | None = None
    #: The values of a ``"choice"``, or the named values of a ``"seat"``.
    choices: tuple = ()
    #: How a person is told each value of ``choices`` (and ``None`` for a limit or function).
    words: Mapping = dataclasses.field(default_factory=dict)
    #: The values the fast simulator plays: :data:`ALL`, or a tuple of them (a ``"choice"``
    #: or ``"seat"`` lists its named values one by one, so that a new value is not played
    #: by the fast path until it is listed here; every seat of a ``"seat"`` is played).
    fast: tuple | str = ALL
    #: Values other than the default that the tests play on purpose (each one the fast
    #: simulator plays is checked game by game against the engine).
    samples: tuple = ()

    # ------------------------------------------------------------------ reading values

    def check(self, value: Any, players: int = 8) -> Any:
        """``value`` as this option holds it (NumPy's integers become ``int``; shares become
        :class:`AceShares`), or :class:`RulesError` saying what is allowed. ``players``: the
        seats of the rules being made (for a ``"seat"``)."""
        name, kind = self.name, self.kind
        if kind == "count":
            return _whole(value, name, self.low, self.high)
        if kind == "bool":
            if not isinstance(value, bool):
                raise RulesError(
                    "{option} must be True or False, not {value}.", option=name, value=quote(value)
                )
            return value
        if kind == "choice" or (kind == "seat" and isinstance(value, str)):
            if not _is_one_of(value, self.choices):
                raise RulesError(
                    "{option} must be one of {choices}, not {value}.",
                    option=name,
                    choices=", ".join(map(repr, self.choices)),
                    value=quote(value),
                )
            return value
        if kind == "seat":
            if isinstance(value, bool) or not isinstance(value, Integral):
                raise RulesError(
                    "{option} must be a seat from 0 to {last}, or one of {choices}, not {value}.",
                    option=name,
                    last=players - 1,
                    choices=", ".join(map(repr, self.choices)),
                    value=quote(value),
                )
            if not 0 <= value < players:
                raise RulesError(
                    "{option}: {value} is not a seat. With {players} players the seats are 0 "
                    "to {last}.",
                    option=name,
                    value=quote(value),
                    players=players,
                    last=players - 1,
                )
            return int(value)
        if kind == "limit":
            return None if value is None else _whole(value, name, self.low, self.high)
        if kind == "shares":
            return value if isinstance(value, AceShares) else AceShares(value)
        if kind == "function":
            if value is not None and not callable(value):
                raise RulesError(
                    "{option} must be a function or None, not {value}.",
                    option=name,
                    value=quote(value),
                )
            return value
        raise AssertionError(f"option {name} has an unknown kind {kind!r}")  # a declaration bug

    def parse(self, text: str) -> Any:
        """A value from text typed on a command line (``"none"`` for no limit, ``"ask"`` for
        asking, ``"S=1,H=1/3"`` for shares), checked by :meth:`check` where it can be alone
        (a seat is checked with the number of players, by ``Rules``)."""
        name = self.name
        if not isinstance(text, str) or len(text) > 200:
            raise RulesError(
                "{option} cannot be read from {value}.", option=name, value=quote(text)
            )
        word = text.strip().lower()
        kind = self.kind
        if kind == "bool":
            if word in ("true", "yes", "on", "1"):
                return True
            if word in ("false", "no", "off", "0"):
                return False
            raise RulesError(
                "{option} must be on or off, not {value}.", option=name, value=quote(text)
            )
        if kind == "function":
            raise RulesError("{option} is a Python function: set it from code.", option=name)
        if kind == "shares":
            shares = {}
            for part in word.replace(" ", "").split(","):
                if not part:
                    continue
                suit, sep, value = part.partition("=")
                if not sep:
                    raise RulesError(
                        "Write the shares as S=1/2,H=1/3, not {value}.", value=quote(part)
                    )
                shares[suit] = value
            return AceShares(shares)
        for value in self.choices:  # a named value: "random", "ask" (None), "none" ...
            if word == str(value).lower() or word == _NAMES.get(value, "\0"):
                return value
        if kind == "limit" and word in ("none", "no", "unlimited"):
            return None
        if kind in ("count", "limit", "seat"):
            digits = word.replace("_", "")
            body = digits[1:] if digits[:1] in "+-" else digits
            if body.isascii() and body.isdigit() and len(body) <= 20:
                value = int(digits)
                return value if kind == "seat" else self.check(value)
            raise RulesError(
                "{option} must be a whole number, not {value}.", option=name, value=quote(text)
            )
        raise RulesError(
            "{option} must be one of {choices}, not {value}.",
            option=name,
            choices=", ".join(_NAMES.get(c, str(c)) for c in self.choices),
            value=quote(text),
        )

    # ------------------------------------------------------------------ saying values

    def say(self, value: Any, language: str | None = None) -> str:
        """A value in the words a person reads, in ``language`` (default English, for logs
        and programmers): ``"on"``, ``"the leader"``, ``"seat 2"``, ``"no limit"``,
        ``"♠ 1, ♥ 1/3, ♣ 1/4, ♦ 1/5"`` (``"på"``, ``"den som leder"``, ``"plass 2"`` ...)."""
        tr = translator(language or "en")
        kind = self.kind
        if kind == "bool":
            return tr.pgettext("rule option", "on") if value else tr.pgettext("rule option", "off")
        if kind == "shares":
            shares = AceShares(value).by_suit_index
            return ", ".join(f"{SUIT_SYMBOLS[i]} {tr.fraction(s)}" for i, s in enumerate(shares))
        if kind == "function":
            return tr.pgettext("rule option", "none") if value is None else function_name(value)
        if _is_one_of(value, tuple(self.words)):
            return tr.gettext(self.words[value])
        if kind == "seat":
            return tr.pgettext("rule option", "seat {seat}", seat=value)
        return tr.number(value) if isinstance(value, int) else str(value)

    def label_in(self, language: str | None = None) -> str:
        """The label in ``language`` (default: the chosen one, else English)."""
        return translator(language).gettext(self.label)

    def help_in(self, language: str | None = None) -> str:
        """The help text in ``language`` (default: the chosen one, else English)."""
        return translator(language).gettext(self.help)

    def log_text(self, value: Any) -> str:
        """A value as a log keeps it, in no language, read back by :meth:`parse`:
        ``"True"``, ``"leader"``, ``"ask"``, ``"none"``, ``"S=1/2,H=1/3,C=1/4,D=1/5"``."""
        kind = self.kind
        if kind == "shares":
            return ",".join(f"{s}={f}" for s, f in AceShares(value).items())
        if kind == "function":
            return "none" if value is None else function_name(value)
        if value is None:
            return _NAMES.get(None, "none") if kind == "choice" else "none"
        return str(value)

    def to_data(self, value: Any) -> Any:
        """A value as JSON-safe data (shares as text such as ``"1/3"``, a function by name)."""
        if self.kind == "shares":
            return {s: str(f) for s, f in AceShares(value).items()}
        if self.kind == "function":
            return None if value is None else function_name(value)
        return value

    # ------------------------------------------------------------------ controls

    @property
    def flag(self) -> str:
        """Its command-line flag: ``--rob-target``."""
        return "--" + self.name.replace("_", "-")

    @property
    def control(self) -> str:
        """The editor's control: ``"bool"``, ``"choice"`` (a select), ``"text"`` (typed),
        ``"shares"`` or ``"function"`` (shown, can be removed)."""
        if self.kind in ("bool", "shares", "function"):
            return self.kind
        if self.kind == "count" and self.high - self.low + 1 > SELECT_UP_TO:
            return "text"
        return "choice"

    def choices_for(self, players: int) -> tuple | None:
        """Every value a select offers (``players``: the seats, for a ``"seat"``); None when
        the values are not a short list."""
        if self.control != "choice":
            return None
        if self.kind == "choice":
            return self.choices
        if self.kind == "seat":
            return (*self.choices, *range(players))
        numbers = tuple(range(self.low, self.high + 1))
        return (*numbers, None) if self.kind == "limit" else numbers

    def is_fast(self, value: Any) -> bool:
        """Does the fast simulator play this value of the option?"""
        if self.fast == ALL or (self.kind == "seat" and not isinstance(value, str)):
            return True
        return _is_one_of(value, self.fast)


def _is_one_of(value: Any, values: tuple) -> bool:
    """``value`` is one of ``values`` and of the same kind (True is not the seat 1)."""
    try:
        return any(value == v and isinstance(value, bool) == isinstance(v, bool) for v in values)
    except TypeError:  # an unhashable or uncomparable value
        return False


def _whole(value: Any, name: str, low: int, high: int | None) -> int:
    """A whole number (NumPy's integers too) in [low, high], as an ``int``."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        if isinstance(value, str) and not value.strip():
            raise RulesError("{option} is empty: write a whole number.", option=name)
        raise RulesError(
            "{option} must be a whole number, not {value}.", option=name, value=quote(value)
        )
    value = int(value)
    if high is None and value < low:
        raise RulesError(
            "{option} must be at least {low}, not {value}.",
            option=name,
            low=low,
            value=quote(value),
        )
    if value < low or (high is not None and value > high):
        raise RulesError(
            "{option} must be between {low} and {high}, not {value}.",
            option=name,
            low=low,
            high=high,
            value=quote(value),
        )
    return value


# How a named value is typed on a command line when its repr is no word (None).
_NAMES = {None: "ask"}

#: The largest cap on turns (R14a): far beyond any real game, small enough to print.
MAX_TURNS = 10**9


def _same_suit_or_higher(card, below) -> bool:
    """A sample house rule for R5 (tests play it): same suit or at least as high."""
    return card.is_ace or below.is_ace or card.suit == below.suit or card.rank >= below.rank


def _one_card(ace, bank) -> int:
    """A sample house rule for R9 (tests play it): every ace robs one card, if there is one."""
    return min(1, sum(not c.is_ace for c in bank))


#: Every option, in the order of the fields of ``Rules`` (RULES.md §2).
OPTIONS = (
    Option(
        "players",
        "R1",
        "count",
        3,
        N_("Players"),
        N_("Seats at the table (2–8). Changing it starts a new game."),
        structural=True,
        low=2,
        high=8,
        samples=(2, 5, 8),
    ),
    Option(
        "decks",
        "R2",
        "count",
        1,
        N_("Decks"),
        N_("52-card decks shuffled together (1–4). Changing it starts a new game."),
        structural=True,
        low=1,
        high=4,
        samples=(2, 4),
    ),
    Option(
        "first_player",
        "R3",
        "seat",
        "random",
        N_("Who gets the first card"),
        N_("By lot, by the first card's suit (♠ seat 0, ♥ 1, ♣ 2, ♦ 3), or a seat."),
        choices=("random", "suit"),
        words={"random": N_("by lot"), "suit": N_("by the first card's suit")},
        fast=("random", "suit"),
        samples=(1, "suit"),
    ),
    Option(
        "equal_accepted",
        "R5",
        "bool",
        True,
        N_("An equal card is accepted"),
        N_("Off: a card must be strictly higher than the one below it."),
        samples=(False,),
    ),
    Option(
        "bank_ends_turn",
        "R8",
        "bool",
        True,
        N_("Banking ends the turn"),
        N_("Off: after banking, the same player starts a new pile."),
        samples=(False,),
    ),
    Option(
        "ace_shares",
        "R9",
        "shares",
        DEFAULT_SHARES,
        N_("The share of the victim's cards each ace robs"),
        N_(
            "Non-ace cards, rounded down; each share from 0 to 1, as a fraction (1/3) or a decimal."
        ),
        samples=(
            {"S": 1, "H": "2/3", "C": "1/2", "D": "1/3"},
            {"S": 0, "D": "9/10"},
            {"S": 1, "H": 1},
        ),
    ),
    Option(
        "rob_target",
        "R9",
        "choice",
        "previous",
        N_("Whom an ace robs"),
        N_("The player before, the next player, or the leader (most cards that can be robbed)."),
        choices=("previous", "next", "leader"),
        words={
            "previous": N_("the player before"),
            "next": N_("the next player"),
            "leader": N_("the leader"),
        },
        fast=("previous", "next", "leader"),
        samples=("next", "leader"),
    ),
    Option(
        "loot_to",
        "R9",
        "choice",
        "bank",
        N_("Where the loot goes"),
        N_("The robber's bank (safe), or the pile under the ace (at risk until banked)."),
        choices=("bank", "pile"),
        words={"bank": N_("the robber's bank"), "pile": N_("the pile, under the ace")},
        fast=("bank", "pile"),
        samples=("pile",),
    ),
    Option(
        "auto_aces",
        "R11",
        "choice",
        None,
        N_("Aces when a pile is banked"),
        N_("Ask the player each time, or keep or list them automatically."),
        choices=(None, "keep", "list"),
        words={
            None: N_("ask the player"),
            "keep": N_("keep (list the excess)"),
            "list": N_("list them all"),
        },
        fast=(None, "keep", "list"),
        samples=("keep", "list"),
    ),
    Option(
        "max_bank_aces",
        "R12",
        "limit",
        2,
        N_("The most aces a bank may hold"),
        N_("Banking past the limit lists the excess back into the deck."),
        low=0,
        high=8,
        words={None: N_("no limit")},
        samples=(0, 1, None),
    ),
    Option(
        "max_turns",
        "R14a",
        "count",
        10_000,
        N_("Turn cap"),
        N_("The game ends after this many turns; cards still in play then score nothing."),
        low=1,
        high=MAX_TURNS,
        samples=(3, 24),
    ),
    Option(
        "auto_bank_at_end",
        "R14",
        "bool",
        True,
        N_("Bank the last pile by itself"),
        N_("When the deck runs out, the last pile is banked without a click."),
        samples=(False,),
    ),
    Option(
        "accept_rule",
        "R5",
        "function",
        None,
        N_("House rule for accepting a card"),
        N_("A Python function set from code (replaces R5); it can be removed here."),
        samples=(_same_suit_or_higher,),
    ),
    Option(
        "loot_rule",
        "R9",
        "function",
        None,
        N_("House rule for the loot"),
        N_("A Python function set from code (replaces R9's shares); it can be removed here."),
        # A loot rule reads whole banks, which the fast simulator does not keep (only counts).
        fast=(None,),
        samples=(_one_card,),
    ),
)

#: Each option by name.
OPTION = {option.name: option for option in OPTIONS}
# A RulesError names an option by its label when told to a person.
OPTION_LABELS.update({option.name: option.label for option in OPTIONS})
NAMES = tuple(OPTION)
#: The options that change the deck or the seats: they cannot change during a game.
STRUCTURAL = tuple(o.name for o in OPTIONS if o.structural)
#: The options that are Python functions (they cannot be saved to JSON).
CUSTOM_RULES = tuple(o.name for o in OPTIONS if o.kind == "function")


def fast_unsupported_option(rules) -> str | None:
    """Why the fast simulator cannot play these rules (the first option whose value it does
    not play, by :attr:`Option.fast`), or ``None``."""
    for option in OPTIONS:
        value = getattr(rules, option.name)
        if not option.is_fast(value):
            shown = option.say(value)
            return f"it does not play {option.name} = {shown} ({option.rule}: {option.label})"
    return None


def markdown_table() -> str:
    """The options as a Markdown table, for the documentation (a test keeps its copy fresh)."""
    rows = [
        "| option | rule | values | default | live or structural | fast simulator | what it does |",
        "|---|---|---|---|---|---|---|",
    ]
    for o in OPTIONS:
        rows.append(
            f"| `{o.name}` | {o.rule} | {_values_text(o)} | {_default_text(o)} | "
            f"{'structural (a new game)' if o.structural else 'live'} | {_fast_text(o)} | "
            f"{o.label}. {o.help} |"
        )
    return "\n".join(rows)


def _values_text(o: Option) -> str:
    if o.kind == "count":
        return f"{o.low}–{o.high:,}"
    if o.kind == "bool":
        return "`True`, `False`"
    if o.kind == "choice":
        return ", ".join(f"`{c!r}`" for c in o.choices)
    if o.kind == "seat":
        return ", ".join(f"`{c!r}`" for c in o.choices) + ", a seat"
    if o.kind == "limit":
        return f"{o.low}–{o.high}, `None`"
    if o.kind == "shares":
        return f"a fraction 0–1 per suit (denominator ≤ {MAX_SHARE_DENOMINATOR:,})"
    return "a Python function, `None`"


def _default_text(o: Option) -> str:
    if o.kind == "shares":
        return o.say(o.default)
    return f"`{o.default!r}`"


def _fast_text(o: Option) -> str:
    if o.fast == ALL:
        return "every value"
    listed = ", ".join(f"`{v!r}`" for v in o.fast)
    return listed + ", every seat" if o.kind == "seat" else listed
