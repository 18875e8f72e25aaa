"""A player's new name reaches the table at once (issue 22: the table's owner keeps the
seats in memory, and a new name moves no table version by itself, so the profile tells
the player's tables). Bob sits at Alice's table; Alice renames herself on her profile
page in another tab; Bob's table shows the new name without a reload, and so does hers —
her seat and her page's header ("Profile · …"), which is drawn with the page and kept
the old name until a reload. The profile page's own header has it once saved. The
header is photographed at 375×667, 667×375 and 1280×800 under /tmp/shots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player
from tests.browser.test_first_hour import SHOTS, SIZES

pytestmark = pytest.mark.requires_chromium


def test_a_new_name_on_the_profile_page_is_shown_at_the_table_at_once(browser,
                                                                       table_server):
    server = table_server()
    alice = Player(browser, server, "alice", "Alice").register()
    bob = Player(browser, server, "bob", "Bob").register()
    alice.create_table("Alice's table", seats=2)
    bob.open_lobby()
    with bob.page.expect_navigation():
        bob.page.locator("tr", has_text="Alice's table").get_by_role(
            "button", name="Join").click()
    bob.wait_connected()
    expect(bob.page.locator(".seat", has_text="Alice")).to_be_visible()

    profile = alice.context.new_page()  # her table stays open in the first tab
    profile.goto(server.url + "/accounts/profile/")
    profile.fill("#id_display_name", "Alice Liddell")
    with profile.expect_navigation():
        profile.locator("main form button[type=submit]").click()
    expect(profile.locator("body")).to_contain_text("Your profile has been saved.")
    expect(profile.locator("#your-name")).to_have_text("Alice Liddell")

    expect(bob.page.locator(".seat", has_text="Alice Liddell")).to_be_visible()
    expect(alice.page.locator(".seat.you")).to_contain_text("Alice Liddell")
    expect(alice.page.locator("#your-name")).to_have_text("Alice Liddell")
    for size, viewport in SIZES.items():
        alice.page.set_viewport_size(viewport)
        alice.page.screenshot(path=f"{SHOTS}/rename-header-{size}.png")
    bob.shot("rename-at-table")
    assert not alice.errors and not bob.errors, (alice.errors, bob.errors)
