"""Issue 13 in a real browser: rooms that play a session.

Four people open a 4-seat room of 4 rounds: nothing is dealt until every seat is filled
and ready (the host could start early), each round shows "Round N of 4" and every seat's
running total, half the hands each round are played by the timer, they chat (text stays
text, a mute holds), and after the fourth round everyone lands on the session's end and
its summary page. Then two players show the away player (托管): the timer plays Bob's hand
twice, he is marked away, the table deals without waiting for him, and he comes back; the
two vote to end the session.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, Player

pytestmark = pytest.mark.requires_chromium

ARRANGE_SECONDS = 8  # the timer plays half of every round's hands: keep its wait short
SETTLE_MS = (ARRANGE_SECONDS + 25) * 1000


def take_seat(player: Player, url: str) -> None:
    player.page.goto(url)
    player.wait_connected()
    player.page.get_by_role("button", name="Take a seat").click()
    expect(player.page.locator(".seat.you")).to_contain_text(player.display_name)


def press_ready(players: list[Player]) -> None:
    for player in players:
        player.page.locator("#ready-button").click()


def submit_first_hint(player: Player) -> None:
    page = player.page
    expect(page.locator("#rows button.card")).to_have_count(13)
    page.locator("#submit-button").click()  # Submit, or Declare when the hint laid out is a special
    expect(page.locator("#phase-text")).to_contain_text("Your rows are in")


def seat_total(player: Player, position: int) -> int:
    text = player.page.locator(f'.seat[data-position="{position}"] .seat-score').inner_text()
    # The felt's seats show the running score alone ("+3"), once "Session: +3".
    return int(text.split(":")[-1].strip().replace("−", "-").replace("+", ""))


def test_four_players_play_a_four_round_session_and_land_on_its_summary(browser, table_server):
    server = table_server(arrange_seconds=ARRANGE_SECONDS)
    ann = Player(browser, server, "ann", "Ann").register()
    ben = Player(browser, server, "ben", "Ben", viewport=PHONE).register()
    cat = Player(browser, server, "cat", "Cat").register()
    dan = Player(browser, server, "dan", "Dan").register()
    everyone = [ann, ben, cat, dan]
    names = [player.display_name for player in everyone]

    url = ann.create_table("Our room", seats=4, rounds=4)
    facts = ann.page.locator("#room-facts")
    expect(facts).to_contain_text("A session of 4 rounds")
    expect(facts).to_contain_text("4 seats")
    expect(facts).to_contain_text(f"{ARRANGE_SECONDS} s to arrange")
    expect(ann.page.locator(".seat.you .seat-badge.host")).to_have_text("Host")
    take_seat(ben, url)

    # Two of four ready: nothing is dealt; the host could start now, and only the host.
    press_ready([ann, ben])
    expect(ann.page.locator("#start-button")).to_be_enabled()
    expect(ann.page.locator("#room-note")).to_contain_text("2 ready")
    expect(ben.page.locator("#start-button")).to_be_hidden()
    expect(ben.page.locator("#phase-text")).to_contain_text("You are ready")
    for player in (cat, dan):
        take_seat(player, url)
    expect(ann.page.locator(".seat", has_text="Ben").locator(".seat-badge.host")).to_have_count(0)
    ben.shot("room-phone-waiting")

    # The chat: a quick phrase, a line that looks like HTML (it stays text), a mute.
    ann.page.locator("#chat-toggle").click()
    ann.page.locator('#chat-phrases [data-phrase="good_luck"]').click()
    expect(ann.page.locator("#chat-lines")).to_contain_text("Good luck!")
    expect(ben.page.locator("#chat-unread")).to_have_text("1")
    ben.page.locator("#chat-toggle").click()
    ben.page.fill("#chat-input", "<b>gl</b> hf")
    ben.page.locator("#chat-input").press("Enter")
    expect(cat.page.locator("#chat-unread")).to_have_text("2")
    cat.page.locator("#chat-toggle").click()
    line = cat.page.locator(".chat-line", has_text="Ben")
    expect(line.locator(".chat-text")).to_have_text("<b>gl</b> hf")
    expect(cat.page.locator("#chat-lines b")).to_have_count(0)
    ben.shot("room-phone-chat")
    line.locator("[data-mute]").click()
    expect(cat.page.locator("#chat-lines")).not_to_contain_text("<b>gl</b> hf")
    expect(cat.page.locator("#chat-lines")).to_contain_text("Unmute Ben")
    # the server keeps the mute: Ben's next line reaches Ann but never Cat's page
    ben.page.fill("#chat-input", "still here")
    ben.page.locator("#chat-input").press("Enter")
    expect(ann.page.locator("#chat-lines")).to_contain_text("still here")
    expect(cat.page.locator("#chat-lines")).not_to_contain_text("still here")
    cat.page.reload()
    cat.wait_connected()
    cat.page.locator("#chat-toggle").click()
    expect(cat.page.locator("#chat-lines")).to_contain_text("Unmute Ben")  # remembered
    for player in (ann, ben, cat):
        player.page.locator("#chat-close").click()

    press_ready([cat, dan])
    for number in range(1, 5):
        for player in everyone:
            expect(player.page.locator("#room-facts")).to_contain_text(f"Round {number} of 4")
            expect(player.page.locator("#rows button.card")).to_have_count(13)
        # Two players submit, the timer plays the other two; they swap each round, so
        # nobody's hand is the timer's twice running (that would make them away).
        manual = everyone[:2] if number % 2 else everyone[2:]
        for player in manual:
            submit_first_hint(player)
        if number == 2:
            ben.shot("room-phone-arranging")
            # The lobby (another tab of Ann's) says the room is playing its second round.
            lobby = ann.context.new_page()
            lobby.goto(server.url + "/tables/")
            row = lobby.locator("tr", has_text="Our room")
            expect(row).to_contain_text("playing")
            expect(row).to_contain_text("round 2 of 4")
            expect(row).to_contain_text("4/4 · 0 free")
            lobby.close()
        for player in everyone:
            expect(player.page.locator("#reveal")).to_be_visible(timeout=SETTLE_MS)
        if number == 1:
            ann.page.locator("#skip-reveal").click()
            expect(ann.page.locator("#seed-line")).to_contain_text(re.compile(r"Your seed [0-9a-f]{8}… is in this deal"))
        if number < 4:
            expect(ann.page.locator("#room-facts")).to_contain_text(f"Round {number} of 4")
            press_ready(everyone)

    # The session is over: everyone sees the standings, and the totals on the seats add up.
    for player in everyone:
        end = player.page.locator("#session-end")
        expect(end).to_be_visible()
        expect(end).to_contain_text("Session 1 is over")
        expect(end).to_contain_text("Every planned round is played.")
        expect(end.locator("tbody tr")).to_have_count(4)
        expect(player.page.locator("#room-facts")).to_contain_text("Session over")
    # The seats take a round's points when its reveal reaches the totals.
    for player in (ann, ben):
        expect(player.page.locator("#reveal")).to_have_attribute("data-done", "true", timeout=30000)
    totals = {name: seat_total(ann, position) for position, name in enumerate(names)}
    assert sum(totals.values()) == 0
    assert totals == {name: seat_total(ben, position) for position, name in enumerate(names)}
    standings = ann.page.locator("#session-standings tbody tr")
    shown = {standings.nth(i).locator("td").nth(1).inner_text():
             int(standings.nth(i).locator("td").nth(2).inner_text().replace("−", "-").replace("+", ""))
             for i in range(4)}
    assert shown == totals
    ann.shot("room-session-over")
    ben.shot("room-phone-session-over")

    link = ben.page.get_by_role("link", name="The full summary")
    expect(link).to_have_attribute("href", re.compile(r"^/sessions/[^/]+/$"))
    with ben.page.expect_navigation():
        link.click()
    expect(ben.page.get_by_role("heading", level=1)).to_contain_text("Our room, session 1")
    expect(ben.page.locator(".session-standings tbody tr")).to_have_count(4)
    for player in everyone:
        assert not player.errors, player.errors


def test_an_away_player_is_played_by_the_timer_and_comes_back(browser, table_server):
    server = table_server(arrange_seconds=ARRANGE_SECONDS)
    alice = Player(browser, server, "alice", "Alice").register()
    bob = Player(browser, server, "bob", "Bob", viewport=PHONE).register()
    url = alice.create_table("Away and back", seats=2)
    expect(alice.page.locator("#room-facts")).to_contain_text("Open-ended session")
    # Play now seats Bob at the room of that rule set that waits for players: Alice's.
    bob.open_lobby()
    with bob.page.expect_navigation():
        bob.page.get_by_role("button", name="Play now: Quick test table").click()
    bob.wait_connected()
    assert bob.page.url == url
    expect(bob.page.locator(".seat.you")).to_contain_text("Bob")

    # Two rounds in which the timer plays Bob's hand: he is away (托管) after the second.
    for number in (1, 2):
        press_ready([alice, bob])
        expect(alice.page.locator("#room-facts")).to_contain_text(f"Round {number}")
        submit_first_hint(alice)
        expect(alice.page.locator("#reveal")).to_be_visible(timeout=SETTLE_MS)
    away = alice.page.locator(".seat", has_text="Bob").locator(".seat-badge.away")
    expect(away).to_be_visible()
    expect(bob.page.get_by_role("button", name="I'm back")).to_be_visible()
    expect(bob.page.locator("#room-note")).to_contain_text("You are away")
    # Between rounds the host may free an away player's seat; Bob may not free his own.
    expect(alice.page.locator('.seat [data-free="1"]')).to_be_visible()
    expect(bob.page.locator("[data-free]")).to_have_count(0)
    bob.shot("room-phone-away")
    alice.shot("room-host-sees-away")

    # The table does not wait for Bob: Alice's ready deals round 3, and he comes back in it.
    alice.page.locator("#ready-button").click()
    expect(alice.page.locator("#room-facts")).to_contain_text("Round 3")
    bob.page.get_by_role("button", name="I'm back").click()
    expect(away).to_have_count(0)
    expect(bob.page.get_by_role("button", name="I'm back")).to_be_hidden()
    submit_first_hint(bob)
    # Alice's rows are the last: they settle the round at once.
    alice.page.locator("#submit-button").click()  # Submit, or Declare when the hint laid out is a special
    for player in (alice, bob):
        expect(player.page.locator("#reveal")).to_be_visible(timeout=SETTLE_MS)

    # Both vote to end: the session ends between rounds, as voted.
    alice.page.get_by_role("button", name="Vote to end").click()
    expect(bob.page.locator("#room-note")).to_contain_text("Voted to end: Alice")
    expect(alice.page.locator("#vote-button")).to_have_attribute("aria-pressed", "true")
    bob.page.get_by_role("button", name="Vote to end").click()
    for player in (alice, bob):
        expect(player.page.locator("#session-end")).to_contain_text("The players voted to end it.")
    assert not alice.errors and not bob.errors, alice.errors + bob.errors
