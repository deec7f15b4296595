"""The AI's modules import one another without a circle, counting imports that only run for type checkers
(``if TYPE_CHECKING:``) and imports inside functions: each is a dependency a reader follows."""

from __future__ import annotations

import ast

from tests.import_graph import ROOT, cycles, module_name


def _every_import(tree: ast.AST, modules: set[str]) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for a in node.names:  # ``from package import module`` depends on the module only
                sub = f"{node.module}.{a.name}"
                out.add(sub if sub in modules else node.module)
    out &= modules
    return out


def test_the_ai_package_has_no_import_circle_type_checking_imports_included() -> None:
    paths = list((ROOT / "ai").rglob("*.py"))
    modules = {module_name(p) for p in paths}
    graph = {module_name(p): _every_import(ast.parse(p.read_text(encoding="utf-8")), modules) - {module_name(p)}
             for p in paths}
    found = cycles(graph)
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_circle_check_sees_a_type_checking_import(tmp_path) -> None:
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ai.greedy import GreedyPolicy\n")
    assert _every_import(tree, {"ai.greedy"}) == {"ai.greedy"}
