"""AI-strength benchmark: round-robin tournament with Elo, 95% intervals, a rating list and SPRT.

Thin wrapper; the logic lives in :mod:`ai.tournament` (see docs/benchmark.md). Example::

    python tools/benchmark_ai.py --agents random,greedy --games 40 --seed 3 --jobs 2 --max-rounds 100 \\
        --json out.json --plot elo.png
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # lets a bare checkout run it uninstalled

from ai.tournament.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
