"""Dependencies point one way: the engine imports neither ``ai`` nor the client; ``ai`` never imports the client."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Command-line applications, like the client: maptool.py opens the map editor window (lazily) in GUI mode.
APP_LAYER = {"cli.py", "__main__.py", "maptool.py"}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_engine_imports_neither_ai_nor_client() -> None:
    engine = [p for p in (ROOT / "japanese_swords").glob("*.py") if p.name not in APP_LAYER]
    assert len(engine) >= 10
    for path in engine:
        bad = {n for n in _imports(path) if n == "ai" or n.startswith(("ai.", "japanese_swords.client", "arcade"))}
        assert not bad, f"{path.name} imports {bad}"


def test_ai_does_not_import_the_client() -> None:
    for path in (ROOT / "ai").rglob("*.py"):
        bad = {n for n in _imports(path) if n.startswith(("japanese_swords.client", "arcade"))}
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
