"""Playing to win (R15): :class:`WinningBot` and the win chances of each legal move.

Every other bot maximises cards; R15 says the game is won by having more cards than the others,
so a player far behind should take risks that a player far ahead should not. This bot reads a
table of the chance of winning of every state of a compressed game
(:mod:`~borsen_widget.play.winning_model`: cards and aces left, the lead, the pile's size and
what its top card lets through), solved exactly by backward induction, and looks two draws of
its turn ahead with the deck's *exact* composition (RULES.md §4): for every card the deck still
holds, what it does (accepted, R5/R6, and then the better of banking and drawing once more;
passed on, R7; an ace's robbery, R9, with the real victim and loot) and the table's chance of
winning after it.

- :func:`win_chances` ``(game)`` → ``{action: chance}`` for every legal action, the chance that
  the player to act wins (a tie counted as half) as the bot estimates it: banking (R8) and
  drawing (R4) in play; each legal ace decision (R11/R12) as "my bank after listing".
- :func:`winning_move` ``(game)`` → the legal action with the highest chance.
- :func:`bot_move` ``(game)`` → the action :class:`WinningBot` plays there: the higher
  chance where the two differ by more than :data:`CLOSE` (about one step of the table, and
  within the compressed game's error); where they are closer, the move with the most cards this
  turn that exact bounds prove (:func:`borsen_widget.analysis.best_choice`, as
  :class:`~borsen_widget.play.bots.OptimalTurnBot` plays), so the score decides only where it
  makes a real difference. The blend is what makes it better than every other bot: the table's
  move alone scored 0.514 against ExpectedValueBot (4,000 games), the blend 0.551.
- :class:`WinningBot`: plays :func:`winning_move`. Aces: the keep policy (keep what the limit
  allows, R11/R12), as every built-in bot.

Public information only: both functions read a :class:`~borsen_widget.play.bots.PublicView` of
the game (the pile, the banks, the deck's *composition*, the rules; the bot reads the same
public facts of the game itself, without copying them), never the deck's order; a game whose
hidden order is resampled gets the same answers (``tests/play/test_winning.py``).

With three players or more the table is the field model's (me, my rival = the best of the
others, and the others, who play for cards), solved with NumPy on first use (about 3 s); the
next seat's role (my rival or not) and every draw's effect on every bank are read exactly.
Where NumPy is missing (JupyterLite without it) such a game reads the two-player table, with
the lead over the best of the others.

The table of the original rules for two players ships with the package
(``play/data/winning-v2.bin``, :data:`TABLE_FILE`: the model's key, a SHA-256 of the table and
the table in bytes, each chance in 1/255ths; ``scripts/fit_winning.py`` writes it and
``tests/play/test_winning_table.py`` recomputes it). Other rules get their table on first use,
kept for the session: about a second with NumPy, a minute in pure Python
(:func:`~borsen_widget.play.winning_model.solve`).

Why one module of this size: the bot's move, its chances and the reading of the table are one
computation, made fast in place (a tournament plays thousands of WinningBot games),
and the fast loops sit beside the plain ones they must agree with to the last bit.

Speed (``benchmarks/winning_bot.py``): well under a millisecond per decision (CPython; the
exact bounds only in close positions), pure Python, so it plays in JupyterLite too.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from importlib import resources

from ..analysis import best_choice
from ..engine.actions import BANK, DRAW, Action
from ..engine.cards import Card
from ..engine.errors import quote
from ..engine.game import Game
from ..engine.position import ACES
from ..engine.rules import Rules
from .bots import Bot, PublicView
from .winning_model import ME, MODEL_VERSION, RIVAL, Model, model_of, outcome, solve

#: How close the chances of drawing and banking must be for :func:`winning_move` to play the
#: move with the most cards instead: about one step of the shipped table (each chance kept in
#: 1/255ths) and within the compressed game's error (the full deck's mix, no ace decisions).
#: Measured against ExpectedValueBot (4,000 two-player games, seed 100): 0.0015 → 0.547,
#: 0.003 → 0.557, 0.004 → 0.551, 0.006 → 0.554, 0.01 → 0.552, 0.03 → 0.545; the table's
#: move alone (0) → 0.514 and the most cards alone (1) → 0.502.
CLOSE = 0.004

#: The look-ahead of the exact bounds (best_choice) in close positions: one draw proves 99 % of
#: the choices of 60 games in at most about 5 ms (two draws: 99.9 %, but up to 45 ms).
LOOK_AHEAD = 1

#: The table of the original rules (two players) shipped with the package.
TABLE_FILE = f"winning-v{MODEL_VERSION}.bin"

_TABLES: dict[tuple, bytes] = {}
_MODELS: dict[Rules, Model] = {}


def quantise(values) -> bytes:
    """Chances as bytes, each in 1/255ths (how tables are kept and shipped)."""
    try:
        import numpy as np
    except ImportError:
        return bytes(int(v * 255 + 0.5) for v in values)
    chances = np.frombuffer(memoryview(values).cast("B"), dtype=np.float32)
    return np.floor(chances.astype(np.float64) * 255 + 0.5).astype(np.uint8).tobytes()


def table_key_text(model: Model) -> str:
    """The model's key as text, as the shipped table's header holds it."""
    return repr(model.key())


def read_shipped() -> tuple[dict, bytes]:
    """The shipped table's header (``key``, ``sha256``, ``made_by``) and its bytes."""
    blob = resources.files(__package__).joinpath("data", TABLE_FILE).read_bytes()
    head, _, body = blob.partition(b"\n")
    header = json.loads(head)
    table = zlib.decompress(body)
    if hashlib.sha256(table).hexdigest() != header["sha256"]:
        raise ValueError(f"the table {TABLE_FILE} is damaged: its SHA-256 does not match")
    return header, table


def write_table(path, model: Model, table: bytes, made_by: str) -> None:
    """Write a table file (what :func:`read_shipped` reads)."""
    header = {
        "key": table_key_text(model),
        "sha256": hashlib.sha256(table).hexdigest(),
        "made_by": made_by,
        "model_version": MODEL_VERSION,
    }
    with open(path, "wb") as file:
        file.write(json.dumps(header, sort_keys=True).encode() + b"\n")
        file.write(zlib.compress(table, 9))


def model_for(rules: Rules) -> Model:
    """The compressed game of ``rules`` (kept for the session)."""
    model = _MODELS.get(rules)
    if model is None:
        model = _MODELS[rules] = model_of(rules, field=rules.players > 2 and _has_numpy())
    return model


def _has_numpy() -> bool:
    """Whether NumPy is here to solve the field model (three players or more)."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def table_for(model: Model) -> bytes:
    """The table of ``model``: the shipped one when it is that model's, else solved now and
    kept for the session."""
    key = model.key()
    table = _TABLES.get(key)
    if table is None:
        try:
            header, shipped = read_shipped()
        except (OSError, ValueError):
            header, shipped = {}, b""
        if header.get("key") == repr(key) and len(shipped) == model.size:
            table = shipped
        else:
            table = quantise(solve(model))
        _TABLES[key] = table
    return table


class _Lookup:
    """A model's table with the strides of its flat index (what :meth:`Model.index` computes,
    as one sum per state), made once per model: the bot reads the table some 100 times a
    decision, and the properties and the model's key cost more than the reading."""

    def __init__(self, model: Model):
        self.model = model
        self.table = table_for(model)
        self.lm, self.pile_max, self.aces = model.lead_max, model.pile_max, model.aces
        s_lead = (model.pile_max + 1) * model.tops
        self.s_lead = s_lead
        self.s_who = model.leads * s_lead
        self.whos = model.whos
        self.s_aces = model.whos * self.s_who
        self.s_n = (model.aces + 1) * self.s_aces


#: The last rules asked about and their lookup: a tournament's games all have the same rules
#: object, and hashing Rules (a dataclass of many fields) for every decision costs more than
#: reading the table. One tuple, replaced whole (a reader never sees half of it).
_LAST: tuple = (None, None)


def _lookup(rules: Rules) -> _Lookup:
    """The lookup of ``rules``'s model (kept for the last rules object asked about)."""
    global _LAST
    last = _LAST
    if last[0] is not rules:
        last = _LAST = (rules, _Lookup(model_for(rules)))
    return last[1]


class _Position:
    """What the bot reads of a public view (or of a game: only its public facts, the same
    names), and the table's chance of a state."""

    __slots__ = (
        "aces",
        "after",
        "counts",
        "look",
        "me",
        "model",
        "n",
        "rules",
        "s",
        "scores",
        "table",
        "top",
        "view",
    )

    def __init__(self, view: PublicView | Game):
        self.view = view
        self.rules = view.rules
        self.look = look = _lookup(self.rules)
        self.model = look.model
        self.table = look.table
        self.me = view.current_player
        self.scores = list(view.scores)
        self.n = view.deck_size
        pile = view.pile
        self.s = len(pile)
        self.top = pile[-1] if pile else None
        self.after = None
        if self.model.whos > 1:  # R7, R8: the next seat acts; my rival if it has the most
            others = [b for i, b in enumerate(self.scores) if i != self.me]
            ahead = self.scores[(self.me + 1) % self.rules.players] == max(others)
            self.after = [0.0, 1.0, 0.0] if ahead else [0.0, 0.0, 1.0]
        model = self.model
        self.counts = counts = [0] * len(model.draws)
        for card, copies in view.deck_counts().items():
            counts[model.card_draw[card.index]] += copies
        self.aces = sum(k for k, draw in zip(counts, model.draws, strict=True) if draw[3] >= 0)

    def lead(self, scores, seat: int) -> int:
        """``seat``'s bank minus the highest other bank (R15)."""
        if len(scores) == 2:  # the other bank itself (the same number, without max's loop)
            return scores[seat] - scores[1 - seat]
        return scores[seat] - max(b for i, b in enumerate(scores) if i != seat)

    def q(self, n: int, aces: int, lead: int, s: int, top: int, who: int = ME) -> float:
        """The table's chance that I win (two players: that the player to act wins) with ``n``
        cards left, ``aces`` of them aces, my ``lead``, a pile of ``s`` whose top is of class
        ``top`` held by ``who`` (the field model: me, my rival or another); at ``n = 0`` the
        pile is banked (R14) and the game is over (R15)."""
        if n <= 0:
            return outcome(lead + (s if who == ME else -s if who == RIVAL else 0))
        look = self.look  # Model.index's flat index, as one sum
        lm = look.lm
        lead = -lm if lead < -lm else lm if lead > lm else lead
        s = look.pile_max if s > look.pile_max else s
        aces = look.aces if aces > look.aces else aces
        index = n * look.s_n + aces * look.s_aces + who * look.s_who + (lead + lm) * look.s_lead
        return self.table[index + s * self.model.tops + top] / 255

    def handed(self, n: int, aces: int, lead: int, s: int, top: int) -> float:
        """The chance that I win once my turn ends (R7, R8) and the next player acts holding
        a pile of ``s`` (0: an empty one)."""
        if self.look.whos == 1:
            return 1.0 - self.q(n, aces, -lead, s, top)
        return sum(
            chance * self.q(n, aces, lead, s, top, who)
            for who, chance in enumerate(self.after)
            if chance
        )

    def after_bank(self, scores, n: int, aces: int) -> float:
        """The chance of winning once the pile is in the bank (R8) with these ``scores`` and
        ``n`` cards left: the opponent starts a turn (or, with ``bank_ends_turn=False``, the
        banker does)."""
        lead = self.lead(scores, self.me)
        if n == 0:
            return outcome(lead)
        if self.model.bank_ends_turn:
            return self.handed(n, aces, lead, 0, self.model.empty_top)
        return self.q(n, aces, lead, 0, self.model.empty_top)

    def bank(self) -> float:
        """The chance of winning after banking the pile now (R8)."""
        scores = list(self.scores)
        scores[self.me] += self.s
        return self.after_bank(scores, self.n, self.aces)

    def draw(self, depth: int = 2) -> float:
        """The chance of winning after drawing (R4): the deck's exact composition for the next
        ``depth`` draws of this turn (R5–R7, R9), the table after them."""
        model = self.model
        counts = self.counts
        top = model.empty_top if self.top is None else model.card_top[self.top.index]
        robbable = [sum(not c.is_ace for c in bank) for bank in self.view.banks]
        return self._draw(counts, self.n, self.aces, self.s, top, self.scores, robbable, depth)

    def _draw(self, counts, n, aces, s, top, scores, robbable, depth) -> float:
        if depth == 1 and n > 1 and self.look.whos == 1:
            return self._last_draw(counts, n, aces, s, top, scores, robbable)
        model, rules, me = self.model, self.rules, self.me
        to_pile = model.loot_to_pile
        plain_lead = self.lead(scores, me)
        # After any card but an ace the next draw starts from the same banks, deck size and
        # pile size: banking there and the aces after it are worked out once (the same floats).
        same = {} if depth == 2 and n > 2 and self.look.whos == 1 else None
        total = 0.0
        for d, copies in enumerate(counts):
            if not copies:
                continue
            _, accepted, made, suit = model.draws[d]
            new_scores, new_robbable, grow, left = scores, robbable, 1, aces
            if suit >= 0:
                left = aces - 1
                victim = rules.victim(me, robbable)
                loot = self._loot(suit, victim, robbable) if victim != me else 0
                new_scores, new_robbable = list(scores), list(robbable)
                new_scores[victim] -= loot
                new_robbable[victim] -= loot
                if to_pile:
                    grow += loot
                else:
                    new_scores[me] += loot
                    new_robbable[me] += loot
                lead = self.lead(new_scores, me)
            else:
                lead = plain_lead
            s2 = s + grow
            if accepted[top]:
                if n == 1:
                    value = outcome(lead + s2)
                elif same is not None and suit < 0:
                    counts[d] -= 1
                    banked = same.get("bank")
                    if banked is None:
                        banked = list(scores)
                        banked[me] += s2
                        banked = same["bank"] = self.after_bank(banked, n - 1, left)
                    drawn = self._last_draw(counts, n - 1, left, s2, made, scores, robbable, same)
                    value = max(banked, drawn)
                    counts[d] += 1
                elif depth > 1:
                    counts[d] -= 1
                    banked = list(new_scores)
                    banked[me] += s2
                    value = max(
                        self.after_bank(banked, n - 1, left),
                        self._draw(
                            counts, n - 1, left, s2, made, new_scores, new_robbable, depth - 1
                        ),
                    )
                    counts[d] += 1
                else:
                    value = self.q(n - 1, left, lead, s2, made)
            else:
                value = self.handed(n - 1, left, lead, s2, made)
            total += copies * value
        return total / n

    def _last_draw(self, counts, n, aces, s, top, scores, robbable, same=None) -> float:
        """:meth:`_draw` at ``depth`` 1 with two players and ``n > 1``: the same numbers added in
        the same order (so the bot's moves do not change), the table read at one precomputed
        row for every card but an ace (R9: :meth:`_last_ace`)."""
        look, table = self.look, self.table
        lm, pile_max, s_lead = look.lm, look.pile_max, look.s_lead
        lead = self.lead(scores, self.me)
        clipped = aces if aces < look.aces else look.aces
        base = (n - 1) * look.s_n + clipped * look.s_aces
        row = (pile_max if s + 1 > pile_max else s + 1) * self.model.tops  # the pile: s + 1
        mine = base + ((-lm if lead < -lm else lm if lead > lm else lead) + lm) * s_lead + row
        theirs = base + ((-lm if -lead < -lm else lm if -lead > lm else -lead) + lm) * s_lead + row
        victim = None
        total = 0.0
        draws = self.model.draws
        for d, copies in enumerate(counts):
            if not copies:
                continue
            _, accepted, made, suit = draws[d]
            if suit >= 0:  # an ace: its robbery (R9), exactly as _draw counts it
                key = (d, accepted[top])  # in ``same``, all else is the same
                value = None if same is None else same.get(key)
                if value is None:
                    if victim is None:
                        victim = self.rules.victim(self.me, robbable)
                    value = self._last_ace(
                        suit, accepted[top], made, n, aces, s, scores, robbable, victim
                    )
                    if same is not None:
                        same[key] = value
                total += copies * value
            elif accepted[top]:
                total += copies * (table[mine + made] / 255)
            else:
                total += copies * (1.0 - table[theirs + made] / 255)
        return total / n

    def _last_ace(self, suit, accepted, made, n, aces, s, scores, robbable, victim) -> float:
        """The value :meth:`_draw` gives an ace of ``suit`` drawn at ``depth`` 1 (n > 1) that
        robs ``victim``."""
        me = self.me
        loot = self._loot(suit, victim, robbable) if victim != me else 0
        new_scores = list(scores)
        new_scores[victim] -= loot
        grow = 1
        if self.model.loot_to_pile:
            grow += loot
        else:
            new_scores[me] += loot
        lead = self.lead(new_scores, me)
        if accepted:
            return self.q(n - 1, aces - 1, lead, s + grow, made)
        return self.handed(n - 1, aces - 1, lead, s + grow, made)

    def _loot(self, suit: int, victim: int, robbable) -> int:
        """R9: the cards an ace of ``suit`` robs from ``victim`` (a house ``loot_rule`` reads
        the victim's bank as it is now)."""
        rules = self.rules
        if rules.loot_rule is not None:
            return rules.loot(Card(14, "SHCD"[suit]), self.view.banks[victim])
        return rules.loot_count(suit, robbable[victim])

    def listing(self, action: Action) -> float:
        """The chance of winning after this ace decision (R11/R12): listed aces leave the bank
        for the deck; then the turn ends (R8)."""
        listed = len(action.aces)
        scores = list(self.scores)
        scores[self.me] -= listed
        n = min(self.n + listed, self.model.cards)
        return self.after_bank(scores, n, self.aces + listed)


def win_chances(game: Game | PublicView, draws: int = 2) -> dict[Action, float]:
    """The chance that the player to act wins the game (R15, a tie counted as half) after each
    legal action, as :class:`WinningBot` estimates it: ``{DRAW: 0.58, BANK: 0.61}`` in play
    (R4: only ``DRAW`` on an empty pile; R14: only ``BANK`` on an empty deck), one entry per
    legal ace decision in the ace phase (R11/R12). Reads public information only (a
    :class:`~borsen_widget.play.bots.PublicView` of ``game``). A finished game has no legal
    action: ``{}``. ``draws``: the draws of the turn looked at on the exact deck before the
    table (as :class:`WinningBot`'s)."""
    _checked_draws(draws)
    view = game if isinstance(game, PublicView) else PublicView(game)
    legal = view.legal_actions()
    if not legal:
        return {}
    position = _Position(view)
    if view.phase == ACES:
        return {action: position.listing(action) for action in legal}
    chances = {}
    for action in legal:
        chances[action] = position.draw(draws) if action == DRAW else position.bank()
    return chances


def _checked_draws(draws) -> int:
    """``draws`` (the look-ahead of :func:`win_chances` and :class:`WinningBot`) if it is a
    whole number from 1 to 4, else a ValueError saying so."""
    if isinstance(draws, bool) or not isinstance(draws, int) or not 1 <= draws <= 4:
        raise ValueError(f"draws must be a whole number from 1 to 4, not {quote(draws)}")
    return draws


def winning_move(game: Game) -> Action:
    """The legal action with the highest :func:`win_chances` in ``game`` (banking on a tie);
    aces by the keep policy (R11/R12). :class:`WinningBot` plays it wherever the two chances
    differ by more than :data:`CLOSE` (:func:`bot_move`)."""
    edge = _edge(game)
    if isinstance(edge, Action):
        return edge
    return DRAW if edge > 0 else BANK


def _edge(game: Game, draws: int = 2) -> Action | float:
    """The only sensible move (the aces' keep policy, R11/R12; an empty deck, R14; an empty
    pile, R4), or how much more often drawing wins than banking (looking ``draws`` draws of
    the turn ahead on the exact deck)."""
    if game.phase == ACES:
        return game.automatic_aces("keep")
    if not game.deck_size:
        return BANK
    if not game.pile_size:
        return DRAW
    position = _Position(game)  # reads the game's public facts only (no view to copy them)
    return position.draw(draws) - position.bank()


def bot_move(game: Game, draws: int = 2) -> Action:
    """The move :class:`WinningBot` plays in ``game``: the :func:`winning_move` unless the two
    chances are within :data:`CLOSE` of each other; then the move with the most cards this
    turn where exact bounds prove it (:func:`borsen_widget.analysis.best_choice`, the choice
    of :class:`~borsen_widget.play.bots.OptimalTurnBot`, R4–R9), else the winning move. Aces
    by the keep policy (R11/R12)."""
    edge = _edge(game, draws)
    if isinstance(edge, Action):
        return edge
    if abs(edge) > CLOSE:
        return DRAW if edge > 0 else BANK
    proven = best_choice(game, "own", look_ahead=LOOK_AHEAD, words=False).action
    if proven is None:
        return DRAW if edge > 0 else BANK
    return DRAW if proven == "draw" else BANK


class WinningBot(Bot):
    """Plays to win (R15) rather than for cards: the legal move with the highest chance of
    winning as :func:`win_chances` estimates it (a table of a compressed game solved exactly,
    and the deck's exact composition for the next two draws; see
    :mod:`borsen_widget.play.winning_bot`); where the two chances are within :data:`CLOSE`, the
    move with the most cards that exact bounds prove (:func:`bot_move`).
    Reads only a :class:`~borsen_widget.play.bots.PublicView`; deterministic; aces by the keep
    policy (R11/R12).

    ``draws``: how many draws of the turn it looks ahead on the exact deck before the table
    (2). Three and four take about 5 and 25 times as long and did not play better
    (``benchmarks/winning_bot.py --parts depth``), so the default is the bot."""

    def __init__(self, draws: int = 2):
        self.draws = _checked_draws(draws)

    def choose(self, game: Game) -> Action:
        return bot_move(game, self.draws)

    def __str__(self) -> str:
        return "WinningBot()" if self.draws == 2 else f"WinningBot(draws={self.draws})"


__all__ = [
    "CLOSE",
    "TABLE_FILE",
    "WinningBot",
    "bot_move",
    "model_for",
    "table_for",
    "win_chances",
    "winning_move",
]
