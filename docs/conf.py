"""Sphinx configuration of the documentation site, shared by its three languages.

``scripts/build_docs.py`` runs Sphinx once per language on a staged copy of ``docs/<language>/``
(with the English reference pages of ``docs/shared/`` and the lessons of ``notebooks/``) and
passes ``-D language=nb|nn|en``; see docs/README.md for the layout and why this stack.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(ROOT))  # autodoc imports the package from the checkout

import borsen_widget  # noqa: E402

project = "Børsen"
author = "The borsen_widget team"
copyright = "2026, the borsen_widget team"
release = borsen_widget.__version__
version = release

language = "nb"  # each build passes -D language=...

# PLACEHOLDER: the GitHub account that publishes the repository, for the Binder links of the
# pages (BINDER_URL in a page) and the links to the repository and its issues (REPOSITORY_URL;
# docs/_ext/borsen_docs.py). Set it when the repository is public.
borsen_binder_owner = "OWNER"

extensions = [
    "myst_nb",
    "sphinx_design",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "borsen_docs",
]

exclude_patterns = ["_build", "**.ipynb_checkpoints"]
templates_path = [str(HERE / "_templates")]
html_static_path = [str(HERE / "_static")]
# The Vega scripts copied from docs/node_modules by the build (charts on static pages).
if os.environ.get("BORSEN_DOCS_VEGA"):
    html_static_path.append(os.environ["BORSEN_DOCS_VEGA"])
html_css_files = ["borsen.css"]
html_favicon = str(HERE / "_static" / "favicon.svg")
# MathJax from the site itself (copied from docs/node_modules), not from a CDN.
mathjax_path = "tex-svg-full.js"

html_theme = "pydata_sphinx_theme"
html_title = "Børsen"
html_theme_options = {
    "navbar_end": ["language-switch", "theme-switcher"],
    "navbar_persistent": ["search-button"],
    "header_links_before_dropdown": 4,
    "secondary_sidebar_items": ["page-toc"],
    "show_toc_level": 2,
    "footer_start": ["copyright"],
    # The accessibility statement of the page's language, on every page (_templates/).
    "footer_end": ["accessibility-link"],
}
# The theme's and Sphinx's own words in bokmål and nynorsk (docs/locale/*/LC_MESSAGES/sphinx.po;
# Sphinx compiles them): the theme has no Norwegian, and Sphinx no nynorsk.
locale_dirs = [str(HERE / "locale")]
html_sidebars = {"index": []}
html_context = {"default_mode": "auto"}
html_show_sourcelink = False
html_copy_source = False
html_last_updated_fmt = None

# --- MyST and the notebooks ----------------------------------------------------------------
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence", "deflist"]
myst_heading_anchors = 3
# Executed when the site is built (the lessons keep no outputs in the repository), cached in
# build/cache/docs/<language> (jupyter-cache: a notebook runs again when its code changes; the
# build empties the cache when the package changes),
# each run in a temporary folder (the classroom lesson writes its record beside itself).
nb_execution_mode = "cache"
nb_execution_cache_path = os.environ.get("BORSEN_DOCS_CACHE", str(ROOT / "build/cache/docs"))
nb_execution_in_temp = True
nb_execution_timeout = 600
nb_execution_raise_on_error = True
nb_execution_show_tb = True
# No ipywidgets manager from a CDN: the site loads nothing from outside. The widgets' outputs
# are drawn by borsen_docs as a note with a link to the offline page, where they run.
nb_ipywidgets_js = {}
nb_merge_streams = True

# --- the API reference ---------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}
napoleon_google_docstring = False
napoleon_numpy_docstring = True
suppress_warnings = ["myst.header"]
