"""The compressed game behind WinningBot (borsen_widget.play.winning_model) and the table the
package ships: the table is the model's, solved again here; the NumPy and pure-Python solvers
agree; a brute-force recursion over a tiny deck gives the same chances (R5–R9, R14, R15)."""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest

from borsen_widget import Rules
from borsen_widget.play.winning_bot import TABLE_FILE, quantise, read_shipped, table_for
from borsen_widget.play.winning_model import (
    ME,
    MODEL_VERSION,
    RIVAL,
    model_of,
    next_actors,
    outcome,
    solve,
)

np = pytest.importorskip("numpy", reason="the tables are solved again with NumPy")


def test_shipped_table_is_the_models_solution():
    """The shipped table (its header names the model, its SHA-256 is checked on reading) is
    the original rules' two-player model solved again now, to the 1/255 it is kept in."""
    header, table = read_shipped()
    model = model_of(Rules(players=2))
    assert f"winning-v{MODEL_VERSION}.bin" == TABLE_FILE
    assert header["key"] == repr(model.key()) and header["model_version"] == MODEL_VERSION
    assert len(table) == model.size
    again = np.frombuffer(quantise(solve(model)), dtype=np.uint8).astype(int)
    shipped = np.frombuffer(table, dtype=np.uint8).astype(int)
    assert np.abs(again - shipped).max() <= 1
    assert table_for(model) is not None and len(table_for(model)) == model.size


def tiny(rules: Rules, **changes):
    """A model of ``rules`` cut down to a small deck, for brute force."""
    model = model_of(rules, lead_max=6, pile_max=4)
    return dataclasses.replace(model, cards=changes.get("cards", 12))


@pytest.mark.parametrize(
    "options",
    [{}, {"equal_accepted": False, "bank_ends_turn": False}, {"loot_to": "pile"}],
    ids=["original", "R5+R8 options", "R9 loot_to=pile"],
)
def test_numpy_and_pure_python_solvers_agree(options):
    model = tiny(Rules(players=2, **options))
    fast, pure = solve(model), solve(model, numpy=False)
    assert max(abs(a - b) for a, b in zip(fast, pure, strict=True)) < 1e-6


def brute(model):
    """The model's definition, as a recursion: draw (R4) a class by its chance; accepted (R5)
    the drawer goes on (R6), else the pile passes (R7); an ace robs (R9); bank (R8); at an
    empty deck the holder banks and R15 decides."""
    lm, sm = model.lead_max, model.pile_max
    plain = sum(c for c, _, _, suit in model.draws if suit < 0)
    aces = sum(c for c, _, _, suit in model.draws if suit >= 0)

    def clip(lead):
        return max(-lm, min(lm, lead))

    @cache
    def value(n, a, lead, s, top):
        lead, s = clip(lead), min(s, sm)
        if n == 0:
            return outcome(lead + s)
        draw = 0.0
        victim = max(0, (model.cards - n - s - lead) // 2)
        for copies, accepted, made, suit in model.draws:
            p = a / n * copies / aces if suit >= 0 else (n - a) / n * copies / plain
            if not p:
                continue
            gain, grow, left = 0, 1, a
            if suit >= 0:
                left = a - 1
                num, den = model.shares[suit]
                loot = victim * num // den
                gain, grow = (loot, 1 + loot) if model.loot_to_pile else (2 * loot, 1)
            left = min(left, n - 1)
            if accepted[top]:
                draw += p * value(n - 1, left, lead + gain, s + grow, made)
            else:
                draw += p * (1 - value(n - 1, left, -(lead + gain), s + grow, made))
        if s == 0:
            return draw
        if model.bank_ends_turn:
            bank = 1 - value(n, a, -(lead + s), 0, model.empty_top)
        else:
            bank = value(n, a, lead + s, 0, model.empty_top)
        return max(draw, bank)

    return value


@pytest.mark.parametrize(
    "options",
    [{}, {"bank_ends_turn": False}, {"loot_to": "pile", "ace_shares": {"S": 1}}],
    ids=["original", "R8 bank_ends_turn=False", "R9 loot to pile, all of it"],
)
def test_table_agrees_with_brute_force_on_a_tiny_deck(options):
    model = tiny(Rules(players=2, **options), cards=10)
    table = solve(model, numpy=False)
    value = brute(model)
    checked = 0
    for n in range(model.cards + 1):
        for a in range(min(model.aces, n) + 1):
            for lead in range(-model.lead_max, model.lead_max + 1):
                for s in range(model.pile_max + 1):
                    for top in range(model.tops) if s else [model.empty_top]:
                        got = table[model.index(n, a, lead, s, top)]
                        assert got == pytest.approx(value(n, a, lead, s, top), abs=1e-6)
                        checked += 1
    assert checked > 1000


def test_field_model_for_three_players_and_more():
    """Three seats or more: me, my rival and the others (next_actors: every other seat as
    likely to act next); chances between 0 and 1, better with a lead than without, and R15
    at the end of the deck."""
    for k in (3, 5):
        after = next_actors(k)
        assert all(abs(sum(row) - 1) < 1e-12 for row in after)
        model = dataclasses.replace(model_of(Rules(players=k), lead_max=8, pile_max=4), cards=16)
        table = np.frombuffer(memoryview(solve(model)).cast("B"), dtype=np.float32)
        assert table.min() >= 0 and table.max() <= 1 + 1e-6
        for n in (1, 8, 16):
            ahead = table[model.index(n, 2, 5, 0, model.empty_top, ME)]
            behind = table[model.index(n, 2, -5, 0, model.empty_top, ME)]
            assert ahead > behind
        # An empty deck: my rival holding a pile of 4 ends the game 4 cards better off.
        assert table[model.index(0, 0, 3, 4, 0, RIVAL)] == 0.0
        assert table[model.index(0, 0, 3, 4, 0, ME)] == 1.0
