"""The Jupyter server's side of a class on the students' phones: a server extension
that carries the class's pages and WebSockets under the Jupyter server's own address, so a phone
reaches the lesson wherever the teacher's notebook is reached (a school's JupyterHub, Binder, a
laptop's JupyterLab), at ``<base_url>borsen/class/<token>/``.

It is enabled when the package is installed (``etc/jupyter/jupyter_server_config.d/
borsen_widget.json``); ``jupyter server extension list`` shows it. Nothing here runs in a kernel:
the class itself lives in the notebook's kernel (:mod:`borsen_widget.classroom`), and
:mod:`~borsen_widget.server.relay` forwards a phone's requests to it, for the classes that this
server's own kernels opened and nothing else.
"""

from __future__ import annotations

__all__: list[str] = []


def _jupyter_server_extension_points() -> list[dict]:
    """Jupyter server's entry point: this module is the extension."""
    return [{"module": "borsen_widget.server"}]


def _load_jupyter_server_extension(serverapp) -> None:
    """Add the class's routes to a starting Jupyter server (tornado is imported only here)."""
    from .relay import load

    load(serverapp)
