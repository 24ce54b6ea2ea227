"""The class's tournament: every pair of players plays, the projector streams it, and
the ranking is the league's.

``tournament(players, games=200, seed=1)`` plays, for two players, every pair of ``players``
(the class's strategies, :class:`~borsen_widget.play.bots.Bot` objects or specs, and the house
bots, :func:`house_bots`, WinningBot the "boss") ``games`` games, seats taking turns so each
sits first in half. A pair's games are exactly :func:`~borsen_widget.sim.league.league`'s
(the same seeds, the fast path where it plays both bots, else the reference engine; see
:mod:`~borsen_widget.sim.tournament_pairs`), a tie is half a point (R15), and the ranking is the
league's Bradley–Terry ratings with their 95 % intervals: ``tournament(...)`` ranks exactly as
``league(...)`` of the same players, games and seed does, only faster (pairs in two processes,
only the points kept).

``progress(event)`` is called as the tournament goes (for a projector to stream): first
``{"kind": "start", "done": 0, "total": pairs, ...}``, then one ``"pair"`` event as each pair
finishes (``done`` counting up, the pair's ``players`` and ``points``, and the ``standings`` so
far: each player's points, games and win rate, best first), last ``{"kind": "done", ...}``
with the final standings. Events are plain JSON-safe data, without seeds.

The result (:class:`TournamentResult`): ``ranking`` (name, place, rating, rating_low,
rating_high, points, games, win_rate), ``pairs`` (as the league's), ``tables()``, ``plot()``,
``summary(language)`` (whole sentences), ``standing(name, language)`` (one player's place as a
sentence), :meth:`~TournamentResult.replay_top_two` (a game of the top two, card by card) and
:meth:`~TournamentResult.lesson` (one position where a player and WinningBot disagree, in words).

Imports: the standard library, the engine's rules and seeds, :mod:`borsen_widget.i18n`, the bots
and WinningBot's table, and this package's league, tables and tournament helpers.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from numbers import Integral

from ..engine.errors import BorsenError, quote
from ..engine.randomness import MAX_SEED
from ..engine.rules import Rules
from ..i18n import N_, NP_, resolve_language, translator
from ..play.bots import ExpectedValueBot, ProbabilityBot, RandomBot, ThresholdBot
from ..play.specs import as_bot
from ..play.winning_bot import WinningBot, model_for, table_for
from .league import ELO, HEADERS, LeagueResult
from .seeding import game_seed
from .tables import Table
from .tournament_pairs import pair_numbers, play_pairs, workers_for
from .tournament_replays import find_lesson, replay_pair_game, say_lesson

__all__ = [
    "MAX_PAIR_GAMES",
    "MAX_PLAYERS",
    "TournamentError",
    "TournamentResult",
    "check_games_and_seed",
    "house_bots",
    "tournament",
]

#: The most players of one tournament (4,950 pairs): a class and its house bots, with room.
MAX_PLAYERS = 100
#: The most games one pair plays: 200 is the lesson's; 10,000 still ends in minutes with a
#: few reference-engine bots, more would keep a class waiting.
MAX_PAIR_GAMES = 10_000
_Z = 1.959963984540054

RANKING_HEADERS = {
    **HEADERS,
    "name": NP_("table column", "player"),
    # TRANSLATORS: a player's place in the tournament's ranking (1 is the winner).
    "place": NP_("table column", "place"),
}


class TournamentError(BorsenError):
    """A tournament that cannot be played as asked; ``str()`` is English, :meth:`say` tells
    it in a language (a whole sentence of the catalogues)."""

    def __init__(self, message: str, plural: str | None = None, n: int = 0, **values):
        super().__init__(message, plural=plural, n=n, **values)


def house_bots() -> list:
    """The package's bots a class plays against: WinningBot (the "boss", playing to win, R15),
    ExpectedValueBot, ThresholdBot(4), ProbabilityBot(0.5) and RandomBot."""
    return [WinningBot(), ExpectedValueBot(), ThresholdBot(4), ProbabilityBot(0.5), RandomBot()]


def check_games_and_seed(games, seed) -> None:
    """Raise :class:`TournamentError` unless ``games`` (a pair's) and ``seed`` are as a
    tournament takes them (the classroom checks them before it starts the games' thread)."""
    if (
        isinstance(games, bool)
        or not isinstance(games, Integral)
        or not 2 <= games <= MAX_PAIR_GAMES
        or games % 2
    ):
        raise TournamentError(
            N_(
                "The games of each pair must be an even whole number from 2 to {most}, "
                "so that each player sits first in half of them, not {value}."
            ),
            most=MAX_PAIR_GAMES,
            value=quote(games),
        )
    if isinstance(seed, bool) or not isinstance(seed, Integral) or not 0 <= seed <= MAX_SEED:
        raise TournamentError(
            N_("The seed must be a whole number from 0 to 2**64 - 1, not {value}."),
            value=quote(seed),
        )


def _check(players, games, seed, rules, progress, workers) -> tuple:
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise TournamentError(N_("The players of a tournament must be a sequence of strategies."))
    if len(players) > MAX_PLAYERS:
        raise TournamentError(
            N_("A tournament has at most {most} players, not {count}."),
            most=MAX_PLAYERS,
            count=len(players),
        )
    if len(players) < 2:
        raise TournamentError(
            N_("A tournament needs two players or more, not {count}."), count=len(players)
        )
    bots = [as_bot(p) for p in players]
    names = [str(b) for b in bots]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise TournamentError(
                N_("Every player of a tournament needs a name of its own: {name} plays twice."),
                name=name,
            )
    check_games_and_seed(games, seed)
    if rules is None:
        rules = Rules(players=2)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules object, not {type(rules).__name__}")
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 256
    ):
        raise ValueError(f"workers must be a whole number from 1 to 256, not {quote(workers)}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of one event, not {quote(progress)}")
    return bots, names, int(games), int(seed), rules.replace(players=2)


def tournament(
    players: Sequence,
    *,
    games: int = 200,
    seed: int = 1,
    rules: Rules | None = None,
    progress: Callable[[dict], object] | None = None,
    language: str | None = None,
    workers: int | None = None,
) -> TournamentResult:
    """Every pair of ``players`` plays ``games`` two-player games under ``rules`` (``None``:
    the original rules), seeded from ``seed`` as :func:`~borsen_widget.sim.league.league`
    seeds them; ``progress(event)`` is told as pairs finish (see the module). ``workers``:
    processes (``None``: the machine's cores; one in a browser). Bad arguments raise
    :class:`TournamentError` (a ``ValueError`` that says itself in en/nb/nn) before any game."""
    bots, names, games, seed, rules = _check(players, games, seed, rules, progress, workers)
    if language is not None:
        language = resolve_language(language)
    if any(isinstance(b, WinningBot) for b in bots):
        table_for(model_for(rules))  # loaded once, before the worker processes fork
    k = len(bots)
    pairs = pair_numbers(k)
    points = [[0.0] * k for _ in range(k)]
    totals = [[0.0, 0] for _ in range(k)]
    engines = [""] * len(pairs)
    pair_seconds = [0.0] * len(pairs)
    pair_cpu = [0.0] * len(pairs)
    started = time.perf_counter()
    tell = progress or (lambda event: None)
    tell({"kind": "start", "done": 0, "total": len(pairs), "standings": _standings(names, totals)})
    workers = workers_for(workers, bots, len(pairs))
    for done, pair in enumerate(play_pairs(bots, rules, seed, games, workers), 1):
        i, j = pair.first, pair.second
        points[i][j] += pair.first_points
        points[j][i] += pair.second_points
        for who, won in ((i, pair.first_points), (j, pair.second_points)):
            totals[who][0] += won
            totals[who][1] += pair.games
        engines[pair.number] = pair.engine
        pair_seconds[pair.number] = pair.seconds
        pair_cpu[pair.number] = pair.cpu
        tell(
            {
                "kind": "pair",
                "done": done,
                "total": len(pairs),
                "players": [names[i], names[j]],
                "points": [pair.first_points, pair.second_points],
                "games": pair.games,
                "standings": _standings(names, totals),
            }
        )
    seconds = time.perf_counter() - started
    totals = [tuple(t) for t in totals]
    league = LeagueResult(names, points, totals, [], rules, 2, games, seed, language)
    result = TournamentResult(bots, league, engines, pair_seconds, seconds)
    result.workers, result.pair_cpu = workers, pair_cpu
    tell({"kind": "done", "done": len(pairs), "total": len(pairs), "standings": result.rows()})
    return result


def _standings(names, totals) -> list[dict]:
    """Each player's points, games and win rate so far, best first (a tie by name)."""
    rows = [
        {"name": name, "points": won, "games": played, "win_rate": won / played if played else 0}
        for name, (won, played) in zip(names, totals, strict=True)
    ]
    rows.sort(key=lambda r: (-r["win_rate"], r["name"]))
    return rows


class TournamentResult:
    """What :func:`tournament` returns: ``players`` (names), ``bots``, ``games`` (a pair),
    ``seed``, ``rules``, ``seconds``, ``engines``, ``pair_seconds`` and ``pair_cpu`` (which
    engine played each pair and how long it took, by pair number), ``workers``, ``league`` (the same
    figures as a :class:`~borsen_widget.sim.league.LeagueResult`: ``points``, ``theta``,
    ``errors``, ``prior``), the tables and the sentences (see the module)."""

    def __init__(self, bots, league: LeagueResult, engines, pair_seconds, seconds: float):
        self.bots = list(bots)
        self.league = league
        self.players = list(league.bots)
        self.games, self.seed, self.rules = league.games, league.seed, league.rules
        self.language = league.language
        self.engines = engines
        self.pair_seconds = pair_seconds
        self.pair_cpu = [0.0] * len(engines)
        self.workers = 1
        self.seconds = seconds

    def rows(self) -> list[dict]:
        """The ranking as plain data, best first: ``name``, ``place`` (equal ratings share a
        place), ``rating``, ``rating_low``, ``rating_high`` (Elo scale, 95 %), ``points``,
        ``games``, ``win_rate``."""
        league = self.league
        rows = []
        for i, name in enumerate(self.players):
            won, played = league.totals[i]
            rating, half = ELO * league.theta[i], _Z * ELO * league.errors[i]
            rows.append(
                {
                    "name": name,
                    "place": 0,
                    "rating": rating,
                    "rating_low": rating - half,
                    "rating_high": rating + half,
                    "points": won,
                    "games": played,
                    "win_rate": won / played if played else math.nan,
                }
            )
        rows.sort(key=lambda r: -r["rating"])  # as the league sorts (stable)
        for place, row in enumerate(rows, 1):
            before = rows[place - 2] if place > 1 else None
            tied = before is not None and abs(before["rating"] - row["rating"]) < 1e-9
            row["place"] = before["place"] if tied else place
        return rows

    def players_by_place(self) -> list[str]:
        """The players' names, best first."""
        return [row["name"] for row in self.rows()]

    def _ranking(self, language: str | None = None) -> Table:
        rows = self.rows()
        keys = ("name", "place", "rating", "rating_low", "rating_high", "points", "games")
        columns = {key: [row[key] for row in rows] for key in (*keys, "win_rate")}
        return Table(
            columns,
            index="name",
            digits=3,
            headers=RANKING_HEADERS,
            language=language or self.language,
        )

    def tables(self) -> dict[str, Table]:
        """``ranking`` and ``pairs`` as :class:`~borsen_widget.sim.tables.Table` objects."""
        return {"ranking": self._ranking(), "pairs": self.league.tables()["pairs"]}

    @property
    def ranking(self):
        """One row per player, best first (a DataFrame where pandas is installed)."""
        return _frame(self._ranking())

    @property
    def pairs(self):
        """One row per ordered pair of players, as the league's (a DataFrame where pandas is)."""
        return self.league.pairs

    def plot(self, language: str | None = None):
        """The ratings with their 95 % intervals (the league's chart)."""
        return self.league.plot(language)

    def row(self, name: str) -> dict:
        """The ranking's row of the player named ``name`` (a ``KeyError`` for another)."""
        for row in self.rows():
            if row["name"] == name:
                return row
        raise KeyError(f"no player of this tournament is named {quote(name)}")

    def standing(self, name: str, language: str | None = None) -> str:
        """The player's place, rating and interval as a sentence (for its phone)."""
        tr = translator(language or self.language)
        row = self.row(name)
        return tr.gettext(
            "{name} came in place {place} of {count}, with a rating of {rating} "
            "(95 % interval {low} to {high}) and {points} points in {games} games.",
            name=name,
            place=row["place"],
            count=len(self.players),
            rating=round(row["rating"]),
            low=round(row["rating_low"]),
            high=round(row["rating_high"]),
            points=row["points"],
            games=row["games"],
        )

    def summary(self, language: str | None = None) -> list[str]:
        """The tournament in whole sentences: what was played, and who won."""
        tr = translator(language or self.language)
        k = len(self.players)
        pairs = k * (k - 1) // 2
        first = self.rows()[0]
        return [
            tr.ngettext(
                "{players} players played each other: {pairs} pair, {games} games each.",
                "{players} players played each other: {pairs} pairs, {games} games each.",
                pairs,
                players=k,
                pairs=pairs,
                games=self.games,
            ),
            tr.gettext(
                "{name} won the tournament with a rating of {rating} (95 % interval {low} to "
                "{high}).",
                name=first["name"],
                rating=round(first["rating"]),
                low=round(first["rating_low"]),
                high=round(first["rating_high"]),
            ),
        ]

    def replay_top_two(self, language: str | None = None) -> dict:
        """One game between the top two of the ranking, card by card (a game the winner won
        where one of the first few does): ``players``, ``scores``, ``winners``, ``lines``
        (the log in words) and ``events`` (see
        :func:`~borsen_widget.sim.tournament_replays.replay_pair_game`)."""
        top = [self.players.index(row["name"]) for row in self.rows()[:2]]
        i, j = sorted(top)  # the pair's seats follow the league's order
        number = pair_numbers(len(self.players)).index((i, j))
        return replay_pair_game(
            self.rules,
            [self.bots[i], self.bots[j]],
            [self.players[i], self.players[j]],
            game_seed(self.seed, number),
            self._tr(language).language,
            better=0 if top[0] == i else 1,
        )

    def lesson(self, player: str, language: str | None = None) -> dict | None:
        """One position of ``player``'s games where its draw-or-bank move and WinningBot's
        disagree, the chances of winning both ways (R15) and the position, with ``text`` in
        words; ``None`` for WinningBot itself, or when no such position turns up."""
        p = self.players.index(self.row(player)["name"])
        k = len(self.players)
        mine = []
        for number, (i, j) in enumerate(pair_numbers(k)):
            if p in (i, j):
                other = j if i == p else i
                boss = isinstance(self.bots[other], WinningBot)
                mine.append((not boss, other, game_seed(self.seed, number), 0 if i == p else 1))
        mine.sort(key=lambda m: m[0])  # the pair with WinningBot first, then the league's order
        found = find_lesson(self.rules, p, self.bots, [m[1:] for m in mine])
        if found is None:
            return None
        opponent = self.players[found.pop("opponent")]
        text = say_lesson(found, opponent, self._tr(language).language)
        return {"player": player, "opponent": opponent, **found, "text": text}

    def _tr(self, language):
        return translator(language or self.language)

    def _repr_html_(self) -> str:
        import html

        words = "".join(f"<p>{html.escape(s)}</p>" for s in self.summary())
        return words + self._ranking()._repr_html_()

    def __repr__(self) -> str:
        return "\n".join([*self.summary("en"), self._ranking("en").to_string()])


def _frame(table: Table):
    try:
        import pandas  # noqa: F401
    except ImportError:
        return table
    return table.to_pandas()
