"""Suite-wide test ordering.

The browser tests (tests/e2e) drive Chromium through Playwright's sync API, whose session-scoped fixture keeps an
event loop running in the main thread; pytest-asyncio tests cannot run after it has started. So the e2e tests run
last.
"""


def pytest_collection_modifyitems(session, config, items):
    """Move every tests/e2e item to the end, keeping the relative order of the rest."""
    items.sort(key=lambda item: "/e2e/" in str(item.fspath).replace("\\", "/"))
