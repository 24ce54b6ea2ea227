"""The options of ``w.classroom(...)``, checked before anything listens: a wrong one is a
ValueError that says what is allowed, and no server is started."""

from __future__ import annotations

from ..engine.errors import quote

__all__ = ["check_options"]


def check_options(
    *,
    host,
    port,
    address,
    max_students,
    max_pages_per_address,
    record,
    resume,
    leaderboard,
    via=None,
) -> None:
    """Raise ValueError for an option of the class that cannot be."""
    if max_pages_per_address is not None and (
        isinstance(max_pages_per_address, bool)
        or not isinstance(max_pages_per_address, int)
        or not 1 <= max_pages_per_address <= 1000
    ):
        raise ValueError(
            "max_pages_per_address must be a whole number from 1 to 1000, or None for no "
            "limit (a class where every page comes from one address), not "
            f"{quote(max_pages_per_address)}"
        )
    if not isinstance(host, str) or not host:
        raise ValueError(f"host must be an address such as '127.0.0.1', not {host!r}")
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
        raise ValueError(
            f"port must be a number from 0 (any free port) to 65535, not {quote(port)}"
        )
    if isinstance(max_students, bool) or not isinstance(max_students, int):
        raise ValueError(f"max_students must be a whole number, not {quote(max_students)}")
    if not 1 <= max_students <= 1000:
        raise ValueError(f"max_students must be from 1 to 1000, not {quote(max_students)}")
    if record is not None and resume is not None:
        raise ValueError("give record= (a new lesson) or resume= (carry one on), not both")
    if not isinstance(leaderboard, bool):
        raise ValueError(f"leaderboard must be True or False, not {quote(leaderboard)}")
    if via not in (None, "jupyter", "direct"):
        raise ValueError(
            "via must be 'jupyter' (through the Jupyter server the notebook runs under), "
            f"'direct' (the class's own port) or None (choose), not {quote(via)}"
        )
    if via == "jupyter" and (host != "127.0.0.1" or port != 0 or address is not None):
        raise ValueError(
            "via='jupyter' reaches the class through the Jupyter server's own address: give "
            "host=, port= and address= only with via='direct'"
        )
    if address is not None and (not isinstance(address, str) or not address.strip()):
        raise ValueError(f"address must be the host name or address students type: {address!r}")
