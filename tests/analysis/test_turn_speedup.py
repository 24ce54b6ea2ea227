"""The faster best_turn (issue 23) gives exactly the values it gave before (R4–R9, R14, R14a).

best_turn prunes with exact bounds worked out once per deck *shape* (bounds.shape), hands a
child what its parent knows and proves banking one draw ahead without building the child
states (analysis/turn.py). None of that may change a value: here it is compared with a slow
reference written for these tests only, a plain expectimax over the deck's composition with
exact fractions, no classes, no bounds and no pruning, that reads the rules only through
``Rules`` (accepts, victim_order, victim, loot), on positions from real games and every
rule option's variants; and the run bounds of a deck shape with the direct product over its
ranks (the bounds module before the shapes).
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
from fractions import Fraction

import pytest
from rule_options import option_variants, random_rules

from borsen_widget import ExpectedValueBot, Game, Rules, ThresholdBot, analysis
from borsen_widget.analysis import bounds, turn
from borsen_widget.engine.cards import Card

# ------------------------------------------------------------------------- the slow reference


def _bank_after(bank, robbed: int) -> tuple:
    """The bank after its ``robbed`` most recently banked non-aces are gone (R10)."""
    kept = list(bank)
    for pos in range(len(kept) - 1, -1, -1):
        if robbed and not kept[pos].is_ace:
            del kept[pos]
            robbed -= 1
    return tuple(kept)


def reference_best_turn(game: Game, objective: str) -> dict:
    """``{"draw": value or None, "bank": value or None}`` by plain expectimax (R4: the better
    of banking and drawing; every card the deck can give next, each as likely as its copies;
    R5 acceptance, R7 a pass, R9 robbery and its loot, R14 an empty deck banks the pile, R14a
    a pass on the last turn scores nothing)."""
    rules = game.rules
    me = game.current_player
    victims = rules.victim_order(me)
    banks = [game.banks[v] for v in victims]
    robbable = [sum(not c.is_ace for c in bank) for bank in banks]
    lead = objective == "lead" and not game.is_last_turn
    to_pile = rules.loot_to == "pile"

    def rob(ace: Card, robbed: tuple) -> tuple[int, tuple]:
        if len(victims) == 1:
            pos = 0
        else:
            left = [0] * rules.players
            for seat, count, taken in zip(victims, robbable, robbed, strict=True):
                left[seat] = count - taken
            pos = victims.index(rules.victim(me, left))
        loot = rules.loot(ace, _bank_after(banks[pos], robbed[pos]))
        after = list(robbed)
        after[pos] += loot
        return loot, tuple(after)

    @functools.cache
    def best(deck: tuple, top: Card, pile: int, robbed: tuple) -> Fraction:
        return max(Fraction(pile), draw(deck, top, pile, robbed))

    @functools.cache
    def draw(deck: tuple, top: Card | None, pile: int, robbed: tuple) -> Fraction:
        size = sum(k for _, k in deck)
        total = Fraction(0)
        for i, (card, copies) in enumerate(deck):
            loot, after = rob(card, robbed) if card.is_ace else (0, robbed)
            new_pile = pile + 1 + (loot if to_pile else 0)
            gained = 0 if to_pile else loot
            if top is None or rules.accepts(card, top):
                if size == 1:
                    value = Fraction(gained + new_pile)
                else:
                    rest = deck[:i] + ((card, copies - 1),) * (copies > 1) + deck[i + 1 :]
                    value = gained + best(rest, card, new_pile, after)
            else:
                value = Fraction(gained - (new_pile if lead else 0))
            total += copies * value
        return total / size

    deck = tuple(sorted(game.deck_counts().items()))
    top = game.pile[-1] if game.pile else None
    pile = len(game.pile)
    start = tuple(0 for _ in victims)
    return {
        "draw": draw(deck, top, pile, start) if deck else None,
        "bank": Fraction(pile) if pile else None,
    }


# ------------------------------------------------------------------------- positions


def late_positions(rules: Rules, seed: int, most: int) -> list[Game]:
    """The decisions of a real game (bots play it) once the deck holds ``most`` cards or
    fewer: real banks to rob, real piles."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    bots = [
        rng.choice([ThresholdBot(rng.randint(2, 5)), ExpectedValueBot()])
        for _ in range(rules.players)
    ]
    found = []
    while not game.is_over:
        if game.phase == "play" and 0 < game.deck_size <= most:
            found.append(game.copy())
        game.apply(bots[game.current_player].choose(game))
    return found


def checked(game: Game, objective: str) -> None:
    analysis.clear_cache()
    fast = analysis.best_turn(game, objective)
    assert fast.values == reference_best_turn(game, objective), (game, objective)
    best = max(v for v in fast.values.values() if v is not None)
    assert fast.values[fast.action] == best


@pytest.mark.parametrize("name", list(option_variants()))
def test_best_turn_equals_the_reference_for_every_option(name):
    """Every option's variants (R2–R14a), both objectives: the last decisions of a real game
    (up to 9 cards left) and a few of its last turn starts."""
    rules = Rules(**{"players": 3, "auto_aces": "keep", **option_variants()[name]})
    found = late_positions(rules, seed=len(name), most=9)
    if rules.max_turns != Rules().max_turns:
        # The cap may end the game first (R14a): the last decisions of an uncapped game,
        # set up on the last turn the cap allows, where a pile passed on scores nothing.
        last = dataclasses.replace(rules, max_turns=1)
        found += [
            Game.from_position(
                last,
                deck=[card for card, k in g.deck_counts().items() for _ in range(k)],
                banks=[list(b) for b in g.banks],
                pile=list(g.pile),
                current_player=g.current_player,
            )
            for g in late_positions(
                dataclasses.replace(rules, max_turns=Rules().max_turns), 1, most=9
            )
            if g.phase == "play"
        ][:4]
        assert found[-1].is_last_turn
    assert found, "the game ended before its deck was this small"
    for i, game in enumerate(found[:: max(1, len(found) // 6)]):
        checked(game, ("own", "lead")[i % 2])


def test_best_turn_equals_the_reference_at_turn_starts_with_rich_banks():
    """Turn starts (an empty pile) with 10–12 cards left and banks to rob, where most of the
    pruning happens, over random rule sets."""
    rng = random.Random(23)
    done = 0
    while done < 5:
        rules = random_rules(rng, most_players=4, most_decks=1, functions={})
        if rules.accept_rule is not None or rules.loot_rule is not None:
            continue
        starts = [g for g in late_positions(rules, rng.randrange(1000), most=12) if not g.pile]
        if not starts or starts[0].deck_size < 10:
            continue
        checked(starts[0], ("own", "lead")[done % 2])
        done += 1


# ------------------------------------------------------------------------- the run bounds


def direct_run_expectations(ranks, aces, top, equal, terms):
    """bounds.run_expectations as it was before deck shapes: one factor per rank, in order."""
    n = sum(ranks) + aces
    terms = min(terms, n)
    bits = ((terms + 1) * n**terms).bit_length() + 1
    mask = (1 << bits) - 1

    def factor(copies, blocks):
        poly = 0
        for k in range(copies + 1):
            ways = (
                (math.comb(k + blocks - 1, blocks - 1) if blocks else int(k == 0))
                if equal
                else math.comb(blocks, k)
            )
            poly |= (math.perm(copies, k) * ways) << (bits * k)
        return poly

    valid = ace_last = 0
    for i in range(min(aces, terms) + 1):
        poly = 1
        for r, copies in enumerate(ranks):
            if not copies:
                continue
            allowed = top is None or r > top or (r == top and equal)
            if allowed:
                poly *= factor(copies, i + 1)
            elif i:
                poly *= factor(copies, i)
        poly &= (1 << (bits * (terms - i + 1))) - 1
        valid += (math.perm(aces, i) * poly) << (bits * i)
        if i < aces:
            ace_last += (math.perm(aces, i) * (aces - i) * poly) << (bits * (i + 1))
    coefficient = [(valid >> (bits * j)) & mask for j in range(terms + 1)]
    last = [(ace_last >> (bits * j)) & mask for j in range(terms + 1)]
    denominator = math.perm(n, terms)
    run = sum(coefficient[j] * math.perm(n - j, terms - j) for j in range(1, terms + 1))
    in_run = sum(last[j] * math.perm(n - j, terms - j) for j in range(1, terms + 1))
    if terms < n:
        run += (n - terms) * coefficient[terms]
        in_run += (n - terms) * coefficient[terms]
    return run, in_run, denominator


def test_run_bounds_of_a_deck_shape_equal_the_direct_product():
    """The run bounds depend only on the deck's shape (how many ranks the top accepts and
    refuses with each number of cards left, and the aces): every deck gives what the direct
    product over its ranks gives, and so does any reordering of its ranks within the two
    groups (R5)."""
    rng = random.Random(7)
    for _ in range(300):
        decks = rng.choice([1, 1, 2])
        ranks = [rng.randint(0, 4 * decks) for _ in range(12)]
        aces = rng.randint(0, 4 * decks)
        if not sum(ranks) + aces:
            continue
        top = rng.choice([None, rng.randrange(12)])
        equal = rng.random() < 0.7
        terms = rng.choice([3, 6, 12])
        got = bounds.run_expectations(ranks, aces, top, equal, terms)
        assert got == direct_run_expectations(ranks, aces, top, equal, terms)
        if top is not None:  # shuffle the refused ranks among themselves, the accepted too
            cut = top + (0 if equal else 1)
            low, high = ranks[:cut], ranks[cut:]
            rng.shuffle(low)
            rng.shuffle(high)
            assert bounds.run_expectations(low + high, aces, top, equal, terms) == got


def test_pruning_changes_no_value_at_mid_game_turn_starts(monkeypatch):
    """Where the bounds prune most (turn starts with 15–17 cards left, banks to rob; the
    run bound alone no longer decides, so the one-draw-ahead proof is used too): the values
    equal those of the same dynamic programme with every proof switched off."""
    rng = random.Random(5)
    positions = []
    while len(positions) < 4:
        rules = Rules(players=rng.choice([2, 3]), loot_to=rng.choice(["bank", "pile"]))
        starts = [
            g
            for g in late_positions(rules, rng.randrange(1000), most=17)
            if not g.pile and g.deck_size >= 15 and any(g.banks)
        ]
        positions += starts[:1]
    objectives = ["own", "lead"] * 2
    analysis.clear_cache()
    pruned = [analysis.best_turn(g, o).values for g, o in zip(positions, objectives, strict=True)]
    analysis.clear_cache()
    monkeypatch.setattr(turn.TurnModel, "_bank_is_proven", lambda *args: False)
    monkeypatch.setattr(turn.TurnModel, "_cheap_bank_proof", lambda *args: False)
    full = [analysis.best_turn(g, o).values for g, o in zip(positions, objectives, strict=True)]
    analysis.clear_cache()
    assert pruned == full


# ------------------------------------------------------------------------- equivalent states


def aces_and_a_small_victim(rng: random.Random, rules: Rules, aces: int = 0) -> Game:
    """A position of 9–11 cards left holding 2–4 aces, the victim (R9) holding 1–7 robbable
    cards: where aces of different suits rob alike from what the victim can still have, so
    best_turn counts them as one (analysis/turn.py, TurnModel._canonical_aces). ``aces``:
    exactly that many aces (0: 2–4 at random)."""
    ordinary = [Card.parse(f"{r}{s}") for r in "23456789TJQK" for s in "SHCD"]
    rng.shuffle(ordinary)
    aces = rng.sample([Card.parse(f"A{s}") for s in "SHCD"], aces or rng.randint(2, 4))
    deck = ordinary[: 11 - len(aces)] + aces
    rest = ordinary[11 - len(aces) :]
    pile = [rest.pop()] if rng.random() < 0.5 else []
    me = rng.randrange(rules.players)
    victim = rules.victim_order(me)[0]
    banks = [[rest.pop() for _ in range(rng.randint(0, 3))] for _ in range(rules.players)]
    banks[victim] = [rest.pop() for _ in range(rng.randint(1, 7))]
    return Game.from_position(
        rules, deck=deck, banks=banks, pile=pile, current_player=me, seed=rng.randrange(99)
    )


SHARES = [{}, {"S": 1, "H": "2/3", "C": "1/2", "D": "1/3"}, {"S": 0, "D": "9/10"}]


@pytest.mark.parametrize("loot_to", ["bank", "pile"])
def test_equivalent_aces_give_the_reference_values(loot_to):
    """Aces that rob alike from every bank the victim can still have (R9, their shares, one
    victim), and states where no ace left can rob anything, share a memo key: the values
    equal the slow reference's, both objectives, several shares and rob targets."""
    rng = random.Random(len(loot_to))
    for i in range(6):
        rules = Rules(
            players=rng.choice([2, 3]),
            loot_to=loot_to,
            ace_shares=SHARES[i % len(SHARES)],
            rob_target=rng.choice(["previous", "next"]),
        )
        checked(aces_and_a_small_victim(rng, rules), ("own", "lead")[i % 2])


def test_equivalent_states_share_a_key(monkeypatch):
    """The equivalent states merge (fewer states solved) and change no value: best_turn with
    every state keyed by its own counts gives the same values with more states."""
    rng = random.Random(3)
    games = [aces_and_a_small_victim(rng, Rules(players=3), aces=4) for _ in range(8)]
    analysis.clear_cache()
    merged = [analysis.best_turn(g) for g in games]
    analysis.clear_cache()
    made = turn.TurnModel.__init__

    def unmerged(self, *args):
        made(self, *args)
        self._canon = None

    monkeypatch.setattr(turn.TurnModel, "__init__", unmerged)
    apart = [analysis.best_turn(g) for g in games]
    analysis.clear_cache()
    assert [a.values for a in merged] == [a.values for a in apart]
    assert sum(a.states for a in merged) < sum(a.states for a in apart)
