"""Issue 24, item 2 in a real browser: a hand that forms a special is never thrown away
without a word. At the deal the special hint is laid out and the one big button declares
it; other rows of that hand get a question ("declare it, or submit plain rows?") before
they go in as plain rows. At 375×667, 667×375 and 1280×800 the question and its buttons
are in view and nothing scrolls sideways."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player

pytestmark = pytest.mark.requires_chromium

SIZES = {"phone": {"width": 375, "height": 667}, "landscape": {"width": 667, "height": 375},
         "desktop": {"width": 1280, "height": 800}}
SHOTS = "/tmp/shots"


def practise_dealt(player: Player, bots: int = 1) -> None:
    """A practice table with `bots` bots, readied and dealt."""
    page = player.page
    player.open_lobby()
    practise = page.locator("section.practise")
    page.select_option("#id_practise-rule_set", label=page.locator(
        "#id_practise-rule_set option", has_text="Quick test table").first.inner_text())
    page.select_option("#id_practise-bots", str(bots))
    with page.expect_navigation():
        practise.get_by_role("button", name="Practise with bots").click()
    player.wait_connected()
    expect(page.locator(".seat.bot", has_text=re.compile("Ready"))).to_have_count(
        bots, timeout=20000)
    page.get_by_role("button", name="Ready").click()
    expect(page.locator("#rows button.card")).to_have_count(13, timeout=20000)


def in_view(page, locator) -> None:
    box = locator.bounding_box()
    view = page.viewport_size
    assert box, "not drawn"
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"] + 1, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 1, box


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


@pytest.mark.parametrize("size", list(SIZES))
def test_the_special_hint_is_declared_by_the_big_button_and_plain_rows_are_asked_about(
        browser, table_server, size):
    server = table_server(arrange_seconds=60, special_seat=0, players=2)
    player = Player(browser, server, f"sp{size}", "Mei", viewport=SIZES[size]).register()
    practise_dealt(player)
    page = player.page
    submit = page.locator("#submit-button")
    special = page.evaluate("window.thirteenWater.model.you.hints[0].special")
    assert special
    # The special hint is laid out at the deal: the big button declares it.
    expect(page.locator("#hint-list button.hint[data-index=\"0\"]")).to_have_attribute("aria-pressed", "true")
    expect(submit).to_contain_text("Declare")
    expect(submit).to_have_attribute("data-declares", "true")
    expect(page.locator("#declare-button")).to_be_hidden()
    expect(page.locator("#submit-why")).to_contain_text("the button declares it")
    in_view(page, submit)
    page.screenshot(path=f"{SHOTS}/special-dealt-{size}.png")
    no_sideways_scroll(page)

    # Plain rows (the second hint): Submit asks first. The advisor's values come after the
    # deal and widen the hints they mark: once they are in, no hint moves from under a tap.
    expect(page.locator("#hint-list button.hint.best")).to_have_count(1, timeout=30000)
    page.locator("#hint-list button.hint[data-index=\"1\"]").click()
    expect(submit).to_have_text("Submit rows")
    expect(page.locator("#declare-button")).to_be_visible()
    submit.click()
    question = page.locator("#special-question")
    expect(question).to_be_visible()
    expect(question).to_contain_text("scored as plain rows")
    page.wait_for_timeout(300)  # the page scrolls the question into view
    page.screenshot(path=f"{SHOTS}/special-question-{size}.png")
    for button in question.locator("button").all():
        in_view(page, button)
    no_sideways_scroll(page)
    expect(page.locator("#phase-text")).not_to_contain_text("Your rows are in")

    # "Back to the rows" closes it; taking the special hint again makes the button Declare.
    question.get_by_role("button", name="Back to the rows").click()
    expect(question).to_be_hidden()
    page.locator("#hint-list button.hint[data-index=\"0\"]").click()
    expect(submit).to_have_attribute("data-declares", "true")
    page.locator("#hint-list button.hint[data-index=\"1\"]").click()
    submit.click()
    question.get_by_role("button", name="Declare").click()
    expect(page.locator("#phase-text")).to_contain_text("Your rows are in")
    expect(page.locator("#reveal")).to_be_visible(timeout=30000)
    expect(page.locator(".announce.special")).to_contain_text("Mei declares", timeout=20000)
    assert not player.errors, player.errors


def test_plain_rows_go_in_plain_once_the_player_says_so(browser, table_server):
    server = table_server(arrange_seconds=60, special_seat=0, players=2)
    player = Player(browser, server, "plain", "Mei", viewport=SIZES["phone"]).register()
    practise_dealt(player)
    page = player.page
    expect(page.locator("#hint-list button.hint.best")).to_have_count(1, timeout=30000)
    page.locator("#hint-list button.hint[data-index=\"1\"]").click()
    page.locator("#submit-button").click()
    page.locator("#special-question").get_by_role("button", name="Submit as plain rows").click()
    expect(page.locator("#phase-text")).to_contain_text("Your rows are in")
    expect(page.locator("#reveal")).to_be_visible(timeout=30000)
    expect(page.locator("#reveal")).to_have_attribute("data-done", "true", timeout=30000)
    expect(page.locator(".announce.special")).to_have_count(0)
    assert not player.errors, player.errors


def test_a_special_hands_note_and_button_leave_its_hint_and_value_in_view_at_1280_by_800(
        browser, table_server):
    """At four players the felt is at its tallest: the special's note and its big Declare
    button once pushed hint 1 (the special, valued best) past the fold beside the rows."""
    server = table_server(arrange_seconds=60, special_seat=0, players=4)
    player = Player(browser, server, "spfold", "Mei", viewport=SIZES["desktop"]).register()
    practise_dealt(player, bots=3)
    page = player.page
    expect(page.locator("#submit-button")).to_have_attribute("data-declares", "true")
    special = page.locator("#hint-list button.hint[data-index=\"0\"]")
    expect(special.locator(".hint-ev")).not_to_be_empty(timeout=30000)  # its value came
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=f"{SHOTS}/special-dealt-desktop-4.png")
    in_view(page, special)
    in_view(page, page.locator("#submit-button"))
    no_sideways_scroll(page)
