"""The replay page in Debian's Chromium (issue 6): a player steps through a settled round
with the buttons, the keyboard and the slider, plays and pauses it, opens a shared link
at a step, and sees the deal verified in the browser — and a changed seed caught.

The round is played through the real services before the browser opens (pytest-django's
live_server serves plain HTTP, which is all a replay needs). Playwright's sync API runs an
event loop in the test's thread, so the ORM is used only outside the browser blocks.
Screenshots go to test-artifacts/browser/.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import CHROMIUM
from tests.browser.conftest import CHROMIUM_ARGS, run_now
from games.live import services
from games.live.services import hooks
from games.models import Round
from rules.engine import fairness
from tests.factories import GOOD_PASSWORD, make_user
from tests.games.played import HOME_RUN_SEED, SPECIAL_SEED, play_round

pytestmark = [
    pytest.mark.requires_chromium,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("chosen_deals_played_here"),
]

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"


@pytest.fixture
def four_players(db):
    return [make_user(username=f"p{n}", display_name=f"Player {n}") for n in range(4)]


def played(players, seed, monkeypatch, **kwargs) -> Round:
    table = services.table_create(user=players[0], rule_set="standard", name="Felt")
    for user in players[1:]:
        services.table_join(user=user, invite_code=table.invite_code)
    return play_round(table, players, seed=seed, committed=run_now, monkeypatch=monkeypatch,
                      **kwargs)


@contextmanager
def logged_in_page(live_server, username: str, viewport=None):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(locale="en-GB",
                                          viewport=viewport or {"width": 1280, "height": 900})
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(live_server.url + "/accounts/login/")
            page.fill("#id_username", username)
            page.fill("#id_password", GOOD_PASSWORD)
            with page.expect_navigation():
                page.locator("main form button[type=submit]").click()
            page.errors = errors
            yield page
        finally:
            browser.close()


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def step_of(page) -> int:
    return int(page.locator("#replay-app").get_attribute("data-step"))


def scores(page) -> dict[str, int]:
    return {seat.get_attribute("data-position"): int(seat.locator("[data-score]")
                                                     .get_attribute("data-score"))
            for seat in page.locator(".replay-seat").all()}


def test_step_through_a_replay_and_verify_the_deal(live_server, four_players, monkeypatch):
    round = played(four_players, HOME_RUN_SEED, monkeypatch, manual=(1,))
    totals = round.result["totals"]
    steps = 1 + 4 + 3 + 3 + 1 + 1  # deal, 4 submissions, 3 rows, 3 scoops, home run, totals
    url = f"{live_server.url}/replays/{round.id}/"

    with logged_in_page(live_server, "p0") as page:
        page.goto(url)
        page.wait_for_selector("#replay-app[data-ready=true]")
        assert step_of(page) == 1
        assert page.locator("#replay-counter").inner_text() == f"Step 1 of {steps}"
        assert "dealt" in page.locator("#replay-narration").inner_text()
        # Dealt cards are drawn face up for all four seats, no rows yet.
        assert page.locator(".replay-seat .replay-dealt .replay-card").count() == 52
        assert page.locator(".replay-row").count() == 0

        # The deal is checked here, with WebCrypto, not just taken from the server.
        page.wait_for_selector("#verify-browser[data-result]")
        assert page.locator("#verify-browser").get_attribute("data-result") == "ok"
        assert "Checked in your browser" in page.locator("#verify-browser").inner_text()
        assert page.locator("#server-checks li.ok").count() == 4

        page.locator("#replay-forward").click()  # seat 1 submitted by hand first
        assert step_of(page) == 2 and re.search(r"[?&]step=2\b", page.url)
        assert page.locator("#replay-narration").inner_text() == "Player 1 submits by hand."
        assert page.locator(".replay-seat[data-position='1'] .replay-row").count() == 3

        page.keyboard.press("ArrowRight")
        assert "the timer submits Player 0" in page.locator("#replay-narration").inner_text()
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        assert step_of(page) == 6
        assert page.locator("#replay-narration").inner_text() == \
            "The Front · 头墩 rows are compared."
        assert page.locator(".replay-row.current[data-row=front]").count() == 4
        shot(page, "replay-front-row")

        page.keyboard.press("End")
        assert step_of(page) == steps
        assert page.locator("#replay-narration").inner_text() == "Totals"
        assert scores(page) == {str(k): v for k, v in totals.items()}
        assert page.locator(".replay-seat.home-run[data-position='2']").count() == 1
        shot(page, "replay-totals")

        page.keyboard.press("ArrowLeft")
        assert "home run" in page.locator("#replay-narration").inner_text()
        page.keyboard.press("Home")
        assert step_of(page) == 1 and set(scores(page).values()) == {0}

        page.locator("#replay-slider").fill("8")  # the slider counts from 0
        assert step_of(page) == 9
        assert "scoops" in page.locator("#replay-narration").inner_text()
        page.get_by_role("button", name=re.compile(r"^3\. ")).click()  # the step list
        assert step_of(page) == 3

        page.locator("#replay-play").click()
        assert page.locator("#replay-play").get_attribute("aria-pressed") == "true"
        # Waiting on the DOM: the Content-Security-Policy refuses wait_for_function's polling.
        expect(page.locator("#replay-app")).to_have_attribute(
            "data-step", re.compile(r"^([5-9]|\d{2,})$"), timeout=10000)
        page.keyboard.press("k")  # pause
        assert page.locator("#replay-play").get_attribute("aria-pressed") == "false"
        paused_at = step_of(page)
        page.wait_for_timeout(1800)
        assert step_of(page) == paused_at

        # A shared link opens at the same step.
        page.goto(f"{url}?step=7")
        page.wait_for_selector("#replay-app[data-ready=true]")
        assert step_of(page) == 7
        assert page.locator(".replay-row.current[data-row=middle]").count() == 4
        assert page.errors == []

    # A phone, a stranger (public table), and a declared special.
    special = played(four_players, SPECIAL_SEED, monkeypatch, declare=(0,))
    make_user(username="stranger", display_name="Stranger")
    with logged_in_page(live_server, "stranger", viewport={"width": 375, "height": 812}) as page:
        page.goto(f"{live_server.url}/replays/{special.id}/?step=2")
        page.wait_for_selector("#replay-app[data-ready=true]")
        assert page.locator("#replay-narration").inner_text() == \
            "Player 0 declares three straights (三顺子)."
        page.keyboard.press("End")
        page.wait_for_selector("#verify-browser[data-result=ok]")
        shot(page, "replay-phone-special")
        assert page.errors == []


def test_a_changed_seed_fails_the_browser_check(live_server, four_players, monkeypatch):
    round = played(four_players, HOME_RUN_SEED, monkeypatch)
    Round.objects.filter(pk=round.pk).update(deal_seed="ab" * 32)
    with logged_in_page(live_server, "p3") as page:
        page.goto(f"{live_server.url}/replays/{round.id}/")
        page.wait_for_selector("#verify-browser[data-result]")
        verdict = page.locator("#verify-browser")
        assert verdict.get_attribute("data-result") == "bad"
        assert "does NOT match the published commitment" in verdict.inner_text()
        assert page.locator("#server-checks li.bad[data-check=commitment]").count() == 1
        shot(page, "replay-tampered")


def test_an_unsettled_round_has_no_replay_page(live_server, four_players, monkeypatch):
    table = services.table_create(user=four_players[0], rule_set="standard", name="Felt",
                                  seats=2)
    services.table_join(user=four_players[1], invite_code=table.invite_code)
    for user in four_players[:2]:
        services.player_ready(table_id=table.id, user=user)
    round = Round.objects.get(table=table)
    with logged_in_page(live_server, "p0") as page:
        response = page.goto(f"{live_server.url}/replays/{round.id}/")
        assert response.status == 403
        assert "not settled yet" in page.locator("#refusal").inner_text()
        assert page.locator("[data-code]").count() == 0


def test_a_v2_replay_shows_the_transcript_and_links_the_verification_page(
        live_server, four_players, monkeypatch):
    """Under hmac-sha256-fy-v2 the replay lists every seat's client seed under its player's
    name, the viewer's marked as theirs, those the server drew (nobody sent one here: the
    services were called without) marked so; its link opens the verification page, which
    fetches this round's transcript and verifies it."""
    monkeypatch.setattr(hooks, "deal_scheme", fairness.ALGORITHM_V2)
    round = played(four_players, HOME_RUN_SEED, monkeypatch)
    seeds = {entry["position"]: entry["seed"]
             for entry in round.events.get(type="dealt").payload["client_seeds"]}
    with logged_in_page(live_server, "p1", viewport={"width": 375, "height": 667}) as page:
        page.goto(f"{live_server.url}/replays/{round.id}/")
        page.wait_for_selector("#verify-browser[data-result]")
        assert page.locator("#verify-browser").get_attribute("data-result") == "ok"
        assert page.locator("#fairness-round-number").inner_text() == str(round.number)
        entries = page.locator("#fairness-client-seeds li")
        assert entries.count() == 4
        for position in range(4):
            entry = page.locator(f"#fairness-client-seeds li[data-position='{position}']")
            assert entry.locator("code").inner_text() == seeds[position]
            assert entry.locator(".seed-owner").inner_text() == f"Player {position}"
            assert "(sent none: fixed by the server seed)" in entry.inner_text()  # v3
        assert page.locator("#fairness-client-seeds li.yours").get_attribute(
            "data-position") == "1"
        assert "(yours)" in page.locator("#fairness-client-seeds li.yours").inner_text()

        page.locator("#verify-page-link").click()
        page.wait_for_selector("#verify-app[data-state=done]")
        assert page.locator("#verify-result").get_attribute("data-result") == "ok"
        assert page.locator("#verify-checks li.ok").count() == 3
        assert page.errors == []
