"""The panels around the rows stay under a finger too (test_still_under_a_finger.py is the
rows and the trays): the table draws them again on every message (a bot bidding or
comparing, a player's Ready, a seat's news), and a button replaced between a finger's
press and its lift lost the tap. 十三道's bid panel and negotiation and the seats are
drawn with dom.js showChildren(…, {deep: true}), the hints with showChildren: each test
presses a button, lets the held messages through while it is down, and lifts it (or marks
the elements with a JS property and looks for them after the news)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import HeldMessages, Player
from tests.browser.test_desktop_submit_in_view import DAO, dao_dealt
from tests.browser.test_first_hour import SHOTS, SIZES
from tests.browser.test_phone_arranging import practise_dealt, practise_readied
from tests.browser.test_still_under_a_finger import KEPT, MARK

pytestmark = pytest.mark.requires_chromium

# What the page sends, as the views hand it to the socket.
SPY = """() => {
    const client = window.thirteenWater.client;
    const send = client.send.bind(client);
    window.sentForTest = [];
    client.send = (message) => { window.sentForTest.push(message); return send(message); };
}"""


def press_across_the_news(page, button, news: HeldMessages, holding: dict) -> list[str]:
    """Press `button`, hold the socket's messages until one comes, let them through while
    it is still down, then lift it; messages after those wait until the caller lets them
    go. Returns the kinds of the messages let through."""
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    holding["on"] = True
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    news.wait(page)
    kinds = [json.loads(message)["type"] for message in news.held]
    news.release()
    page.wait_for_timeout(300)  # the page has drawn them
    page.mouse.up()
    return kinds


def let_go(news: HeldMessages, holding: dict) -> None:
    holding["on"] = False
    news.release()


def test_a_bid_pressed_as_a_bot_bids_is_placed(browser, table_server):
    server = table_server(arrange_seconds=120)
    player = Player(browser, server, "bidfinger", "Mei", viewport=SIZES["phone"]).register()
    page = player.page
    holding = {"on": False}
    news = HeldMessages(page, lambda message: holding["on"])
    practise_readied(player, DAO, bots=3)
    expect(page.locator("#phase-panel")).to_have_attribute("data-phase", "bidding", timeout=20000)
    kinds = press_across_the_news(page, page.locator("#bid-button"), news, holding)
    let_go(news, holding)
    expect(page.locator("#your-bid")).to_contain_text("0 道")
    page.screenshot(path=f"{SHOTS}/finger-bid-placed-phone.png")
    assert not player.errors, (player.errors, kinds)


def test_a_proposal_pressed_as_another_pair_is_decided_is_sent(browser, table_server):
    """The player is banker (the bots bid nothing) with three pairs to settle; a bot sends
    its pair to comparison while the player's finger is on another pair's Propose."""
    server = table_server(arrange_seconds=120)
    player = Player(browser, server, "dealfinger", "Mei", viewport=SIZES["desktop"]).register()
    page = player.page
    holding = {"on": False}
    news = HeldMessages(page, lambda message: holding["on"])
    dao_dealt(player, bots=3, bid=1)
    page.locator("#submit-button").click()  # Submit, or Declare when the hint laid out is a special
    expect(page.locator("#negotiation .deal")).to_have_count(3, timeout=60000)
    page.evaluate(SPY)
    # Held from now: which pair the first bot decides is known before the finger goes down.
    holding["on"] = True
    decided: set[int] = set()
    for _ in range(600):
        decided = {json.loads(m)["pair"] for m in news.held if json.loads(m)["type"] == "negotiated"}
        if decided:
            break
        page.wait_for_timeout(50)
    assert decided, "no bot compared"
    open_pairs = [int(pair) for pair in page.locator('#negotiation .deal[data-mode="propose"]').evaluate_all(
        "nodes => nodes.map((node) => node.dataset.pair)")]
    pair = next(p for p in open_pairs if p not in decided)
    propose = page.locator(f'#negotiation .deal[data-pair="{pair}"] [data-action="propose"]')
    kinds = press_across_the_news(page, propose, news, holding)
    sent = page.evaluate("window.sentForTest")
    let_go(news, holding)
    assert {"type": "propose", "pair": pair, "amount": 0} in sent, (sent, kinds)
    page.screenshot(path=f"{SHOTS}/finger-proposal-sent-desktop.png")
    assert not player.errors, (player.errors, kinds)


def test_a_seat_taken_as_another_player_readies_is_taken(browser, table_server):
    """A watcher presses an empty seat's Sit while the host's Ready comes."""
    server = table_server(arrange_seconds=120)
    host = Player(browser, server, "seathost", "Ann").register()
    watcher = Player(browser, server, "seatwatch", "Ben", viewport=SIZES["phone"]).register()
    url = host.create_table("Seats under a finger")
    page = watcher.page
    holding = {"on": False}
    news = HeldMessages(page, lambda message: holding["on"])
    page.goto(url)
    watcher.wait_connected()
    sit = page.locator(".seat.empty button[data-sit]").first
    expect(sit).to_be_visible()
    sit.scroll_into_view_if_needed()
    box = sit.bounding_box()
    holding["on"] = True
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    host.page.locator("#ready-button").click()
    news.wait(page)
    news.release()
    page.wait_for_timeout(300)
    page.mouse.up()
    let_go(news, holding)
    expect(page.locator(".seat.you")).to_contain_text("Ben")
    page.screenshot(path=f"{SHOTS}/finger-seat-taken-phone.png")
    assert not watcher.errors and not host.errors, (watcher.errors, host.errors)


def test_a_hint_taken_keeps_the_list_it_was_taken_from(browser, table_server):
    """A hint taken is marked where it is: every hint's button is the element it was, and
    the keyboard's focus stays on the one taken (the whole list was drawn again, half a
    second after a tap and at once after a key)."""
    server = table_server(arrange_seconds=120)
    player = Player(browser, server, "hintfinger", "Mei", viewport=SIZES["desktop"]).register()
    page = player.page
    practise_dealt(player, "Quick test table", bots=1)
    expect(page.locator("#hint-list button.hint.best")).to_have_count(1, timeout=30000)
    hints = page.locator("#hint-list button.hint")
    count = hints.count()
    assert count >= 3, count
    selectors = [f'#hint-list button.hint[data-index="{index}"]' for index in range(count)]
    for selector in selectors:
        page.evaluate(MARK, selector)
    tapped = page.locator(selectors[1])
    tapped.click()
    expect(tapped).to_have_attribute("aria-pressed", "true")
    page.wait_for_timeout(800)  # past the list's hold after a release
    assert [page.evaluate(KEPT, selector) for selector in selectors] == [True] * count
    # By the keyboard: the focus stays on the hint taken.
    keyed = page.locator(selectors[2])
    keyed.focus()
    page.keyboard.press("Enter")
    expect(keyed).to_have_attribute("aria-pressed", "true")
    page.wait_for_timeout(800)
    assert page.evaluate(KEPT, selectors[2]), "the hint taken was drawn again"
    assert page.evaluate(f"document.activeElement === document.querySelector('{selectors[2]}')")
    page.screenshot(path=f"{SHOTS}/finger-hint-kept-desktop.png")
    assert not player.errors, player.errors
