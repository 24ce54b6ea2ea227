"""End-to-end: the rules editor (an anywidget, issue 14) changes the widget's game, validated as
you type, in a real JupyterLab and headless Chromium: the engine's message beside a refused
value, labels that are never cut off, both themes readable, keys that stay in the editor; in
bokmål and nynorsk (issue 21)."""

from __future__ import annotations

import pytest
from axe_support import axe_check, lab_theme
from harness import FONT_FAMILIES, FONTS, contrast, open_notebook, screenshot, write_notebook
from playwright.sync_api import Error as PlaywrightError

from borsen_widget import Game, Rules
from borsen_widget.jupyter.rules_editor import STATIC, RulesEditor

EDITOR = ".borsen-editor"
NOTEBOOK = [
    "from borsen_widget import BorsenWidget\n"
    'w = BorsenWidget(seats=["Ada", "Bo", "Cy"], seed=3)\n'
    "display(w)\n"
    "editor = w.rules_editor()\n"
    "editor",
]
# Text in the editor that must read well (WCAG AA, 4.5:1) in both themes.
READABLE = (
    ".borsen-editor-label",
    ".borsen-editor-rule",
    ".borsen-editor-help",
    ".borsen-editor-code",
    ".borsen-editor-codes",
    "select",
    ".borsen-editor-error",
    ".borsen-editor-status",
    ".borsen-editor-title",
)
# Every text of the editor shows all of it: nothing overflows its box or the editor, and no
# list shows its choice cut off. A list that cannot wrap its words (a native select) is cut off
# when it is narrower than its widest choice (its scrollWidth does not say so); one drawn with
# appearance: base-select wraps them.
CUT_OFF = """(root) => {
  const box = root.getBoundingClientRect();
  const natural = (select) => {
    const probe = select.cloneNode(true);
    probe.style.cssText = 'position:absolute;visibility:hidden;max-width:none;width:max-content';
    select.parentNode.appendChild(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  };
  const cut = (n) => {
    const r = n.getBoundingClientRect();
    if (n.scrollWidth > n.clientWidth + 1) return true;
    if (r.right > box.right + 1 || r.left < box.left - 1) return true;
    return n.tagName === 'SELECT' && getComputedStyle(n).appearance !== 'base-select' &&
      r.width + 1 < natural(n);
  };
  const texts = [...root.querySelectorAll(
    '.borsen-editor-title, .borsen-editor-intro, .borsen-editor-codes, .borsen-editor-label,' +
    '.borsen-editor-code, .borsen-editor-help, .borsen-editor-error, .borsen-editor-share label,' +
    '.borsen-editor-function, .borsen-editor-status, .borsen-editor-notice-text, select, input,' +
    'button')].filter((n) => n.offsetParent !== null);
  const found = texts.filter(cut)
    .map((n) => n.textContent.slice(0, 40) || n.outerHTML.slice(0, 40));
  if (root.scrollWidth > root.clientWidth + 1) found.push('the editor itself');
  return found;
}"""
# Text about a fifth wider than DejaVu Sans (itself among the widest fonts) and larger than
# JupyterLab's 13 px (a list's chosen words do not take the letter-spacing, but do take the
# size): a label that fits only because a machine's font is narrow is caught.
WIDE_FONT = """.borsen-editor { font-size: 15px !important; }
.borsen-editor, .borsen-editor * { letter-spacing: 0.12em !important; }"""


def wait_kernel(kernel, expression: str, expected, page, tries: int = 100):
    """Poll the kernel until ``expression`` gives ``expected`` (messages arrive asynchronously)."""
    value = None
    for _ in range(tries):
        value = kernel.eval(expression)
        if value == expected:
            return value
        page.wait_for_timeout(50)
    raise AssertionError(f"{expression} is {value!r}, expected {expected!r}")


def open_editor(page, lab, kernel_of, name: str, cells=NOTEBOOK):
    write_notebook(lab.root / name, cells)
    kernel = kernel_of(open_notebook(page, lab, name))
    page.wait_for_selector(f"{EDITOR}[data-version]")
    return kernel, page.locator(EDITOR)


def test_editor_controls_change_the_running_game(page, lab, kernel_of, artifacts):
    kernel, editor = open_editor(page, lab, kernel_of, "rules.ipynb")

    # R9: type a share for the ace of spades; the kernel's game changes and says so.
    spade = editor.locator(".borsen-share-S input")
    spade.fill("1")
    wait_kernel(kernel, "str(w.rules.ace_shares['S'])", "1", page)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.borsen .borsen-ev-text')]"
        ".some((e) => e.textContent.includes('each ace robs: ♠ 1,'))"
    )
    editor.locator(".borsen-editor-status").filter(has_text="robs 1 (was 1/2)").wait_for()

    # A share of 1.5: the engine's message beside the control, and nothing changes.
    spade.fill("1.5")
    error = editor.locator('[data-field="ace_shares.S"]')
    error.wait_for()
    # The page shows the kernel's error, which is the engine's message (test_rules_editor.py).
    said = kernel.eval("editor.errors.get('ace_shares.S')")
    assert error.text_content() == said and "between 0 and 1" in said
    assert spade.get_attribute("aria-invalid") == "true"
    assert kernel.eval("str(w.rules.ace_shares['S'])") == "1"
    spade.fill("1/2")
    wait_kernel(kernel, "str(w.rules.ace_shares['S'])", "1/2", page)
    error.wait_for(state="hidden")

    # R14a: the turn cap, typed.
    cap = editor.locator(".borsen-rule-max_turns input")
    cap.fill("0")
    # The person reads the option's label ("Turn cap"); programmers get its name (max_turns).
    editor.locator('[data-field="max_turns"]').filter(has_text="Turn cap").wait_for()
    cap.fill("300")
    wait_kernel(kernel, "w.rules.max_turns", 300, page)

    # R5: untick "an equal card is accepted"; R9: the leader is robbed.
    # The editor redraws when the kernel's rules arrive (the cap just above): a click that lands
    # in that redraw is drawn over, so it is made again on the redrawn box.
    for attempt in range(3):
        try:
            editor.locator(".borsen-rule-equal_accepted input").uncheck()
            break
        except PlaywrightError:
            if attempt == 2:
                raise
    wait_kernel(kernel, "w.rules.equal_accepted", False, page)
    editor.locator(".borsen-rule-rob_target select").select_option(label="the leader")
    wait_kernel(kernel, "w.rules.rob_target", "leader", page)

    # R1: four players start a new game with a fourth seat on the page; R3 offers seat 3.
    editor.locator(".borsen-rule-players select").select_option(label="4")
    wait_kernel(kernel, "w.rules.players", 4, page)
    page.wait_for_function("() => document.querySelectorAll('.borsen .borsen-seat').length === 4")
    assert kernel.eval("[w.rules.equal_accepted, w.rules.max_turns]") == [False, 300]
    editor.locator(".borsen-rule-first_player select").select_option(label="seat 3")
    wait_kernel(kernel, "w.rules.first_player", 3, page)

    # Rules changed from code: the editor follows, and drops a refused value.
    cap.fill("-1")
    editor.locator('[data-field="max_turns"]').wait_for()
    kernel.eval("setattr(w, 'rules', w.rules.replace(loot_to='pile', max_turns=99))")
    page.wait_for_function(
        "() => document.querySelector('.borsen-rule-loot_to select').selectedOptions[0]"
        ".textContent === 'the pile, under the ace'"
    )
    assert cap.input_value() == "99"
    assert editor.locator('[data-field="max_turns"]').is_hidden()
    screenshot(page, editor, artifacts / "rules-editor.png")


def test_keys_stay_in_the_editor_and_the_labels_are_whole(page, lab, kernel_of, artifacts):
    """Typing in the editor never runs notebook shortcuts (D,D deletes a cell, B inserts one,
    Escape leaves edit mode); Escape puts back the value in force. Labels are never cut off,
    in a wide and a narrow cell, and read well in the light and dark themes."""
    kernel, editor = open_editor(page, lab, kernel_of, "keys.ipynb")
    cells = "() => window.jupyterapp.shell.currentWidget.content.widgets.length"
    assert page.evaluate(cells) == 1
    heart = editor.locator(".borsen-share-H input")
    heart.click()
    heart.press("Control+a")
    page.keyboard.type("ddbb")
    editor.locator('[data-field="ace_shares.H"]').wait_for()
    assert heart.input_value() == "ddbb"
    assert page.evaluate(cells) == 1  # no cell deleted or inserted
    page.keyboard.press("Escape")
    assert heart.input_value() == "1/3"
    editor.locator('[data-field="ace_shares.H"]').wait_for(state="hidden")
    assert page.evaluate("() => document.activeElement.dataset.suit") == "H"
    assert kernel.eval("str(w.rules.ace_shares['H'])") == "1/3"
    # Tab walks the controls in order: from the ace of hearts to the ace of clubs.
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.suit") == "C"
    # Every control has an accessible name: its label (rule number and words).
    names = editor.evaluate(
        """(root) => [...root.querySelectorAll('select, input')].map((c) =>
            c.labels && c.labels.length ? c.labels[0].textContent.trim() : '')"""
    )
    assert all(names) and names[0] == "R1 Players", names

    for width in (1100, 520):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(200)
        assert editor.evaluate(CUT_OFF) == [], width
    screenshot(page, editor, artifacts / "rules-editor-narrow.png")
    page.set_viewport_size({"width": 1100, "height": 900})

    heart.fill("2")  # an error on the page, to check its colour too
    editor.locator('[data-field="ace_shares.H"]').wait_for()
    for theme in ("JupyterLab Dark", "JupyterLab Light"):
        page.evaluate(
            f"() => window.jupyterapp.commands.execute('apputils:change-theme', "
            f"{{theme: '{theme}'}})"
        )
        dark = theme.endswith("Dark")
        page.wait_for_function(
            f"() => document.body.dataset.jpThemeLight === '{str(not dark).lower()}'"
        )
        page.wait_for_timeout(300)  # the theme's CSS applies
        for selector in READABLE:
            node = editor.locator(selector).first
            if node.text_content().strip():
                ratio = contrast(node)
                assert ratio >= 4.5, (theme, selector, ratio)
        screenshot(page, editor, artifacts / f"rules-editor-{'dark' if dark else 'light'}.png")
    axe_check(page, "the rules editor in JupyterLab", EDITOR, scheme=lab_theme)


def test_the_editor_in_norwegian(page, lab, kernel_of, artifacts):
    """RulesEditor(w, language="nb"): every word on the page in bokmål (its own words from the
    catalogues, Python's labels and the engine's message told to a person, echoing what was
    typed); switched to nynorsk it redraws at once, keeping the rules and the refused value.
    The longer Norwegian labels are never cut off."""
    cells = [
        NOTEBOOK[0]
        .replace("editor = w.rules_editor()", 'editor = RulesEditor(w, language="nb")')
        .replace("import BorsenWidget", "import BorsenWidget, RulesEditor")
    ]
    kernel, editor = open_editor(page, lab, kernel_of, "regler.ipynb", cells)
    editor.locator(".borsen-editor-title").filter(has_text="Regler").wait_for()
    assert editor.get_attribute("aria-label") == "Spillereglene"
    label = editor.locator(".borsen-rule-players .borsen-editor-label")
    assert label.text_content() == "R1 Spillere"
    heart = editor.locator(".borsen-share-H input")
    assert heart.get_attribute("aria-label") == "hjerter ess"
    heart.fill("1.5")
    error = editor.locator('[data-field="ace_shares.H"]')
    error.filter(has_text="ikke 1.5").wait_for()
    assert error.text_content() == "Andelen for ♥-esset må være mellom 0 og 1, ikke 1.5."
    assert kernel.eval("str(w.rules.ace_shares['H'])") == "1/3"
    editor.locator(".borsen-rule-max_turns input").fill("5 000")
    wait_kernel(kernel, "w.rules.max_turns", 5000, page)
    editor.locator(".borsen-editor-status").filter(has_text="(var 10 000)").wait_for()
    for width in (1100, 520):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(200)
        assert editor.evaluate(CUT_OFF) == [], width
    page.set_viewport_size({"width": 1100, "height": 900})
    screenshot(page, editor, artifacts / "rules-editor-nb.png")

    kernel.eval("setattr(editor, 'language', 'nn')")
    editor.locator(".borsen-editor-title").filter(has_text="Reglar").wait_for()
    error.filter(has_text="ikkje 1.5").wait_for()
    assert heart.input_value() == "1.5" and heart.get_attribute("aria-invalid") == "true"
    assert label.text_content() == "R1 Spelarar"
    assert kernel.eval("[w.rules.max_turns, str(w.rules.ace_shares['H'])]") == [5000, "1/3"]
    screenshot(page, editor, artifacts / "rules-editor-nn.png")


# ---------------------------------------------------------------------------- fonts and widths


def a_house_rule_with_a_long_name_that_a_teacher_wrote_for_her_class(card, top):
    """A house rule (R5) whose qualified name is longer than a phone is wide."""
    return True


def editor_state(language: str) -> dict:
    """What Python syncs for an editor in ``language`` showing every kind of text: a refused
    share's error, a status line, a notice and a house rule with a long name."""
    rules = Rules(accept_rule=a_house_rule_with_a_long_name_that_a_teacher_wrote_for_her_class)
    editor = RulesEditor(Game(rules, seed=1), language=language)

    def send(**content):
        message = {"intent": "set", "version": editor.form["version"], **content}
        editor._handle_msg(
            {"content": {"data": {"method": "custom", "content": message}}, "buffers": []}
        )

    send(option="loot_to", value="pile")  # a status line
    send(option="ace_shares", suit="H", value="1.5")  # an error beside the ace of hearts
    send(option="max_turns", value="ten thousand turns")  # another error, quoting what was typed
    send(option="no_such_rule", value=1)  # a notice
    assert editor.form["errors"] and editor.form["status"] and editor.notice["text"]
    return {"form": editor.form, "notice": editor.notice, "speech": editor.speech}


# The editor alone on a page, drawn by the shipped module with a model that holds what Python
# synced (as a phone or a narrow Voilà page shows it, without JupyterLab's margins).
MOUNT = """async ([esm, state]) => {
  const handlers = {};
  const model = {
    get: (k) => state[k],
    set(k, v) { state[k] = v; (handlers['change:' + k] || []).forEach((f) => f()); },
    on(n, f) { (handlers[n] ||= []).push(f); }, off() {}, send() {}, save_changes() {},
  };
  const url = URL.createObjectURL(new Blob([esm], { type: 'text/javascript' }));
  const editor = (await import(url)).default;
  editor.render({ model, el: document.getElementById('host') });
}"""


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
def test_every_label_wraps_at_any_width_with_a_wide_font(host_page, artifacts, language):
    """Issue 31: on a fresh machine a label of the editor was cut off at a 520 px page, with
    the fonts that machine had. With the bundled fonts (the same on every machine) made a fifth
    wider, at 320, 520 and 800 px, in each language: every label, help line, error, list and
    the editor itself show all their text (each scrollWidth within its box, nothing past the
    editor's edge, no list narrower than a choice it cannot wrap)."""
    page = host_page
    page.set_content(
        '<!doctype html><html><head><meta charset="utf-8"></head>'
        '<body style="margin:0"><div id="host" style="padding:8px"></div></body></html>'
    )
    page.add_style_tag(content=(STATIC / "editor.css").read_text(encoding="utf-8"))
    page.add_style_tag(content=WIDE_FONT)
    page.evaluate(
        MOUNT, [(STATIC / "editor.js").read_text(encoding="utf-8"), editor_state(language)]
    )
    editor = page.locator(".borsen-editor")
    editor.wait_for()
    assert page.locator(".borsen-editor-error").filter(has_text="1.5").count() == 1
    assert page.locator(".borsen-editor-code").first.text_content() == "players"
    for width in (320, 520, 800):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(100)
        assert editor.evaluate(CUT_OFF) == [], (language, width)
        assert editor.bounding_box()["width"] <= width - 16 + 0.5
        if width == 320:
            screenshot(page, editor, artifacts / f"rules-editor-320-wide-font-{language}.png")


def test_the_browser_draws_with_the_bundled_fonts_only(host_page):
    """The browser tests' Chromium sees only tests/browser/fonts (harness.fixed_fonts_env), so a
    page lays out the same on every machine: the families the pages ask for (JupyterLab's
    system-ui, the widget's monospace and Georgia) and fonts this machine may have installed
    (Liberation Sans comes with Debian's Chromium) all draw with a bundled font."""
    page = host_page
    families = ["system-ui", "sans-serif", "Arial", "Liberation Sans", "monospace", "Georgia"]
    page.set_content(
        "".join(f'<p style="font-family: {f}">Børsen ♠♥♣♦ æøå 1/2</p>' for f in families)
    )
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    nodes = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "p"})["nodeIds"]
    used = [
        {f["familyName"] for f in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": n})["fonts"]}
        for n in nodes
    ]
    assert used == [{"DejaVu Sans"}] * 4 + [{"DejaVu Sans Mono"}, {"DejaVu Serif"}], used
    bundled = {path.name for path in FONTS.glob("*.ttf")}
    assert set(FONT_FAMILIES) == {"DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif"}
    assert {"DejaVuSans.ttf", "DejaVuSansMono.ttf", "DejaVuSerif.ttf"} <= bundled
    assert (FONTS / "LICENSE").is_file()
