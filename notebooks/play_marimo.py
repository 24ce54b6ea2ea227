"""Børsen in marimo: the game, a cell that follows it, the rules editor.

Run it as an app:      marimo run notebooks/play_marimo.py
or edit it:            marimo edit notebooks/play_marimo.py
A fixed deal:          marimo run notebooks/play_marimo.py -- --seed 7
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    from borsen_widget import BorsenWidget, Rules, ThresholdBot, get_language

    return BorsenWidget, Rules, ThresholdBot, get_language, mo


@app.cell
def _(mo):
    mo.md(r"""
    # Play Børsen

    Draw cards onto the pile while each is at least as high as the last, bank the pile before
    a lower card passes it to your neighbour, and use the aces to rob the player before you.
    You start; Bo and Cy are bots. Keys while the game has the focus: **D** draw, **B** bank,
    **U** undo, **N** new game, **T** the probabilities.
    """)
    return


@app.cell
def _(BorsenWidget, Rules, ThresholdBot, mo):
    _seed = mo.cli_args().get("seed")
    w = BorsenWidget(
        rules=Rules(players=3, first_player=0),
        seats=["You", ("Bo", ThresholdBot(3)), ("Cy", ThresholdBot(5))],
        seed=None if _seed is None else int(_seed),
    )
    # marimo re-runs a cell when something it observes changes: a UI element's value, sent by
    # the page, or a mo.state setter. The game changes in Python (a click is a message that
    # Python answers with a new view; bots play on a timer), so follow the widget's `view`
    # trait into a state: every cell that calls game_version() runs again after each change.
    # (The setter's name must not start with "_": marimo deletes a cell's private names once
    # the cell has run, and the observer runs later.)
    game_version, set_game_version = mo.state(w.version)
    w.observe(lambda change: set_game_version(change["new"]["version"]), names="view")
    mo.ui.anywidget(w)
    return game_version, w


@app.cell
def _(game_version, get_language, mo, w):
    # Runs again after every move, bot move, new game and rule change (see game_version).
    _game = w.game
    _banks = ", ".join(f"{name} {score}" for name, score in zip(w.names, _game.scores, strict=True))
    _pile = " ".join(str(card) for card in _game.pile) or "empty"
    _turn = "the game is over" if _game.is_over else f"{w.names[_game.current_player]} to play"
    _rules = "; ".join(w.rules.describe(get_language())) or "the original rules"
    mo.md(
        f"""
        **The game in Python** (view {game_version()}): {_turn}; the deck holds
        {_game.deck_size} cards; the pile: {_pile}; banks: {_banks}. Rules: {_rules}.
        """
    )
    return


@app.cell
def _(mo, w):
    mo.vstack([mo.md("## Change the rules while you play"), mo.ui.anywidget(w.rules_editor())])
    return


if __name__ == "__main__":
    app.run()
