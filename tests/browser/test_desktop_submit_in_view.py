"""Submit in view after Clear all on a desktop (1280×800), whatever the deal. In 多三张
(16 cards, 3 left out) the 13 back in the tray on two lines, the candidates' and the
discards' trays pushed Submit below the fold with two, three and four players, and 十三道
with four players kept it in view by 4 px. A card size chosen to fit failed on other
deals (how the hints and the seats' words wrap moved Submit between 767 and 810 px), so
the bar sticks to the screen's foot instead (felt.css). Each case is dealt once here (a
random deal); when written, each was run on nine deals. What the stuck bar lies over is
still there to press: scrolled to the page's end it is back under the trays, and every
card and row button of the arrange area is uncovered at the top of the page or at its
end. Phones (375×667, 667×375) keep their own layout, where the round fits the screen:
there the bar does not stick. Screenshots go to /tmp/shots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player
from tests.browser.test_first_hour import SHOTS, SIZES, fits_across
from tests.browser.test_phone_arranging import practise_dealt, practise_readied

pytestmark = pytest.mark.requires_chromium

EXTRA = "Quick 多三张 table"
DAO = "Quick 十三道 table"
DEALS = range(1)  # raise to try more deals at once

# One read of the page (a locator looked up, then measured, can meet a node the table has
# just redrawn): Submit's and the bar's boxes, the window, and which of the buttons a
# player presses in the rows and the trays are drawn on top where they are.
MEASURE = """() => {
    const box = (node) => {
        const r = node.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
    };
    const pressable = [...document.querySelectorAll("#rows button, #hand-zone button")];
    const onTop = pressable.map((node) => {
        const r = node.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
        const top = document.elementFromPoint(x, y);
        return top !== null && (top === node || node.contains(top));
    });
    return {submit: box(document.querySelector("#submit-button")),
            bar: box(document.querySelector(".submit-bar")),
            trays: box(document.querySelector("#hand-zone")),
            position: getComputedStyle(document.querySelector(".submit-bar")).position,
            width: innerWidth, height: innerHeight, scrollY: scrollY,
            scrollMax: document.documentElement.scrollHeight - innerHeight,
            onTop, pressable: pressable.length};
}"""


def dao_dealt(player: Player, bots: int, bid: int = 0) -> None:
    """A practice 十三道 table with `bots` bots, dealt: the player bids `bid` (the bots bid
    nothing: more makes the player banker) and goes through the exchange (keeping, putting
    in or taking what is offered) to the rows."""
    page = player.page
    practise_readied(player, DAO, bots)
    expect(page.locator("#phase-panel")).to_have_attribute("data-phase", "bidding", timeout=20000)
    page.fill("#bid-amount", str(bid))
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


def cleared(browser, table_server, rule_set: str, bots: int, size: str, name: str) -> Player:
    """A table of `rule_set` with `bots` bots dealt at `size`, the advisor's values in (they
    widen the hints they mark), then Clear all: every card back in the trays."""
    server = table_server(arrange_seconds=180)
    player = Player(browser, server, name, "Mei", viewport=SIZES[size]).register()
    if rule_set == DAO:
        dao_dealt(player, bots)
    else:
        practise_dealt(player, rule_set, cards=16, bots=bots)
    page = player.page
    expect(page.locator("#hint-list button.hint.best")).to_have_count(1, timeout=30000)
    page.locator('[data-action="clear-all"]').click()
    expect(page.locator("#rows button.card")).to_have_count(0)
    expect(page.locator("[data-tray=dealt] button.card")).to_have_count(13)
    if rule_set == EXTRA:
        expect(page.locator("[data-tray=candidates] button.card")).to_have_count(3)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(200)  # the page settles (the trays redrawn, the scroll applied)
    return player


def inside(box: dict, width: int, height: int) -> bool:
    return box["left"] >= 0 and box["top"] >= 0 and box["right"] <= width and box["bottom"] <= height


@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize("rule_set, bots", [(EXTRA, 1), (EXTRA, 2), (EXTRA, 3), (DAO, 3)],
                         ids=["extra-2-players", "extra-3-players", "extra-4-players", "dao-4-players"])
def test_submit_is_in_view_after_clear_all_at_1280_by_800_on_every_deal(
        browser, table_server, rule_set, bots, deal):
    name = "extra" if rule_set == EXTRA else "dao"
    player = cleared(browser, table_server, rule_set, bots, "desktop", f"d{name}{bots}n{deal}")
    page = player.page
    page.screenshot(path=f"{SHOTS}/desktop-submit-{name}-{bots + 1}-players-deal{deal}-top.png")
    top = page.evaluate(MEASURE)
    assert top["scrollY"] == 0, top
    assert inside(top["submit"], top["width"], top["height"]), top
    assert inside(top["bar"], top["width"], top["height"]), top

    # What the bar lies over comes out from under it: at the page's end the bar is in its
    # place under the trays, and every card and button of the rows and the trays is drawn
    # on top at the page's top or at its end.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(200)
    end = page.evaluate(MEASURE)
    page.screenshot(path=f"{SHOTS}/desktop-submit-{name}-{bots + 1}-players-deal{deal}-end.png")
    assert end["scrollY"] >= end["scrollMax"] - 1, end
    assert inside(end["submit"], end["width"], end["height"]), end
    assert end["bar"]["top"] >= end["trays"]["bottom"], (end["bar"], end["trays"])
    assert top["pressable"] == end["pressable"] > 13, (top["pressable"], end["pressable"])
    hidden = [i for i, (a, b) in enumerate(zip(top["onTop"], end["onTop"])) if not (a or b)]
    assert not hidden, f"covered at the top and at the end: {hidden}"
    fits_across(page)

    # The tray's last card, under the bar at the top on most deals, is picked where it is.
    last = page.locator("#hand-zone button.card").last
    last.click()
    expect(last).to_have_attribute("aria-pressed", "true")
    assert not player.errors, player.errors


@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_on_a_phone_the_bar_keeps_its_place_after_clear_all(browser, table_server, size):
    """A phone fits the round to its screen (felt.css, table.css): the bar does not stick
    there, and Submit is in view after Clear all as before."""
    player = cleared(browser, table_server, EXTRA, 1, size, f"p{size}")
    page = player.page
    page.screenshot(path=f"{SHOTS}/phone-submit-extra-cleared-{size}.png")
    seen = page.evaluate(MEASURE)
    assert seen["position"] == "static", seen["position"]
    assert inside(seen["submit"], seen["width"], seen["height"]), seen
    fits_across(page)
    assert not player.errors, player.errors
