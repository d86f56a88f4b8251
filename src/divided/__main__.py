"""``python -m divided`` runs the ``divided`` command."""

import sys

from divided.cli.main import main

sys.exit(main())
