"""End-to-end: the documentation site (build/docs/site) in a real Chromium that can reach
nothing but the site, served by a static server on 127.0.0.1.

- Every page of the three languages, found by following every internal ``<a href>`` from the
  three front pages, loads with no console error, no failed request and no broken internal
  link (the target exists, and so does the part of the page a ``#fragment`` names).
- The language switch of every page goes to the same page in the other languages; on one page
  it is clicked.
- The front page's play button reaches a playable game: the play page's Draw button draws.
- A lesson's open button reaches the offline lab with that lesson open.

The Playwright session runs in a thread of its own (as tests/browser/test_lite.py's), so it
never meets the session-wide one of the JupyterLab tests.
"""

from __future__ import annotations

import re
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import urldefrag, urlsplit

import pytest
from docs_support import LANGUAGES, PLAY_SCRIPT
from lite_support import StaticServer, ThreadedBrowser, chromium_or_skip

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Apps of their own, copied into the site: a link into them is checked, not crawled.
APPS = ("/lite/", "/play/")
DRAW = ".borsen-actions button[data-intent=draw]"
LESSON_OPEN = """() => {
  const app = window.jupyterapp;
  const widget = app && app.shell.currentWidget;
  return widget && widget.context ? widget.context.path : null;
}"""


class DocsServer(StaticServer):
    READY_PATH = "/index.html"


class Anchors(HTMLParser):
    """The ids (and old-style names) a page holds, for its links' fragments."""

    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("id", "name") and value:
                self.ids.add(value)


class Visitor(ThreadedBrowser):
    """A visitor of the site: every console error, failed request and error answer of the
    pages it opens, in ``problems``."""

    name = "documentation's browser session"

    def __init__(self, chromium: str):
        super().__init__(chromium)
        self.problems: list[str] = []

    def run(self, drive, timeout: float = 600):
        return super().run(drive, timeout)

    def page_in(self, browser):
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"pageerror: {error}"))
        page.on("requestfailed", self._failed)
        page.on(
            "response",
            lambda r: r.status >= 400 and self.problems.append(f"{r.status}: {r.url}"),
        )
        return page

    def _failed(self, request) -> None:
        # A request the browser cancelled because the test went on to the next page (the
        # favicon, still loading) is not the page's fault; a missing file answers 404 (seen
        # by "response"), and one blocked outside the site fails with another error.
        if request.failure != "net::ERR_ABORTED":
            self.problems.append(f"failed: {request.url} ({request.failure})")

    def _console(self, message) -> None:
        if message.type == "error":
            self.problems.append(f"console: {message.text[:300]} ({message.location})")


@pytest.fixture(scope="module")
def chromium() -> str:
    return chromium_or_skip()


@pytest.fixture(scope="module")
def server(chromium, docs_site, tmp_path_factory):
    static = DocsServer(docs_site, tmp_path_factory.mktemp("docs") / "http.log").start()
    yield static
    static.stop()


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            kind = answer.headers.get("Content-Type", "")
            body = answer.read().decode("utf-8") if "html" in kind else ""
            return answer.status, body
    except HTTPError as error:
        return error.code, ""


def language_of(path: str) -> tuple[str, str] | None:
    """``/nb/lessons/play.html`` → ("nb", "lessons/play.html"); None outside the three sites."""
    found = re.fullmatch(r"/(nb|nn|en)/(.*)", path)
    return (found.group(1), found.group(2)) if found else None


def test_every_page_loads_cleanly_links_and_switches_language(chromium, server):
    site = server.url
    visitor = Visitor(chromium)

    def drive(page):
        queue = [f"{site}/{language}/index.html" for language in LANGUAGES]
        seen: set[str] = set(queue)
        links: dict[str, str] = {}  # every internal link → a page it is on
        switches: dict[str, list[str]] = {}
        while queue:
            url = queue.pop(0)
            before = len(visitor.problems)
            page.goto(url, wait_until="load")
            if page.locator(".borsen-chart").count():  # the charts draw (vega-embed)
                page.wait_for_function(
                    "() => [...document.querySelectorAll('.borsen-chart')]"
                    ".every((c) => c.querySelector('svg'))"
                )
            visitor.problems[before:] = [f"{p} on {url}" for p in visitor.problems[before:]]
            switches[url] = page.eval_on_selector_all(
                ".bd-header .borsen-language-switch a", "(as) => as.map((a) => a.href)"
            )
            for href in page.eval_on_selector_all("a[href]", "(as) => as.map((a) => a.href)"):
                if urlsplit(href).netloc != urlsplit(site).netloc:
                    continue  # another site: a link, not ours to check
                links.setdefault(href, url)
                target = urldefrag(href)[0]
                path = urlsplit(target).path
                if language_of(path) and path.endswith(".html") and target not in seen:
                    seen.add(target)
                    queue.append(target)
        return seen, links, switches

    seen, links, switches = visitor.run(drive)
    assert not visitor.problems, "\n".join(visitor.problems[:40])
    assert len(seen) >= 3 * 20, sorted(seen)  # every page of the three languages

    # No broken internal link: the page exists, and the fragment it names is on it.
    broken, targets = [], {}
    for href, where in sorted(links.items()):
        target, fragment = urldefrag(href)
        if target not in targets:
            status, body = fetch(target)
            anchors = Anchors()
            if not any(app in target for app in APPS):
                anchors.feed(body)
            targets[target] = status, anchors.ids
        status, ids = targets[target]
        if status != 200:
            broken.append(f"{href} ({status}) on {where}")
        elif fragment and ids and fragment not in ids:
            broken.append(f"{href} (no #{fragment}) on {where}")
    assert not broken, "\n".join(broken[:40])

    # The switch of every page goes to the same page in each other language.
    for url, hrefs in switches.items():
        here = language_of(urlsplit(url).path)
        assert here, url
        expected = {f"{site}/{code}/{here[1]}" for code in LANGUAGES if code != here[0]}
        assert set(hrefs) == expected, url


def test_the_language_switch_goes_to_the_same_page(chromium, server):
    def drive(page):
        page.goto(f"{server.url}/nb/guide.html")
        page.locator(".bd-header .borsen-language-switch a[hreflang=nn]").first.click()
        page.wait_for_url(f"{server.url}/nn/guide.html")
        nynorsk = page.evaluate("document.documentElement.lang"), page.locator("h1").inner_text()
        page.locator(".bd-header .borsen-language-switch a[hreflang=en]").first.click()
        page.wait_for_url(f"{server.url}/en/guide.html")
        return nynorsk, page.locator("h1").inner_text()

    (language, title), english = Visitor(chromium).run(drive)
    assert language == "nn" and title.startswith("Lærarrettleiinga")
    assert english.startswith("The teacher's guide") or english.startswith("The teacher’s guide")


def test_the_play_button_reaches_a_playable_game(chromium, server, docs_site):
    if not PLAY_SCRIPT.exists():
        pytest.skip("scripts/build_play.py does not exist yet: no play page to reach")
    visitor = Visitor(chromium)

    def drive(page):
        page.goto(f"{server.url}/nb/index.html")
        page.get_by_role("link", name="Spill nå").click()
        page.wait_for_url(re.compile(r"/play/(index\.html)?(\?.*)?$"))
        draw = page.locator(DRAW)
        draw.wait_for(state="visible", timeout=60_000)
        page.wait_for_function(f"() => !document.querySelector('{DRAW}').disabled")
        version = page.evaluate("Number(document.querySelector('.borsen').dataset.version)")
        draw.click()
        page.wait_for_function(
            "(v) => Number(document.querySelector('.borsen').dataset.version) > v", arg=version
        )
        return page.locator(".borsen-pile .borsen-card").count()

    assert visitor.run(drive) >= 1  # the card drawn lies on the pile (or passed it on)
    assert not visitor.problems, visitor.problems


def test_a_lessons_open_button_opens_it_in_the_offline_lab(chromium, server, docs_site):
    assert (Path(docs_site) / "lite" / "lab" / "index.html").exists(), "the offline site"
    visitor = Visitor(chromium)

    def drive(page):
        page.goto(f"{server.url}/nn/lessons/teaching.html")
        page.locator("a.borsen-open-lesson").click()
        page.wait_for_url(re.compile(r"/lite/lab/index\.html\?path=nn/teaching\.ipynb"))
        page.wait_for_function(LESSON_OPEN, timeout=120_000)
        return page.evaluate(LESSON_OPEN)

    assert visitor.run(drive) == "nn/teaching.ipynb"
