"""Exact bounds on the rest of a turn: how many cards a player who could see the deck's order
would see accepted in a row (the *run*), counted exactly (R5, R9).

The run is what an all-seeing player gains by drawing: they would bank just before the first
card that R5 refuses, so no play that cannot see the deck does better than the pile (if the
first card is accepted), plus the run, plus the loot of the aces in the run (R9). The best
stopping rule (:mod:`.turn`) prunes with this bound, and the certified choice (:mod:`.choice`)
shows it to a class.

Counting (original R5: aces always accepted and anything after them; otherwise ranks at least,
or above, the card below): a run of j cards holding i aces is i+1 *blocks* of non-aces, each
non-decreasing (strictly increasing with ``equal_accepted=False``), separated by the aces; the
cards of block 0 must also be accepted on the pile's top card. So the number of valid j-card
sequences is a coefficient of a product of one small polynomial per rank, and
P(run ≥ j) = (valid j-card sequences) / (n)_j exactly. The polynomials are multiplied as big
integers (one coefficient every ``bits`` bits), which Python does in C: exact and fast.
Standard library only.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from fractions import Fraction

__all__ = ["clear_runs", "expected_run", "falling", "run_counts", "run_expectations", "shape"]


def falling(n: int, k: int) -> int:
    """(n)_k = n (n-1) ... (n-k+1): the ordered ways to draw k of n cards."""
    result = 1
    for i in range(k):
        result *= n - i
    return result


@functools.lru_cache(maxsize=4096)
def _rank_factor(copies: int, blocks: int, equal: bool, bits: int) -> int:
    """The polynomial (as a big integer, ``bits`` bits a coefficient) whose k-th coefficient
    counts the ways k of a rank's ``copies`` cards (distinct cards, in order) can sit in
    ``blocks`` non-decreasing blocks (with ``equal``: any number a block; without: at most
    one a block, R5 ``equal_accepted``)."""
    poly = 0
    for k in range(copies + 1):
        if equal:
            ways = math.comb(k + blocks - 1, blocks - 1) if blocks else int(k == 0)
        else:
            ways = math.comb(blocks, k)
        poly |= (falling(copies, k) * ways) << (bits * k)
    return poly


@functools.lru_cache(maxsize=256)
def _width(n: int, terms: int) -> int:
    """Bits a coefficient: every number below counts at most (n)_j ≤ n^terms ordered draws
    of j ≤ terms distinct cards, and run_expectations adds terms+1 such products; with this
    width no coefficient ever carries into the ones that are read."""
    return ((terms + 1) * n**terms).bit_length() + 1


def shape(ranks: Sequence[int], top: int | None, equal: bool) -> tuple[tuple[int, ...], ...]:
    """What the run counts depend on (R5): how many ranks the top accepts and how many it
    refuses, by the cards of each rank left (``(accepted_by_copies, refused_by_copies)``,
    index k for the ranks with k cards left). The counts are a product of one factor per rank
    that depends only on its cards left and whether the top accepts it (see the module's
    docstring), so decks of the same shape have the same runs: a key shared by many states."""
    most = max(ranks, default=0)
    accepted = [0] * (most + 1)
    refused = [0] * (most + 1)
    for r, copies in enumerate(ranks):
        if copies:
            if top is None or r > top or (r == top and equal):
                accepted[copies] += 1
            else:
                refused[copies] += 1
    return tuple(accepted), tuple(refused)


def _run_polys(
    accepted: tuple[int, ...],
    refused: tuple[int, ...],
    aces: int,
    equal: bool,
    terms: int,
    bits: int,
) -> tuple[int, int, int]:
    """The run counts as polynomials in big integers (``bits`` bits a coefficient, the
    coefficient of x^j at bit ``bits * j``): ``(valid, ace_last, no_ace)``, see
    :func:`run_counts`, for a deck of this :func:`shape`. Higher coefficients than x^terms
    are left over and not meaningful."""
    valid = ace_last = no_ace = 0
    for i in range(min(aces, terms) + 1):
        # Only the coefficients up to x^(terms - i) are read: cutting the rest keeps the
        # numbers small (a carry only ever moves to higher coefficients).
        keep = (1 << (bits * (terms - i + 1))) - 1
        poly = 1
        for copies, ranks in enumerate(accepted):
            if ranks:
                poly = (poly * _rank_power(copies, i + 1, equal, bits, ranks)) & keep
        if i:  # block 0 (before the first ace) must beat the top: not these ranks
            for copies, ranks in enumerate(refused):
                if ranks:
                    poly = (poly * _rank_power(copies, i, equal, bits, ranks)) & keep
        if i == 0:
            no_ace = poly
        ways = falling(aces, i)  # the i aces, in order
        valid += (ways * poly) << (bits * i)
        if i < aces:  # then one of the other aces as the next card
            ace_last += (ways * (aces - i) * poly) << (bits * (i + 1))
    return valid, ace_last, no_ace


@functools.lru_cache(maxsize=4096)
def _rank_power(copies: int, blocks: int, equal: bool, bits: int, ranks: int) -> int:
    """:func:`_rank_factor` for ``ranks`` ranks of the same cards left: its power."""
    return _rank_factor(copies, blocks, equal, bits) ** ranks


@functools.lru_cache(maxsize=4096)
def run_counts(
    ranks: tuple[int, ...], aces: int, top: int | None, equal: bool, terms: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Exact counts of the runs of the first ``terms`` cards (original R5).

    ``ranks``: the deck's non-ace cards by rank (index 0 for the 2s, 11 for the kings);
    ``aces``: its aces; ``top``: the rank index of the pile's top card (``None`` when the pile
    is empty or its top card is an ace: everything is accepted); ``equal``: R5's
    ``equal_accepted``.

    Returns ``(valid, ace_last, no_ace)``: ``valid[j]`` = the ordered j-card sequences
    (distinct cards) that would all be accepted in a row, for j = 0…terms; ``ace_last[j]`` =
    those whose j-th card is an ace; ``no_ace[j]`` = those holding no ace. Dividing by (n)_j
    gives P(run ≥ j), P(the j-th card is an ace in the run) and P(the first j cards are
    accepted non-aces).
    """
    bits = _width(sum(ranks) + aces, terms)
    mask = (1 << bits) - 1
    polys = _run_polys(*shape(ranks, top, equal), aces, equal, terms, bits)
    return tuple(tuple((p >> (bits * j)) & mask for j in range(terms + 1)) for p in polys)


@functools.lru_cache(maxsize=256)
def _weights(n: int, terms: int, bits: int) -> int:
    """The polynomial sum over j of (n-j)_(terms-j) x^(terms-j): multiplied by the run counts,
    its coefficient of x^terms is sum over j of count[j] (n-j)_(terms-j)."""
    poly = 0
    weight = 1
    for j in range(terms, -1, -1):
        poly |= weight << (bits * (terms - j))
        weight *= n - j + 1  # (n-j+1)_(terms-j+1), the weight of j - 1
    return poly


def run_expectations(
    ranks: Sequence[int], aces: int, top: int | None, equal: bool, terms: int
) -> tuple[int, int, int]:
    """Upper bounds on E[run] and E[aces in the run] as exact ratios: ``(run, aces_in_run,
    denominator)``, all integers.

    The first ``terms`` lengths are counted exactly (:func:`run_counts`); when the deck holds
    more cards, each later card is in the run with a chance of at most P(run ≥ terms) (the
    chance never grows with the length), so the bounds stay sound. With ``terms`` at least the
    deck's size they are the exact expectations. Worked out once per deck :func:`shape`
    (many states of a turn share one).
    """
    return _shape_expectations(*shape(ranks, top, equal), aces, equal, terms)


@functools.lru_cache(maxsize=65_536)
def _shape_expectations(
    accepted: tuple[int, ...], refused: tuple[int, ...], aces: int, equal: bool, terms: int
) -> tuple[int, int, int]:
    """:func:`run_expectations` for a deck of this :func:`shape`."""
    n = sum(k * r for k, r in enumerate(accepted)) + sum(k * r for k, r in enumerate(refused))
    n += aces
    terms = min(terms, n)
    bits = _width(n, terms)
    mask = (1 << bits) - 1
    valid, ace_last, _ = _run_polys(accepted, refused, aces, equal, terms, bits)
    # E[run] = sum over j ≥ 1 of valid[j] / (n)_j, over the common denominator (n)_terms:
    # valid[j] weighed by (n-j)_(terms-j), all in one big-integer product.
    weights = _weights(n, terms, bits)
    at = bits * terms
    denominator = falling(n, terms)
    run = ((valid * weights) >> at & mask) - denominator  # less j = 0 (valid[0] = 1)
    aces_in_run = (ace_last * weights) >> at & mask
    if terms < n:
        tail = (n - terms) * ((valid >> at) & mask)
        run += tail
        aces_in_run += tail
    return run, aces_in_run, denominator


def clear_runs() -> None:
    """Forget the run counts and expectations worked out (kept per deck shape, each cache of a
    bounded size), and the polynomials they are made of: a class that ends gives back what
    its tables' advice kept (a kernel may teach all day)."""
    run_counts.cache_clear()
    _shape_expectations.cache_clear()
    for cached in (_rank_factor, _rank_power, _width, _weights):
        cached.cache_clear()


def expected_run(
    ranks: Sequence[int], aces: int, top: int | None, equal: bool, terms: int | None = None
) -> tuple[Fraction, Fraction]:
    """(E[run], E[aces in the run]) as exact fractions; exact values with ``terms=None``,
    sound upper bounds with fewer terms (see :func:`run_expectations`)."""
    n = sum(ranks) + aces
    run, aces_in_run, denominator = run_expectations(
        ranks, aces, top, equal, n if terms is None else terms
    )
    return Fraction(run, denominator), Fraction(aces_in_run, denominator)
