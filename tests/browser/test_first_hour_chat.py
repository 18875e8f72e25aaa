"""The open chat lies over nothing a player reads, in a real browser: while arranging
(every seat, the rows, Submit) and in the reveal (every hand's rows and points), at
375×667, 667×375, 800×600, 900×700 and 1280×800 — and it is in view, whole and readable,
once opened. It used to float over the table between 640 and 960 px, and over the lower
part of the right-hand hand of the reveal at 1280×800. Screenshots go to /tmp/shots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player
from tests.browser.test_first_hour import SHOTS, fits_across
from tests.browser.test_first_hour_leftovers import apart, valued_deal
from tests.browser.test_special_declare import in_view

pytestmark = pytest.mark.requires_chromium

SIZES = {"phone": {"width": 375, "height": 667}, "landscape": {"width": 667, "height": 375},
         "small": {"width": 800, "height": 600}, "medium": {"width": 900, "height": 700},
         "desktop": {"width": 1280, "height": 800}}
ARRANGING = ("#seats .seat:not(.you)", "#rows .row-zone", "#rows button.card", "#submit-button",
             "#hint-list button.hint")
REVEAL = (".reveal-hand", ".reveal-hand .reveal-row", ".reveal-hand .row-points", ".reveal-hand .reveal-total")


def open_chat(page, size: str, moment: str) -> dict:
    """Opened afresh at this size: in view, whole and readable; its box."""
    page.set_viewport_size(SIZES[size])
    toggle = page.locator("#chat-toggle")
    if toggle.get_attribute("aria-expanded") == "true":
        toggle.click()
    toggle.click()
    chat = page.locator("#chat")
    expect(chat).to_be_visible()
    page.wait_for_timeout(150)
    for what in ("#chat-input", "#chat-send", "#chat-close", "#chat-lines .chat-line >> nth=0"):
        in_view(page, page.locator(what))
    font = page.locator("#chat-lines .chat-line").first.evaluate("n => parseFloat(getComputedStyle(n).fontSize)")
    assert font >= 12, font
    page.screenshot(path=f"{SHOTS}/ui-chat-{moment}-{size}.png")
    fits_across(page)
    return chat.bounding_box()


def nothing_under(page, drawer: dict, selectors: tuple[str, ...]) -> int:
    """No drawn element of `selectors` shares any pixel with the chat; how many were checked."""
    checked = 0
    for selector in selectors:
        for node in page.locator(selector).all():
            box = node.bounding_box()
            if not box or box["width"] == 0:
                continue  # not drawn at this size (a phone keeps the others' cards hidden)
            assert apart(box, drawer), (selector, box, drawer)
            checked += 1
    return checked


def test_the_open_chat_covers_nothing_a_player_reads(browser, table_server):
    player = valued_deal(browser, table_server, "chatsizes", "desktop", "Quick test table", bots=3)
    page = player.page
    # The bots submit first, so the look is at the seats as they stay: a submitted seat
    # once grew ~40 px between 40 and 60rem and pushed the chat's text box below the fold
    # (a flake in CI; the seats keep their height now, test_seat_heights).
    expect(page.locator(".seat.bot.submitted")).to_have_count(3, timeout=20000)
    page.locator("#chat-toggle").click()
    page.locator('#chat-phrases [data-phrase="good_luck"]').click()
    expect(page.locator("#chat-lines")).to_contain_text("Good luck!")
    for size in SIZES:
        drawer = open_chat(page, size, "arranging")
        assert nothing_under(page, drawer, ARRANGING) >= 3 + 3 + 13 + 1
    page.set_viewport_size(SIZES["desktop"])
    page.locator("#submit-button").click()
    expect(page.locator("#reveal")).to_have_attribute("data-done", "true", timeout=60000)
    for size in SIZES:
        drawer = open_chat(page, size, "reveal")
        # Every hand, its rows and total (a special or a foul has no rows' points).
        assert nothing_under(page, drawer, REVEAL) >= 4 + 4 * 3 + 4
        # What follows the chat in the page is still there to scroll to: the reveal's end.
        page.locator("#pair-summary").scroll_into_view_if_needed()
        in_view(page, page.locator("#pair-summary"))
    # Closed, the keyboard goes on from the button that opened it.
    page.locator("#chat-close").click()
    expect(page.locator("#chat")).to_be_hidden()
    expect(page.locator("#chat-toggle")).to_be_focused()
    assert not player.errors, player.errors


NEGOTIATION = ("#negotiation .deal", '#negotiation [data-action="propose"]',
               '#negotiation [data-action="compare"]', "#rows .row-zone", "#rows button.card")


def test_in_the_negotiation_the_open_chat_covers_neither_the_deal_nor_the_rows(
        browser, table_server):
    """十三道's negotiation (RULES.md §8.5) with the chat open, at every size: the deal's
    Propose and Compare and the player's rows are all clear of it and each in view."""
    from tests.browser.test_phone_arranging import to_negotiation, uncovered

    server = table_server(arrange_seconds=120)
    ann = Player(browser, server, "chatann", "Ann", viewport=SIZES["desktop"]).register()
    ben = Player(browser, server, "chatben", "Ben", viewport=SIZES["phone"]).register()
    ann.create_table("Dao chat", rule_set="Quick 十三道 table", seats=2)
    to_negotiation(ann, ben, ann.page.url)
    page = ben.page
    for size in SIZES:
        drawer = open_chat(page, size, "negotiation")
        assert nothing_under(page, drawer, NEGOTIATION) >= 1 + 1 + 1 + 3 + 13
        # The chat's own controls are not under the status bar, which stays in sight.
        for what in ("#chat-close", "#chat-input", "#chat-send", "#chat-lines"):
            uncovered(page, page.locator(what))
        for what in ('#negotiation [data-action="propose"]', '#negotiation [data-action="compare"]',
                     '#rows [data-zone="back"] button.card >> nth=4'):
            target = page.locator(what).first
            target.scroll_into_view_if_needed()
            in_view(page, target)
            uncovered(page, target)
    assert not ann.errors and not ben.errors, ann.errors + ben.errors
