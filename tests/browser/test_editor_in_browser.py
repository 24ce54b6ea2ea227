"""End-to-end: the rules editor's controls change the widget's game (issue: tweak the rules
live), in a real JupyterLab and headless Chromium."""

from __future__ import annotations

from harness import open_notebook, write_notebook

EDITOR = ".borsen-rules-editor"


def wait_kernel(kernel, expression: str, expected, page, tries: int = 100):
    """Poll the kernel until ``expression`` gives ``expected`` (typing syncs asynchronously)."""
    value = None
    for _ in range(tries):
        value = kernel.eval(expression)
        if value == expected:
            return value
        page.wait_for_timeout(50)
    raise AssertionError(f"{expression} is {value!r}, expected {expected!r}")


def test_editor_controls_change_the_running_game(page, lab, kernel_of, artifacts):
    write_notebook(
        lab.root / "rules.ipynb",
        [
            "from borsen_widget import BorsenWidget\n"
            'w = BorsenWidget(seats=["Ada", "Bo", "Cy"], seed=3)\n'
            "display(w)\n"
            "editor = w.rules_editor()\n"
            "editor",
        ],
    )
    kernel = kernel_of(open_notebook(page, lab, "rules.ipynb"))
    page.wait_for_selector(EDITOR)
    editor = page.locator(EDITOR)

    # R9: type a share for the ace of spades; the kernel's game changes and says so.
    spade = editor.locator(".borsen-share-S input")
    spade.fill("1")
    wait_kernel(kernel, "str(w.rules.ace_shares['S'])", "1", page)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.borsen .borsen-ev-text')]"
        ".some((e) => e.textContent.includes('ace_shares'))"
    )

    # A share of 1.5: an error beside the control, and nothing changes.
    spade.fill("1.5")
    error = editor.locator(".borsen-rules-error")
    error.first.wait_for()
    assert "between 0 and 1" in error.first.text_content()
    assert kernel.eval("str(w.rules.ace_shares['S'])") == "1"
    spade.fill("1/2")
    wait_kernel(kernel, "str(w.rules.ace_shares['S'])", "1/2", page)

    # R5: untick "equal cards are accepted".
    editor.locator(".borsen-rule-equal_accepted input").uncheck()
    wait_kernel(kernel, "w.rules.equal_accepted", False, page)

    # R1: four players start a new game with a fourth seat on the page.
    players = editor.locator(".borsen-rule-players input")
    players.fill("4")
    players.press("Enter")
    wait_kernel(kernel, "w.rules.players", 4, page)
    page.wait_for_function("() => document.querySelectorAll('.borsen .borsen-seat').length === 4")
    assert kernel.eval("w.rules.equal_accepted") is False  # the other options stay
    page.locator(".jp-OutputArea").first.screenshot(path=str(artifacts / "rules-editor.png"))
