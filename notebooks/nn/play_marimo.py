"""Børsen i marimo, på nynorsk: spelet, ei celle som følgjer det, og regeleditoren.

Køyr det som ein app:      marimo run notebooks/nn/play_marimo.py
eller endre det:           marimo edit notebooks/nn/play_marimo.py
Den same stokkinga:        marimo run notebooks/nn/play_marimo.py -- --seed 7
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    import borsen_widget

    borsen_widget.set_language("nn")  # bokmål: "nb"

    from borsen_widget import BorsenWidget, Rules, ThresholdBot, get_language

    return BorsenWidget, Rules, ThresholdBot, get_language, mo


@app.cell
def _(mo):
    mo.md(r"""
    # Spel Børsen

    Trekk kort og legg dei i bunken så lenge kvart kort er minst like høgt som det førre. Legg
    bunken i banken før eit lågare kort sender han vidare til naboen din, og bruk essa til å
    rane spelaren før deg. Du byrjar; Bo og Cy er robotar. Tastane når spelet har fokus:
    **D** trekk, **B** legg i banken, **U** angre, **N** nytt spel, **T** sannsynet
    (forbokstavane i dei engelske orda: **D** er *draw*, ikkje ruter eller dame).

    ### Kompetansemål

    Appen høyrer til dette målet i læreplanen i matematikk (LK20, *Matematikk 1–10*):

    - **Etter 9. trinn:** å finne ut kor sannsynleg noko er i eit spel, og bruke det til å
      vurdere vala ein gjer: kor stort er sannsynet for at neste kort blir godkjent, og løner
      det seg å satse vidare?

    For 9. trinn brukar vi måla i læreplanen MAT01-05, som gjeld for det trinnet til den nye
    versjonen, MAT01-06, tek over.
    """)
    return


@app.cell
def _(BorsenWidget, Rules, ThresholdBot, mo):
    _seed = mo.cli_args().get("seed")
    w = BorsenWidget(
        rules=Rules(players=3, first_player=0),
        seats=["Du", ("Bo", ThresholdBot(3)), ("Cy", ThresholdBot(5))],
        seed=None if _seed is None else int(_seed),
    )
    # marimo køyrer ei celle på nytt når noko ho følgjer med på, endrar seg: verdien til eit
    # UI-element, sendt frå sida, eller ein mo.state-setjar. Spelet endrar seg i Python (eit
    # klikk er ei melding som Python svarar på med ei ny vising; robotane spelar på ein
    # timar), så vi fører `view` frå widgeten over i ein state: kvar celle som kallar
    # game_version(), blir køyrd på nytt etter kvar endring. (Namnet på setjaren kan ikkje
    # byrje med "_": marimo slettar dei private namna i ei celle når cella har køyrt, og
    # observatøren køyrer seinare.)
    game_version, set_game_version = mo.state(w.version)
    w.observe(lambda change: set_game_version(change["new"]["version"]), names="view")
    mo.ui.anywidget(w)
    return game_version, w


@app.cell
def _(game_version, get_language, mo, w):
    # Blir køyrd på nytt etter kvart trekk, kvart robottrekk, kvart nytt spel og kvar
    # regelendring (sjå game_version).
    _game = w.game
    _banks = ", ".join(f"{name} {score}" for name, score in zip(w.names, _game.scores, strict=True))
    _pile = " ".join(str(card) for card in _game.pile) or "tom"
    _turn = "spelet er over" if _game.is_over else f"{w.names[_game.current_player]} har turen"
    _rules = "; ".join(w.rules.describe(get_language())) or "dei opphavlege reglane"
    mo.md(
        f"""
        **Spelet i Python** (versjon {game_version()}): {_turn}; børsen har
        {_game.deck_size} kort att; bunken: {_pile}; bankane: {_banks}. Reglar: {_rules}.
        """
    )
    return


@app.cell
def _(mo, w):
    mo.vstack([mo.md("## Endre reglane medan du spelar"), mo.ui.anywidget(w.rules_editor())])
    return


if __name__ == "__main__":
    app.run()
