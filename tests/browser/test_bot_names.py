"""Issue 24, item 4: names that tell bots apart. On a phone, upright and sideways, and on
a desktop, three bots' seats read "Bot 1", "Bot 2", "Bot 3" (机器人 1… in 中文), each in
full — not three "Bot · Norm…" — with the level on the badge; the reveal names them the
same way."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player

pytestmark = pytest.mark.requires_chromium

SIZES = {"phone": {"width": 375, "height": 667}, "landscape": {"width": 667, "height": 375},
         "desktop": {"width": 1280, "height": 800}}
SHOTS = "/tmp/shots"


def names_whole(page) -> list[str]:
    """Each bot seat's name, after checking it is not cut (no ellipsis, nothing hidden)."""
    cut = page.locator(".seat.bot .seat-name").evaluate_all(
        "nodes => nodes.filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.textContent)")
    assert not cut, f"cut: {cut}"
    return page.locator(".seat.bot .seat-name").all_inner_texts()


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_three_bots_are_told_apart_at_every_size(browser, table_server, language):
    server = table_server(arrange_seconds=40)
    player = Player(browser, server, f"names{language[:2]}", "Mei").register()
    page = player.page
    if language != "en":
        page.context.add_cookies([{"name": "django_language", "value": language, "url": server.url}])
    page.goto(server.url + "/tables/")
    page.select_option("#id_practise-bots", "3")
    with page.expect_navigation():
        page.locator("section.practise button[type=submit]").click()
    player.wait_connected()
    word = "Bot" if language == "en" else "机器人"
    expected = {f"{word} {n}" for n in (1, 2, 3)}
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        expect(page.locator(".seat.bot")).to_have_count(3)
        page.wait_for_timeout(200)
        assert set(names_whole(page)) == expected
        page.screenshot(path=f"{SHOTS}/bot-names-{language}-{size}.png")
    assert not player.errors, player.errors


@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_no_seat_state_is_cut_while_the_others_arrange(browser, table_server, size):
    server = table_server(arrange_seconds=60)
    player = Player(browser, server, f"state{size}", "Mei", viewport=SIZES[size]).register()
    page = player.page
    page.goto(server.url + "/")
    with page.expect_navigation():
        page.get_by_role("button", name="Play now").click()
    expect(page.locator("#rows button.card")).to_have_count(13, timeout=15000)
    page.wait_for_timeout(1200)  # the seats' clocks are drawn
    assert not cut_words(page), f"cut: {cut_words(page)}"
    status = page.locator("#phase-text")
    page.screenshot(path=f"{SHOTS}/seat-states-{size}.png")
    assert status.evaluate("n => n.scrollHeight <= n.clientHeight + 1 && n.scrollWidth <= n.clientWidth + 1"), \
        status.evaluate("n => [n.scrollHeight, n.clientHeight, n.scrollWidth, n.clientWidth]")
    expect(page.locator(".seat.bot .seat-clock").first).to_contain_text("s")
    page.screenshot(path=f"{SHOTS}/seat-states-{size}.png")
    # Once the bots have submitted (their pause is 1.5–6 s), each narrow seat says so with
    # a ✓ that is seen whole, its word "Submitted" left to screen readers, not "Submi…".
    expect(page.locator(".seat.bot.submitted")).to_have_count(3, timeout=20000)
    assert not cut_words(page), f"cut: {cut_words(page)}"
    checks = page.locator(".seat.bot .seat-check")
    expect(checks).to_have_count(3)
    for check in checks.all():
        expect(check).to_be_visible()
        assert check.inner_text() == "✓"
    assert page.locator(".seat.bot .seat-state").all_text_contents() == ["Submitted"] * 3
    page.screenshot(path=f"{SHOTS}/seat-states-{size}-submitted.png")


def cut_words(page) -> list[str]:
    """The seats' names and states shown cut (an ellipsis, or letters hidden)."""
    return page.locator(".seat .seat-state, .seat .seat-name").evaluate_all(
        """nodes => nodes.filter(n => n.getBoundingClientRect().width > 2
                                 && n.scrollWidth > n.clientWidth + 1).map(n => n.textContent)""")


def test_the_replay_and_the_tables_rounds_name_the_bots_as_the_table_did(browser, table_server):
    """The replay of a round against three bots names their seats "Bot 1"…"Bot 3" as the
    table and its reveal did (it said "Bot · Normal 3"), in the seats, the narration and
    the result, with the level apart on a badge; the table's rounds say the same."""
    from tests.browser.test_phone_arranging import practise_dealt

    server = table_server(arrange_seconds=60)
    player = Player(browser, server, "replaybots", "Mei", viewport=SIZES["desktop"]).register()
    practise_dealt(player, "Quick test table", bots=3)
    page = player.page
    page.locator("#submit-button").click()
    question = page.locator("#special-question")
    page.wait_for_timeout(300)
    if question.is_visible():
        question.locator("[data-answer=plain]").click()
    expect(page.locator("#reveal")).to_have_attribute("data-done", "true", timeout=60000)
    expected = {"Bot 1", "Bot 2", "Bot 3"}
    at_the_table = set(page.locator(".reveal-hand .reveal-name").all_inner_texts())
    assert expected <= at_the_table, at_the_table
    with page.expect_navigation():
        page.get_by_role("link", name="Watch the replay").click()
    expect(page.locator("#replay-app")).to_have_attribute("data-ready", "true")
    page.keyboard.press("End")
    seats = page.locator(".replay-seat .seat-name")
    expect(seats).to_have_count(4)
    assert set(seats.all_inner_texts()) == expected | {"Mei"}
    expect(page.locator(".replay-seat .badge.bot")).to_have_count(3)
    expect(page.locator(".replay-seat .badge.bot").first).to_have_text("Bot · Normal")
    assert "Bot · Normal" not in " ".join(seats.all_inner_texts())
    for line in page.locator("#replay-lines li").all_inner_texts():  # the totals
        assert "Bot · Normal" not in line, line
    result = page.locator(".replay-result-table .stack-lead").all_inner_texts()
    assert {name.split(" (")[0].strip() for name in result} >= expected, result
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.locator("#replay-seats").scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/replay-bot-names-{size}.png")
    page.get_by_role("link", name="All rounds at this table").click()
    rounds = page.locator(".seat-result")
    expect(rounds).to_have_count(4)
    assert "Bot · Normal" not in " ".join(rounds.all_inner_texts())
    assert all(any(name in text for text in rounds.all_inner_texts()) for name in expected)
    assert not player.errors, player.errors
