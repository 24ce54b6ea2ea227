"""The rules editor: one control per ``Rules`` option, with its rule number, validated as you
type (RULES.md §2).

``RulesEditor(w)`` (or ``w.rules_editor()``) edits the rules of a
:class:`~borsen_widget.jupyter.widget.BorsenWidget`; ``RulesEditor(game)`` edits a bare
:class:`~borsen_widget.engine.game.Game` through ``Game.set_rules`` (anything else with a
``rules`` attribute that can be read and set works too). It is an ``anywidget.AnyWidget``, so it
shows wherever the game does: JupyterLab, Notebook 7, Voilà, JupyterLite and marimo.

Every change builds a new :class:`~borsen_widget.engine.rules.Rules`: a value that does not make
valid rules (a share of 1.5, a seat that does not exist) shows the engine's own message beside
its control and changes nothing. Changing ``players`` or ``decks`` of a widget starts a new game
(the widget says so); a bare game refuses it (R1, R2: they cannot change during a game).

The browser sees one synced trait, ``form`` (every option's rule number, label, help, kind,
choices and value, the errors beside the controls and a status line), and sends one kind of
message, with the version of the form it was made on::

    {"intent": "set", "version": 4, "option": "equal_accepted", "value": false}
    {"intent": "set", "version": 4, "option": "ace_shares", "suit": "S", "value": "1/3"}

Python checks each message: a malformed one (an unknown field or option, a value of the wrong
type, a choice that is not offered) or a stale one (made before the rules were changed
elsewhere: from code, another editor or a new game) changes nothing and gets a polite
``notice`` in the editor. The editor follows rule changes made elsewhere: at once for a widget,
at the next message or :meth:`RulesEditor.refresh` for a bare game.

Imports: anywidget, traitlets and the standard library only (the editor runs in JupyterLite).
"""

from __future__ import annotations

import pathlib
import re
from typing import NamedTuple

import anywidget
import traitlets

from ..engine.cards import SUIT_SYMBOLS, SUITS
from ..engine.errors import quote
from ..engine.game import Game
from ..engine.rules import (
    AUTO_ACES,
    LOOT_DESTINATIONS,
    MAX_ACE_LIMIT,
    MAX_DECKS,
    MAX_PLAYERS,
    ROB_TARGETS,
    Rules,
    function_name,
)
from .protocol import BadMessage, PythonOwnsState, check_envelope, notice, request_id

__all__ = ["OPTIONS", "Option", "RulesEditor"]

STATIC = pathlib.Path(__file__).parent / "static"


class Option(NamedTuple):
    """One control of the editor: a ``Rules`` option, its rule, a label and a one-line help."""

    name: str
    rule: str
    label: str
    help: str


# In the order of the Rules fields (RULES.md §2).
OPTIONS = (
    Option("players", "R1", "Players", "Seats at the table (2–8). Changing it starts a new game."),
    Option(
        "decks",
        "R2",
        "Decks",
        "52-card decks shuffled together (1–4). Changing it starts a new game.",
    ),
    Option(
        "first_player",
        "R3",
        "Who gets the first card",
        "By lot, by the first card's suit (♠ seat 0, ♥ 1, ♣ 2, ♦ 3), or a seat.",
    ),
    Option(
        "equal_accepted",
        "R5",
        "An equal card is accepted",
        "Off: a card must be strictly higher than the one below it.",
    ),
    Option(
        "bank_ends_turn",
        "R8",
        "Banking ends the turn",
        "Off: after banking, the same player starts a new pile.",
    ),
    Option(
        "ace_shares",
        "R9",
        "The share of the victim's cards each ace robs",
        "Non-ace cards, rounded down; each share from 0 to 1, as a fraction (1/3) or a decimal.",
    ),
    Option(
        "rob_target",
        "R9",
        "Whom an ace robs",
        "The player before, the next player, or the leader (most cards that can be robbed).",
    ),
    Option(
        "loot_to",
        "R9",
        "Where the loot goes",
        "The robber's bank (safe), or the pile under the ace (at risk until banked).",
    ),
    Option(
        "auto_aces",
        "R11",
        "Aces when a pile is banked",
        "Ask the player each time, or keep or list them automatically.",
    ),
    Option(
        "max_bank_aces",
        "R12",
        "The most aces a bank may hold",
        "Banking past the limit lists the excess back into the deck.",
    ),
    Option(
        "max_turns",
        "R14a",
        "Turn cap",
        "The game ends after this many turns; cards still in play then score nothing.",
    ),
    Option(
        "auto_bank_at_end",
        "R14",
        "Bank the last pile by itself",
        "When the deck runs out, the last pile is banked without a click.",
    ),
    Option(
        "accept_rule",
        "R5",
        "House rule for accepting a card",
        "A Python function set from code (replaces R5); it can be removed here.",
    ),
    Option(
        "loot_rule",
        "R9",
        "House rule for the loot",
        "A Python function set from code (replaces R9's shares); it can be removed here.",
    ),
)
_BY_NAME = {option.name: option for option in OPTIONS}

BOOLS = ("equal_accepted", "bank_ends_turn", "auto_bank_at_end")
TEXTS = ("max_turns",)
FUNCTIONS = ("accept_rule", "loot_rule")
#: The longest text the browser may send for a typed value (a share, the turn cap).
MAX_TEXT = 40
#: A message's fields (``id``: the request's own name, as in :mod:`.protocol`).
FIELDS = ("intent", "version", "option", "suit", "value", "id")
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")

_WORDS = {
    "rob_target": {
        "previous": "the player before",
        "next": "the next player",
        "leader": "the leader",
    },
    "loot_to": {"bank": "the robber's bank", "pile": "the pile, under the ace"},
    "auto_aces": {
        None: "ask the player",
        "keep": "keep (list the excess)",
        "list": "list them all",
    },
}


def _choices(name: str, rules: Rules) -> list[dict] | None:
    """The values a select offers (JSON-safe), each with its words; None: not a select."""
    if name == "players":
        return [{"value": n, "label": str(n)} for n in range(2, MAX_PLAYERS + 1)]
    if name == "decks":
        return [{"value": n, "label": str(n)} for n in range(1, MAX_DECKS + 1)]
    if name == "first_player":
        seats = [{"value": s, "label": f"seat {s}"} for s in range(rules.players)]
        return [
            {"value": "random", "label": "by lot"},
            {"value": "suit", "label": "by the first card's suit"},
            *seats,
        ]
    if name == "max_bank_aces":
        limits = [{"value": n, "label": str(n)} for n in range(MAX_ACE_LIMIT + 1)]
        return [*limits, {"value": None, "label": "no limit"}]
    if name in _WORDS:
        values = {"rob_target": ROB_TARGETS, "loot_to": LOOT_DESTINATIONS}.get(name, AUTO_ACES)
        return [{"value": v, "label": _WORDS[name][v]} for v in values]
    return None


def _kind(name: str) -> str:
    if name in BOOLS:
        return "bool"
    if name in TEXTS:
        return "text"
    if name in FUNCTIONS:
        return "function"
    if name == "ace_shares":
        return "shares"
    return "choice"


def _value(name: str, rules: Rules):
    """The option's value as the browser shows it (JSON-safe)."""
    value = getattr(rules, name)
    if name == "ace_shares":
        return {suit: str(share) for suit, share in value.items()}
    if name in TEXTS:
        return str(value)
    if name in FUNCTIONS:
        return None if value is None else function_name(value)
    return value


def _same(a, b) -> bool:
    """Equal and of the same kind: JSON's true is not the seat 1, nor 0 the value false."""
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def _words(name: str, value) -> str:
    """An option's value in the words the editor shows (for the status line)."""
    if name in FUNCTIONS:
        return "none" if value is None else function_name(value)
    if name == "max_bank_aces" and value is None:
        return "no limit"
    if name == "first_player":
        return {"random": "by lot", "suit": "by the first card's suit"}.get(value, f"seat {value}")
    if name in _WORDS:
        return _WORDS[name][value]
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


class RulesEditor(PythonOwnsState, anywidget.AnyWidget):
    """Edit the rules of a running game, one control per option with its rule number
    (RULES.md §2): ``RulesEditor(w)`` for a :class:`BorsenWidget`, ``RulesEditor(game)`` for a
    bare :class:`Game`. Invalid values show the engine's message and change nothing.

    Only Python sets the synced state (a page sends changes as messages; see
    :class:`~borsen_widget.jupyter.protocol.PythonOwnsState`)."""

    _esm = STATIC / "editor.js"
    _css = STATIC / "editor.css"

    #: What the browser shows: ``{"version", "options": [...], "errors": {field: text},
    #: "status": text}``; ``version`` rises when the rules change elsewhere.
    form = traitlets.Dict().tag(sync=True)
    #: The last polite notice: ``{"id": n, "text": "...", "level": "warning" | "info"}``.
    notice = traitlets.Dict().tag(sync=True)

    def __init__(self, target, **kwargs):
        if not isinstance(target, Game) and not isinstance(getattr(target, "rules", None), Rules):
            raise ValueError(
                "RulesEditor edits a BorsenWidget or a Game (anything with rules), "
                f"not {type(target).__name__}"
            )
        self._target = target
        self._version = 0
        self._notice_id = 0
        self._errors: dict[str, str] = {}
        self._status = ""
        self._applying = False
        self._shown: Rules = target.rules
        super().__init__(**kwargs)
        self.add_class("borsen-rules-editor")
        self.notice = notice("", "info", number=0)
        self._publish()
        self.on_msg(self._on_msg)
        self._follows = hasattr(target, "trait_names") and "view" in target.trait_names()
        if self._follows:
            # A widget: follow rule changes made elsewhere (code, another editor, new game).
            target.observe(self._on_view, names="view")

    # ------------------------------------------------------------------ reading

    @property
    def rules(self) -> Rules:
        """The rules in force on the target."""
        return self._target.rules

    @property
    def target(self):
        """The widget or game whose rules this editor changes."""
        return self._target

    @property
    def errors(self) -> dict[str, str]:
        """The errors shown beside the controls, by field (``"max_turns"``,
        ``"ace_shares.S"``): the engine's messages for values that were refused."""
        return dict(self._errors)

    @property
    def status(self) -> str:
        """The editor's status line (what the last accepted change did)."""
        return self._status

    def refresh(self) -> None:
        """Show the target's rules in force (after changing a bare game's rules from code;
        a widget's editor follows by itself). Values typed but refused are dropped."""
        if self.rules != self._shown:
            self._show_rules_changed_elsewhere()
        else:
            self._publish()

    def close(self) -> None:
        if getattr(self, "_follows", False):
            self._follows = False
            self._target.unobserve(self._on_view, names="view")
        super().close()

    # ------------------------------------------------------------------ changing

    def _on_view(self, _change) -> None:
        # Only when the rules changed, and not by this editor: a move must not overwrite what
        # someone is typing.
        if not self._applying and self.rules != self._shown:
            self._show_rules_changed_elsewhere()

    def _show_rules_changed_elsewhere(self) -> None:
        self._shown = self.rules
        self._version += 1  # messages made on the old form are now stale
        self._errors = {}
        self._status = "The rules were changed elsewhere; these are the rules in force."
        self._publish()

    def _on_msg(self, _widget, content, _buffers) -> None:
        with self.hold_sync():
            request = request_id(content)
            try:
                name, suit, value = self._read_message(content)
                self._attempt(name, suit, value)
            except BadMessage as error:
                self._notify(str(error), request=request)
            except Exception as error:  # a safety net: a change must never break the editor
                self.log.warning("borsen_widget: a rules change failed", exc_info=True)
                why = quote(str(error), 200)[1:-1]
                self._notify(f"That did not work ({type(error).__name__}: {why}).", request=request)
                self.refresh()  # show whatever is in force now

    def _read_message(self, content) -> tuple[str, str | None, object]:
        """Check a message's shape, sizes, version and value: (option, suit, value), or raise
        BadMessage with a polite text (quoting at most a short excerpt of what was sent)."""
        check_envelope(content, FIELDS, "the editor")
        if content.get("intent") != "set":
            raise BadMessage(
                f"Unknown request {quote(content.get('intent'), 30)} from the editor; "
                "nothing changed."
            )
        version = content.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise BadMessage(
                "A message from the editor did not say which form it was made on; nothing changed."
            )
        name = content.get("option")
        if not isinstance(name, str) or name not in _BY_NAME:
            raise BadMessage(f"There is no rule option {quote(name, 30)}; nothing changed.")
        option = _BY_NAME[name]
        if version > self._version:
            raise BadMessage("A message from the editor named a form that does not exist yet.")
        if self.rules != self._shown:  # a bare game's rules changed from code since
            self._show_rules_changed_elsewhere()
        if version < self._version:
            raise BadMessage(
                "The rules were changed elsewhere before that change arrived, so it was "
                "ignored. The editor now shows the rules in force: have a look, then try again."
            )
        kind = _kind(name)
        suit = content.get("suit")
        if kind == "shares":
            if not isinstance(suit, str) or suit not in tuple(SUITS):
                raise BadMessage(f"A share is for one ace (S, H, C or D), not {quote(suit, 12)}.")
        elif "suit" in content:
            raise BadMessage(f"Only the aces' shares name a suit, not {name}; nothing changed.")
        if "value" not in content:
            raise BadMessage(f"A change of {name} came without a value; nothing changed.")
        value = content["value"]
        if kind in ("shares", "text"):
            if not isinstance(value, str) or len(value) > MAX_TEXT:
                raise BadMessage(
                    f"{option.label} takes text of at most {MAX_TEXT} characters; nothing changed."
                )
        elif kind == "bool":
            if not isinstance(value, bool):
                raise BadMessage(f"{option.label} is on or off (true or false); nothing changed.")
        elif kind == "function":
            if value is not None:
                raise BadMessage(
                    f"{option.label} is a Python function: set it from code; here it can only "
                    "be removed. Nothing changed."
                )
        elif not any(_same(value, c["value"]) for c in _choices(name, self.rules)):
            raise BadMessage(
                f"{quote(value, 30)} is not one of the choices for {name}; nothing changed."
            )
        return name, suit, value

    def _attempt(self, name: str, suit: str | None, value) -> None:
        """Build the new rules and apply them; the engine's RulesError shows beside the
        control and changes nothing."""
        field = name if suit is None else f"{name}.{suit}"
        before = self.rules
        try:
            rules = self._make(before, name, suit, value)
            self._applying = True
            try:
                self._apply(rules)
            finally:
                self._applying = False
        except ValueError as problem:  # RulesError, or a ValueError from a house rule
            self._errors[field] = str(problem)
            self._publish()
            return
        self._errors.pop(field, None)
        self._shown = self.rules
        option = _BY_NAME[name]
        if suit is not None:
            symbol = SUIT_SYMBOLS[SUITS.index(suit)]
            old, new = before.ace_shares[suit], rules.ace_shares[suit]
            what = f"the ace of {symbol} robs {new} (was {old})"
        else:
            old, new = getattr(before, name), getattr(rules, name)
            what = f"{_words(name, new)} (was {_words(name, old)})"
        self._status = f"{option.rule} {option.label}: {what}." if old != new else ""
        self._publish()
        if self.notice.get("text"):  # a good change clears the last notice
            self._notify("", "info")

    @staticmethod
    def _make(rules: Rules, name: str, suit: str | None, value) -> Rules:
        if suit is not None:
            return rules.replace(ace_shares={**rules.ace_shares, suit: value.strip()})
        if name in TEXTS:
            text = value.strip()
            # A whole number becomes an int; anything else goes to the engine as typed, so
            # its message quotes what was typed.
            value = int(text) if _WHOLE_NUMBER.fullmatch(text) else value
        return rules.replace(**{name: value})

    def _apply(self, rules: Rules) -> None:
        if isinstance(self._target, Game):
            self._target.set_rules(rules)  # players and decks cannot change: it says so
        else:
            self._target.rules = rules

    # ------------------------------------------------------------------ the browser

    def _publish(self) -> None:
        rules = self._shown
        options = []
        for option in OPTIONS:
            data = {
                "name": option.name,
                "rule": option.rule,
                "label": option.label,
                "help": option.help,
                "kind": _kind(option.name),
                "value": _value(option.name, rules),
            }
            choices = _choices(option.name, rules)
            if choices is not None:
                data["choices"] = choices
            if option.name == "ace_shares":
                data["suits"] = [
                    {"suit": s, "label": f"A{SUIT_SYMBOLS[i]}"} for i, s in enumerate(SUITS)
                ]
            options.append(data)
        self.form = {
            "version": self._version,
            "options": options,
            "errors": dict(self._errors),
            "status": self._status,
        }

    def _notify(self, text: str, level: str = "warning", request=None) -> None:
        self._notice_id += 1
        self.notice = notice(text, level, number=self._notice_id, request=request)
