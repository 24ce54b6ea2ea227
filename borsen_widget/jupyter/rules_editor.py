"""A rules editor made of ipywidgets: one control per ``Rules`` option, validated as you type.

``RulesEditor(w)`` edits the rules of a :class:`~borsen_widget.widget.BorsenWidget` (or of
anything with a ``rules`` attribute that can be read and set, or of a bare
:class:`~borsen_widget.game.Game` through ``set_rules``). Every change is checked by building
the new :class:`~borsen_widget.rules.Rules`; a value that does not make valid rules (a share of
1.5, a seat that does not exist) shows its error beside the control and changes nothing.
"""

from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as widgets

from ..engine.cards import SUIT_SYMBOLS, SUITS
from ..engine.errors import RulesError
from ..engine.game import Game
from ..engine.rules import Rules, function_name

# (option, rule number, one-line explanation), in the order of RULES.md §2.
OPTIONS = (
    ("players", "R1", "Number of seats (2–8). Changing it starts a new game."),
    ("decks", "R2", "Standard 52-card decks shuffled together. Changing it starts a new game."),
    ("first_player", "R3", "Who gets the first card: by lot, by the first card's suit, or a seat."),
    ("equal_accepted", "R5", "An equal rank is accepted (off: the card must be strictly higher)."),
    ("bank_ends_turn", "R8", "Banking passes the turn (off: the same player starts a new pile)."),
    ("ace_shares", "R9", "The share of the victim's non-ace cards each ace robs (0 to 1)."),
    ("rob_target", "R9", "Whom an ace robs: the player before, the next, or the leader."),
    ("loot_to", "R9", "Where the loot goes: the bank (safe) or the pile under the ace (at risk)."),
    ("auto_aces", "R11", "Banked aces: ask the player, keep them, or list them automatically."),
    ("max_bank_aces", "R12", "The most aces a bank may hold."),
    ("max_turns", "R14a", "A cap on turns; cards left in play when it is reached score nothing."),
    ("auto_bank_at_end", "R14", "When the deck runs out, the last pile is banked by itself."),
    ("accept_rule", "R5", "A custom acceptance rule, set from Python code."),
    ("loot_rule", "R9", "A custom robbery rule, set from Python code."),
)
_NO_LIMIT = "no limit"
# JupyterLab's theme colours, so the editor reads in light and dark themes alike.
_HELP_STYLE = "color: var(--jp-ui-font-color2, #616161); font-size: 0.9em"
_ERROR_STYLE = "color: var(--jp-error-color1, #d32f2f); font-weight: 600"


def _share_text(share: Fraction) -> str:
    return str(share)


def _error_html(problem: Exception) -> str:
    text = html.escape(str(problem))
    return f'<span class="borsen-rules-error" role="alert" style="{_ERROR_STYLE}">{text}</span>'


class RulesEditor(widgets.VBox):
    """Edit the rules of a running game, one control per option (RULES.md §2)."""

    def __init__(self, target, **kwargs):
        self._target = target
        self._updating = False
        self._controls: dict[str, widgets.Widget] = {}
        self._errors: dict[str, widgets.HTML] = {}
        self.status = widgets.HTML(layout=widgets.Layout(min_height="1.5em"))
        rows = [widgets.HTML("<b>Rules</b> — each change applies from the next move.")]
        for name, number, help_text in OPTIONS:
            rows.append(self._row(name, number, help_text))
        rows.append(self.status)
        super().__init__(rows, **kwargs)
        self.add_class("borsen-rules-editor")
        self._shown: Rules | None = None
        self.refresh()
        if hasattr(target, "trait_names") and "view" in target.trait_names():
            # A widget: follow rule changes made elsewhere (code, another editor, new game).
            target.observe(self._on_view, names="view")

    # ------------------------------------------------------------------ reading and writing

    @property
    def rules(self) -> Rules:
        """The rules in force on the target."""
        return self._target.rules

    def _apply(self, rules: Rules) -> None:
        if isinstance(self._target, Game):
            self._target.set_rules(rules)  # players and decks cannot change: it says so
        else:
            self._target.rules = rules

    def _on_view(self, _change) -> None:
        # Only when the rules changed: a move must not overwrite what someone is typing.
        if self.rules != self._shown:
            self.refresh()

    def refresh(self) -> None:
        """Show the target's current rules in every control."""
        rules = self.rules
        self._shown = rules
        self._updating = True
        try:
            for name, control in self._controls.items():
                value = getattr(rules, name)
                if name == "ace_shares":
                    for suit, box in zip(SUITS, control.children, strict=True):
                        box.value = _share_text(value[suit])
                elif name == "first_player":
                    control.options = self._first_player_options(rules.players)
                    control.value = value
                elif name == "max_bank_aces":
                    control.value = _NO_LIMIT if value is None else value
                elif name in ("accept_rule", "loot_rule"):
                    control.value = "—" if value is None else f"<code>{function_name(value)}</code>"
                else:
                    control.value = value
            for error in self._errors.values():
                error.value = ""
        finally:
            self._updating = False

    def _change(self, name: str, value) -> None:
        """Validate one new value; apply it if it makes valid rules, else show why not."""
        if not self._updating:
            self._attempt(name, lambda rules: rules.replace(**{name: value}), f"{name} changed.")

    def _attempt(self, name: str, make, done: str) -> None:
        """Apply ``make(rules)``; a RulesError shows beside the control and changes nothing."""
        error = self._errors[name]
        try:
            self._apply(make(self.rules))
        except (RulesError, ValueError) as problem:
            error.value = _error_html(problem)
            return
        error.value = ""
        self.status.value = f"<i>{done}</i>"

    # ------------------------------------------------------------------ building

    @staticmethod
    def _first_player_options(players: int):
        return [("by lot", "random"), ("by the first card's suit", "suit")] + [
            (f"seat {seat}", seat) for seat in range(players)
        ]

    def _row(self, name: str, number: str, help_text: str) -> widgets.Widget:
        style = {"description_width": "9em"}
        label = f"{number} {name}"
        layout = widgets.Layout(width="16em")
        if name in ("players", "decks"):
            low, high = (2, 8) if name == "players" else (1, 4)
            control = widgets.BoundedIntText(
                min=low, max=high, description=label, style=style, layout=layout
            )
        elif name == "first_player":
            control = widgets.Dropdown(
                options=self._first_player_options(3), description=label, style=style
            )
        elif name in ("equal_accepted", "bank_ends_turn", "auto_bank_at_end"):
            control = widgets.Checkbox(description=label, indent=False)
        elif name == "ace_shares":
            boxes = [
                widgets.Text(
                    description=f"A{SUIT_SYMBOLS[i]}",
                    continuous_update=True,
                    layout=widgets.Layout(width="8em"),
                    style={"description_width": "2.5em"},
                )
                for i in range(4)
            ]
            control = widgets.HBox(boxes)
            for suit, box in zip(SUITS, boxes, strict=True):
                box.add_class(f"borsen-share-{suit}")
                box.observe(
                    lambda change, suit=suit: self._change_share(suit, change["new"]),
                    names="value",
                )
        elif name == "rob_target":
            control = widgets.Dropdown(
                options=[("the player before", "previous"), ("the next player", "next"),
                         ("the leader", "leader")],
                description=label,
                style=style,
            )  # fmt: skip
        elif name == "loot_to":
            control = widgets.Dropdown(
                options=[("the robber's bank", "bank"), ("the pile, under the ace", "pile")],
                description=label,
                style=style,
            )
        elif name == "auto_aces":
            control = widgets.Dropdown(
                options=[("ask the player", None), ("keep (list the excess)", "keep"),
                         ("list them all", "list")],
                description=label,
                style=style,
            )  # fmt: skip
        elif name == "max_bank_aces":
            control = widgets.Dropdown(
                options=[*range(9), _NO_LIMIT], description=label, style=style
            )
        elif name == "max_turns":
            control = widgets.IntText(description=label, style=style, layout=layout)
        else:  # accept_rule, loot_rule: functions come from code, shown by name
            control = widgets.HTML(description=label, style=style)
        if name != "ace_shares":
            if name == "max_bank_aces":
                control.observe(
                    lambda c: self._change(name, None if c["new"] == _NO_LIMIT else c["new"]),
                    names="value",
                )
            elif not isinstance(control, widgets.HTML):
                control.observe(lambda c, name=name: self._change(name, c["new"]), names="value")
        self._controls[name] = control
        control.add_class(f"borsen-rule-{name}")  # for tests and custom styling
        error = widgets.HTML()
        self._errors[name] = error
        head = widgets.HTML(f"<b>{number}</b>") if name == "ace_shares" else widgets.HTML("")
        explain = widgets.HTML(
            f'<span class="borsen-rules-help" style="{_HELP_STYLE}">{help_text}</span>'
        )
        line = widgets.HBox(
            [head, control, explain],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap", grid_gap="0 1em"),
        )
        return widgets.VBox([line, error])

    def _change_share(self, suit: str, text: str) -> None:
        if self._updating:
            return

        def with_share(rules: Rules) -> Rules:
            return rules.replace(ace_shares={**rules.ace_shares, suit: text.strip()})

        ace = f"A{SUIT_SYMBOLS[SUITS.index(suit)]}"
        self._attempt("ace_shares", with_share, f"The share of {ace} changed.")
