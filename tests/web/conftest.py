"""Fixtures shared by the browser tests: one Playwright driver and one headless Debian
Chromium per test module (the modules themselves skip, loudly, where Chromium is missing).

Every page the tests open asks for reduced motion (``prefers-reduced-motion: reduce``), which
turns the app's transitions and animations off (app.css): a card is never measured, clicked or
compared halfway through a movement. A test may still ask for motion explicitly
(``new_context(reduced_motion="no-preference")``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from e2e_server import CHROMIUM, LAUNCH_ARGS
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


def still(chromium: Browser) -> Browser:
    """``chromium`` whose new contexts and pages ask for reduced motion unless told otherwise."""
    new_context, new_page = chromium.new_context, chromium.new_page

    def context(**options: Any) -> BrowserContext:
        options.setdefault("reduced_motion", "reduce")
        return new_context(**options)

    def page(**options: Any) -> Page:
        options.setdefault("reduced_motion", "reduce")
        return new_page(**options)

    chromium.new_context = context  # type: ignore[method-assign]
    chromium.new_page = page  # type: ignore[method-assign]
    return chromium


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
    try:
        yield still(chromium)
    finally:
        chromium.close()
