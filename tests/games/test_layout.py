"""The shape of the games app (issue: games/ by concern): its modules import each other
without a cycle, and none grows past what a newcomer reads in one sitting.

The import graph is read from the source with `ast`, every import statement included —
also those inside functions, where a cycle usually hides — so a cycle cannot pass by
being imported lazily.
"""

from __future__ import annotations

import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parents[2] / "games"
MAX_LINES = 500


def module_name(path: Path) -> str:
    parts = path.relative_to(GAMES.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def games_modules() -> dict[str, Path]:
    return {module_name(path): path for path in GAMES.rglob("*.py")
            if "migrations" not in path.parts}


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The games modules `path` imports, `from games.x import y` naming games.x.y when y is
    a module and games.x otherwise."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                found.add(child if child in known else node.module)
    return {name for name in found if name in known}


def import_graph() -> dict[str, set[str]]:
    modules = games_modules()
    known = set(modules)
    # A package's own __init__ importing its submodules is how a package is made, not a
    # cycle: a submodule importing its parent package is what would close one.
    return {name: {target for target in imports_of(path, known)
                   if not target.startswith(name + ".")}
            for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module, or a module importing
    itself (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph[node]:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_inside_games():
    graph = import_graph()
    assert "games.live.services.rounds" in graph  # the walk found the packages
    assert cycles(graph) == []


def test_no_games_module_is_over_500_lines():
    long = {name: lines for name, path in games_modules().items()
            if (lines := len(path.read_text().splitlines())) > MAX_LINES}
    assert long == {}
