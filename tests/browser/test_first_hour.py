"""Issue 24 in a real browser: a player's first hour. A lone newcomer presses Play now on
the home page and is dealt a hand within 15 s (bots take the seats nobody came for); Your
tables lists the table with Leave at 375×667, 667×375 and 1280×800 — in view, nothing
scrolling sideways, in English and 中文 — and Leave closes it."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player

pytestmark = pytest.mark.requires_chromium

SIZES = {"phone": {"width": 375, "height": 667}, "landscape": {"width": 667, "height": 375},
         "desktop": {"width": 1280, "height": 800}}
SHOTS = "/tmp/shots"


def fits_across(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{width} px wide"


def in_view_across(page, locator) -> None:
    box = locator.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 1, box


def dealt_by_play_now(page, server) -> None:
    """Play now on the home page, then the hand dealt (the bots come after the wait)."""
    page.goto(server.url + "/")
    with page.expect_navigation():
        page.get_by_role("button", name="Play now").click()
    expect(page.locator("#rows button.card")).to_have_count(13, timeout=15000)


def test_a_lone_player_is_dealt_within_15_seconds_of_play_now(browser, table_server):
    server = table_server(arrange_seconds=40)
    player = Player(browser, server, "newcomer", "Mei", viewport=SIZES["phone"]).register()
    page = player.page
    page.goto(server.url + "/")
    started = time.monotonic()
    with page.expect_navigation():
        page.get_by_role("button", name="Play now").click()
    player.wait_connected()
    expect(page.locator("#rows button.card")).to_have_count(13, timeout=15000)
    assert time.monotonic() - started < 15
    expect(page.locator(".seat", has_text="Bot")).to_have_count(3)
    page.screenshot(path=f"{SHOTS}/first-hour-dealt-phone.png")
    assert not player.errors, player.errors


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_your_tables_fit_every_size_and_leave_closes_the_table(browser, table_server, language):
    server = table_server(arrange_seconds=40)
    player = Player(browser, server, f"yours{language[:2]}", "Mei").register()
    page = player.page
    player.open_lobby()
    page.select_option("#id_practise-bots", "2")
    with page.expect_navigation():
        page.locator("section.practise button[type=submit]").click()
    table_url = page.url
    if language != "en":
        page.context.add_cookies([{"name": "django_language", "value": language,
                                   "url": server.url}])
    leave_name = "Leave" if language == "en" else "离开"
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(server.url + "/tables/yours/")
        heading = "Your tables" if language == "en" else "我的牌桌"
        expect(page.locator("h1")).to_have_text(heading)
        row = page.locator(".your-table")
        expect(row).to_have_count(1)
        leave = row.get_by_role("button", name=leave_name)
        expect(leave).to_be_visible()
        in_view_across(page, row)
        in_view_across(page, leave)
        fits_across(page)
        page.screenshot(path=f"{SHOTS}/your-tables-{language}-{size}.png", full_page=True)
        page.goto(server.url + "/tables/")
        expect(page.locator("#your-tables")).to_have_text(heading)
        in_view_across(page, page.locator(".lobby-yours .your-table"))
        fits_across(page)
    page.goto(server.url + "/tables/yours/")
    with page.expect_navigation():
        page.locator(".your-table").get_by_role("button", name=leave_name).click()
    expect(page.locator(".your-table")).to_have_count(0)
    page.goto(table_url)
    expect(page.locator(".seat", has_text="Bot")).to_have_count(0)
    assert not player.errors, player.errors


def test_the_language_switch_after_a_refused_practise_table_is_no_405(browser, table_server):
    server = table_server(arrange_seconds=40)
    player = Player(browser, server, "switcher", "Mei").register()
    page = player.page
    player.open_lobby()
    page.evaluate("document.querySelector('#id_practise-bots').innerHTML = '<option value=\"99\">99</option>'")
    with page.expect_navigation():
        page.locator("section.practise button[type=submit]").click()
    assert page.url.endswith("/tables/practise/")
    with page.expect_navigation():
        page.select_option("#language", "zh-hans")
    assert page.url.endswith("/tables/")
    expect(page.locator("h1")).to_have_text("大厅")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_best_hint_is_in_view_with_its_value_and_hint_1_says_the_timer_plays_it(
        browser, table_server, size):
    server = table_server(arrange_seconds=60)
    player = Player(browser, server, f"best{size}", "Mei", viewport=SIZES[size]).register()
    page = player.page
    dealt_by_play_now(page, server)
    best = page.locator("#hint-list button.hint.best")
    expect(best).to_have_count(1, timeout=30000)  # the advisor's values came in
    expect(best.locator(".hint-ev")).to_contain_text("Best value")
    assert any(ch.isdigit() for ch in best.locator(".hint-ev").inner_text())
    box, view = best.bounding_box(), page.viewport_size
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"] + 1, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 1, box
    timer = page.locator('#hint-list button.hint[data-index="0"] .hint-timer')
    expect(timer).to_have_text("the timer plays this")
    expect(page.locator("#hint-list .hint-bonus", has_text="no bonus")).to_have_count(0)
    # The value's badge leaves the pattern room: it is not one word a line.
    pattern = best.locator(".hint-pattern")
    assert pattern.bounding_box()["height"] < 3 * 20, pattern.bounding_box()
    page.screenshot(path=f"{SHOTS}/best-hint-{size}.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= view["width"]


@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_a_refusal_about_the_rows_goes_once_they_are_fixed(browser, table_server, size):
    server = table_server(arrange_seconds=60)
    player = Player(browser, server, f"toast{size}", "Mei", viewport=SIZES[size]).register()
    page = player.page
    dealt_by_play_now(page, server)
    page.get_by_role("button", name="Clear all").click()
    page.locator("#submit-button").dispatch_event("click")  # refused: cards are left
    expect(page.locator("#error-box")).to_be_visible()
    expect(page.locator("#error-text")).to_contain_text("Place all 13 cards first")
    page.locator('#hint-list button.hint[data-index="0"]').click()
    expect(page.locator("#error-box")).to_be_hidden()
    page.screenshot(path=f"{SHOTS}/toast-gone-{size}.png")


def test_the_back_row_is_above_the_fold_at_1280_by_800(browser, table_server):
    server = table_server(arrange_seconds=60)
    player = Player(browser, server, "fold", "Mei", viewport=SIZES["desktop"]).register()
    page = player.page
    dealt_by_play_now(page, server)
    page.evaluate("window.scrollTo(0, 0)")
    back = page.locator('#rows [data-zone="back"]').bounding_box()
    assert back["y"] + back["height"] <= 800, back
    submit = page.locator("#submit-button").bounding_box()
    assert submit["y"] + submit["height"] <= 800, submit
    page.screenshot(path=f"{SHOTS}/fold-desktop.png")
