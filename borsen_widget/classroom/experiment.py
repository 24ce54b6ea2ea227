"""The class's experiment: every draw at every table with its exact chance, pooled.

Before each card is turned its chance of being accepted is exact and public (R5, RULES.md §4):
p = (cards left that R5 accepts) / (cards left). Over n draws of any mix of chances the theory
expects Σp accepted, with spread √Σp(1−p) (each draw's chance is exact given what was seen
before it, so the count minus Σp is a martingale and ±2 spreads is the right scale). So the
class's pooled draws show the law of large numbers: the share accepted settles on the share
expected, within a band that narrows as the draws add up; and grouped by chance (draws at about
30 %, about 50 %, …) each group's share lies on the diagonal.

:class:`Experiment` keeps the class's draws (:class:`Draw`) and decisions (:class:`Decision`:
a person's choice between drawing and banking, beside the proven best choice where the bounds
prove one, :func:`~borsen_widget.analysis.best_choice`) and reads its figures: the projector's
(:meth:`Experiment.figures`, no names) and each pupil's (:meth:`Experiment.figures_of`). Draws
that cannot fail (an empty pile, an ace on top: p = 1) are kept but left out of the figures:
nothing is random about them. Only people's draws count: the bots' are the bots' experiment.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable
from fractions import Fraction

__all__ = ["BANDS", "SERIES_POINTS", "Decision", "Draw", "Experiment"]

#: The bands of chance the calibration chart groups draws in: [0, 10 %), …, [90 %, 100 %].
BANDS = 10
#: The most points of the running series sent to the projector (the last is the totals).
SERIES_POINTS = 200


@dataclasses.dataclass(frozen=True)
class Draw:
    """One draw: its table (from 1), the game there, the seat, the learner who drew (their
    key; None for a bot's draw), its exact chance ``accepted / left`` and whether it was."""

    table: int
    game: int
    seat: int
    learner: str | None
    accepted_cards: int
    left: int
    accepted: bool

    @property
    def chance(self) -> Fraction:
        return Fraction(self.accepted_cards, self.left)

    @property
    def counts(self) -> bool:
        """Whether it is in the class's figures: a person's draw that could fail."""
        return self.learner is not None and self.accepted_cards < self.left


@dataclasses.dataclass(frozen=True)
class Decision:
    """A person's choice between drawing and banking (R4): what they chose, the proven best
    choice (``"draw"``, ``"bank"``, or None where the bounds did not decide), and whether the
    phone showed the exact chance when it was made (the teacher's switch)."""

    table: int
    game: int
    seat: int
    learner: str
    action: str
    best: str | None
    shown: bool = False


class Experiment:
    """The class's draws and decisions, and their figures (see the module's text)."""

    def __init__(self):
        self.draws: list[Draw] = []
        self.decisions: list[Decision] = []
        self._series: list[dict] = []
        self._totals = _Totals()
        self._certain = 0
        self._bands = [_Totals() for _ in range(BANDS)]
        self._by_learner: dict[str, _Totals] = {}
        self._choices: dict[str, list[int]] = {}  # learner → [decisions, proven, best]

    @classmethod
    def recount(cls, draws: Iterable[Draw], decisions: Iterable[Decision]) -> Experiment:
        """The experiment of these draws and decisions (a record read back, a recount)."""
        experiment = cls()
        for draw in draws:
            experiment.add_draw(draw)
        for decision in decisions:
            experiment.add_decision(decision)
        return experiment

    # ------------------------------------------------------------------ adding

    def add_draw(self, draw: Draw) -> None:
        self.draws.append(draw)
        if draw.learner is None:
            return
        if not draw.counts:
            self._certain += 1
            return
        p = draw.chance
        self._totals.add(p, draw.accepted)
        self._bands[min(BANDS - 1, int(p * BANDS))].add(p, draw.accepted)
        self._by_learner.setdefault(draw.learner, _Totals()).add(p, draw.accepted)
        self._series.append(self._totals.point())

    def add_decision(self, decision: Decision) -> None:
        self.decisions.append(decision)
        counts = self._choices.setdefault(decision.learner, [0, 0, 0])
        counts[0] += 1
        if decision.best is not None:
            counts[1] += 1
            counts[2] += decision.action == decision.best

    # ------------------------------------------------------------------ reading

    @property
    def expected(self) -> Fraction:
        """The accepted draws the theory expects of the class's counted draws: Σp, exact."""
        return self._totals.expected

    @property
    def accepted(self) -> int:
        return self._totals.accepted

    def __len__(self) -> int:
        """The class's counted draws (people's, that could fail)."""
        return self._totals.draws

    def figures(self, *, tables: int = 0, players: int = 0) -> dict:
        """The projector's figures (no names): totals, the bands of chance, the running
        series (at most :data:`SERIES_POINTS` points, the last the totals)."""
        bands = []
        for i, band in enumerate(self._bands):
            bands.append(
                {
                    "low": i / BANDS,
                    "high": (i + 1) / BANDS,
                    "draws": band.draws,
                    "accepted": band.accepted,
                    "mean": None if not band.draws else round(float(band.expected / band.draws), 4),
                }
            )
        return {
            **self._totals.point(),
            "certain": self._certain,
            "tables": tables,
            "players": players,
            "bands": bands,
            "series": _thin(self._series, SERIES_POINTS),
        }

    def figures_of(self, learner: str) -> dict:
        """One pupil's figures: their counted draws, accepted, expected; their decisions, how
        many had a proven best choice and how many of those they chose."""
        mine = self._by_learner.get(learner, _Totals()).point()
        decisions, proven, best = self._choices.get(learner, (0, 0, 0))
        return {
            "draws": mine["draws"],
            "accepted": mine["accepted"],
            "expected": mine["expected"],
            "decisions": decisions,
            "proven": proven,
            "best": best,
        }

    def choices(self) -> dict:
        """The class's proven decisions and how many were the best choice, with the exact
        chance hidden and shown on the phones: ``{"hidden": {"proven", "best"}, "shown": …}``
        (did the class choose better once it saw the chance?)."""
        out = {"hidden": {"proven": 0, "best": 0}, "shown": {"proven": 0, "best": 0}}
        for decision in self.decisions:
            if decision.best is not None:
                counts = out["shown" if decision.shown else "hidden"]
                counts["proven"] += 1
                counts["best"] += decision.action == decision.best
        return out

    # ------------------------------------------------------------------ charts

    def calibration_chart(self, language: str | None = None):
        """The projector's first chart for a notebook (a Vega-Lite chart): the share of the
        class's draws accepted, band by band of their exact chance, against the diagonal where
        the theory says it must lie."""
        from ..i18n import translator
        from ..sim.charts import Chart

        tr = translator(language)
        chart = Chart(
            tr.gettext("Is the share accepted the chance?"),
            x=tr.gettext("The exact chance of the draw"),
            y=tr.gettext("Share accepted"),
            x_domain=(0, 1),
            y_domain=(0, 1),
            y_format="%",
            language=language,
        )
        chart.line(
            [0, 1], [0, 1], label=tr.gettext("The diagonal: what the theory says"), dash=True
        )
        bands = [b for b in self.figures()["bands"] if b["draws"]]
        if bands:
            chart.line(
                [b["mean"] for b in bands],
                [b["accepted"] / b["draws"] for b in bands],
                label=tr.gettext("The class: share accepted so far"),
                points=True,
            )
        return chart

    def law_chart(self, language: str | None = None):
        """The projector's second chart for a notebook: the class's running share of accepted
        draws, the share the theory expects (Σp over the draws so far) and its range of ±2
        standard deviations, √Σp(1−p), which narrows as the draws add up."""
        from ..i18n import translator
        from ..sim.charts import Chart

        tr = translator(language)
        chart = Chart(
            tr.gettext("The more draws, the closer to the theory"),
            x=tr.gettext("Number of draws"),
            y=tr.gettext("Share accepted"),
            y_domain=(0, 1),
            y_format="%",
            language=language,
            x_whole=True,
        )
        points = _thin(self._series, SERIES_POINTS) or [
            {"draws": 0, "accepted": 0, "expected": 0.0, "spread": 0.0}
        ]
        draws = [p["draws"] for p in points]
        n = [max(1, d) for d in draws]
        theory = [p["expected"] / k for p, k in zip(points, n, strict=True)]
        width = [2 * p["spread"] / k for p, k in zip(points, n, strict=True)]
        chart.band(
            draws,
            [max(0.0, t - w) for t, w in zip(theory, width, strict=True)],
            [min(1.0, t + w) for t, w in zip(theory, width, strict=True)],
            label=tr.gettext("The theory's range: expected ± 2 standard deviations"),
        )
        chart.line(draws, theory, label=tr.gettext("The theory: the share it expects"), dash=True)
        chart.line(
            draws,
            [p["accepted"] / k for p, k in zip(points, n, strict=True)],
            label=tr.gettext("The class: share accepted so far"),
        )
        return chart

    def class_figures(self) -> dict:
        point = self._totals.point()
        return {k: point[k] for k in ("draws", "accepted", "expected")}


class _Totals:
    """Draws, accepted, Σp (exact) and Σp(1−p) (exact) of a group of draws."""

    __slots__ = ("accepted", "draws", "expected", "variance")

    def __init__(self):
        self.draws = 0
        self.accepted = 0
        self.expected = Fraction(0)
        self.variance = Fraction(0)

    def add(self, p: Fraction, accepted: bool) -> None:
        self.draws += 1
        self.accepted += bool(accepted)
        self.expected += p
        self.variance += p * (1 - p)

    def point(self) -> dict:
        return {
            "draws": self.draws,
            "accepted": self.accepted,
            "expected": round(float(self.expected), 4),
            "spread": round(math.sqrt(self.variance), 4),
        }


def _thin(points: list[dict], most: int) -> list[dict]:
    """At most ``most`` of ``points``, evenly spread, the first and the last kept."""
    if len(points) <= most:
        return list(points)
    step = (len(points) - 1) / (most - 1)
    return [points[round(i * step)] for i in range(most)]
