"""Tests that replace an engine function or method with a spy: a compiled engine calls it natively, past the spy,
so there such a test runs again in a pure-Python subprocess (``BERSERK_PURE=1``) and passes when it passes there."""
from __future__ import annotations

import functools
import os
import subprocess
import sys


def in_pure_python(compiled: bool):
    """Decorator for a test whose spy a compiled engine would bypass; ``compiled``: whether the spied code is
    compiled in this process (read before any spy replaces it). Raises AssertionError with the subprocess's output
    when the test fails there."""
    def wrap(test):
        @functools.wraps(test)
        def run(*args, **kwargs):
            if not compiled:
                return test(*args, **kwargs)
            here = f"{test.__code__.co_filename}::{test.__name__}"
            sub = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", here],
                                 env={**os.environ, "BERSERK_PURE": "1"}, capture_output=True, text=True,
                                 timeout=600)
            assert sub.returncode == 0, sub.stdout[-3000:]
        return run
    return wrap
