"""Dependencies point one way and never loop: the engine imports neither ``ai`` nor the application layer
(``japanese_swords.app``: CLI, map tool, desktop client); ``ai`` never imports the application layer; no
module of either package is part of an import cycle, counting imports under ``TYPE_CHECKING``."""

from __future__ import annotations

from pathlib import Path

from tests.import_graph import ROOT, cycles, import_graph, imported_modules, module_name

APP = "japanese_swords.app"
ENGINE_EXCEPTIONS = {"japanese_swords.__main__"}  # `python -m japanese_swords` runs the CLI


def _external(path: Path) -> set[str]:
    import ast

    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_engine_imports_neither_ai_nor_the_application_layer() -> None:
    graph = import_graph()
    engine = [m for m in graph if m.startswith("japanese_swords") and not m.startswith(APP)
              and m not in ENGINE_EXCEPTIONS]
    assert len(engine) >= 10
    for m in engine:
        bad = {n for n in graph[m] if n == "ai" or n.startswith(("ai.", APP))}
        assert not bad, f"{m} imports {bad}"
    for path in (ROOT / "japanese_swords").rglob("*.py"):
        if module_name(path).startswith(APP):
            continue
        assert not {n for n in _external(path) if n.startswith("arcade")}, path


def test_ai_does_not_import_the_application_layer() -> None:
    graph = import_graph()
    for m in (m for m in graph if m == "ai" or m.startswith("ai.")):
        bad = {n for n in graph[m] if n.startswith(APP)}
        assert not bad, f"{m} imports {bad}"
    for path in (ROOT / "ai").rglob("*.py"):
        assert not {n for n in _external(path) if n.startswith("arcade")}, path


def test_no_import_cycles() -> None:
    found = cycles(import_graph())  # type-only imports count as edges too
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_engine_has_no_import_cycle_even_through_type_only_imports() -> None:
    found = [c for c in cycles(import_graph()) if any(m.startswith("japanese_swords") and not m.startswith(APP)
                                                      for m in c)]
    assert not found, found


def test_state_is_plain_data_below_the_engine() -> None:
    """state.py reaches no rules (engine, phases, trading) through any import, type-only ones included;
    the game imports no state."""
    graph = import_graph()
    reached: set[str] = set()
    todo = ["japanese_swords.state"]
    while todo:
        m = todo.pop()
        if m not in reached:
            reached.add(m)
            todo.extend(graph[m])
    rules = {m for m in reached if m in ("japanese_swords.engine", "japanese_swords.trading")
             or m.startswith("japanese_swords.phases")}
    assert not rules, rules
    assert "japanese_swords.state" not in graph["japanese_swords.game"]


def _write(root: Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_cycle_check_finds_a_cycle_through_a_function_level_import(tmp_path: Path) -> None:
    _write(tmp_path, "pkg/__init__.py", "")
    _write(tmp_path, "pkg/a.py", "from pkg import b\n")
    _write(tmp_path, "pkg/b.py", "def f():\n    from pkg.a import x\n")
    graph = import_graph(tmp_path, ("pkg",))
    assert cycles(graph) == [["pkg.a", "pkg.b"]]


def test_the_cycle_check_counts_type_only_imports(tmp_path: Path) -> None:
    _write(tmp_path, "pkg/__init__.py", "")
    _write(tmp_path, "pkg/a.py", "from pkg import c\n")
    _write(tmp_path, "pkg/c.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import a\n")
    graph = import_graph(tmp_path, ("pkg",))
    assert graph["pkg.c"] == {"pkg.a"}
    assert cycles(graph) == [["pkg.a", "pkg.c"]]


def test_relative_imports_are_resolved(tmp_path: Path) -> None:
    _write(tmp_path, "pkg/__init__.py", "")
    _write(tmp_path, "pkg/sub/__init__.py", "")
    _write(tmp_path, "pkg/sub/x.py", "from ..y import thing\nfrom . import z\n")
    _write(tmp_path, "pkg/y.py", "")
    _write(tmp_path, "pkg/sub/z.py", "")
    modules = {module_name(p, tmp_path) for p in (tmp_path / "pkg").rglob("*.py")}
    assert imported_modules(tmp_path / "pkg/sub/x.py", modules, tmp_path) == {"pkg.y", "pkg.sub.z"}
