"""The site's own Sphinx extension: the language switch, and the lessons' outputs that MyST-NB
cannot draw on a static page by itself.

- **Language switch.** The three sites (``/nb/``, ``/nn/``, ``/en/``) have the same pages under
  the same names (scripts/build_docs.py checks it), so each page links to itself in the other
  languages: ``../nn/guide.html`` from ``nb/guide.html``. The theme shows the links
  (``_templates/language-switch.html``).
- **Charts.** The package's charts are Vega-Lite specifications
  (``application/vnd.vegalite.v5+json``: borsen_widget.sim.charts). MyST-NB has no renderer for
  them, so they are written into the page as JSON and drawn by vega-embed (``_static/
  vega-charts.js`` with Vega, Vega-Lite and vega-embed from docs/node_modules, copied into the
  site: no network), on the pages that hold a chart only.
- **Widgets.** The game widget runs in a kernel; a static page has none. Its output is shown as
  a short note in the page's language saying where it runs.
- **Binder and the repository.** ``BINDER_URL`` in a page is the one-click Binder link to the
  bokmål play notebook, and ``REPOSITORY_URL`` the repository on GitHub (its issues, a file in
  it: the accessibility statement's), both made from one setting of conf.py
  (``borsen_binder_owner``: the GitHub account that publishes the repository).
- **Accessibility statement.** Every page's footer links to its language's statement
  (``accessibility.md``: ``_templates/accessibility-link.html``, its words in
  docs/locale/*/LC_MESSAGES/sphinx.po).

MyST-NB takes renderers for other output types only from installed packages' entry points
(``myst_nb.mime_renderers``); the site is no package, so :func:`setup` adds this one beside
those (``load_mime_renders``, which MyST-NB looks up at each call).
"""

from __future__ import annotations

import html
import json
from typing import ClassVar

from docutils import nodes

VEGA_LITE = "application/vnd.vegalite.v5+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
CHART_CLASS = "borsen-chart"

#: The site's languages in the order the switch shows them; the first is the default.
LANGUAGES = {"nb": "Bokmål", "nn": "Nynorsk", "en": "English"}

#: What a widget's output says on a static page, in each language.
WIDGET_NOTE = {
    "nb": "Her viser notatboka spillet (en widget). Den virker når leksjonen kjøres: "
    "åpne den på nettsiden uten installasjon (knappen øverst) eller i JupyterLab.",
    "nn": "Her viser notatboka spelet (ein widget). Han verkar når leksjonen blir køyrd: "
    "opne han på nettsida utan installasjon (knappen øvst) eller i JupyterLab.",
    "en": "Here the notebook shows the game (a widget). It works when the lesson runs: "
    "open it on the offline page (the button at the top) or in JupyterLab.",
}


def page_language(renderer) -> str:
    """The language of the site being built (Sphinx's ``language``)."""
    env = getattr(renderer.renderer, "sphinx_env", None)
    language = getattr(getattr(env, "config", None), "language", None) or "en"
    return language if language in LANGUAGES else "en"


class BorsenOutputs:
    """MyST-NB's renderer protocol (``MimeRenderPlugin``) for Vega-Lite charts and widgets."""

    # Chosen over text/plain, which every one of these outputs also carries.
    mime_priority_overrides: ClassVar = [("html", VEGA_LITE, 1), ("html", WIDGET_VIEW, 2)]

    @staticmethod
    def handle_mime(renderer, data, inline) -> list[nodes.Element] | None:
        if data.mime_type == VEGA_LITE:
            spec = data.content if isinstance(data.content, dict) else json.loads(data.string)
            # Inside <script>, "</" would end the element: JSON allows "<\/" for it.
            text = json.dumps(spec, ensure_ascii=False).replace("</", "<\\/")
            markup = (
                f'<div class="{CHART_CLASS}"><script type="application/json">{text}</script></div>'
            )
            return [nodes.raw("", markup, format="html")]
        if data.mime_type == WIDGET_VIEW:
            note = html.escape(WIDGET_NOTE[page_language(renderer)])
            return [nodes.raw("", f'<p class="borsen-widget-note">{note}</p>', format="html")]
        return None


def add_output_renderer() -> None:
    from myst_nb.core import render

    builtin = render.load_mime_renders

    def load_mime_renders():
        return [*builtin(), BorsenOutputs]

    render.load_mime_renders = load_mime_renders


def language_links(app, pagename, templatename, context, doctree) -> None:
    """``borsen_languages`` for the switch, and the chart scripts on a page with a chart."""
    up = "../" * (pagename.count("/") + 1)  # from this page to the site's root
    current = app.config.language
    context["borsen_languages"] = [
        {
            "code": code,
            "name": name,
            "href": f"{up}{code}/{pagename}.html",
            "current": code == current,
        }
        for code, name in LANGUAGES.items()
    ]
    if CHART_CLASS in context.get("body", ""):
        for script in ("vega.min.js", "vega-lite.min.js", "vega-embed.min.js", "vega-charts.js"):
            app.add_js_file(script, loading_method="defer")  # in order, after the page


BINDER = (
    "https://mybinder.org/v2/gh/{owner}/borsen_widget/HEAD?urlpath=lab/tree/notebooks/nb/play.ipynb"
)
REPOSITORY = "https://github.com/{owner}/borsen_widget"


def binder_links(app, docname, source) -> None:
    """``BINDER_URL`` in a page's text becomes the Binder link and ``REPOSITORY_URL`` the
    repository's address (``REPOSITORY_URL/issues``), before the page is read."""
    owner = app.config.borsen_binder_owner
    text = source[0].replace("BINDER_URL", BINDER.format(owner=owner))
    source[0] = text.replace("REPOSITORY_URL", REPOSITORY.format(owner=owner))


#: The theme's words that are options, not messages of its catalogue: the search field's
#: placeholder and the header's menu of the pages that do not fit.
THEME_WORDS = {
    "nb": {"search_bar_text": "Søk i sidene …", "header_dropdown_text": "Mer"},
    "nn": {"search_bar_text": "Søk i sidene …", "header_dropdown_text": "Meir"},
    "en": {"search_bar_text": "Search the pages …", "header_dropdown_text": "More"},
}


def theme_words(app, config) -> None:
    options = dict(config.html_theme_options)
    options.update(THEME_WORDS.get(config.language, THEME_WORDS["en"]))
    config.html_theme_options = options
    if config.language in ("nb", "nn"):
        # Sphinx's search knows Norwegian as "no" (its stemmer and stop words), not nb or nn.
        config.html_search_language = "no"


def setup(app):
    app.add_config_value("borsen_binder_owner", "OWNER", "env")
    app.connect("config-inited", theme_words)
    app.connect("source-read", binder_links)
    add_output_renderer()
    app.connect("html-page-context", language_links)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
