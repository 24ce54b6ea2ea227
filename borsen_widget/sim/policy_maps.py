"""Policy maps of the small game, as Neller and Presser drew them for Pig: at a
moment of the game (the deck's cards left, the pile's top card), the best move for every
split of the other cards between your bank, the other player's bank and the pile, to win
(:mod:`borsen_widget.analysis.small_games`) and for cards (OptimalTurnBot's rule), in one colour
per pair of moves.

A :class:`PolicyMaps` is a Vega-Lite specification drawn by the notebook itself, offline, like
:class:`~borsen_widget.sim.charts.Chart` (the same MIME type, number locale and no-null rule);
its words are the catalogues' (en, nb, nn). Standard library only (it runs in JupyterLite).
"""

from __future__ import annotations

import json

from ..analysis.small_games import small_report
from ..i18n import N_, resolve_language, translator
from .charts import MIME_TYPE, SCHEMA, vega_config

__all__ = ["PolicyMaps", "small_policy_maps"]

#: The four colours: both goals draw, both bank, and the two ways they disagree.
KINDS = (
    (("draw", "draw"), N_("Draw (both goals)"), "#54a24b"),
    (("bank", "bank"), N_("Bank (both goals)"), "#4c78a8"),
    (("draw", "bank"), N_("Draw to win, bank for cards"), "#f58518"),
    (("bank", "draw"), N_("Bank to win, draw for cards"), "#e45756"),
)


class PolicyMaps:
    """Policy maps side by side, one per moment of the game (see the module's docstring).

    ``maps``: a report's ``"maps"`` (:func:`~borsen_widget.analysis.small_games.build_report`:
    each the deck's non-aces left by rank, the top card's rank index, the aces left in the deck
    as a bit mask, and the rows of :func:`~borsen_widget.analysis.small_games.policy_slice`);
    ``ranks``: the small deck's ranks; ``language``: ``"en"``, ``"nb"``, ``"nn"``, or ``None``
    for the chosen one."""

    def __init__(self, maps: list[dict], ranks, language: str | None = None):
        if not maps:
            raise ValueError("policy maps need at least one map")
        self.maps = maps
        self.ranks = tuple(ranks)
        self.language = None if language is None else resolve_language(language)

    def to_dict(self) -> dict:
        """The Vega-Lite specification (plain JSON data), in the maps' language."""
        language = resolve_language(self.language)
        tr = translator(language)
        names = [tr.gettext(label) for _, label, _ in KINDS]
        colours = [colour for _, _, colour in KINDS]
        kind_of = {moves: tr.gettext(label) for moves, label, _ in KINDS}
        fields = {
            "mine": tr.gettext("Cards in your bank"),
            "theirs": tr.gettext("Cards in the other player's bank"),
            "pile": tr.gettext("Cards in the pile"),
            "move": tr.gettext("Best move"),
            "draw": tr.gettext("Chance of winning if you draw"),
            "bank": tr.gettext("Chance of winning if you bank"),
        }
        panels = []
        for m in self.maps:
            rows = [
                {
                    "mine": r["mine"],
                    "theirs": r["theirs"],
                    "pile": r["pile"],
                    "move": kind_of[(r["win"], r["cards"])],
                    "draw": round(r["draw"], 3),
                    "bank": round(r["bank"], 3),
                }
                for r in m["rows"]
            ]
            aces = int(m.get("aces", 0)).bit_count()
            left = sum(m["left"]) + aces
            title = tr.ngettext(
                "Top card {top}, {count} card left in the deck",
                "Top card {top}, {count} cards left in the deck",
                left,
                top=tr.rank_word(self.ranks[m["top"]]),
                count=left,
            )
            if aces:
                subtitle = tr.ngettext(
                    "{count} of them an ace", "{count} of them aces", aces, count=aces
                )
            else:
                subtitle = tr.gettext("No aces left in the deck")
            panels.append(
                {
                    "title": {"text": title, "subtitle": subtitle},
                    "width": 180,
                    "height": 180,
                    "data": {"values": rows},
                    "mark": {"type": "rect", "stroke": "white"},
                    "encoding": {
                        "x": {"field": "mine", "type": "ordinal", "title": fields["mine"],
                              "axis": {"labelAngle": 0}},
                        "y": {"field": "theirs", "type": "ordinal", "title": fields["theirs"],
                              "sort": "descending"},
                        "color": {
                            "field": "move",
                            "type": "nominal",
                            "title": fields["move"],
                            "scale": {"domain": names, "range": colours},
                        },
                        "tooltip": [
                            {"field": key, "type": "quantitative", "title": fields[key],
                             **({"format": ".0%"} if key in ("draw", "bank") else {})}
                            for key in ("mine", "theirs", "pile", "draw", "bank")
                        ] + [{"field": "move", "type": "nominal", "title": fields["move"]}],
                    },
                }
            )  # fmt: skip
        return {
            "$schema": SCHEMA,
            "title": tr.gettext(
                "The best move in the 16-card game: to win, and for cards this turn"
            ),
            "hconcat": panels,
            "config": vega_config(language),
        }

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        return {MIME_TYPE: self.to_dict(), "text/plain": repr(self)}

    def to_json(self) -> str:
        """The specification as JSON text."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def __repr__(self) -> str:
        return f"<PolicyMaps: {len(self.maps)} maps (Vega-Lite)>"


def small_policy_maps(language: str | None = None) -> PolicyMaps:
    """The policy maps of the shipped 16-card report (:func:`~borsen_widget.analysis.
    winning.small_report`), in ``language``."""
    report = small_report()
    deck = report["deck"]
    return PolicyMaps(report["maps"], deck["ranks"], language)
