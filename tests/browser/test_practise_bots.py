"""Issue 16 in a real browser: a player opens "Practise with bots" in the lobby, sits at a
private table with the bots, presses ready — the bots ready themselves and arrange after
their pause, through the server's own Celery tasks — submits a hint and sees the
settlement. The page never shows a bot's cards before the reveal."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player

pytestmark = pytest.mark.requires_chromium

ARRANGE_SECONDS = 40  # long enough that the bots, not the timer, submit their rows


def test_practise_with_bots_plays_a_round_to_its_settlement(browser, table_server):
    server = table_server(arrange_seconds=ARRANGE_SECONDS)
    alice = Player(browser, server, "alice", "Alice").register()
    alice.open_lobby()
    page = alice.page
    practise = page.locator("section.practise")
    expect(practise.get_by_role("heading", name="Practise with bots")).to_be_visible()
    page.select_option("#id_practise-rule_set", label=page.locator(
        "#id_practise-rule_set option", has_text="Quick test table").first.inner_text())
    page.select_option("#id_practise-bots", "2")
    page.select_option("#id_practise-level", "normal")
    alice.shot("practise-lobby")
    with page.expect_navigation():
        practise.get_by_role("button", name="Practise with bots").click()
    alice.wait_connected()
    expect(page.locator(".seat")).to_have_count(3)
    expect(page.locator(".seat", has_text="Bot 1")).to_be_visible()
    expect(page.locator(".seat", has_text="Bot 2")).to_be_visible()
    # The bots ready themselves after their pause.
    for name in ("Bot 1", "Bot 2"):
        expect(page.locator(".seat", has_text=name)).to_contain_text("Ready", timeout=20000)

    page.get_by_role("button", name="Ready").click()
    expect(page.locator("#arrange")).to_be_visible(timeout=20000)
    expect(page.locator("#rows button.card")).to_have_count(13)
    mine = alice.my_cards()
    assert len(mine) == 13 and alice.codes_on_page() <= mine
    alice.shot("practise-arranging")
    page.locator("#submit-button").click()  # Submit, or Declare when the hint laid out is a special

    expect(page.locator("#reveal")).to_be_visible(timeout=30000)
    expect(page.locator("#reveal")).to_have_attribute("data-done", "true", timeout=20000)
    expect(page.locator(".reveal-hand")).to_have_count(3)
    for name in ("Bot 1", "Bot 2"):
        # The bots submitted their own rows: no timer badge on their hands.
        expect(page.locator(".reveal-hand", has_text=name).locator(".badge.auto")).to_have_count(0)
    alice.shot("practise-settled")
    assert not alice.errors, alice.errors
