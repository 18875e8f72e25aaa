"""Issue 26 in a real browser: two people pressing Play now meet at a rated table; the
seats show their ratings, the reveal each one's change, and the leaderboard and the
profile's chart read at 375×667 and 1280×800, in English and 中文."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player

pytestmark = pytest.mark.requires_chromium

SIZES = {"phone": {"width": 375, "height": 667}, "desktop": {"width": 1280, "height": 800}}
SHOTS = "/tmp/shots"
WORDS = {"en": {"play": "Play now", "rating": "Rating", "ratings": "Ratings"},
         "zh-hans": {"play": "立即开玩", "rating": "等级分", "ratings": "等级分"}}


def in_view(page, locator) -> None:
    box, view = locator.bounding_box(), page.viewport_size
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= view["width"] + 1, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 1, box


def fits_across(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("size, language", [("phone", "zh-hans"), ("desktop", "en")])
def test_two_people_play_a_rated_round_and_see_their_ratings_move(browser, table_server,
                                                                  size, language, monkeypatch):
    monkeypatch.setenv("RATING_LEADERBOARD_MIN_ROUNDS", "1")  # the server lists them at once
    # Time for the second person to press Play now on a loaded machine before the first
    # one's table gives up waiting for people and takes bots.
    monkeypatch.setenv("PLAY_NOW_BOT_SECONDS", "12")
    server = table_server(arrange_seconds=40)
    words = WORDS[language]
    people = [Player(browser, server, f"rated{size}{n}", name, viewport=SIZES[size]).register()
              for n, name in enumerate(("Mei", "Jun"))]
    for person in people:
        if language != "en":
            person.context.add_cookies([{"name": "django_language", "value": language,
                                         "url": server.url}])
        person.page.goto(server.url + "/")
        with person.page.expect_navigation():
            person.page.get_by_role("button", name=words["play"]).click()
    assert people[0].page.url == people[1].page.url  # the same rated table
    for person in people:
        page = person.page
        # The wait is over: the two are dealt a rated round, no bot sat down.
        expect(page.locator("#rows button.card")).to_have_count(13, timeout=40000)
        expect(page.locator(".seat.bot")).to_have_count(0)
        if size == "desktop":  # beside the felt's names (a phone's round keeps to names)
            badge = page.locator(".seat.you .seat-badge.rating")
            expect(badge).to_have_text(f"{words['rating']} 1500?")
            expect(badge).to_be_in_viewport(ratio=1)
    for person in people:
        page = person.page
        page.locator("#submit-button").click()
    for person in people:
        page = person.page
        change = page.locator(".reveal-hand.you .reveal-rating")
        expect(change).to_be_visible(timeout=30000)
        text = change.inner_text()
        assert words["rating"] in text and re.search(r"\d{4}\?", text), text
        assert re.search(r"[(（]([+−]\d+|0)[)）]", text), text
        in_view(page, change)
        page.screenshot(path=f"{SHOTS}/rated-reveal-{size}-{language}-{person.username}.png")
        # The change fits its hand, on a line of its own, not cut.
        hand = page.locator(".reveal-hand.you").bounding_box()
        box = change.bounding_box()
        assert box["x"] + box["width"] <= hand["x"] + hand["width"] + 1, (box, hand)
        assert change.evaluate("n => n.scrollWidth <= n.clientWidth + 1"), text
        fits_across(page)
    page = people[0].page
    # The profile draws the rating over time, and the chart fits the screen.
    page.goto(server.url + "/accounts/profile/")
    chart = page.locator("#profile-ratings svg.rating-line")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box["width"] <= SIZES[size]["width"] and box["height"] > 60, box
    fits_across(page)
    page.locator("#profile-ratings").screenshot(path=f"{SHOTS}/rated-profile-{size}-{language}.png")
    # The leaderboard lists both, the winner first, and reads on the screen.
    page.goto(server.url + "/ratings/")
    rows = page.locator("#rating-board tbody tr")
    expect(rows).to_have_count(2)
    fits_across(page)
    in_view(page, rows.nth(1))
    page.screenshot(path=f"{SHOTS}/rated-board-{size}-{language}.png", full_page=True)
    assert not any(person.errors for person in people), [p.errors for p in people]


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_rating_pages_read_on_a_phone_and_a_desktop(browser, table_server, language):
    server = table_server(arrange_seconds=40)
    player = Player(browser, server, f"board{language[:2]}", "Mei",
                    viewport=SIZES["phone"]).register()
    page = player.page
    if language != "en":
        page.context.add_cookies([{"name": "django_language", "value": language,
                                   "url": server.url}])
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(server.url + "/ratings/")
        expect(page.locator("h1")).to_contain_text(WORDS[language]["ratings"])
        fits_across(page)
        page.screenshot(path=f"{SHOTS}/ratings-board-{size}-{language}.png", full_page=True)
        page.goto(server.url + "/rules/ratings/")
        fits_across(page)
        page.screenshot(path=f"{SHOTS}/ratings-rules-{size}-{language}.png", full_page=True)
    assert not player.errors, player.errors
