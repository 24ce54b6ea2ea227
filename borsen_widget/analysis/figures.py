"""The next draw, exactly: the chance it is accepted, what each card would do, and the value of
drawing once and then banking (RULES.md §4).

Everything here is computed from public information only: the pile, the banks, the rules and
the deck's *composition* (:meth:`Game.deck_counts`), never the deck's order, the seed or the
random generator. Probabilities and expected values are exact :class:`fractions.Fraction`
values; ``to_dict()`` gives JSON-safe data for screens, each number as an exact fraction
``"a/b"`` beside its decimal.

The rules are read through :meth:`Rules.accepts` (R5), :meth:`Rules.victim` and
:meth:`Rules.loot` (R9), so custom ``accept_rule`` and ``loot_rule`` functions flow into every
figure. Standard library only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction

from ..engine.cards import RANK_TEXT, SUIT_NAMES, Card
from ..engine.game import Game
from ..engine.words import seat_name
from ..i18n import Translator, translator

__all__ = [
    "OBJECTIVES",
    "Outcome",
    "accept_sentence",
    "draw_outcomes",
    "fraction_data",
    "one_draw_value",
    "p_accept",
]

OBJECTIVES = ("own", "lead")


def fraction_data(value: Fraction | int) -> dict:
    """An exact number for screens: ``{"fraction": "1/2", "decimal": 0.5}``."""
    value = Fraction(value)
    return {"fraction": f"{value.numerator}/{value.denominator}", "decimal": float(value)}


def _rank_word(rank: int, tr: Translator) -> str:
    """``"9"``, ``"10"``, ``"jack"`` (``"knekt"``): how a sentence names a rank."""
    return tr.rank_word(rank)


def _card_phrase(card: Card, count: int, size: int, tr: Translator) -> str:
    """ "A 9 (4 of 7 cards)", "The ace of spades (1 of 7 cards)": a kind of card the next
    draw can be, with how many of the cards left it is (a whole phrase per kind, so each
    language writes its own article)."""
    v = {"count": count, "size": size}
    rank = card.rank
    if card.is_ace:
        suit = card.suit
        if suit == "S":
            return tr.ngettext(
                "The ace of spades ({count} of {size} card)",
                "The ace of spades ({count} of {size} cards)",
                size,
                **v,
            )
        if suit == "H":
            return tr.ngettext(
                "The ace of hearts ({count} of {size} card)",
                "The ace of hearts ({count} of {size} cards)",
                size,
                **v,
            )
        if suit == "C":
            return tr.ngettext(
                "The ace of clubs ({count} of {size} card)",
                "The ace of clubs ({count} of {size} cards)",
                size,
                **v,
            )
        return tr.ngettext(
            "The ace of diamonds ({count} of {size} card)",
            "The ace of diamonds ({count} of {size} cards)",
            size,
            **v,
        )
    if rank == 11:
        return tr.ngettext(
            "A jack ({count} of {size} card)", "A jack ({count} of {size} cards)", size, **v
        )
    if rank == 12:
        return tr.ngettext(
            "A queen ({count} of {size} card)", "A queen ({count} of {size} cards)", size, **v
        )
    if rank == 13:
        return tr.ngettext(
            "A king ({count} of {size} card)", "A king ({count} of {size} cards)", size, **v
        )
    if rank == 8:
        # TRANSLATORS: an 8 among the cards left ("An 8 (4 of 30 cards)").
        return tr.ngettext(
            "An {rank} ({count} of {size} card)",
            "An {rank} ({count} of {size} cards)",
            size,
            rank=RANK_TEXT[rank],
            **v,
        )
    # TRANSLATORS: a card of a number rank (2 to 10) among the cards left ("A 9 (4 of 30
    # cards)").
    return tr.ngettext(
        "A {rank} ({count} of {size} card)",
        "A {rank} ({count} of {size} cards)",
        size,
        rank=RANK_TEXT[rank],
        **v,
    )


def _top(game: Game) -> Card | None:
    pile = game.pile
    return pile[-1] if pile else None


def _check_playable(game: Game, what: str) -> None:
    if game.is_over:
        raise ValueError(f"{what}: the game is over")
    if game.deck_size == 0:
        raise ValueError(f"{what}: the deck is empty, so no card can be drawn (R14)")


# ---------------------------------------------------------------------------------- the next draw


def p_accept(game: Game) -> Fraction:
    """The chance that the next draw is accepted (R5), from the deck's composition (§4).

    P = (cards left that R5 accepts on the pile's top card) / (cards left); 1 when the pile is
    empty. A custom ``accept_rule`` is honoured. Raises ``ValueError`` when no card can be
    drawn (the game is over or the deck is empty).
    """
    _check_playable(game, "no chance to compute")
    return Fraction(game.accepted_count(), game.deck_size)


@dataclasses.dataclass(frozen=True)
class Outcome:
    """One kind of card the next draw can be: a rank (2…K) or one ace (by suit).

    ``probability`` is exact; ``accepted`` says whether R5 accepts it on the pile; ``loot`` is
    the number of cards an ace would rob at once (R9; 0 for other cards) from seat ``victim``;
    ``sentence`` says what the draw would do, for people.
    """

    label: str
    cards: tuple[Card, ...]
    count: int
    deck_size: int
    probability: Fraction
    accepted: bool
    loot: int
    victim: int | None
    sentence: str

    @property
    def is_ace(self) -> bool:
        """True for an ace's outcome."""
        return self.cards[0].is_ace

    @property
    def code(self) -> str:
        """The outcome in card codes, the same in every language: ``"9"``, ``"9 ♠♥"`` (a
        rank split by suit), ``"AS"`` (the ace of spades, as the deck's labels in
        :func:`~borsen_widget.analysis.summary`)."""
        return f"A{self.cards[0].suit}" if self.is_ace else self.label

    def to_dict(self) -> dict:
        """JSON-safe data for screens, with no English in it (a Norwegian panel once
        sent "ace of spades"): ``label`` is :attr:`code`; the English :attr:`label` stays
        in Python, for programs."""
        return {
            "label": self.code,
            "cards": [c.ascii for c in self.cards],
            "count": self.count,
            "deck_size": self.deck_size,
            "probability": fraction_data(self.probability),
            "accepted": self.accepted,
            "is_ace": self.is_ace,
            "loot": self.loot,
            "victim": self.victim,
            "sentence": self.sentence,
        }


def _why(rules, card: Card, top: Card | None, tr: Translator) -> str:
    """Why R5 accepts or refuses ``card`` on ``top``, in words for a kind of card: the reason
    is :meth:`Rules.judge`'s, the one definition of R5."""
    accepted, reason = rules.judge(card, top)
    if reason == "empty":
        return tr.pgettext("why", "the pile is empty")
    if reason == "custom":
        if accepted:
            return tr.pgettext("why", "the house rule accepts it on {card}", card=str(top))
        return tr.pgettext("why", "the house rule refuses it on {card}", card=str(top))
    if reason == "ace":
        return tr.pgettext("why", "an ace is always accepted")
    if reason == "after_ace":
        return tr.pgettext("why", "anything goes after an ace")
    v = {"rank": _rank_word(card.rank, tr), "below": _rank_word(top.rank, tr)}
    if reason == "equal":
        if accepted:
            return tr.pgettext("why", "{rank} is equal to {below}", **v)
        return tr.pgettext("why", "{rank} is only equal to {below}", **v)
    if reason == "higher":
        if rules.equal_accepted:
            return tr.pgettext("why", "{rank} is at least {below}", **v)
        return tr.pgettext("why", "{rank} beats {below}", **v)
    return tr.pgettext("why", "{rank} is lower than {below}", **v)


def _robs(tr: Translator, accepted: bool, into_pile: bool, **v) -> str:
    """What an ace drawn next does: "The ace of spades (1 of 7 cards): accepted, robs 3 cards
    from Bo" (R9), a whole sentence for each case."""
    n = v["count"]
    if accepted and into_pile:
        return tr.ngettext(
            "{card}: accepted, robs {count} card from {player} into the pile, under the ace",
            "{card}: accepted, robs {count} cards from {player} into the pile, under the ace",
            n,
            **v,
        )
    if accepted:
        return tr.ngettext(
            "{card}: accepted, robs {count} card from {player}",
            "{card}: accepted, robs {count} cards from {player}",
            n,
            **v,
        )
    if into_pile:
        return tr.ngettext(
            "{card}: not accepted — {why}; robs {count} card from {player} into the pile, "
            "under the ace",
            "{card}: not accepted — {why}; robs {count} cards from {player} into the pile, "
            "under the ace",
            n,
            **v,
        )
    return tr.ngettext(
        "{card}: not accepted — {why}; robs {count} card from {player}",
        "{card}: not accepted — {why}; robs {count} cards from {player}",
        n,
        **v,
    )


def draw_outcomes(
    game: Game, names: Sequence[str] | None = None, *, language: str | None = None
) -> list[Outcome]:
    """Every kind of card the next draw can be, with its exact probability (they sum to 1).

    One entry per rank left in the deck and one per ace suit (R2). For each: whether R5
    accepts it on the pile's top card, and for an ace the cards it robs at once (R9, with the
    victim chosen by ``rob_target``). A rank whose suits a custom ``accept_rule`` treats
    differently is split into an accepted and a refused entry. ``names`` name the seats in the
    sentences (default ``"Seat 0"``...); the sentences are in ``language`` (``None``: the one
    :func:`borsen_widget.set_language` chose, else English). ``label`` stays a short English
    key (``"9"``, ``"ace of spades"``) for programs, in Python only: the data for screens
    (:meth:`Outcome.to_dict`) carries the card codes (:attr:`Outcome.code`).
    """
    _check_playable(game, "no draw to describe")
    tr = translator(language)
    rules = game.rules
    top = _top(game)
    counts = game.deck_counts()
    size = sum(counts.values())
    player = game.current_player
    victim, loot_of = _robbery(game)
    pile_size = len(game.pile)
    nxt = seat_name((player + 1) % rules.players, names, tr.language)
    groups: dict[tuple, list[Card]] = {}
    for card in counts:  # canonical order: by rank, then suit
        accepted = rules.accepts(card, top)
        key = ("ace", card.index) if card.is_ace else (card.rank, accepted)
        groups.setdefault(key, []).append(card)
    outcomes = []
    for key, cards in groups.items():
        count = sum(counts[c] for c in cards)
        card = cards[0]
        accepted = rules.accepts(card, top)
        what = _card_phrase(card, count, size, tr)
        loot = loot_of.get(card, 0)
        if card.is_ace:
            label = f"ace of {SUIT_NAMES[card.index % 4]}"
            sentence = _robs(
                tr,
                accepted,
                rules.loot_to == "pile",
                card=what,
                count=loot,
                player=seat_name(victim, names, tr.language),
                why="" if accepted else _why(rules, card, top, tr),
            )
        else:
            label = RANK_TEXT[card.rank]
            if key[1] is not None and len(groups.get((card.rank, not accepted), ())) > 0:
                label += " " + "".join(str(c)[-1] for c in cards)  # e.g. "9 ♠♥": split by suit
            why = _why(rules, card, top, tr)
            if accepted:
                sentence = tr.gettext("{card}: accepted — {why}", card=what, why=why)
            else:
                sentence = tr.ngettext(
                    "{card}: not accepted — {why}; the pile of {count} card passes to {player}",
                    "{card}: not accepted — {why}; the pile of {count} cards passes to {player}",
                    pile_size + 1,
                    card=what,
                    why=why,
                    count=pile_size + 1,
                    player=nxt,
                )
        outcomes.append(
            Outcome(
                label=label,
                cards=tuple(cards),
                count=count,
                deck_size=size,
                probability=Fraction(count, size),
                accepted=accepted,
                loot=loot,
                victim=victim if card.is_ace else None,
                sentence=sentence,
            )
        )
    return outcomes


def one_draw_value(game: Game, objective: str = "own") -> Fraction:
    """The exact value of "draw once, then bank" (the one-draw look-ahead), counted like
    :func:`best_turn`'s values (R5, R7, R9, R14, R14a).

    ``objective="own"``: the cards the current player banks this turn: the pile and the new
    card when it is accepted (R6, then R8; R14 banks it anyway when the deck runs out), plus
    the loot of an ace at once with ``loot_to="bank"`` (R9). A refused card passes the pile on
    (R7) and brings nothing. ``"lead"`` also counts the passed pile against the player (unless
    the turn cap ends the game then, R14a). Drawing more than once can only be worth more:
    this is a lower bound on the best stopping rule's value of drawing.
    """
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be 'own' or 'lead', not {objective!r}")
    _check_playable(game, "no draw to value")
    rules = game.rules
    top = _top(game)
    pile = len(game.pile)
    to_pile = rules.loot_to == "pile"
    lose_passed = objective == "lead" and not game.is_last_turn
    _, loot_of = _robbery(game)
    total = size = 0
    for card, copies in game.deck_counts().items():  # integers here: one fraction at the end
        loot = loot_of.get(card, 0)
        after = pile + 1 + (loot if to_pile else 0)
        gained = 0 if to_pile else loot
        if rules.accepts(card, top):
            value = gained + after
        else:
            value = gained - (after if lose_passed else 0)
        total += copies * value
        size += copies
    return Fraction(total, size)


def _robbery(game: Game) -> tuple[int | None, dict[Card, int]]:
    """Whom an ace drawn now robs (R9, :meth:`Rules.victim`) and how many cards each ace left in
    the deck would rob (:meth:`Rules.loot`); ``(None, {})`` when no ace is left."""
    aces = [card for card in game.deck_counts() if card.is_ace]
    if not aces:
        return None, {}
    rules = game.rules
    banks = game.banks
    robbable = [sum(not c.is_ace for c in bank) for bank in banks]
    victim = rules.victim(game.current_player, robbable)
    return victim, {ace: rules.loot(ace, banks[victim]) for ace in aces}


def accept_sentence(game: Game, accepted: int, size: int, *, language: str | None = None) -> str:
    """ "15 of the 30 cards left are 8 or higher, or aces" (§4), in ``language`` (``None``:
    the one :func:`borsen_widget.set_language` chose, else English)."""
    tr = translator(language)
    rules = game.rules
    top = _top(game)
    v = {"count": accepted, "size": size}
    if top is None:
        return tr.ngettext(
            "the pile is empty: the {size} card left is accepted",
            "the pile is empty: all {size} cards left are accepted",
            size,
            **v,
        )
    if rules.accept_rule is not None:
        return tr.ngettext(
            "{count} of the {size} card left is accepted on {card} by the house rule",
            "{count} of the {size} cards left are accepted on {card} by the house rule",
            size,
            card=str(top),
            **v,
        )
    if top.is_ace:
        return tr.ngettext(
            "the top card is an ace: the {size} card left is accepted",
            "the top card is an ace: all {size} cards left are accepted",
            size,
            **v,
        )
    word = _rank_word(top.rank, tr)
    if rules.equal_accepted:
        return tr.ngettext(
            "{count} of the {size} card left is {rank} or higher, or an ace",
            "{count} of the {size} cards left are {rank} or higher, or aces",
            size,
            rank=word,
            **v,
        )
    return tr.ngettext(
        "{count} of the {size} card left is higher than {rank}, or an ace",
        "{count} of the {size} cards left are higher than {rank}, or aces",
        size,
        rank=word,
        **v,
    )
