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

import anywidget
import traitlets

from ..engine.cards import SUIT_SYMBOLS, SUITS
from ..engine.errors import quote
from ..engine.game import Game
from ..engine.options import OPTION, OPTIONS, Option
from ..engine.rules import Rules
from .protocol import BadMessage, PythonOwnsState, check_envelope, notice, request_id

__all__ = ["OPTIONS", "Option", "RulesEditor"]

STATIC = pathlib.Path(__file__).parent / "static"

#: The longest text the browser may send for a typed value (a share, the turn cap).
MAX_TEXT = 40
#: A message's fields (``id``: the request's own name, as in :mod:`.protocol`).
FIELDS = ("intent", "version", "option", "suit", "value", "id")
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


def _choices(option: Option, rules: Rules) -> list[dict] | None:
    """The values a select offers (JSON-safe), each with its words; None: not a select."""
    values = option.choices_for(rules.players)
    if values is None:
        return None
    return [{"value": value, "label": option.say(value)} for value in values]


def _value(option: Option, rules: Rules):
    """The option's value as the browser shows it (JSON-safe)."""
    value = option.to_data(getattr(rules, option.name))
    return str(value) if option.control == "text" else value


def _same(a, b) -> bool:
    """Equal and of the same kind: JSON's true is not the seat 1, nor 0 the value false."""
    return a == b and isinstance(a, bool) == isinstance(b, bool)


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
        if not isinstance(name, str) or name not in OPTION:
            raise BadMessage(f"There is no rule option {quote(name, 30)}; nothing changed.")
        option = OPTION[name]
        if version > self._version:
            raise BadMessage("A message from the editor named a form that does not exist yet.")
        if self.rules != self._shown:  # a bare game's rules changed from code since
            self._show_rules_changed_elsewhere()
        if version < self._version:
            raise BadMessage(
                "The rules were changed elsewhere before that change arrived, so it was "
                "ignored. The editor now shows the rules in force: have a look, then try again."
            )
        kind = option.control
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
        elif not any(_same(value, c["value"]) for c in _choices(option, self.rules)):
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
        option = OPTION[name]
        if suit is not None:
            symbol = SUIT_SYMBOLS[SUITS.index(suit)]
            old, new = before.ace_shares[suit], rules.ace_shares[suit]
            what = f"the ace of {symbol} robs {new} (was {old})"
        else:
            old, new = getattr(before, name), getattr(rules, name)
            what = f"{option.say(new)} (was {option.say(old)})"
        self._status = f"{option.rule} {option.label}: {what}." if old != new else ""
        self._publish()
        if self.notice.get("text"):  # a good change clears the last notice
            self._notify("", "info")

    @staticmethod
    def _make(rules: Rules, name: str, suit: str | None, value) -> Rules:
        if suit is not None:
            return rules.replace(ace_shares={**rules.ace_shares, suit: value.strip()})
        if OPTION[name].control == "text":
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
                "kind": option.control,
                "value": _value(option, rules),
            }
            choices = _choices(option, rules)
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
