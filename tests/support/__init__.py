"""What the test modules of several folders share, one module per part of the package:
``support.classroom`` (phones on a class: WebSocket clients, the loop they run on, a table to
teach at) and ``support.widget`` (the no-secrets check, a comm that keeps what is sent).

A test module imports helpers from here (or from a folder's own ``*_support`` module,
``tests/helpers.py`` and the like), never from another ``test_*.py``: tests/test_test_layout.py
checks it. ``tests/conftest.py`` puts ``tests/`` on ``sys.path`` (``from support.classroom
import Client`` works in every folder) and has pytest rewrite the asserts of these modules, so
that a failed check here reads as well as one in a test.
"""
