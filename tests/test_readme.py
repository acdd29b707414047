"""What a fresh machine needs before the README's two commands: every package .ci/run installs on one before it runs
the README's test command is named there."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_names_every_package_a_fresh_machine_needs_for_its_commands():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    packages = {p for group in re.findall(r"need\+=\(([^)]*)\)", ci) for p in group.split()}
    assert {"python3-venv", "chromium", "npm"} <= packages
    assert [p for p in sorted(packages) if f"`{p}`" not in README] == []
    assert "Python 3.11 or newer" in README and "/usr/bin/chromium" in README
