"""A player's first hour, the leftovers (issue 24's follow-ups), in a real browser at the
sizes each concerns: 多三张's Submit stays in view after Clear all on a phone; the open chat
covers no seat on a desktop; held sideways an empty candidates tray's title shows whole;
the reveal's "Every pair" table scrolls in its own wrapper on a phone; and a tap on a hint
lands on that hint when the advisor's values arrive under it (bots' faces: now
test_first_hour_faces.py). Screenshots go to /tmp/shots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import HeldMessages, Player
from tests.browser.test_first_hour import SHOTS, SIZES, fits_across
from tests.browser.test_phone_arranging import practise_dealt, uncovered
from tests.browser.test_special_declare import in_view

pytestmark = pytest.mark.requires_chromium


def whole(locator) -> None:
    """The element's text is not cut: nothing overflows its box (no ellipsis)."""
    sizes = locator.evaluate("n => [n.scrollWidth, n.clientWidth, n.textContent]")
    assert sizes[0] <= sizes[1] + 1, f"cut: {sizes}"


def valued_deal(browser, table_server, username: str, size: str, rule_set: str,
                cards: int = 13, bots: int = 1, special_seat: int | None = None) -> Player:
    """A practice table of `rule_set` dealt at `size`, once the advisor's values are in
    (they widen the hints they mark: the layout is then as the player keeps it);
    `special_seat`: the seat every deal gives a special hand (live_server.py)."""
    server = table_server(arrange_seconds=120, special_seat=special_seat, players=bots + 1)
    player = Player(browser, server, username, "Mei", viewport=SIZES[size]).register()
    practise_dealt(player, rule_set, cards=cards, bots=bots)
    expect(player.page.locator("#hint-list button.hint.best")).to_have_count(1, timeout=30000)
    return player


def apart(a: dict, b: dict) -> bool:
    return (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
            or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


# --- 1. Clear all on a phone -----------------------------------------------------------------


# A special hand's second Declare button beside Submit squeezed the reason to four lines,
# and Submit, centred in the taller bar, ended 15 px above the fold (one CI run in four).
@pytest.mark.parametrize("rule_set, cards, bots, special_seat", [
    ("Quick 多三张 table", 16, 1, None), ("Quick test table", 13, 3, None), ("Quick test table", 13, 3, 0)],
    ids=["extra-three", "four-players", "four-players-special"])
def test_submit_stays_in_view_after_clear_all_on_a_phone(browser, table_server, rule_set, cards, bots,
                                                         special_seat):
    player = valued_deal(browser, table_server, f"clear{cards}", "phone", rule_set, cards=cards, bots=bots,
                         special_seat=special_seat)
    page = player.page
    page.get_by_role("button", name="Clear all").click()
    expect(page.locator("[data-tray=dealt] button.card")).to_have_count(13)
    if cards > 13:
        expect(page.locator("[data-tray=candidates] button.card")).to_have_count(3)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=f"{SHOTS}/leftovers-cleared-{cards}{'-special' if special_seat is not None else ''}-phone.png")
    in_view(page, page.locator("#submit-button"))
    # Not just in view: a comfortable thumb's margin under it (it ended 4–7 px above the fold).
    submit = page.locator("#submit-button").bounding_box()
    assert SIZES["phone"]["height"] - (submit["y"] + submit["height"]) >= 24, submit
    in_view(page, page.locator("#rows [data-zone=back]"))
    in_view(page, page.locator("[data-tray=dealt] button.card").last)
    if cards > 13:
        in_view(page, page.locator("[data-tray=candidates] button.card").last)
    fits_across(page)
    # Every card of the fan is there to tap: the one tapped is the one picked.
    fan = page.locator("[data-tray=dealt] button.card")
    fan.nth(5).click()
    expect(fan.nth(5)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-tray=dealt] button.card[aria-pressed=true]")).to_have_count(1)
    assert not player.errors, player.errors


# --- 2. the open chat on a desktop ----------------------------------------------------------------


def test_the_open_chat_covers_no_seat_on_a_desktop(browser, table_server):
    player = valued_deal(browser, table_server, "chatdesk", "desktop", "Quick test table", bots=3)
    page = player.page
    page.locator("#chat-toggle").click()
    chat = page.locator("#chat")
    expect(chat).to_be_visible()
    page.screenshot(path=f"{SHOTS}/leftovers-chat-desktop.png")
    drawer = chat.bounding_box()
    seats = page.locator("#seats .seat")
    expect(seats).to_have_count(4)
    for seat in seats.all():
        for part in (seat.locator(".seat-name"), seat.locator(".seat-state"), seat.locator(".seat-score")):
            assert apart(part.bounding_box(), drawer), (part.inner_text(), part.bounding_box(), drawer)
            uncovered(page, part)
    # What the player presses is not under it either, and the chat is whole in view.
    for what in ('#rows [data-zone="back"] button.card >> nth=4', "#submit-button",
                 "#hint-list > li:first-child button.hint"):
        uncovered(page, page.locator(what))
    for what in ("#chat-input", "#chat-close", "#chat-send"):
        in_view(page, page.locator(what))
    page.evaluate("window.scrollTo(0, 0)")
    back = page.locator('#rows [data-zone="back"]').bounding_box()
    assert back["y"] + back["height"] <= SIZES["desktop"]["height"], back
    fits_across(page)
    page.locator('#chat-phrases [data-phrase="good_luck"]').click()
    expect(page.locator("#chat-lines")).to_contain_text("Good luck!")
    assert not player.errors, player.errors



# --- 3. 多三张 held sideways: the trays' titles -------------------------------------------------


def test_held_sideways_the_extra_three_trays_titles_show_whole(browser, table_server):
    player = valued_deal(browser, table_server, "traysides", "landscape", "Quick 多三张 table", cards=16)
    page = player.page
    titles = page.locator(".hand-zone .hand .row-title")
    # At the deal the hint has placed or left out every card: the candidates' tray is empty.
    expect(page.locator("[data-tray=candidates] button.card")).to_have_count(0)
    page.screenshot(path=f"{SHOTS}/leftovers-extra-trays-landscape.png")
    expect(titles).to_have_count(3)
    for title in titles.all():
        whole(title)
    in_view(page, page.locator("#submit-button"))
    in_view(page, page.locator("#hint-list button.hint.best .hint-ev"))
    # Clear all: the candidates are back in their tray, the 13 fan out above them.
    page.get_by_role("button", name="Clear all").click()
    expect(page.locator("[data-tray=candidates] button.card")).to_have_count(3)
    page.screenshot(path=f"{SHOTS}/leftovers-extra-trays-cleared-landscape.png")
    for title in titles.all():
        whole(title)
    in_view(page, page.locator("#submit-button"))
    fits_across(page)
    assert not player.errors, player.errors


# --- 4. bots' faces: tests/browser/test_first_hour_faces.py (the server draws them) -----------


# --- 5. the reveal's "Every pair" on a phone --------------------------------------------------


@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_every_pair_scrolls_in_its_own_wrapper_not_the_page(browser, table_server, size):
    player = valued_deal(browser, table_server, f"pairs{size}", size, "Quick test table", bots=3)
    page = player.page
    page.locator("#submit-button").click()
    expect(page.locator("#reveal")).to_have_attribute("data-done", "true", timeout=60000)
    page.locator("#pair-summary").click()
    table = page.locator("#pair-table table")
    expect(table.locator("tbody tr")).to_have_count(6)  # four players: six pairs
    table.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/leftovers-every-pair-{size}.png")
    fits_across(page)
    wrapper = page.locator("#pair-table")
    box = wrapper.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"] + 1, box
    # What is wider than the screen scrolls inside a wrapper of its own, which the keyboard
    # can reach; the table stays a table (rows and columns for a screen reader).
    scroller = wrapper.locator(".pair-table-wrap")
    assert scroller.evaluate("n => getComputedStyle(n).overflowX") in ("auto", "scroll")
    expect(scroller).to_have_attribute("tabindex", "0")
    expect(scroller).to_have_attribute("aria-label", "Every pair")
    assert table.evaluate("n => getComputedStyle(n).display") == "table"
    sizes = scroller.evaluate("n => [n.scrollWidth, n.clientWidth]")
    if sizes[0] > sizes[1] + 1:  # it scrolls: all the way to the totals
        scroller.evaluate("n => { n.scrollLeft = n.scrollWidth; }")
        in_view(page, table.locator("thead th").last)
    expect(table.locator("thead th")).to_have_count(6)
    assert not player.errors, player.errors


# --- 6. the hints keep still under a finger ------------------------------------------------------


def hint_boxes(page) -> dict[str, dict]:
    """Each hint's box, by its number (data-index), read in one go in the page: the list
    is redrawn whenever the table changes (a bot's seat arranging, the hold ending), and a
    button read one at a time could be replaced between its lookup and its box."""
    return page.evaluate("""() => Object.fromEntries(
        Array.from(document.querySelectorAll("#hint-list button.hint"), (button) => {
            const box = button.getBoundingClientRect();
            return [button.dataset.index, { x: box.x, y: box.y, width: box.width, height: box.height }];
        }))""")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_tap_on_a_hint_as_the_values_arrive_takes_that_hint(browser, table_server, size):
    """The advisor's values are held back at the socket (Playwright's WebSocket route) and
    let through while the pointer is down on hint 2: the tap takes hint 2, and then no
    hint has changed its size, the best being marked and listed first."""
    server = table_server(arrange_seconds=120)
    player = Player(browser, server, f"steady{size}", "Mei", viewport=SIZES[size]).register()
    page = player.page
    values = HeldMessages(page, lambda message: message.get("type") == "hint_values")
    practise_dealt(player, "Quick test table")
    page.wait_for_timeout(300)  # the first rows drawn; the values, if any, are held
    expect(page.locator("#hint-list button.hint.best")).to_have_count(0)
    target = page.locator('#hint-list button.hint[data-index="1"]')
    target.scroll_into_view_if_needed()  # on a phone the hints are a strip to swipe
    before = hint_boxes(page)
    box = before["1"]
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    values.wait(page)  # the advisor's values come when its task is done
    values.release()
    for _ in range(100):  # the page has read them
        if page.evaluate("(window.thirteenWater.model.you.hints || []).some(h => typeof h.ev === 'number')"):
            break
        page.wait_for_timeout(20)
    page.screenshot(path=f"{SHOTS}/leftovers-hints-pressed-{size}.png")
    page.mouse.up()
    expect(target).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#hint-list button.hint[aria-pressed=true]")).to_have_count(1)
    # Then the values show: the best marked (and first), no hint grown or shrunk.
    expect(page.locator("#hint-list button.hint.best")).to_have_count(1)
    expect(page.locator("#hint-list button.hint.best .hint-best")).to_have_text("Best value")
    page.screenshot(path=f"{SHOTS}/leftovers-hints-valued-{size}.png")
    after = hint_boxes(page)
    for index, was in before.items():
        now = after[index]
        assert abs(now["width"] - was["width"]) <= 1 and abs(now["height"] - was["height"]) <= 1, \
            (index, was, now)
    assert page.locator("#hint-list > li").first.locator("button.hint.best").count() == 1
    badge, hint = page.evaluate("""() => {  // one read, for the reason hint_boxes gives
        const best = document.querySelector("#hint-list button.hint.best");
        return [best.querySelector(".hint-best"), best].map((node) => {
            const box = node.getBoundingClientRect();
            return { x: box.x, y: box.y, width: box.width, height: box.height };
        });
    }""")
    assert hint["x"] <= badge["x"] and badge["x"] + badge["width"] <= hint["x"] + hint["width"], (badge, hint)
    fits_across(page)
    assert not player.errors, player.errors
