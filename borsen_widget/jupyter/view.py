"""The public view of a game: the one place that decides what a screen may see.

:func:`build_view` turns the engine's :meth:`~borsen_widget.Game.public_state` (public
information only, RULES.md "Hidden information") plus the seats' names into the JSON-safe dict
that the widget syncs to the browser. It never sees the :class:`~borsen_widget.Game` itself, so
the deck's order, the random generator's state and the seed cannot leak through it: two games
that differ only in those give the same view.

:func:`event_lines` tells the game's log in plain sentences with the players' names, one line
per thing that happened ("Bo drew 4♣ — lower than 6♠: the pile passes to Cy").

Standard library only, like the engine: the widget must run in JupyterLite too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine.cards import Card

#: How many event lines the view carries (the newest last).
EVENT_LINES = 30

_SHARE_WORDS = {
    "0": "nothing",
    "1/2": "half",
    "1/3": "a third",
    "1/4": "a quarter",
    "1/5": "a fifth",
    "1": "all",
}


def _card(code: str) -> str:
    """``"TH"`` → ``"10♥"``."""
    return str(Card.parse(code))


def _cards(codes: Sequence[str]) -> str:
    return " ".join(_card(c) for c in codes)


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _and(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _name(seat: int | None, names: Sequence[str]) -> str:
    if seat is None:
        return "nobody"
    if 0 <= seat < len(names):
        return names[seat]
    return f"Seat {seat}"


def _draw_line(draw: dict, verdict: dict | None, rob: dict | None, names, loot_to: str) -> str:
    """One line for a draw with its verdict (R5–R7) and the robbery it caused (R9)."""
    who = _name(draw["player"], names)
    card = _cards(draw["cards"])
    text = f"{who} drew {card}"
    if verdict is not None:
        below = _card(verdict["below"]) if verdict["below"] else ""
        info = verdict["info"]
        if verdict["kind"] == "pass":
            whom = _name(verdict["target"], names)
            how = {
                "equal": f"only equal to {below}",
                "custom": f"the house rule refuses it on {below}",
            }.get(info, f"lower than {below}")
            text += f" — {how}: the pile passes to {whom}"
        elif rob is None:
            text += {
                "empty": " to start a pile",
                "ace": "",
                "after_ace": " — anything goes after an ace",
                "higher": f" — higher than {below}",
                "equal": f" — equal to {below}: accepted",
                "custom": f" — the house rule accepts it on {below}",
            }.get(info, "")
    if rob is not None:
        whom = _name(rob["target"], names)
        loot = len(rob["cards"])
        share = _SHARE_WORDS.get(rob["info"] or "", rob["info"] or "a share")
        if loot:
            where = " into the pile, under the ace" if loot_to == "pile" else ""
            text += f" and robbed {_count(loot)} from {whom}{where}"
        elif rob["info"] in (None, "custom"):
            text += f" and robbed {whom}, but got nothing"
        else:
            text += f" and robbed {whom}, but {share} of their bank rounds down to nothing"
    return text + "."


def _aces_line(events: Sequence[dict], names) -> str:
    """One line for an ace decision (R11–R13): the kept and the listed aces."""
    who = _name(events[0]["player"], names)
    listed = [c for e in events if e["kind"] == "list" for c in e["cards"]]
    kept = [c for e in events if e["kind"] == "keep" for c in e["cards"]]
    dead = any(e["kind"] == "keep" and e["info"] == "dead_deck" for e in events)
    if listed:
        text = f"{who} listed {_cards(listed)} (shuffled back into the deck)"
        if kept:
            text += f" and kept {_cards(kept)}"
    elif dead:
        text = f"{who} kept {_cards(kept)}: the deck holds no other card to shuffle an ace into"
    else:
        text = f"{who} kept {_cards(kept)} in the bank, safe from robbers"
    return text + "."


def _end_line(event: dict, names) -> str:
    why = {
        "deck": "the deck is empty",
        "max_turns": "the turn limit is reached; cards still in play score nothing",
    }.get(event["info"], str(event["info"]))
    text = f"Game over: {why}."
    scores = event["scores"]
    if scores:
        best = max(scores)
        winners = [_name(s, names) for s, v in enumerate(scores) if v == best]
        verb = "wins" if len(winners) == 1 else "share the win"
        text += f" {_and(winners)} {verb} with {_count(best)}."
    return text


def event_lines(log: Sequence[Mapping], names: Sequence[str], *, loot_to: str = "bank") -> list:
    """The log (``public_state()["log"]``) as plain sentences, one per thing that happened.

    A draw, its verdict and the robbery it caused make one line; so do the kept and listed aces
    of one decision. Each line is ``{"id", "kind", "seat", "text"}``, where ``id`` is the index
    of its first event in the log.
    """
    lines = []
    i, n = 0, len(log)
    while i < n:
        e = log[i]
        kind = e["kind"]
        start = i
        i += 1
        if kind == "draw":
            verdict = rob = None
            while (
                i < n
                and log[i]["kind"] in ("accept", "pass", "rob")
                and (log[i]["player"] == e["player"])
            ):
                if log[i]["kind"] == "rob":
                    rob = log[i]
                else:
                    verdict = log[i]
                i += 1
            text = _draw_line(e, verdict, rob, names, loot_to)
            if rob is not None:
                kind = "rob"
            elif verdict is not None and verdict["kind"] == "pass":
                kind = "pass"
        elif kind in ("list", "keep"):
            group = [e]
            while i < n and log[i]["kind"] in ("list", "keep") and log[i]["player"] == e["player"]:
                group.append(log[i])
                i += 1
            text = _aces_line(group, names)
            kind = "list" if any(g["kind"] == "list" for g in group) else "keep"
        elif kind == "bank":
            cards = e["cards"]
            text = f"{_name(e['player'], names)} banked {_count(len(cards))}: {_cards(cards)}."
        elif kind == "start":
            how = {"lot": " (drawn by lot)", "suit": " (picked by the suit of the first card)"}
            text = f"{_name(e['player'], names)} goes first{how.get(e['info'], '')}."
        elif kind == "rob":  # a robbery without its draw (not made by the engine; kept safe)
            text = f"{_name(e['player'], names)} robbed {_count(len(e['cards']))} from " + (
                f"{_name(e['target'], names)}."
            )
        elif kind == "rules":
            text = f"The rules change: {e['info']}."
        elif kind == "end":
            text = _end_line(e, names)
        else:
            text = str(e.get("text", kind))
        lines.append({"id": start, "kind": kind, "seat": e["player"], "text": text})
    return lines


def _ace_decision(state: Mapping, names: Sequence[str]) -> dict | None:
    """What the player deciding on aces must know (R11–R13), or None when nothing is pending."""
    if state["phase"] != "aces":
        return None
    seat = state["current_player"]
    pending = list(state["pending_aces"])
    to_list = state["aces_to_list"]
    limit = state["rules"]["max_bank_aces"]
    held = state["bank_aces"][seat]
    aces = _cards(pending)
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
        "name": _name(seat, names),
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
        result = f"{_and([names[w] for w in winners])} {verb} with {_count(best)}."
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
        "events": lines[-EVENT_LINES:],
        "over": over,
        "winners": winners,
        "end_reason": state["end_reason"],
        "result": result,
        "rules": list(rules_text),
        "controls": dict(controls or {}),
    }
