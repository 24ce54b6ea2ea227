"""The fast simulator's own chance agrees with the reference engine's, in distribution.

``test_fastsim_exact.py`` proves every rule option of RULES.md §2 (R1–R14a) and every built-in
bot on the fast path game by game, with the chance of each game scripted from the engine's log.
What that cannot see is the fast path's own chance: the card drawn (a uniform pick among those
left, R2, R13), the lot for the first seat (R3), RandomBot's coin and its ace choices, and the
aces listed back into the deck (R11, R12). Here, for variants that between them exercise each of
those, the same bots play a few thousand games on the reference engine (:class:`Game`, one game
at a time) and ten times as many on the fast path (:mod:`borsen_widget.sim.fastsim`); the
distributions are compared with two-sample z tests: the win rate and mean score of every seat,
the mean number of turns (R14a), the share of games cut by the cap, and the mean numbers of
robberies, cards robbed and aces listed (R9, R11); and, with chi-square tests, the whole
distributions of the turns and of every seat's score. Seeds are fixed, so each test always gives
the same answer; the threshold |z| < 4.5 makes a false alarm very unlikely (about 1 in 150,000
per statistic), and ``test_the_test_has_teeth`` shows that real mistakes (a rule option ignored)
fail it. (Until issue 31 every option was compared here too, which repeated the exact test's
proof at 45 s of a test run.)
"""

from __future__ import annotations

import numpy as np
import pytest
from variants import BOT_SET_RULES, BOT_SETS, FAST_VARIANTS, MIX

from borsen_widget import RandomBot, Rules, ThresholdBot
from borsen_widget.play.bots import ProbabilityBot
from borsen_widget.sim.fastsim import fast_unsupported, play_batch
from borsen_widget.sim.simulate import simulate

#: The variants whose games draw on each source of the fast path's chance (the others' rule
#: logic is proven game by game in test_fastsim_exact.py, with the same chance scripted).
CHANCE_VARIANTS = {
    "original": "every source: the draw, the lot among three, RandomBot's coin and ace choices, "
    "aces past the limit listed back (R12)",
    "R1 players=2": "the lot between two seats",
    "R1 players=8": "the lot among eight seats, every bot of the mix at the table",
    "R2 decks=4": "the draw from 208 cards, and R13's reshuffles",
    "R3 first_player='suit'": "the first seat picked by the first card drawn",
    "R11 auto_aces='list'": "every banked ace listed back into the deck, drawn again at random",
    "R12 two decks, limit 3": "RandomBot's ace choices among up to eight aces",
    "combined": "the sources together, with most rule options changed at once",
}
#: RandomBot at every seat: its coin after each draw and its ace choices, the whole game long.
CHANCE_BOT_SETS = ("RandomBot x3",)
Z_LIMIT = 4.5
N_REFERENCE = 2500
N_FAST = 25_000


def _stats(result):
    """Per-game samples of every compared statistic, as columns of one array."""
    games = result.games
    n = result.rules.players
    scores = games[[f"score_{s}" for s in range(n)]].to_numpy(dtype=float)
    wins = (scores == scores.max(1, keepdims=True)).astype(float)
    other = games[["turns", "robberies", "loot", "aces_listed"]].to_numpy(dtype=float)
    capped = (games["end_reason"] == "max_turns").to_numpy(dtype=float)[:, None]
    names = [f"win_{s}" for s in range(n)] + [f"score_{s}" for s in range(n)]
    names += ["turns", "robberies", "loot", "aces_listed", "capped"]
    return names, np.hstack([wins, scores, other, capped])


def chi2_as_z(a: np.ndarray, b: np.ndarray, bins: int = 8) -> float:
    """Chi-square test that two samples of one variable share a distribution (bins at the
    pooled quantiles), as a one-sided z score (Wilson–Hilferty): large means different."""
    edges = np.unique(np.quantile(np.concatenate([a, b]), np.linspace(0, 1, bins + 1)[1:-1]))
    table = np.array(
        [
            np.bincount(np.searchsorted(edges, x, side="right"), minlength=len(edges) + 1)
            for x in (a, b)
        ]
    )
    table = table[:, table.sum(0) > 0]
    df = table.shape[1] - 1
    if df < 1:
        return 0.0
    expected = table.sum(1, keepdims=True) * table.sum(0, keepdims=True) / table.sum()
    chi2 = ((table - expected) ** 2 / expected).sum()
    z = ((chi2 / df) ** (1 / 3) - (1 - 2 / (9 * df))) / np.sqrt(2 / (9 * df))
    return max(float(z), 0.0)  # one-sided: only a large chi-square is evidence


def z_scores(fast, reference) -> dict[str, float]:
    """Two-sample z for the mean of every statistic (Welch's standard error), and a
    chi-square z for the whole distribution of the turns and of every seat's score."""
    names, a = _stats(fast)
    _, b = _stats(reference)
    diff = a.mean(0) - b.mean(0)
    se = np.sqrt(a.var(0, ddof=1) / len(a) + b.var(0, ddof=1) / len(b))
    out = {}
    for name, d, s in zip(names, diff, se, strict=True):
        out[name] = 0.0 if s == 0 and d == 0 else (np.inf if s == 0 else d / s)
    for i, name in enumerate(names):
        if name == "turns" or name.startswith("score_"):
            out[f"{name} distribution"] = chi2_as_z(a[:, i], b[:, i])
    return out


_REFERENCE: dict = {}


def compare(rules, bots, seed=7, fast_rules=None):
    key = (rules, tuple(map(str, bots)), seed)
    if key not in _REFERENCE:
        games = max(N_REFERENCE // rules.decks, 1000)  # more decks, longer games
        _REFERENCE[key] = simulate(rules, bots, games, seed=seed, engine="reference", workers=1)
    reference = _REFERENCE[key]
    fast = simulate(fast_rules or rules, bots, N_FAST, seed=seed, engine="fast", workers=1)
    return z_scores(fast, reference)


def assert_agree(z: dict[str, float]) -> None:
    bad = {k: round(float(v), 2) for k, v in z.items() if not abs(v) < Z_LIMIT}
    assert not bad, f"fast and reference distributions differ: z = {bad}"


def test_the_chance_variants_are_fast_variants():
    assert set(CHANCE_VARIANTS) <= set(FAST_VARIANTS)
    assert set(CHANCE_BOT_SETS) <= set(BOT_SETS)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CHANCE_VARIANTS))
def test_rule_option_agrees_with_reference(name):
    """The fast path's chance (see CHANCE_VARIANTS for what each variant draws on): fast path
    and reference engine agree in distribution."""
    rules = Rules(**FAST_VARIANTS[name])
    bots = [MIX[i % len(MIX)] for i in range(rules.players)]
    assert fast_unsupported(rules, bots) is None
    assert_agree(compare(rules, bots))


@pytest.mark.slow
@pytest.mark.parametrize("name", CHANCE_BOT_SETS)
def test_each_strategy_agrees_with_reference(name):
    """RandomBot's chance (R4, R8, R11) is the same on both paths (every built-in bot's
    decisions are proven game by game in test_fastsim_exact.py)."""
    rules = Rules(**BOT_SET_RULES.get(name, {}))
    assert_agree(compare(rules, BOT_SETS[name], seed=11))


@pytest.mark.parametrize(
    "mutation",
    [
        {"equal_accepted": False},
        {"max_bank_aces": 0},
        {"rob_target": "next"},
        {"loot_to": "pile"},
        {"ace_shares": {"D": "1/2"}},
        {"bank_ends_turn": False},
    ],
    ids=lambda m: ",".join(m),
)
def test_the_test_has_teeth(mutation):
    """A fast path that ignored (or misread) one option would be caught: playing the fast
    games under a slightly different rule fails the comparison."""
    rules = Rules()
    bots = [ThresholdBot(4), RandomBot(), ProbabilityBot(0.5)]
    z = compare(rules, bots, fast_rules=rules.replace(**mutation))
    assert max(abs(v) for v in z.values()) >= Z_LIMIT, z


@pytest.mark.parametrize("name", list(FAST_VARIANTS))
def test_fast_games_conserve_cards(name):
    """R16, R14a: a game ended by the deck banks every card; one cut by the cap loses the
    pile, never more; R15 scores are whole cards."""
    rules = Rules(**FAST_VARIANTS[name])
    bots = [MIX[i % len(MIX)] for i in range(rules.players)]
    out = play_batch(rules, bots, np.arange(3000), np.random.default_rng(5))
    total = out["scores"].sum(1)
    deck_end = out["end"] == 0
    assert (total[deck_end] == 52 * rules.decks).all()
    assert (total[~deck_end] <= 52 * rules.decks).all()
    assert (out["scores"] >= 0).all()
    assert (out["turns"][~deck_end] == rules.max_turns).all()
    assert (out["turns"] <= rules.max_turns).all()
    assert (out["robberies"] >= 4 * rules.decks)[deck_end].all()  # every ace is drawn (R9)


def test_fast_path_is_deterministic_and_seat_rotated():
    rules = Rules()
    bots = [ThresholdBot(2), ThresholdBot(3), ThresholdBot(6)]
    a = play_batch(rules, bots, np.arange(500) % 3, np.random.default_rng(1))
    b = play_batch(rules, bots, np.arange(500) % 3, np.random.default_rng(1))
    for key in a:
        assert np.array_equal(a[key], b[key])
    # With rotation 1, seat 0 holds bots[1]: the same games, with the seats turned.
    r0 = play_batch(rules, bots, np.zeros(4000, int), np.random.default_rng(2))
    r1 = play_batch(rules, bots, np.ones(4000, int), np.random.default_rng(2))
    assert np.allclose(r0["scores"][:, 1].mean(), r1["scores"][:, 0].mean())


def test_a_custom_loot_rule_and_custom_bots_need_the_reference_engine():
    """A custom accept_rule is a table like R5 and plays on the fast path; a custom loot_rule
    reads whole banks and a bot of one's own may do anything: the reference engine."""

    def never_equal(card, below):
        return card.rank > below.rank

    def one_card(ace, bank):
        return min(1, sum(not c.is_ace for c in bank))

    assert fast_unsupported(Rules(accept_rule=never_equal), [RandomBot()] * 3) is None
    assert "loot_rule" in fast_unsupported(Rules(loot_rule=one_card), [RandomBot()] * 3)

    class Mine(ThresholdBot):
        pass

    assert "not a built-in" in fast_unsupported(Rules(), [Mine(3), RandomBot(), RandomBot()])
    assert fast_unsupported(Rules(), [ThresholdBot(3), RandomBot(), RandomBot()]) is None
