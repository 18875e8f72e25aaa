"""Issue 5 in a real browser: four players in four browser contexts (one on a phone-sized
screen) play a round by clicks, keys and drags. Ann applies a hint, Ben declares the
special hand the test deal gave him, Cat builds her rows by tapping, typing and dragging,
Dan lets the timer submit for him. Every step checks what each page shows, and that no
page shows anyone else's cards before the reveal (RULES.md §10)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from rules.engine.cards import parse_cards
from rules.engine.rows import evaluate

from tests.browser.conftest import PHONE, Player

pytestmark = pytest.mark.requires_chromium

ARRANGE_SECONDS = 45  # room for four browsers on a 2-core machine before the timer
SPECIAL_SEAT = 1  # Ben


def no_peeking(players: list[Player]) -> None:
    for player in players:
        shown = player.codes_on_page()
        assert shown <= player.my_cards(), f"{player.username} sees {shown - player.my_cards()}"


def panel(player: Player, name: str):
    """A player's panel in the reveal."""
    return player.page.locator(".reveal-hand", has_text=name)


def drag(page, card, zone) -> None:
    """Press on a card, move in small steps (a drag, not a click) and release on a row."""
    start = end = None
    for _attempt in range(20):
        # A message redrawing the rows (another seat submitting, the hints' values coming
        # in) can replace the card between finding it and measuring it: measure again.
        start, end = card.bounding_box(), zone.bounding_box()
        if start and end:
            break
        page.wait_for_timeout(50)
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] - 12, steps=6)
    page.mouse.up()


def test_four_players_hint_special_drag_and_timer(browser, table_server):
    server = table_server(arrange_seconds=ARRANGE_SECONDS, special_seat=SPECIAL_SEAT, players=4)
    ann = Player(browser, server, "ann", "Ann").register()
    ben = Player(browser, server, "ben", "Ben", viewport=PHONE).register()
    cat = Player(browser, server, "cat", "Cat").register()
    dan = Player(browser, server, "dan", "Dan").register()
    everyone = [ann, ben, cat, dan]

    table_url = ann.create_table("Four of us")
    for player in everyone[1:]:
        player.page.goto(table_url)
        player.wait_connected()
        expect(player.page.locator("#phase-text")).to_contain_text("You are watching")
        player.page.get_by_role("button", name="Take a seat").click()
        expect(player.page.locator(".seat.you")).to_contain_text(player.display_name)
    for position, player in enumerate(everyone):
        seat = ann.page.locator(f'.seat[data-position="{position}"]')
        expect(seat).to_contain_text(player.display_name)
    ben.shot("four-phone-seated")

    for player in everyone:
        player.page.get_by_role("button", name="Ready").click()
    for player in everyone:
        expect(player.page.locator("#rows button.card")).to_have_count(13)
        expect(player.page.locator("#clock")).to_be_visible()
        for name in ("Ann", "Ben", "Cat", "Dan"):
            expect(player.page.locator(".seat", has_text=name)).to_contain_text("Arranging")
    no_peeking(everyone)
    ann.shot("four-ann-dealt")
    ben.shot("four-phone-dealt")

    # Ann: the second hint, then submit.
    ann_hint = ann.page.locator("#hint-list button.hint[data-index=\"1\"]")
    ann_hint.click()
    expect(ann_hint).to_have_attribute("aria-pressed", "true")
    ann.page.get_by_role("button", name="Submit rows").click()
    expect(ann.page.locator("#phase-text")).to_contain_text("Your rows are in")
    for player in everyone:
        expect(player.page.locator(".seat", has_text="Ann")).to_contain_text("Submitted")

    # Ben (phone): his first hint is the special, laid out; the big button declares it.
    declare = ben.page.locator("#submit-button")
    expect(declare).to_be_visible()
    expect(declare).to_contain_text("Declare")
    expect(declare).to_have_attribute("data-declares", "true")
    expect(ben.page.locator("#submit-why")).to_contain_text("special hand")
    expect(ben.page.locator("#hint-list button.hint[data-index=\"0\"]")).to_contain_text("Special hand")
    special_name = ben.page.evaluate(
        "(() => { const w = window.thirteenWater.model; return w.you.hints[0].special; })()")
    assert special_name
    ben.shot("four-phone-special-offered")
    declare.click()
    expect(ben.page.locator("#phase-text")).to_contain_text("Your rows are in")
    expect(cat.page.locator(".seat", has_text="Ben")).to_contain_text("Submitted")

    # Cat: everything back to the hand, then the first hint's rows built by hand:
    # the front by tapping cards and a row's button, the middle by tapping and pressing 2,
    # the back by dragging card after card.
    page = cat.page
    page.get_by_role("button", name="Clear all").click()
    expect(page.locator("#hand-zone button.card")).to_have_count(13)
    expect(page.locator("#submit-why")).to_contain_text("Place all 13 cards first: 13 left.")
    expect(page.locator("#submit-button")).to_have_attribute("aria-disabled", "true")
    rows = page.evaluate("window.thirteenWater.model.you.hints[0]")
    hand_card = lambda code: page.locator(f'#hand-zone button.card[data-code="{code}"]')
    for code in rows["front"]:
        hand_card(code).click()
    page.locator('[data-zone="front"] [data-action="to"]').click()
    expect(page.locator('[data-zone="front"] button.card')).to_have_count(3)
    for code in rows["middle"]:
        hand_card(code).click()
    page.keyboard.press("2")
    expect(page.locator('[data-zone="middle"] button.card')).to_have_count(5)
    for code in rows["back"]:
        drag(page, hand_card(code), page.locator('[data-zone="back"]'))
    expect(page.locator('[data-zone="back"] button.card')).to_have_count(5)
    expect(page.locator("#hint-list button.hint[data-index=\"0\"]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[data-row-label="back"]')).not_to_have_text("")
    cat.shot("four-cat-built-by-hand")
    page.get_by_role("button", name="Submit rows").click()
    expect(page.locator("#phase-text")).to_contain_text("Your rows are in")
    no_peeking(everyone)

    # Dan does nothing: the timer submits his first hint.
    expect(dan.page.locator("#phase-text")).to_contain_text(
        "Auto-submitted", timeout=(ARRANGE_SECONDS + 20) * 1000)
    for player in everyone:
        expect(player.page.locator("#reveal")).to_be_visible(timeout=20000)
    ann.shot("four-ann-reveal-running")
    for player in everyone:
        expect(player.page.locator("#reveal")).to_have_attribute("data-done", "true", timeout=30000)
        expect(player.page.locator(".reveal-hand")).to_have_count(4)
        expect(player.page.locator(".announce.special")).to_contain_text("Ben declares")
        expect(panel(player, "Dan").locator(".badge.auto")).to_be_visible()
        expect(panel(player, "Ben").locator(".badge.special")).to_be_visible()

    totals = []
    for player in everyone:
        shown = {}
        for name in ("Ann", "Ben", "Cat", "Dan"):
            text = panel(player, name).locator(".reveal-total").inner_text()
            shown[name] = int(text.replace("−", "-").replace("+", ""))
        totals.append(shown)
    assert all(shown == totals[0] for shown in totals)
    assert sum(totals[0].values()) == 0
    assert totals[0]["Ben"] > 0  # a declared special collects from everyone
    assert all(len(player.codes_on_page()) == 52 for player in everyone)
    for player in everyone:
        player.shot(f"four-{player.username}-settled")
        assert not player.errors, player.errors


def test_the_foul_warning_and_a_refusing_rule_set(browser, table_server):
    """Rows that foul are named before submission, and the standard preset (which refuses
    fouls) keeps the submit button disabled with the reason."""
    server = table_server(arrange_seconds=60)
    eve = Player(browser, server, "eve", "Eve").register()
    fay = Player(browser, server, "fay", "Fay", viewport=PHONE).register()
    eve.create_table("Fouls", seats=2)
    fay.page.goto(eve.page.url)
    fay.wait_connected()
    fay.page.get_by_role("button", name="Take a seat").click()
    for player in (eve, fay):
        player.page.get_by_role("button", name="Ready").click()
    page = fay.page
    expect(page.locator("#rows button.card")).to_have_count(13)
    # Put the back row's five cards in the middle and the middle's in the back: the first
    # hint's back is at least as strong as its middle, so the swap fouls unless equal.
    hint = page.evaluate("window.thirteenWater.model.you.hints[0]")
    page.locator('[data-zone="middle"] [data-action="clear"]').click()
    page.locator('[data-zone="back"] [data-action="clear"]').click()
    # Keyboard only: focus a card, Space selects it, Escape drops the selection, 2 moves.
    first = page.locator(f'#hand-zone button.card[data-code="{hint["back"][0]}"]')
    first.focus()
    page.keyboard.press("Space")
    expect(first).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(page.locator('#hand-zone button.card[aria-pressed="true"]')).to_have_count(0)
    for code in hint["back"]:
        page.locator(f'#hand-zone button.card[data-code="{code}"]').focus()
        page.keyboard.press("Enter")
        # The redraw keeps the focus on the card just selected.
        assert page.evaluate("document.activeElement.dataset.code") == code
    page.keyboard.press("2")
    for code in hint["middle"]:
        page.locator(f'#hand-zone button.card[data-code="{code}"]').click()
    page.keyboard.press("3")
    # The engine says whether that fouls (it does unless the two rows tie exactly).
    back_key = evaluate(parse_cards(hint["back"])).key
    middle_key = evaluate(parse_cards(hint["middle"])).key
    why = page.locator("#submit-why")
    if back_key > middle_key:
        expect(page.locator('[data-zone="middle"]')).to_have_class(re.compile(r"\bfouled\b"))
        expect(why).to_contain_text("Fouled (倒水): the middle (")
        expect(why).to_contain_text("This rule set refuses fouled hands")
        expect(page.locator("#submit-button")).to_have_attribute("aria-disabled", "true")
        # Playwright will not click an aria-disabled button; a person can, and is told why.
        page.locator("#submit-button").click(force=True)
        expect(page.locator("#error-text")).to_contain_text("Fouled")
        fay.shot("phone-foul-refused")
    else:
        expect(why).not_to_contain_text("Fouled")
    page.locator("#hint-list button.hint[data-index=\"0\"]").click()
    expect(page.locator("#submit-button")).to_have_attribute("aria-disabled", "false")
    if hint["special"]:  # the deal is random: a special hand's first hint declares it (报到)
        expect(why).to_contain_text("These rows are your special hand")
    else:
        expect(why).to_have_text("")
