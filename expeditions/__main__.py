"""``python -m expeditions learn|play|explore|notebooks``: the ``expeditions`` command (``expeditions.apps.cli``)."""

import sys

from .apps.cli import main

sys.exit(main())
