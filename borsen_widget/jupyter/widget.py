"""The playable widget: Børsen in one notebook cell, for two to eight seats, people or bots.

``BorsenWidget`` is an ``anywidget.AnyWidget``. Its synced traits carry the *public* view of
the game (built by :func:`borsen_widget.classroom.view.build_view` from
``Game.public_state()``, so the deck's order, the RNG's state and the seed never reach the
browser: RULES.md "Hidden information"). Button presses come back as custom messages, each an
*intent* with the version of the view it was made on (see :mod:`borsen_widget.jupyter.protocol`).
Python checks every message: a stale, duplicate or malformed one changes nothing and is
answered with a polite ``notice``; a move the engine refuses is explained in the widget's
words (the engine alone decides what is legal).

Bots play by themselves, ``bot_delay`` seconds apart, scheduled on the kernel's asyncio loop;
with ``bot_delay=0`` or no running loop they play at once. Imports: anywidget, traitlets and the
standard library only (the widget must run in JupyterLite); the teacher's panel and
:mod:`borsen_widget.analysis` are imported only when a panel is first shown, and the classroom
(:meth:`BorsenWidget.classroom`: tornado, segno) only when a class is opened.

Why one module of this size: it is one anywidget class (its traits, its public API, its message
handling and its bots' timing all read the same game and view); the view itself, the protocol,
the teacher's figures and the classroom live in their own modules.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import Sequence

import anywidget
import traitlets

from ..classroom.assets import STATIC
from ..classroom.refusals import Refusal
from ..classroom.table import move_of
from ..classroom.view import build_view
from ..classroom.wire import (
    SEAT_INTENTS,
    TEACHER_INTENTS,
    BadMessage,
    Request,
    read_request,
    request_id,
)
from ..engine.actions import Action
from ..engine.errors import IllegalActionError, RulesError, quote
from ..engine.game import Game
from ..engine.options import OPTION, STRUCTURAL
from ..engine.rules import Rules
from ..i18n import Translator, translator
from .language import Speaking, check_language
from .players import YOU_NAMES, auto_name, find_you, read_seats
from .protocol import PythonOwnsState, notice

__all__ = ["BorsenWidget"]


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class BorsenWidget(PythonOwnsState, Speaking, anywidget.AnyWidget):
    """Play Børsen in a notebook: ``BorsenWidget(rules=Rules(players=3), seats=["Ada", "Bo",
    ThresholdBot(4)], seed=1)``.

    - ``seats``: one entry per seat: a name (a person), a bot (any object with
      ``choose(game)``, named "Bot 1", ...) or ``(name, bot)``. Default: people named
      "Player 1", ... Without ``rules`` the number of seats sets the number of players.
    - ``seed``: the game's seed (stays in Python). ``game``: start from this engine game
      instead (a set position for a lesson), with no ``seed``.
    - ``bot_delay``: seconds between bot moves so people can follow (0: at once).
    - ``allow_undo``: the undo button, for practice; ``False`` for a real match.
    - ``paused``: start with the bots paused (watch a bots-only game step by step).
    - ``show_probabilities``, ``guess_first``, ``objective``: the teacher's panel (below).
    - ``language``: ``"en"``, ``"nb"`` (bokmål) or ``"nn"`` (nynorsk), or any tag naming one
      (``"nb-NO"``); ``w.language = "nn"`` redraws at once and changes nothing in the game.
      Without it: :func:`borsen_widget.set_language`'s choice, else the page's language,
      else English.
    - ``you``: the seat of the person at the screen (its index or name), told in the second
      person ("You win with 25 cards."). Default: the one seat named "You" (or "Du", "Deg",
      "Me", "Meg", "Eg"), if there is exactly one.

    ``w.classroom()`` opens the game to the students' phones (a join card, votes, seats).
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"

    #: The public view of the game (see :func:`borsen_widget.view.build_view`).
    view = traitlets.Dict().tag(sync=True)
    #: The last polite notice: ``{"id": n, "text": "...", "level": "warning" | "info"}``;
    #: ``text`` is empty once a good action has followed.
    notice = traitlets.Dict().tag(sync=True)
    #: The teacher's panel's figures while ``show_probabilities`` is on, else ``{}`` (see
    #: :mod:`borsen_widget.panel`; public information only).
    panel = traitlets.Dict().tag(sync=True)

    #: The join card while a class is open on the students' phones (see :meth:`classroom`):
    #: the address, its QR code, who is here and who holds which seat; ``{}`` otherwise.
    room_card = traitlets.Dict().tag(sync=True)

    #: Show the teacher's panel beside the table: the exact chance that the next draw is
    #: accepted, the deck by rank, and the values of drawing and banking (also the
    #: Probabilities button, key T).
    show_probabilities = traitlets.Bool(False)
    #: Guess first: the panel asks the question and hides the answers until Reveal.
    guess_first = traitlets.Bool(False)
    #: What the panel's values count: ``"own"``, the cards the player to act banks this turn,
    #: or ``"lead"``, those minus the pile the next player takes over (see analysis.best_turn).
    objective = traitlets.Enum(("own", "lead"), default_value="own")

    def __init__(
        self,
        *,
        rules: Rules | None = None,
        seats: Sequence | None = None,
        seed: int | None = None,
        game: Game | None = None,
        bot_delay: float = 0.8,
        allow_undo: bool = True,
        paused: bool = False,
        language: str | None = None,
        you: int | str | None = None,
        **kwargs,
    ):
        check_language(language)  # a bad one raises before anything is made
        if game is not None:
            if not isinstance(game, Game):
                raise ValueError(f"game must be a borsen_widget.Game, not {type(game).__name__}")
            if seed is not None:
                raise ValueError("give either game or seed: a given game already has its seed")
            if rules is not None and rules != game.rules:
                raise ValueError("give either game or rules: a given game has its own rules")
            rules = game.rules
        if rules is not None and not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules object, not {type(rules).__name__}")
        names, bots, auto = read_seats(seats, None if rules is None else rules.players)
        if rules is None:
            rules = Rules(players=len(names))
        if len(names) != rules.players:
            raise ValueError(
                f"the rules are for {rules.players} players but {len(names)} seats were given"
            )
        self._names = names
        self._bots = bots
        self._auto = auto
        self._you = find_you(you, names)
        self._bot_delay = self._check_delay(bot_delay)
        if not isinstance(allow_undo, bool):
            raise ValueError(f"allow_undo must be True or False, not {quote(allow_undo)}")
        if not isinstance(paused, bool):
            raise ValueError(f"paused must be True or False, not {quote(paused)}")
        self._allow_undo = allow_undo
        self._paused = paused
        self._version = 0
        self._notice_id = 0
        self._bot_timer: asyncio.TimerHandle | None = None
        # Who made each undoable engine action since the game began: True for a person.
        self._actors: list[bool] = []
        self._game = game if game is not None else Game(rules, seed)
        self._feed = None  # the teacher's figures, made when a panel is first shown
        self._room = None  # the class on the students' phones, while one is open
        self._view_watchers: dict = {}  # a class's callbacks on a new view (on_view)
        self._ready = False
        self._teller = None  # how the notice shown now is told, in any language
        super().__init__(**kwargs)
        self.init_language(language)
        self.notice = notice("", "info", number=0)
        self.on_msg(self._on_msg)
        self._ready = True
        self._changed()

    # ------------------------------------------------------------------ public reading

    @property
    def game(self) -> Game:
        """The engine's game (after changing it directly, call :meth:`refresh`)."""
        return self._game

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names (those the widget gave, "Player 1", "Bot 1", in the language
        spoken)."""
        return tuple(self._shown_names(self.tr))

    @property
    def you(self) -> int | None:
        """The seat of the person at the screen (told as "you"), or None. Set it to a seat's
        index or name, or to None for nobody."""
        return self._you

    @you.setter
    def you(self, value: int | str | None) -> None:
        found = find_you(value, self._names)
        self._you = None if value is None else found
        self._publish(bump=False)

    @property
    def bots(self) -> tuple:
        """Each seat's bot, or None for a person."""
        return tuple(self._bots)

    @property
    def version(self) -> int:
        """The version of the view now shown; every change raises it."""
        return self._version

    @property
    def rules(self) -> Rules:
        """The rules in force. Setting rules with the same players and decks changes them in
        the running game (logged as a "rules" event); otherwise a new game starts."""
        return self._game.rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        if not isinstance(rules, Rules):
            raise RulesError("rules must be a Rules object, not {kind}", kind=type(rules).__name__)
        old = self._game.rules
        if all(getattr(rules, name) == getattr(old, name) for name in STRUCTURAL):
            self._game.set_rules(rules)
            self._clear_notice()
            self._changed()
            return
        changed = [
            (OPTION[name].label, getattr(old, name), getattr(rules, name))
            for name in STRUCTURAL
            if getattr(old, name) != getattr(rules, name)
        ]
        added = []
        while len(self._names) < rules.players:
            number = len(self._names) + 1
            name = f"Player {number}"
            while name in self._names:
                number += 1
                name = f"Player {number}"
            self._auto[len(self._names)] = ("player", number)
            added.append(len(self._names))
            self._names.append(name)
            self._bots.append(None)
        del self._names[rules.players :]
        del self._bots[rules.players :]
        self._auto = {seat: v for seat, v in self._auto.items() if seat < rules.players}
        if self._you is not None and self._you >= rules.players:
            self._you = None

        def told(tr: Translator) -> str:
            changes = tr.join(
                [
                    tr.gettext("{option} {old} → {new}", option=tr.gettext(label), old=a, new=b)
                    for label, a, b in changed
                ]
            )
            text = tr.gettext(
                "New game: {changes}. That cannot change in the middle of a game.",
                changes=changes,
            )
            if added:
                names = self._shown_names(tr)
                joined = tr.join([names[seat] for seat in added])
                text += " " + tr.gettext("{players} joined the table.", players=joined)
            return text

        self._start(Game(rules))
        self._tell(told, "info")

    @property
    def bot_delay(self) -> float:
        """Seconds between bot moves (0: bots play at once)."""
        return self._bot_delay

    @bot_delay.setter
    def bot_delay(self, value: float) -> None:
        self._bot_delay = self._check_delay(value)

    @property
    def allow_undo(self) -> bool:
        """Whether undo is allowed (practice) or not (a real match)."""
        return self._allow_undo

    @allow_undo.setter
    def allow_undo(self, value: bool) -> None:
        if not isinstance(value, bool):
            raise ValueError(f"allow_undo must be True or False, not {quote(value)}")
        self._allow_undo = value
        self._publish()

    @property
    def paused(self) -> bool:
        """True while the bots wait for :meth:`resume` or :meth:`step`."""
        return self._paused

    # ------------------------------------------------------------------ public moves

    def new_game(self, seed: int | None = None, *, rules: Rules | None = None) -> None:
        """Start over with the same seats (and the same rules unless ``rules`` is given): a
        new shuffled deal, also when this widget was made from a set position."""
        rules = self._game.rules if rules is None else rules
        if not isinstance(rules, Rules):
            raise RulesError("rules must be a Rules object, not {kind}", kind=type(rules).__name__)
        if rules.players != len(self._names):
            raise RulesError(
                "these seats are for {seats} players, the rules for {players}: set w.rules to "
                "change the number of players",
                seats=len(self._names),
                players=rules.players,
            )
        self._start(Game(rules, seed))

    def apply(self, action: Action | str) -> None:
        """Play ``action`` for the seat to act, as a person would (``"draw"``, ``"bank"``,
        ``"list A♠"``); an illegal action raises ``IllegalActionError`` and changes nothing."""
        self._game.apply(action)
        self._actors.append(True)
        self._clear_notice()
        self._changed()

    def undo(self) -> None:
        """Take back the last decision of a person, and every bot move made since (in a
        bots-only game: one bot move, and the bots pause). Raises ``IllegalActionError`` when
        undo is switched off or there is nothing to take back."""
        if not self._allow_undo:
            raise IllegalActionError("undo is switched off for this match (allow_undo=False)")
        if not self._can_undo():
            raise IllegalActionError("there is nothing to undo")
        self._cancel_bots()
        if self._only_bots():
            self._undo_one()
            self._paused = True
        else:
            while self._actors and not self._actors[-1]:
                self._undo_one()
            self._undo_one()
        self._clear_notice()
        self._changed()

    def pause(self) -> None:
        """Stop the bots after the move they are making."""
        self._paused = True
        self._cancel_bots()
        self._publish()

    def resume(self) -> None:
        """Let the bots play on by themselves."""
        self._paused = False
        self._changed()

    def step(self) -> Action | None:
        """Play one bot move now, paused or not; returns it (None when no bot is to act)."""
        if not self._is_bot_turn():
            return None
        self._cancel_bots()
        action = self._play_bot()
        self._changed()
        return action

    def step_bots(self, max_moves: int | None = None) -> int:
        """Play every bot move due now, at once, until a person must act or the game ends
        (or ``max_moves`` moves); returns the number of moves. Works without a kernel."""
        self._cancel_bots()
        moves = 0
        while self._is_bot_turn() and (max_moves is None or moves < max_moves):
            if self._play_bot() is None:
                break
            moves += 1
        self._publish()
        return moves

    def refresh(self) -> None:
        """Show the game again after changing ``w.game`` directly (and let bots play on)."""
        self._changed()

    def reveal(self) -> None:
        """Show the panel's answers for the decision on the table (guess first)."""
        self.teacher.reveal()

    @property
    def teacher(self):
        """The teacher's figures for this game (a
        :class:`~borsen_widget.jupyter.teacher.TeacherFeed`), made on first use: what the
        panel beside the table and every :class:`ProbabilityPanel` show."""
        if self._feed is None:
            from .teacher import TeacherFeed  # the analysis only once a panel is wanted

            self._feed = TeacherFeed(self, self._show_panel)
        return self._feed

    def rules_editor(self):
        """An editor of this game's rules: one control per option, with its rule number,
        validated as you type (see :class:`borsen_widget.rules_editor.RulesEditor`)."""
        from .rules_editor import RulesEditor

        return RulesEditor(self)

    def classroom(
        self,
        host: str = "127.0.0.1",
        *,
        port: int = 0,
        address: str | None = None,
        max_students: int = 60,
        via: str | None = None,
        **lesson,
    ):
        """Open a class: serve a page where students join this game from their own phones,
        answer the questions the teacher poses (``room.ask("chance")``, ``room.reveal()``),
        vote (guess first) and play the seats the teacher opens. Returns the
        :class:`~borsen_widget.classroom.room.Classroom` (``room.url``,
        ``room.projector_url``, ``room.students``, ``room.record``, ``room.scores``,
        ``room.open_seats()``, ``room.rename()``, ``room.remove()``, ``room.lock()``,
        ``room.stop()``). ``lesson``: ``record="lesson-3.jsonl"`` appends the lesson's record
        to that file as it goes, ``resume="lesson-3.jsonl"`` carries a recorded lesson on,
        ``leaderboard=True`` shows names and scores on the projector (off by default).

        How the phones reach it (``via``; :mod:`~borsen_widget.classroom.reach`):
        under a Jupyter server that carries classes (JupyterLab, JupyterHub or Binder with this
        package installed), by default **through that server's own address**
        (``<the notebook's address>borsen/class/<token>/``, https where the teacher's page is
        https), so phones reach it wherever the teacher's notebook is reached; elsewhere, or
        with ``via="direct"``, on a port of its own. Where only this computer can open the
        address, the join card says so and offers to open the class to the classroom's network
        (``room.open_to_network()``: a fixed port, remembered between lessons).

        The class's own server runs on this kernel's own event loop and listens on ``host``:
        this computer only (``"127.0.0.1"``) unless the teacher names another, e.g.
        ``"0.0.0.0"`` for the classroom's network (then ``via="direct"``). ``port`` 0 picks a
        free one; ``address`` is the address students type (by default found from this
        computer's name). A class already open is stopped first. In JupyterLite (Python in the
        browser) there is no server: this says so.
        """
        from ..classroom.room import Classroom  # tornado and segno only once a class is opened
        from .join_card import ClassCard

        if self._room is not None:
            self._room.stop()
        self._room = Classroom(
            self,
            host=host,
            port=port,
            address=address,
            max_students=max_students,
            via=via,
            card=ClassCard,
            **lesson,
        )
        return self._room

    @property
    def room(self):
        """The class open on the students' phones (see :meth:`classroom`), or None."""
        room = self._room
        return room if room is not None and room.is_running else None

    def handle(self, request: Request) -> None:
        """Carry out a checked request (see :func:`~borsen_widget.jupyter.protocol.read_request`)
        as if this widget's page had sent it: a move for the seat to act (checked by the
        engine), a vote or a reveal. Raises :class:`~borsen_widget.jupyter.protocol.BadMessage`
        with the polite text when it cannot be done; the caller shows it to whoever asked."""
        if request.intent in TEACHER_INTENTS:
            self._do_teacher(request)
            self._clear_notice()
        elif request.intent in SEAT_INTENTS:
            if self.room is None:
                raise BadMessage("No class is open on the students' phones; nothing changed.")
            self.room.seat_request(request.intent, request.seat)
            self._clear_notice()
        else:
            self._do(request)

    def close(self) -> None:
        self._cancel_bots()
        if getattr(self, "_feed", None) is not None:
            self._feed.stop()
        if getattr(self, "_room", None) is not None:
            self._room.stop()  # every student's page is told the class has ended
            self._room = None
        super().close()

    # ------------------------------------------------------------------ messages

    def _on_msg(self, _widget, content, _buffers) -> None:
        # hold_sync: the new view and the notice reach the browser in one message.
        with self.hold_sync():
            shown = self._version
            try:
                if self.heard_language(content):  # the page said which language it shows
                    return
                if isinstance(content, dict) and content.get("intent") == "room":
                    # The join card's buttons (ask, reveal, lock, rename, ...): the room's.
                    if self.room is None:
                        raise BadMessage(
                            "No class is open on the students' phones; nothing changed."
                        )
                    self.room.card_request(content)
                    return
                self.handle(read_request(content, version=self._version))
            except BadMessage as error:
                self._tell(lambda tr, e=error: e.say(tr.language), request=request_id(content))
            except Exception as error:  # a house rule, or code watching the widget, raised
                self.log.warning("borsen_widget: a request failed", exc_info=True)
                what = f"{type(error).__name__}: {quote(str(error), 200)[1:-1]}"
                if self._version == shown:
                    # The engine restores the position when a move fails: nothing changed.
                    def told(tr: Translator) -> str:
                        return tr.gettext("That did not work ({what}); nothing changed.", what=what)
                else:  # the move was made and shown; code observing the widget failed after

                    def told(tr: Translator) -> str:
                        return tr.gettext(
                            "Done, but code watching this widget failed ({what}).", what=what
                        )

                self._tell(told, request=request_id(content))

    def _do(self, request: Request) -> None:
        intent = request.intent
        game = self._game
        if intent == "pause":
            self.pause()
            return
        if intent == "resume":
            if not self._paused:
                raise BadMessage("The bots are already playing.")
            self.resume()
            return
        if intent == "step":
            if not self._is_bot_turn():
                raise BadMessage("No bot is to play now.")
            self.step()
            return
        if intent == "new_game":
            self._start(Game(game.rules))
            return
        if intent == "undo":
            if not self._allow_undo:
                raise BadMessage("Undo is switched off for this match.")
            if not self._can_undo():
                raise BadMessage("There is nothing to undo.")
            self.undo()
            return
        # draw, bank, list, keep: a person's move for the seat to act, checked by the engine.
        if not game.is_over and self._bots[game.current_player] is not None:
            who = self._shown_names(self.tr)[game.current_player]
            raise BadMessage("It is {player}'s turn (a bot): wait for it to play.", player=who)
        action = move_of(request)
        try:
            self.apply(action)
        except IllegalActionError as error:
            seat = None if game.is_over else game.current_player
            who = "" if seat is None else self._shown_names(self.tr)[seat]
            raise Refusal(
                error, who, game.rules.max_bank_aces, you=seat is not None and seat == self._you
            ) from None

    def _do_teacher(self, request: Request) -> None:
        """The teacher's panel's requests: show or hide it, guess first, reveal, vote."""
        if request.intent == "panel":
            self.show_probabilities = not self.show_probabilities
        elif request.intent == "guess":
            self.guess_first = not self.guess_first
        else:
            self.teacher.request(request.intent, request.choice)

    # ------------------------------------------------------------------ bots

    def _is_bot_turn(self) -> bool:
        return not self._game.is_over and self._bots[self._game.current_player] is not None

    def _only_bots(self) -> bool:
        return all(bot is not None for bot in self._bots)

    def _play_bot(self) -> Action | None:
        """One bot move, checked; a failing bot pauses the bots and says why."""
        game = self._game
        seat = game.current_player
        bot = self._bots[seat]
        try:
            action = bot.choose(game)
            game.apply(action)
        except Exception as error:  # a user's bot may fail in any way; the game must not
            self._paused = True
            why = f"{type(error).__name__}: {quote(str(error), 200)[1:-1]}"

            def told(tr: Translator) -> str:
                return tr.gettext(
                    "{player} (a bot) could not move: {error}. The bots are paused.",
                    player=self._shown_names(tr)[seat],
                    error=why,
                )

            self._tell(told)
            return None
        self._actors.append(False)
        return Action.parse(action)

    def _schedule_bots(self) -> None:
        self._cancel_bots()
        if self._paused or not self._is_bot_turn():
            return
        loop = _running_loop()
        if self._bot_delay > 0 and loop is not None:
            self._bot_timer = loop.call_later(self._bot_delay, self._bot_tick)
        else:
            self.step_bots()

    def _bot_tick(self) -> None:
        self._bot_timer = None
        if self._paused or not self._is_bot_turn():
            return
        with self.hold_sync():
            self._play_bot()
            self._changed()

    def _cancel_bots(self) -> None:
        # getattr: close() also runs for a widget whose __init__ raised.
        if getattr(self, "_bot_timer", None) is not None:
            self._bot_timer.cancel()
            self._bot_timer = None

    # ------------------------------------------------------------------ undo

    def _can_undo(self) -> bool:
        if not self._game.can_undo:
            return False
        if self._only_bots():
            return True
        # Moves made on w.game directly are not in _actors: count them as a person's.
        return any(self._actors) or len(self._actors) == 0

    def _undo_one(self) -> None:
        self._game.undo()
        if self._actors:
            self._actors.pop()

    # ------------------------------------------------------------------ view

    def _start(self, game: Game) -> None:
        self._cancel_bots()
        self._game = game
        self._actors = []
        self._clear_notice()
        self._changed()

    def _changed(self) -> None:
        self._publish()
        self._schedule_bots()

    def _controls(self) -> dict:
        any_bot = any(bot is not None for bot in self._bots)
        return {
            "allow_undo": self._allow_undo,
            "can_undo": self._allow_undo and self._can_undo(),
            "bots": any_bot,
            "only_bots": self._only_bots(),
            "paused": self._paused,
            "bot_delay": self._bot_delay,
        }

    def _shown_names(self, tr: Translator) -> list[str]:
        """The seats' names in ``tr``'s language: those the widget gave ("Player 1") and the
        seat of the person at the screen named "You" ("Du") are translated."""
        names = list(self._names)
        for seat, (kind, number) in self._auto.items():
            names[seat] = auto_name(kind, number, tr)
        you = self._you
        if you is not None and names[you].casefold() in YOU_NAMES:
            # TRANSLATORS: the name of the seat of the person at the screen.
            names[you] = tr.pgettext("seat", "You")
        return names

    def on_view(self, callback) -> None:
        """Call ``callback()`` whenever a new view is published (a class's table: see
        :class:`borsen_widget.classroom.table.Table`)."""
        watcher = self._view_watchers.setdefault(callback, lambda _change: callback())
        self.observe(watcher, names="view")

    def off_view(self, callback) -> None:
        watcher = self._view_watchers.pop(callback, None)
        if watcher is not None:
            with contextlib.suppress(ValueError):
                self.unobserve(watcher, names="view")

    def view_in(self, language: str | None = None, you: int | None = None) -> dict:
        """The view now shown, told in another ``language`` (any tag) with the seat ``you`` in
        the second person (e.g. a student's phone in its own language, for the seat the
        student holds); the same version as :attr:`view`."""
        return self._build(translator(language), self._version, you)

    def _build(self, tr: Translator, version: int, you: int | None) -> dict:
        game = self._game
        seats = [
            {"name": name, "bot": None if bot is None else str(bot)}
            for name, bot in zip(self._shown_names(tr), self._bots, strict=True)
        ]
        return build_view(
            game.public_state(),
            seats,
            version=version,
            controls=self._controls(),
            rules_text=game.rules.describe(tr.language, leave_out=("players",)),
            need=game.rules.need(game.pile[-1]) if game.pile else None,
            language=tr.language,
            you=you,
        )

    def _publish(self, bump: bool = True) -> None:
        """Send the public view (one message for view and notice); ``bump=False`` when only
        the words change (a new language), so a click made on the view shown still counts."""
        if bump:
            self._version += 1
        self.view = self._build(self.tr, self._version, self._you)
        if self._feed is not None or self.show_probabilities:
            self._teacher_refresh()

    def language_changed(self) -> None:
        """The language spoken changed: tell the view and the notice again (the game, the
        view's version and the notice's id stay as they are)."""
        if not getattr(self, "_ready", False):
            return
        with self.hold_sync():
            if self._teller is not None and self.notice.get("text"):
                old = self.notice
                self.notice = notice(
                    self._teller(self.tr), old["level"], number=old["id"], request=old["request"]
                )
            try:
                self._publish(bump=False)
            except Exception:  # code watching the view failed: set_language must still work
                self.log.warning("borsen_widget: redrawing in a new language failed", exc_info=True)

    # ------------------------------------------------------------------ the teacher's panel

    def _teacher_refresh(self) -> None:
        if not getattr(self, "_ready", False):
            return
        if self._feed is None and not self.show_probabilities:
            return
        if self.teacher.active():
            self.teacher.refresh()
            return
        self._feed.stop()
        self.panel = {}

    def _show_panel(self, data: dict) -> None:
        """The teacher feed's figures, beside the table while ``show_probabilities`` is on."""
        self.panel = data if self.show_probabilities else {}

    @traitlets.observe("show_probabilities", "guess_first", "objective")
    def _teacher_setting(self, change) -> None:
        if change["name"] == "guess_first" and change["new"] and self._feed is not None:
            self._feed.hide()  # switching guess first on hides the answers shown now
        if change["name"] == "show_probabilities" and not change["new"]:
            self.panel = {}
        self._teacher_refresh()

    def _tell(self, told, level: str = "warning", request=None) -> None:
        """Show a notice: ``told(tr)`` writes it in ``tr``'s language (again when the language
        changes while it is shown)."""
        self._teller = told
        self._notice_id += 1
        self.notice = notice(told(self.tr), level, number=self._notice_id, request=request)

    def _clear_notice(self) -> None:
        self._teller = None
        if self.notice.get("text"):
            self._notice_id += 1
            self.notice = notice("", "info", number=self._notice_id)

    @staticmethod
    def _check_delay(value) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"bot_delay must be a number of seconds, not {quote(value)}")
        if not math.isfinite(value) or value < 0:
            raise ValueError(f"bot_delay must be 0 or more seconds, not {quote(value)}")
        return float(value)
