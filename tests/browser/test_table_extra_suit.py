"""多一色 on the felt table, in Chromium: a deal where Alice holds the same diamond twice.
The second copy carries the blue "2" mark (cards.js) on her cards while she arranges,
and on the hands at the reveal (seat order, rows, then discards, as the replay marks
them). Screenshots at 375×667 and 1280×800 go to artifacts/screenshots/.

This module is also its live server (`python -m tests.browser.test_table_extra_suit
--port …`): tests/browser/live_server.py with a quick copy of 多一色 and a fixed deal
seed chosen so that seat 0's hand holds a card twice.
"""

from __future__ import annotations

import hashlib
import itertools
import sys

import pytest

from tests.browser.test_table_felt import DESKTOP, PORTRAIT, no_sideways_scroll, shot

pytestmark = pytest.mark.requires_chromium

RULE_SET = "Quick 多一色 table"
ARRANGE_SECONDS = 120


def twin_seed(players: int = 2) -> str:
    """The first seed (in a fixed order) whose 多一色 deal gives seat 0 one card twice and
    nobody a special hand with their first hint."""
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from games.machine.hints import hand_hints
    from rules.engine.cards import codes
    from rules.engine.fairness import deal_from_seed
    from rules.engine.presets import PRESETS

    config = PRESETS["extra-suit"]
    for index in itertools.count():
        seed = hashlib.sha256(f"felt-twin-{index}".encode()).hexdigest()
        hands, _rest = deal_from_seed(seed, config, players)
        dealt = [codes(hand) for hand in hands]
        if len(set(dealt[0])) == len(dealt[0]):
            continue
        if any(hand_hints(cards, config)[0]["special"] for cards in dealt):
            continue
        return seed
    raise AssertionError("unreachable")


def serve(argv: list[str]) -> None:
    from tests.browser.live_server import serve_one_deal

    serve_one_deal(argv, twin_seed, prepare=_quick_extra_suit)


def _quick_extra_suit(args) -> None:
    """A quick copy of 多一色 (the live server's own quick copies are other presets)."""
    from dataclasses import replace

    from rules.engine.presets import PRESETS
    from rules.services import ruleset_create

    ruleset_create(slug="browser-quick-extra-suit", config=replace(
        PRESETS["extra-suit"], name=RULE_SET, arrange_seconds=args.arrange_seconds))


@pytest.fixture
def twin_server(tmp_path):
    from tests.browser.conftest import module_server

    server = module_server("tests.browser.test_table_extra_suit", tmp_path,
                           "--arrange-seconds", str(ARRANGE_SECONDS), "--players", "2")
    yield server
    server.stop()


def marked(page, selector: str) -> list[str]:
    """The codes of the cards under `selector` drawn with the second copy's mark."""
    return page.locator(selector).evaluate_all(
        "nodes => nodes.filter(n => n.querySelector('.card-second-mark')).map(n => n.dataset.code)")


def test_the_second_copy_is_marked_while_arranging_and_at_the_reveal(browser, twin_server):
    from playwright.sync_api import expect

    from tests.browser.conftest import Player

    alice = Player(browser, twin_server, "alice", "Alice", viewport=PORTRAIT).register()
    bob = Player(browser, twin_server, "bob", "Bob", viewport=DESKTOP).register()
    alice.create_table("Twins", rule_set=RULE_SET, seats=2)
    bob.open_lobby()
    with bob.page.expect_navigation():
        bob.page.locator("tr", has_text="Twins").get_by_role("button", name="Join").click()
    bob.wait_connected()
    alice.page.locator("#ready-button").click()
    bob.page.locator("#ready-button").click()
    page = alice.page
    expect(page.locator("#rows button.card")).to_have_count(13)

    # Alice's twin: one copy plain, the other marked and named so for a screen reader.
    codes = page.locator("#arrange button.card").evaluate_all("nodes => nodes.map(n => n.dataset.code)")
    twins = sorted({code for code in codes if codes.count(code) == 2})
    assert twins, codes
    assert sorted(marked(page, "#arrange button.card")) == twins
    twin = page.locator(f'#arrange button.card.second-copy[data-code="{twins[0]}"]')
    expect(twin).to_have_count(1)
    assert twin.get_attribute("aria-label").endswith("second copy"), twin.get_attribute("aria-label")
    page.evaluate("window.scrollTo(0, 0)")
    no_sideways_scroll(page)
    shot(page, "extra-suit-arranging-portrait")
    page.set_viewport_size(DESKTOP)
    shot(page, "extra-suit-arranging-desktop")
    page.set_viewport_size(PORTRAIT)
    # The mark stays with its card: all back to the hand, then into the rows again.
    page.locator("[data-action='clear-all']").first.click()
    expect(page.locator("#rows button.card")).to_have_count(0)
    assert sorted(marked(page, "#arrange button.card")) == twins
    page.locator("#hint-list button.hint[data-index=\"0\"]").click()
    assert sorted(marked(page, "#arrange button.card")) == twins

    page.get_by_role("button", name="Submit rows").click()
    bob.page.get_by_role("button", name="Submit rows").click()
    for player in (alice, bob):
        expect(player.page.locator("#reveal")).to_be_visible(timeout=20000)
    alice.page.get_by_role("button", name="Show all").click()
    for player in (alice, bob):
        expect(player.page.locator("#reveal")).to_have_attribute("data-done", "true", timeout=20000)
        # Bob sees Alice's face-up rows with the same mark on her second copy.
        alices = player.page.locator(".reveal-hand", has_text="Alice")
        assert set(twins) <= set(marked(alices, ".card-static")), marked(alices, ".card-static")
        expect(player.page.locator(".reveal-hand .card-static.second-copy").first).to_be_visible()
        no_sideways_scroll(player.page)
    alice.page.locator("#reveal").scroll_into_view_if_needed()
    shot(alice.page, "extra-suit-reveal-portrait")
    bob.page.locator("#reveal").scroll_into_view_if_needed()
    shot(bob.page, "extra-suit-reveal-desktop")
    assert not alice.errors and not bob.errors, alice.errors + bob.errors


if __name__ == "__main__":
    serve(sys.argv[1:])
