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

The browser sees one synced trait, ``form`` (every option's name, rule number, label, help,
kind, choices and value, the errors beside the controls and a status line), and sends one kind
of message, with the version of the form it was made on. The words are the reader's language
only; the option's Python ``name`` (for a teacher who writes ``Rules(...)``) is a field of its
own, which the page shows as code apart from them::

    {"intent": "set", "version": 4, "option": "equal_accepted", "value": false}
    {"intent": "set", "version": 4, "option": "ace_shares", "suit": "S", "value": "1/3"}

Python checks each message: a malformed one (an unknown field or option, a value of the wrong
type, a choice that is not offered) or a stale one (made before the rules were changed
elsewhere: from code, another editor or a new game) changes nothing and gets a polite
``notice`` in the editor. The editor follows rule changes made elsewhere: at once for a widget,
at the next message or :meth:`RulesEditor.refresh` for a bare game.

It speaks English, bokmål and nynorsk (:class:`~borsen_widget.jupyter.language.Speaking`):
``RulesEditor(w, language="nn")``, else the language of a widget that chose one, else
:func:`borsen_widget.set_language`'s, else the page's. Every label, help text, choice, status
line, notice and error is a message of the catalogues; the engine's :class:`RulesError` is told
in that language (:meth:`RulesError.say`), while ``str(error)`` stays English for programmers.
Changing the language redraws the words and keeps the rules and what was refused.

Imports: anywidget, traitlets and the standard library only (the editor runs in JupyterLite).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import anywidget
import traitlets

from ..classroom.assets import STATIC
from ..classroom.wire import BadMessage, check_envelope, request_id
from ..engine.cards import SUIT_SYMBOLS, SUITS
from ..engine.errors import RulesError, describe_error, quote
from ..engine.game import Game
from ..engine.options import OPTION, OPTIONS, STRUCTURAL, Option
from ..engine.rules import Rules
from ..i18n import N_, Translator
from .language import Speaking
from .protocol import PythonOwnsState, notice

__all__ = ["OPTIONS", "Option", "RulesEditor"]


#: The longest text the browser may send for a typed value (a share, the turn cap).
MAX_TEXT = 40
#: A message's fields (``id``: the request's own name, as in :mod:`.protocol`).
FIELDS = ("intent", "version", "option", "suit", "value", "id")
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
# A whole number with its thousands set apart the Norwegian way: "10 000".
_GROUPED_NUMBER = re.compile(r"[+-]?[0-9]{1,3}(?:[ \u00a0\u202f][0-9]{3})+")


def _choices(option: Option, rules: Rules, language: str = "en") -> list[dict] | None:
    """The values a select offers (JSON-safe), each with its words; None: not a select."""
    values = option.choices_for(rules.players)
    if values is None:
        return None
    return [{"value": value, "label": option.say(value, language)} for value in values]


def _value(option: Option, rules: Rules):
    """The option's value as the browser shows it (JSON-safe)."""
    value = option.to_data(getattr(rules, option.name))
    return str(value) if option.control == "text" else value


def _same(a, b) -> bool:
    """Equal and of the same kind: JSON's true is not the seat 1, nor 0 the value false."""
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def tell(error: BaseException, tr: Translator) -> str:
    """What a person reads for ``error`` in ``tr``'s language: a :class:`RulesError` or a
    :class:`BadMessage` as a sentence of the catalogues (an ``option`` named by its quoted
    label); anything else (a house rule's own ``ValueError``) as it says itself."""
    if isinstance(error, RulesError):
        return error.say(tr.language)
    if isinstance(error, BadMessage):
        values = dict(error.values)
        name = values.get("option")
        if isinstance(name, str) and name in OPTION:
            label = tr.gettext(OPTION[name].label)
            values["option"] = tr.pgettext("option label", "“{label}”", label=label)
        return BadMessage(error.message, **values).say(tr.language)
    return str(error)


class RulesEditor(PythonOwnsState, Speaking, anywidget.AnyWidget):
    """Edit the rules of a running game, one control per option with its rule number
    (RULES.md §2): ``RulesEditor(w)`` for a :class:`BorsenWidget`, ``RulesEditor(game)`` for a
    bare :class:`Game`. Invalid values show the engine's message and change nothing.

    ``language``: ``"en"``, ``"nb"``, ``"nn"`` (or any tag naming one); ``None`` speaks the
    language the widget edited chose, else follows the notebook's, then the page's.

    Only Python sets the synced state (a page sends changes as messages; see
    :class:`~borsen_widget.jupyter.protocol.PythonOwnsState`)."""

    _esm = STATIC / "editor.js"
    _css = STATIC / "editor.css"

    #: What the browser shows: ``{"version", "options": [...], "errors": {field: text},
    #: "status": text}``; ``version`` rises when the rules change elsewhere.
    form = traitlets.Dict().tag(sync=True)
    #: The last polite notice: ``{"id": n, "text": "...", "level": "warning" | "info"}``.
    notice = traitlets.Dict().tag(sync=True)

    def __init__(self, target, *, language=None, **kwargs):
        if not isinstance(target, Game) and not isinstance(getattr(target, "rules", None), Rules):
            raise ValueError(
                "RulesEditor edits a BorsenWidget or a Game (anything with rules), "
                f"not {type(target).__name__}"
            )
        if language is None and isinstance(target, Speaking):
            language = getattr(target, "_own_language", None)  # the widget's own choice
        self._target = target
        self._version = 0
        self._notice_id = 0
        # What is shown, kept as sources so that a change of language tells them again: the
        # refused values' errors by field, the status line, the last notice.
        self._errors: dict[str, BaseException] = {}
        self._status: Callable[[Translator], str] | None = None
        self._told: tuple[BaseException | None, str, object] = (None, "info", None)
        self._applying = False
        self._shown: Rules = target.rules
        super().__init__(**kwargs)
        self.init_language(language)
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
        ``"ace_shares.S"``): the engine's messages for values that were refused, in the
        language spoken."""
        tr = self.tr
        return {field: tell(error, tr) for field, error in self._errors.items()}

    @property
    def status(self) -> str:
        """The editor's status line (what the last accepted change did), in the language
        spoken."""
        return self._status(self.tr) if self._status else ""

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

    def language_changed(self) -> None:
        """Tell the form, the errors, the status and the last notice again in the new
        language (the rules and what was refused stay)."""
        with self.hold_sync():
            self._publish()
            error, level, request = self._told
            if error is not None:
                self.notice = notice(
                    tell(error, self.tr), level, number=self._notice_id, request=request
                )

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
        self._status = lambda tr: tr.gettext(
            "The rules were changed elsewhere; these are the rules in force."
        )
        self._publish()

    def _on_msg(self, _widget, content, _buffers) -> None:
        with self.hold_sync():
            request = request_id(content)
            try:
                if self.heard_language(content):
                    return
                name, suit, value = self._read_message(content)
                self._attempt(name, suit, value)
            except BadMessage as error:
                self._notify(error, request=request)
            except Exception as error:  # a safety net: a change must never break the editor
                self.log.warning("borsen_widget: a rules change failed", exc_info=True)
                failed = BadMessage(
                    "That did not work ({error}); nothing changed.",
                    error=describe_error(error, 200),
                )
                self._notify(failed, request=request)
                self.refresh()  # show whatever is in force now

    def _read_message(self, content) -> tuple[str, str | None, object]:
        """Check a message's shape, sizes, version and value: (option, suit, value), or raise
        BadMessage with a polite text (quoting at most a short excerpt of what was sent)."""
        check_envelope(content, FIELDS, N_("the editor"))
        if content.get("intent") != "set":
            raise BadMessage(
                "Unknown request {intent} from the editor; nothing changed.",
                intent=quote(content.get("intent"), 30),
            )
        version = content.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise BadMessage(
                "A message from the editor did not say which form it was made on; nothing changed."
            )
        name = content.get("option")
        if not isinstance(name, str) or name not in OPTION:
            raise BadMessage(
                "There is no rule option {name}; nothing changed.", name=quote(name, 30)
            )
        option = OPTION[name]
        if version > self._version:
            raise BadMessage(
                "A message from the editor named a form that does not exist yet; nothing changed."
            )
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
                raise BadMessage(
                    "A share is for one ace (S, H, C or D), not {suit}; nothing changed.",
                    suit=quote(suit, 12),
                )
        elif "suit" in content:
            raise BadMessage(
                "Only the aces' shares name a suit, not {option}; nothing changed.", option=name
            )
        if "value" not in content:
            raise BadMessage(
                "A change of {option} came without a value; nothing changed.", option=name
            )
        value = content["value"]
        if kind in ("shares", "text"):
            if not isinstance(value, str) or len(value) > MAX_TEXT:
                raise BadMessage(
                    "{option} takes text of at most {count} characters; nothing changed.",
                    option=name,
                    count=MAX_TEXT,
                )
        elif kind == "bool":
            if not isinstance(value, bool):
                raise BadMessage(
                    "{option} is on or off (true or false); nothing changed.", option=name
                )
        elif kind == "function":
            if value is not None:
                raise BadMessage(
                    "{option} is a Python function: set it from code; here it can only be "
                    "removed. Nothing changed.",
                    option=name,
                )
        elif not any(_same(value, c["value"]) for c in _choices(option, self.rules)):
            raise BadMessage(
                "{value} is not one of the choices for {option}; nothing changed.",
                value=quote(value, 30),
                option=name,
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
            self._errors[field] = problem
            self._publish()
            return
        self._errors.pop(field, None)
        self._shown = self.rules
        self._status = _status(name, suit, before, rules)
        self._publish()
        if self.notice.get("text"):  # a good change clears the last notice
            self._notify(None, "info")

    @staticmethod
    def _make(rules: Rules, name: str, suit: str | None, value) -> Rules:
        if suit is not None:
            return rules.replace(ace_shares={**rules.ace_shares, suit: value.strip()})
        if OPTION[name].control == "text":
            text = value.strip()
            if _GROUPED_NUMBER.fullmatch(text):  # "10 000", as Norwegians write it
                text = re.sub(r"\s", "", text)
            # A whole number becomes an int; anything else goes to the engine as typed, so
            # its message quotes what was typed.
            value = int(text) if _WHOLE_NUMBER.fullmatch(text) else value
        return rules.replace(**{name: value})

    def _apply(self, rules: Rules) -> None:
        if isinstance(self._target, Game):
            # Players and decks cannot change during a game (R1, R2): a bare game refuses.
            old = self._target.rules
            for name in STRUCTURAL:
                if getattr(rules, name) != getattr(old, name):
                    raise RulesError(
                        "{option} cannot change during a game (it is {old}): start a new game "
                        "to play with {new}.",
                        option=name,
                        old=getattr(old, name),
                        new=getattr(rules, name),
                    )
            self._target.set_rules(rules)
        else:
            self._target.rules = rules

    # ------------------------------------------------------------------ the browser

    def _publish(self) -> None:
        rules = self._shown
        tr = self.tr
        options = []
        for option in OPTIONS:
            data = {
                "name": option.name,
                "rule": option.rule,
                "label": tr.gettext(option.label),
                "help": tr.gettext(option.help),
                "kind": option.control,
                "value": _value(option, rules),
            }
            choices = _choices(option, rules, tr.language)
            if choices is not None:
                data["choices"] = choices
            if option.name == "ace_shares":
                data["suits"] = [
                    {"suit": s, "label": f"A{SUIT_SYMBOLS[i]}", "name": tr.card_name(14, s)}
                    for i, s in enumerate(SUITS)
                ]
            options.append(data)
        self.form = {
            "version": self._version,
            "options": options,
            "errors": self.errors,
            "status": self.status,
        }

    def _notify(self, error: BaseException | None, level: str = "warning", request=None) -> None:
        self._notice_id += 1
        self._told = (error, level, request)
        text = "" if error is None else tell(error, self.tr)
        self.notice = notice(text, level, number=self._notice_id, request=request)


def _status(name: str, suit: str | None, before: Rules, after: Rules):
    """The status line after a change (a function of the translator: it is told again when
    the language changes); ``None`` when nothing changed."""
    option = OPTION[name]
    if suit is not None:
        old, new = before.ace_shares[suit], after.ace_shares[suit]
        if old == new:
            return None
        symbol = SUIT_SYMBOLS[SUITS.index(suit)]
        return lambda tr: tr.gettext(
            "{rule} {option}: the ace of {suit} robs {share} (was {old}).",
            rule=option.rule,
            option=tr.gettext(option.label),
            suit=symbol,
            share=new,
            old=old,
        )
    old, new = getattr(before, name), getattr(after, name)
    if old == new:
        return None
    return lambda tr: tr.gettext(
        "{rule} {option}: {value} (was {old}).",
        rule=option.rule,
        option=tr.gettext(option.label),
        value=option.say(new, tr.language),
        old=option.say(old, tr.language),
    )
