"""The compiled engine (issue 21 item 3): the hot engine modules compiled with mypyc, with the pure Python as the
fallback. docs/operations.md says how to build and disable it; docs/performance.md what it gains.

``python -m engine.native_build`` compiles :data:`MODULES` with mypyc (``pip install '.[native]'``; needs a C
compiler and the Python headers) into ``engine/_compiled/``, never next to the sources, and writes a manifest
there: the interpreter's extension suffix, the mypy version and the SHA-256 of every compiled module's source.
``python -m engine.native_build --status`` prints which engine a process would use.

:func:`install` (called first thing by ``engine/__init__.py``) puts a finder for the compiled modules at the head
of ``sys.meta_path`` only when every source still hashes as in the manifest. So the compiled code is all or
nothing (mypyc links the modules to each other natively), and a compiled module is never used for a source edited
since the build: a stale build is named in a :class:`RuntimeWarning` and the pure Python runs instead. No build,
another interpreter, a failed build, or ``BERSERK_PURE=1`` in the environment: the pure Python, silently.

This module is pure Python and imports nothing of the engine; it is never compiled itself.
"""
from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from pathlib import Path

#: The package directory (engine/) and the directory holding engine/ and protocol/ (the repository, or
#: site-packages for a non-editable install).
PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
#: Where the build goes (git-ignored): the extension modules under their package paths, and MANIFEST.
OUT = PACKAGE / "_compiled"
MANIFEST = OUT / "manifest.json"

#: The modules compiled, as paths relative to ROOT: the whole engine but the package ``__init__`` files (kept
#: pure so that this finder is in place before any compiled module loads), the TypedDict shapes (mypyc cannot
#: compile ``NotRequired`` under postponed annotations), the cold tools (scenario runner, self-play, catalogue)
#: and the preliminary abilities, whose functions tests replace with ``monkeypatch`` (a compiled caller in the same
#: build would call the originals natively).
EXCLUDED = {"engine/native.py", "engine/native_build.py", "engine/model/types.py",
            "engine/procedure/prelim_abilities.py", "engine/scenario.py", "engine/selfplay.py",
            "engine/catalogue.py"}
#: Any of these environment values disables the compiled modules at run time.
PURE_ENV = "BERSERK_PURE"


def modules() -> list[str]:
    """The source paths compiled (relative to :data:`ROOT`, sorted): see :data:`EXCLUDED`."""
    out = []
    for p in sorted(PACKAGE.rglob("*.py")):
        rel = p.relative_to(ROOT).as_posix()
        if p.name == "__init__.py" or rel in EXCLUDED or "/_compiled/" in rel:
            continue
        out.append(rel)
    return out


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _suffix() -> str:
    return importlib.machinery.EXTENSION_SUFFIXES[0]


#: Why this process runs the pure or the compiled engine (set by :func:`install`).
STATUS = "pure: not checked"


def check() -> tuple[bool, str]:
    """(usable, reason): whether the build in :data:`OUT` may be used by this interpreter for these sources."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return False, f"pure: {PURE_ENV}={os.environ[PURE_ENV]}"
    if not MANIFEST.exists():
        return False, "pure: not built (python -m engine.native_build)"
    try:
        man = json.loads(MANIFEST.read_text())
    except ValueError:
        return False, "pure: unreadable manifest"
    if man.get("suffix") != _suffix():
        return False, f"pure: built for {man.get('suffix')}, this interpreter loads {_suffix()}"
    stale = [rel for rel, h in man["modules"].items() if not (ROOT / rel).exists() or _digest(ROOT / rel) != h]
    if stale or sorted(man["modules"]) != modules():
        return False, ("stale: " + (", ".join(stale[:5]) or "the set of modules changed")
                       + " changed since the build (python -m engine.native_build)")
    return True, f"compiled: {len(man['modules'])} modules, mypy {man.get('mypy')}"


class _Finder:
    """A meta-path finder serving the compiled modules of the manifest from :data:`OUT` (extension modules)."""

    def __init__(self, names: set[str]) -> None:
        self.names = names

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.names:
            return None
        file = OUT / (fullname.replace(".", "/") + _suffix())
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def install() -> str:
    """Serve the compiled modules if the build is usable (:func:`check`); warn when it is stale. Idempotent.
    Returns and records in :data:`STATUS` what this process runs."""
    global STATUS
    if any(isinstance(f, _Finder) for f in sys.meta_path):
        return STATUS
    ok, STATUS = check()
    if ok:
        man = json.loads(MANIFEST.read_text())
        names = {rel[:-3].replace("/", ".") for rel in man["modules"]} | set(man["extra"])
        sys.meta_path.insert(0, _Finder(names))
    elif STATUS.startswith("stale"):
        warnings.warn(f"engine: the compiled modules are {STATUS}; running the pure Python", RuntimeWarning,
                      stacklevel=2)
    return STATUS


def compiled() -> bool:
    """True when the engine of this process is the compiled one."""
    return STATUS.startswith("compiled")
