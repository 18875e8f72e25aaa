"""Issue 24, item 8 in a real browser: the record pages on a phone. At 375×667, 667×375 and
1280×800 the replay's result and analysis show cards as the site does (K♥ in red, 10♣ in
black: no "Kc Th 6d" in monospace), nothing scrolls sideways (the analysis was 411–436 px
wide at 375), and the sticky transport covers nothing scrolled to; a practice table's
stored English name is said in Chinese in a Chinese reader's replay title; /verify/ asks
for the round's id; the admin's rule-set page fits 1280 px.

The round is played through the real services before the browser opens, as
tests/browser/test_replay.py does. Screenshots go to /tmp/shots/."""

from __future__ import annotations

import re

import pytest

from games.live import services
from games.record.analysis import analyse_round
from tests.browser.conftest import run_now
from tests.browser.test_replay import logged_in_page
from tests.factories import GOOD_PASSWORD, make_user
from tests.games.played import HOME_RUN_SEED, play_round

pytestmark = [
    pytest.mark.requires_chromium,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("chosen_deals_played_here"),
]

SIZES = {"phone": {"width": 375, "height": 667}, "landscape": {"width": 667, "height": 375},
         "desktop": {"width": 1280, "height": 800}}
SHOTS = "/tmp/shots"
FACE = re.compile(r"^(10|[2-9JQKA])[♠♥♣♦]2?$")
RED = "rgb(198, 40, 40)"


@pytest.fixture
def analysed_round(db, monkeypatch):
    """A settled 4-player round at a table whose name is a practice table's, stored in
    English (its creator's language), with every hand analysed."""
    players = [make_user(username=f"p{n}", display_name=f"Player {n}") for n in range(4)]
    table = services.table_create(user=players[0], rule_set="standard", name="Practise · Mei")
    for user in players[1:]:
        services.table_join(user=user, invite_code=table.invite_code)
    round = play_round(table, players, seed=HOME_RUN_SEED, committed=run_now,
                       monkeypatch=monkeypatch, manual=(1,))
    analyse_round(round.id)
    return round


def fits_across(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def uncovered(page, selector: str) -> None:
    """Scrolled to, the element is drawn on top at its centre: the sticky bar is not over it."""
    node = page.locator(selector).first
    node.evaluate("node => node.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(100)
    assert node.evaluate("""node => {
        const r = node.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + Math.min(r.width / 2, 20), r.y + Math.min(r.height / 2, 10));
        return r.top >= -1 && top !== null && (node === top || node.contains(top));
    }"""), f"{selector} is under the transport bar"


@pytest.mark.parametrize("size", list(SIZES))
def test_the_replay_shows_cards_as_faces_and_fits_the_screen(live_server, analysed_round, size):
    with logged_in_page(live_server, "p0", viewport=SIZES[size]) as page:
        page.goto(f"{live_server.url}/replays/{analysed_round.id}/")
        page.wait_for_selector("#replay-app[data-ready=true]")
        page.screenshot(path=f"{SHOTS}/record-replay-{size}.png", full_page=True)
        for table in (".replay-result-table", "table.analysis"):
            faces = page.locator(f"{table} .face")
            texts = faces.all_inner_texts()
            assert len(texts) >= 4 * 13, (table, len(texts))
            assert all(FACE.match(text) for text in texts), texts
            # No card code in monospace is left: the cells hold faces only.
            assert page.locator(f"{table} code").count() == 0
            assert not re.search(r"\b[2-9TJQKA][shcd]\b", page.locator(table).inner_text())
            # Red suits in red, black in black; not a monospace font.
            for face in faces.all()[:13]:
                colour = face.evaluate("node => getComputedStyle(node).color")
                assert colour == (RED if face.inner_text()[-1] in "♥♦" else "rgb(29, 35, 33)")
            family = faces.first.evaluate("node => getComputedStyle(node).fontFamily")
            assert "mono" not in family.lower(), family
            box = page.locator(table).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"], (table, box)
        page.locator("table.analysis").screenshot(path=f"{SHOTS}/record-analysis-{size}.png")
        page.locator(".replay-result").screenshot(path=f"{SHOTS}/record-result-{size}.png")
        fits_across(page)
        # The transport covers nothing the page scrolls to, nor a link reached with Tab.
        for selector in ("#fairness-title", ".replay-result h2", "#analysis-title",
                         "#verify-page-link", "#replay-steps"):
            uncovered(page, selector)
        page.evaluate("window.scrollTo(0, 0)")
        page.locator("#verify-page-link").focus()
        page.wait_for_timeout(100)
        assert page.locator("#verify-page-link").evaluate("""node => {
            const r = node.getBoundingClientRect();
            const top = document.elementFromPoint(r.x + 5, r.y + r.height / 2);
            return node === top || node.contains(top);
        }"""), "the focused link is under the transport bar"
        page.screenshot(path=f"{SHOTS}/record-replay-focus-{size}.png")
        assert page.errors == []


def test_a_practice_tables_english_name_is_chinese_in_a_chinese_replay(live_server, analysed_round):
    with logged_in_page(live_server, "p0", viewport=SIZES["phone"]) as page:
        page.context.add_cookies([{"name": "django_language", "value": "zh-hans",
                                   "url": live_server.url}])
        page.goto(f"{live_server.url}/replays/{analysed_round.id}/")
        heading = page.locator("h1").inner_text()
        assert "Practise" not in heading and "Mei" in heading and heading.startswith("回放")
        assert "Practise" not in page.title()
        # Chinese words around the faces, the cards the same.
        assert page.locator(".replay-result-table .face").count() == 4 * 13
        page.screenshot(path=f"{SHOTS}/record-replay-zh-phone.png")
        fits_across(page)


@pytest.mark.parametrize("size", list(SIZES))
def test_verify_asks_for_the_rounds_id(live_server, analysed_round, size):
    with logged_in_page(live_server, "p0", viewport=SIZES[size]) as page:
        page.goto(f"{live_server.url}/verify/")
        page.wait_for_selector("#verify-app[data-ready=true]")
        label = page.locator("label[for=verify-round]")
        assert label.inner_text() == "Or the round's id"
        assert "/replays/42/" in page.locator("#verify-round-help").inner_text()
        assert "round number" not in page.locator("#verify-result").inner_text()
        page.fill("#verify-round", "seven")
        page.locator("#verify-fetch").click()
        page.wait_for_selector("#verify-app[data-state=done]")
        assert "A round's id is a whole number" in page.locator("#verify-result").inner_text()
        # The replay's own link fills in the id and the round checks out.
        page.goto(f"{live_server.url}/verify/?round={analysed_round.id}")
        page.wait_for_selector("#verify-app[data-state=done]")
        assert page.locator("#verify-result").get_attribute("data-result") == "ok"
        page.screenshot(path=f"{SHOTS}/record-verify-{size}.png", full_page=True)
        fits_across(page)
        assert page.errors == []


def test_the_rule_set_admin_page_fits_1280(live_server, db):
    from django.contrib.auth import get_user_model

    from rules.models import RuleSet

    get_user_model().objects.create_superuser(username="boss", display_name="Boss",
                                              password=GOOD_PASSWORD)
    # The ORM before the browser opens (Playwright's loop runs in this thread).
    pks = {slug: RuleSet.objects.get(slug=slug).pk for slug in ("standard", "extra-three", "shisandao")}
    with logged_in_page(live_server, "boss", viewport=SIZES["desktop"]) as page:
        for slug, pk in pks.items():
            page.goto(f"{live_server.url}/admin/rules/ruleset/{pk}/change/")
            assert page.locator("#specials-group").count() == 1
            page.screenshot(path=f"{SHOTS}/record-admin-{slug}.png", full_page=True)
            fits_across(page)
