"""The lesson's record as a teacher reads and exports it: ``room.record``.

One row per answer (the last answer each student gave to each question): the question's number
and kind, the public position it was about, the exact answer, the student's answer, when it
came, its error and points once revealed, and whether the card was then accepted. Rows are
plain dicts; :meth:`Record.frame` makes a pandas DataFrame where pandas is installed.

**For a spreadsheet**: ``to_csv(path, excel=True)`` writes what a Norwegian Excel
opens: ``;`` between fields, decimal commas, the headers and yes/no in the room's language
(:mod:`~borsen_widget.classroom.spreadsheet`); plain ``to_csv(path)`` keeps the format
programs read (English column names, commas, decimal points, True/False).

**Names stay in the room.** :meth:`Record.to_csv` writes pseudonyms (``S01``, ``S02``, … in the
order students first joined) instead of names unless asked (``names=True``): a Norwegian school
should not export children's names without need (the GDPR's data minimisation). ``rows`` and
the teacher's own screens show the names.

Two charts tell whether the lesson worked: :meth:`Record.calibration_chart` (of all the times
students said about 70 %, how often was the card accepted?) and :meth:`Record.error_chart`
(the class's mean error on each question, in order: it should fall). :meth:`Record.brier` is
the calibration's one number: the Brier score of the class's chances against what happened,
beside that of the exact chances (the luck of the draw, which no answer can beat on average).
"""

from __future__ import annotations

import csv
import os
from collections.abc import Iterator, Sequence
from fractions import Fraction

from ..i18n import translator
from .lesson import Lesson
from .scoring import error_of, points
from .spreadsheet import play_titles, strategy_titles, write_spreadsheet
from .strategies import STRATEGY_COLUMNS, strategy_rows

__all__ = ["COLUMNS", "PLAY_COLUMNS", "Record"]

#: The columns of a row, in order.
COLUMNS = (
    "question",
    "kind",
    "student",
    "answer",
    "truth",
    "truth_exact",
    "error",
    "points",
    "seconds",
    "revealed",
    "accepted",
    "player",
    "pile",
    "deck",
)

#: The columns of the class's plays at tables: a row per draw and per decision.
PLAY_COLUMNS = (
    "row",
    "table",
    "game",
    "seat",
    "student",
    "by",
    "chance",
    "chance_exact",
    "accepted",
    "choice",
    "best",
    "shown",
    "seconds",
)


class Record(Sequence):
    """The lesson's answers as rows (a sequence of dicts, :data:`COLUMNS`), read live from
    the lesson: each access sees every answer so far. ``language``: the room's, for the
    spreadsheet and the charts."""

    def __init__(self, lesson: Lesson, language: str | None = None):
        self._lesson = lesson
        self.language = language

    def _rows(self, names: bool = True) -> list[dict]:
        lesson = self._lesson
        rows = []
        for q in lesson.questions:
            truth = q.truth.to_dict()
            # A decimal for spreadsheets (which read "3/8" as a date), the fraction beside it.
            shown_truth = truth.get("action", truth.get("value"))
            exact_truth = truth.get("action", truth.get("fraction", truth.get("value")))
            for key, (value, after) in q.answers.items():
                learner = lesson.learners[key]
                error = error_of(value, q.truth) if q.revealed else None
                rows.append(
                    {
                        "question": q.number,
                        "kind": q.kind,
                        "student": learner.name if names else learner.pseudonym,
                        "answer": _text(value),
                        "truth": shown_truth,
                        "truth_exact": exact_truth,
                        "error": None if error is None else float(error),
                        "points": points(value, q.truth) if q.revealed else None,
                        "seconds": after,
                        "revealed": q.revealed,
                        "accepted": q.outcome,
                        "player": q.position.get("player_name"),
                        "pile": len(q.position.get("pile", ())),
                        "deck": q.position.get("deck_size"),
                    }
                )
        return rows

    # -- a sequence of rows

    def __len__(self) -> int:
        return sum(len(q.answers) for q in self._lesson.questions)

    def __getitem__(self, index):
        return self._rows()[index]

    def __iter__(self) -> Iterator[dict]:
        return iter(self._rows())

    @property
    def rows(self) -> list[dict]:
        """Every answer as a row, with the students' names."""
        return self._rows()

    @property
    def events(self) -> list[dict]:
        """Every event of the lesson as it was recorded (the record file's lines)."""
        return list(self._lesson.events)

    def frame(self, names: bool = True):
        """The rows as a pandas DataFrame (pandas is needed: ``pip install pandas``)."""
        import pandas as pd

        return pd.DataFrame(self._rows(names), columns=list(COLUMNS))

    def to_csv(
        self,
        path: str | os.PathLike,
        *,
        names: bool = False,
        excel: bool = False,
        language: str | None = None,
    ) -> str:
        """Write the rows to ``path`` as CSV (UTF-8 with a byte-order mark, so a spreadsheet
        reads the ø and å), pseudonyms instead of names unless ``names=True``. ``excel=True``:
        for a spreadsheet in ``language`` (the room's by default; see the module's text).
        Returns the path."""
        check_flags(names, excel)
        return write_csv(path, self._rows(names), COLUMNS, excel, language or self.language)

    # -- the class at tables

    @property
    def plays(self) -> list[dict]:
        """The class at tables: a row per draw (its exact chance before the card was turned,
        R5 and RULES.md §4, and whether it was accepted) and per person's decision (beside the
        proven best choice), with the students' names (:data:`PLAY_COLUMNS`)."""
        return self._plays(names=True)

    def plays_to_csv(
        self,
        path: str | os.PathLike,
        *,
        names: bool = False,
        excel: bool = False,
        language: str | None = None,
    ) -> str:
        """The plays as CSV, as :meth:`to_csv` writes the answers (pseudonyms unless
        ``names=True``; ``excel=True``: for a spreadsheet in ``language``)."""
        check_flags(names, excel)
        language = language or self.language
        rows = self._plays(names)
        return write_csv(path, rows, PLAY_COLUMNS, excel, language, play_titles)

    def _plays(self, names: bool) -> list[dict]:
        lesson = self._lesson
        started = lesson.events[0]["started"] if lesson.events else 0.0

        def who(key):
            learner = lesson.learners.get(key) if key is not None else None
            if learner is None:
                return None
            return learner.name if names else learner.pseudonym

        rows = []
        for event in lesson.events:
            kind = event["type"]
            if kind == "move" and "left" in event:
                chance = Fraction(event["cards"], event["left"])
                rows.append(
                    {
                        "row": "draw",
                        "table": event["table"],
                        "game": event["game"],
                        "seat": event["seat"],
                        "student": who(event.get("learner")),
                        "by": event["by"],
                        "chance": float(chance),
                        "chance_exact": f"{event['cards']}/{event['left']}",
                        "accepted": event["accepted"],
                        "choice": None,
                        "best": None,
                        "shown": None,
                        "seconds": round(event["at"] - started, 3),
                    }
                )
            elif kind == "decision":
                rows.append(
                    {
                        "row": "decision",
                        "table": event["table"],
                        "game": event["game"],
                        "seat": event["seat"],
                        "student": who(event["learner"]),
                        "by": "person",
                        "chance": None,
                        "chance_exact": None,
                        "accepted": None,
                        "choice": event["choice"],
                        "best": event["best"],
                        "shown": event.get("shown", False),
                        "seconds": round(event["at"] - started, 3),
                    }
                )
        return rows

    # -- the class's strategies

    @property
    def strategies(self) -> list[dict]:
        """Each student's last strategy, with names, and their place in the last tournament
        (:data:`~.strategies.STRATEGY_COLUMNS`)."""
        return strategy_rows(self._lesson, names=True, language=self.language)

    def strategies_to_csv(
        self,
        path: str | os.PathLike,
        *,
        names: bool = False,
        excel: bool = False,
        language: str | None = None,
    ) -> str:
        """The strategies' table as CSV, as :meth:`to_csv` writes the answers (pseudonyms
        unless ``names=True``; ``excel=True``: for a spreadsheet in ``language``)."""
        check_flags(names, excel)
        language = language or self.language
        rows = strategy_rows(self._lesson, names=names, language=language)
        return write_csv(path, rows, STRATEGY_COLUMNS, excel, language, strategy_titles)

    # -- display

    def __repr__(self) -> str:
        return f"<Record: {len(self)} answers to {len(self._lesson.questions)} questions>"

    def _repr_html_(self) -> str:
        try:
            return self.frame()._repr_html_()
        except ImportError:  # no pandas: a plain table
            import html

            head = "".join(f"<th>{c}</th>" for c in COLUMNS)
            body = "".join(
                "<tr>" + "".join(f"<td>{html.escape(str(r[c]))}</td>" for c in COLUMNS) + "</tr>"
                for r in self._rows()
            )
            return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    # -- calibration

    def brier(self) -> dict | None:
        """The Brier score of the class's chances against what happened: the mean of
        ``(a − X)²`` over every answer to a chance question whose card was then drawn (``X`` 1
        if it was accepted, else 0; 0 is perfect, lower is better), beside the same score of
        the exact chances (``exact``: what luck alone costs) and how many ``answers``; None
        before any outcome. It needs many answers to mean much, and it rewards luck, so the
        points use the exact chance instead (:mod:`~borsen_widget.classroom.scoring`)."""
        said, exact = [], []
        for q in self._lesson.questions:
            if q.kind != "chance" or not q.revealed or q.outcome is None:
                continue
            x = 1 if q.outcome else 0
            for value, _ in q.answers.values():
                said.append((Fraction(value) - x) ** 2)
                exact.append((Fraction(q.truth.value) - x) ** 2)
        if not said:
            return None
        n = len(said)
        return {"class": float(sum(said) / n), "exact": float(sum(exact) / n), "answers": n}

    # -- charts

    def calibration_chart(self, language: str | None = None):
        """How well the class's chances matched what happened: for each tenth of stated
        chance, how often the card was then accepted (and the exact chance), against the
        diagonal of perfect calibration."""
        from ..sim.charts import Chart

        language = language or self.language
        tr = translator(language)
        rows = self._lesson.calibration()
        chart = Chart(
            tr.gettext("Calibration: the chances the class said, and what happened"),
            x=tr.gettext("The chance students said"),
            y=tr.gettext("How often the card was accepted"),
            x_domain=(0, 1),
            y_domain=(0, 1),
            language=language,
        )
        chart.line([0, 1], [0, 1], label=tr.gettext("Perfect calibration"), dash=True, color="grey")
        if rows:
            said = [r["said"] for r in rows]
            accepted = [r["accepted"] for r in rows]
            exact = [r["exact"] for r in rows]
            chart.line(said, accepted, label=tr.gettext("Accepted"), points=True)
            chart.line(said, exact, label=tr.gettext("Exact chance"), points=True)
        return chart

    def error_chart(self, language: str | None = None):
        """The class's mean error on each revealed question, in order, as a share of the worst
        possible answer (0 = every answer exact): if the lesson works, it falls."""
        from ..sim.charts import Chart

        language = language or self.language
        tr = translator(language)
        rows = self._lesson.mean_share_by_question()
        # Whole question numbers on the axis, and half a question's room past the first and
        # the last, so their points are drawn whole (not an axis of
        # "1,0 1,5 2,0 …" and a point cut in half).
        last = max((r[0] for r in rows), default=1)
        chart = Chart(
            tr.gettext("The class's mean error, question by question"),
            x=tr.gettext("Question"),
            y=tr.gettext("Mean error (share of the worst possible)"),
            x_domain=(0.5, last + 0.5),
            y_domain=(0, 1),
            x_whole=True,
            language=language,
        )
        if rows:
            chart.line([r[0] for r in rows], [r[2] for r in rows], points=True)
        return chart


def _text(value) -> str | int | float:
    """An answer for a row: a number as a decimal (the record's events keep it exactly)."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def check_flags(names, excel) -> None:
    for name, flag in (("names", names), ("excel", excel)):
        if not isinstance(flag, bool):
            raise ValueError(f"{name} must be True or False, not {flag!r}")


def write_csv(path, rows, columns, excel: bool, language: str, titles=None) -> str:
    """``rows`` as CSV at ``path`` (UTF-8 with a byte-order mark): for programs, or with
    ``excel=True`` for a spreadsheet in ``language`` (``titles(tr)``: the columns' headers, if
    not the answers'). Returns the path."""
    if excel:
        tr = translator(language)
        return write_spreadsheet(path, rows, columns, tr, None if titles is None else titles(tr))
    path = os.fspath(path)
    with open(path, "w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(columns))
        writer.writeheader()
        for row in rows:
            writer.writerow({k: "" if v is None else v for k, v in row.items()})
    return path
