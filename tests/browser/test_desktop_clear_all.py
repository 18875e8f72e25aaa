"""Clear all on a desktop (1280×800): every card back in the hand, Submit, the back row and
the last card of the hand are in view without scrolling, as they are on a phone
(test_first_hour_leftovers.py). 多三张 (16 cards, 3 to discard) pushed Submit to 830–873 px
with two players: the column beside the rows held the 13 on two lines and the candidates'
and discards' trays with their notes. The plain game and 十三道 (its bank's strip above
the rows) with four players are checked alike. Screenshots go to /tmp/shots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player
from tests.browser.test_first_hour import SHOTS, SIZES, fits_across
from tests.browser.test_phone_arranging import practise_dealt
from tests.browser.test_special_declare import in_view

pytestmark = pytest.mark.requires_chromium

DAO = "Quick 十三道 table"


def dao_dealt(player: Player, bots: int) -> None:
    """A practice 十三道 table with `bots` bots, dealt: the player bids nothing and goes
    through the exchange (keeping, putting in or taking what is offered) to the rows."""
    page = player.page
    page.goto(player.server.url + "/tables/")
    page.select_option("#id_practise-rule_set", label=page.locator(
        "#id_practise-rule_set option", has_text=DAO).first.inner_text())
    page.select_option("#id_practise-bots", str(bots))
    with page.expect_navigation():
        page.locator("section.practise button[type=submit]").click()
    player.wait_connected()
    expect(page.locator(".seat.ready:not(.you)")).to_have_count(bots, timeout=20000)
    page.locator("#ready-button").click()
    expect(page.locator("#phase-panel")).to_have_attribute("data-phase", "bidding", timeout=20000)
    page.fill("#bid-amount", "0")
    page.locator("#bid-button").click()
    for _ in range(100):
        if page.evaluate("(window.thirteenWater.model.round || {}).phase") == "arranging":
            break
        for button in ("#put-in-button", "#take-button", "#keep-button"):
            if page.locator(button).is_visible():
                if button == "#put-in-button":
                    page.locator("#phase-panel .pick-cards button.card").first.click()
                page.locator(button).click(timeout=2000)
        page.wait_for_timeout(300)
    expect(page.locator("#rows button.card")).to_have_count(13, timeout=20000)


@pytest.mark.parametrize("rule_set, cards, bots", [
    ("Quick 多三张 table", 16, 1), ("Quick 多三张 table", 16, 2),
    ("Quick test table", 13, 3), (DAO, 13, 3)])
def test_submit_and_the_back_row_stay_in_view_after_clear_all_on_a_desktop(
        browser, table_server, rule_set, cards, bots):
    server = table_server(arrange_seconds=120)
    player = Player(browser, server, f"desk{cards}x{bots}", "Mei", viewport=SIZES["desktop"]).register()
    if rule_set == DAO:
        dao_dealt(player, bots)
    else:
        practise_dealt(player, rule_set, cards=cards, bots=bots)
    page = player.page
    # The advisor's values widen the hints they mark: the layout is then as the player keeps it.
    expect(page.locator("#hint-list button.hint.best")).to_have_count(1, timeout=30000)
    page.get_by_role("button", name="Clear all").click()
    expect(page.locator("[data-tray=dealt] button.card")).to_have_count(13)
    if cards > 13:
        expect(page.locator("[data-tray=candidates] button.card")).to_have_count(3)
    page.evaluate("window.scrollTo(0, 0)")
    name = "extra" if cards > 13 else "dao" if rule_set == DAO else "plain"
    page.screenshot(path=f"{SHOTS}/desktop-cleared-{name}-{bots + 1}-players.png")
    in_view(page, page.locator("#submit-button"))
    in_view(page, page.locator("#rows"))  # the back row and the felt's frame round the rows
    in_view(page, page.locator("[data-tray=dealt] button.card").last)
    if cards > 13:
        in_view(page, page.locator("[data-tray=candidates] button.card").last)
        in_view(page, page.locator("[data-tray=discards]"))
    in_view(page, page.locator("#hint-list button.hint.best"))
    fits_across(page)
    # Every card of the hand is there to click: the one clicked is the one picked.
    hand = page.locator("[data-tray=dealt] button.card")
    hand.nth(5).click()
    expect(hand.nth(5)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-tray=dealt] button.card[aria-pressed=true]")).to_have_count(1)
    assert not player.errors, player.errors
