"""No page of the site scrolls sideways (issue 14): every page a player reaches outside the
table, in Chromium at 375×667, 667×375 and 1280×800, in English and in Chinese, logged in
with some history present (a finished session, an extra-suit round).

Also: a replay's 5-card rows never wrap at 1280 px, no label wraps one character per
line, no Chinese term in brackets in the rules' tables breaks over two lines, and no link
is dropped by a narrow layout. Screenshots of every page go to artifacts/screenshots/ for a reviewer.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CHROMIUM
from tests.browser.conftest import CHROMIUM_ARGS, run_now
from games.live import services
from games.models import Session
from tests.factories import GOOD_PASSWORD, make_user
from tests.games.played import HOME_RUN_SEED, SCOOP_SEED, SPECIAL_SEED, play_round

pytestmark = [
    pytest.mark.requires_chromium,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("chosen_deals_played_here"),
]

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
VIEWPORTS = {"phone": {"width": 375, "height": 667}, "landscape": {"width": 667, "height": 375},
             "desktop": {"width": 1280, "height": 800}}
LANGUAGES = ("en", "zh-hans")

# What the page measures: how far it scrolls sideways, the elements sticking out (to say
# which), 5-card rows of the replay that wrap, and short labels squeezed to one character
# per line (a Chinese label in a column too narrow for it).
MEASURE = r"""() => {
  const width = window.innerWidth;
  const wide = [...document.querySelectorAll('body *')].filter((node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.right > width + 1 && getComputedStyle(node).position !== 'fixed';
  }).slice(0, 5).map((node) => `${node.tagName.toLowerCase()}.${node.className}`);
  const wrapped = [...document.querySelectorAll('.replay-row .replay-cards')].filter((row) => {
    const tops = new Set([...row.children].map((card) => Math.round(card.getBoundingClientRect().top)));
    return row.children.length === 5 && tops.size > 1;
  }).length;
  // A text of two or more characters laid out one character per line: as many line
  // boxes as characters (a Chinese label in a column too narrow for it).
  const squeezed = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text && squeezed.length < 5; text = walker.nextNode()) {
    const chars = text.data.replace(/\s/g, '');
    if (chars.length < 2 || !text.parentElement || !text.parentElement.offsetParent) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    const lines = new Set([...range.getClientRects()].filter((box) => box.width > 0)
      .map((box) => Math.round(box.top)));
    // what a screen reader alone reads (a 1 px clipped box) is not laid out for the eye
    let hidden = false;
    for (let node = text.parentElement; node && node !== document.body; node = node.parentElement) {
      if (node.getBoundingClientRect().width <= 1) { hidden = true; break; }
    }
    if (!hidden && lines.size >= 2 && lines.size >= chars.length) squeezed.push(chars.slice(0, 20));
  }
  // links a phone layout dropped (display: none) rather than moved: a row without its replay
  const lost = [...document.querySelectorAll('main a[href]')].filter((link) =>
    link.getClientRects().length === 0 && !link.closest('details:not([open]), [hidden]'))
    .slice(0, 5).map((link) => link.getAttribute('href'));
  // a Chinese term in brackets in the rules' tables — "(头墩)", "(至尊清龙)" — broken
  // over two lines
  const split = [];
  for (const cell of document.querySelectorAll('table.data.terms td')) {
    const cellTexts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let text = cellTexts.nextNode(); text; text = cellTexts.nextNode()) {
      for (const term of text.data.matchAll(/\([^)]*[\u4e00-\u9fff][^)]*\)/g)) {
        const range = document.createRange();
        range.setStart(text, term.index);
        range.setEnd(text, term.index + term[0].length);
        const lines = new Set([...range.getClientRects()].filter((box) => box.width > 0)
          .map((box) => Math.round(box.top)));
        if (lines.size > 1 && split.length < 5) split.push(term[0]);
      }
    }
  }
  return {scroll: document.documentElement.scrollWidth, width, wide, wrapped, squeezed, lost, split};
}"""


@pytest.fixture
def history(db, monkeypatch):
    """Four players (one with a long name, one with a Chinese one) who finished a session
    of four standard rounds and played a round of 多一色 (extra-suit)."""
    names = ["Player 0", "Alexandra Longname-Smythe", "张伟", "Player 3"]
    players = [make_user(username=f"p{n}", display_name=name) for n, name in enumerate(names)]
    table = services.table_create(user=players[0], rule_set="standard",
                                  name="A rather long table name for a phone", rounds=4)
    for user in players[1:]:
        services.table_join(user=user, invite_code=table.invite_code)
    rounds = [play_round(table, players, seed=seed, committed=run_now, monkeypatch=monkeypatch,
                         manual=(1,)) for seed in (HOME_RUN_SEED, SCOOP_SEED, SPECIAL_SEED, f"{5:064x}")]
    extra = services.table_create(user=players[0], rule_set="extra-suit", name="多一色", seats=4)
    for user in players[1:]:
        services.table_join(user=user, invite_code=extra.invite_code)
    extra_round = play_round(extra, players, seed=f"{7:064x}", committed=run_now,
                             monkeypatch=monkeypatch)
    session = Session.objects.filter(table=table).first()
    assert session is not None and session.summary, "the four-round session has ended"
    return {"players": players, "table": table, "round": rounds[0], "extra": extra_round,
            "session": session}


def pages(history) -> dict[str, str]:
    """Every page listed in issue 14 outside the table, by a short name."""
    return {
        "home": "/",
        "lobby": "/tables/",
        "history": "/history/",
        "history-table": f"/history/tables/{history['table'].id}/",
        "replay": f"/replays/{history['round'].id}/",
        "replay-extra-suit": f"/replays/{history['extra'].id}/",
        "leaderboard": "/history/leaderboard/standard/",
        "session": f"/sessions/{history['session'].share_code}/",
        "verify": "/verify/",
        "verify-round": f"/verify/?round={history['extra'].id}",  # fetched and checked
        "profile": "/accounts/profile/",
        "password": "/accounts/password/",
        "rules-standard": "/rules/standard/",
        "rules-extra-suit": "/rules/extra-suit/",
    }


PUBLIC_PAGES = {"login": "/accounts/login/", "register": "/accounts/register/"}


def check_pages(browser, live_server, urls: dict[str, str], *, login: bool) -> list[str]:
    problems = []
    for language in LANGUAGES:
        for view_name, viewport in VIEWPORTS.items():
            context = browser.new_context(viewport=viewport, locale="en-GB")
            context.add_cookies([{"name": "django_language", "value": language,
                                  "url": live_server.url}])
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            if login:
                page.goto(live_server.url + "/accounts/login/")
                page.fill("#id_username", "p1")
                page.fill("#id_password", GOOD_PASSWORD)
                with page.expect_navigation():
                    page.locator("main form button[type=submit]").click()
            for name, path in urls.items():
                page.goto(live_server.url + path)
                if name.startswith("replay"):
                    page.wait_for_selector("#replay-app[data-ready=true]")
                    page.locator("#replay-end").click()  # every row revealed
                    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                    page.locator("#replay-seats").screenshot(  # the cards, close up
                        path=str(SCREENSHOTS / f"pages-{name}-seats-{language}-{view_name}.png"))
                if name.startswith("verify"):
                    page.wait_for_selector("#verify-app[data-ready=true]")
                if name == "verify-round":
                    page.wait_for_selector("#verify-app[data-state=done]")
                page.wait_for_load_state("load")
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SCREENSHOTS / f"pages-{name}-{language}-{view_name}.png"),
                                full_page=True)
                found = page.evaluate(MEASURE)
                where = f"{name} ({language}, {viewport['width']}×{viewport['height']})"
                if found["scroll"] > found["width"]:
                    problems.append(f"{where} scrolls sideways: {found['scroll']} > "
                                    f"{found['width']}, {found['wide']}")
                if viewport["width"] >= 1280 and found["wrapped"]:
                    problems.append(f"{where}: {found['wrapped']} five-card rows wrap")
                if found["lost"]:
                    problems.append(f"{where}: links not shown: {found['lost']}")
                if found["squeezed"]:
                    problems.append(f"{where}: one character per line: {found['squeezed']}")
                if found["split"]:
                    problems.append(f"{where}: Chinese terms broken over two lines: "
                                    f"{found['split']}")
            if errors:
                problems.append(f"script errors ({language}, {view_name}): {errors}")
            context.close()
    return problems


@pytest.fixture
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def test_no_page_scrolls_sideways_logged_in(live_server, history, chromium):
    urls = pages(history)
    problems = check_pages(chromium, live_server, urls, login=True)
    assert not problems, "\n".join(problems)


def test_no_page_scrolls_sideways_logged_out(live_server, history, chromium):
    problems = check_pages(chromium, live_server, PUBLIC_PAGES, login=False)
    assert not problems, "\n".join(problems)
