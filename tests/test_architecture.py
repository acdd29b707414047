"""The engine's structure (docs/architecture.md): no module imports, directly or through a chain, a module that
imports it back, and imports are at the top of a module (so its import list tells what it uses). The layers
themselves are checked by lint-imports (pyproject.toml, run by scripts/test)."""
from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def _modules() -> dict[str, ast.Module]:
    out = {}
    for p in ENGINE.rglob("*.py"):
        parts = p.relative_to(ENGINE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = ast.parse(p.read_text(encoding="utf-8"))
    return out


def _imports(name: str, tree: ast.Module, known: set[str], is_pkg: bool) -> set[str]:
    """Every engine module ``name`` imports anywhere (top level or inside functions)."""
    pkg = name if is_pkg else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            cands = [mod] + [f"{mod}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            cands = [a.name for a in node.names]
        else:
            continue
        out.update(c for c in cands if c in known and c != name)
    return out


def test_no_engine_module_imports_a_module_that_imports_it_back():
    mods = _modules()
    known = set(mods)
    pkgs = {n for n in mods if (ENGINE.parent / n.replace(".", "/") / "__init__.py").exists()}
    edges = {n: _imports(n, t, known, n in pkgs) for n, t in mods.items()}
    # a package's __init__ importing its own submodules is not a cycle back to the package's importers
    cyclic = []
    for start in edges:
        seen, stack = set(), [w for w in edges[start] if not w.startswith(start + ".")]
        while stack:
            v = stack.pop()
            if v == start:
                cyclic.append(start)
                break
            if v in seen:
                continue
            seen.add(v)
            stack.extend(w for w in edges[v] if not (w.startswith(v + ".") and v in pkgs))
    assert cyclic == []


def test_engine_modules_import_at_the_top_only():
    local = []
    for name, tree in _modules().items():
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                local += [f"{name}:{n.lineno}" for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert local == []
