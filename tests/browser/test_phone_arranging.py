"""Issue 24, items 7 and 8 in a real browser: arranging everywhere fits a phone. At
375×667, 667×375 and 1280×800: 多三张's Submit (and Declare, on a special deal) are in view
at the deal and nothing scrolls sideways; in 十三道's negotiation your rows are beside the
panel or right above it, their cards drawn, Propose and Compare in reach with the rows in
sight; the open chat covers none of the rows, Submit or the hints; held sideways, hint 1's
"the timer plays this" no longer cuts its pattern; at a session's end the standings and
Ready are in view and the status says what comes next (in English and 中文).
Screenshots go to /tmp/shots/."""

from __future__ import annotations

import hashlib
import itertools
import sys

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player
# The sizes and the measures issue 24's other browser tests use.
from tests.browser.test_first_hour import SHOTS, SIZES, fits_across
from tests.browser.test_special_declare import in_view

pytestmark = pytest.mark.requires_chromium


def uncovered(page, locator) -> None:
    """What is drawn at the element's centre is the element (or inside it): nothing lies
    over it."""
    over = locator.evaluate("""node => {
        const r = node.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        if (top !== null && (node === top || node.contains(top))) return null;
        // What lies over it, for the failure's message (null: its centre is off the screen).
        const what = top && `${top.tagName.toLowerCase()}#${top.id}.${[...top.classList].join(".")}`;
        return {over: what, rect: [r.x, r.y, r.width, r.height], scrollY: window.scrollY};
    }""")
    assert over is None, f"{locator} is covered: {over}"


def practise_readied(player: Player, rule_set: str, bots: int = 1) -> None:
    """A practice table of `rule_set` with `bots` bots, the player's Ready pressed."""
    page = player.page
    page.goto(player.server.url + "/tables/")  # the lobby, in either language
    page.select_option("#id_practise-rule_set", label=page.locator(
        "#id_practise-rule_set option", has_text=rule_set).first.inner_text())
    page.select_option("#id_practise-bots", str(bots))
    with page.expect_navigation():
        page.locator("section.practise button[type=submit]").click()
    player.wait_connected()
    expect(page.locator(".seat:not(.you):not(.empty)")).to_have_count(bots)
    expect(page.locator(".seat.ready:not(.you)")).to_have_count(bots, timeout=20000)
    page.locator("#ready-button").click()


def practise_dealt(player: Player, rule_set: str, cards: int = 13, bots: int = 1) -> None:
    """A practice table of `rule_set` with `bots` bots, readied and dealt."""
    page = player.page
    practise_readied(player, rule_set, bots)
    expect(page.locator("#rows button.card")).to_have_count(13, timeout=20000)
    assert len(page.evaluate("window.thirteenWater.model.you.cards")) == cards


# --- 多三张 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", list(SIZES))
def test_extra_three_submit_is_in_view_at_the_deal_and_nothing_scrolls_sideways(
        browser, table_server, size):
    server = table_server(arrange_seconds=120)
    player = Player(browser, server, f"ex{size}", "Mei", viewport=SIZES[size]).register()
    practise_dealt(player, "Quick 多三张 table", cards=16)
    page = player.page
    expect(page.locator("[data-tray=discards] button.card")).to_have_count(3)
    expect(page.locator("#hint-list button.hint.best")).to_have_count(1, timeout=30000)
    page.screenshot(path=f"{SHOTS}/phone-arranging-extra-{size}.png")
    in_view(page, page.locator("#submit-button"))
    in_view(page, page.locator("#rows [data-zone=back]"))
    in_view(page, page.locator("[data-tray=discards]"))
    # No hint, with its three left-out cards and its value, is wider than the screen (on a
    # phone they are a swipeable strip), and the first, the best, is in view whole.
    for hint in page.locator("#hint-list button.hint").all()[:3]:
        assert hint.bounding_box()["width"] <= SIZES[size]["width"] - 12, hint.bounding_box()
    best = page.locator("#hint-list button.hint.best")
    box = best.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"] + 1, box
    if size != "desktop":  # a desktop lists the hints beside the rows, below the trays
        in_view(page, best.locator(".hint-ev"))
    fits_across(page)
    assert not player.errors, player.errors


def special_seed(players: int = 2) -> str:
    """The first seed (in a fixed order) whose 多三张 deal gives seat 0 a special hand, its
    first hint: the big button declares it at the deal."""
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from games.machine.hints import hand_hints
    from rules.engine.cards import codes
    from rules.engine.fairness import deal_from_seed
    from rules.engine.presets import PRESETS

    config = PRESETS["extra-three"]
    for index in itertools.count():
        seed = hashlib.sha256(f"phone-special-{index}".encode()).hexdigest()
        hands, _rest = deal_from_seed(seed, config, players)
        if hand_hints(codes(hands[0]), config)[0]["special"]:
            return seed
    raise AssertionError("unreachable")


@pytest.fixture
def special_server(tmp_path):
    from tests.browser.conftest import module_server

    server = module_server("tests.browser.test_phone_arranging", tmp_path,
                           "--arrange-seconds", "120", "--players", "2")
    yield server
    server.stop()


@pytest.mark.parametrize("size", list(SIZES))
def test_extra_three_declare_and_submit_are_in_view_on_a_special_deal(
        browser, special_server, size):
    player = Player(browser, special_server, f"dc{size}", "Mei", viewport=SIZES[size]).register()
    practise_dealt(player, "Quick 多三张 table", cards=16)
    page = player.page
    assert page.evaluate("window.thirteenWater.model.you.position") == 0
    submit = page.locator("#submit-button")
    expect(submit).to_have_attribute("data-declares", "true")
    # The advisor's values come after the deal and widen the hints they mark: wait for them,
    # so the hint tapped below is not moved from under the tap (a tap then lands on hint 1).
    expect(page.locator("#hint-list button.hint.best")).to_have_count(1, timeout=30000)
    page.screenshot(path=f"{SHOTS}/phone-arranging-extra-declare-{size}.png")
    in_view(page, submit)
    fits_across(page)
    # Plain rows: Submit and the smaller Declare side by side, both in view.
    page.locator('#hint-list button.hint[data-index="1"]').click()
    expect(page.locator("#declare-button")).to_be_visible()
    page.screenshot(path=f"{SHOTS}/phone-arranging-extra-plain-{size}.png")
    in_view(page, submit)
    in_view(page, page.locator("#declare-button"))
    fits_across(page)
    assert not player.errors, player.errors


# --- the chat and the hints ----------------------------------------------------------------------


@pytest.mark.parametrize("size", list(SIZES))
def test_the_open_chat_covers_neither_the_rows_nor_submit_nor_the_hints(browser, table_server, size):
    server = table_server(arrange_seconds=120)
    player = Player(browser, server, f"ch{size}", "Mei", viewport=SIZES[size]).register()
    practise_dealt(player, "Quick test table", bots=3)
    page = player.page
    expect(page.locator("#hint-list button.hint.best")).to_have_count(1, timeout=30000)
    page.locator("#chat-toggle").click()
    chat = page.locator("#chat")
    expect(chat).to_be_visible()
    page.wait_for_timeout(300)
    page.screenshot(path=f"{SHOTS}/phone-arranging-chat-{size}.png")
    in_view(page, page.locator("#chat-input"))
    in_view(page, page.locator("#chat-close"))
    # The open chat lies over nothing: on a phone it is a block under the status bar that
    # moves the rows down (a strip docked over the top covered the others' seats), so the
    # rows, Submit and the hints are a scroll away, never under it.
    for what in ('#rows [data-zone="back"] button.card >> nth=4', '#rows [data-zone="front"] button.card >> nth=0',
                 "#submit-button", "#hint-list > li:first-child button.hint"):
        target = page.locator(what)
        target.scroll_into_view_if_needed()
        in_view(page, target)
        uncovered(page, target)
    # The chat still works from there.
    page.locator('#chat-phrases [data-phrase="good_luck"]').click()
    expect(page.locator("#chat-lines")).to_contain_text("Good luck!")
    fits_across(page)
    page.locator("#chat-close").click()
    expect(chat).to_be_hidden()
    assert not player.errors, player.errors


def test_held_sideways_hint_1s_timer_tag_leaves_its_pattern_whole(browser, table_server):
    server = table_server(arrange_seconds=120)
    player = Player(browser, server, "sideways", "Mei", viewport=SIZES["landscape"]).register()
    practise_dealt(player, "Quick test table", bots=3)
    page = player.page
    expect(page.locator("#hint-list button.hint.best")).to_have_count(1, timeout=30000)
    first = page.locator('#hint-list button.hint[data-index="0"]')
    pattern, timer = first.locator(".hint-pattern"), first.locator(".hint-timer")
    expect(timer).to_have_text("the timer plays this")
    page.screenshot(path=f"{SHOTS}/phone-arranging-timer-tag-landscape.png")
    assert pattern.evaluate("node => node.scrollWidth <= node.clientWidth + 1"), "the pattern is cut"
    a, b = pattern.bounding_box(), timer.bounding_box()
    apart = (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
             or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])
    assert apart, (a, b)
    box = first.bounding_box()
    assert box["x"] + box["width"] <= SIZES["landscape"]["width"] + 1, box
    fits_across(page)


# --- 十三道's negotiation -----------------------------------------------------------------------


def to_negotiation(ann, ben, table_url: str) -> None:
    """Two players at a 2-seat 十三道 table: both ready, Ann bids for the bank, they go
    through the exchange (if any) and submit their first hints."""
    ben.page.goto(table_url)
    ben.wait_connected()
    ben.page.locator("#sit-button").click()
    expect(ben.page.locator(".seat.you")).to_contain_text("Ben")
    for player in (ann, ben):
        player.page.locator("#ready-button").click()
    for player, amount in ((ann, 2), (ben, 0)):
        expect(player.page.locator("#phase-panel")).to_have_attribute("data-phase", "bidding")
        player.page.fill("#bid-amount", str(amount))
        player.page.locator("#bid-button").click()
    for _ in range(60):
        if ann.page.evaluate("window.thirteenWater.model.round.phase") == "arranging":
            break
        for player in (ann, ben):
            page = player.page
            for button in ("#keep-button", "#put-in-button", "#take-button"):
                if page.locator(button).is_visible():
                    if button == "#put-in-button":
                        page.locator("#phase-panel .pick-cards button.card").first.click()
                    page.locator(button).click(timeout=2000)
        ann.page.wait_for_timeout(300)
    for player in (ann, ben):
        expect(player.page.locator("#rows button.card")).to_have_count(13, timeout=20000)
        player.page.locator("#submit-button").click()
    for player in (ann, ben):
        expect(player.page.locator("#negotiation .deal")).to_have_count(1, timeout=20000)


def test_in_the_negotiation_your_rows_are_beside_the_panel_at_every_size(browser, table_server):
    server = table_server(arrange_seconds=120)
    ann = Player(browser, server, "ann", "Ann", viewport=SIZES["desktop"]).register()
    # Ben plays in Chinese on a phone.
    ben = Player(browser, server, "ben", "Ben", viewport=SIZES["phone"])
    ben.context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": server.url}])
    ben.register()
    ann.create_table("Dao", rule_set="Quick 十三道 table", seats=2)
    to_negotiation(ann, ben, ann.page.url)
    expect(ben.page.locator("#negotiation")).not_to_contain_text("Propose")
    expect(ben.page.locator("#negotiation")).to_contain_text("谈判")

    for player in (ben, ann):
        page = player.page
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(300)
            page.screenshot(path=f"{SHOTS}/phone-negotiation-{player.username}-{size}.png")
            rows = page.locator("#rows")
            panel = page.locator("#negotiation")
            back = page.locator('#rows [data-zone="back"]')
            # The rows' cards are drawn (held sideways they had no width).
            card = back.locator("button.card").first.bounding_box()
            assert card["width"] >= 28 and card["height"] >= 38, card
            rows_box, panel_box = rows.bounding_box(), panel.bounding_box()
            # Beside the panel, or right above it: never ~700 px below.
            side_by_side = rows_box["x"] >= panel_box["x"] + panel_box["width"] - 1 \
                or panel_box["x"] >= rows_box["x"] + rows_box["width"] - 1
            if not side_by_side:
                gap = panel_box["y"] - (rows_box["y"] + rows_box["height"])
                assert 0 <= gap <= 24, (rows_box, panel_box)
            deal = page.locator("#negotiation .deal").first
            propose = deal.locator('[data-action="propose"]')
            compare = deal.locator('[data-action="compare"]')
            if size != "landscape":
                in_view(page, back)
                in_view(page, propose)
                in_view(page, compare)
            else:  # the panel scrolls beside the rows, which stay
                compare.scroll_into_view_if_needed()
                page.wait_for_timeout(200)
                in_view(page, compare)
                in_view(page, propose)
                in_view(page, back)
            fits_across(page)
    assert not ann.errors and not ben.errors, ann.errors + ben.errors


# --- a session's end ------------------------------------------------------------------------


@pytest.mark.parametrize("size,language", [("phone", "en"), ("landscape", "zh-hans"),
                                           ("desktop", "en")])
def test_at_a_sessions_end_the_standings_and_ready_are_in_view(browser, table_server, size,
                                                                language):
    from django.utils import translation

    server = table_server(arrange_seconds=120)
    player = Player(browser, server, f"end{size}", "Mei", viewport=SIZES[size])
    if language != "en":
        player.context.add_cookies([{"name": "django_language", "value": language,
                                     "url": server.url}])
    player.register()
    practise_dealt(player, "Quick test table")
    page = player.page
    page.locator("#submit-button").click()
    expect(page.locator("#reveal")).to_be_visible(timeout=30000)
    page.locator("#vote-button").click()  # the bot votes with the last person: it ends
    expect(page.locator("#session-end")).to_be_visible(timeout=20000)
    expect(page.locator("#reveal")).to_have_attribute("data-done", "true", timeout=30000)
    page.wait_for_timeout(500)
    page.screenshot(path=f"{SHOTS}/session-end-{language}-{size}.png")
    in_view(page, page.locator("#session-end-title"))
    in_view(page, page.locator("#ready-button"))
    in_view(page, page.locator("#session-standings tbody tr").first)
    with translation.override(language):
        expected = translation.gettext("Press Ready to play another session.")
        next_one = translation.gettext("Round {number} is settled. Press Ready for the next one.")
    expect(page.locator("#phase-text")).to_have_text(expected)
    assert next_one.split("{number}")[-1].strip() not in page.locator("#phase-text").inner_text()
    # No grey Start now beside it: nobody is ready yet.
    expect(page.locator("#start-button")).to_be_hidden()
    fits_across(page)
    assert not player.errors, player.errors


if __name__ == "__main__":
    from tests.browser.live_server import serve_one_deal

    serve_one_deal(sys.argv[1:], special_seed)
