"""The table redraws on every message (a bot arranging, the advisor's values, a seat's
news), and what it draws again unchanged must stay the very element it was: a card
replaced between a finger's press and its lift loses the tap (the click goes to the row
around it), and a test or a screen reader holding it finds it gone
(static/js/dom.js showChildren)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import HeldMessages, Player
from tests.browser.test_first_hour import SHOTS, SIZES
from tests.browser.test_phone_arranging import practise_dealt

pytestmark = pytest.mark.requires_chromium

# The mark is a property of the element, not an attribute: an attribute would make it
# differ from the same thing drawn again, and be replaced for that alone.
MARK = """(selector) => { document.querySelector(selector).testMark = "kept"; }"""
KEPT = """(selector) => document.querySelector(selector)?.testMark === "kept" """


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_card_pressed_while_the_table_changes_is_selected_on_release(browser, table_server, size):
    """The socket's messages are held (Playwright's WebSocket route) while the pointer is
    down on a back-row card and let through before it lifts: the card is selected."""
    server = table_server(arrange_seconds=120)
    player = Player(browser, server, f"finger{size}", "Mei", viewport=SIZES[size]).register()
    page = player.page
    holding = {"on": False}
    news = HeldMessages(page, lambda message: holding["on"])
    practise_dealt(player, "Quick test table", bots=3)
    card = page.locator('#rows [data-zone="back"] button.card').first
    card.scroll_into_view_if_needed()
    expect(card).to_have_attribute("aria-pressed", "false")
    box = card.bounding_box()
    holding["on"] = True
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    news.wait(page)  # the bots arrange, the advisor values the hints
    kinds = [json.loads(message)["type"] for message in news.held]
    holding["on"] = False
    news.release()
    page.wait_for_timeout(300)  # the page has drawn them
    page.mouse.up()
    expect(card).to_have_attribute("aria-pressed", "true")
    page.screenshot(path=f"{SHOTS}/finger-card-selected-{size}.png")
    assert not player.errors, (player.errors, kinds)


def test_what_the_bots_news_leaves_alone_stays_the_same_element(browser, table_server):
    """Three bots arrange and submit, and the advisor's values come: the rows and the
    trays' buttons, none of which changed, are the elements they were."""
    server = table_server(arrange_seconds=120)
    player = Player(browser, server, "untouched", "Mei", viewport=SIZES["desktop"]).register()
    page = player.page
    practise_dealt(player, "Quick test table", bots=3)
    kept = ['#rows [data-zone="back"] button.card', '#rows [data-zone="front"]',
            '#hand-zone [data-action="sort"][data-by="suit"]']
    for selector in kept:
        page.evaluate(MARK, selector)
    expect(page.locator(".seat.submitted:not(.you)")).to_have_count(3, timeout=60000)
    expect(page.locator("#hint-list button.hint.best")).to_have_count(1, timeout=30000)
    for selector in kept:
        assert page.evaluate(KEPT, selector), f"{selector} was drawn again"
    # What did change is drawn: a bot's seat says it has submitted.
    assert page.locator(".seat.submitted:not(.you)").count() == 3
    assert not player.errors, player.errors
