"""The public verification page in Debian's Chromium (issue 17): somebody who is not logged
in pastes a real round's transcript and sees it verified, in their browser; the same
transcript with one character changed is rejected, and says which check failed. A round
number fetches the transcript — refused, in words, to a visitor who is not logged in, and
checked for one of the round's players.

The round is played through the real services under hmac-sha256-fy-v3 (every player's
client seed in the deal; the two who send none have the seeds the commitment fixed, which
the page works out) before the browser opens, as tests/browser/test_replay.py does.
Screenshots go to test-artifacts/browser/ and /tmp/shots17/.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import pytest
from django.test import override_settings

from conftest import CHROMIUM
from games.live import services
from games.live.services import hooks
from games.record.replays import replay_get
from games.record.transcript import encode, transcript
from rules.engine import fairness
from tests.factories import GOOD_PASSWORD, make_user
from tests.games.conftest import best_rows

pytestmark = [
    pytest.mark.requires_chromium,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
SHOTS = Path("/tmp/shots17")
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
PHONE = {"width": 375, "height": 667}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(autouse=True)
def quiet_services(monkeypatch):
    """No real timers or channel layer: the test settles the round itself."""
    monkeypatch.setattr(hooks, "schedule_arrange_timeout", lambda *args: None)
    with override_settings(CHANNEL_LAYERS={"default": {
            "BACKEND": "channels.layers.InMemoryChannelLayer"}}):
        yield


def settled_round(players):
    """A 4-player standard round under v3: two players send client seeds, two send none
    (their seeds are the ones the server seed fixed); everyone submits their first hint."""
    table = services.table_create(user=players[0], rule_set="standard", name="Felt")
    for user in players[1:]:
        services.table_join(user=user, invite_code=table.invite_code)
    for n, user in enumerate(players):
        seed = f"{n + 1:02x}" * 16 if n < 2 else None
        services.player_ready(table_id=table.id, user=user, client_seed=seed)
    round = table.rounds.get(phase="arranging")
    assert round.rules and round.hands.count() == 4
    for hand in round.hands.select_related("user"):
        front, middle, back = best_rows(hand)
        services.round_submit(table_id=table.id, user=hand.user, front=front, middle=middle,
                              back=back)
    round.refresh_from_db()
    assert round.phase == "settled"
    return round


@contextmanager
def browser_page(viewport=None):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(locale="en-GB", viewport=viewport or DESKTOP)
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            # A script, style or handler the Content-Security-Policy refused shows here.
            page.on("console", lambda message: errors.append(message.text)
                    if "Content Security Policy" in message.text else None)
            page.errors = errors
            yield page
        finally:
            browser.close()


def log_in(page, live_server, username: str) -> None:
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", GOOD_PASSWORD)
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()


def shot(page, name: str) -> None:
    """The whole page, and the result section alone (legible when the whole is a phone's
    long strip)."""
    box = page.evaluate("(() => { const r = document.querySelector('.verify-outcome')"
                        ".getBoundingClientRect(); return {x: 0, y: r.top + scrollY, "
                        "width: innerWidth, height: r.height}; })()")
    for folder in (ARTIFACTS, SHOTS):
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
        page.screenshot(path=str(folder / f"{name}-result.png"), full_page=True, clip=box)


def check_pasted(page, text: str) -> str:
    """Paste, press Check, wait for the verdict; its data-result."""
    result = page.locator("#verify-result")
    page.fill("#verify-transcript", text)
    page.locator("#verify-check").click()
    page.wait_for_selector("#verify-app[data-state=done]")
    return result.get_attribute("data-result")


def test_a_pasted_transcript_is_verified_and_one_changed_character_rejected(live_server):
    players = [make_user(username=f"p{n}", display_name=f"Player {n}") for n in range(4)]
    round = settled_round(players)
    line = transcript(replay_get(round_id=round.id, user=players[0]))
    text = encode(line)
    assert line["algorithm"] == fairness.ALGORITHM_V3
    assert line["client_seeds"] == ["01" * 16, "02" * 16, None, None]

    for viewport, size in ((DESKTOP, "1280"), (PHONE, "375")):
        with browser_page(viewport) as page:
            response = page.goto(live_server.url + "/verify/")  # nobody logged in
            assert response.status == 200
            page.wait_for_selector("#verify-app[data-ready=true]")
            assert check_pasted(page, text) == "ok"
            assert "Verified" in page.locator("#verify-result").inner_text()
            checks = page.locator("#verify-checks li")
            assert [item.get_attribute("data-check") for item in checks.all()] == \
                ["commitment", "round_seed", "deal"]
            assert page.locator("#verify-checks li.ok").count() == 3
            assert "round 1 and the 4 client seeds" in checks.nth(1).inner_text()
            # The page says seats from 1, as the table does; the transcript's are from 0.
            assert "Seats 3, 4 sent no seed" in checks.nth(1).inner_text()
            # The facts as read: each seat's client seed, the round seed computed here.
            seeds = page.locator("#verify-facts .client-seeds li")
            assert seeds.count() == 4
            assert seeds.first.inner_text().startswith("Seat 1 ")
            assert seeds.first.inner_text().endswith("01" * 16)
            # null: the seed the server seed fixed, worked out in the browser
            for seat in (2, 3):
                assert seeds.nth(seat).locator("[data-derived=true]").inner_text() == \
                    fairness.derived_client_seed(line["seed"], 1, seat)
                assert "fixed by the server seed" in seeds.nth(seat).inner_text()
            round_seed = fairness.deal_seed(fairness.ALGORITHM_V3, line["seed"], 1,
                                            line["client_seeds"])
            assert page.locator("[data-fact=round_seed]").inner_text() == round_seed
            shot(page, f"verify-ok-{size}")

            # One character of the server seed changed: the commitment no longer holds.
            at = text.index(line["seed"]) + 10
            changed = text[:at] + ("0" if text[at] != "0" else "1") + text[at + 1:]
            assert check_pasted(page, changed) == "bad"
            assert "Rejected" in page.locator("#verify-result").inner_text()
            bad = page.locator("#verify-checks li.bad[data-check=commitment]")
            assert "NOT the published commitment" in bad.inner_text()
            shot(page, f"verify-rejected-{size}")

            # One client seed's digit changed: every seat's cards are other cards.
            at = text.index(line["client_seeds"][1]) + 5
            changed = text[:at] + ("a" if text[at] != "a" else "b") + text[at + 1:]
            assert check_pasted(page, changed) == "bad"
            assert page.locator("#verify-checks li.ok[data-check=commitment]").count() == 1
            assert "at these seats: 1, 2, 3, 4." in page.locator(
                "#verify-checks li.bad[data-check=deal]").inner_text()

            # Broken JSON says so, in words.
            assert check_pasted(page, text[:-1]) == "bad"
            assert page.locator("#verify-result").get_attribute("data-reason") == \
                "form.not_json"
            assert page.errors == []


def test_a_round_number_is_fetched_for_its_players_and_refused_to_strangers(live_server):
    players = [make_user(username=f"p{n}", display_name=f"Player {n}") for n in range(4)]
    round = settled_round(players)
    expected = encode(transcript(replay_get(round_id=round.id, user=players[2])))

    with browser_page(PHONE) as page:
        page.goto(f"{live_server.url}/verify/?round={round.id}")
        page.wait_for_selector("#verify-app[data-state=done]")
        result = page.locator("#verify-result")
        assert result.get_attribute("data-result") == "bad"
        assert result.get_attribute("data-reason") == "fetch.not_logged_in_id"
        assert "log in" in result.inner_text()
        shot(page, "verify-refused-375")

        log_in(page, live_server, "p2")
        page.goto(f"{live_server.url}/verify/")
        page.fill("#verify-round", "999999")
        page.locator("#verify-fetch").click()
        page.wait_for_selector("#verify-app[data-state=done]")
        assert result.get_attribute("data-reason") == "fetch.not_found_id"
        assert "no round with id 999999" in result.inner_text()

        page.goto(f"{live_server.url}/verify/?round={round.id}")
        page.wait_for_selector("#verify-app[data-state=done]")
        assert result.get_attribute("data-result") == "ok"
        # The box holds the canonical transcript that was checked.
        assert page.locator("#verify-transcript").input_value() == expected
        assert page.errors == []
