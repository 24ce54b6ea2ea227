"""The teacher's panel: exact probabilities beside the game, for a class (RULES.md §4).

Switch it on beside the table with ``w.show_probabilities = True`` (or the widget's
Probabilities button, key T), or show it in a cell of its own, for a projector, with
``ProbabilityPanel(w)``. For the decision on the table it shows, from public information only
(the pile, the banks and the deck's composition; see :mod:`borsen_widget.analysis`):

- the chance that the next draw is accepted (R5), as counted ("15/30"), reduced ("1/2") and
  as a decimal, with the count behind it ("15 of the 30 cards left are 8 or higher, or aces");
- the deck's cards left by rank, the accepted ones marked;
- the value of banking now against drawing once and then banking (the *one-draw look-ahead*:
  exact, from :func:`~borsen_widget.analysis.draw_outcomes`, but it ignores drawing again);
- the best choice, proven at once by exact bounds where they decide
  (:func:`~borsen_widget.analysis.best_choice`: nearly always, in well under 100 ms), with the
  proof in words; it is never a guess: where the bounds do not decide the panel says so;
- the value of drawing with the best stopping rule afterwards and the best choice, from
  :func:`~borsen_widget.analysis.best_turn` (exact), once it is solved.

Cost: everything but the best stopping rule takes well under a millisecond and is shown at
once. ``best_turn`` is tried within :data:`SYNC_STATES` states at once; past that the panel says
it is working, and the kernel's asyncio loop goes on in slices of about
:data:`SLICE_SECONDS` while idle (best_turn keeps what it solved, so each slice resumes), until
it is solved or :data:`MAX_STATES` states have been spent, when the panel says plainly that the
exact rule is too costly for this position. A move cancels the work for the old position.
Without a running loop (plain Python, tests) it is worked out at once, up to
:data:`NO_LOOP_STATES` states. Nothing is computed while no panel is shown.

Guess first (``w.guess_first = True``): the panel asks the question and hides the answers
(they are not even sent to the browser) until Reveal; the class's votes can be counted with
the Draw / Bank buttons. Every new decision hides the answers again.

Imports: anywidget, traitlets and the standard library only (the panel runs in JupyterLite).
"""

from __future__ import annotations

import asyncio
import time
from fractions import Fraction

import anywidget
import traitlets

from .. import analysis
from ..engine.game import Game
from .widget import STATIC, BorsenWidget, _BadMessage

__all__ = ["ProbabilityPanel"]

#: best_turn's states tried at once, before the panel first shows (about 0.05 s).
SYNC_STATES = 1_000
#: The first background slice's states; later slices aim at SLICE_SECONDS each.
SLICE_STATES = 1_000
SLICE_SECONDS = 0.05
MIN_SLICE, MAX_SLICE = 200, 20_000
#: Past this many states (about 40 s of CPU) the exact best stopping rule is given up.
MAX_STATES = 600_000
#: Without a running loop: the states worked out at once, before giving up.
NO_LOOP_STATES = analysis.SUMMARY_MAX_STATES
#: At most one progress update per this many seconds while working.
PROGRESS_SECONDS = 1.0

PANEL_INTENTS = ("reveal", "vote", "guess")
CHOICES = ("draw", "bank")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _fraction(value: Fraction | int) -> dict:
    return analysis.fraction_data(value)


# ---------------------------------------------------------------------------- the figures


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _figures(game: Game, names, objective: str) -> dict:
    """The cheap, exact figures for the position on the table (no best_turn)."""
    seat = game.current_player
    name = names[seat] if 0 <= seat < len(names) else f"Seat {seat}"
    after = names[(seat + 1) % len(names)] if names else "the next player"
    pile = len(game.pile)
    data = {
        "kind": "choice",
        "seat": seat,
        "player": name,
        "question": "",
        "objective": objective,
        "objective_text": (
            f"the cards {name} banks this turn"
            if objective == "own"
            else f"{_possessive(name)} cards this turn, minus the pile {after} takes over"
        ),
        "pile_top": game.pile[-1].ascii if game.pile else None,
        "pile_size": pile,
        "deck_size": game.deck_size,
        "deck_left": [],
        "p_accept": None,
        "outcomes": None,
        "one_step": None,
        "certified": None,
        "reason": None,
    }
    if game.is_over:
        data.update(kind="over", question="The game is over.", reason="The game is over.")
        return data
    if game.phase == "aces":
        data.update(
            kind="aces",
            question=f"{name} is deciding which aces to keep.",
            reason="There is no draw-or-bank decision while aces are being kept or listed (R11).",
        )
    elif game.deck_size == 0:
        data.update(
            kind="empty",
            question=f"The deck is empty: {name} banks the pile.",
            reason="The deck is empty, so no card can be drawn (R14).",
        )
    summary = analysis.summary(game, objective, with_best_turn=False, names=list(names))
    data["deck_left"] = summary["deck"]
    if data["kind"] != "choice":
        return data
    data["p_accept"] = summary["p_accept"]
    data["outcomes"] = summary["outcomes"]
    draw = analysis.one_draw_value(game, objective)
    if pile:
        data["question"] = f"{name}: draw once more, or bank {pile} card{'s' * (pile != 1)}?"
        better = "draw" if draw > pile else "bank" if draw < pile else "equal"
        data["one_step"] = {"draw": _fraction(draw), "bank": _fraction(pile), "better": better}
        data["certified"] = analysis.best_choice(game, objective).to_dict()
    else:
        data["kind"] = "forced"
        data["question"] = f"{name} must draw: the pile is empty."
        data["one_step"] = {"draw": _fraction(draw), "bank": None, "better": "draw"}
    return data


def _choice(figures: dict, best: dict) -> dict | None:
    """The best choice, and how sure it is: exact (best_turn), proven (exact bounds decide it,
    :func:`~borsen_widget.analysis.best_choice`: ``proof`` and ``steps`` say which), the only
    move, or not known yet. ``margin``: how much better drawing is than banking (exact;
    negative: banking is better); for a proven choice, how much better the choice is at least
    (``at_least``)."""
    kind = figures["kind"]
    plain = {"proof": None, "steps": None, "at_least": False}
    if kind == "forced":
        text = "Draw: with an empty pile it is the only move."
        return {"action": "draw", "how": "only", "text": text, "margin": None, **plain}
    if kind != "choice":
        return None
    advice = best.get("advice")
    if advice is not None:
        margin = advice["advantage"]
        if margin["fraction"] == "0/1":
            text = "Drawing and banking are worth exactly the same here."
        elif advice["action"] == "draw":
            text = "Drawing, and then stopping at the best moment, is worth more than banking."
        else:
            text = "Banking now is worth more than drawing, even with the best play afterwards."
        return {"action": advice["action"], "how": "exact", "text": text, "margin": margin, **plain}
    certified = figures.get("certified")
    if certified is not None and certified["proven"]:
        return {
            "action": certified["action"],
            "how": "proven",
            "text": certified["sentence"],
            "margin": certified["margin"],
            "proof": certified["proof"],
            "steps": certified["steps"],
            "at_least": True,
        }
    text = (
        certified["sentence"]
        if certified is not None
        else "Not known yet: only the exact stopping rule can tell."
    )
    return {"action": None, "how": None, "text": text, "margin": None, **plain}


def _hide(data: dict) -> dict:
    """The data with the answers taken out (guess first): what the class must work out."""
    hidden = dict(data)
    hidden["deck_left"] = [{**e, "accepted": None, "all_accepted": None} for e in data["deck_left"]]
    for key in ("p_accept", "outcomes", "one_step", "certified", "choice"):
        hidden[key] = None
    hidden["best"] = {"state": "hidden", "advice": None, "states": 0, "text": ""}
    return hidden


class PanelFeed:
    """The panel's figures for one :class:`BorsenWidget`, kept in step with its game.

    Internal plumbing: the widget creates one when a panel is first asked for, calls
    :meth:`refresh` after every view it publishes while a panel is shown, and :meth:`stop`
    when none is. Holds the guess-first state (revealed, votes) of the current decision.
    """

    def __init__(self, widget: BorsenWidget):
        self._widget = widget
        self._game: Game | None = None
        self._key: tuple | None = None
        self._figures: dict | None = None
        self._best: dict = {"state": "none", "advice": None, "states": 0, "text": ""}
        self._timer: asyncio.Handle | None = None
        self._spent = 0
        self._slice = SLICE_STATES
        self._shown_progress = 0.0
        self.decision = 0
        self.revealed = False
        self.votes = {"draw": 0, "bank": 0}

    # -- the position

    def _position(self) -> tuple:
        w = self._widget
        game = w.game
        return (
            w.objective,
            tuple(w.names),
            game.rules,
            len(game.log),
            game.phase,
            game.current_player,
            game.turns,
            tuple(c.index for c in game.pile),
            game.deck_size,
            tuple(len(b) for b in game.banks),
        )

    def _moved(self) -> bool:
        return self._game is not self._widget.game or self._key != self._position()

    def refresh(self) -> None:
        """Bring the figures up to date (after a move, or a change of objective) and publish."""
        if self._figures is None or self._moved():
            self._new_position()
        self.publish()

    def stop(self) -> None:
        """Stop working in the background (no panel is shown, or the game moved on)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _new_position(self) -> None:
        self.stop()
        w = self._widget
        game = w.game
        old_game, old_key = self._game, self._key
        self._game, self._key = game, self._position()
        # A new decision hides the answers again (guess first), unless only the objective
        # changed: the class is still looking at the same position.
        if old_game is not game or old_key is None or old_key[1:] != self._key[1:]:
            self.decision += 1
            self.revealed = False
            self.votes = {"draw": 0, "bank": 0}
        self._spent = 0
        self._slice = SLICE_STATES
        try:
            self._figures = _figures(game, list(w.names), w.objective)
        except Exception as error:  # e.g. a house rule (Python code) that raises
            self._figures = {
                "kind": "error",
                "question": "",
                "deck_left": [],
                "reason": f"The figures could not be worked out ({type(error).__name__}: {error}).",
            }
            self._best = {"state": "none", "advice": None, "states": 0, "text": ""}
            return
        if self._figures["kind"] not in ("choice", "forced"):
            self._best = {"state": "none", "advice": None, "states": 0, "text": ""}
            return
        if self._solve(SYNC_STATES):
            return
        if _running_loop() is not None:
            self._set_best("working")
            self._timer = _running_loop().call_later(0, self._tick)
        elif not self._solve(NO_LOOP_STATES):
            self._set_best("too_costly", text="no loop")

    # -- the best stopping rule

    def _solve(self, states: int) -> bool:
        """Try best_turn within ``states`` more states: True when it is settled (solved or
        failed), False when it needs more."""
        w = self._widget
        try:
            advice = analysis.best_turn(w.game, w.objective, max_states=states)
        except analysis.TooManyStates:
            self._spent += states
            return False
        except Exception as error:
            self._set_best("failed", text=f"{type(error).__name__}: {error}")
            return True
        self._set_best("solved", advice=advice.to_dict())
        return True

    def _set_best(self, state: str, advice: dict | None = None, text: str = "") -> None:
        if state == "working":
            text = "Working out the best stopping rule…"
        elif state == "too_costly":
            spent = f"{self._spent:,}".replace(",", "\u202f")  # 600 000
            if text == "no loop":
                text = (
                    f"The exact best stopping rule needs more than {spent} states here, more "
                    "than the panel works out at once without a running event loop, so it is "
                    "not shown; analysis.best_turn(w.game) computes it (it may take minutes)."
                )
            else:
                text = (
                    f"The exact best stopping rule is too costly for this position (more than "
                    f"{spent} states to solve), so it is not shown; the one-draw look-ahead "
                    "is exact."
                )
        elif state == "failed":
            text = f"The best stopping rule could not be worked out ({text})."
        self._best = {"state": state, "advice": advice, "states": self._spent, "text": text}

    def _tick(self) -> None:
        """One slice of background work on the kernel's loop."""
        self._timer = None
        w = self._widget
        if not w._teacher_active() or self._moved():
            return
        start = time.perf_counter()
        done = self._solve(self._slice)
        took = time.perf_counter() - start
        if done:
            self.publish()
            return
        if self._spent >= MAX_STATES:
            self._set_best("too_costly")
            self.publish()
            return
        if took > 0:
            wanted = int(self._slice * SLICE_SECONDS / took)
            self._slice = max(MIN_SLICE, min(MAX_SLICE, wanted, 2 * self._slice))
        now = time.monotonic()
        if now - self._shown_progress >= PROGRESS_SECONDS:
            self._shown_progress = now
            self._set_best("working")
            self.publish()
        loop = _running_loop()
        if loop is not None:
            self._timer = loop.call_later(0, self._tick)

    # -- guess first

    @property
    def kind(self) -> str:
        """What is on the table: "choice", "forced" (must draw), "aces", "empty", "over"."""
        if self._figures is None or self._moved():
            self.refresh()
        return (self._figures or {}).get("kind", "none")

    def hide(self) -> None:
        self.revealed = False
        self.votes = {"draw": 0, "bank": 0}

    def reveal(self) -> None:
        self.revealed = True
        self.publish()

    def vote(self, choice: str) -> None:
        self.votes = {**self.votes, choice: self.votes[choice] + 1}
        self.publish()

    def is_hidden(self) -> bool:
        return self._widget.guess_first and not self.revealed

    # -- the data

    def data(self) -> dict:
        """The panel's JSON-safe data (public information only)."""
        w = self._widget
        figures = self._figures or {"kind": "none", "deck_left": []}
        data = {
            **figures,
            "best": dict(self._best),
            "choice": _choice(figures, self._best) if "one_step" in figures else None,
            "version": w.version,
            "decision": self.decision,
            "guess": {
                "on": bool(w.guess_first),
                "revealed": self.revealed,
                "votes": dict(self.votes),
            },
            "hidden": False,
        }
        if self.is_hidden() and figures.get("kind") in ("choice", "forced"):
            data = _hide(data)
            data["hidden"] = True
        return data

    def publish(self) -> None:
        if self._widget._teacher_active():
            self._widget._teacher_publish(self.data())


# ---------------------------------------------------------------------------- the widget


class ProbabilityPanel(anywidget.AnyWidget):
    """The teacher's panel of a :class:`BorsenWidget` as a widget of its own, to show in
    another cell or JupyterLab view (a projector): ``ProbabilityPanel(w)``.

    It stays in step with ``w``'s game (and with ``w.objective`` and ``w.guess_first``; a
    reveal or a vote in either panel shows in both). ``close()`` stops its updates.
    """

    _esm = STATIC / "panel.js"
    _css = STATIC / "widget.css"

    #: The panel's figures (see :class:`PanelFeed`; public information only).
    panel = traitlets.Dict().tag(sync=True)
    #: The last polite notice, as in :class:`BorsenWidget`.
    notice = traitlets.Dict().tag(sync=True)

    def __init__(self, widget: BorsenWidget, **kwargs):
        if not isinstance(widget, BorsenWidget):
            raise ValueError(
                f"ProbabilityPanel needs the BorsenWidget to follow, not {type(widget).__name__}"
            )
        self._widget: BorsenWidget | None = widget
        self._notice_id = 0
        super().__init__(**kwargs)
        self.notice = {"id": 0, "text": "", "level": "info"}
        self.on_msg(self._on_msg)
        widget.observe(self._follow, names="_teacher_data")
        widget._attach_panel(self)

    @property
    def widget(self) -> BorsenWidget | None:
        """The game widget this panel follows (None once closed)."""
        return self._widget

    def close(self) -> None:
        widget = getattr(self, "_widget", None)
        if widget is not None:
            self._widget = None
            widget.unobserve(self._follow, names="_teacher_data")
            widget._detach_panel(self)
        super().close()

    def _follow(self, change) -> None:
        if self._widget is not None:
            self.panel = change["new"]

    def _on_msg(self, _widget, content, _buffers) -> None:
        with self.hold_sync():
            try:
                if self._widget is None:
                    raise _BadMessage("This panel is closed; nothing changed.")
                request = self._widget._read_message(content, intents=PANEL_INTENTS)
                self._widget._do_teacher(*request)
                if self.notice.get("text"):
                    self._notice_id += 1
                    self.notice = {"id": self._notice_id, "text": "", "level": "info"}
            except _BadMessage as error:
                self._notice_id += 1
                self.notice = {"id": self._notice_id, "text": str(error), "level": "warning"}
