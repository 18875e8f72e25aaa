"""A dropped connection is survived without a reload (issue 5, seed 000 §3.6): the server
goes away in the middle of arranging, the page says it is reconnecting, comes back by
itself, resyncs, keeps the player's half-built rows and the clock, and the round plays
on to the reveal. The other player's seat shows who is disconnected."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, Player

pytestmark = pytest.mark.requires_chromium


def submit(player: Player) -> None:
    """Submit, or Declare when the hint laid out is a special. A random deal: when the
    cards form a special (1.6 % of hands) and the rows on screen are plain — Hal's come
    back from his draft after the reload — the page asks first; the rows go in plain."""
    player.page.locator("#submit-button").click()
    question = player.page.locator("#special-question")
    if question.is_visible():
        question.locator("[data-answer=plain]").click()


def test_the_page_rides_out_a_server_restart(browser, table_server):
    server = table_server(arrange_seconds=40)
    gus = Player(browser, server, "gus", "Gus").register()
    hal = Player(browser, server, "hal", "Hal", viewport=PHONE).register()
    gus.create_table("Flaky", seats=2)
    hal.page.goto(gus.page.url)
    hal.wait_connected()
    hal.page.get_by_role("button", name="Take a seat").click()
    for player in (gus, hal):
        player.page.get_by_role("button", name="Ready").click()
    expect(gus.page.locator("#rows button.card")).to_have_count(13, timeout=20000)

    # Gus takes the middle apart, then the connection drops.
    gus.page.locator('[data-zone="middle"] [data-action="clear"]').click()
    expect(gus.page.locator("#hand-zone button.card")).to_have_count(5)
    server.stop()
    banner = gus.page.locator("#connection-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("reconnecting")
    gus.shot("reconnecting")
    # Still arrangeable while offline: the page does not freeze.
    gus.page.locator("#hand-zone button.card").first.click()
    gus.page.keyboard.press("2")
    expect(gus.page.locator("#hand-zone button.card")).to_have_count(4)

    server.start()
    expect(banner).to_be_hidden(timeout=20000)
    gus.wait_connected()
    hal.wait_connected()
    # The resync kept Gus's own work and the clock still runs.
    expect(gus.page.locator("#hand-zone button.card")).to_have_count(4)
    expect(gus.page.locator("#clock")).to_be_visible()

    # Hal closes his tab: Gus sees him disconnected; Hal comes back to his cards.
    hal.page.goto("about:blank")
    expect(gus.page.locator(".seat", has_text="Hal")).to_contain_text("Disconnected")
    hal.page.go_back()
    hal.wait_connected()
    expect(hal.page.locator("#rows button.card")).to_have_count(13, timeout=20000)
    expect(gus.page.locator(".seat", has_text="Hal")).not_to_contain_text("Disconnected")

    gus.page.locator("#hint-list button.hint[data-index=\"0\"]").click()
    for player in (gus, hal):
        submit(player)
    for player in (gus, hal):
        expect(player.page.locator("#reveal")).to_be_visible(timeout=20000)
        expect(player.page.locator("#reveal")).to_have_attribute("data-done", "true", timeout=20000)
    # A reload after the settlement lands on the result with the ready button (§3.6).
    hal.page.reload()
    hal.wait_connected()
    expect(hal.page.locator("#reveal")).to_have_attribute("data-done", "true", timeout=20000)
    expect(hal.page.get_by_role("button", name="Ready")).to_be_visible(timeout=20000)
    assert not gus.errors and not hal.errors, gus.errors + hal.errors
