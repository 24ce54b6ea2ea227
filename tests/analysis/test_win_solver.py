"""The small game's exact chance of winning (borsen_widget.analysis.small_games, issue 23).

Every state's value is checked against an independent brute force on tiny decks: the real
cards (the engine's ``Card``), the pile as its cards bottom first, the banks as their cards,
R5 from ``Rules.accepts``, R9 from ``Rules.victim`` and ``Rules.loot``, the ace decisions
enumerated with ``itertools.combinations``, and the whole reachable graph solved by plain
value iteration from seat 0's view (seat 0 maximises, seat 1 minimises). The small model's
moves are checked against the engine itself (``Game.from_position``, R5–R14).
"""

from __future__ import annotations

import itertools
import random

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_options import rule_sets

from borsen_widget import Rules
from borsen_widget.analysis.small_games import (
    DECK_16,
    SmallDeck,
    SmallGame,
    SmallState,
    WinSolution,
    outcome,
    policy_slice,
    solve_small,
)
from borsen_widget.engine.cards import CARDS, FIRST_ACE, Card
from borsen_widget.engine.game import Game

TINY = {
    "6 cards": SmallDeck((5, 9), "SH", "SH"),
    "8 cards": SmallDeck((4, 8, 12), "SH", "SD"),
}
VARIANTS = {
    "original": {},
    "R5 equal refused": {"equal_accepted": False},
    "R8 banking goes on": {"bank_ends_turn": False},
    "R9 loot to the pile": {"loot_to": "pile"},
    "R9 big shares": {"ace_shares": {"S": 1, "H": "2/3", "C": "1/2"}},
    "R11 list": {"auto_aces": "list"},
    "R12 limit 1": {"max_bank_aces": 1},
    "R12 no limit": {"max_bank_aces": None},
}


# ---------------------------------------------------------------------- the brute force


class Brute:
    """Seat 0's chance of winning (ties half) in every reachable position of a tiny deck,
    written from the rules with real cards, apart from the solver."""

    def __init__(self, deck: SmallDeck, rules: Rules):
        self.deck, self.rules = deck, rules
        cards = tuple(sorted(c.index for c in deck.cards()))
        start = (cards, (), ((), ()), 0)
        self.moves: dict = {}
        todo = [start]
        while todo:
            s = todo.pop()
            if s in self.moves:
                continue
            options = self.options(s)
            self.moves[s] = options
            for option in options:
                for _p, nxt in option:
                    if not isinstance(nxt, float):
                        todo.append(nxt)
        self.value = self.iterate()

    def options(self, s) -> list[list[tuple[float, object]]]:
        """Each move the mover may make: its outcomes (probability, next position or seat
        0's result)."""
        deck, pile, banks, _mover = s
        if not deck and not pile:
            mine, theirs = (len(b) for b in banks)
            return [[(1.0, outcome((mine, theirs)))]]
        moves = []
        if deck:
            draw = []
            for i, c in enumerate(deck):
                draw.append((1 / len(deck), self.drawn(s, i, c)))
            moves.append(draw)
        if pile:
            moves += [[(1.0, nxt)] for nxt in self.banked(s)]
        return moves

    def drawn(self, s, i, c):
        deck, pile, banks, mover = s
        rest = deck[:i] + deck[i + 1 :]
        card = CARDS[c]
        below = CARDS[pile[1]] if pile else None
        accepted = self.rules.accepts(card, below)
        banks = [list(b) for b in banks]
        if card.is_ace:  # R9: rob at once
            robbable = [sum(x < FIRST_ACE for x in b) for b in banks]
            victim = self.rules.victim(mover, robbable)
            loot = self.rules.loot(card, [CARDS[x] for x in banks[victim]])
            taken = sorted(x for x in banks[victim] if x < FIRST_ACE)[:loot]
            for x in taken:
                banks[victim].remove(x)
            if self.rules.loot_to != "pile":
                banks[mover] += taken
        body = pile[0] + (pile[1],) if pile else ()
        if card.is_ace and self.rules.loot_to == "pile":
            body += tuple(taken)
        pile = (tuple(sorted(body)), c)  # only the top card's place matters (R5)
        banks = tuple(tuple(sorted(b)) for b in banks)
        return (rest, pile, banks, mover if accepted else 1 - mover)

    def banked(self, s):
        deck, pile, banks, mover = s
        pile = pile[0] + (pile[1],)
        bank = sorted(banks[mover] + pile)
        incoming = [x for x in pile if x >= FIRST_ACE]
        held = [x for x in bank if x >= FIRST_ACE]
        limit = self.rules.max_bank_aces
        live = any(x < FIRST_ACE for x in deck)
        over = limit is not None and len(held) > limit
        if not live or (not incoming and not over):
            choices = [()]
        elif over:
            need = len(held) - limit
            choices = [
                c for k in range(need, len(held) + 1) for c in itertools.combinations(held, k)
            ]
        else:
            choices = [
                c for k in range(len(incoming) + 1) for c in itertools.combinations(incoming, k)
            ]
        auto = self.rules.auto_aces
        if auto is not None and choices != [()]:
            order = {48 + s: self.rules.list_order.index(s) for s in range(4)}
            excess = max(0, len(held) - limit) if limit is not None else 0
            if auto == "keep":
                chosen = sorted(held, key=order.get)[:excess]
            else:
                chosen = list(incoming)
                for x in sorted(held, key=order.get):
                    if len(chosen) >= max(excess, len(incoming)):
                        break
                    if x not in chosen:
                        chosen.append(x)
            choices = [tuple(chosen)]
        out = []
        for listed in choices:
            kept = [x for x in bank if x not in listed]
            new_deck = tuple(sorted(deck + tuple(listed)))
            new_banks = list(banks)
            new_banks[mover] = tuple(kept)
            new_banks = tuple(new_banks)
            if not new_deck:
                out.append(outcome(tuple(len(b) for b in new_banks)))
                continue
            nxt_mover = 1 - mover if self.rules.bank_ends_turn else mover
            out.append((new_deck, (), new_banks, nxt_mover))
        return out

    def iterate(self) -> dict:
        # Gauss-Seidel, smaller decks first and empty piles before full ones: one sweep is
        # exact but for the cycles that listed aces make; the sweeps repeat until they settle.
        order = sorted(self.moves, key=lambda s: (len(s[0]), len(s[1][0]) + 1 if s[1] else 0))
        index = {s: i for i, s in enumerate(order)}
        value = [0.5] * len(order)
        plan = [
            (
                i,
                s[3] == 0,
                [
                    [(p, nxt if isinstance(nxt, float) else None, index.get(nxt)) for p, nxt in m]
                    for m in self.moves[s]
                ],
            )
            for i, s in enumerate(order)
        ]
        for _ in range(10_000):
            change = 0.0
            for i, maximise, moves in plan:
                results = [
                    sum(p * (fixed if j is None else value[j]) for p, fixed, j in move)
                    for move in moves
                ]
                v = max(results) if maximise else min(results)
                change = max(change, abs(v - value[i]))
                value[i] = v
            if change < 1e-14:
                return {s: value[i] for s, i in index.items()}
        raise AssertionError("the brute force did not settle")

    def split(self) -> dict:
        """Seat 0's wins, seat 1's wins and ties, each a chance, under the best play found
        (each position's best move by :attr:`value`, its first on a tie)."""
        kinds = {1.0: (1.0, 0.0, 0.0), 0.0: (0.0, 1.0, 0.0), 0.5: (0.0, 0.0, 1.0)}
        chosen = {}
        for s, moves in self.moves.items():
            results = [
                sum(p * (n if isinstance(n, float) else self.value[n]) for p, n in m) for m in moves
            ]
            best = max(results) if s[3] == 0 else min(results)
            chosen[s] = next(
                m for m, r in zip(moves, results, strict=True) if abs(r - best) < 1e-12
            )
        split = dict.fromkeys(self.moves, (0.0, 0.0, 0.0))
        for _ in range(10_000):
            change = 0.0
            for s, move in chosen.items():
                total = [0.0, 0.0, 0.0]
                for p, n in move:
                    part = kinds[n] if isinstance(n, float) else split[n]
                    for i in range(3):
                        total[i] += p * part[i]
                change = max(change, max(abs(a - b) for a, b in zip(total, split[s], strict=True)))
                split[s] = tuple(total)
            if change < 1e-14:
                return split
        raise AssertionError("the split did not settle")

    def small_state(self, s) -> tuple[SmallState, float]:
        """The solver's state for position ``s`` and the mover's value there."""
        deck, pile, banks, mover = s
        pile = pile[0] + (pile[1],) if pile else ()
        ranks = self.deck.ranks
        counts = tuple(sum(CARDS[x].rank == r for x in deck) for r in ranks)
        aces = sum(1 << (x & 3) for x in deck if x >= FIRST_ACE)
        top = -1 if not pile or pile[-1] >= FIRST_ACE else ranks.index(CARDS[pile[-1]].rank)
        pile_aces = sum(1 << (x & 3) for x in pile if x >= FIRST_ACE)

        def bank(b):
            return sum(x < FIRST_ACE for x in b), sum(1 << (x & 3) for x in b if x >= FIRST_ACE)

        state = SmallState(
            counts, aces, len(pile), top, pile_aces, *bank(banks[mover]), *bank(banks[1 - mover])
        )
        v = self.value[s]
        return state, v if mover == 0 else 1 - v


def check_against_brute_force(deck: SmallDeck, rules: Rules) -> int:
    brute = Brute(deck, rules)
    solution = WinSolution(deck, rules)
    for s in brute.moves:
        state, expected = brute.small_state(s)
        got = solution.value(state)
        assert got == pytest.approx(expected, abs=1e-9), (s, state)
    assert solution.error_bound < 1e-9
    return len(brute.moves)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_state_matches_the_brute_force(variant):
    """R4–R15 on a tiny deck: the solver's value of every position the brute force reaches."""
    rules = Rules(players=2, **VARIANTS[variant])
    assert check_against_brute_force(TINY["6 cards"], rules) > 1000


def test_three_ranks_and_three_aces_match_the_brute_force():
    """Three ranks and three aces with a limit of one ace in a bank (R12: listing is forced
    often, so positions come back and the solver's value iteration is at work)."""
    deck = SmallDeck((4, 8, 12), "S", "SHD")
    rules = Rules(players=2, max_bank_aces=1)
    assert check_against_brute_force(deck, rules) > 5_000
    solution = solve_small(deck, rules)
    assert solution.cycles > 0 and solution.error_bound < 1e-9


@settings(max_examples=examples(4), deadline=None)
@given(st.data())
def test_random_rules_match_the_brute_force(data):
    """Every option the small game reads, drawn from their declarations (tests/rule_options)."""
    rules = data.draw(rule_sets()).replace(players=2, decks=1, first_player=0, max_turns=10_000)
    check_against_brute_force(TINY["6 cards"], rules)


# ---------------------------------------------------------------------- against the engine


def _cards_for(deck: SmallDeck, s: SmallState, first) -> tuple[list, list, list]:
    """Concrete cards for a small state: the deck (``first`` on top), the pile bottom first,
    the two banks (the mover's first)."""
    pool = {r: [Card(r, x) for x in deck.suits] for r in deck.ranks}
    deck_cards = []
    for r, n in zip(deck.ranks, s.deck, strict=True):
        deck_cards += [pool[r].pop() for _ in range(n)]
    deck_cards += [Card(14, "SHCD"[t]) for t in range(4) if s.aces >> t & 1]
    rest = [c for cards in pool.values() for c in cards]
    top = [] if s.top < 0 else [next(c for c in rest if c.rank == deck.ranks[s.top])]
    rest = [c for c in rest if c not in top]
    aces = [Card(14, "SHCD"[t]) for t in range(4) if s.pile_aces >> t & 1]
    fill = s.pile - len(aces) - len(top)
    pile = rest[:fill] + aces + top
    rest = rest[fill:]
    banks = [rest[: s.mine], rest[s.mine : s.mine + s.theirs]]
    banks[0] += [Card(14, "SHCD"[t]) for t in range(4) if s.my_aces >> t & 1]
    banks[1] += [Card(14, "SHCD"[t]) for t in range(4) if s.their_aces >> t & 1]
    if first is not None:
        deck_cards.remove(first)
        deck_cards.insert(0, first)
    return deck_cards, pile, banks


def _seen(deck: SmallDeck, game: Game, mover: int) -> SmallState:
    ranks = deck.ranks
    counts = game.deck_counts()
    pile = game.pile

    def bank(cards):
        return sum(not c.is_ace for c in cards), sum(
            1 << "SHCD".index(c.suit) for c in cards if c.is_ace
        )

    return SmallState(
        tuple(sum(n for c, n in counts.items() if c.rank == r) for r in ranks),
        sum(1 << "SHCD".index(c.suit) for c in counts if c.is_ace),
        len(pile),
        -1 if not pile or pile[-1].is_ace else ranks.index(pile[-1].rank),
        sum(1 << "SHCD".index(c.suit) for c in pile if c.is_ace),
        *bank(game.banks[mover]),
        *bank(game.banks[1 - mover]),
    )


def _random_states(deck: SmallDeck, rules: Rules, count: int, seed: int) -> list[SmallState]:
    """States met when two random players play the small game."""
    rng = random.Random(seed)
    game = SmallGame(deck, rules)
    found = []
    while len(found) < count:
        s = game.start()
        while True:
            found.append(SmallState(*s))
            draws = game.draws(s)
            deck_left = s.aces or any(s.deck)
            if s.pile and (not deck_left or rng.random() < 0.3):
                over, nxt = game.bank(s, rng.choice(game.choices(s)))
                if over:
                    break
                s = SmallState(*nxt)
                continue
            weights = [d[0] for d in draws]
            _, _, _, nxt = rng.choices(draws, weights)[0]
            s = SmallState(*nxt)
    return found


@pytest.mark.parametrize(
    "variant",
    [
        "original",
        "R9 loot to the pile",
        "R12 limit 1",
        "R9 big shares",
        "R8 banking goes on",
        "R5 equal refused",
    ],
)
def test_moves_agree_with_the_engine(variant):
    """Each draw (R5–R9, R14) and each banking with each choice of aces (R8, R11–R13) of the
    small model leads where the engine's game goes from the same position."""
    deck = SmallDeck((4, 8, 12), "SHC", "SHCD")
    rules = Rules(players=2, **VARIANTS[variant])
    model = SmallGame(deck, rules)
    checked = 0
    for s in _random_states(deck, rules, 60, seed=len(variant)):
        for _copies, card, same, nxt in model.draws(s):
            first = Card(14, "SHCD"[-1 - card]) if card < 0 else None
            if first is None:
                first = next(c for c in _cards_for(deck, s, None)[0] if c.rank == deck.ranks[card])
            cards, pile, banks = _cards_for(deck, s, first)
            game = Game.from_position(rules, cards, banks, pile, current_player=0, seed=1)
            game.draw()
            mover = game.current_player
            assert (mover == 0) == same
            if game.phase == "aces" or game.is_over:
                continue
            if not game.deck_size:  # R14: the engine has banked by itself
                continue
            assert _seen(deck, game, mover) == nxt
            checked += 1
        if not s.pile or not (s.aces or any(s.deck)):
            continue  # the engine banks a last pile by itself (R14): the draws check it
        for listed in model.choices(s):
            cards, pile, banks = _cards_for(deck, s, None)
            game = Game.from_position(rules, cards, banks, pile, current_player=0, seed=1)
            game.bank()
            if game.phase == "aces":
                game.choose_aces([Card(14, "SHCD"[t]) for t in listed])
            else:
                assert listed == () or rules.auto_aces is not None
            over, nxt = model.bank(s, listed)
            assert game.is_over == over
            if over:
                assert tuple(game.scores) == nxt
            else:
                assert _seen(deck, game, game.current_player) == nxt
            checked += 1
    assert checked > 100


def test_ace_choices_are_the_engines():
    """R11–R13: the selections the model offers are the engine's list actions."""
    deck = SmallDeck((4, 8, 12), "SHC", "SHCD")
    for limit in (0, 1, 2, None):
        rules = Rules(players=2, max_bank_aces=limit)
        model = SmallGame(deck, rules)
        for s in _random_states(deck, rules, 40, seed=limit or 7):
            if not s.pile or not (s.aces or any(s.deck)):
                continue
            cards, pile, banks = _cards_for(deck, s, None)
            game = Game.from_position(rules, cards, banks, pile, current_player=0, seed=1)
            game.bank()
            offered = {tuple(sorted(c for c in sel)) for sel in model.choices(s)}
            if game.phase != "aces":
                assert offered == {()}
                continue
            engine = {
                tuple(sorted("SHCD".index(c.suit) for c in a.aces)) for a in game.legal_actions()
            }
            assert offered == engine


# ---------------------------------------------------------------------- properties


@pytest.fixture(scope="module")
def nine():
    deck = SmallDeck((4, 8, 12), "SH", "SHD")
    return deck, solve_small(deck)


def test_values_are_chances_and_the_policy_follows_them(nine):
    """Values in [0, 1]; each state's value is the better move's (R4), the policy names it,
    and a state with an empty deck is worth what banking gives (R14, R15)."""
    _deck, solution = nine
    states = solution.states()
    assert len(states) > 5_000
    for s in random.Random(3).sample(states, 400):
        v = solution.value(s)
        assert 0 <= v <= 1
        values = solution.action_values(s)
        legal = [x for x in values.values() if x is not None]
        assert v == pytest.approx(max(legal), abs=1e-12)
        assert values[solution.policy(s)] == pytest.approx(v, abs=1e-12)


def test_the_chances_of_both_players_and_a_tie_sum_to_one():
    """R15: under the brute force's best play, seat 0's wins, seat 1's wins and the ties are
    chances that sum to 1; the solver's value is seat 0's wins + half the ties, and the other
    player's is seat 1's wins + half the ties."""
    deck = TINY["6 cards"]
    brute = Brute(deck, Rules(players=2))
    split = brute.split()
    solution = solve_small(deck)
    checked = 0
    for s in random.Random(5).sample(list(brute.moves), 300):
        win0, win1, tie = split[s]
        assert min(win0, win1, tie) >= 0 and win0 + win1 + tie == pytest.approx(1, abs=1e-9)
        state, _ = brute.small_state(s)
        v = solution.value(state)
        mine, theirs = (win0, win1) if s[3] == 0 else (win1, win0)
        assert v == pytest.approx(mine + tie / 2, abs=1e-9)
        assert 1 - v == pytest.approx(theirs + tie / 2, abs=1e-9)
        checked += tie > 0
    assert checked > 10  # ties happen, and count half


def test_rob_target_changes_nothing_with_two_players():
    """R9: with two players the player before, the next and the leader are the same."""
    deck = TINY["8 cards"]
    values = {
        target: solve_small(deck, Rules(players=2, rob_target=target)).value(
            SmallGame(deck).start()
        )
        for target in ("previous", "next", "leader")
    }
    assert len(set(values.values())) == 1


def test_playing_for_cards_never_wins_more(nine):
    """The cards player (OptimalTurnBot's rule) against a player who plays to win wins no more
    than a player who plays to win, in either seat."""
    deck, solution = nine
    start = solution.value(solution.start())
    first = solve_small(deck, goals=("cards", "win"))
    second = solve_small(deck, goals=("win", "cards"))
    assert first.value(first.start()) <= start + 1e-12
    assert 1 - second.value(second.start()) <= 1 - start + 1e-12
    # And the rule is a real one: it differs from the win-optimal policy somewhere.
    assert any(solution.cards_action(s) != solution.policy(s) for s in solution.states()[:20000])


def test_cards_values_are_the_expected_cards():
    """The cards rule's values, by hand: pile [8], deck {Q, 4}: drawing gains 1/2·(1 + 1) = 1
    card (Q accepted, then the deck holds one card: R14), banking 1."""
    deck = SmallDeck((4, 8, 12), "S", "")
    game = SmallGame(deck)
    s = SmallState((1, 0, 1), 0, 1, 1, 0, 0, 0, 0, 0)
    solution = WinSolution(deck)
    draw, bank = solution.cards_values(s)
    # Q (accepted, pile 2, deck {4}: draw 4 refused → 0, or bank 2) → 2; 4 refused → 0.
    assert (draw, bank) == (1, 1)
    assert solution.cards_action(s) == "draw"
    assert game.start() == SmallState((1, 1, 1), 0, 0, -1, 0, 0, 0, 0, 0)


def test_bad_input_says_what_is_allowed():
    with pytest.raises(ValueError, match="2 players"):
        solve_small(TINY["6 cards"], Rules(players=3))
    with pytest.raises(ValueError, match="ranks"):
        SmallDeck((1, 5))
    with pytest.raises(ValueError, match="goals"):
        WinSolution(TINY["6 cards"], goals=("win", "luck"))
    with pytest.raises(ValueError, match="house rules"):
        WinSolution(TINY["6 cards"], Rules(players=2, loot_rule=lambda ace, bank: 0))
    assert DECK_16.size == 16


# ---------------------------------------------------------------------- the shipped report


def test_the_shipped_report_recomputes():
    """The 16-card report shipped in the package (analysis/data/small16.json.gz, made by
    write_report): its deck and rules, every row of its policy maps and a sample of its most
    costly disagreements, recomputed here from scratch (late positions solve in moments)."""
    from borsen_widget.analysis.small_games import MAP_SLICES, REPORT_VERSION, small_report

    report = small_report()
    assert report["version"] == REPORT_VERSION
    assert SmallDeck(tuple(report["deck"]["ranks"]), report["deck"]["suits"]) == DECK_16
    assert Rules.from_dict(report["rules"]) == Rules(players=2)
    assert 0 < report["error_bound"] < 1e-9
    assert 0.5 < report["start"] < 0.51  # the first player's advantage is small
    fresh = WinSolution(DECK_16)
    for (left, top, aces), shipped in zip(MAP_SLICES, report["maps"], strict=True):
        assert (tuple(shipped["left"]), shipped["top"], shipped["aces"]) == (left, top, aces)
        rows = policy_slice(fresh, left, top, aces)
        assert len(rows) == len(shipped["rows"]) > 20
        for row, old in zip(rows, shipped["rows"], strict=True):
            assert {k: row[k] for k in ("mine", "theirs", "pile", "win", "cards")} == {
                k: old[k] for k in ("mine", "theirs", "pile", "win", "cards")
            }
            assert row["draw"] == pytest.approx(old["draw"], abs=1e-12)
            assert row["bank"] == pytest.approx(old["bank"], abs=1e-12)
    for worst in report["worst"][:3]:
        s = worst["state"]
        assert sum(s.deck) <= 3  # late: quick to solve again
        values = fresh.action_values(s)
        assert values["draw"] == pytest.approx(worst["draw"], abs=1e-12)
        assert values["bank"] == pytest.approx(worst["bank"], abs=1e-12)
        assert fresh.cards_action(s) == worst["cards"] != worst["win"] == fresh.policy(s)
    gap = report["gap"]
    for seat in ("first", "second"):
        assert gap[seat]["cards"] < gap[seat]["win"]
    assert gap["first"]["win"] + gap["second"]["win"] == pytest.approx(1)
