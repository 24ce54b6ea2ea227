"""What the teacher's Python shows of a question and the scores.

``room.ask(...)``, ``room.reveal()`` and ``room.question`` return a :class:`QuestionShown`,
``room.scores`` a :class:`ScoresShown`: each is the same ``dict`` a program has always read
(``shown["truth"]["fraction"]``, ``room.scores["Åse"]``, ``json.dumps``, ``==`` with a dict),
and in a notebook cell it shows itself in the room's language, as the join card does: the
question in words, its exact answer, how many answered and, after the reveal, how the class
did; the scores as a table, best first. Nothing here is sent to a phone.
"""

from __future__ import annotations

import html
from fractions import Fraction

from ..i18n import Translator, translator

__all__ = ["QuestionShown", "ScoresShown", "Shown", "TablesShown", "question_lines"]


def _percent(tr: Translator, value) -> str:
    """A chance as a percentage with at most one decimal (37,5 %), as the phones write it."""
    tenths = round(Fraction(value) * 1000)
    return tr.percent(value, 0 if tenths % 10 == 0 else 1)


def _question_text(tr: Translator, q: dict) -> str:
    """The question in words (the phones' own sentences)."""
    player = q.get("player") or ""
    kind = q.get("kind")
    if kind == "chance":
        return tr.gettext(
            "What is the chance that the next card {player} draws is accepted?", player=player
        )
    if kind == "count":
        n = int(q.get("deck_size") or 0)
        return tr.ngettext(
            "How many of the {count} card left in the deck would be accepted on top of the pile?",
            "How many of the {count} cards left in the deck would be accepted on top of the pile?",
            n,
            count=n,
        )
    if kind == "expected":
        return tr.gettext(
            "How many cards will {player} bank on average this turn if they draw exactly once "
            "more and then bank?",
            player=player,
        )
    n = int(q.get("pile_size") or 0)
    return tr.ngettext(
        "{player}: draw once more, or bank the pile's {count} card?",
        "{player}: draw once more, or bank the pile's {count} cards?",
        n,
        player=player,
        count=n,
    )


def _truth_text(tr: Translator, q: dict) -> str:
    truth = q.get("truth") or {}
    if q.get("kind") == "choice":
        action = truth.get("action")
        if action == "either":
            return tr.gettext(
                "Drawing and banking are worth exactly the same here: both answers are right."
            )
        if action == "draw":
            return tr.gettext("The best choice: draw.")
        return tr.gettext("The best choice: bank.")
    if q.get("kind") == "count":
        answer = tr.number(truth.get("value", 0))
    else:
        exact = Fraction(truth.get("fraction", "0"))
        sign = "=" if exact == Fraction(round(exact * 1000), 1000) else "≈"
        parts = [tr.fraction(exact)] if exact.denominator != 1 else []
        parts.append(tr.number(exact, 3))
        if q.get("kind") == "chance":
            parts.append(_percent(tr, exact))
        answer = f" {sign} ".join(parts)
    return tr.gettext("The exact answer: {answer}.", answer=answer)


def _error_text(tr: Translator, kind: str, error: float) -> str:
    if kind == "chance":
        n = round(error * 1000) / 10
        return tr.ngettext(
            "{count} percentage point", "{count} percentage points", _form(n), count=n
        )
    n = round(error * 100) / 100
    return tr.ngettext("{count} card", "{count} cards", _form(n), count=n)


def _form(n: float) -> int:
    """The number that picks a plural form: a whole number as itself; a decimal (2,5) is
    plural in English, bokmål and nynorsk, as 2 is."""
    return int(n) if float(n).is_integer() else 2


def question_lines(q: dict, tr: Translator) -> list[str]:
    """The question as the teacher reads it: a sentence a line."""
    state = q.get("state")
    if state not in ("open", "revealed"):
        return [tr.gettext("No question has been posed yet.")]
    number = q.get("id")
    lines = [
        tr.gettext("Question {number} is open.", number=number)
        if state == "open"
        else tr.gettext("Question {number} has been revealed.", number=number),
        _question_text(tr, q),
    ]
    if "truth" in q:
        lines.append(_truth_text(tr, q))
        if state == "open":
            lines.append(tr.gettext("The students see it when you reveal the question."))
    n = int(q.get("answered") or 0)
    lines.append(
        tr.ngettext(
            "{count} of {total} has answered.",
            "{count} of {total} have answered.",
            n,
            count=n,
            total=int(q.get("students") or 0),
        )
    )
    if state == "revealed":
        if q.get("kind") == "choice" and q.get("right") is not None:
            right = int(q["right"])
            lines.append(
                tr.ngettext(
                    "{count} of {total} chose right.",
                    "{count} of {total} chose right.",
                    right,
                    count=right,
                    total=len(q.get("answers") or ()),
                )
            )
        elif q.get("mean_error") is not None:
            error = _error_text(tr, q["kind"], q["mean_error"])
            lines.append(tr.gettext("The class was off by {error} on average.", error=error))
    return lines


class Shown(dict):
    """What a teacher's call returns: a dict (the data, for programs), shown in the room's
    ``language`` in a cell as sentences (:meth:`lines`; ``str``, IPython's pretty printer and
    HTML). ``repr()`` stays the dict's (a program, a debugger, a log)."""

    def __init__(self, data: dict, language: str | None = None):
        super().__init__(data)
        self.language = language

    def lines(self) -> list[str]:
        raise NotImplementedError

    __repr__ = dict.__repr__

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_pretty_(self, printer, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        body = "".join(f"<p style='margin:.2em 0'>{html.escape(x)}</p>" for x in self.lines())
        return f"<div class='borsen-shown'>{body}</div>"


class QuestionShown(Shown):
    """The question as the teacher sees it (see :class:`Shown`), its first line in bold."""

    def lines(self) -> list[str]:
        return question_lines(self, translator(self.language))

    def _repr_html_(self) -> str:
        lines = [html.escape(line) for line in self.lines()]
        head, rest = lines[0], lines[1:]
        body = "".join(f"<p style='margin:.2em 0'>{line}</p>" for line in rest)
        head = f"<p style='margin:.2em 0'><b>{head}</b></p>"
        return f"<div class='borsen-question'>{head}{body}</div>"


class ScoresShown(Shown):
    """Each student's total points, by name (see :class:`Shown`), shown as a table, best
    first."""

    def ranked(self) -> list[tuple[str, int]]:
        return sorted(self.items(), key=lambda item: (-item[1], item[0]))

    def lines(self) -> list[str]:
        tr = translator(self.language)
        if not self:
            return [tr.gettext("No student has joined yet.")]
        lines = [tr.gettext("Points so far:")]
        for name, total in self.ranked():
            lines.append(
                tr.ngettext(
                    "{name}: {count} point", "{name}: {count} points", total, name=name, count=total
                )
            )
        return lines

    def _repr_html_(self) -> str:
        tr = translator(self.language)
        if not self:
            return f"<p>{html.escape(tr.gettext('No student has joined yet.'))}</p>"
        student = html.escape(tr.pgettext("column", "Student"))
        points = html.escape(tr.pgettext("column", "Points"))
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td><td style='text-align:right'>"
            f"{html.escape(tr.number(total))}</td></tr>"
            for name, total in self.ranked()
        )
        return (
            f"<table class='borsen-scores'><thead><tr><th>{student}</th>"
            f"<th>{points}</th></tr></thead><tbody>{rows}</tbody></table>"
        )


class TablesShown(dict):
    """The class at tables as the teacher's cell shows it (``room.seat_tables``,
    ``room.class_tables``): every table, its game, its seats and banks, and the class's
    figures."""

    def __init__(self, data: dict, language: str):
        super().__init__(data)
        self.language = language

    def _repr_html_(self) -> str:
        escape = html.escape
        tr = translator(self.language)
        rows = []
        for table in self["tables"]:
            seats = []
            for seat in table["seats"]:
                who = escape(seat["name"])
                if seat["bot"]:
                    who += " " + escape(tr.gettext("(a bot)"))
                elif seat["away"]:
                    who += " " + escape(tr.gettext("(away: a bot plays for now)"))
                elif not seat["here"]:
                    who += " " + escape(tr.gettext("(not connected)"))
                if table["turn"] == seat["seat"]:
                    who = f"<strong>{who}</strong>"
                seats.append(f"{who}: {seat['bank']}")
            state = (
                tr.gettext("Game {game}: over.", game=table["game"])
                if table["over"]
                else tr.gettext("Game {game}: playing.", game=table["game"])
            )
            rows.append(
                f"<tr><th scope='row'>{table['number']}</th><td>{escape(state)}</td>"
                f"<td>{'; '.join(seats)}</td></tr>"
            )
        titles = (
            # TRANSLATORS: the columns of the teacher's display of the class at tables.
            tr.pgettext("tables display", "Table"),
            tr.pgettext("tables display", "Game"),
            tr.pgettext("tables display", "Seats and banks"),
        )
        head = "<tr>" + "".join(f"<th scope='col'>{escape(t)}</th>" for t in titles) + "</tr>"
        figures = self["experiment"]
        line = tr.ngettext(
            "The class drew {count} time: {accepted} accepted, where the theory expected "
            "{expected}.",
            "The class drew {count} times: {accepted} accepted, where the theory expected "
            "{expected}.",
            figures["draws"],
            count=figures["draws"],
            accepted=figures["accepted"],
            expected=tr.number(figures["expected"], 1),
        )
        return f"<table><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table><p>{line}</p>"
