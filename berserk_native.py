"""The compiled engine: the engine's modules and the protocol's diff compiled with mypyc, with the
pure Python as the fallback. docs/operations.md says how to build and disable it; docs/performance.md what it gains.

``python -m berserk_native build`` compiles :func:`modules` with mypyc (``pip install '.[native]'``; needs a C
compiler and the Python headers) in a temporary directory, then replaces ``_berserk_compiled/`` (beside engine/,
git-ignored; never next to the sources) with the result and its manifest: the interpreter's extension suffix, the
mypy version, the SHA-256 of every compiled module's source and of the engine's other sources (whose types the
compiled code reads: :func:`typing_sources`), the build's seconds. Up to date (the manifest matches
the sources): nothing to do. A failed build removes the previous one (so the pure Python runs) and exits 1 with the
compiler's last lines. ``python -m berserk_native status`` prints which code a process would run.

:func:`install` (called first thing by ``engine/__init__.py`` and ``protocol/__init__.py``) puts a finder for the
compiled modules at the head of ``sys.meta_path`` only when every source still hashes as in the manifest. So the
compiled code is all or nothing (mypyc links the modules to each other natively), and a compiled module is never
used for a source edited since the build: a stale build is named in a :class:`RuntimeWarning` and the pure Python
runs instead. No build, another interpreter, a failed build, or ``BERSERK_PURE=1`` in the environment: the pure
Python, silently.

This module is pure Python, imports nothing of the project and is never compiled; it is a top-level module so that
the protocol need not import the engine to find its compiled diff.
"""
from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

#: The directory holding engine/ and protocol/ (the repository, or site-packages for a non-editable install).
ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "engine"
#: Where the build goes (git-ignored): the extension modules under their package paths, and MANIFEST.
OUT = ROOT / "_berserk_compiled"
MANIFEST = OUT / "manifest.json"

#: Compiled: protocol/diff.py (the per-viewer diff the server runs for every action) and the whole engine but the
#: package ``__init__`` files (kept pure so that this finder is in place before any compiled module loads), the
#: TypedDict shapes (mypyc cannot compile ``NotRequired`` under postponed annotations), the cold tools (scenario
#: runner, self-play, catalogue), and ``engine/game.py``, the thin facade that forwards attribute reads to its
#: state (mypyc has no ``__getattr__`` in a class tests subclass). A test that replaces a compiled function with
#: ``monkeypatch`` runs in pure Python (tests/pure_python.py): a compiled caller would call the original natively.
EXCLUDED = {"engine/model/types.py", "engine/scenario.py", "engine/selfplay.py", "engine/catalogue/text.py",
            "engine/catalogue/triggers.py", "engine/game.py"}
#: Set to anything but "" or "0", this environment variable disables the compiled modules at run time.
PURE_ENV = "BERSERK_PURE"


def modules() -> list[str]:
    """The source paths compiled (relative to :data:`ROOT`, sorted): see :data:`EXCLUDED`."""
    out = ["protocol/diff.py"]
    for p in sorted(PACKAGE.rglob("*.py")):
        rel = p.relative_to(ROOT).as_posix()
        if p.name != "__init__.py" and rel not in EXCLUDED:
            out.append(rel)
    return sorted(out)


def typing_sources() -> list[str]:
    """The engine's sources read by mypyc for their types but not compiled (:data:`EXCLUDED`, the package
    ``__init__`` files; relative to :data:`ROOT`, sorted): the TypedDict shapes among them type the compiled code's
    reads, so an edit there makes the build stale as an edit of a compiled module does."""
    compiled = set(modules())
    return sorted(rel for rel in (p.relative_to(ROOT).as_posix() for p in PACKAGE.rglob("*.py"))
                  if rel not in compiled)


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
        return False, "pure: not built (python -m berserk_native build)"
    try:
        man = json.loads(MANIFEST.read_text())
    except ValueError:
        return False, "pure: unreadable manifest"
    if man.get("suffix") != _suffix():
        return False, f"pure: built for {man.get('suffix')}, this interpreter loads {_suffix()}"
    sources = {**man["modules"], **man.get("typing", {})}
    stale = [rel for rel, h in sources.items() if not (ROOT / rel).exists() or _digest(ROOT / rel) != h]
    if stale or sorted(man["modules"]) != modules() or sorted(man.get("typing", ())) != typing_sources():
        return False, ("stale: " + (", ".join(stale[:5]) + " changed" if stale else "the set of sources changed")
                       + " since the build (python -m berserk_native build)")
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
        warnings.warn(f"berserk_native: the compiled modules are {STATUS}; running the pure Python", RuntimeWarning,
                      stacklevel=2)
    return STATUS


def compiled() -> bool:
    """True when this process runs the compiled modules."""
    return STATUS.startswith("compiled")


#: mypy's configuration for the build: its checks are not this project's gate (mypy is not run on the engine), so
#: the error codes its untyped parts raise are off; what mypyc needs are true annotations (a wrong one raises
#: TypeError at run time, which the test suite on the compiled build catches).
MYPY_FLAGS = ["--ignore-missing-imports", "--follow-imports=silent"] + [f"--disable-error-code={c}" for c in (
    "arg-type", "var-annotated", "assignment", "index", "union-attr", "misc", "type-var", "call-overload",
    "attr-defined", "operator", "dict-item", "typeddict-item", "return-value", "list-item", "has-type")]

_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
mods = sys.argv[1].split(",")
sys.argv[1:2] = []
setup(name="berserk-compiled", ext_modules=mypycify(mods + {flags!r}, opt_level="3", debug_level="0",
      multi_file=True, target_dir={target!r}))
"""


def _why_build(why: str) -> str:
    """Why a build is needed, in words, from :func:`check`'s reason (which ``status`` prints as it is)."""
    if why.startswith("stale"):
        return "the engine changed since the last build"
    if why.startswith("pure: not built"):
        return "there is no compiled engine yet"
    if why.startswith("compiled"):
        return "a rebuild was asked for"
    return "the last build cannot be used by this Python"


def build(force: bool = False, jobs: int = 2) -> int:
    """Compile :func:`modules` (mypyc) into :data:`OUT` unless the build there is up to date (or ``force``). Returns 0
    on success, 1 when mypyc or the C compiler failed (the previous build, if any, is removed: pure Python then).
    Prints one plain sentence per step (stdout; failures on stderr)."""
    ok, why = check() if os.environ.get(PURE_ENV, "") in ("", "0") else _check_ignoring_env()
    if ok and not force:
        print("berserk_native: the compiled engine is up to date.")
        return 0
    try:
        import mypy.version as MYPY  # the [native] extra (mypy ships mypyc), imported only to build
    except ImportError:
        print("berserk_native: mypy (mypyc) is not installed (pip install '.[native]'): pure Python",
              file=sys.stderr)
        return 1
    mods = modules()
    digests = {rel: _digest(ROOT / rel) for rel in mods}
    typing = {rel: _digest(ROOT / rel) for rel in typing_sources()}
    print(f"berserk_native: compiling the engine with mypyc, as {_why_build(why)}; this takes a few minutes, once.",
          flush=True)
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="berserk-mypyc-") as tmp:
        lib = Path(tmp) / "lib"
        script = _SETUP.format(flags=MYPY_FLAGS, target=str(Path(tmp) / "c"))
        cmd = [sys.executable, "-c", script, ",".join(mods), "build_ext", "--build-lib", str(lib),
               "--build-temp", str(Path(tmp) / "o"), "-j", str(jobs)]
        env = dict(os.environ, MYPY_CACHE_DIR=str(Path(tmp) / "mypy_cache"))
        run = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        if run.returncode != 0 or not any(lib.glob("*__mypyc*")):
            shutil.rmtree(OUT, ignore_errors=True)
            tail = "\n".join((run.stdout + run.stderr).strip().splitlines()[-25:])
            print(f"berserk_native: the build failed, the pure Python is used:\n{tail}", file=sys.stderr)
            return 1
        if any(_digest(ROOT / rel) != h for rel, h in {**digests, **typing}.items()):
            print("berserk_native: sources changed during the build; run it again", file=sys.stderr)
            return 1
        extra = sorted(p.name[: -len(_suffix())] for p in lib.glob("*" + _suffix()))  # the shared group library
        man = {"suffix": _suffix(), "mypy": MYPY.__version__, "modules": digests, "typing": typing, "extra": extra,
               "seconds": round(time.monotonic() - t0, 1)}
        (lib / "manifest.json").write_text(json.dumps(man, indent=1, sort_keys=True))
        # swapped in by renames: a process starting meanwhile finds the old build, none, or the new one, never half
        new, old = OUT.with_name(OUT.name + ".new"), OUT.with_name(OUT.name + ".old")
        shutil.rmtree(new, ignore_errors=True)
        shutil.copytree(lib, new)
        shutil.rmtree(old, ignore_errors=True)
        if OUT.exists():
            OUT.rename(old)
        new.rename(OUT)
        shutil.rmtree(old, ignore_errors=True)
    print(f"berserk_native: the engine is compiled ({len(mods)} modules in {man['seconds']} s).")
    return 0


def _check_ignoring_env() -> tuple[bool, str]:
    saved = os.environ.pop(PURE_ENV)
    try:
        return check()
    finally:
        os.environ[PURE_ENV] = saved


def main(argv: list[str] | None = None) -> int:
    """``python -m berserk_native build [--force] [-j N] | status``."""
    import argparse
    ap = argparse.ArgumentParser(prog="python -m berserk_native", description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=["build", "status"])
    ap.add_argument("--force", action="store_true", help="rebuild even when the build is up to date")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="parallel C compiler jobs (default 2)")
    a = ap.parse_args(argv)
    if a.command == "status":
        print(check()[1])
        return 0
    return build(a.force, a.jobs)




if __name__ == "__main__":
    sys.exit(main())


if __name__ == "__main__":
    sys.exit(main())
