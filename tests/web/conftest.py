"""Fixtures shared by the browser tests: one Playwright driver and one headless Debian
Chromium per test module (the modules themselves skip, loudly, where Chromium is missing)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from e2e_server import CHROMIUM, LAUNCH_ARGS
from playwright.sync_api import Browser, Playwright, sync_playwright


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
    try:
        yield chromium
    finally:
        chromium.close()
