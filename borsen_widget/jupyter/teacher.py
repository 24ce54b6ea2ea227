"""The teacher's figures for the decision on the table, kept in step with a game widget: the
model behind the teacher's panel (RULES.md §4).

For the decision on the table it works out, from public information only (the pile, the banks
and the deck's composition; see :mod:`borsen_widget.analysis`):

- the chance that the next draw is accepted (R5), as counted ("15/30"), reduced ("1/2") and
  as a decimal, with the count behind it ("15 of the 30 cards left are 8 or higher, or aces");
- the deck's cards left by rank, the accepted ones marked;
- the value of banking now against drawing once and then banking (the *one-draw look-ahead*:
  exact, from :func:`~borsen_widget.analysis.one_draw_value`, but it ignores drawing again);
- the best choice, proven at once by exact bounds where they decide
  (:func:`~borsen_widget.analysis.best_choice`: nearly always, in well under 100 ms), with the
  proof in words; it is never a guess: where the bounds do not decide the panel says so;
- the value of drawing with the best stopping rule afterwards and the best choice, from
  :func:`~borsen_widget.analysis.best_turn` (exact), once it is solved;
- *the winning move* (R15): the chance of winning the game after drawing and after banking as
  :class:`~borsen_widget.play.winning_bot.WinningBot` estimates it
  (:func:`~borsen_widget.play.winning_bot.win_chances`), shown beside *the move with the most
  cards* (the best choice above) when the two differ (``data["winning"]``).

Cost: everything but the best stopping rule takes well under a millisecond and is shown at
once. ``best_turn`` is tried within :data:`SYNC_STATES` states at once; past that the feed says
it is working, and the kernel's asyncio loop goes on in slices of about
:data:`SLICE_SECONDS` while idle (best_turn keeps what it solved, so each slice resumes), until
it is solved or :data:`MAX_STATES` states have been spent, when it says plainly that the exact
rule is too costly for this position. While a class is open on the students' phones
(``w.room``: its server shares the loop) only :data:`CLASS_SYNC_STATES` states are tried at
once and every slice aims at half of :data:`CLASS_SLICE_SECONDS`, so no phone's message waits
long for the panel (``benchmarks/class_stall.py`` prints the longest stall). A move
cancels the work for the old position. Without a running loop (plain Python, tests) it is
worked out at once, up to :data:`NO_LOOP_STATES` states. Nothing is computed while no panel is
shown. The win chances take well under a millisecond once the rules' table of winning chances
is there: the original rules' (two players) ships with the package; other rules' tables are
solved once per session (seconds) in a worker thread, never on the loop, and the winning move
is shown when it is done (where there are no threads, as in JupyterLite, or no running loop, it
is shown only for rules whose table is there already).

The costly positions are a turn's start (an empty pile and most of the deck: seconds), and
every one of them but the game's first follows a bank (R8), whose outcome is known before it
is played. So once the figures on the table are settled, the feed goes on, in the same slices,
with the position after banking now (:func:`after_bank`: the next player's turn, aces kept as
the bots keep them); ``best_turn`` keeps what it solved for the last few positions, so when
the bank is played the next turn's exact figures are there at once, or as far along as the
time the class took to decide allowed (``benchmarks/advice_speed.py --start``). A draw
cancels that work as any move does.

Guess first: the feed asks the question and hides the answers (they are not even sent to the
browser) until Reveal; it counts the class's votes, one per voter (a student on their phone,
see :mod:`borsen_widget.classroom`, whose new vote replaces the old one) while each
click on the teacher's own vote buttons counts as one more vote. Until Reveal only how many
have voted is sent, not the split, so nobody follows the crowd. Every new decision hides the
answers again and clears the votes.

Languages: the figures are worked out once per position, and told in words in each
language a panel speaks (:meth:`TeacherFeed.data` takes ``language``; the game widget's panel,
a projector's :class:`~borsen_widget.jupyter.panel.ProbabilityPanel` and each phone may each
speak its own). Plain words for the class ("Still counting…", "the best way to play the rest
of the turn"); the methods' names (the exact best stopping rule, the one-draw look-ahead) and
the states counted are in ``best["detail"]`` and the panel's details, for the teacher.

Imports: the analysis and the standard library only; it knows the widget only through the
public attributes it reads (``game``, ``names``, ``objective``, ``guess_first``, ``version``,
``show_probabilities``) and the callback it is given.

Why one module of this size: it is one model, the teacher's feed (its figures, the slices of the
exact rule on the kernel's loop, guess-first and the words in each language all follow the same
position and version); the panel's own widget is :mod:`.panel`.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Callable
from fractions import Fraction

from .. import analysis
from ..classroom.wire import BadMessage
from ..engine.actions import BANK, DRAW
from ..engine.game import Game
from ..engine.words import seat_name
from ..i18n import Translator, translator
from ..play import winning_bot as winning

__all__ = [
    "CLASS_MAX_SLICE",
    "CLASS_MIN_SLICE",
    "CLASS_SLICE_SECONDS",
    "CLASS_SYNC_STATES",
    "MAX_SLICE",
    "MAX_STATES",
    "MIN_SLICE",
    "NO_LOOP_STATES",
    "PROGRESS_SECONDS",
    "SLICE_SECONDS",
    "SLICE_STATES",
    "SYNC_STATES",
    "TABLES_READY",
    "WIN_MARGIN",
    "TeacherFeed",
    "after_bank",
]

#: best_turn's states tried at once, before the panel first shows (about 0.05 s).
SYNC_STATES = 1_000
#: The first background slice's states; later slices aim at SLICE_SECONDS each.
SLICE_STATES = 1_000
SLICE_SECONDS = 0.05
#: The slices while a class is open on the students' phones: the server shares this loop, so
#: a phone's message waits at most about this long for a slice to end.
CLASS_SLICE_SECONDS = 0.01
MIN_SLICE, MAX_SLICE = 200, 20_000
#: With a class open: the states tried at once inside the teacher's click (a move,
#: a new game; about 2–5 ms), so the click's reply, and every phone's next message, never wait
#: for a long solve; the rest goes in slices. 1,000 states at once stalled a class 0.15–1.1 s.
CLASS_SYNC_STATES = 50
#: With a class open: the first slice's states and the bounds of every slice. The slices aim
#: at half of CLASS_SLICE_SECONDS (a state's cost varies some tenfold along the way, so a
#: slice sized from a cheap stretch still ends within it). A state costs about 0.04 ms of CPU
#: here and a slice about 0.7 ms more (best_turn finds its place again), so 100 states take
#: some 4–8 ms: CLASS_MAX_SLICE holds a slice within 10 ms even when the last one was cheap.
CLASS_SLICE_STATES = 50
CLASS_MIN_SLICE, CLASS_MAX_SLICE = 10, 100
#: Past this many states (some 20 s of CPU here) the exact best stopping rule is given up.
MAX_STATES = 600_000
#: Without a running loop: the states worked out at once, before giving up.
NO_LOOP_STATES = analysis.SUMMARY_MAX_STATES
#: At most one progress update per this many seconds while working.
PROGRESS_SECONDS = 1.0
CHOICES = ("draw", "bank")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _fraction(value: Fraction | int) -> dict:
    return analysis.fraction_data(value)


def after_bank(game: Game) -> Game | None:
    """The position banking now leads to (R8), when it is a turn's start worth working out
    ahead: the next player's turn with an empty pile and cards left (aces kept as the bots
    keep them, R11/R12). From public information only (the deck redrawn: nothing hidden is
    copied). None when banking is not legal now, or leads elsewhere (the game's end)."""
    if game.phase != "play" or not game.pile or not game.is_legal(BANK):
        return None
    ahead = game.resample(0)
    ahead.apply(BANK)
    while ahead.phase == "aces":
        ahead.apply(ahead.automatic_aces())
    if ahead.phase != "play" or ahead.is_over or ahead.pile or not ahead.deck_size:
        return None
    return ahead


# ---------------------------------------------------------------------------- the figures


def _figures(game: Game, names, objective: str, tr: Translator, made=None) -> dict:
    """The cheap, exact figures for the position on the table (no best_turn), their sentences
    in ``tr``'s language. ``made``: the position's :func:`~borsen_widget.analysis.best_choice`
    if it is known already (it is worked out once, then told in each language)."""
    seat = game.current_player
    lang = tr.language
    name = seat_name(seat, names, lang)
    after = seat_name((seat + 1) % game.rules.players, names, lang)
    pile = len(game.pile)
    if objective == "own":
        objective_text = tr.gettext("On average: the cards {player} banks this turn.", player=name)
    else:
        objective_text = tr.gettext(
            "On average: the cards {player} banks this turn, minus the pile {next} takes over.",
            player=name,
            next=after,
        )
    data = {
        "kind": "choice",
        "language": lang,
        "seat": seat,
        "player": name,
        "question": "",
        "objective": objective,
        "objective_text": objective_text,
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
        over = tr.gettext("The game is over.")
        data.update(kind="over", question=over, reason=over)
        return data
    if game.phase == "aces":
        data.update(
            kind="aces",
            question=tr.gettext("{player} is deciding which aces to keep.", player=name),
            reason=tr.gettext(
                "There is no draw-or-bank decision while aces are being kept or listed (R11)."
            ),
        )
    elif game.deck_size == 0:
        data.update(
            kind="empty",
            question=tr.gettext("The deck is empty: {player} banks the pile.", player=name),
            reason=tr.gettext("The deck is empty, so no card can be drawn (R14)."),
        )
    summary = analysis.summary(
        game, objective, with_best_turn=False, names=list(names), language=lang
    )
    data["deck_left"] = summary["deck"]
    if data["kind"] != "choice":
        return data
    data["p_accept"] = summary["p_accept"]
    data["outcomes"] = summary["outcomes"]
    draw = analysis.one_draw_value(game, objective)
    if pile:
        data["question"] = tr.ngettext(
            "{player}: draw once more, or bank {count} card?",
            "{player}: draw once more, or bank {count} cards?",
            pile,
            player=name,
            count=pile,
        )
        better = "draw" if draw > pile else "bank" if draw < pile else "equal"
        data["one_step"] = {"draw": _fraction(draw), "bank": _fraction(pile), "better": better}
        if made is None:
            made = analysis.best_choice(game, objective)
        data["certified"] = made.to_dict(lang)
    else:
        data["kind"] = "forced"
        data["question"] = tr.gettext("{player} must draw: the pile is empty.", player=name)
        data["one_step"] = {"draw": _fraction(draw), "bank": None, "better": "draw"}
    return data


def _choice(figures: dict, best: dict, tr: Translator) -> dict | None:
    """The best choice, and how sure it is: exact (best_turn), proven (exact bounds decide it,
    :func:`~borsen_widget.analysis.best_choice`: ``proof`` and ``steps`` say which), the only
    move, or not known yet. ``margin``: how much better drawing is than banking (exact;
    negative: banking is better); for a proven choice, how much better the choice is at least
    (``at_least``)."""
    kind = figures["kind"]
    plain = {"proof": None, "steps": None, "at_least": False}
    if kind == "forced":
        text = tr.gettext("Draw: with an empty pile it is the only move.")
        return {"action": "draw", "how": "only", "text": text, "margin": None, **plain}
    if kind != "choice":
        return None
    advice = best.get("advice")
    if advice is not None:
        margin = advice["advantage"]
        if margin["fraction"] == "0/1":
            text = tr.gettext("Drawing and banking are worth exactly the same here.")
        elif advice["action"] == "draw":
            text = tr.gettext(
                "Drawing, and then stopping at the best moment, is worth more than banking."
            )
        else:
            text = tr.gettext(
                "Banking now is worth more than drawing, even with the best play afterwards."
            )
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
        else tr.gettext("Not known yet: only working out the rest of the turn exactly can tell.")
    )
    return {"action": None, "how": None, "text": text, "margin": None, **plain}


# ---------------------------------------------------------------------------- the winning move

#: The winning move is shown beside the move with the most cards only when its chance of
#: winning is higher by more than this: the bot's own threshold (play.winning_bot.CLOSE, about one
#: step of its table; within it WinningBot too plays the move with the most cards).
WIN_MARGIN = winning.CLOSE
#: Rules whose table of winning chances is here (shipped, or solved in this session).
TABLES_READY: set = set()
#: Tables being solved in a worker thread: {rules: asyncio future}.
_TABLES_SOLVING: dict = {}


def _table_ready(rules) -> bool:
    """Whether :func:`~borsen_widget.play.winning_bot.win_chances` answers at once for ``rules``
    (its table is shipped, or was solved in this session). Cheap: only two-player rules can
    have the shipped table, and their model takes well under a millisecond."""
    if rules in TABLES_READY:
        return True
    if rules.players != 2:
        return False
    if _shipped_key() == winning.table_key_text(winning.model_for(rules)):
        TABLES_READY.add(rules)
        return True
    return False


@functools.cache
def _shipped_key() -> str | None:
    """The key of the table that ships with the package (read once: it is checked whole)."""
    try:
        header, _table = winning.read_shipped()
    except (OSError, ValueError):
        return None
    return header.get("key")


def _solve_table(rules) -> None:
    """Solve (and keep) the table of winning chances of ``rules``: seconds; never on the
    kernel's loop while it runs (see :meth:`TeacherFeed._start_winning`)."""
    winning.table_for(winning.model_for(rules))
    TABLES_READY.add(rules)


def _win_chances(game: Game) -> dict:
    """``{"draw": chance, "bank": chance}``: the chance that the player to act wins the game
    (R15, a tie counted as half) after each move, as WinningBot estimates it."""
    found = winning.win_chances(game)
    return {"draw": found[DRAW], "bank": found[BANK]}


def _move_text(which: str, action: str, chance: str, tr: Translator) -> str:
    """One move and its chance of winning in words, named by its goal ("best
    choice" above "the winning move" read as two answers to one question): ``which`` is
    "win" (the best chance to win the game), "own" or "lead" (the most cards this turn, for
    that objective)."""
    if which == "win":
        if action == "draw":
            return tr.gettext(
                "Best chance to win the game: draw, which wins it {chance} of the time.",
                chance=chance,
            )
        return tr.gettext(
            "Best chance to win the game: bank, which wins it {chance} of the time.",
            chance=chance,
        )
    if which == "own":
        if action == "draw":
            return tr.gettext(
                "Most cards this turn: draw, which wins the game {chance} of the time.",
                chance=chance,
            )
        return tr.gettext(
            "Most cards this turn: bank, which wins the game {chance} of the time.",
            chance=chance,
        )
    if action == "draw":
        return tr.gettext(
            "Most cards of lead this turn: draw, which wins the game {chance} of the time.",
            chance=chance,
        )
    return tr.gettext(
        "Most cards of lead this turn: bank, which wins the game {chance} of the time.",
        chance=chance,
    )


def _winning_words(
    chances: dict | None, choice: dict | None, objective: str, tr: Translator
) -> dict | None:
    """The winning move beside the move with the most cards (the best choice, exact or
    proven), in words: ``None`` until both are known. ``differ``: whether the panel shows
    them: only when they are different moves and the winning move's chance is higher by more
    than :data:`WIN_MARGIN` (a tie, or a smaller difference, is not a different move)."""
    if chances is None or choice is None or choice.get("how") not in ("exact", "proven"):
        return None
    cards = choice["action"]
    win = "draw" if chances["draw"] > chances["bank"] else "bank"
    percent = {action: tr.percent(chance, 1) for action, chance in chances.items()}
    return {
        "win": win,
        "cards": cards,
        "differ": win != cards and chances[win] - chances[cards] > WIN_MARGIN,
        "chances": dict(chances),
        "win_text": _move_text("win", win, percent[win], tr),
        "cards_text": _move_text(objective, cards, percent[cards], tr),
        "text": tr.gettext(
            "Playing to win is not the same as playing for cards: the game is won by having "
            "more cards than the others (R15), so the score matters. The chances of winning "
            "are the winning bot's estimates from the banks, the pile and the deck's cards "
            "(a tie counts as half)."
        ),
    }


def _best_words(best: dict, tr: Translator) -> dict:
    """The best stopping rule's state in words: ``text`` for the class (plain), ``detail``
    for the teacher (the technical terms, the states counted; nothing once it is solved: the
    panel's details name the method then), and the advice's data with its sentence in
    ``tr``'s language (the feed keeps the :class:`~borsen_widget.analysis.TurnAdvice`)."""
    state, states, why = best["state"], best["states"], best.get("why", "")
    advice = best.get("advice")
    if advice is not None and not isinstance(advice, dict):
        best = {**best, "advice": advice.to_dict(tr.language)}
    text = detail = ""
    if state == "working":
        text = tr.gettext("Still counting…")
        detail = tr.ngettext(
            "Working out the exact best stopping rule (every card that can come, every "
            "choice after it): {count} state so far.",
            "Working out the exact best stopping rule (every card that can come, every "
            "choice after it): {count} states so far.",
            states,
            count=states,
        )
    elif state == "too_costly":
        text = tr.gettext("Too many possibilities to count here, so this value is not shown.")
        if why == "no loop":
            detail = tr.gettext(
                "The exact best stopping rule needs more than {count} states here, more than "
                "the panel works out at once without a running event loop, so it is not shown; "
                "analysis.best_turn() computes it (it may take minutes).",
                count=states,
            )
        else:
            detail = tr.gettext(
                "The exact best stopping rule is too costly for this position (more than "
                "{count} states to solve), so it is not shown; the one-draw look-ahead and the "
                "proven bounds are exact.",
                count=states,
            )
    elif state == "failed":
        text = tr.gettext("The best way to play the rest of the turn could not be worked out.")
        detail = tr.gettext("The exact best stopping rule failed: {error}.", error=why)
    return {**best, "text": text, "detail": detail}


def _hide(data: dict) -> dict:
    """The data with the answers taken out (guess first): what the class must work out."""
    hidden = dict(data)
    hidden["deck_left"] = [{**e, "accepted": None, "all_accepted": None} for e in data["deck_left"]]
    for key in ("p_accept", "outcomes", "one_step", "certified", "choice", "winning"):
        hidden[key] = None
    hidden["best"] = {"state": "hidden", "advice": None, "states": 0, "text": "", "detail": ""}
    return hidden


class TeacherFeed:
    """The panel's figures for one game widget, kept in step with its game.

    The widget makes one when a panel is first asked for (``w.teacher``), calls
    :meth:`refresh` after every view it publishes while a panel is shown, and :meth:`stop`
    when none is. ``publish(data)`` is how the widget shows the figures beside its table;
    other panels (a projector's :class:`~borsen_widget.jupyter.panel.ProbabilityPanel`)
    :meth:`follow` the feed. Holds the guess-first state (revealed, votes) of the decision.
    """

    def __init__(self, widget, publish: Callable[[dict], None]):
        self._widget = widget
        self._show = publish
        self._followers: list[Callable[[dict], None]] = []
        #: Followers that are a class's (its vote): a class shares this loop from the moment
        #: it follows, before the widget holds it as ``w.room``.
        self._class_followers: list[Callable[[dict], None]] = []
        self._game: Game | None = None
        self._key: tuple | None = None
        # The figures of the position in English (what kind of decision it is), the same told
        # in each language asked for, the proven choice (worked out once for every language)
        # and the error that stopped the figures, if one did.
        self._figures: dict | None = None
        self._told: dict[str, dict] = {}
        self._made = None
        self._error: Exception | None = None
        self._best: dict = {"state": "none", "advice": None, "states": 0, "why": ""}
        # The win chances of the decision on the table ({"draw": p, "bank": q}), once known.
        self._chances: dict | None = None
        self._timer: asyncio.Handle | None = None
        self._spent = 0
        # The position after banking now, worked out ahead while idle, and its states so far.
        self._ahead: Game | None = None
        self._ahead_spent = 0
        self._slice = SLICE_STATES
        self._shown_progress = 0.0
        self.decision = 0
        self.revealed = False
        # One vote per voter for the decision on the table: {voter: "draw" | "bank"}.
        self._ballots: dict = {}
        self._clicks = 0  # the teacher's own vote clicks, each a voter of its own

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
        self._ahead = None
        w = self._widget
        game = w.game
        old_game, old_key = self._game, self._key
        self._game, self._key = game, self._position()
        # A new decision hides the answers again (guess first), unless only the objective
        # changed: the class is still looking at the same position.
        if old_game is not game or old_key is None or old_key[1:] != self._key[1:]:
            self.decision += 1
            self.revealed = False
            self._ballots = {}
        self._spent = 0
        self._slice = CLASS_SLICE_STATES if self.in_class() else SLICE_STATES
        self._told = {}
        self._made = None
        self._error = None
        self._chances = None
        try:
            if game.phase == "play" and not game.is_over and game.deck_size and game.pile:
                self._made = analysis.best_choice(game, w.objective)
            self._figures = self._figures_in("en")
        except Exception as error:  # e.g. a house rule (Python code) that raises
            self._error = error
            self._told = {}
            self._figures = self._figures_in("en")
            self._best = {"state": "none", "advice": None, "states": 0, "why": ""}
            return
        if self._figures["kind"] not in ("choice", "forced"):
            self._best = {"state": "none", "advice": None, "states": 0, "why": ""}
            return
        if self._figures["kind"] == "choice":
            self._start_winning()
        if self._solve(CLASS_SYNC_STATES if self.in_class() else SYNC_STATES):
            self._start_ahead()
            return
        if _running_loop() is not None:
            self._set_best("working")
            self._timer = _running_loop().call_later(0, self._tick)
        elif not self._solve(NO_LOOP_STATES):
            self._set_best("too_costly", why="no loop")

    def _figures_in(self, language: str) -> dict:
        """The position's figures with their sentences in ``language`` (worked out once)."""
        found = self._told.get(language)
        if found is not None:
            return found
        tr = translator(language)
        if self._error is not None:
            error = self._error
            found = {
                "kind": "error",
                "language": language,
                "question": "",
                "deck_left": [],
                "reason": tr.gettext(
                    "The figures could not be worked out ({error}).",
                    error=f"{type(error).__name__}: {error}",
                ),
            }
        else:
            w = self._widget
            found = _figures(self._game, list(w.names), w.objective, tr, self._made)
        self._told[language] = found
        return found

    # -- the winning move

    def _start_winning(self) -> None:
        """The win chances of the decision on the table: at once when the rules' table is
        there (well under a millisecond); else, on a running loop, the table is solved in a
        worker thread (never on the loop) and the chances follow when it is done. Without a
        running loop or threads (JupyterLite), or where the bot fails, nothing is shown."""
        game = self._game
        rules = game.rules
        try:
            if _table_ready(rules):
                self._chances = _win_chances(game)
                return
            loop = _running_loop()
            if loop is None:  # nowhere to wait for the table: not shown
                return
            future = _TABLES_SOLVING.get(rules)
            if future is None:
                future = loop.run_in_executor(None, _solve_table, rules)
                _TABLES_SOLVING[rules] = future
                future.add_done_callback(lambda _done: _TABLES_SOLVING.pop(rules, None))
        except Exception:  # no threads here, or a house rule the bot cannot read: not shown
            self._chances = None
            return
        position = self._key
        future.add_done_callback(lambda done: self._winning_solved(done, position))

    def _winning_solved(self, future, position: tuple) -> None:
        """The table is solved: the chances of the decision on the table, if it is still the
        one the table was asked for, then publish."""
        if future.cancelled() or future.exception() is not None:
            return
        if self._key != position or self._moved() or self._figures is None:
            return
        try:
            self._chances = _win_chances(self._game)
        except Exception:  # a house rule the bot cannot read: not shown
            return
        self.publish()

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
            self._set_best("failed", why=f"{type(error).__name__}: {error}")
            return True
        # The advice itself, told in each panel's language by _best_words (once its
        # sentence in English reached a Norwegian panel's synced state).
        self._set_best("solved", advice=advice)
        return True

    def _set_best(self, state: str, advice=None, why: str = "") -> None:
        """The best stopping rule's state (told in words by :func:`_best_words`)."""
        self._best = {"state": state, "advice": advice, "states": self._spent, "why": why}

    def in_class(self) -> bool:
        """Whether a class is open on the students' phones (``w.room``): its server shares
        this loop, so the work goes in slices of about :data:`CLASS_SLICE_SECONDS`."""
        return bool(self._class_followers) or getattr(self._widget, "room", None) is not None

    def _slice_states(self) -> int:
        """The next slice's states: as sized by :meth:`_size_slice`, held within the class's
        bounds while a class is open (it may have opened since the slice was sized)."""
        if self.in_class():
            self._slice = max(CLASS_MIN_SLICE, min(CLASS_MAX_SLICE, self._slice))
        return self._slice

    def _tick(self) -> None:
        """One slice of background work on the kernel's loop."""
        self._timer = None
        if not self.active() or self._moved():
            return
        start = time.perf_counter()
        done = self._solve(self._slice_states())
        self._size_slice(time.perf_counter() - start)
        if done:
            self.publish()
            self._start_ahead()
            return
        if self._spent >= MAX_STATES:
            self._set_best("too_costly")
            self.publish()
            self._start_ahead()
            return
        now = time.monotonic()
        if now - self._shown_progress >= PROGRESS_SECONDS:
            self._shown_progress = now
            self._set_best("working")
            self.publish()
        loop = _running_loop()
        if loop is not None:
            self._timer = loop.call_later(0, self._tick)

    def _size_slice(self, took: float) -> None:
        """The next slice's states, aimed at :data:`SLICE_SECONDS` (with a class open on the
        phones, half of :data:`CLASS_SLICE_SECONDS`, within the class's bounds) from how long
        this one ``took``."""
        if took <= 0:
            return
        if self.in_class():
            wanted = int(self._slice * CLASS_SLICE_SECONDS / 2 / took)
            least, most = CLASS_MIN_SLICE, CLASS_MAX_SLICE
        else:
            wanted = int(self._slice * SLICE_SECONDS / took)
            least, most = MIN_SLICE, MAX_SLICE
        self._slice = max(least, min(most, wanted, 2 * self._slice))

    # -- the next turn's start, worked out ahead

    def after_bank(self) -> Game | None:
        """The position banking now leads to, as :func:`after_bank` finds it."""
        return None if self._game is None else after_bank(self._game)

    def _start_ahead(self) -> None:
        """The figures on the table are settled: on a running loop, go on with the position
        after banking, slice by slice, while idle (see the module's docstring)."""
        loop = _running_loop()
        if loop is None or not self.active():
            return
        try:
            ahead = self.after_bank()
        except Exception:  # a house rule (Python code) that raises: nothing to work out
            return
        if ahead is None:
            return
        self._ahead, self._ahead_spent = ahead, 0
        self._timer = loop.call_later(0, self._tick_ahead)

    def _tick_ahead(self) -> None:
        """One slice of the work on the position after banking (it only fills best_turn's
        cache: nothing is shown until that position is on the table)."""
        self._timer = None
        if not self.active() or self._moved() or self._ahead is None:
            return
        start = time.perf_counter()
        states = self._slice_states()
        try:
            analysis.best_turn(self._ahead, self._widget.objective, max_states=states)
        except analysis.TooManyStates:
            self._ahead_spent += states
        except Exception:  # a house rule that raises: the position itself will say so
            self._ahead = None
            return
        else:
            self._ahead = None  # solved: there at once when the bank is played
            return
        self._size_slice(time.perf_counter() - start)
        if self._ahead_spent >= MAX_STATES:
            self._ahead = None
            return
        loop = _running_loop()
        if loop is not None:
            self._timer = loop.call_later(0, self._tick_ahead)

    # -- guess first

    @property
    def kind(self) -> str:
        """What is on the table: "choice", "forced" (must draw), "aces", "empty", "over"."""
        if self._figures is None or self._moved():
            self.refresh()
        return (self._figures or {}).get("kind", "none")

    def hide(self) -> None:
        self.revealed = False
        self._ballots = {}

    def reveal(self) -> None:
        self.revealed = True
        self.publish()

    @property
    def votes(self) -> dict:
        """The class's split for the decision on the table: ``{"draw": n, "bank": m}``."""
        counts = {"draw": 0, "bank": 0}
        for choice in self._ballots.values():
            counts[choice] += 1
        return counts

    @property
    def ballots(self) -> dict:
        """Each voter's vote for the decision on the table (a copy): ``{voter: choice}``."""
        return dict(self._ballots)

    def vote(self, choice: str, voter=None) -> None:
        """Count a vote: ``voter`` (any hashable name) has one vote, which a new one replaces;
        ``None`` (a click on the teacher's own buttons) is one more vote each time."""
        if voter is None:
            self._clicks += 1
            voter = ("click", self._clicks)
        self._ballots[voter] = choice
        self.publish()

    def is_hidden(self) -> bool:
        return self._widget.guess_first and not self.revealed

    # -- the data

    def data(self, language: str | None = None) -> dict:
        """The panel's JSON-safe data (public information only), its sentences in
        ``language`` (any tag; ``None``: the language the widget speaks)."""
        w = self._widget
        if language is None:
            language = getattr(w, "language", None)
        tr = translator(language)
        if self._figures is None:
            figures = {"kind": "none", "language": tr.language, "deck_left": []}
        else:
            figures = self._figures_in(tr.language)
        best = _best_words(self._best, tr)
        choice = _choice(figures, best, tr) if "one_step" in figures else None
        data = {
            **figures,
            "best": best,
            "choice": choice,
            "winning": _winning_words(self._chances, choice, w.objective, tr)
            if figures.get("kind") == "choice"
            else None,
            "version": w.version,
            "decision": self.decision,
            "guess": {
                "on": bool(w.guess_first),
                "revealed": self.revealed,
                "votes": self.votes,
                "voters": len(self._ballots),
            },
            "hidden": False,
        }
        if self.is_hidden() and figures.get("kind") in ("choice", "forced"):
            data = _hide(data)
            data["hidden"] = True
        if self.is_hidden():
            # How many have voted, not how: the split waits for Reveal like the answers.
            data["guess"]["votes"] = None
        return data

    # -- who is shown the figures

    def active(self) -> bool:
        """Whether any panel is shown (only then are the figures worked out)."""
        return bool(self._widget.show_probabilities or self._followers)

    def follow(self, listener: Callable[[dict], None], *, in_class: bool = False) -> None:
        """Call ``listener(data)`` with the figures whenever they change (a panel of its own);
        ``in_class``: the listener is a class's, so the work is sliced as for a class from now
        on (:meth:`in_class`), its first solve included."""
        self._followers.append(listener)
        if in_class:
            self._class_followers.append(listener)
        self.refresh()

    def unfollow(self, listener: Callable[[dict], None]) -> None:
        if listener in self._followers:
            self._followers.remove(listener)
        if listener in self._class_followers:
            self._class_followers.remove(listener)
        if not self.active():
            self.stop()

    def publish(self) -> None:
        """Send the figures to every panel that is shown."""
        if not self.active():
            return
        data = self.data()
        self._show(data)
        for listener in list(self._followers):
            listener(data)

    # -- requests from a page

    def request(self, intent: str, choice: str | None = None, voter=None) -> None:
        """A reveal or a vote from a page (guess first), a vote by ``voter`` (see :meth:`vote`);
        a request that does not fit the moment raises :class:`BadMessage` with a polite text
        and changes nothing."""
        if not self.active():
            raise BadMessage("The probabilities are not shown; nothing changed.")
        if not self._widget.guess_first:
            raise BadMessage("Guess first is off: the answers are already shown.")
        if self.revealed:
            raise BadMessage("The answers are already revealed for this decision.")
        if intent == "reveal":
            self.reveal()
            return
        if self.kind not in ("choice", "forced"):
            raise BadMessage("There is no draw-or-bank decision to vote on now.")
        if choice not in CHOICES:
            raise BadMessage("A vote is for draw or bank; nothing changed.")
        if choice == "bank" and self.kind != "choice":
            raise BadMessage("The pile is empty: banking is not a choice now.")
        self.vote(choice, voter)
