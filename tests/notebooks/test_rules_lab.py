"""notebooks/rules-lab.ipynb runs top to bottom in a real kernel (issue: tweak the rules live)."""

from pathlib import Path

import nbclient
import nbformat

NOTEBOOK = Path(__file__).parents[2] / "notebooks" / "rules-lab.ipynb"


def test_rules_lab_runs_and_shows_its_findings():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), "clear outputs"
    nbclient.NotebookClient(
        nb,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    ).execute()
    text = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            assert out.get("output_type") != "error", f"{out.get('ename')}: {out.get('evalue')}"
            text.append(out.get("text", "") + str(out.get("data", {}).get("text/plain", "")))
    shown = "\n".join(text)
    assert "The rules change: ace_shares = ♠ 1" in shown
    assert "P(accepted on 8♦) = 9/17" in shown and "P(accepted on 8♦) = 8/17" in shown
    assert "cannot save this game" in shown and "same_suit_goes" in shown
    assert "broken(2♠, 2♠) must return True or False" in shown
    charts = [
        o
        for c in nb.cells
        for o in c.get("outputs", [])
        if "application/vnd.vegalite.v5+json" in o.get("data", {})
    ]
    assert len(charts) == 3  # the plots: Vega-Lite, drawn by the notebook's own renderer
