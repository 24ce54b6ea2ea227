"""Test ordering: the browser tests run last.

Playwright's sync API leaves its asyncio loop set as the running loop of the main thread for
the rest of the session; the widget schedules bot moves on a running loop, so Python-only
widget tests that expect "no loop: bots play at once" must run before any browser test.
"""


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: "/tests/browser/" in str(item.fspath).replace("\\", "/"))
