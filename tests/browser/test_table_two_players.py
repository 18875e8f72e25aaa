"""Issue 4 in a real browser: two players register, sit, press ready; one submits with a
hint, the other lets the arrange timer submit for them; both see the settled result, which
links to its replay. No page ever shows the other player's cards before the reveal
(RULES.md §10)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player

pytestmark = pytest.mark.requires_chromium

ARRANGE_SECONDS = 12


def hidden_information_holds(*players: Player) -> None:
    for player in players:
        shown = player.codes_on_page()
        assert shown <= player.my_cards(), f"{player.username} sees {shown - player.my_cards()}"


def test_two_players_one_hint_one_timer_both_see_the_settlement(browser, table_server):
    server = table_server(arrange_seconds=ARRANGE_SECONDS)
    alice = Player(browser, server, "alice", "Alice").register()
    bob = Player(browser, server, "bob", "Bob").register()

    alice.create_table("Alice's table", seats=2)
    expect(alice.page.locator(".seat.you")).to_contain_text("Alice")
    bob.open_lobby()
    lobby_row = bob.page.locator("tr", has_text="Alice's table")
    expect(lobby_row).to_contain_text("1/2")  # the room seats two
    with bob.page.expect_navigation():
        lobby_row.get_by_role("button", name="Join").click()
    bob.wait_connected()
    expect(alice.page.locator(".seat", has_text="Bob")).to_contain_text("Not ready")

    alice.page.get_by_role("button", name="Ready").click()
    expect(bob.page.locator(".seat", has_text="Alice")).to_contain_text("Ready")
    bob.page.get_by_role("button", name="Ready").click()

    for player in (alice, bob):
        expect(player.page.locator("#arrange")).to_be_visible()
        # The first hint is already laid out (seed 000 §3.4): 13 cards in the rows.
        expect(player.page.locator("#rows button.card")).to_have_count(13)
        first_hint = player.page.locator("#hint-list button.hint[data-index=\"0\"]")
        expect(first_hint).to_have_attribute("aria-pressed", "true")
        expect(player.page.locator("#clock")).to_be_visible()
        assert len(player.my_cards()) == 13
    assert not alice.my_cards() & bob.my_cards()
    hidden_information_holds(alice, bob)
    alice.shot("two-players-arranging")

    hint = alice.page.locator("#hint-list button.hint[data-index=\"1\"]")
    hint.click()
    expect(hint).to_have_attribute("aria-pressed", "true")
    expect(alice.page.locator("#submit-button")).to_have_attribute("aria-disabled", "false")
    # A random deal: when her cards form a special (1.6 % of hands), plain rows are asked
    # about before they go in (test_special_declare); she keeps them plain.
    special = alice.page.evaluate("Boolean(window.thirteenWater.model.you.hints[0].special)")
    alice.page.get_by_role("button", name="Submit rows").click()
    if special:
        alice.page.locator("#special-question [data-answer=plain]").click()
    expect(alice.page.locator("#phase-text")).to_contain_text("Your rows are in")
    expect(bob.page.locator(".seat", has_text="Alice")).to_contain_text("Submitted")
    hidden_information_holds(alice, bob)

    # Bob does nothing; the server's timer submits his first hint and settles the round.
    for player in (alice, bob):
        expect(player.page.locator("#reveal")).to_be_visible(timeout=(ARRANGE_SECONDS + 20) * 1000)
        expect(player.page.locator("#reveal")).to_have_attribute("data-done", "true", timeout=20000)
        expect(player.page.locator(".reveal-hand")).to_have_count(2)
    bob_panel = alice.page.locator(".reveal-hand", has_text="Bob")
    expect(bob_panel.locator(".badge.auto")).to_be_visible()
    # Both pages show the same totals, and they sum to zero.
    totals = {}
    for player in (alice, bob):
        shown = {}
        for name in ("Alice", "Bob"):
            panel = player.page.locator(".reveal-hand", has_text=name)
            text = panel.locator(".reveal-total").inner_text()
            shown[name] = int(text.replace("−", "-").replace("+", ""))
        totals[player.username] = shown
    assert totals["alice"] == totals["bob"]
    assert sum(totals["alice"].values()) == 0
    # The reveal ends with a link to the round's replay; the header leads to the table's rounds.
    round_id, table_id = alice.page.evaluate(
        "[window.thirteenWater.model.round.id, window.thirteenWater.model.table.id]")
    for player in (alice, bob):
        expect(player.page.get_by_role("link", name="Watch the replay")).to_have_attribute(
            "href", f"/replays/{round_id}/")
        expect(player.page.get_by_role("link", name="Table history")).to_have_attribute(
            "href", f"/history/tables/{table_id}/")
    # After the reveal everyone's 26 cards are on both pages.
    assert len(alice.codes_on_page()) == 26 and alice.codes_on_page() == bob.codes_on_page()
    expect(alice.page.locator("#phase-text")).to_contain_text("Round 1 is settled")
    expect(alice.page.get_by_role("button", name="Ready")).to_be_visible()
    alice.shot("two-players-settled")
    bob.shot("two-players-settled-bob")
    with bob.page.expect_navigation():
        bob.page.get_by_role("link", name="Watch the replay").click()
    expect(bob.page.get_by_role("heading", level=1)).to_have_text("Replay: Alice's table, round 1")
    assert not alice.errors and not bob.errors, alice.errors + bob.errors
