"""A seat keeps its height when its player submits, in a real browser: the others' cards
turn from a fan into their three rows without pushing anything below them down. Between
40 and 60rem the rows lay stacked under the name and a seat grew ~40 px, so the rows being
arranged (and an open chat) jumped under the player's finger. Screenshots go to /tmp/shots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_first_hour import SHOTS
from tests.browser.test_first_hour_leftovers import valued_deal

pytestmark = pytest.mark.requires_chromium

SIZES = {"small": {"width": 800, "height": 600}, "medium": {"width": 900, "height": 700},
         "desktop": {"width": 1280, "height": 800}}
SEATS = "#seats .seat.bot"


def heights(page) -> list[float]:
    return page.locator(SEATS).evaluate_all("seats => seats.map(s => s.getBoundingClientRect().height)")


def test_a_seat_is_as_tall_submitted_as_arranging(browser, table_server):
    player = valued_deal(browser, table_server, "seatheights", "desktop", "Quick test table", bots=3)
    page = player.page
    expect(page.locator(f"{SEATS}.submitted")).to_have_count(3, timeout=20000)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(150)
        submitted = heights(page)
        rows_top = page.locator("#rows").bounding_box()["y"]
        page.screenshot(path=f"{SHOTS}/seats-submitted-{size}.png")
        # The same seats as they were while arranging: a fan of 13 backs in place of the rows.
        page.evaluate("""() => document.querySelectorAll('#seats .seat.bot .seat-cards.rows').forEach(cards => {
            const fan = document.createElement('span'); fan.className = 'fan';
            fan.append(...[...cards.querySelectorAll('.card-static')].map(card => card.cloneNode(true)));
            cards.className = 'seat-cards'; cards.replaceChildren(fan); })""")
        arranging = heights(page)
        assert len(submitted) == 3
        for before, after in zip(arranging, submitted):
            assert after <= before + 1, (size, arranging, submitted)
        # Nothing below the seats moved down for the rows: the player's own rows least of all.
        assert rows_top <= page.locator("#rows").bounding_box()["y"] + 1, size
        page.reload()
        player.wait_connected()
        expect(page.locator(f"{SEATS}.submitted")).to_have_count(3)
    assert not player.errors, player.errors
