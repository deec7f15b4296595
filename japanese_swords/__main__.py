"""``python -m japanese_swords`` runs the command line."""

import sys

from japanese_swords.app.cli import main

sys.exit(main())
