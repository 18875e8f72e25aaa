"""Deals no one can choose (issue 17), in four real browsers: each player's page sends its
own Web Crypto seed with ready (static/js/protocol.js), the round is dealt under
hmac-sha256-fy-v3 from the server's seed and all four, and once it is settled every player
finds their own seed in the replay's transcript — marked as theirs, next to their name —
and the other three under the others' names, with the browser's check of the deal
passing. Screenshots of the transcript go to test-artifacts/browser/ and /tmp/shots17/.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player

pytestmark = pytest.mark.requires_chromium

ARRANGE_SECONDS = 8  # nobody arranges: the timer submits everyone's first hint
SHOTS = Path("/tmp/shots17")


def test_each_player_finds_their_own_seed_in_the_transcript(browser, table_server):
    server = table_server(arrange_seconds=ARRANGE_SECONDS, players=4)
    names = {"ann": "Ann", "ben": "Ben", "cat": "Cat", "dan": "Dan"}
    phone, desktop = {"width": 375, "height": 667}, {"width": 1280, "height": 800}
    everyone = [Player(browser, server, username, name,
                       viewport=phone if username == "ben" else desktop).register()
                for username, name in names.items()]
    ann = everyone[0]

    table_url = ann.create_table("Seeds", seats=4)
    for player in everyone[1:]:
        player.page.goto(table_url)
        player.wait_connected()
        player.page.get_by_role("button", name="Take a seat").click()
        expect(player.page.locator(".seat.you")).to_contain_text(player.display_name)

    for player in everyone:
        player.page.get_by_role("button", name="Ready").click()
    seeds = {}
    for player in everyone:
        expect(player.page.locator("#rows button.card")).to_have_count(13)
        # The seed this page sent with ready: 16 bytes from Web Crypto.
        seeds[player.username] = player.page.evaluate("window.thirteenWater.client.clientSeed")
        assert re.fullmatch(r"[0-9a-f]{32}", seeds[player.username])
    assert len(set(seeds.values())) == 4

    # The timer submits for everyone, and the round settles.
    for player in everyone:
        expect(player.page.locator("#reveal")).to_have_attribute("data-done", "true",
                                                                 timeout=40000)
    round_id = ann.page.evaluate("window.thirteenWater.model.round.id")

    for player in everyone:
        page = player.page
        page.goto(f"{server.url}/replays/{round_id}/")
        page.wait_for_selector("#verify-browser[data-result]")
        assert page.locator("#verify-browser").get_attribute("data-result") == "ok"
        assert page.locator("#fairness-algorithm").inner_text() == "hmac-sha256-fy-v3"
        entries = page.locator("#fairness-client-seeds li")
        expect(entries).to_have_count(4)
        mine = page.locator("#fairness-client-seeds li.yours")
        expect(mine).to_have_count(1)
        assert mine.locator("code").inner_text() == seeds[player.username]
        assert mine.locator(".seed-owner").inner_text() == player.display_name
        assert "(yours)" in mine.inner_text()
        # Every seat's seed is there, under its player's name; none drawn by the server.
        shown = {entry.locator(".seed-owner").inner_text(): entry.locator("code").inner_text()
                 for entry in entries.all()}
        assert shown == {names[username]: seed for username, seed in seeds.items()}
        assert "(drawn by the server)" not in page.locator("#fairness-client-seeds").inner_text()
        # The browser's check says which round seed the four made.
        assert "4 client seeds" in page.locator("#verify-browser").inner_text()
        assert re.fullmatch(r"[0-9a-f]{64}", page.locator(
            "#verify-browser code[data-round-seed]").inner_text())
        assert player.errors == []

    for player, size in ((ann, "1280"), (everyone[1], "375")):
        for folder in (Path(__file__).resolve().parents[2] / "test-artifacts" / "browser", SHOTS):
            folder.mkdir(parents=True, exist_ok=True)
            # The fairness section alone, cut from the whole page at its place (an element
            # shot would scroll it under the sticky transport bar).
            page = player.page
            page.evaluate("window.scrollTo(0, 0)")
            box = page.evaluate("(() => { const r = document.querySelector('.replay-fairness')"
                                ".getBoundingClientRect(); return {x: 0, y: r.top + scrollY, "
                                "width: innerWidth, height: r.height}; })()")
            page.screenshot(path=str(folder / f"replay-transcript-{size}.png"), full_page=True,
                            clip=box)
