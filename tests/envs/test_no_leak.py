"""No observation reveals the deck's order (issue 24; RULES.md "Hidden information"): redraw
the hidden order (Game.resample keeps every public fact) and every seat's observation, mask
and OpenSpiel string is the same; and the core package imports none of the libraries."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pyspiel
from env_variants import short_random_rules

from borsen_widget import Game
from borsen_widget.envs.encoding import Encoding, describe
from borsen_widget.envs.openspiel import BorsenObserver, parameters_of
from borsen_widget.play.bots import PublicView


def test_resampling_the_hidden_order_gives_the_same_observations():
    rng = random.Random(77)
    looked = differed = 0
    for _ in range(40):
        rules = short_random_rules(rng).replace(max_turns=12)
        encoding = Encoding(rules)
        game = Game(rules, rng.getrandbits(32))
        while not game.is_over:
            twin = game.resample(rng.getrandbits(32))
            differed += twin.position.deck != game.position.deck
            for seat in range(rules.players):
                mine = encoding.observation(PublicView(game), seat)
                theirs = encoding.observation(PublicView(twin), seat)
                assert np.array_equal(mine["observation"], theirs["observation"])
                assert np.array_equal(mine["action_mask"], theirs["action_mask"])
                assert describe(PublicView(game), seat) == describe(PublicView(twin), seat)
            looked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert looked > 300 and differed > looked / 2  # most twins hold another order


def test_openspiel_strings_and_tensors_do_not_depend_on_the_engines_deck_order():
    """A state's engine game holds a deck order (never used: chance deals each card); a
    different order gives the same observation, information state and state string."""
    rng = random.Random(5)
    rules = short_random_rules(rng, functions=False).replace(max_turns=30, first_player=0)
    game = pyspiel.load_game("python_borsen", parameters_of(rules))
    state = game.new_initial_state()
    observer = BorsenObserver(Encoding(rules), perfect_recall=True)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        twin = state.clone()
        twin.game = twin.game.resample(rng.getrandbits(32), record=True)
        for player in range(rules.players):
            assert observer.string_from(state, player) == observer.string_from(twin, player)
            assert state.observation_tensor(player) == twin.observation_tensor(player)
        assert str(state) == str(twin)
        state.apply_action(rng.choice(state.legal_actions()))


def test_import_borsen_widget_imports_none_of_the_libraries():
    code = (
        "import sys, borsen_widget\n"
        "from borsen_widget import Game, simulate\n"
        "loaded = {'pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel'} & set(sys.modules)\n"
        "assert not loaded, loaded\n"
        "assert 'borsen_widget.envs' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
