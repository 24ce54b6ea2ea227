"""The play page's Python (borsen_widget/jupyter/standalone.py) without a browser.

``use_page_model`` replaces ``anywidget`` for the rest of a process, so each check runs in a
Python of its own (this one has imported the real widget already)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

PLAY = textwrap.dedent(
    """
    import json
    from borsen_widget.jupyter.standalone import PlayPage

    sent = []
    page = PlayPage(sent.append, language="nn", bot_delay=0)
    out = {"mro": [c.__name__ for c in type(page.widget).__mro__]}
    out["first"] = [json.loads(m) for m in sent]
    view = page.widget.view
    sent.clear()
    intent = {"intent": "draw", "version": view["version"], "id": "p-1"}
    page.receive(json.dumps({"kind": "custom", "content": intent}))
    page.receive(json.dumps({"kind": "custom", "content": intent}))  # the same click again
    out["after draws"] = [json.loads(m) for m in sent]
    sent.clear()
    page.receive(json.dumps({"kind": "numbers", "on": True}))
    page.receive(json.dumps({"kind": "language", "language": "nb"}))
    out["switches"] = [json.loads(m) for m in sent]
    out["deck"] = json.loads(page.widget.game.to_json())["deck"]
    print(json.dumps(out))
    """
)

REFUSE = textwrap.dedent(
    """
    import anywidget
    from borsen_widget.jupyter.standalone import use_page_model
    try:
        use_page_model()
    except RuntimeError as error:
        print("refused:", error)
    """
)


def run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout


def test_the_page_plays_the_widget_itself_and_is_sent_public_state_only():
    out = json.loads(run(PLAY))
    # The widget's own class, on the page's base instead of anywidget's (no ipywidgets).
    assert out["mro"][:4] == ["BorsenWidget", "PythonOwnsState", "Speaking", "PageModel"]
    assert "DOMWidget" not in out["mro"]

    first = out["first"]
    states = [m["state"] for m in first if m["kind"] == "state"]
    assert {name for state in states for name in state} <= {"view", "notice", "speech", "panel"}
    view = [s["view"] for s in states if "view" in s][-1]
    assert view["language"] == "nn" and view["current"] == 0 and "draw" in view["actions"]
    assert [m for m in first if m["kind"] == "settings"][-1] == {
        "kind": "settings",
        "language": "nn",
        "numbers": False,
    }

    # The draw moved the game; the same click on the old view was refused, politely.
    after = [m["state"] for m in out["after draws"]]
    assert after[0]["view"]["version"] > view["version"]
    notice = after[-1]["notice"]
    assert notice["request"] == "p-1" and notice["text"] and notice["level"] == "warning"

    # The numbers switch shows the teacher's panel; the language switch tells everything in nb.
    switches = out["switches"]
    assert any(m["kind"] == "state" and m["state"].get("panel", {}).get("kind") for m in switches)
    assert {"kind": "settings", "language": "nb", "numbers": True} in switches
    assert any(
        m["kind"] == "state" and m["state"].get("speech", {}).get("language") == "nb"
        for m in switches
    )

    # No card still in the deck was sent with the table (the panel lists the cards not yet seen,
    # which anyone can count: it was off until the switches), nor the game's seed or state.
    table = json.dumps(first + out["after draws"])
    assert out["deck"] and not [card for card in out["deck"] if f'"{card}"' in table]
    everything = json.dumps(first + out["after draws"] + switches)
    assert not [key for key in ("seed", "rng", "deck") if f'"{key}"' in everything]


def test_the_page_model_refuses_where_anywidget_is_imported():
    assert run(REFUSE).startswith("refused: anywidget or the widget is already imported")
