"""The public view of a game: the one place that decides what a screen may see.

:func:`build_view` turns the engine's :meth:`~borsen_widget.Game.public_state` (public
information only, RULES.md "Hidden information") plus the seats' names into the JSON-safe dict
that the widget syncs to the browser. It never sees the :class:`~borsen_widget.Game` itself, so
the deck's order, the random generator's state and the seed cannot leak through it: two games
that differ only in those give the same view.

The event list is the engine's narration (:func:`borsen_widget.engine.events.narrate`) with
the players' names, one line per thing that happened ("Bo drew 4♣ — lower than 6♠: the pile
passes to Cy."). Every text is told in the language asked for (``"en"``, ``"nb"``, ``"nn"``),
the seat of the person at the screen (``you``) in the second person ("You win with 25 cards.",
"Du vinner med 25 kort.").

Standard library only, like the engine: the widget must run in JupyterLite too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine.events import Event, narrate, winner_sentence
from ..engine.words import card_list, seat_name
from ..i18n import Translator, translator

__all__ = ["build_view", "event_lines"]

#: How many event lines the view carries (the newest last).
EVENT_LINES = 30
# Events narrated for those lines: a line tells at most a few events, so this tail suffices.
_EVENTS_TOLD = 8 * EVENT_LINES


def event_lines(
    log: Sequence[Mapping],
    names: Sequence[str],
    *,
    loot_to: str = "bank",
    language: str | None = "en",
    you: int | None = None,
) -> list:
    """The newest lines of the log (``public_state()["log"]``) as the engine narrates it in
    ``language``, the seat ``you`` told as "you": ``{"id", "kind", "seat", "target", "text",
    "said"}``, ``id`` the index of the line's first event, ``said`` the sentence a screen reader
    is given (its cards named in words)."""
    start = max(0, len(log) - _EVENTS_TOLD)
    events = [Event.from_dict(e) for e in log[start:]]
    lines = narrate(events, names, loot_to=loot_to, language=language, you=you)
    said = narrate(events, names, loot_to=loot_to, language=language, you=you, spoken=True)
    if start:
        lines, said = lines[1:], said[1:]  # the oldest line may have lost its story's start
    for line, spoken in zip(lines, said, strict=True):
        line["id"] += start
        line["said"] = spoken["text"]
    return lines[-EVENT_LINES:]


def _ace_decision(state: Mapping, names: Sequence[str], tr: Translator, you) -> dict | None:
    """What the player deciding on aces must know (R11–R13), or None when nothing is pending.
    The text speaks to the person deciding (the dialog is shown to them only)."""
    if state["phase"] != "aces":
        return None
    seat = state["current_player"]
    pending = list(state["pending_aces"])
    to_list = state["aces_to_list"]
    limit = state["rules"]["max_bank_aces"]
    held = state["bank_aces"][seat]
    aces = card_list(pending)
    if to_list:
        text = " ".join(
            (
                tr.ngettext(
                    "Your bank would hold {count} ace, but a bank may hold at most {limit}.",
                    "Your bank would hold {count} aces, but a bank may hold at most {limit}.",
                    held,
                    count=held,
                    limit=limit,
                ),
                tr.ngettext(
                    "List at least {count} of {aces}.",
                    "List at least {count} of {aces}.",
                    to_list,
                    count=to_list,
                    aces=aces,
                ),
                tr.gettext(
                    "A listed ace goes back into the deck, which is shuffled; a kept ace is "
                    "safe from robbers and scores 1."
                ),
            )
        )
    else:
        text = tr.ngettext(
            "Keep {aces} in your bank (safe from robbers, 1 point), or list it: a listed ace "
            "goes back into the deck, which is shuffled, for anyone to draw.",
            "Keep {aces} in your bank (safe from robbers, 1 point each), or list any of them: "
            "a listed ace goes back into the deck, which is shuffled, for anyone to draw.",
            len(pending),
            aces=aces,
        )
    return {
        "seat": seat,
        "name": seat_name(seat, names, tr.language),
        "you": seat == you,
        "pending": pending,
        "to_list": to_list,
        "limit": limit,
        "held": held,
        "text": text,
    }


def _to_beat(need, tr: Translator) -> str | None:
    """What the next draw needs to be accepted, in words, from the engine's own answer
    (:meth:`Rules.need <borsen_widget.engine.rules.Rules.need>`: R5, ranks only, never suits);
    None when anything goes on an empty pile."""
    if need is None:
        return None
    kind, rank = need
    if kind == "rule":
        return tr.gettext("the house rule decides")
    if kind == "ace":
        return tr.gettext("needs an ace")
    if kind == "any":
        return tr.gettext("anything goes after an ace")
    word = tr.rank_word(rank)
    if rank == 8:
        # TRANSLATORS: the rank the next card needs (R5: only the rank counts); {rank} is 8.
        # Say it as the other ranks ("needs a {rank} or higher").
        return tr.gettext("needs an {rank} or higher", rank=word)
    # TRANSLATORS: the rank the next card needs (R5: only the rank counts, never the suit);
    # {rank} is 2–10, or the word jack, queen or king.
    return tr.gettext("needs a {rank} or higher", rank=word)


def _result(state: Mapping, names: Sequence[str], tr: Translator, you) -> str:
    """Who won, as the log's last sentence says it (the seat ``you`` as "you")."""
    winners = list(state["winners"])
    if not (state["is_over"] and winners):
        return ""
    best = state["scores"][winners[0]]
    return winner_sentence(winners, best, names, tr, you)


def build_view(
    state: Mapping,
    seats: Sequence[Mapping],
    *,
    version: int,
    controls: Mapping | None = None,
    rules_text: Sequence[str] = (),
    need: tuple | None = None,
    language: str | None = "en",
    you: int | None = None,
) -> dict:
    """The view a screen shows, from a game's ``public_state()`` (never from the game).

    ``seats`` gives each seat's ``name`` and ``bot`` (the bot's description, or None for a
    person). ``controls`` carries the widget's own flags (undo, bot pacing). ``version``
    increases with every change, so a click can say which view it was made on. Its words are
    in ``language`` (``"en"``, ``"nb"``, ``"nn"`` or any tag; ``None``: the chosen one), the
    seat ``you`` (the person at the screen, or None) told in the second person; ``rules_text``
    is the house rules already in that language (``Rules.describe(language)``); ``need``
    is what the next draw needs (``Rules.need(top card)``, None on an empty pile: R5 is the
    engine's, never worked out again here).
    """
    tr = translator(language)
    names = [s["name"] for s in seats]
    n = state["players"]
    if you is not None and not (isinstance(you, int) and 0 <= you < n):
        you = None
    cur = state["current_player"]
    over = state["is_over"]
    winners = list(state["winners"])
    players = []
    for seat in range(n):
        bank = state["banks"][seat]
        aces = [c for c in bank if c[0] == "A"]
        others = [c for c in bank if c[0] != "A"]
        players.append(
            {
                "seat": seat,
                "name": names[seat],
                "bot": seats[seat].get("bot"),
                "you": seat == you,
                "score": state["scores"][seat],
                "aces": aces,
                "robbable": len(others),
                "recent": others[-3:],
                "is_current": not over and seat == cur,
                "is_winner": seat in winners,
            }
        )
    is_bot_turn = not over and seats[cur].get("bot") is not None
    legal = list(state["legal_actions"])
    if over or is_bot_turn:
        actions = []
    elif state["phase"] == "aces":
        actions = ["list"]
    else:
        actions = [a for a in ("draw", "bank") if a in legal]
    deck_aces = sum(k for code, k in state["deck_counts"] if code[0] == "A")
    lines = event_lines(
        state["log"], names, loot_to=state["rules"]["loot_to"], language=tr.language, you=you
    )
    return {
        "version": version,
        "language": tr.language,
        "you": you,
        "players": players,
        "current": cur,
        "phase": state["phase"],
        "pile": list(state["pile"]),
        "deck_size": state["deck_size"],
        "deck_aces": deck_aces,
        "deck_live": state["deck_live"],
        "to_beat": _to_beat(need, tr),
        "cards_in_play": state["cards_in_play"],
        "turns": state["turns"],
        "legal": legal,
        "actions": actions,
        "bot_turn": is_bot_turn,
        "aces": None if is_bot_turn else _ace_decision(state, names, tr, you),
        "events": lines,
        "over": over,
        "winners": winners,
        "end_reason": state["end_reason"],
        "result": _result(state, names, tr, you),
        "rules": list(rules_text),
        "controls": dict(controls or {}),
    }
