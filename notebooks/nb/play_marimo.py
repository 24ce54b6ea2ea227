"""Børsen i marimo, på bokmål: spillet, en celle som følger det, og regeleditoren.

Kjør det som en app:       marimo run notebooks/nb/play_marimo.py
eller endre det:           marimo edit notebooks/nb/play_marimo.py
Den samme stokkingen:      marimo run notebooks/nb/play_marimo.py -- --seed 7
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    import borsen_widget

    borsen_widget.set_language("nb")  # nynorsk: "nn"

    from borsen_widget import BorsenWidget, Rules, ThresholdBot, get_language

    return BorsenWidget, Rules, ThresholdBot, get_language, mo


@app.cell
def _(mo):
    mo.md(r"""
    # Spill Børsen

    Trekk kort og legg dem i bunken så lenge hvert kort er minst like høyt som det forrige. Legg
    bunken i banken før et lavere kort sender den videre til naboen din, og bruk essene til å
    rane spilleren før deg. Du begynner; Bo og Cy er roboter. Tastene når spillet har fokus:
    **D** trekk, **B** legg i banken, **U** angre, **N** nytt spill, **T** sannsynlighetene
    (forbokstavene i de engelske ordene: **D** er *draw*, ikke ruter eller dame).

    ### Kompetansemål

    Appen hører til dette målet i læreplanen i matematikk (LK20, *Matematikk 1–10*):

    - **Etter 9. trinn:** å finne ut hvor sannsynlig noe er i et spill, og bruke det til å
      vurdere valgene man gjør: hvor stor er sjansen for at neste kort blir godkjent, og lønner
      det seg å satse videre?

    For 9. trinn bruker vi målene i læreplanen MAT01-05, som gjelder for det trinnet til den nye
    versjonen, MAT01-06, tar over.
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
    # marimo kjører en celle på nytt når noe den følger med på, endrer seg: verdien til et
    # UI-element, sendt fra siden, eller en mo.state-setter. Spillet endrer seg i Python (et
    # klikk er en melding som Python svarer på med en ny visning; robotene spiller på en
    # timer), så vi fører widgetens `view` over i en state: hver celle som kaller
    # game_version(), kjøres på nytt etter hver endring. (Navnet på setteren kan ikke begynne
    # med "_": marimo sletter de private navnene i en celle når cellen har kjørt, og
    # observatøren kjører senere.)
    game_version, set_game_version = mo.state(w.version)
    w.observe(lambda change: set_game_version(change["new"]["version"]), names="view")
    mo.ui.anywidget(w)
    return game_version, w


@app.cell
def _(game_version, get_language, mo, w):
    # Kjøres på nytt etter hvert trekk, hvert robottrekk, hvert nytt spill og hver regelendring
    # (se game_version).
    _game = w.game
    _banks = ", ".join(f"{name} {score}" for name, score in zip(w.names, _game.scores, strict=True))
    _pile = " ".join(str(card) for card in _game.pile) or "tom"
    _turn = "spillet er over" if _game.is_over else f"{w.names[_game.current_player]} har turen"
    _rules = "; ".join(w.rules.describe(get_language())) or "de opprinnelige reglene"
    mo.md(
        f"""
        **Spillet i Python** (versjon {game_version()}): {_turn}; børsen har
        {_game.deck_size} kort igjen; bunken: {_pile}; bankene: {_banks}. Regler: {_rules}.
        """
    )
    return


@app.cell
def _(mo, w):
    mo.vstack([mo.md("## Endre reglene mens du spiller"), mo.ui.anywidget(w.rules_editor())])
    return


if __name__ == "__main__":
    app.run()
