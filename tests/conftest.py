"""Suite-wide test ordering, and the summary of the chaos suite's figures.

The browser tests (tests/e2e) drive Chromium through Playwright's sync API, whose session-scoped fixture keeps an
event loop running in the main thread; pytest-asyncio tests cannot run after it has started. So the e2e tests run
last (in each pytest-xdist worker too: scripts/test hands out whole files in this order, ``--dist loadfile
--no-loadscope-reorder``; without the latter xdist starts the files with the most tests first, the browser ones among
them, and the asyncio tests after them in that worker fail with 'Runner.run() cannot be called from a running event
loop').

The chaos tests put their figures in their reports (tests/chaos/conftest.py); they are printed at the end of the
run, whichever process ran the test.
"""

#: name of the report property that carries one chaos scenario's ``(scenario, figures)``
CHAOS_FIGURES = "chaos_figures"
_figures: list = []


#: browser test files started before the other browser files, in this order: the longest (whole games by clicks),
#: so that the pytest-xdist workers finish together instead of one waiting for another's last long file
E2E_FIRST = ("test_games_vs_computer.py", "test_every_prompt_answerable.py", "test_raw_values.py")


def _order(item) -> tuple[bool, int]:
    path = str(item.fspath).replace("\\", "/")
    name = path.rsplit("/", 1)[-1]
    if "/e2e/" not in path:
        return False, 0
    return True, E2E_FIRST.index(name) if name in E2E_FIRST else len(E2E_FIRST)


def pytest_collection_modifyitems(session, config, items):
    """Move every tests/e2e item to the end (the E2E_FIRST files first among them, in that order), keeping the
    relative order of the rest."""
    items.sort(key=_order)


def pytest_runtest_logreport(report):
    """Keep the chaos figures of a finished test (its teardown report carries them)."""
    if report.when == "teardown":
        _figures.extend(value for name, value in report.user_properties if name == CHAOS_FIGURES)


def pytest_terminal_summary(terminalreporter):
    if not _figures:
        return
    terminalreporter.section("chaos figures (docs/reliability.md)")
    for scenario, figures in _figures:
        terminalreporter.write_line(f"{scenario}: " + ", ".join(f"{k} {v}" for k, v in figures.items()))
