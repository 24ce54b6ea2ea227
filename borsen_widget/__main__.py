"""``python -m borsen_widget simulate ...``: the command line (see :mod:`borsen_widget.sim.cli`)."""

import sys

from .sim.cli import main

if __name__ == "__main__":
    sys.exit(main())
