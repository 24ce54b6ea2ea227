"""The public view of a game: the one place that decides what a screen may see.

:func:`build_view` turns the engine's :meth:`~borsen_widget.Game.public_state` (public
information only, RULES.md "Hidden information") plus the seats' names into the JSON-safe dict
that the widget syncs to the browser. It never sees the :class:`~borsen_widget.Game` itself, so
the deck's order, the random generator's state and the seed cannot leak through it: two games
that differ only in those give the same view.

The event list is the engine's narration (:func:`borsen_widget.engine.events.narrate`) with
the players' names, one line per thing that happened ("Bo drew 4♣ — lower than 6♠: the pile
passes to Cy.").

Standard library only, like the engine: the widget must run in JupyterLite too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine.cards import Card
from ..engine.events import Event, narrate
from ..engine.words import and_join, card_list, count_cards, seat_name

#: How many event lines the view carries (the newest last).
EVENT_LINES = 30
# Events narrated for those lines: a line tells at most a few events, so this tail suffices.
_EVENTS_TOLD = 8 * EVENT_LINES


def event_lines(log: Sequence[Mapping], names: Sequence[str], *, loot_to: str = "bank") -> list:
    """The newest lines of the log (``public_state()["log"]``) as the engine narrates it:
    ``{"id", "kind", "seat", "text"}``, ``id`` the index of the line's first event."""
    start = max(0, len(log) - _EVENTS_TOLD)
    events = [Event.from_dict(e) for e in log[start:]]
    lines = narrate(events, names, loot_to=loot_to)
    if start:
        lines = lines[1:]  # the oldest line may have lost the start of its story
    for line in lines:
        line["id"] += start
    return lines[-EVENT_LINES:]


def _card(code: str) -> str:
    """``"TH"`` → ``"10♥"``."""
    return str(Card.parse(code))


def _ace_decision(state: Mapping, names: Sequence[str]) -> dict | None:
    """What the player deciding on aces must know (R11–R13), or None when nothing is pending."""
    if state["phase"] != "aces":
        return None
    seat = state["current_player"]
    pending = list(state["pending_aces"])
    to_list = state["aces_to_list"]
    limit = state["rules"]["max_bank_aces"]
    held = state["bank_aces"][seat]
    aces = card_list(pending)
    if to_list:
        text = (
            f"Your bank would hold {held} aces, but a bank may hold at most {limit}: "
            f"list at least {to_list} of {aces}. A listed ace goes back into the deck, which "
            "is shuffled; a kept ace is safe from robbers and scores 1."
        )
    else:
        it = "it" if len(pending) == 1 else "any of them"
        text = (
            f"Keep {aces} in your bank (safe from robbers, 1 point each), or list {it}: "
            "a listed ace goes back into the deck, which is shuffled, for anyone to draw."
        )
    return {
        "seat": seat,
        "name": seat_name(seat, names),
        "pending": pending,
        "to_list": to_list,
        "limit": limit,
        "held": held,
        "text": text,
    }


def _to_beat(state: Mapping) -> str | None:
    """What the next draw needs to be accepted (R5), in words; None on an empty pile."""
    pile = state["pile"]
    if not pile:
        return None
    rules = state["rules"]
    if rules.get("accept_rule"):
        return "the house rule decides"
    top = pile[-1]
    if top[0] == "A":
        return "anything goes after an ace"
    if rules.get("equal_accepted", True):
        return f"needs {_card(top)} or higher"
    return f"needs higher than {_card(top)}"


def build_view(
    state: Mapping,
    seats: Sequence[Mapping],
    *,
    version: int,
    controls: Mapping | None = None,
    rules_text: Sequence[str] = (),
) -> dict:
    """The view a screen shows, from a game's ``public_state()`` (never from the game).

    ``seats`` gives each seat's ``name`` and ``bot`` (the bot's description, or None for a
    person). ``controls`` carries the widget's own flags (undo, bot pacing). ``version``
    increases with every change, so a click can say which view it was made on.
    """
    names = [s["name"] for s in seats]
    n = state["players"]
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
    lines = event_lines(state["log"], names, loot_to=state["rules"]["loot_to"])
    if over and winners:
        best = state["scores"][winners[0]]
        verb = "wins" if len(winners) == 1 else "share the win"
        result = f"{and_join([names[w] for w in winners])} {verb} with {count_cards(best)}."
    else:
        result = ""
    return {
        "version": version,
        "players": players,
        "current": cur,
        "phase": state["phase"],
        "pile": list(state["pile"]),
        "deck_size": state["deck_size"],
        "deck_aces": deck_aces,
        "deck_live": state["deck_live"],
        "to_beat": _to_beat(state),
        "cards_in_play": state["cards_in_play"],
        "turns": state["turns"],
        "legal": legal,
        "actions": actions,
        "bot_turn": is_bot_turn,
        "aces": None if is_bot_turn else _ace_decision(state, names),
        "events": lines,
        "over": over,
        "winners": winners,
        "end_reason": state["end_reason"],
        "result": result,
        "rules": list(rules_text),
        "controls": dict(controls or {}),
    }
