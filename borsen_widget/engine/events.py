"""What happened, as data and as plain sentences: the game's log (RULES.md §5, "The log").

This module is the one narrator of the log. :meth:`Event.describe` tells one event ("4♣ is
lower than 6♠: the pile passes to Cy."); :func:`narrate` tells a log as a screen shows it, one
line per thing that happened, a draw together with its verdict and its robbery ("Bo drew 4♣ —
lower than 6♠: the pile passes to Cy.").

Both speak English, bokmål and nynorsk (``language=``, default the one
:func:`borsen_widget.set_language` chose, else English): every sentence is one whole message of
the catalogues (``borsen_widget/locale``) with named placeholders, so a translator can put the
words in their own order. ``you=`` names the seat of the person at the screen, told in the
second person ("You win with 25 cards.", "Du vinner med 25 kort."). ``str(event)`` and
:meth:`Event.to_dict`'s ``"text"`` stay English, for programmers and save files.

Why one module of this size: it is the one narrator, and each sentence is written out whole per
case (who is "you", why a card was refused, one card or more) so that Babel finds every message
and a translator reads whole sentences; an event's sentence and its log line say the same thing
in two tenses, and side by side they stay in step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from contextvars import ContextVar
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from ..i18n import Translator, translator
from .cards import Card, to_card
from .errors import SaveError, quote
from .options import OPTION
from .rules import describe_option, read_change_text
from .words import and_join, card_list, card_name, seat_name

__all__ = ["END_REASONS", "Event", "clear_cache", "narrate", "winner_sentence"]

#: Whether the lines being told name their cards in words, for a screen reader ("queen of
#: hearts", "hjerter dame"; not "Q♥", which it reads as a letter and a symbol): set by
#: :func:`narrate` (``spoken=True``) while it tells, read where a line writes its cards, so
#: each sentence keeps one home for both forms.
_SPOKEN: ContextVar[bool] = ContextVar("spoken", default=False)

EVENT_KINDS = ("start", "draw", "accept", "pass", "rob", "bank", "list", "keep", "end", "rules")
END_REASONS = ("deck", "max_turns")


class Event(NamedTuple):
    """One entry of the log.

    - ``kind``: one of ``start draw accept pass rob bank list keep end rules``.
    - ``player``: the seat that acts (the drawer, robber, banker, lister; ``None`` for ``end``).
    - ``target``: the seat acted upon (who takes a passed pile, who is robbed), else ``None``.
    - ``cards``: the cards concerned (the drawn card, the loot, the banked pile, the ace).
    - ``below``: for ``accept`` and ``pass``, the card the draw was compared with.
    - ``info``: a short code: how the first player was chosen, why a card was accepted or
      passed (:meth:`Rules.judge`'s reasons), the robbing ace's share, ``"deck_empty"`` on
      the bank the engine makes by itself (R14), why an ace was kept, why the game ended, or
      what the rules changed.
    - ``scores``: for ``end``, every seat's final score.
    """

    kind: str
    player: int | None
    target: int | None = None
    cards: tuple[Card, ...] = ()
    below: Card | None = None
    info: str | None = None
    scores: tuple[int, ...] | None = None

    def describe(
        self,
        names: Sequence[str] | None = None,
        *,
        language: str | None = None,
        you: int | None = None,
    ) -> str:
        """The event as a plain sentence, with player names if given, in ``language`` (default:
        the chosen one, else English); the seat ``you`` is told as "you"."""
        return _describe(self, names, translator(language), you)

    def __str__(self) -> str:
        return self.describe(language="en")

    def to_dict(self) -> dict:
        """The event as JSON-safe data, with its sentence under ``"text"``."""
        return {
            "kind": self.kind,
            "player": self.player,
            "target": self.target,
            "cards": [c.ascii for c in self.cards],
            "below": None if self.below is None else self.below.ascii,
            "info": self.info,
            "scores": None if self.scores is None else list(self.scores),
            "text": _english_text(self),
        }

    @classmethod
    def from_dict(cls, data: Mapping, players: int | None = None) -> Event:
        """An event from :meth:`to_dict`'s data (``"text"`` is ignored), checked field by
        field: a bad one raises :class:`SaveError` naming it. ``players`` bounds the seats."""
        if not isinstance(data, Mapping):
            raise SaveError(f"an event must be an object, not {quote(data)}")
        kind = data.get("kind")
        if kind not in EVENT_KINDS:
            raise SaveError(f"unknown event kind {quote(kind)}", field="kind")
        player = _seat(data.get("player"), "player", players, optional=kind == "end")
        target = _seat(data.get("target"), "target", players, optional=True)
        cards = data.get("cards", [])
        if not isinstance(cards, list) or len(cards) > 52 * 4:
            raise SaveError(f"an event's cards must be a list of cards, not {quote(cards)}")
        try:
            cards = tuple(to_card(c) for c in cards)
            below = data.get("below")
            below = None if below is None else to_card(below)
        except (ValueError, TypeError) as error:
            raise SaveError(f"an event holds a bad card: {error}", field="cards") from None
        info = data.get("info")
        if info is not None and (not isinstance(info, str) or len(info) > 2000):
            raise SaveError(f"an event's info must be short text, not {quote(info)}", field="info")
        scores = data.get("scores")
        if kind == "end":
            if info not in END_REASONS:
                raise SaveError(f"an end event must say why the game ended, not {quote(info)}")
            if not isinstance(scores, list) or not all(
                isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 52 * 4 for s in scores
            ):
                raise SaveError(f"an end event must give every score, not {quote(scores)}")
            if players is not None and len(scores) != players:
                raise SaveError(f"an end event must give {players} scores, not {len(scores)}")
            scores = tuple(scores)
        elif scores is not None:
            raise SaveError(f"only an end event has scores, not a {kind} event", field="scores")
        return cls(kind, player, target, cards, below, info, scores)


def _seat(value, what: str, players: int | None, optional: bool) -> int | None:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveError(f"an event's {what} must be a seat, not {quote(value)}", field=what)
    if value < 0 or (players is not None and value >= players):
        raise SaveError(f"an event's {what} {quote(value)} is not a seat", field=what)
    return value


# ---------------------------------------------------------------------------- one event


def _share(info: str | None, tr: Translator) -> str:
    """A robbing ace's share as a fraction, ``1/3`` (R9), as the event's ``info`` gives it."""
    try:
        return tr.fraction(Fraction(info))
    except (TypeError, ValueError, ZeroDivisionError):
        return str(info)


@lru_cache(maxsize=16_384)
def _english_text(event: Event) -> str:
    """The event's English sentence, as a save file and the public state carry it. A pure
    function of the event's fields, remembered: the public state writes every event of the log
    each time it is built, so without this a long game's log is described again and again."""
    return _describe(event, None, translator("en"), None)


def clear_cache() -> None:
    """Forget the English sentences remembered for events (at most 16 384 of them)."""
    _english_text.cache_clear()


def _cards(cards: Sequence[Card], tr: Translator) -> str:
    """Cards as a line writes them: ``6♠ 10♥``, or told in words (:data:`_SPOKEN`)."""
    if _SPOKEN.get():
        return and_join([card_name(c, tr.language) for c in cards], tr.language)
    return card_list(cards)


def _describe(e: Event, names: Sequence[str] | None, tr: Translator, you: int | None) -> str:
    k, info = e.kind, e.info
    me = e.player is not None and e.player == you
    them = e.target is not None and e.target == you
    player = seat_name(e.player, names, tr.language)
    target = seat_name(e.target, names, tr.language)
    cards = card_list(e.cards)
    below = "?" if e.below is None else str(e.below)
    n = len(e.cards)
    if k == "start":
        if info == "lot":
            if me:
                return tr.gettext("You start (drawn by lot).")
            return tr.gettext("{player} starts (drawn by lot).", player=player)
        if info == "suit":
            if me:
                return tr.gettext("You start (picked by the suit of the first card).")
            return tr.gettext(
                "{player} starts (picked by the suit of the first card).", player=player
            )
        if me:
            return tr.gettext("You start.")
        return tr.gettext("{player} starts.", player=player)
    if k == "draw":
        if me:
            return tr.gettext("You draw {cards}.", cards=cards)
        return tr.gettext("{player} draws {cards}.", player=player, cards=cards)
    if k == "accept":
        return _accepted(e, tr, cards, below)
    if k == "pass":
        return _refused(e, tr, cards, below, target, them)
    if k == "rob":
        return _robs(e, tr, player, target, me, them, cards)
    if k == "bank":
        if info == "deck_empty":
            if me:
                return tr.ngettext(
                    "You bank {count} card: {cards} (the deck is empty).",
                    "You bank {count} cards: {cards} (the deck is empty).",
                    n,
                    count=n,
                    cards=cards,
                )
            return tr.ngettext(
                "{player} banks {count} card: {cards} (the deck is empty).",
                "{player} banks {count} cards: {cards} (the deck is empty).",
                n,
                player=player,
                count=n,
                cards=cards,
            )
        if me:
            return tr.ngettext(
                "You bank {count} card: {cards}.",
                "You bank {count} cards: {cards}.",
                n,
                count=n,
                cards=cards,
            )
        return tr.ngettext(
            "{player} banks {count} card: {cards}.",
            "{player} banks {count} cards: {cards}.",
            n,
            player=player,
            count=n,
            cards=cards,
        )
    if k == "list":
        if me:
            return tr.gettext(
                "You list {cards}: it goes back into the deck, which is shuffled.", cards=cards
            )
        return tr.gettext(
            "{player} lists {cards}: it goes back into the deck, which is shuffled.",
            player=player,
            cards=cards,
        )
    if k == "keep":
        if info == "dead_deck":
            if me:
                return tr.ngettext(
                    "You keep {cards}: the deck holds no other card to list it into.",
                    "You keep {cards}: the deck holds no other card to list them into.",
                    n,
                    cards=cards,
                )
            return tr.ngettext(
                "{player} keeps {cards}: the deck holds no other card to list it into.",
                "{player} keeps {cards}: the deck holds no other card to list them into.",
                n,
                player=player,
                cards=cards,
            )
        if me:
            return tr.gettext("You keep {cards} in the bank.", cards=cards)
        return tr.gettext("{player} keeps {cards} in the bank.", player=player, cards=cards)
    if k == "rules":
        return tr.gettext("The rules change: {changes}.", changes=_rule_changes(info, tr))
    return _end_sentence(e, names, tr, you, over=False)  # "end"


def _accepted(e: Event, tr: Translator, cards: str, below: str) -> str:
    """R5: why a card was accepted, as a sentence about the card."""
    info = e.info
    if info == "empty":
        return tr.gettext("{cards} is accepted: the pile was empty.", cards=cards)
    if info == "ace":
        return tr.gettext("{cards} is accepted: an ace is always accepted.", cards=cards)
    if info == "after_ace":
        return tr.gettext("{cards} is accepted: anything goes after an ace.", cards=cards)
    if info == "higher":
        return tr.gettext("{cards} is accepted: higher than {below}.", cards=cards, below=below)
    if info == "equal":
        return tr.gettext("{cards} is accepted: equal to {below}.", cards=cards, below=below)
    if info == "custom":
        return tr.gettext(
            "{cards} is accepted: the house rule accepts it on {below}.", cards=cards, below=below
        )
    return tr.gettext("{cards} is accepted.", cards=cards)


def _refused(e: Event, tr: Translator, cards: str, below: str, target: str, them: bool) -> str:
    """R5–R7: why a card was refused and who takes the pile, as a sentence."""
    info = e.info
    if info == "lower":
        if them:
            return tr.gettext(
                "{cards} is lower than {below}: the pile passes to you.", cards=cards, below=below
            )
        return tr.gettext(
            "{cards} is lower than {below}: the pile passes to {target}.",
            cards=cards,
            below=below,
            target=target,
        )
    if info == "equal":
        if them:
            return tr.gettext(
                "{cards} is only equal to {below}: the pile passes to you.",
                cards=cards,
                below=below,
            )
        return tr.gettext(
            "{cards} is only equal to {below}: the pile passes to {target}.",
            cards=cards,
            below=below,
            target=target,
        )
    if info == "custom":
        if them:
            return tr.gettext(
                "The house rule refuses {cards} on {below}: the pile passes to you.",
                cards=cards,
                below=below,
            )
        return tr.gettext(
            "The house rule refuses {cards} on {below}: the pile passes to {target}.",
            cards=cards,
            below=below,
            target=target,
        )
    if them:
        return tr.gettext("{cards} is refused: the pile passes to you.", cards=cards)
    return tr.gettext(
        "{cards} is refused: the pile passes to {target}.", cards=cards, target=target
    )


def _robs(
    e: Event, tr: Translator, player: str, target: str, me: bool, them: bool, cards: str
) -> str:
    """R9: a robbery as a sentence, with the ace's share when it has one."""
    n = len(e.cards)
    if not e.info or e.info == "custom":
        if not e.cards:
            if me:
                return tr.gettext("You rob {target} but get nothing.", target=target)
            if them:
                return tr.gettext("{player} robs you but gets nothing.", player=player)
            return tr.gettext(
                "{player} robs {target} but gets nothing.", player=player, target=target
            )
        if me:
            return tr.ngettext(
                "You rob {count} card from {target}: {cards}.",
                "You rob {count} cards from {target}: {cards}.",
                n,
                count=n,
                target=target,
                cards=cards,
            )
        if them:
            return tr.ngettext(
                "{player} robs {count} card from you: {cards}.",
                "{player} robs {count} cards from you: {cards}.",
                n,
                player=player,
                count=n,
                cards=cards,
            )
        return tr.ngettext(
            "{player} robs {count} card from {target}: {cards}.",
            "{player} robs {count} cards from {target}: {cards}.",
            n,
            player=player,
            count=n,
            target=target,
            cards=cards,
        )
    share = _share(e.info, tr)
    if not e.cards:
        if me:
            return tr.gettext(
                "You rob {target} ({share} of their cards) but get nothing.",
                target=target,
                share=share,
            )
        if them:
            return tr.gettext(
                "{player} robs you ({share} of your cards) but gets nothing.",
                player=player,
                share=share,
            )
        return tr.gettext(
            "{player} robs {target} ({share} of their cards) but gets nothing.",
            player=player,
            target=target,
            share=share,
        )
    if me:
        return tr.ngettext(
            "You rob {count} card from {target} ({share} of their cards): {cards}.",
            "You rob {count} cards from {target} ({share} of their cards): {cards}.",
            n,
            count=n,
            target=target,
            share=share,
            cards=cards,
        )
    if them:
        return tr.ngettext(
            "{player} robs {count} card from you ({share} of your cards): {cards}.",
            "{player} robs {count} cards from you ({share} of your cards): {cards}.",
            n,
            player=player,
            count=n,
            share=share,
            cards=cards,
        )
    return tr.ngettext(
        "{player} robs {count} card from {target} ({share} of their cards): {cards}.",
        "{player} robs {count} cards from {target} ({share} of their cards): {cards}.",
        n,
        player=player,
        count=n,
        target=target,
        share=share,
        cards=cards,
    )


def _end_sentence(
    e: Event, names: Sequence[str] | None, tr: Translator, you: int | None, over: bool
) -> str:
    """Why the game ended (R14) and who won, in two sentences; ``over`` for the log's line."""
    if e.info == "deck":
        if over:
            text = tr.gettext("Game over: the deck is empty.")
        else:
            text = tr.gettext("The game ends: the deck is empty.")
    elif e.info == "max_turns":
        if over:
            text = tr.gettext(
                "Game over: the turn limit (max_turns) is reached; cards left in play score "
                "nothing."
            )
        else:
            text = tr.gettext(
                "The game ends: the turn limit (max_turns) is reached; cards left in play score "
                "nothing."
            )
    elif over:
        text = tr.gettext("Game over: {reason}.", reason=str(e.info))
    else:
        text = tr.gettext("The game ends: {reason}.", reason=str(e.info))
    if e.scores:
        best = max(e.scores)
        seats = [s for s, v in enumerate(e.scores) if v == best]
        text += " " + winner_sentence(seats, best, names, tr, you)
    return text


def winner_sentence(
    winners: Sequence[int], best: int, names: Sequence[str] | None, tr: Translator, you=None
) -> str:
    """Who won with how many cards (R15: equal scores share the win), the seat ``you`` in the
    second person: the log's last words, and the table's."""
    others = [seat_name(s, names, tr.language) for s in winners if s != you]
    if len(winners) == 1 and not others:
        return tr.ngettext(
            "You win with {count} card.", "You win with {count} cards.", best, count=best
        )
    if len(winners) == 1:
        return tr.ngettext(
            "{player} wins with {count} card.",
            "{player} wins with {count} cards.",
            best,
            player=others[0],
            count=best,
        )
    if len(others) < len(winners):
        return tr.ngettext(
            "You and {others} share the win with {count} card.",
            "You and {others} share the win with {count} cards.",
            best,
            others=tr.join(others),
            count=best,
        )
    return tr.ngettext(
        "{players} share the win with {count} card.",
        "{players} share the win with {count} cards.",
        best,
        players=tr.join(others),
        count=best,
    )


def _rule_changes(info: str | None, tr: Translator) -> str:
    """A rules event's changes (kept as data, ``"rob_target=leader; max_turns=50"``: see
    :func:`~borsen_widget.engine.rules.change_text`) in ``tr``'s language: each option's label
    and value words are messages of the catalogues (``engine/options.py``); a part that is no
    option and value (an old save's text) stays as written."""
    told = []
    for name, value in read_change_text(info or ""):
        if not name:
            told.append(str(value))
        elif OPTION[name].kind == "function":  # kept by the function's name
            words = tr.pgettext("rule option", "none") if value == "none" else str(value)
            told.append(
                tr.gettext("{option}: {value}", option=tr.gettext(OPTION[name].label), value=words)
            )
        else:
            told.append(describe_option(name, value, tr.language))
    return "; ".join(told)


# ---------------------------------------------------------------------------------- narration


def narrate(
    log: Iterable[Event],
    names: Sequence[str] | None = None,
    *,
    loot_to: str = "bank",
    language: str | None = None,
    you: int | None = None,
    spoken: bool = False,
) -> list[dict]:
    """The log as a screen tells it, one line per thing that happened.

    A draw, its verdict and the robbery it caused make one line; so do the kept and listed aces
    of one decision. Each line is ``{"id", "kind", "seat", "target", "text"}``, where ``id`` is
    the index of its first event in the log, ``kind`` what the line is about (``"pass"`` and
    ``"rob"`` for draws that passed the pile on or robbed) and ``target`` the seat it befell
    (who was robbed, who takes the passed pile; else ``None``). ``loot_to`` says where loot
    goes (R9). ``language`` (default: the chosen one, else English) and ``you`` (the seat told
    as "you") as in :meth:`Event.describe`. ``spoken``: the cards named in words, as a screen reader
    should say them ("Bo drew 4 of clubs — lower than 6 of spades: …").
    """
    token = _SPOKEN.set(spoken)
    try:
        return _narrate(list(log), names, loot_to, translator(language), you)
    finally:
        _SPOKEN.reset(token)


def _narrate(log: list[Event], names, loot_to: str, tr: Translator, you) -> list[dict]:
    lines = []
    i, n = 0, len(log)
    while i < n:
        event = log[i]
        kind = event.kind
        start = i
        target = event.target
        i += 1
        if kind == "draw":
            verdict = rob = None
            while (
                i < n
                and log[i].kind in ("accept", "pass", "rob")
                and (log[i].player == event.player)
            ):
                if log[i].kind == "rob":
                    rob = log[i]
                else:
                    verdict = log[i]
                i += 1
            text = _draw_line(event, verdict, rob, names, loot_to, tr, you)
            if rob is not None:
                kind, target = "rob", rob.target
            elif verdict is not None and verdict.kind == "pass":
                kind, target = "pass", verdict.target
        elif kind in ("list", "keep"):
            group = [event]
            while i < n and log[i].kind in ("list", "keep") and log[i].player == event.player:
                group.append(log[i])
                i += 1
            text = _aces_line(group, names, tr, you)
            kind = "list" if any(e.kind == "list" for e in group) else "keep"
        elif kind == "bank":
            text = _bank_line(event, names, tr, you)
        elif kind == "start":
            text = _start_line(event, names, tr, you)
        elif kind == "rob":  # a robbery without its draw (never made by the engine; kept safe)
            text = _rob_line(None, event, names, loot_to, tr, you)
        elif kind == "end":
            text = _end_sentence(event, names, tr, you, over=True)
        else:
            text = _describe(event, names, tr, you)
        lines.append(
            {"id": start, "kind": kind, "seat": event.player, "target": target, "text": text}
        )
    return lines


def _start_line(e: Event, names, tr: Translator, you: int | None) -> str:
    player = seat_name(e.player, names, tr.language)
    me = e.player is not None and e.player == you
    if e.info == "lot":
        if me:
            return tr.gettext("You go first (drawn by lot).")
        return tr.gettext("{player} goes first (drawn by lot).", player=player)
    if e.info == "suit":
        if me:
            return tr.gettext("You go first (picked by the suit of the first card).")
        return tr.gettext(
            "{player} goes first (picked by the suit of the first card).", player=player
        )
    if me:
        return tr.gettext("You go first.")
    return tr.gettext("{player} goes first.", player=player)


def _bank_line(e: Event, names, tr: Translator, you: int | None) -> str:
    n, cards = len(e.cards), _cards(e.cards, tr)
    if e.player is not None and e.player == you:
        return tr.ngettext(
            "You banked {count} card: {cards}.",
            "You banked {count} cards: {cards}.",
            n,
            count=n,
            cards=cards,
        )
    return tr.ngettext(
        "{player} banked {count} card: {cards}.",
        "{player} banked {count} cards: {cards}.",
        n,
        player=seat_name(e.player, names, tr.language),
        count=n,
        cards=cards,
    )


def _draw_line(draw: Event, verdict, rob, names, loot_to: str, tr: Translator, you) -> str:
    """One line for a draw with its verdict (R5–R7) and the robbery it caused (R9)."""
    if rob is not None:
        return _rob_line(draw, rob, names, loot_to, tr, you)
    me = draw.player is not None and draw.player == you
    v = {"player": seat_name(draw.player, names, tr.language), "card": _cards(draw.cards, tr)}
    if verdict is not None:
        v["below"] = "?" if verdict.below is None else _cards((verdict.below,), tr)
    if verdict is None or (verdict.kind == "accept" and verdict.info == "ace"):
        if me:
            return tr.gettext("You drew {card}.", **v)
        return tr.gettext("{player} drew {card}.", **v)
    if verdict.kind == "pass":
        return _pass_line(verdict, v, me, names, tr, you)
    info = verdict.info
    if info == "empty":
        if me:
            return tr.gettext("You drew {card} to start a pile.", **v)
        return tr.gettext("{player} drew {card} to start a pile.", **v)
    if info == "higher":
        if me:
            return tr.gettext("You drew {card} — higher than {below}.", **v)
        return tr.gettext("{player} drew {card} — higher than {below}.", **v)
    if info == "equal":
        if me:
            return tr.gettext("You drew {card} — equal to {below}: accepted.", **v)
        return tr.gettext("{player} drew {card} — equal to {below}: accepted.", **v)
    if info == "after_ace":
        if me:
            return tr.gettext("You drew {card} — anything goes after an ace.", **v)
        return tr.gettext("{player} drew {card} — anything goes after an ace.", **v)
    if info == "custom":
        if me:
            return tr.gettext("You drew {card} — the house rule accepts it on {below}.", **v)
        return tr.gettext("{player} drew {card} — the house rule accepts it on {below}.", **v)
    if me:
        return tr.gettext("You drew {card} — accepted.", **v)
    return tr.gettext("{player} drew {card} — accepted.", **v)


def _pass_line(verdict: Event, v: dict, me: bool, names, tr: Translator, you) -> str:
    """A refused draw (R5–R7): why, and who takes the pile."""
    them = verdict.target is not None and verdict.target == you
    v["target"] = seat_name(verdict.target, names, tr.language)
    info = verdict.info
    if info == "lower":
        if me:
            return tr.gettext(
                "You drew {card} — lower than {below}: the pile passes to {target}.", **v
            )
        if them:
            return tr.gettext(
                "{player} drew {card} — lower than {below}: the pile passes to you.", **v
            )
        return tr.gettext(
            "{player} drew {card} — lower than {below}: the pile passes to {target}.", **v
        )
    if info == "equal":
        if me:
            return tr.gettext(
                "You drew {card} — only equal to {below}: the pile passes to {target}.", **v
            )
        if them:
            return tr.gettext(
                "{player} drew {card} — only equal to {below}: the pile passes to you.", **v
            )
        return tr.gettext(
            "{player} drew {card} — only equal to {below}: the pile passes to {target}.", **v
        )
    if info == "custom":
        if me:
            return tr.gettext(
                "You drew {card} — the house rule refuses it on {below}: the pile passes to "
                "{target}.",
                **v,
            )
        if them:
            return tr.gettext(
                "{player} drew {card} — the house rule refuses it on {below}: the pile passes to "
                "you.",
                **v,
            )
        return tr.gettext(
            "{player} drew {card} — the house rule refuses it on {below}: the pile passes to "
            "{target}.",
            **v,
        )
    if me:
        return tr.gettext("You drew {card} — refused: the pile passes to {target}.", **v)
    if them:
        return tr.gettext("{player} drew {card} — refused: the pile passes to you.", **v)
    return tr.gettext("{player} drew {card} — refused: the pile passes to {target}.", **v)


# A robbing ace's share in words (R9), for the robbery that rounds down to nothing.
def _share_words(info: str, tr: Translator) -> str:
    if info == "0":
        return tr.pgettext("share", "nothing")
    if info == "1/2":
        return tr.pgettext("share", "half")
    if info == "1/3":
        return tr.pgettext("share", "a third")
    if info == "1/4":
        return tr.pgettext("share", "a quarter")
    if info == "1/5":
        return tr.pgettext("share", "a fifth")
    if info == "1":
        return tr.pgettext("share", "all")
    return _share(info, tr)


def _rob_line(draw: Event | None, rob: Event, names, loot_to: str, tr: Translator, you) -> str:
    """A robbery (R9) as a line, after the draw of its ace if there is one."""
    if draw is not None:
        return _drew_and_robbed(draw, rob, names, loot_to, tr, you)
    me = rob.player is not None and rob.player == you
    them = rob.target is not None and rob.target == you
    n = len(rob.cards)
    v = {"player": seat_name(rob.player, names, tr.language), "count": n}
    v["target"] = seat_name(rob.target, names, tr.language)
    if rob.cards and loot_to == "pile":
        if me:
            return tr.ngettext(
                "You robbed {count} card from {target} into the pile, under the ace.",
                "You robbed {count} cards from {target} into the pile, under the ace.",
                n,
                **v,
            )
        if them:
            return tr.ngettext(
                "{player} robbed {count} card from you into the pile, under the ace.",
                "{player} robbed {count} cards from you into the pile, under the ace.",
                n,
                **v,
            )
        return tr.ngettext(
            "{player} robbed {count} card from {target} into the pile, under the ace.",
            "{player} robbed {count} cards from {target} into the pile, under the ace.",
            n,
            **v,
        )
    if rob.cards:
        if me:
            return tr.ngettext(
                "You robbed {count} card from {target}.",
                "You robbed {count} cards from {target}.",
                n,
                **v,
            )
        if them:
            return tr.ngettext(
                "{player} robbed {count} card from you.",
                "{player} robbed {count} cards from you.",
                n,
                **v,
            )
        return tr.ngettext(
            "{player} robbed {count} card from {target}.",
            "{player} robbed {count} cards from {target}.",
            n,
            **v,
        )
    if rob.info in (None, "custom"):
        if me:
            return tr.gettext("You robbed {target}, but got nothing.", **v)
        if them:
            return tr.gettext("{player} robbed you, but got nothing.", **v)
        return tr.gettext("{player} robbed {target}, but got nothing.", **v)
    v["share"] = _share_words(rob.info, tr)
    if me:
        return tr.gettext(
            "You robbed {target}, but {share} of their bank rounds down to nothing.", **v
        )
    if them:
        return tr.gettext(
            "{player} robbed you, but {share} of your bank rounds down to nothing.", **v
        )
    return tr.gettext(
        "{player} robbed {target}, but {share} of their bank rounds down to nothing.", **v
    )


def _drew_and_robbed(draw: Event, rob: Event, names, loot_to: str, tr: Translator, you) -> str:
    """``Bo drew A♥ and robbed 3 cards from Cy.`` (R9), or why the robbery got nothing."""
    me = rob.player is not None and rob.player == you
    them = rob.target is not None and rob.target == you
    n = len(rob.cards)
    v = {"player": seat_name(draw.player, names, tr.language), "card": _cards(draw.cards, tr)}
    v.update(target=seat_name(rob.target, names, tr.language), count=n)
    if rob.cards and loot_to == "pile":
        if me:
            return tr.ngettext(
                "You drew {card} and robbed {count} card from {target} into the pile, under the "
                "ace.",
                "You drew {card} and robbed {count} cards from {target} into the pile, under the "
                "ace.",
                n,
                **v,
            )
        if them:
            return tr.ngettext(
                "{player} drew {card} and robbed {count} card from you into the pile, under the "
                "ace.",
                "{player} drew {card} and robbed {count} cards from you into the pile, under the "
                "ace.",
                n,
                **v,
            )
        return tr.ngettext(
            "{player} drew {card} and robbed {count} card from {target} into the pile, under "
            "the ace.",
            "{player} drew {card} and robbed {count} cards from {target} into the pile, under "
            "the ace.",
            n,
            **v,
        )
    if rob.cards:
        if me:
            return tr.ngettext(
                "You drew {card} and robbed {count} card from {target}.",
                "You drew {card} and robbed {count} cards from {target}.",
                n,
                **v,
            )
        if them:
            return tr.ngettext(
                "{player} drew {card} and robbed {count} card from you.",
                "{player} drew {card} and robbed {count} cards from you.",
                n,
                **v,
            )
        return tr.ngettext(
            "{player} drew {card} and robbed {count} card from {target}.",
            "{player} drew {card} and robbed {count} cards from {target}.",
            n,
            **v,
        )
    if rob.info in (None, "custom"):
        if me:
            return tr.gettext("You drew {card} and robbed {target}, but got nothing.", **v)
        if them:
            return tr.gettext("{player} drew {card} and robbed you, but got nothing.", **v)
        return tr.gettext("{player} drew {card} and robbed {target}, but got nothing.", **v)
    v["share"] = _share_words(rob.info, tr)
    if me:
        return tr.gettext(
            "You drew {card} and robbed {target}, but {share} of their bank rounds down to "
            "nothing.",
            **v,
        )
    if them:
        return tr.gettext(
            "{player} drew {card} and robbed you, but {share} of your bank rounds down to nothing.",
            **v,
        )
    return tr.gettext(
        "{player} drew {card} and robbed {target}, but {share} of their bank rounds down to "
        "nothing.",
        **v,
    )


def _aces_line(events: Sequence[Event], names, tr: Translator, you) -> str:
    """One line for an ace decision (R11–R13): the kept and the listed aces."""
    me = events[0].player is not None and events[0].player == you
    player = seat_name(events[0].player, names, tr.language)
    listed = [c for e in events if e.kind == "list" for c in e.cards]
    kept = [c for e in events if e.kind == "keep" for c in e.cards]
    v = {"player": player, "listed": _cards(listed, tr), "kept": _cards(kept, tr)}
    if listed and kept:
        if me:
            return tr.gettext(
                "You listed {listed} (shuffled back into the deck) and kept {kept}.", **v
            )
        return tr.gettext(
            "{player} listed {listed} (shuffled back into the deck) and kept {kept}.", **v
        )
    if listed:
        if me:
            return tr.gettext("You listed {listed} (shuffled back into the deck).", **v)
        return tr.gettext("{player} listed {listed} (shuffled back into the deck).", **v)
    if any(e.kind == "keep" and e.info == "dead_deck" for e in events):
        if me:
            return tr.ngettext(
                "You kept {kept}: the deck holds no other card to list it into.",
                "You kept {kept}: the deck holds no other card to list them into.",
                len(kept),
                **v,
            )
        return tr.ngettext(
            "{player} kept {kept}: the deck holds no other card to list it into.",
            "{player} kept {kept}: the deck holds no other card to list them into.",
            len(kept),
            **v,
        )
    if me:
        return tr.gettext("You kept {kept} in the bank, safe from robbers.", **v)
    return tr.gettext("{player} kept {kept} in the bank, safe from robbers.", **v)
