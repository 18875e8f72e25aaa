"""Bots' faces in a real browser: a bot looks the same wherever it appears — at its seat,
in the reveal, on the table's history, in the session's standings and in the replay — its
number on a rounded square in a colour of its own, the one picture the server draws
(accounts/avatars.py), at 375×667, 667×375 and 1280×800. The pages around the table used
to show the server's old picture of a bot: the same "B" for every bot.
Screenshots go to /tmp/shots/."""

from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect

from tests.browser.test_first_hour import SHOTS, SIZES, fits_across
from tests.browser.test_first_hour_leftovers import valued_deal

pytestmark = pytest.mark.requires_chromium


def faces(page, where: str) -> dict[str, dict]:
    """Each bot picture under `where`, by its path (the user's avatar): its shown size,
    whether it loaded, and its frame's corner radius."""
    shown = page.locator(where).evaluate_all("""nodes => nodes.map(n => {
        const box = n.getBoundingClientRect(), frame = n.closest('.avatar:not(img)') || n;
        const width = frame.getBoundingClientRect().width, radius = getComputedStyle(frame).borderTopLeftRadius;
        return {path: new URL(n.src).pathname, width: box.width, loaded: n.complete && n.naturalWidth > 0,
                radius: radius.endsWith('%') ? parseFloat(radius) / 100 * width : parseFloat(radius) || 0,
                frameWidth: width};
    })""")
    return {face["path"]: face for face in shown}


def picture(page, path: str) -> str:
    response = page.request.get(urljoin(page.url, path))
    assert response.ok, path
    return response.text()


def the_bots(page, where: str, drawn: dict[str, str]) -> None:
    """The three bots' pictures under `where` are the ones drawn at the table: each its
    number, in a colour of its own, in a square frame (not clipped to a disc)."""
    shown = faces(page, where)
    assert set(shown) == set(drawn), (shown, drawn)
    for path, face in shown.items():
        assert face["loaded"] and face["width"] >= 18, face
        assert picture(page, path) == drawn[path], path
        assert face["radius"] < face["frameWidth"] / 2 - 1, face


def test_a_bot_looks_the_same_on_every_page(browser, table_server):
    player = valued_deal(browser, table_server, "botfaces", "desktop", "Quick test table", bots=3)
    page = player.page
    seat_faces = "#seats .seat.bot .avatar.bot-face img"
    expect(page.locator(seat_faces)).to_have_count(3)
    drawn = {path: picture(page, path) for path in faces(page, seat_faces)}
    colours = set()
    for number, svg in enumerate(sorted(drawn.values(), key=lambda svg: re.search(r">(\d+)</text>", svg)[1]), 1):
        assert f">{number}</text>" in svg and 'rx="19"' in svg, svg  # its number, on a square
        colours.add(re.search(r'<rect [^>]*fill="(#[0-9a-f]{6})"', svg)[1])
    assert len(colours) == 3, colours  # told apart
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=f"{SHOTS}/ui-faces-seats-{size}.png")
        the_bots(page, seat_faces, drawn)
    page.set_viewport_size(SIZES["desktop"])
    page.locator("#submit-button").click()
    expect(page.locator("#reveal")).to_have_attribute("data-done", "true", timeout=60000)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=f"{SHOTS}/ui-faces-reveal-{size}.png")
        the_bots(page, ".reveal-hand .avatar.bot-face img", drawn)
    # The person votes to end the session, the bots with them: its standings have a page.
    page.locator("#vote-button").click()
    link = page.locator("#session-link")
    expect(link).to_be_visible(timeout=30000)
    replay = page.locator("#replay-link").get_attribute("href")
    pages = {"session": link.get_attribute("href"),
             "history": page.locator("#table-history").get_attribute("href"), "replay": replay}
    for name, url in pages.items():
        page.goto(player.server.url + url)
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            where = "img.avatar"
            expect(page.locator(where)).to_have_count(4)  # Mei and the three bots
            page.locator(where).last.scroll_into_view_if_needed()
            page.screenshot(path=f"{SHOTS}/ui-faces-{name}-{size}.png", full_page=name != "replay")
            bots = {path: face for path, face in faces(page, where).items() if path in drawn}
            assert len(bots) == 3, (name, faces(page, where))
            the_bots(page, ", ".join(f'img.avatar[src^="{path}"]' for path in drawn), drawn)
            fits_across(page)
    assert not player.errors, player.errors
