"""The hints in view while arranging, in a real browser. At 1280×800 the hints ran under
your cards and Submit (多三张: under its three trays too) and past the fold, and a player
scrolled the page to see or take one. Now, at a practice table with three bots, the first
hint is in view at the deal and is taken where it is; the list's box ends where the rows
or Submit do, and a longer list scrolls inside it (its last hint, and after Clear all its
first again, are reached by scrolling the list, never the page). On a phone (375×667, and
held sideways) the arranging page never scrolls sideways. Screenshots go to /tmp/shots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player
from tests.browser.test_first_hour import SHOTS, SIZES, fits_across
from tests.browser.test_phone_arranging import practise_dealt
from tests.browser.test_special_declare import in_view

pytestmark = pytest.mark.requires_chromium

RULE_SETS = {"standard": ("Quick test table", 13), "extra-three": ("Quick 多三张 table", 16)}


def dealt_with_three_bots(browser, table_server, username: str, rules: str, size: str) -> Player:
    """A practice table of `rules` with three bots, dealt, the advisor's values in (they
    mark the best hint and list it first, which moves the list)."""
    server = table_server(arrange_seconds=120)
    player = Player(browser, server, username, "Mei", viewport=SIZES[size]).register()
    rule_set, cards = RULE_SETS[rules]
    practise_dealt(player, rule_set, cards=cards, bots=3)
    expect(player.page.locator("#hint-list button.hint.best")).to_have_count(1, timeout=30000)
    return player


def scrolled(page) -> int:
    return page.evaluate("window.scrollY")


def bottom(locator) -> float:
    box = locator.bounding_box()
    return box["y"] + box["height"]


def in_the_lists_box(page, hint) -> None:
    """Not cut off by the list's own scrolling box."""
    box, shown = hint.bounding_box(), page.locator("#hint-list").bounding_box()
    assert shown["y"] - 2 <= box["y"] and bottom(hint) <= shown["y"] + shown["height"] + 2, (box, shown)


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_the_hints_are_in_view_without_scrolling_the_page_at_1280_by_800(browser, table_server, rules):
    player = dealt_with_three_bots(browser, table_server, f"hv{rules[:5]}", rules, "desktop")
    page = player.page
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    page.screenshot(path=f"{SHOTS}/hints-{rules}-desktop.png")
    hints = page.locator("#hint-list > li button.hint")
    in_view(page, hints.first)
    in_the_lists_box(page, hints.first)
    in_view(page, page.locator('#rows [data-zone="back"]'))
    # The list never makes the page longer: its box ends where the rows or Submit do.
    foot = max(bottom(page.locator("#rows")), bottom(page.locator(".submit-bar")))
    assert bottom(page.locator("#hint-list")) <= foot + 1, foot

    # A hint in view is taken where it is: its rows are laid out and the page stays put.
    second = hints.nth(1)
    second.click()
    expect(second).to_have_attribute("aria-pressed", "true")
    assert scrolled(page) == 0, "the page scrolled to take a hint in view"
    page.wait_for_timeout(800)  # the list is redrawn half a second after the tap (press_hold.js)

    # The last hint is reached by scrolling the list, and taking it lays out its rows.
    page.locator("#hint-list").evaluate("list => { list.scrollTop = list.scrollHeight; }")
    last = hints.last
    in_the_lists_box(page, last)
    last.click()
    expect(last).to_have_attribute("aria-pressed", "true")

    # Every card back in your hand (a taller hand): the first hint is back in sight by
    # scrolling the list alone.
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_role("button", name="Clear all").click()
    expect(page.locator("#rows button.card")).to_have_count(0)
    hints.first.scroll_into_view_if_needed()
    assert scrolled(page) == 0, "the page scrolled to reach the first hint"
    in_view(page, hints.first)
    in_the_lists_box(page, hints.first)
    fits_across(page)
    assert not player.errors, player.errors


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_the_arranging_page_never_scrolls_sideways_on_a_phone(browser, table_server, rules):
    player = dealt_with_three_bots(browser, table_server, f"hp{rules[:5]}", rules, "phone")
    page = player.page
    for size in ("phone", "landscape"):
        page.set_viewport_size(SIZES[size])
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        page.screenshot(path=f"{SHOTS}/hints-{rules}-{size}.png")
        fits_across(page)
        first = page.locator("#hint-list > li button.hint").first
        box = first.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"] + 1, box
        in_view(page, page.locator("#submit-button"))
    assert not player.errors, player.errors
