"""JupyterLab's console stays clean: the page that ``make lab`` opens, with the widget on it,
logs no error at all.

The other browser tests fail on an uncaught exception (``pageerror``); this one also fails on
anything logged with ``console.error``, the way JupyterLab reports a plugin or an extension that
would not load. It would have caught JupyterLite's build tools sharing JupyterLab's
environment: their lab extension logged "Shared module @jupyterlite/services doesn't exist in
shared scope default" on every page (the build now runs in ``.venv-lite``). The only errors
let through are :data:`KNOWN_CONSOLE_ERRORS`: none for JupyterLab.
"""

from __future__ import annotations

import shutil

from harness import REPO, open_notebook

# (exact text, why it is not ours). Keep it empty unless a host's own bug cannot be avoided.
KNOWN_CONSOLE_ERRORS: tuple[tuple[str, str], ...] = ()


def test_jupyterlab_with_the_widget_logs_no_console_error(fresh_lab_page, lab):
    """Load JupyterLab with notebooks/play.ipynb (a page of its own: what the app logs as it
    loads counts), run it, play one move: no console error, no page error."""
    page = fresh_lab_page
    errors: list[str] = []
    page.on(
        "console",
        lambda m: m.type == "error" and errors.append(f"{m.text} (at {m.location.get('url')})"),
    )
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    shutil.copy(REPO / "notebooks" / "play.ipynb", lab.root / "play.ipynb")
    open_notebook(page, lab, "play.ipynb")
    page.wait_for_function("() => document.querySelectorAll('.borsen').length >= 2")
    # One move on the hot-seat game: the widget's own round trip logs nothing either.
    hot = page.locator(".borsen").nth(1)
    before = int(hot.get_attribute("data-version"))
    hot.locator("button[data-intent=draw]").click()
    page.wait_for_function(
        "(v) => Number(document.querySelectorAll('.borsen')[1].dataset.version) > v", arg=before
    )
    # Late plugins (the status bar, the settings registry, the kernel's comms) have loaded.
    page.wait_for_function(
        "() => document.querySelector('.jp-StatusBar-Widget') !== null", timeout=30_000
    )
    page.wait_for_timeout(1000)
    known = {text for text, _why in KNOWN_CONSOLE_ERRORS}
    unexpected = [e for e in errors if e.split(" (at ")[0] not in known]
    assert unexpected == [], "JupyterLab's console logged errors:\n" + "\n".join(unexpected)
