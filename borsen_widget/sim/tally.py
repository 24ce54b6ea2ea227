"""The running sums of a tournament, chunk by chunk, and the tables made of them.

:class:`Tally` adds each chunk's games as it comes back (in pure Python for the reference
engine's columns, with NumPy for the fast path's) and keeps the chunks themselves only when the
per-game rows are wanted; :class:`Standing` is one seat's or one bot's figures.

The tables' column names (``games``, ``wins``, ``win_rate``, ``ci_low``, ``ci_high``,
``mean_score``; ``seed``, ``turns``, ``end_reason``, ``score_0`` … of the games) are what
programs read, the same in every language: ``result.by_bot["win_rate"]``, the ``DataFrame``,
the CSV. What a person reads over them is in :data:`HEADERS` (messages of the catalogues):
each :class:`~borsen_widget.sim.tables.Table` made here carries them, so its HTML and text
(the result's summary, its HTML in a notebook) say "vinnerandel" in bokmål over the column
``win_rate``. A pandas ``DataFrame`` shows its column names.

Imports: the standard library, the engine's end reasons, the Wilson interval of the rollouts,
:mod:`borsen_widget.i18n` and :class:`~borsen_widget.sim.tables.Table`; NumPy and pandas only
for the fast path's chunks and the ``DataFrame`` of the games.
"""

from __future__ import annotations

import math
from array import array
from typing import NamedTuple

from ..engine.events import END_REASONS
from ..i18n import NP_
from ..play.rollouts import wilson_interval
from .tables import Table

__all__ = ["HEADERS", "STANDING_FIELDS", "STATISTICS", "Standing", "Tally"]

#: The statistics of every game that the result sums (``result.mean(...)``).
STATISTICS = ("turns", "robberies", "loot", "aces_listed")


class Standing(NamedTuple):
    """One seat's or one bot's figures: ``wins`` of ``games`` (a shared win counts for every
    winner, R15), the ``win_rate`` with its 95 % Wilson interval, and the mean score."""

    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float


#: The columns of ``by_seat`` and ``by_bot``, in order.
STANDING_FIELDS = ("games", "wins", "win_rate", "ci_low", "ci_high", "mean_score")

#: What a person reads over each column of the tables (and their index), by column name.
HEADERS = {
    "seat": NP_("table column", "seat"),
    # TRANSLATORS: the strategy that played (ThresholdBot(4), RandomBot(), ...).
    "bot": NP_("table column", "bot"),
    "games": NP_("table column", "games"),
    "wins": NP_("table column", "wins"),
    "win_rate": NP_("table column", "win rate"),
    # TRANSLATORS: the two ends of the 95 % interval around the win rate.
    "ci_low": NP_("table column", "lowest (95 %)"),
    "ci_high": NP_("table column", "highest (95 %)"),
    # TRANSLATORS: the mean number of cards banked at the end of a game (the score).
    "mean_score": NP_("table column", "mean score"),
    "game": NP_("table column", "game"),
    # TRANSLATORS: the number that decides a game's cards (the random seed).
    "seed": NP_("table column", "seed"),
    "turns": NP_("table column", "turns"),
    # TRANSLATORS: "deck" (the deck ran out) or "max_turns" (the turn limit).
    "end_reason": NP_("table column", "how it ended"),
    "winners": NP_("table column", "winning seats"),
    "robberies": NP_("table column", "robberies"),
    # TRANSLATORS: the cards robbed in a game.
    "loot": NP_("table column", "loot"),
    "aces_listed": NP_("table column", "aces listed"),
}
#: How the games' table tells its ``end_reason`` values (they stay "deck", "max_turns").
END_WORDS = {
    "deck": NP_("end reason", "the deck ran out"),
    "max_turns": NP_("end reason", "the turn limit"),
}
SCORE_HEADER = NP_("table column", "score of seat {seat}")
BOT_HEADER = NP_("table column", "bot in seat {seat}")


class Tally:
    """The running sums of a simulation, chunk by chunk; the games' rows only when kept."""

    def __init__(self, players: int, names: list[str], rotate: bool, keep: bool):
        self.players = players
        self.rotate = rotate
        self.unique = list(dict.fromkeys(names))
        self.code_of = [self.unique.index(name) for name in names]  # bot position → name
        self.count = 0
        self.seat_wins = [0] * players
        self.seat_score = [0] * players
        self.bot_games = [0] * len(self.unique)
        self.bot_wins = [0] * len(self.unique)
        self.bot_score = [0] * len(self.unique)
        self.totals = dict.fromkeys(STATISTICS, 0)
        self.ends = [0] * len(END_REASONS)
        self.kept: list[dict] | None = [] if keep else None

    def add(self, start: int, chunk: dict) -> None:
        """Add the games of one chunk, games ``start`` … in order."""
        if isinstance(chunk["scores"], array):
            self._add_pure(start, chunk)
        else:
            self._add_numpy(start, chunk)
        if self.kept is not None:
            self.kept.append(chunk)

    def _add_pure(self, start: int, chunk: dict) -> None:
        n, code_of, rotate = self.players, self.code_of, self.rotate
        scores = chunk["scores"]
        count = len(scores) // n
        seat_wins, seat_score = self.seat_wins, self.seat_score
        bot_games, bot_wins, bot_score = self.bot_games, self.bot_wins, self.bot_score
        for row in range(count):
            game = scores[row * n : (row + 1) * n]
            best = max(game)
            shift = (start + row) % n if rotate else 0
            for seat, score in enumerate(game):
                code = code_of[(seat + shift) % n]
                won = score == best
                seat_wins[seat] += won
                seat_score[seat] += score
                bot_games[code] += 1
                bot_wins[code] += won
                bot_score[code] += score
        self._add_totals(chunk, count, sum, lambda ends, k: ends.count(k))

    def _add_numpy(self, start: int, chunk: dict) -> None:
        import numpy as np

        n = self.players
        scores = np.asarray(chunk["scores"], dtype=np.int64).reshape(-1, n)
        count = len(scores)
        wins = scores == scores.max(1, keepdims=True) if count else np.zeros((0, n), dtype=bool)
        index = np.arange(start, start + count)
        code_of = np.array(self.code_of)
        for seat in range(n):
            self.seat_wins[seat] += int(wins[:, seat].sum())
            self.seat_score[seat] += int(scores[:, seat].sum())
            position = (seat + index) % n if self.rotate else np.full(count, seat)
            codes = code_of[position]
            size = len(self.unique)
            games = np.bincount(codes, minlength=size)
            won = np.bincount(codes[wins[:, seat]], minlength=size)
            total = np.zeros(size, dtype=np.int64)
            np.add.at(total, codes, scores[:, seat])
            for code in range(size):
                self.bot_games[code] += int(games[code])
                self.bot_wins[code] += int(won[code])
                self.bot_score[code] += int(total[code])
        self._add_totals(
            chunk,
            count,
            lambda values: int(np.asarray(values, dtype=np.int64).sum()),
            lambda ends, k: int((np.asarray(ends) == k).sum()),
        )

    def _add_totals(self, chunk, count, total, count_of) -> None:
        self.count += count
        for name, key in zip(STATISTICS, ("turns", "robberies", "loot", "listed"), strict=True):
            self.totals[name] += total(chunk[key])
        for k in range(len(END_REASONS)):
            self.ends[k] += count_of(chunk["end"], k)

    # ------------------------------------------------------------------ tables

    def standing(self, wins: int, games: int, score: int) -> Standing:
        low, high = wilson_interval(wins, games)
        return Standing(
            games,
            wins,
            wins / games if games else math.nan,
            float(low),
            float(high),
            score / games if games else math.nan,
        )

    def seat_table(self) -> Table:
        rows = [
            self.standing(self.seat_wins[s], self.count, self.seat_score[s])
            for s in range(self.players)
        ]
        return _standings_table(rows, list(range(self.players)), "seat")

    def bot_table(self) -> Table:
        rows = [
            self.standing(self.bot_wins[c], self.bot_games[c], self.bot_score[c])
            for c in range(len(self.unique))
        ]
        return _standings_table(rows, list(self.unique), "bot")

    def games_table(self, names: list[str]) -> Table:
        """The kept games as a :class:`Table` (pure Python)."""
        n = self.players
        columns: dict[str, list] = {key: [] for key in ("seed", "turns", "end_reason", "winners")}
        scores: list[list[int]] = [[] for _ in range(n)]
        extra = {"robberies": [], "loot": [], "aces_listed": []}
        for chunk in self.kept or []:
            flat = _as_ints(chunk["scores"])
            columns["seed"] += _as_ints(chunk["seeds"])
            columns["turns"] += _as_ints(chunk["turns"])
            columns["end_reason"] += [END_REASONS[k] for k in _as_ints(chunk["end"])]
            for row in range(len(flat) // n):
                game = flat[row * n : (row + 1) * n]
                best = max(game)
                columns["winners"].append(tuple(s for s in range(n) if game[s] == best))
                for seat in range(n):
                    scores[seat].append(game[seat])
            extra["robberies"] += _as_ints(chunk["robberies"])
            extra["loot"] += _as_ints(chunk["loot"])
            extra["aces_listed"] += _as_ints(chunk["listed"])
        count = len(columns["seed"])
        for seat in range(n):
            columns[f"score_{seat}"] = scores[seat]
        for seat in range(n):
            columns[f"bot_{seat}"] = [
                names[(seat + (i % n if self.rotate else 0)) % n] for i in range(count)
            ]
        columns.update(extra)
        headers = dict(HEADERS)
        for seat in range(n):
            headers[f"score_{seat}"] = (*SCORE_HEADER, {"seat": seat})
            headers[f"bot_{seat}"] = (*BOT_HEADER, {"seat": seat})
        return Table(
            columns,
            index=list(range(count)),
            index_name="game",
            headers=headers,
            ungrouped=("seed",),
            words={"end_reason": END_WORDS},
        )

    def games_frame(self, names: list[str]):
        """The kept games as a pandas ``DataFrame`` (NumPy and pandas are installed)."""
        import numpy as np
        import pandas as pd

        n = self.players
        chunks = self.kept or []

        def join(key, dtype=np.int64):
            parts = [np.asarray(c[key], dtype=dtype) for c in chunks]
            return np.concatenate(parts) if parts else np.zeros(0, dtype=dtype)

        scores = join("scores").reshape(-1, n)
        count = len(scores)
        columns = {
            "seed": join("seeds"),
            "turns": join("turns"),
            "end_reason": pd.Categorical.from_codes(join("end"), categories=list(END_REASONS)),
            "winners": _winner_tuples(scores),
        }
        for seat in range(n):
            columns[f"score_{seat}"] = scores[:, seat].astype(np.int32)
        code_of = np.array([self.unique.index(name) for name in names])
        index = np.arange(count)
        for seat in range(n):
            bot = (seat + index) % n if self.rotate else np.full(count, seat)
            columns[f"bot_{seat}"] = pd.Categorical.from_codes(code_of[bot], categories=self.unique)
        columns["robberies"] = join("robberies")
        columns["loot"] = join("loot")
        columns["aces_listed"] = join("listed")
        frame = pd.DataFrame(columns)
        frame.index.name = "game"
        return frame


def _as_ints(values) -> list[int]:
    """A chunk's column (an ``array`` of the reference engine, a NumPy array of the fast
    path, by game and seat) as a flat list of ``int``."""
    ravel = getattr(values, "ravel", None)
    return [int(v) for v in (ravel().tolist() if callable(ravel) else values)]


def _standings_table(rows: list[Standing], index: list, name: str) -> Table:
    columns = {field: [getattr(row, field) for row in rows] for field in STANDING_FIELDS}
    return Table(columns, index=index, index_name=name, headers=HEADERS)


def _winner_tuples(scores):
    """The winning seats of every game as tuples (R15: equal scores share the win)."""
    import numpy as np

    if len(scores) == 0:
        return np.empty(0, dtype=object)
    n = scores.shape[1]
    wins = scores == scores.max(1, keepdims=True)
    codes = (wins * (1 << np.arange(n))).sum(1)
    table = np.empty(1 << n, dtype=object)
    for code in range(1 << n):
        table[code] = tuple(s for s in range(n) if code >> s & 1)
    return table[codes]
