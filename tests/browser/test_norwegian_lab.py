"""End-to-end (issue 21): a Norwegian teacher opens JupyterLab in Norwegian (the language pack
``jupyterlab-language-pack-no-NO`` chosen in JupyterLab's settings) and runs a notebook with no
``language=`` anywhere: the game, the teacher's panel and the rules editor appear in bokmål,
because each widget hears the page's language. The same notebook in an English JupyterLab with
an English browser stays English. Screenshots in test-artifacts/."""

from __future__ import annotations

import json

import pytest
from harness import JupyterLab, open_notebook, screenshot, write_notebook

NOTEBOOK = [
    "from borsen_widget import BorsenWidget, ProbabilityPanel, ThresholdBot\n"
    'w = BorsenWidget(seats=["Ada", "Bo", ThresholdBot(4)], seed=2)\n'
    "w.show_probabilities = True\n"
    "display(w)\n"
    "editor = w.rules_editor()\n"
    "editor",
]
# Words each widget shows in bokmål and in English (from the catalogues).
BOKMAL = {".borsen-game": "Trekk", ".borsen-editor": "Spillere"}
ENGLISH_ONLY = ("Draw a card", "Players", "Bank the pile")


class NorwegianLab(JupyterLab):
    """JupyterLab with its own language set to Norwegian (the language pack's ``no_NO``)."""

    name = "jupyterlab-no"

    def prepare(self) -> None:
        super().prepare()
        folder = self.base / "settings" / "@jupyterlab" / "translation-extension"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "plugin.jupyterlab-settings").write_text(json.dumps({"locale": "no_NO"}))


@pytest.fixture(scope="module")
def norwegian_lab(chromium_path, tmp_path_factory):
    pytest.importorskip("jupyterlab_language_pack_no_NO", reason="the dev extra installs it")
    server = NorwegianLab(tmp_path_factory.mktemp("jupyterlab-no"))
    server.start()
    yield server
    assert server.stop() == [], "processes of JupyterLab were still running after stop()"


@pytest.fixture
def english_browser_page(browser):
    context = browser.new_context(viewport={"width": 1300, "height": 1000}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


def kernel_language(page) -> str:
    """What JupyterLab set as the page's language (its TranslationManager does)."""
    return page.evaluate("() => document.documentElement.lang")


def test_a_norwegian_jupyterlab_shows_the_game_panel_and_editor_in_bokmal(
    norwegian_lab, english_browser_page, artifacts
):
    page = english_browser_page  # the browser says English: JupyterLab's Norwegian wins
    write_notebook(norwegian_lab.root / "norsk.ipynb", NOTEBOOK)
    try:
        open_notebook(page, norwegian_lab, "norsk.ipynb")
        assert kernel_language(page).lower().startswith("no")
        page.wait_for_function(
            "() => document.querySelector('.borsen-game')?.innerText.includes('Trekk')"
        )
        page.wait_for_selector(".borsen-editor[data-version]")
        page.wait_for_function(
            "() => document.querySelector('.borsen-editor')?.innerText.includes('Spillere')"
        )
        for selector, word in BOKMAL.items():
            assert word in page.locator(selector).first.inner_text(), selector
        panel = page.locator(".borsen-panel-title").first
        panel.wait_for()
        text = " ".join(
            page.locator(s).first.inner_text() for s in (".borsen-game", ".borsen-editor")
        )
        for english in ENGLISH_ONLY:
            assert english not in text, english
        assert panel.inner_text().strip() == "Sannsynligheter"
        assert "Bunken er tom" in page.locator(".borsen-panel").first.inner_text()
        screenshot(page, page.locator(".jp-Notebook").first, artifacts / "lab-norwegian.png")
    finally:
        norwegian_lab.shutdown_kernels()


def test_an_english_jupyterlab_in_an_english_browser_stays_english(
    lab, english_browser_page, artifacts
):
    page = english_browser_page
    write_notebook(lab.root / "english.ipynb", NOTEBOOK)
    try:
        open_notebook(page, lab, "english.ipynb")
        page.wait_for_selector(".borsen-editor[data-version]")
        game = page.locator(".borsen-game").first.inner_text()
        editor = page.locator(".borsen-editor").first.inner_text()
        assert "Draw" in game and "Players" in editor
        assert "Trekk" not in game and "Spillere" not in editor
    finally:
        lab.shutdown_kernels()
