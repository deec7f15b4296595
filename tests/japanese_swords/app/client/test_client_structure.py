"""The client's structure (issue 29, "rooms with one job"): no import circle among its modules, counting
imports under ``TYPE_CHECKING`` too; the game screen is a small view over arcade sections; no class of
the client is over 600 lines."""

from __future__ import annotations

import ast
from pathlib import Path

CLIENT = Path(__file__).resolve().parents[4] / "japanese_swords" / "app" / "client"
PACKAGE = "japanese_swords.app.client"


def _module(path: Path) -> str:
    parts = list(path.relative_to(CLIENT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def client_graph() -> dict[str, set[str]]:
    """Each client module and the client modules it imports anywhere (type-only imports included)."""
    paths = {_module(p): p for p in CLIENT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        out: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    mod = ".".join(base + ([node.module] if node.module else []))
                else:
                    mod = node.module or ""
                targets = [f"{mod}.{a.name}" for a in node.names] + [mod]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for t in targets:
                while t and t not in paths:
                    t = t.rpartition(".")[0]
                if t and t != name and t != PACKAGE:
                    out.add(t)
        graph[name] = out
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle (as a list of modules), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_import_circle_in_the_client_counting_type_only_imports():
    graph = client_graph()
    assert f"{PACKAGE}.context" in graph and f"{PACKAGE}.game_view" in graph
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_cycle_finder_finds_a_type_only_circle():
    assert find_cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_views_do_not_import_the_context():
    graph = client_graph()
    for name, imports in graph.items():
        if name.endswith("_view") or name.endswith("_section"):
            assert f"{PACKAGE}.context" not in imports, name


def test_no_class_of_the_client_is_over_600_lines_and_the_game_view_module_is_under_600():
    sizes = {}
    for path in CLIENT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                sizes[f"{path.name}:{node.name}"] = node.end_lineno - node.lineno + 1
    assert max(sizes.values()) <= 600, max(sizes.items(), key=lambda kv: kv[1])
    assert len((CLIENT / "game_view.py").read_text(encoding="utf-8").splitlines()) < 600


def test_the_game_screen_is_made_of_arcade_sections(ctx):
    import arcade

    ctx.new_game()
    view = ctx.game_view
    names = {s.name for s in view.section_manager.sections}
    assert names == {"board", "hand", "log", "panel", "dialogs"}
    assert all(isinstance(s, arcade.Section) for s in view.section_manager.sections)
