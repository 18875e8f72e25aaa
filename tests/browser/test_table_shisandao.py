"""Issue 10 in a real browser: 十三道 (banker mode, RULES.md §8) at a live table.

Four players (one on a phone) bid for the bank (抢庄), put a card each into the pool and
choose from it (换牌 §8.2), arrange, and negotiate (谈判 §8.4): one pair agrees, one
rejects, one compares; the reveal shows each player against the banker with the pot, and
the replay's in-browser check passes (the rows are the dealt cards after the exchange, the
bank the highest bid). Three players go through the spare hand (§8.3): the banker
declines, the next player pays 1 道 and takes it.

At every phase no page shows a card its player may not see (RULES.md §10): before the
bank is settled, no card at all; in the pool, your own cards, your pool card and the one
offered to you. Each phase is photographed at 375×667 and 1280×800 under /tmp/shots10/.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player

pytestmark = pytest.mark.requires_chromium

PHASE_SECONDS = 40  # every phase's timer: room for four browsers on a 2-core machine
PHONE = {"width": 375, "height": 667}
DESKTOP = {"width": 1280, "height": 800}
SHOTS = Path("/tmp/shots10")


def shot(player: Player, name: str) -> None:
    """The whole page, and what the screen shows without scrolling (`-screen`)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    player.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    player.page.screenshot(path=str(SHOTS / f"{name}-screen.png"))
    player.shot(f"dao-{name}")


def model(player: Player, path: str):
    return player.page.evaluate(f"window.thirteenWater.model.{path}")


def may_see(player: Player) -> set[str]:
    """The cards this player may see now: their own, their pool card, the card offered."""
    you = model(player, "you") or {}
    allowed = set(you.get("cards") or [])
    if you.get("pool_card"):
        allowed.add(you["pool_card"])
    if you.get("offer"):
        allowed.add(you["offer"]["card"])
    return allowed


def no_peeking(players: list[Player]) -> None:
    for player in players:
        shown = player.codes_on_page()
        assert shown <= may_see(player), f"{player.username} sees {shown - may_see(player)}"


def sit_and_ready(players: list[Player], table_url: str) -> None:
    for player in players[1:]:
        player.page.goto(table_url)
        player.wait_connected()
        player.page.locator("#sit-button").click()
        expect(player.page.locator(".seat.you")).to_contain_text(player.display_name)
    for player in players:
        player.page.locator("#ready-button").click()
    for player in players:
        expect(player.page.locator("#phase-panel")).to_have_attribute("data-phase", "bidding")


def bid(player: Player, amount: int, last: bool = False) -> None:
    page = player.page
    page.fill("#bid-amount", str(amount))
    page.locator("#bid-button").click()
    if last:  # the last bid settles the bank at once
        expect(page.locator("#bank-strip")).to_be_visible()
    else:
        expect(page.locator("#your-bid")).to_contain_text(f"{amount} 道")


def submit_rows(players: list[Player]) -> None:
    for player in players:
        expect(player.page.locator("#rows button.card")).to_have_count(13)
        player.page.locator("#submit-button").click()  # Submit, or Declare when the hint laid out is a special


def deal(player: Player, pair: int):
    return player.page.locator(f'#negotiation .deal[data-pair="{pair}"]')


def test_four_players_bid_exchange_through_the_pool_and_negotiate(browser, table_server):
    server = table_server(arrange_seconds=PHASE_SECONDS)
    ann = Player(browser, server, "ann", "Ann", viewport=DESKTOP).register()
    ben = Player(browser, server, "ben", "Ben", viewport=PHONE).register()
    cat = Player(browser, server, "cat", "Cat", viewport=DESKTOP).register()
    dan = Player(browser, server, "dan", "Dan", viewport=PHONE).register()
    everyone = [ann, ben, cat, dan]
    sit_and_ready(everyone, ann.create_table("Thirteen roads", rule_set="Quick 十三道 table"))

    # 抢庄: no card is dealt before the bank; a bid placed shows who, never how much.
    for player in everyone:
        expect(player.page.locator("#phase-text")).to_contain_text("Bid for the bank")
        assert player.codes_on_page() == set()
    shot(ben, "bidding-phone")
    page = ann.page
    for _ in range(3):
        page.get_by_role("button", name="One more").click()
    expect(page.locator("#bid-button")).to_have_text("Bid 3 道")
    # A bid typed in the field is the one the button says (and sends).
    page.fill("#bid-amount", "5")
    expect(page.locator("#bid-button")).to_have_text("Bid 5 道")
    page.fill("#bid-amount", "3")
    expect(page.locator("#bid-button")).to_have_text("Bid 3 道")
    shot(ann, "bidding-desktop")
    page.locator("#bid-button").click()
    expect(page.locator("#your-bid")).to_contain_text("3 道")
    for player in (ben, cat, dan):
        expect(player.page.locator('#phase-panel .who-list li[data-position="0"]')).to_contain_text("has bid")
        expect(player.page.locator(".seat", has_text="Ann")).to_contain_text("Has bid")
        assert "3 道" not in player.page.locator("#phase-panel").inner_text()
    shot(dan, "bidding-one-in-phone")
    bid(ben, 1)
    bid(dan, 0)
    bid(cat, 5, last=True)

    # The bank: Cat bid highest. Every bid is revealed, the pot of 9 shared: 3 each.
    for player in everyone:
        expect(player.page.locator("#bank-strip")).to_contain_text("Banker: Cat")
        expect(player.page.locator("#bank-strip")).to_contain_text("Pot 9 道: 3 to each player.")
        expect(player.page.locator('.seat[data-position="2"] .banker-mark')).to_be_visible()
        expect(player.page.locator("#phase-panel")).to_have_attribute("data-phase", "exchanging")
    assert model(ann, "round.bids") == {"0": 3, "1": 1, "2": 5, "3": 0}

    # 换牌: everyone puts a card in face down.
    shot(ben, "pool-put-phone")
    for player in everyone:
        pick = player.page.locator("#phase-panel .pick-cards button.card").first
        expect(pick).to_be_visible()
        code = pick.get_attribute("data-code")
        pick.click()
        if player is ann:
            shot(ann, "pool-put-desktop")
        player.page.locator("#put-in-button").click()
        expect(player.page.locator(f'#phase-panel .phase-mine [data-code="{code}"]')).to_be_visible()
    no_peeking(everyone)

    # The banker chooses first; the others see whose face-down card Cat is looking at.
    expect(cat.page.locator("#take-button")).to_be_visible()
    offer = model(cat, "you.offer")
    expect(cat.page.locator(f'#phase-panel .offer [data-code="{offer["card"]}"]')).to_be_visible()
    seat_from = offer["from"]
    for player in (ann, ben, dan):
        expect(player.page.locator(f'.seat[data-position="{seat_from}"] .seat-offer')).to_contain_text("Card offered to Cat")
        expect(player.page.locator(".pool-slot.offered")).to_have_count(1)
    no_peeking(everyone)
    shot(cat, "pool-offer-desktop")
    shot(ben, "pool-choosing-phone")
    cat.page.locator("#pass-button").click()
    expect(cat.page.locator("#phase-panel")).to_contain_text("passed on")
    # Then whoever chooses takes the card offered, until the pool is empty.
    for _ in range(8):
        if model(ann, "round.phase") != "exchanging":
            break
        chooser = model(ann, "round.exchange.chooser")
        player = next((p for p in everyone if model(p, "you.position") == chooser), None)
        if player is None or not model(player, "you.offer"):
            ann.page.wait_for_timeout(200)
            continue
        if player is ben:
            shot(ben, "pool-offer-phone")
        player.page.locator("#take-button").click()
        expect(player.page.locator("#take-button")).to_have_count(0)
    for player in everyone:
        expect(player.page.locator("#arrange")).to_be_visible()
    no_peeking(everyone)

    # Arranging as always, on the cards held after the exchange.
    shot(ann, "arranging-desktop")
    shot(ben, "arranging-phone")
    for player in everyone:
        held = model(player, "you.cards")
        assert len(held) == 13 and player.my_cards() == set(held)
    submit_rows(everyone)

    # 谈判: Ann proposes she wins 2 道 and Cat accepts; Cat proposes 4 to Ben, who rejects;
    # Dan compares. Proposals are private to their pair.
    for player in everyone:
        expect(player.page.locator("#negotiation")).to_be_visible()
    expect(cat.page.locator("#negotiation .deal")).to_have_count(3)
    expect(ann.page.locator("#negotiation .deal")).to_have_count(1)
    shot(cat, "negotiation-banker-desktop")
    shot(ben, "negotiation-phone")
    ann_deal = deal(ann, 0)
    ann_deal.locator('[data-action="step"][data-by="1"]').click()
    ann_deal.locator('[data-action="step"][data-by="1"]').click()
    expect(ann_deal.locator(".deal-preview")).to_have_text("Your proposal: you win 2 道")
    ann_deal.get_by_role("button", name="Propose").click()
    expect(deal(ann, 0)).to_contain_text("You proposed: you win 2 道")
    expect(deal(cat, 0)).to_contain_text("Ann proposes: Ann wins 2 道")
    expect(ben.page.locator("#negotiation")).not_to_contain_text("Ann")
    shot(cat, "negotiation-answer-desktop")
    shot(ann, "negotiation-waiting-desktop")
    cat_ben = deal(cat, 1)
    cat_ben.locator("#deal-amount-1").fill("4")
    expect(cat_ben.locator(".deal-preview")).to_have_text("Your proposal: you win 4 道")
    cat_ben.get_by_role("button", name="Propose").click()
    expect(deal(ben, 1)).to_contain_text("Cat proposes: the banker wins 4 道")
    shot(ben, "negotiation-answer-phone")
    deal(cat, 0).get_by_role("button", name="Accept").click()
    expect(deal(ann, 0)).to_contain_text("Agreed: you win 2 道")
    deal(ben, 1).get_by_role("button", name="Reject").click()
    expect(deal(cat, 1)).to_contain_text("No deal")
    expect(cat.page.locator("#negotiation .deal-progress")).to_contain_text("2 of 3")
    deal(dan, 3).get_by_role("button", name="Compare rows").click()

    # The reveal: each player against the banker, Ann's pair agreed at +2 for her.
    for player in everyone:
        reveal = player.page.locator("#reveal")
        expect(reveal).to_be_visible()
        expect(reveal).to_have_attribute("data-done", "true", timeout=20000)
        expect(player.page.locator("#banker-summary")).to_be_visible()
    settled = model(ann, "round")
    assert settled["banker"] == 2
    agreed = next(pair for pair in settled["pairs"] if pair["b"] == 0)
    assert agreed["negotiated"] and agreed["points"] == -2
    assert not next(pair for pair in settled["pairs"] if pair["b"] == 1)["negotiated"]
    summary = ann.page.locator("#banker-summary")
    expect(summary.locator('tr[data-position="0"]')).to_contain_text("agreed")
    expect(summary.locator('tr[data-position="0"] td').first).to_have_text("+2")
    expect(summary.locator('tr[data-position="2"]')).to_contain_text("Cat (banker)")
    for hand in settled["hands"]:
        total = settled["totals"][str(hand["position"])]
        expect(summary.locator(f'tr[data-position="{hand["position"]}"] td').last).to_have_text(
            f"+{total}" if total > 0 else (f"−{-total}" if total < 0 else "0"))
    expect(ann.page.locator(".reveal-hand.banker")).to_contain_text("Cat")
    expect(ann.page.locator("#announcements")).to_contain_text("Ann and the banker agreed")
    shot(ann, "reveal-desktop")
    shot(ben, "reveal-phone")

    # The replay: the bank, the exchange with its cards, the agreement, the pot; the deal
    # checked in the browser after the exchange.
    with ann.page.expect_navigation():
        ann.page.get_by_role("link", name="Watch the replay").click()
    page = ann.page
    expect(page.locator("#verify-browser")).to_have_attribute("data-result", "ok")
    steps = page.locator("#replay-steps")
    expect(steps).to_contain_text("Cat takes the bank")
    expect(steps).to_contain_text("into the pool")
    expect(steps).to_contain_text("Ann and the banker agree")
    expect(steps).to_contain_text("Bids, the pot")
    page.locator("#replay-steps button", has_text="Cat takes the bank").click()
    expect(page.locator(".replay-seat.banker")).to_contain_text("Cat")
    shot(ann, "replay-desktop")
    assert all(not p.errors for p in everyone), [p.errors for p in everyone]


def test_three_players_the_banker_declines_the_spare_hand_and_a_player_takes_it(browser, table_server):
    server = table_server(arrange_seconds=PHASE_SECONDS)
    ben = Player(browser, server, "ben", "Ben", viewport=DESKTOP).register()
    # Ann plays in Chinese on a phone: the banker's words are checked in the catalogue's.
    ann = Player(browser, server, "ann", "Ann", viewport=PHONE)
    ann.context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": server.url}])
    ann.register()
    cat = Player(browser, server, "cat", "Cat", viewport=PHONE).register()
    everyone = [ben, ann, cat]  # seats 0, 1, 2
    sit_and_ready(everyone, ben.create_table("Three roads", rule_set="Quick 十三道 table",
                                             seats=3))
    expect(ann.page.locator("#phase-text")).to_contain_text("抢庄")
    bid(ann, 2)
    bid(ben, 0)
    bid(cat, 0, last=True)

    # The bank is Ann's; the spare hand is offered to her first.
    for player in (ben, cat):
        expect(player.page.locator("#bank-strip")).to_contain_text("Banker: Ann")
        expect(player.page.locator("#phase-panel")).to_contain_text("The spare hand")
    expect(ann.page.locator("#bank-strip")).to_contain_text("庄家：Ann")
    expect(ann.page.locator("#swap-button")).to_have_text("换：付 2 道")
    expect(ben.page.locator("#phase-panel")).to_contain_text("Ann (the banker) is deciding")
    no_peeking(everyone)
    shot(ann, "spare-banker-phone-zh")
    shot(ben, "spare-waiting-desktop")
    ann.page.locator("#keep-button").click()

    # Cat is next clockwise: she pays the banker 1 道 and takes the 13 spare cards.
    swap = cat.page.locator("#swap-button")
    expect(swap).to_have_text("Take it: pay Ann 1 道")
    expect(ben.page.locator("#phase-panel")).to_contain_text(
        "Cat is deciding whether to take the spare hand from Ann")
    expect(ann.page.locator("#phase-text")).to_contain_text("正在等 Cat 决定是否换底牌")
    shot(cat, "spare-player-phone")
    shot(ben, "spare-waiting-other-desktop")
    dealt = set(model(cat, "you.cards"))
    swap.click()
    for player in everyone:
        expect(player.page.locator("#arrange")).to_be_visible()
    for player in (ben, cat):
        expect(player.page.locator("#bank-strip")).to_contain_text("Spare hand: Cat −1, Ann +1")
    expect(ann.page.locator("#bank-strip")).to_contain_text("换底牌：Cat −1, Ann +1")
    held = set(model(cat, "you.cards"))
    assert len(held) == 13 and not held & dealt  # the spare hand is none of her dealt cards
    no_peeking(everyone)
    shot(ann, "arranging-banker-phone-zh")
    for player in everyone:
        expect(player.page.locator("#rows button.card")).to_have_count(13)
        player.page.locator("#submit-button").click()

    for player in (ben, cat):
        expect(player.page.locator("#negotiation .deal")).to_have_count(1)
    expect(ann.page.locator("#negotiation .deal")).to_have_count(2)
    expect(ann.page.locator("#negotiation")).to_contain_text("你与 Ben")
    shot(ann, "negotiation-banker-phone-zh")
    for player in (ben, cat):
        deal(player, model(player, "you.position")).get_by_role("button", name="Compare rows").click()
    for player in everyone:
        expect(player.page.locator("#reveal")).to_have_attribute("data-done", "true", timeout=20000)
    summary = ben.page.locator("#banker-summary")
    expect(summary.locator('tr[data-position="2"]')).to_contain_text("spare hand −1")
    expect(summary.locator('tr[data-position="1"]')).to_contain_text("spare hand +1")
    expect(ann.page.locator("#banker-summary")).to_contain_text("与庄家结算")
    expect(ann.page.locator('#banker-summary tr[data-position="1"]')).to_contain_text("换底牌 +1")
    shot(ann, "reveal-three-phone-zh")
    shot(ben, "reveal-three-desktop")

    with ben.page.expect_navigation():
        ben.page.get_by_role("link", name="Watch the replay").click()
    expect(ben.page.locator("#verify-browser")).to_have_attribute("data-result", "ok")
    expect(ben.page.locator("#replay-steps")).to_contain_text("Cat pays Ann 1 道 and takes the spare hand")
    ben.page.locator("#replay-steps button", has_text="takes the spare hand").click()
    # From the swap on, Cat's seat shows the spare hand she went on with, every card new.
    cat_seat = ben.page.locator('.replay-seat[data-position="2"]')
    expect(cat_seat.locator(".replay-card.candidate")).to_have_count(13)
    expect(ben.page.locator('.replay-seat[data-position="0"] .replay-card.candidate')).to_have_count(0)
    shot(ben, "replay-three-desktop")
    with ann.page.expect_navigation():
        ann.page.locator("#replay-link").click()
    expect(ann.page.locator("#verify-browser")).to_have_attribute("data-result", "ok")
    ann.page.locator("#replay-steps button", has_text="坐庄").first.click()
    expect(ann.page.locator(".replay-seat.banker")).to_contain_text("Ann")
    shot(ann, "replay-three-phone-zh")
    assert all(not p.errors for p in everyone), [p.errors for p in everyone]
