"""The shared encoder (borsen_widget.envs.encoding): the action table is the engine's actions
one to one (R4, R8, R11, R12), and the observation's figures are the public ones."""

from __future__ import annotations

import random

import numpy as np
import pytest
from env_variants import short_random_rules

from borsen_widget import Action, Game, IllegalActionError, Rules
from borsen_widget.envs.encoding import FIRST_LIST, Encoding
from borsen_widget.play.bots import PublicView


@pytest.mark.parametrize("decks", [1, 2, 4])
def test_the_action_table_and_the_engines_actions_are_one_to_one(decks):
    encoding = Encoding(Rules(decks=decks))
    assert encoding.num_actions == FIRST_LIST + (decks + 1) ** 4
    actions = [encoding.action(i) for i in range(encoding.num_actions)]
    assert len(set(actions)) == len(actions)
    assert [encoding.index(a) for a in actions] == list(range(encoding.num_actions))
    assert actions[:3] == [Action.parse("draw"), Action.parse("bank"), Action.parse("list none")]
    assert actions[3] == Action.parse("list A♠")
    with pytest.raises(IllegalActionError, match="not in the table"):
        encoding.action(encoding.num_actions)


def test_every_legal_action_of_random_games_is_in_the_table_and_the_figures_are_public():
    """The mask is the engine's legal actions; the chance slot is RULES.md §4's exact chance;
    every figure lies in [0, 1]."""
    rng = random.Random(11)
    for _ in range(40):
        rules = short_random_rules(rng).replace(max_turns=20)
        encoding = Encoding(rules)
        game = Game(rules, rng.getrandbits(32))
        while not game.is_over:
            view = PublicView(game)
            legal = game.legal_actions()
            mask = encoding.mask(view)
            assert [encoding.action(i) for i in np.flatnonzero(mask)] == sorted(
                legal, key=encoding.index
            )
            seat = rng.randrange(rules.players)
            vector = encoding.observe(view, seat)
            assert vector.shape == (170 + 7 * rules.players,)
            assert vector.min() >= 0 and vector.max() <= 1
            chance = float(view.p_accept()) if game.deck_size else 0.0
            assert vector[-4] == pytest.approx(chance, abs=1e-6)
            game.apply(rng.choice(legal))
