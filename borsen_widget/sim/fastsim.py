"""The fast simulator: many games of the built-in strategies at once, as NumPy arrays.

:func:`play_batch` plays a batch of games *in lock step*: every step draws one card in every
unfinished game, then lets the player to act bank if their strategy says so. Each game's state
is a column of small integer arrays (the pile's size and top card, every bank's non-aces and
aces by suit, the turn count, ...), so one NumPy operation advances every game at once.

Why this plays the same game as the engine (RULES.md R1–R16), in distribution:

- **Every step starts with a draw.** A player with an empty pile must draw (R4); a player with
  a pile decides right after the draw that built or passed it. So the decision to bank is taken
  at the end of the step that made it, and the next step always begins with a draw (or the game
  is over, R14).
- **The deck is shuffled lazily** (Fisher–Yates, one swap per draw): the card drawn is a
  uniform pick among those left, exactly as from a deck shuffled up front. Listing an ace (R11)
  appends it to the deck; since every draw picks uniformly among the cards left, that *is* a
  reshuffle of the deck, as the engine does.
- **Seats are relabelled as bots.** Game ``i`` seats ``bots[(s + rot) % n]`` at seat ``s``;
  inside a batch a player is its bot's index, and only the first player (R3) and the result
  columns are turned back into seats.
- Only counts matter for the score (R15), for the loot (R9: the victim's non-aces) and for the
  ace limit (R12: aces by suit, for the keep policy's smallest-share-first order), so a bank is
  its non-ace count and its aces by suit; R10's order of cards is not needed.

The rules are read, never re-implemented: R5 is the table :attr:`Rules.verdicts` (so a custom
``accept_rule`` plays here too), R9's loot is :meth:`Rules.loot_count` for every count and its
victims follow :meth:`Rules.victim_order`, and the keep policy lists aces in
:attr:`Rules.list_order` (R11). The bots' decisions are the vectorised forms of theirs:
ThresholdBot's ``k``, RandomBot's coin, ProbabilityBot's ``accepted < p × deck``,
ExpectedValueBot's one-draw value (:func:`borsen_widget.analysis.one_draw_value`) and a
:class:`~borsen_widget.play.strategy_rules.RuleBot`'s rule (a student's strategy): each condition an
array test (the pile's size; ``accepted × 100 < x × deck`` in whole numbers, from the deck's counts
by class that ProbabilityBot reads too; every bank's cards for "ahead" and "near the leader"), OR
over its groups, and its ace choice (keep, list, or list when the bank is ahead) when the rules
leave aces to the players (R11, R12).

Covered: the values of each option that its declaration lists as fast
(:attr:`borsen_widget.engine.options.Option.fast`: every option except a custom ``loot_rule``,
which reads whole banks), for :class:`RandomBot`, :class:`ThresholdBot`,
:class:`ProbabilityBot`, :class:`ExpectedValueBot` and :class:`RuleBot` (exactly these
classes: a subclass may decide anything). Anything else goes to the reference
engine (:func:`fast_unsupported` says why). Every choice below is a lookup of the values
declared (:data:`CHOICES_PLAYED`), never an ``else`` that would stand for "every other value";
``tests/sim/`` checks that these lookups hold exactly the declared values, and the agreement
with the engine exactly (the same deck orders and choices, scripted, give the same games, for
every declared value) and in distribution.

Why one module of this size: :func:`play_batch` is one vectorised loop whose inner functions
share the batch's arrays (splitting it would pass a dozen arrays around on the hot path); its
docstring above is a third of the file.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ..engine.cards import DISTINCT_CARDS, FIRST_ACE
from ..engine.events import END_REASONS
from ..engine.options import fast_unsupported_option
from ..engine.rules import Rules
from ..play.bots import ExpectedValueBot, ProbabilityBot, RandomBot, ThresholdBot
from ..play.strategy_rules import RuleBot

__all__ = ["CHOICES_PLAYED", "Script", "fast_unsupported", "play_batch"]

THRESHOLD, RANDOM, PROBABILITY, EXPECTED, RULE = 0, 1, 2, 3, 4
_POLICY = {ThresholdBot: THRESHOLD, RandomBot: RANDOM, ProbabilityBot: PROBABILITY}
_POLICY[ExpectedValueBot] = EXPECTED
_POLICY[RuleBot] = RULE
# A player's ace policy when the rules leave the decision to the players (R11):
# keep, list every incoming ace, or list them when the bank is ahead (RuleBot's choices).
_KEEP, _LIST, _LIST_AHEAD = 0, 1, 2
_RULE_ACES = {"keep": _KEEP, "list": _LIST, "list_when_ahead": _LIST_AHEAD}
END_DECK, END_MAX_TURNS = END_REASONS.index("deck"), END_REASONS.index("max_turns")
EMPTY = 52  # the "top card" of an empty pile
# What the batch does for each declared fast value of the options that are choices (R3, R9,
# R11): the keys must be exactly the values each option declares fast (a test checks).
_FIRST = {"random": "lot", "suit": "suit"}  # R3 (a seat number is played as itself)
_VICTIMS = {"previous": -1, "next": +1, "leader": 0}  # R9: a fixed step, or 0 for the leader
_LOOT_TO_BANK = {"bank": True, "pile": False}  # R9
_ACE_POLICY = {None: "keep", "keep": "keep", "list": "list"}  # R11: bots keep when asked
#: What the batch plays of each option that is a choice: exactly its declared fast values.
CHOICES_PLAYED = {
    "first_player": _FIRST,
    "rob_target": _VICTIMS,
    "loot_to": _LOOT_TO_BANK,
    "auto_aces": _ACE_POLICY,
}
_HALF = np.uint64(1 << 31)
_LOW32 = np.uint64(0xFFFFFFFF)
_SHIFT32 = np.uint64(32)


def fast_unsupported(rules: Rules, bots) -> str | None:
    """Why these rules and bots need the reference engine, or ``None`` if the fast path plays
    them. What it plays of each rule option is declared with the option
    (:attr:`~borsen_widget.engine.options.Option.fast`): a value not declared there is never
    played here, whatever its code below would do."""
    why = fast_unsupported_option(rules)
    if why:
        return why
    for bot in bots:
        if type(bot) not in _POLICY:
            # Exactly these classes: a subclass may decide anything in Python.
            return f"{bot} is not a built-in strategy or a strategy rule"
    return None


def _tables(rules: Rules):
    """What the batch reads of the rules, as arrays.

    - ``accept`` (53 × 52, flattened): R5 from :attr:`Rules.verdicts`; row 52 is the empty
      pile, which accepts everything.
    - ``card_class`` (52) and ``accept_class`` (53 × C): the cards grouped into the classes R5
      cannot tell apart (the same verdicts on and under every card), aces by suit (their loot
      differs, R9); ``accept_class[top, c]`` says whether class ``c`` is accepted on ``top``.
      With the original rules the classes are the 12 ranks and the 4 aces.
    - ``class_ace`` (C): the ace's suit for an ace class, else -1.
    """
    verdicts = rules.verdicts
    ok = np.array([[verdicts[b * DISTINCT_CARDS + c][0] for c in range(52)] for b in range(52)])
    accept = np.ones((53, 52), dtype=bool)
    accept[:52] = ok
    classes: dict[tuple, int] = {}
    card_class = np.zeros(52, dtype=np.int64)
    class_ace = []
    for card in range(52):
        ace = card >= FIRST_ACE
        key = (ace, card & 3 if ace else -1, ok[card].tobytes(), ok[:, card].tobytes())
        if key not in classes:
            classes[key] = len(classes)
            class_ace.append(card & 3 if ace else -1)
        card_class[card] = classes[key]
    members = [np.flatnonzero(card_class == c)[0] for c in range(len(classes))]
    accept_class = accept[:, members]
    return accept.ravel(), card_class, accept_class, np.array(class_ace, dtype=np.int64)


@dataclasses.dataclass(frozen=True)
class Script:
    """Chance written down in advance, in place of the generator: for tests that play the same
    games on this path and on the engine and compare them exactly.

    - ``cards`` (games × draws): the card index drawn at each draw of each game, in order;
    - ``coins`` (games × draws): whether a RandomBot to act after that draw banks;
    - ``first`` (games): the first seat when ``first_player="random"`` (R3);
    - ``aces``: for each game, the RandomBot ace decisions in order, each the number of aces
      listed by suit ♠ ♥ ♣ ♦ (R11).
    """

    cards: np.ndarray
    coins: np.ndarray
    first: np.ndarray
    aces: list


def play_batch(
    rules: Rules, bots, rotations, rng: np.random.Generator, script: Script | None = None
) -> dict:
    """Play ``len(rotations)`` games; game ``g`` seats ``bots[(s + rotations[g]) % n]`` at seat
    ``s``. Returns arrays by game: ``scores`` (games × seats), ``turns``, ``end`` (0 deck,
    1 max_turns), ``robberies``, ``loot``, ``listed`` (aces listed). ``script``: take every
    chance event from it instead of ``rng`` (see :class:`Script`).
    """
    n = rules.players
    decks = rules.decks
    if len(bots) != n:
        raise ValueError(f"{n} seats need {n} bots, not {len(bots)}")
    why = fast_unsupported(rules, bots)
    if why:
        raise ValueError(f"the fast simulator cannot play this: {why}")
    rotations = np.asarray(rotations, dtype=np.int64) % n
    total = len(rotations)
    out_scores = np.zeros((total, n), dtype=np.int32)
    out_turns = np.zeros(total, dtype=np.int32)
    out_end = np.zeros(total, dtype=np.int8)
    out_rob = np.zeros(total, dtype=np.int32)
    out_loot = np.zeros(total, dtype=np.int32)
    out_listed = np.zeros(total, dtype=np.int32)
    if total == 0:
        return _result(out_scores, out_turns, out_end, out_rob, out_loot, out_listed)

    bitgen = rng.bit_generator
    accept_table, card_class, accept_class, class_ace = _tables(rules)
    kinds = [_POLICY[type(b)] for b in bots]
    pairs = list(zip(bots, kinds, strict=True))
    has_random = RANDOM in kinds
    # RuleBots (the students' strategies): each bot's rule, and what its conditions read.
    rule_bots = [(i, b.rule) for i, (b, kind) in enumerate(pairs) if kind == RULE]
    rule_kinds = {c.kind for _, rule in rule_bots for c in rule.conditions}
    needs_counts = PROBABILITY in kinds or EXPECTED in kinds or "chance_below" in rule_kinds
    needs_lead = bool(rule_kinds & {"ahead_after_bank", "near_leader_after_bank"})
    huge = np.iinfo(np.int32).max
    k_of = np.array([getattr(b, "k", huge) if kind == THRESHOLD else huge for b, kind in pairs])
    same_k = kinds.count(THRESHOLD) == n and len(set(k_of.tolist())) == 1
    k_const = int(k_of[0])
    is_random = np.array([kind == RANDOM for kind in kinds])
    is_prob = np.array([kind == PROBABILITY for kind in kinds])
    is_ev = np.array([kind == EXPECTED for kind in kinds])
    p_of = np.array([b.p if kind == PROBABILITY else 0.0 for b, kind in pairs])
    # R9's loot (Rules.loot_count) for every suit and every robbable count: suit * M + count.
    most = 52 * decks + 1
    loot_of = np.array(
        [rules.loot_count(suit, count) for suit in range(4) for count in range(most)],
        dtype=np.int64,
    )
    # R9's victims, in the order that wins ties (Rules.victim_order), by robber.
    victim_order = np.array([rules.victim_order(robber) for robber in range(n)], dtype=np.int64)
    # The keep policy lists the excess in the rules' order, smallest share first (R11).
    list_order = rules.list_order
    classes = len(class_ace)
    ace_classes = [(c, int(class_ace[c])) for c in range(classes) if class_ace[c] >= 0]
    limit = rules.max_bank_aces
    max_turns = rules.max_turns
    auto_aces = rules.auto_aces
    ace_policy = _ACE_POLICY[auto_aces]
    # Each player's own ace policy, when the rules leave aces to the players (R11): the
    # built-in bots keep, a RuleBot does as its rule says; else the rules' policy for all.
    pol_of = np.full(n, _KEEP, dtype=np.int64)
    if auto_aces is None:
        for i, rule in rule_bots:
            pol_of[i] = _RULE_ACES[rule.aces]
    mixed_aces = bool(pol_of.any())
    loot_to_bank = _LOOT_TO_BANK[rules.loot_to]
    rob_step = _VICTIMS[rules.rob_target]
    bank_ends_turn = rules.bank_ends_turn
    non_aces_in_play = 48 * decks

    # ------------------------------------------------------------------ state, by game
    # Per-player quantities are flat arrays of n * A: player p of game g at p * A + g.
    # The deck is A rows of `cap` cards, drawn left to right; `end` is one past each game's last.
    A = total
    gid = np.arange(A)
    ar = np.arange(A)
    cap = 60 * decks
    deck = np.empty((A, cap), dtype=np.int8)
    deck[:, : 52 * decks] = np.repeat(np.arange(52, dtype=np.int8), decks)[None, :]
    base = ar * cap
    end = np.full(A, 52 * decks, dtype=np.int64)
    t = 0  # the deck column drawn next, the same in every game
    draws = 0  # cards drawn so far in every game
    rot = rotations
    first = rules.first_player
    first = first if isinstance(first, int) else _FIRST[first]
    if isinstance(first, int):
        cur = (first + rot) % n
    elif first == "lot" and script is not None:
        cur = (np.asarray(script.first, dtype=np.int64) + rot) % n
    elif first == "lot":
        cur = rng.integers(0, n, A)
    elif first == "suit":
        cur = np.zeros(A, dtype=np.int64)  # set by the first card's suit (R3), below
    cur = cur.astype(np.int64)
    pile_n = np.zeros(A, dtype=np.int64)
    top = np.full(A, EMPTY, dtype=np.int64)
    # Aces by suit, packed one byte per suit (♠ lowest): the pile's, and every bank's.
    pile_code = np.zeros(A, dtype=np.int64)
    bank_code = np.zeros(n * A, dtype=np.int64)
    non_aces = np.zeros(n * A, dtype=np.int64)  # every bank's non-aces
    bank_aces = np.zeros(n * A, dtype=np.int64)  # every bank's aces
    turns = np.zeros(A, dtype=np.int64)
    plain_drawn = np.zeros(A, dtype=np.int64)  # non-aces drawn; the rest of the draws robbed
    loot_total = np.zeros(A, dtype=np.int64)
    listed = np.zeros(A, dtype=np.int64)
    if needs_counts:
        # The deck's composition by class (see _tables).
        counts = np.zeros((classes, A), dtype=np.int64)
        np.add.at(counts, card_class, decks)
    else:
        counts = None
    if script is not None:
        script_cards = np.asarray(script.cards, dtype=np.int64)
        script_coins = np.asarray(script.coins, dtype=bool)
        ace_turn = np.zeros(A, dtype=np.int64)  # the next scripted ace decision of each game

    def victims(robber, cols):
        """R9: whom each robber robs (``cols`` are the games' positions)."""
        if rob_step:  # "previous" or "next": a fixed step around the table
            return (robber + rob_step) % n
        # "leader": the most robbable cards; on a tie the earlier seat of the rules' order.
        best = np.full(len(cols), -1, dtype=np.int64)
        victim = np.zeros(len(cols), dtype=np.int64)
        for step in range(victim_order.shape[1]):
            seat = victim_order[robber, step]
            count = non_aces[seat * A + cols]
            better = count > best
            victim[better] = seat[better]
            best[better] = count[better]
        return victim

    def bank_aces_in(cols, player, aces_in, code):
        """R11–R13 for the games ``cols`` whose ``player`` just banked ``aces_in`` aces
        (``code``: by suit, packed)."""
        pile_code[cols] = 0
        spot = player * A + cols
        bank_code[spot] += code
        held = bank_aces[spot] + aces_in
        bank_aces[spot] = held
        # Who has a decision that can list something: over the limit (R12), or a policy
        # that may list incoming aces. Below the limit the keep policy lists nothing.
        if ace_policy == "list":
            ask = np.ones(len(cols), dtype=bool)
        elif ace_policy == "keep":
            ask = held > limit if limit is not None else np.zeros(len(cols), dtype=bool)
            if auto_aces is None and has_random:
                ask |= is_random[player]
            if mixed_aces:
                ask |= pol_of[player] != _KEEP
        ask &= plain_drawn[cols] < non_aces_in_play  # R13: a live deck
        if ask.any():
            decide_aces(cols[ask], spot[ask], _unpack(code[ask]), held[ask], player[ask])

    def decide_aces(cols, spot, incoming, held, player):
        """The aces each of the games ``cols`` lists (R11, R12), and listing them."""
        nonlocal deck, cap, base
        inc_total = incoming.sum(0)
        if limit is None:
            over = np.zeros(len(cols), dtype=bool)
            to_list = np.zeros(len(cols), dtype=np.int64)
        else:
            over = held > limit
            to_list = np.where(over, held - limit, 0)
        in_bank = _unpack(bank_code[spot])  # (4, m): by suit, the incoming included
        # Pending (R12): every ace of the bank when over the limit, else the incoming ones.
        pending = np.where(over, in_bank, incoming)
        chosen = np.zeros_like(in_bank)
        if ace_policy == "list":
            lists = np.ones(len(cols), dtype=bool)
        elif mixed_aces:
            pol = pol_of[player]
            lists = pol == _LIST
            ahead = pol == _LIST_AHEAD
            if ahead.any():
                # list_when_ahead: the bank, the pile in it, beats every other bank (R15).
                tot = np.take(non_aces.reshape(n, A) + bank_aces.reshape(n, A), cols, 1)
                rows = np.arange(len(cols))
                mine = tot[player, rows]
                tot[player, rows] = -1
                lists |= ahead & (mine > tot.max(0))
        else:
            lists = np.zeros(len(cols), dtype=bool)
        # (Each loop runs only where some game has an excess to list: most decisions have
        # none, and this is on the hot path of rules that list.)
        if lists.any():  # list every incoming ace, then any excess left (Rules.list_order)
            chosen[:, lists] = incoming[:, lists]
            need = np.where(lists, to_list - inc_total, 0)
            if (need > 0).any():
                for s in list_order:
                    take = np.maximum(np.minimum(need, in_bank[s] - chosen[s]), 0)
                    chosen[s] += take
                    need -= take
        if not lists.all():  # the keep policy: list only the excess, smallest share first
            need = np.where(lists, 0, to_list)
            if need.any():
                for s in list_order:
                    take = np.minimum(need, pending[s])
                    chosen[s] += take
                    need -= take
        if auto_aces is None and has_random:
            rows = np.flatnonzero(is_random[player])
            if len(rows) and script is not None:
                for row in rows:
                    g, turn = gid[cols[row]], ace_turn[cols[row]]
                    if turn >= len(script.aces[g]):
                        raise ValueError(f"the script has no ace decision {turn} for game {g}")
                    chosen[:, row] = script.aces[g][turn]
                    ace_turn[cols[row]] += 1
            elif len(rows):
                # RandomBot: uniform among the distinct legal selections (rejection sampling
                # over the product of the per-suit ranges, keeping those that list enough).
                pend = pending[:, rows]
                want = to_list[rows]
                pick = np.zeros_like(pend)
                todo = np.arange(len(rows))
                while len(todo):
                    draw = rng.random((4, len(todo))) * (pend[:, todo] + 1)
                    draw = np.floor(draw).astype(np.int64)
                    ok = draw.sum(0) >= want[todo]
                    pick[:, todo[ok]] = draw[:, ok]
                    todo = todo[~ok]
                chosen[:, rows] = pick
        k = chosen.sum(0)
        if not k.any():
            return
        bank_code[spot] -= _pack(chosen)
        bank_aces[spot] -= k
        listed[cols] += k
        if needs_counts:
            for c, suit in ace_classes:
                counts[c, cols] += chosen[suit]
        if end[cols].max() + k.max() > cap:
            more = max(int(k.max()), 8 * decks)
            deck = np.concatenate([deck, np.empty((deck.shape[0], more), dtype=np.int8)], 1)
            cap += more
            base = ar * cap
        flat = deck.reshape(-1)
        for s in range(4):
            for copy in range(int(chosen[s].max())):
                g = cols[chosen[s] > copy]
                flat[base[g] + end[g]] = (
                    FIRST_ACE + s
                )  # R11: back into the deck, which draws at random
                end[g] += 1

    def finish(done, reason):
        """Write the results of the games ``done`` (positions in the batch)."""
        ids = gid[done]
        m = len(done)
        by_bot = np.take(non_aces.reshape(n, A), done, 1) + np.take(
            bank_aces.reshape(n, A), done, 1
        )
        by_bot = by_bot.reshape(-1)
        bot = rot[done]
        spots = np.arange(m)
        for seat in range(n):
            out_scores[ids, seat] = by_bot[bot * m + spots]
            bot = bot + 1
            bot[bot == n] = 0
        out_turns[ids] = turns[done]
        out_end[ids] = reason[done] if isinstance(reason, np.ndarray) else reason
        out_rob[ids] = draws - plain_drawn[done]  # every ace drawn robs (R9)
        out_loot[ids] = loot_total[done]
        out_listed[ids] = listed[done]

    def rule_banks(size, accepted_n):
        """Where the RuleBot to act banks: every condition of some group of its rule holds,
        each read by :meth:`Condition.holds` itself (its whole-number comparisons
        work on these arrays as on one game's numbers, so a condition has one home)."""
        mine = best = 0
        if needs_lead:
            tot = (non_aces + bank_aces).reshape(n, A)
            mine = tot[cur, ar]  # my bank, the pile not yet in it
            tot = tot.copy()
            tot[cur, ar] = -1
            best = tot.max(0)  # the fullest other bank
        out = np.zeros(A, dtype=bool)
        for i, rule in rule_bots:
            me = cur == i
            if not me.any():
                continue
            for group in rule.bank_when:
                holds = me.copy()
                for c in group:
                    holds &= c.holds(pile_n, accepted_n, size, mine, best)
                out |= holds
        return out

    while A:
        # ---------------------------------------------------------- draw (R5–R7, R9)
        rem = end - t
        if script is None:
            raw = bitgen.random_raw(A)
            pos = ((raw >> _SHIFT32) * rem.astype(np.uint64)) >> _SHIFT32
            pos = pos.astype(np.int64)
        else:
            pos = _scripted(deck[:, t:], rem, script_cards[gid, draws])
        pos += base
        pos += t
        flat = deck.reshape(-1)
        card = flat[pos]
        flat[pos] = deck[:, t]  # the lazy shuffle's swap
        t += 1
        draws += 1
        if first == "suit" and draws == 1:
            cur = ((card & 3) % n + rot) % n  # R3: the first card's suit picks the seat
        if needs_counts:
            counts.reshape(-1)[card_class[card] * A + ar] -= 1
        accepted = accept_table[top * DISTINCT_CARDS + card]
        pile_n += 1
        top = card.astype(np.int64)
        ace = card >= FIRST_ACE
        plain_drawn += ~ace
        if ace.any():
            # R9: the drawer robs at once; the loot goes to the bank or under the ace.
            cols = np.flatnonzero(ace)
            robber = cur[cols]
            suit = top[cols] & 3
            victim = victims(robber, cols) * A + cols
            have = non_aces[victim]
            loot = loot_of[suit * most + have]
            non_aces[victim] = have - loot
            if loot_to_bank:
                non_aces[robber * A + cols] += loot
            else:
                pile_n[cols] += loot
            pile_code[cols] += _SUIT_UNIT[suit]
            loot_total[cols] += loot
        passed = ~accepted
        capped = None
        if passed.any():
            # R7: the pile passes to the next seat; a turn ends (R14a).
            cur += passed
            cur[cur == n] = 0
            turns += passed
            if 2 * draws >= max_turns:
                capped = passed & (turns >= max_turns)
                if not capped.any():
                    capped = None
        # ---------------------------------------------------------- decide: bank or not
        last = rem == 1  # the deck is empty: banking is the only action (R14)
        if same_k:
            bank = pile_n >= k_const
        else:
            bank = pile_n >= k_of[cur]
            if has_random:
                if script is None:
                    coin = (raw & _LOW32) >= _HALF
                else:
                    coin = script_coins[gid, draws - 1]
                bank |= is_random[cur] & coin
            size = rem - 1
            if needs_counts:
                accepted_by = accept_class[top]  # (A, classes): accepted on each game's top
                accepted_n = (accepted_by * counts.T).sum(1)
                prob = is_prob[cur]
                if prob.any():
                    bank |= prob & (accepted_n < p_of[cur] * size)
                ev = is_ev[cur]
                if ev.any():
                    # The one-draw value × deck size: the pile and the card when accepted, an
                    # ace's loot when it is kept (loot to the bank, or an accepted ace's pile).
                    value = accepted_n * (pile_n + 1)
                    have = non_aces[victims(cur, ar) * A + ar]
                    for c, suit in ace_classes:
                        kept = accepted_by[:, c] | loot_to_bank
                        value += counts[c] * loot_of[suit * most + have] * kept
                    bank |= ev & (value <= pile_n * size)
            if rule_bots:
                bank |= rule_banks(size, accepted_n if needs_counts else None)
        bank |= last
        if capped is not None:
            bank &= ~capped
        # ---------------------------------------------------------- bank (R8, R11–R14)
        cols = np.flatnonzero(bank)
        if len(cols):
            player = cur[cols]
            code = pile_code[cols]
            aces_in = _count_packed(code)
            non_aces[player * A + cols] += pile_n[cols] - aces_in
            pile_n[cols] = 0
            top[cols] = EMPTY
            turns[cols] += 1
            with_aces = aces_in > 0
            if with_aces.any():
                bank_aces_in(
                    cols[with_aces], player[with_aces], aces_in[with_aces], code[with_aces]
                )
            if bank_ends_turn:
                player += 1
                player[player == n] = 0
                cur[cols] = player
        # ---------------------------------------------------------- games that end
        done_deck = last if capped is None else last & ~capped  # R14: banked, the game ends
        over_cap = capped  # R14a: the cap, when a pass or a bank ends the last allowed turn
        if 2 * draws >= max_turns:
            hit = bank & ~last & (turns >= max_turns)
            over_cap = hit if over_cap is None else over_cap | hit
            if not over_cap.any():
                over_cap = None
        if over_cap is not None or done_deck.any():
            if over_cap is None:
                done, reason = done_deck, END_DECK
            else:
                done = done_deck | over_cap
                reason = np.where(over_cap, END_MAX_TURNS, END_DECK)
            finish(np.flatnonzero(done), reason)
            keep = np.flatnonzero(~done)
            gid, rot, cur, end = gid[keep], rot[keep], cur[keep], end[keep] - t
            pile_n, top, plain_drawn = pile_n[keep], top[keep], plain_drawn[keep]
            pile_code, turns = pile_code[keep], turns[keep]
            loot_total, listed = loot_total[keep], listed[keep]
            non_aces = np.take(non_aces.reshape(n, A), keep, 1).reshape(-1)
            bank_aces = np.take(bank_aces.reshape(n, A), keep, 1).reshape(-1)
            bank_code = np.take(bank_code.reshape(n, A), keep, 1).reshape(-1)
            if needs_counts:
                counts = np.take(counts, keep, 1)
            if script is not None:
                ace_turn = ace_turn[keep]
            deck = np.take(deck, keep, 0)[:, t:].copy()
            cap -= t
            t = 0
            A = len(keep)
            ar = np.arange(A)
            base = ar * cap
    return _result(out_scores, out_turns, out_end, out_rob, out_loot, out_listed)


def _scripted(window: np.ndarray, rem: np.ndarray, want: np.ndarray) -> np.ndarray:
    """Where each game's scripted card lies among the cards it has left (see :class:`Script`)."""
    hit = (window == want[:, None]) & (np.arange(window.shape[1])[None, :] < rem[:, None])
    found = hit.any(1)
    if not found.all():
        missing = int(np.flatnonzero(~found)[0])
        raise ValueError(
            f"the script draws card {int(want[missing])}, which game {missing} does not hold"
        )
    return hit.argmax(1).astype(np.int64)


_SUIT_UNIT = np.array([1 << (8 * s) for s in range(4)], dtype=np.int64)


def _count_packed(code):
    """The number of aces in packed codes (the sum of their four bytes)."""
    return (code * 0x01010101 >> 24) & 255


def _unpack(code):
    """Packed aces by suit → a (4, m) array of counts."""
    return (code[None, :] >> (8 * np.arange(4))[:, None]) & 255


def _pack(counts):
    """A (4, m) array of counts by suit → packed codes."""
    return (counts << (8 * np.arange(4))[:, None]).sum(0)


def _result(scores, turns, end, robberies, loot, listed) -> dict:
    return {
        "scores": scores,
        "turns": turns,
        "end": end,
        "robberies": robberies,
        "loot": loot,
        "listed": listed,
    }
