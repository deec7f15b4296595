"""Map tool: ``--check [--strict] FILE...``, ``--generate --players N --seed S [-o OUT]``; editor later.

A thin wrapper around :func:`japanese_swords.app.maptool.main` so the logic stays importable and tested.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # lets a bare checkout run it uninstalled

from japanese_swords.app.maptool import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
