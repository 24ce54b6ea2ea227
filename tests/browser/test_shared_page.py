"""The JupyterLab page the browser tests share (conftest.py, SharedLabPage): between tests it
is left with no notebook, no widget and no dialog, or it is thrown away; a notebook opened in
the loaded app runs as one loaded at its address."""

from __future__ import annotations

from harness import open_notebook, write_notebook

CELL = "from borsen_widget import BorsenWidget\nw = BorsenWidget(seed=3, names=['A', 'B'])\nw"
LEFT = "() => document.querySelectorAll('.borsen, .jp-Dialog').length"


def test_the_shared_page_is_cleared_between_tests_or_thrown_away(shared_lab_page, lab):
    write_notebook(lab.root / "shared.ipynb", [CELL])
    try:
        page = shared_lab_page.get()
        open_notebook(page, lab, "shared.ipynb")  # loads JupyterLab, or opens it in the app
        # An edit left unsaved: closing drops it without asking.
        page.evaluate(
            "() => window.jupyterapp.shell.currentWidget.content.model.cells.get(0)"
            ".sharedModel.setSource('1 + 1')"
        )
        assert page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty")
        shared_lab_page.clear()
        assert shared_lab_page.pg is page and page.evaluate(LEFT) == 0
        assert (lab.root / "shared.ipynb").read_text().count("BorsenWidget") >= 1  # not saved

        # Opened again in the loaded app (no page load: the address stays), it runs and draws.
        address = page.url
        assert shared_lab_page.get() is page
        open_notebook(page, lab, "shared.ipynb")
        assert page.url.split("/lab")[0] == address.split("/lab")[0]
        assert page.locator(".borsen[data-version]").count() == 1

        # A page that cannot be cleared (here, a dialog left open) is not handed on.
        page.evaluate(
            "() => document.body.insertAdjacentHTML('beforeend', '<div class=\"jp-Dialog\"></div>')"
        )
        shared_lab_page.clear()
        assert shared_lab_page.pg is None and page.is_closed()
        fresh = shared_lab_page.get()
        assert fresh is not page and fresh.errors == [] and fresh.outside_requests == []
    finally:
        lab.shutdown_kernels()
