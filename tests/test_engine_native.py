"""The compiled engine's fallback (berserk_native.py): a stale or disabled build is never used, and
the pure Python passes the scenario files whether or not a build exists."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import berserk_native as native

ROOT = Path(__file__).resolve().parent.parent


def _run(code: str, **env) -> str:
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ, **env), capture_output=True,
                         text=True, check=True)
    return out.stdout.strip()


def test_berserk_pure_runs_the_pure_python():
    status = _run("import berserk_native, engine, engine.rules.combat as c; print(berserk_native.STATUS, c.__file__)",
                  BERSERK_PURE="1")
    assert status.startswith("pure: BERSERK_PURE=1") and status.endswith("combat.py")


def test_a_source_edited_since_the_build_makes_the_build_stale(tmp_path, monkeypatch):
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "x.py").write_text("X = 2\n")
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"suffix": native._suffix(), "mypy": "0", "extra": [],
                                    "modules": {"engine/x.py": "0" * 64}}))
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    monkeypatch.setattr(native, "ROOT", tmp_path)
    monkeypatch.setattr(native, "MANIFEST", manifest)
    ok, why = native.check()
    assert not ok and why.startswith("stale: engine/x.py")


def test_an_edited_source_the_build_reads_only_for_types_makes_it_stale(tmp_path, monkeypatch):
    # the TypedDict shapes are not compiled, but the compiled modules read their fields by the types they give
    for rel, text in (("engine/x.py", "X = 2\n"), ("engine/shapes.py", "S = 1\n"), ("protocol/diff.py", "")):
        (tmp_path / rel).parent.mkdir(exist_ok=True)
        (tmp_path / rel).write_text(text)
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    monkeypatch.setattr(native, "ROOT", tmp_path)
    monkeypatch.setattr(native, "PACKAGE", tmp_path / "engine")
    monkeypatch.setattr(native, "EXCLUDED", {"engine/shapes.py"})
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({
        "suffix": native._suffix(), "mypy": "0", "extra": [],
        "modules": {rel: native._digest(tmp_path / rel) for rel in ("engine/x.py", "protocol/diff.py")},
        "typing": {"engine/shapes.py": native._digest(tmp_path / "engine/shapes.py")}}))
    monkeypatch.setattr(native, "MANIFEST", manifest)
    assert native.check()[0]
    (tmp_path / "engine/shapes.py").write_text("S = 2\n")
    ok, why = native.check()
    assert not ok and why.startswith("stale: engine/shapes.py changed")


def test_a_build_for_another_interpreter_is_not_used(tmp_path, monkeypatch):
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"suffix": ".cpython-20-x.so", "modules": {}, "extra": []}))
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    monkeypatch.setattr(native, "MANIFEST", manifest)
    assert native.check() == (False, f"pure: built for .cpython-20-x.so, this interpreter loads {native._suffix()}")


@pytest.mark.skipif(not native.check()[0], reason="no current compiled build (python -m berserk_native build)")
def test_a_current_build_is_the_engine_loaded():
    status = _run("import berserk_native, engine, engine.rules.combat as c; print(berserk_native.STATUS, c.__file__)",
                  BERSERK_PURE="")
    assert status.startswith("compiled: ") and "_berserk_compiled" in status


def test_the_pure_python_passes_the_scenario_files():
    out = subprocess.run([sys.executable, "-m", "engine.scenario", "../shared/scenarios", "tests/scenarios"],
                         cwd=ROOT, env=dict(os.environ, BERSERK_PURE="1"), capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]


def test_a_build_that_is_up_to_date_says_so_in_a_plain_sentence(monkeypatch, capsys):
    monkeypatch.setattr(native, "check", lambda: (True, "compiled: 3 modules, mypy 2.4.1"))
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    assert native.build() == 0
    assert capsys.readouterr().out == "berserk_native: the compiled engine is up to date.\n"


def test_a_build_to_make_says_why_in_words_not_in_the_status_code(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(native, "check", lambda: (False, "pure: not built (python -m berserk_native build)"))
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    monkeypatch.setattr(native, "OUT", tmp_path / "out")                 # the failed build removes nothing real
    monkeypatch.setattr(native, "modules", lambda: [])
    monkeypatch.setattr(native, "typing_sources", lambda: [])
    monkeypatch.setattr(native.subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(a, 1, "", "no gcc"))
    assert native.build() == 1
    out = capsys.readouterr().out
    assert out == ("berserk_native: compiling the engine with mypyc, as there is no compiled engine yet; this takes a "
                   "few minutes, once.\n")
