"""A player's first hour, the leftovers (issue 24's follow-ups), in a real browser at the
sizes each concerns: 多三张's Submit stays in view after Clear all on a phone; the open chat
covers no seat on a desktop; held sideways an empty candidates tray's title shows whole;
bots have faces of their own; the reveal's "Every pair" table scrolls in its own wrapper on
a phone; and a tap on a hint lands on that hint when the advisor's values arrive under it.
Screenshots go to /tmp/shots/."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player
from tests.browser.test_first_hour import SHOTS, SIZES, fits_across
from tests.browser.test_phone_arranging import practise_dealt, uncovered
from tests.browser.test_special_declare import in_view

pytestmark = pytest.mark.requires_chromium


def whole(locator) -> None:
    """The element's text is not cut: nothing overflows its box (no ellipsis)."""
    sizes = locator.evaluate("n => [n.scrollWidth, n.clientWidth, n.textContent]")
    assert sizes[0] <= sizes[1] + 1, f"cut: {sizes}"


def apart(a: dict, b: dict) -> bool:
    return (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
            or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


# --- 1. 多三张: Clear all on a phone -----------------------------------------------------------


def test_extra_three_submit_stays_in_view_after_clear_all_on_a_phone(browser, table_server):
    server = table_server(arrange_seconds=120)
    player = Player(browser, server, "clearphone", "Mei", viewport=SIZES["phone"]).register()
    practise_dealt(player, "Quick 多三张 table", cards=16)
    page = player.page
    expect(page.locator("#hint-list button.hint.best")).to_have_count(1, timeout=30000)
    page.get_by_role("button", name="Clear all").click()
    expect(page.locator("[data-tray=dealt] button.card")).to_have_count(13)
    expect(page.locator("[data-tray=candidates] button.card")).to_have_count(3)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=f"{SHOTS}/leftovers-extra-cleared-phone.png")
    in_view(page, page.locator("#submit-button"))
    in_view(page, page.locator("#rows [data-zone=back]"))
    in_view(page, page.locator("[data-tray=dealt] button.card").last)
    fits_across(page)
    assert not player.errors, player.errors
