"""The accessibility statement (docs/<language>/accessibility.md), as Norwegian public sites
publish one (uutilsynet.no's shape): in bokmål, nynorsk and English, it names the standard
(WCAG 2.1 AA, and 2.2 AA), the status, how Børsen was tested (axe-core, its version and tags,
the pages, the colour schemes and sizes, the test file), its date, what does not yet meet the
standard (a bullet a gap, each with what to do instead, the same gaps in every language) and
how to report a barrier. And every page of each language's site, lessons and Sphinx's own pages
included, links to that language's statement from its footer (_templates/accessibility-link.html,
its words from docs/locale/*/LC_MESSAGES/sphinx.po)."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag

import pytest
from docs_support import LANGUAGES

# It needs the built site: minutes when nothing is built yet, so not in make test-fast.
pytestmark = pytest.mark.slow

STATEMENT = "accessibility.html"
#: The statement's title, which is also the footer link's words, in each language.
TITLE = {
    "nb": "Tilgjengelighetserklæring",
    "nn": "Tilgjengelegheitserklæring",
    "en": "Accessibility statement",
}
#: What each language's statement says, word for word (besides what every language says alike).
SAYS = {
    "nb": ("4. desember 2026", "delvis i samsvar", "I stedet:", "Uu-tilsynet"),
    "nn": ("4. desember 2026", "delvis i samsvar", "I staden:", "Uu-tilsynet"),
    "en": ("4 December 2026", "partially conforms", "Instead:", "Tilsynet for universell"),
}
#: What every language's statement says alike: the standard, the tools and what they ran on.
ALIKE = (
    "WCAG 2.1 AA",
    "WCAG 2.2 AA",
    "axe-core",
    "4.14.1",
    *("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"),
    "Chromium 156",
    "390 × 844",
    "tests/browser/test_accessibility.py",
)
#: The links the statement must hold: the issues, JupyterLab's own statement, the authorities.
LINKS = (
    re.compile(r"^https://github\.com/[^/]+/borsen_widget/issues$"),
    re.compile(
        r"^https://github\.com/[^/]+/borsen_widget/blob/HEAD/tests/browser/"
        r"test_accessibility\.py$"
    ),
    re.compile(r"^https://jupyterlab\.readthedocs\.io/.*accessibility\.html$"),
    re.compile(r"^https://www\.uutilsynet\.no/"),
    re.compile(r"^https://www\.diskrimineringsnemnda\.no/"),
)


class Page(HTMLParser):
    """What a built page holds that these tests read: its language, its title (soft hyphens
    aside), its links, the footer's accessibility link(s) and the gaps' bullets."""

    def __init__(self):
        super().__init__()
        self.lang = None
        self.h1 = ""
        self.links: list[str] = []
        self.footer_links: list[tuple[str, str, str | None]] = []  # href, words, aria-current
        self.gaps: list[str] = []
        self._stack: list[tuple[str, dict]] = []
        self._in_h1 = False
        self._footer_link: list | None = None
        self._gap: list[str] | None = None

    def _inside(self, tag: str, cls: str | None = None, id_: str | None = None) -> bool:
        """Whether the parser is inside a ``tag`` (of class ``cls``, with the id ``id_``)."""
        return any(
            t == tag
            and (cls is None or cls in (a.get("class") or "").split())
            and (id_ is None or a.get("id") == id_)
            for t, a in self._stack
        )

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        if tag == "h1" and not self.h1:
            self._in_h1 = True
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
            footer = self._inside("footer", "bd-footer")
            if footer and self._inside("p", "borsen-accessibility-link"):
                self._footer_link = [a["href"], "", a.get("aria-current")]
        if tag == "li" and self._inside("section", id_="not-yet-met"):
            self._gap = []
        if tag not in ("br", "img", "meta", "link", "input", "hr", "wbr", "source"):
            self._stack.append((tag, a))

    def handle_endtag(self, tag):
        for i in range(len(self._stack) - 1, -1, -1):
            if self._stack[i][0] == tag:
                del self._stack[i:]
                break
        if tag == "h1":
            self._in_h1 = False
        if tag == "a" and self._footer_link is not None:
            href, words, current = self._footer_link
            self.footer_links.append((href, " ".join(words.split()), current))
            self._footer_link = None
        if tag == "li" and self._gap is not None:
            self.gaps.append(" ".join("".join(self._gap).split()))
            self._gap = None

    def handle_data(self, data):
        if self._in_h1:
            self.h1 += data
        if self._footer_link is not None:
            self._footer_link[1] += data
        if self._gap is not None:
            self._gap.append(data)


def read(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


def text_of(path: Path) -> str:
    """The page's words, tags taken out and spaces made one (soft hyphens dropped)."""
    words = re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))
    return " ".join(html.unescape(words).replace("\xad", "").split())


def site_pages(site: Path, language: str) -> list[Path]:
    """Every HTML page of ``language``'s site: ours, the lessons, the index and the search."""
    return sorted(p for p in (site / language).rglob("*.html") if "_static" not in p.parts)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_statement_says_what_a_statement_must(docs_site, language):
    path = docs_site / language / STATEMENT
    page = read(path)
    assert page.lang == language
    assert page.h1.replace("\xad", "").replace("#", "").strip() == TITLE[language]
    text = text_of(path)
    for fact in (*ALIKE, *SAYS[language]):
        assert fact in text, (language, fact)
    for link in LINKS:
        assert any(link.search(href) for href in page.links), (language, link.pattern)
    # A placeholder of the pages' text (borsen_docs.binder_links) left as it was written.
    assert "REPOSITORY_URL" not in text and "BINDER_URL" not in text


def test_every_language_lists_the_same_gaps_each_with_what_to_do_instead(docs_site):
    """A gap closed is taken out of all three languages at once, a gap found put in all three;
    while the status says "partially", at least one is listed."""
    gaps = {language: read(docs_site / language / STATEMENT).gaps for language in LANGUAGES}
    for language, found in gaps.items():
        assert found, language  # "partially conforms": the section says what does not
        instead = SAYS[language][2]
        for gap in found:
            assert instead in gap, (language, gap[:80])
    assert len({len(found) for found in gaps.values()}) == 1, gaps
    # The same gap at the same place: the names no language translates.
    for marks in (("WCAG 2.2.1",), ("Q♥",), ("JupyterLab",), ("Vega-Lite",)):
        places = {
            language: [i for i, gap in enumerate(found) if any(m in gap for m in marks)]
            for language, found in gaps.items()
        }
        assert places["nb"] == places["nn"] == places["en"], (marks, places)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_links_to_its_languages_statement_in_its_footer(docs_site, language):
    root = docs_site / language
    statement = (root / STATEMENT).resolve()
    pages = site_pages(docs_site, language)
    assert len(pages) >= 20 and root / "lessons" / "play.html" in pages
    assert root / "genindex.html" in pages and root / "search.html" in pages
    wrong = []
    for path in pages:
        links = read(path).footer_links
        if len(links) != 1:
            wrong.append(f"{path.relative_to(docs_site)}: {len(links)} links")
            continue
        href, words, current = links[0]
        target = (path.parent / urldefrag(href)[0]).resolve()
        if target != statement or words != TITLE[language]:
            wrong.append(f"{path.relative_to(docs_site)}: {href!r} {words!r}")
        # The statement's own link says it is the page you are on; no other page's does.
        if (current == "page") != (path == root / STATEMENT):
            wrong.append(f"{path.relative_to(docs_site)}: aria-current={current!r}")
    assert not wrong, "\n".join(wrong[:20])
