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
