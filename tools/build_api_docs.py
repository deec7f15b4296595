"""Build the HTML API reference of ``japanese_swords`` and ``ai`` from their docstrings with pdoc
(``pip install -e '.[docs]'``)::

    python tools/build_api_docs.py                      # writes build/api/index.html (not committed)
    python tools/build_api_docs.py --out /tmp/api --modules japanese_swords.env ai.agent

Optional packages that are not installed (OpenSpiel, PettingZoo, Ray) leave their modules out with a
warning; everything else is documented.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # lets a bare checkout run it uninstalled

from japanese_swords.argtypes import OneLineParser  # noqa: E402

MODULES = ("japanese_swords", "ai")


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="build_api_docs", description="HTML API reference from the docstrings (pdoc).")
    p.add_argument("--out", default="build/api", metavar="DIR", help="output folder (default build/api)")
    p.add_argument("--modules", nargs="+", default=list(MODULES), metavar="MODULE",
                   help="modules to document with their submodules (default: japanese_swords ai)")
    return p


def submodules(names: list[str]) -> list[str]:
    """Every module under ``names`` (pdoc lists only the submodules named in a package's ``__all__``)."""
    import importlib
    import pkgutil

    found: list[str] = []
    for name in names:
        found.append(name)
        module = importlib.import_module(name)
        if hasattr(module, "__path__"):
            found += sorted(m.name for m in pkgutil.walk_packages(module.__path__, prefix=name + ".")
                            if not m.name.rsplit(".", 1)[-1].startswith("_"))
    return found


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        import pdoc
        import pdoc.render
    except ModuleNotFoundError:
        print("build_api_docs: error: needs pdoc: pip install 'japanese-swords[docs]'", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pdoc.render.configure(docformat="restructuredtext", show_source=False)
    pdoc.pdoc(*submodules(args.modules), output_directory=out)
    print(f"wrote {out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
