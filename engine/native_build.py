"""Build the compiled engine (engine/native.py): ``python -m engine.native_build [--force] [-j N] [--status]``.

Compiles :func:`engine.native.modules` with mypyc (``pip install '.[native]'``: mypy, which ships mypyc; a C
compiler and the Python headers) in a temporary directory, then replaces ``engine/_compiled/`` with the result and
its manifest (the extension suffix, the mypy version, the SHA-256 of each compiled source, the build's seconds).
Up to date (the manifest matches the sources): nothing to do. A failed build removes the previous one, so the pure
Python runs, and exits 1 with the compiler's last lines.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from engine import native
from engine.native import OUT, PURE_ENV, ROOT, _digest, _suffix, check, modules

try:
    import mypy.version as MYPY  # the [native] extra: mypy ships mypyc
except ImportError:  # no compiler here: the pure Python runs
    MYPY = None

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


def build(force: bool = False, jobs: int = 2) -> int:
    """Compile :func:`modules` into :data:`OUT` unless the build there is up to date (or ``force``). Returns 0 on
    success, 1 when mypyc or the C compiler failed (the previous build, if any, is removed: pure Python then)."""
    ok, why = check() if os.environ.get(PURE_ENV, "") in ("", "0") else _check_ignoring_env()
    if ok and not force:
        print(f"engine.native: up to date ({why})")
        return 0
    if MYPY is None:
        print("engine.native: mypy (mypyc) is not installed (pip install '.[native]'): pure Python", file=sys.stderr)
        return 1
    mods = modules()
    digests = {rel: _digest(ROOT / rel) for rel in mods}
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
            print(f"engine.native: the build failed, the pure Python is used:\n{tail}", file=sys.stderr)
            return 1
        if any(_digest(ROOT / rel) != h for rel, h in digests.items()):
            print("engine.native: sources changed during the build; run it again", file=sys.stderr)
            return 1
        extra = sorted(p.name[: -len(_suffix())] for p in lib.glob("*" + _suffix()))  # the shared group library
        man = {"suffix": _suffix(), "mypy": MYPY.__version__, "modules": digests, "extra": extra,
               "seconds": round(time.monotonic() - t0, 1)}
        (lib / "manifest.json").write_text(json.dumps(man, indent=1, sort_keys=True))
        shutil.rmtree(OUT, ignore_errors=True)
        shutil.copytree(lib, OUT)
    print(f"engine.native: compiled {len(mods)} modules in {man['seconds']} s into {OUT}")
    return 0


def _check_ignoring_env() -> tuple[bool, str]:
    saved = os.environ.pop(PURE_ENV)
    try:
        return check()
    finally:
        os.environ[PURE_ENV] = saved


def main(argv: list[str] | None = None) -> int:
    """``python -m engine.native_build [--force] [-j N] [--status]``."""
    ap = argparse.ArgumentParser(prog="python -m engine.native_build", description=__doc__.split("\n\n")[0])
    ap.add_argument("--force", action="store_true", help="rebuild even when the build is up to date")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="parallel C compiler jobs (default 2)")
    ap.add_argument("--status", action="store_true", help="print whether this process runs the compiled engine")
    a = ap.parse_args(argv)
    if a.status:
        print(native.STATUS)
        return 0
    return build(a.force, a.jobs)




if __name__ == "__main__":
    sys.exit(main())
