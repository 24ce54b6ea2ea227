"""notebooks/rules-lab.ipynb runs top to bottom in a real kernel (issue: tweak the rules live)."""

from pathlib import Path

from run_notebook import run_notebook

NOTEBOOK = Path(__file__).parents[2] / "notebooks" / "rules-lab.ipynb"


def test_rules_lab_runs_and_shows_its_findings():
    _nb, outputs = run_notebook(NOTEBOOK, timeout=300)
    shown = "\n".join(
        o.get("text", "") + str(o.get("data", {}).get("text/plain", "")) for o in outputs
    )
    assert "The rules change: The share of the victim's cards each ace robs: ♠ 1," in shown
    assert "P(accepted on 8♦) = 9/17" in shown and "P(accepted on 8♦) = 8/17" in shown
    assert "cannot save this game" in shown and "same_suit_goes" in shown
    assert "broken(2♠, 2♠) must return True or False" in shown
    charts = [o for o in outputs if "application/vnd.vegalite.v5+json" in o.get("data", {})]
    assert len(charts) == 3  # the plots: Vega-Lite, drawn by the notebook's own renderer
