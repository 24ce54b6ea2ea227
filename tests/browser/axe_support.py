"""axe-core in the browser tests: WCAG 2.1 AA and 2.2 AA on a page or a part of it, in both
colour schemes and at a phone's and a laptop's size (tests/browser/test_accessibility.py, the
play page's and the notebook's tests).

axe-core is the npm package's build (``js/node_modules``, installed by ``make test``); it is
evaluated through the DevTools protocol, which a page's Content Security Policy does not
govern, so the page is tested as it is served.
"""

from __future__ import annotations

import json
import time

from harness import REPO

__all__ = [
    "AXE_VERSION",
    "LAPTOP",
    "PHONE",
    "SCHEMES",
    "TAGS",
    "axe_check",
    "browser_scheme",
    "lab_theme",
]

AXE = REPO / "js" / "node_modules" / "axe-core" / "axe.min.js"
AXE_VERSION = json.loads((AXE.parent / "package.json").read_text(encoding="utf-8"))["version"]
#: WCAG 2.0, 2.1 and 2.2 at levels A and AA (2.2 adds only AA criteria axe tags wcag22aa).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
SCHEMES = ("light", "dark")
#: The results axe may leave undecided, by rule and the element (a part of its selector), and
#: why each is no failure or is checked otherwise.
INCOMPLETE = (
    # The notice's close button shows the symbol ×, not a word: 2.5.3 asks that a visible
    # text label be in the name, and a symbol is none; its name says what it does.
    ("label-content-name-mismatch", ".borsen-notice-close"),
    # Text on the table's felt, a gradient: UNDECIDED_CONTRAST checks it against both ends.
    ("color-contrast", ".borsen-deck-caption"),
    ("color-contrast", ".borsen-empty-pile"),
    # An SVG chart's text, which axe does not look through: UNDECIDED_CONTRAST checks its
    # fill against the page behind the chart.
    ("color-contrast", "text["),
    ("color-contrast", ".borsen-chart-"),
    # An event's line in the log, where the log scrolls (partly covered by its edge): its text
    # is checked against the log's background by UNDECIDED_CONTRAST.
    ("color-contrast", ".borsen-ev-text"),
    # An event's icon (aria-hidden, beside the event's words) and the panel's ✓ under each rank
    # the pile accepts (its chart is named in words) are symbols, not text: checked as
    # graphics (3:1, WCAG 1.4.11) by UNDECIDED_CONTRAST.
    ("color-contrast", ".borsen-ev-icon"),
    ("color-contrast", ".borsen-bar-mark"),
)
#: The contrast of what axe leaves undecided (INCOMPLETE): ``[what, ratio, needed]`` for each
#: such element on the page. Text on the felt against both ends of its gradient (colours
#: resolved by the browser from a probe element with the same background); a chart's text by
#: its fill; an event's icon against what is behind it.
UNDECIDED_CONTRAST = """() => {
  const parse = (c) => { const srgb = c.startsWith('color(srgb');
    const m = c.match(/[\\d.]+/g).map(Number); const k = srgb ? 255 : 1;
    return {r: m[0] * k, g: m[1] * k, b: m[2] * k, a: m.length > 3 ? m[3] : 1}; };
  const lum = ({r, g, b}) => { const f = (v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const over = (fg, bg) => ({r: fg.r * fg.a + bg.r * (1 - fg.a),
    g: fg.g * fg.a + bg.g * (1 - fg.a), b: fg.b * fg.a + bg.b * (1 - fg.a)});
  const ratio = (fg, bg) => { const [hi, lo] = [lum(over(fg, bg)), lum(bg)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05); };
  const behind = (el) => { let node = el.parentElement;
    while (node) { const c = parse(getComputedStyle(node).backgroundColor);
      if (c.a > 0.5) return c; node = node.parentElement; }
    return {r: 255, g: 255, b: 255, a: 1}; };
  const shown = (el) => el.getClientRects().length > 0;
  const out = [];
  for (const table of document.querySelectorAll('.borsen-table')) {
    const probe = (bg) => { const d = document.createElement('div'); d.style.background = bg;
      table.appendChild(d); const c = parse(getComputedStyle(d).backgroundColor); d.remove();
      return c; };
    const ends = [probe('var(--borsen-felt)'),
                  probe('color-mix(in srgb, var(--borsen-felt) 88%, #fff 12%)')];
    for (const el of table.querySelectorAll('.borsen-deck-caption, .borsen-empty-pile')) {
      if (!shown(el)) continue;
      const fg = parse(getComputedStyle(el).color);
      out.push([el.className, Math.min(...ends.map((e) => ratio(fg, e))), 4.5]);
    }
  }
  for (const el of document.querySelectorAll('svg text')) {
    if (shown(el)) out.push(['chart: ' + el.textContent,
                             ratio(parse(getComputedStyle(el).fill), behind(el)), 4.5]);
  }
  for (const el of document.querySelectorAll('.borsen-ev-text')) {
    if (shown(el)) out.push(['event: ' + el.textContent,
                             ratio(parse(getComputedStyle(el).color), behind(el)), 4.5]);
  }
  for (const el of document.querySelectorAll('.borsen-ev-icon, .borsen-bar-mark')) {
    if (shown(el)) out.push(['icon ' + el.parentElement.className,
                             ratio(parse(getComputedStyle(el).color), behind(el)), 3]);
  }
  return out;
}"""
# Every animation that ends has ended (the "● ● ●" of a bot thinking loops forever).
ANIMATIONS_DONE = """() => document.getAnimations().every((a) =>
  a.playState !== 'running' || a.effect.getComputedTiming().iterations === Infinity)"""
RUN_AXE = """async ([tags, scope]) => {
  const where = scope ? document.querySelector(scope) : document;
  const result = await axe.run(where, {runOnly: {type: 'tag', values: tags},
                                       resultTypes: ['violations', 'incomplete']});
  const pick = (r) => ({id: r.id, impact: r.impact, help: r.help,
    nodes: r.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary}))});
  return {violations: result.violations.map(pick), incomplete: result.incomplete.map(pick),
          version: axe.version};
}"""


def _explained(rule: str, target: str) -> bool:
    return any(rule == r and t in target for r, t in INCOMPLETE)


def _settle(page, timeout: float = 5) -> None:
    """Wait for the page's finite animations to end: axe sees through a panel still fading
    in. (Polled by evaluate, which a page's Content Security Policy does not govern, unlike
    Playwright's wait_for_function.)"""
    deadline = time.monotonic() + timeout
    while not page.evaluate(ANIMATIONS_DONE):
        assert time.monotonic() < deadline, f"animations still running after {timeout} s"
        page.wait_for_timeout(50)


def browser_scheme(page, scheme: str) -> None:
    """The colour scheme the page's CSS reads (prefers-color-scheme)."""
    page.emulate_media(color_scheme=scheme)


def lab_theme(page, scheme: str) -> None:
    """JupyterLab's own theme, which its widgets' colours follow: Light or Dark."""
    theme = "JupyterLab Dark" if scheme == "dark" else "JupyterLab Light"
    page.evaluate(
        "(t) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme
    )
    light = "false" if scheme == "dark" else "true"
    page.wait_for_function("(l) => document.body.dataset.jpThemeLight === l", arg=light)
    page.wait_for_timeout(300)  # the theme's CSS applies


def axe_check(
    page, where: str, scope: str | None = None, sizes=(PHONE, LAPTOP), scheme=browser_scheme
) -> None:
    """axe-core on ``page`` (or the element ``scope`` selects) in both colour schemes (set by
    ``scheme``: the browser's, or JupyterLab's theme) at each of ``sizes``: no violation,
    nothing undecided that ``INCOMPLETE`` does not explain, and what it explains in contrast
    (``UNDECIDED_CONTRAST``). The page's size and light scheme are put back after."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate("() => {\n" + AXE.read_text(encoding="utf-8") + "\n}")
    size = page.viewport_size
    try:
        for name in SCHEMES:
            scheme(page, name)
            for viewport in sizes:
                page.set_viewport_size(viewport)
                _settle(page)
                found = page.evaluate(RUN_AXE, [TAGS, scope])
                at = f"{where}, {name}, {viewport['width']} px"
                assert found["version"] == AXE_VERSION, found["version"]
                violations = json.dumps(found["violations"], indent=1, ensure_ascii=False)
                assert found["violations"] == [], f"{at}: {violations}"
                undecided = [
                    {**r, "nodes": [n for n in r["nodes"] if not _explained(r["id"], n["target"])]}
                    for r in found["incomplete"]
                ]
                undecided = [r for r in undecided if r["nodes"]]
                shown = json.dumps(undecided, indent=1, ensure_ascii=False)
                assert undecided == [], f"{at}: undecided {shown}"
                low = [x for x in page.evaluate(UNDECIDED_CONTRAST) if x[1] < x[2]]
                assert low == [], f"{at}: what axe left undecided lacks contrast: {low}"
    finally:
        scheme(page, "light")
        page.set_viewport_size(size)
