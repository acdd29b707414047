"""One way to write a keyword: its rule is a hook or a flag on its :class:`engine.cards.keywords.Keyword` record, and
the shared engine code asks those generically (docs/architecture.md "Hooks"). A static scan of the engine's source
finds every has-keyword test that names a keyword outside the keyword modules and the schema."""
from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import engine.effects  # noqa: F401  (registers every keyword)
from engine.cards import keywords, vocab

ENGINE = Path(__file__).resolve().parent.parent / "engine"
#: Where a keyword may be named: its own module, the per-card customs, and the schema (vocabulary, card data).
OWNERS = ("effects/keywords/", "effects/customs/", "cards/")
#: The ability language's containers: ``action`` (an activated ability's effects), ``custom`` (per-card code named
#: by handler), ``trigger`` (a triggered ability's effects): the shared code reads their parts.
CONTAINERS = frozenset({"action", "custom", "trigger"})
#: Functions whose string argument is a keyword a card is asked to have.
ASKERS = frozenset({"kws", "has", "has_kw"})


def _names(node) -> list[str]:
    """The string constants of ``node`` (itself, or the items of a tuple, list or set literal)."""
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return [i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]


def _is_kw(node) -> bool:
    """``x.get("kw")``, ``x["kw"]`` or a name ``kw``: an ability's keyword."""
    if isinstance(node, ast.Name):
        return node.id == "kw"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return _names(node.args[0]) == ["kw"] if node.args else False
    if isinstance(node, ast.Subscript):
        return _names(node.slice) == ["kw"]
    return False


def _named(node) -> list[str]:
    """The strings ``node`` tests a card's or an ability's keyword against, if it is such a test."""
    if isinstance(node, ast.Call):
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
        return [s for a in node.args for s in _names(a)] if name in ASKERS else []
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        if any(_is_kw(s) for s in sides):
            return [s for side in sides for s in _names(side)]
        if isinstance(node.ops[0], (ast.In, ast.NotIn)) and "kw" in ast.unparse(node.comparators[0]):
            return _names(node.left)  # "trigger" in aura_kws(g), "x" in meta(g, card).kws
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitAnd):
        return [s for side in (node.left, node.right) if isinstance(side, ast.Set) for s in _names(side)]
    return []


def keyword_tests(root: Path = ENGINE) -> list[str]:
    """``path:line: kw`` for each has-keyword test naming a keyword (not a container) outside :data:`OWNERS`."""
    kws = set(vocab.KW) | set(keywords.KEYWORDS)
    out = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith(OWNERS):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for s in _named(node):
                if s in kws and s not in CONTAINERS:
                    out.append(f"engine/{rel}:{node.lineno}: {s}")
    return sorted(set(out))


def test_shared_engine_code_names_no_keyword_in_a_has_keyword_test():
    assert keyword_tests() == []


def test_the_scan_finds_a_keyword_named_in_a_has_keyword_test(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "x.py").write_text(
        'def f(g, card, a):\n'
        '    return kws(g, card, "incorporeal") or a.get("kw") == "stealth" or "flight" in meta(g, card).kws\n'
        'def h(a):\n'
        '    return a["kw"] in ("diagonal_move", "action")\n', encoding="utf-8")
    assert keyword_tests(tmp_path) == ["engine/rules/x.py:2: flight", "engine/rules/x.py:2: incorporeal",
                                       "engine/rules/x.py:2: stealth", "engine/rules/x.py:4: diagonal_move"]


def test_keywords_a_rule_asks_by_flag_carry_it():
    assert "shares_cells" in keywords.KEYWORDS["incorporeal"].flags
    assert keywords.carries([{"kw": "stealth"}], "stays_hidden")
    assert not keywords.carries([{"kw": "stealth"}], "flies")


def test_every_hook_of_the_keyword_record_is_documented_in_its_docstring():
    # from the source: the compiled engine (mypyc) keeps no class docstrings
    tree = ast.parse((ENGINE / "cards" / "keywords.py").read_text(encoding="utf-8"))
    doc = next(ast.get_docstring(n) or "" for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Keyword")
    assert [f.name for f in dataclasses.fields(keywords.Keyword) if f"``{f.name}``" not in doc] == []


def test_every_hook_the_engine_asks_is_a_field_of_the_keyword_record():
    names = {f.name for f in dataclasses.fields(keywords.Keyword)}
    asked = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "hooked":
                asked.update(_names(node.args[0]) if node.args else [])
    assert asked and asked <= names, asked - names


def test_every_hook_set_names_hooks_of_the_keyword_record_and_flags_that_keywords_carry():
    import engine.rules.combat, engine.rules.declarable  # noqa: F401  (their hook sets)
    hooks = {f.name for f in dataclasses.fields(keywords.Keyword)}
    flags = {f for k in keywords.KEYWORDS.values() for f in k.flags}
    names = [n for hs in keywords._HOOK_SETS for n in hs.names]
    assert names and [n for n in names if not (n[5:] in flags if n.startswith("flag ") else n in hooks)] == []
