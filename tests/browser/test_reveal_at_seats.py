"""Issue 24, item 4 in Chromium: the reveal at the seats. A player practises with bots and
the show is stepped with the page's clock; at every step, at 375×667, 667×375 and
1280×800, in English and 中文, for 2, 3, 4 and 5 players, 多三张 and 十三道:

- the whole table is in view without scrolling — every hand, yours and its total —, the
  page does not scroll sideways and the felt's seats are not shown twice;
- names, totals and badges are not cut, and the bots are told apart ("Bot 1", "Bot 2"…,
  the level on a badge);
- each row's points appear on that row at every compared seat, sum to zero, and are the
  ones the seat's account gives; the totals land on the seats and are their accounts';
- a scoop (打枪) is said on both seats it concerns, with its points (a chosen deal).

Screenshots of every step go to /tmp/shots/reveal-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Player, module_server

pytestmark = pytest.mark.requires_chromium

SIZES = {"phone": {"width": 375, "height": 667}, "landscape": {"width": 667, "height": 375},
         "desktop": {"width": 1280, "height": 800}}
SHOTS = "/tmp/shots"
TICK_MS = 250  # the show's steps are 320 ms (a card) to 700 ms (an announcement) apart

# Everything the checks need, read in one go (the page's Content-Security-Policy allows
# evaluate, not wait_for_function).
MEASURE = """() => {
  const box = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const cut = (n) => n.scrollWidth > n.clientWidth + 1;
  const shown = (n) => n.offsetParent !== null && getComputedStyle(n).visibility !== 'hidden';
  const hands = [...document.querySelectorAll('#reveal-hands .reveal-hand')].map((hand) => {
    const rows = {};
    const lines = {};
    for (const row of ['front', 'middle', 'back']) {
      const pill = hand.querySelector(`.reveal-row[data-row="${row}"] .row-points`);
      rows[row] = pill && pill.textContent && shown(pill) ? [pill.textContent, box(pill)] : null;
      const line = hand.querySelector(`.breakdown li[data-key="row:${row}"]`);
      lines[row] = line ? Number(line.dataset.points) : null;
    }
    const total = hand.querySelector('.reveal-total');
    const totalLine = hand.querySelector('.breakdown li[data-kind="total"]');
    const name = hand.querySelector('.reveal-name');
    const badges = [...hand.querySelectorAll('.reveal-tags .badge')].filter(shown);
    return {
      position: Number(hand.dataset.position), you: hand.classList.contains('you'), box: box(hand),
      name: name.textContent, nameCut: cut(name), nameBox: box(name),
      total: total.textContent, totalCut: cut(total), totalShown: shown(total), totalBox: box(total),
      totalLine: totalLine ? Number(totalLine.dataset.points) : null,
      badges: badges.map((b) => b.textContent), badgesCut: badges.filter(cut).map((b) => b.textContent),
      rows, lines,
      news: [...hand.querySelectorAll('.reveal-news .news')].map((n) => [n.dataset.kind, n.textContent, box(n)]),
    };
  });
  const twice = [...document.querySelectorAll('#seats .seat.in-reveal')].filter(shown).length;
  return { width: innerWidth, height: innerHeight, scrollWidth: document.documentElement.scrollWidth,
    done: document.getElementById('reveal').dataset.done === 'true', hands, twice };
}"""


def points(text: str) -> int:
    return int(text.replace("−", "-").replace("+", "").replace("=", "").strip())


def inside(box, state, what) -> None:
    left, top, right, bottom = box
    assert left >= -1 and top >= -1 and right <= state["width"] + 1 and bottom <= state["height"] + 1, \
        f"{what} is out of view: {box} on {state['width']}×{state['height']}"


def check_step(state: dict, step: str) -> None:
    """What must hold at every step of the show, at any size."""
    assert state["scrollWidth"] <= state["width"], f"{step}: the page scrolls sideways"
    assert state["twice"] == 0, f"{step}: the felt's seats are shown beside the reveal's"
    you = [hand for hand in state["hands"] if hand["you"]]
    assert len(you) == 1, step
    for hand in state["hands"]:
        inside(hand["box"], state, f"{step}: {hand['name']}'s hand")
        assert not hand["nameCut"], f"{step}: the name {hand['name']!r} is cut"
        assert not hand["totalCut"], f"{step}: {hand['name']}'s total {hand['total']!r} is cut"
        assert not hand["badgesCut"], f"{step}: {hand['name']}'s badges are cut: {hand['badgesCut']}"
        if hand["total"]:
            inside(hand["totalBox"], state, f"{step}: {hand['name']}'s total")
        for row, pill in hand["rows"].items():
            if pill:
                inside(pill[1], state, f"{step}: {hand['name']}'s {row} points")
                # The row's points at the seat are the seat's account of that row.
                assert points(pill[0]) == hand["lines"][row], (step, hand["name"], row, pill[0], hand["lines"])
        for kind, words, box in hand["news"]:
            inside(box, state, f"{step}: {kind} on {hand['name']}")
    for row in ("front", "middle", "back"):
        pills = [hand["rows"][row] for hand in state["hands"] if hand["rows"][row]]
        if len(pills) == sum(1 for hand in state["hands"] if hand["lines"][row] is not None) and pills:
            assert sum(points(pill[0]) for pill in pills) == 0, (step, row, pills)


def check_end(state: dict, bot_name: str, level: str) -> None:
    assert state["done"]
    totals = []
    for hand in state["hands"]:
        assert hand["totalShown"], f"{hand['name']}'s total did not land on the seat"
        total = points(hand["total"])
        assert total == hand["totalLine"], (hand["name"], hand["total"], hand["totalLine"])
        totals.append(total)
        if not hand["you"]:
            assert re.fullmatch(bot_name, hand["name"]), hand["name"]
            assert level in hand["badges"], (hand["name"], hand["badges"])
    names = [hand["name"] for hand in state["hands"]]
    assert len(set(names)) == len(names), f"two seats look the same: {names}"
    return totals


def practise(browser, server, name: str, size: str, language: str, bots: int,
             rule_set: str = "Quick test table") -> Player:
    """A practice table with `bots` normal bots, the page's clock held by the test; Ready."""
    player = Player(browser, server, name, "Mei", viewport=SIZES[size]).register()
    page = player.page
    if language != "en":
        page.context.add_cookies([{"name": "django_language", "value": language, "url": server.url}])
    page.goto(server.url + "/tables/")
    page.select_option("#id_practise-rule_set", label=page.locator(
        "#id_practise-rule_set option", has_text=rule_set).first.inner_text())
    page.select_option("#id_practise-bots", str(bots))
    page.select_option("#id_practise-level", "normal")
    page.clock.install()
    with page.expect_navigation():
        page.locator("section.practise button[type=submit]").click()
    page.clock.run_for(500)
    page.locator("#ready-button").click()
    return player


def until_revealed(page) -> None:
    """Submit the dealt rows (hint 1 is laid out) or let the arrange timer do it; the
    server's timers are real, so real time passes too."""
    for _ in range(900):
        page.clock.run_for(200)
        page.wait_for_timeout(100)
        if page.locator("#reveal").is_visible():
            return
        # 十三道: bid, put a card in, agree — whatever the panel offers first.
        offered = page.locator("#phase-panel button:visible, #negotiation button:visible")
        if offered.count():
            try:
                offered.first.click(timeout=500)
            except Exception:
                pass
        submit = page.locator("#submit-button")
        if submit.is_visible() and submit.is_enabled():
            try:
                submit.click(timeout=500)
            except Exception:  # redrawn under the click: the next turn tries again
                pass
    pytest.fail("no reveal within two minutes")


def step_through(player: Player, tag: str) -> list[dict]:
    """Every step of the show: measured and shot; returns the states."""
    page = player.page
    states = []
    for step in range(200):
        state = page.evaluate(MEASURE)
        check_step(state, f"{tag} step {step}")
        states.append(state)
        if step % 3 == 0 or state["done"]:
            page.screenshot(path=f"{SHOTS}/reveal-{tag}-{step:02d}.png")
        if state["done"]:
            return states
        page.clock.run_for(TICK_MS)
    pytest.fail("the show did not end")


@pytest.fixture
def server(table_server):
    return table_server(arrange_seconds=12)  # 十三道: bidding, exchange and negotiation too


RULE_SETS = {"standard": "Quick test table", "extra-suit": "Extra suit", "extra-three": "Quick 多三张 table",
             "shisandao": "Quick 十三道 table"}
# size, language, bots, rule set: 2, 3, 4 and 5 players, 多三张 and 十三道, both languages.
CASES = [line.split() for line in """
phone en 3 standard
landscape en 3 standard
desktop en 3 standard
phone zh-hans 3 standard
landscape zh-hans 3 standard
phone en 1 standard
phone en 2 standard
desktop zh-hans 2 standard
landscape en 2 standard
phone en 4 extra-suit
landscape zh-hans 4 extra-suit
phone en 3 extra-three
landscape en 3 extra-three
phone zh-hans 3 shisandao
desktop en 3 shisandao
""".strip().splitlines()]


@pytest.mark.parametrize("size,language,bots,rule", CASES, ids=["-".join(case) for case in CASES])
def test_every_step_of_the_reveal_is_at_the_seats_and_in_view(browser, server, size, language, bots, rule):
    bots, rule_set = int(bots), RULE_SETS[rule]
    tag = f"{size}-{language}-{bots + 1}p-{rule}"
    player = practise(browser, server, f"r{len(tag)}{abs(hash(tag)) % 10**6}", size, language, bots, rule_set)
    page = player.page
    until_revealed(page)
    expect(page.locator("#reveal-hands .reveal-hand")).to_have_count(bots + 1)
    title = "the reveal" if language == "en" else "比牌"
    expect(page.locator("#reveal-title")).to_contain_text(title)
    states = step_through(player, tag)
    # The rows were shown at the seats one after another, not all at once.
    filled = [sum(1 for hand in state["hands"] for pill in hand["rows"].values() if pill) for state in states]
    compared = sum(1 for hand in states[-1]["hands"] for line in hand["lines"].values() if line is not None)
    assert filled[-1] == compared, (filled[-1], compared)  # every compared row has its points
    if compared:  # (多三张: everyone may declare a special, and no row is compared)
        assert filled[0] < filled[-1] and len(set(filled)) > 2, filled
    bot_name = r"Bot \d" if language == "en" else r"机器人 \d"
    level = "Normal" if language == "en" else "普通"
    totals = check_end(states[-1], bot_name, level)
    if "十三道" not in rule_set:  # 十三道's bids, pot and fees are paid from outside the pairs
        assert sum(totals) == 0, totals
    # After the show the seats say who is ready for the next round: not you, yet.
    expect(page.locator(".reveal-hand.you .reveal-state")).to_have_text(
        "Not ready" if language == "en" else "未准备")
    page.screenshot(path=f"{SHOTS}/reveal-{tag}-end.png")
    assert not player.errors, player.errors


@pytest.fixture
def scoop_server(tmp_path):
    """test_table_felt's chosen deal: with both players' first hints, seat 1 scoops seat 2
    (a normal bot plays its first hint; the player's rows are laid out as hint 1)."""
    server = module_server("tests.browser.test_table_felt", tmp_path, "--arrange-seconds", "20",
                           "--players", "2")
    yield server
    server.stop()


def test_a_scoop_is_said_at_both_seats_it_concerns_at_every_size(browser, scoop_server):
    player = practise(browser, scoop_server, "scooper", "phone", "en", 1)
    page = player.page
    until_revealed(page)
    for step in range(200):
        state = page.evaluate(MEASURE)
        check_step(state, f"scoop step {step}")
        news = {hand["name"]: hand["news"] for hand in state["hands"]}
        if any(kind == "scoop" for items in news.values() for kind, _w, _b in items):
            break
        assert not state["done"], "the show ended without a scoop"
        page.clock.run_for(TICK_MS)
    mei = next(hand for hand in state["hands"] if hand["you"])
    bot = next(hand for hand in state["hands"] if not hand["you"])
    [(_k, scoops, _b)] = [item for item in mei["news"] if item[0] == "scoop"]
    [(_k, scooped, _b)] = [item for item in bot["news"] if item[0] == "scoop"]
    assert scoops.startswith(f"打枪 {bot['name']}") and "+" in scoops, scoops
    assert scooped.startswith(f"Scooped by {mei['name'].split(' (')[0]}") and "−" in scooped, scooped
    assert points(scoops.rsplit(" ", 1)[1]) == -points(scooped.rsplit(" ", 1)[1]) > 0, (scoops, scooped)
    # The same step, seen at every size: both words in view, on their own hands.
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        state = page.evaluate(MEASURE)
        check_step(state, f"scoop at {size}")
        for hand in state["hands"]:
            [(_k, _w, box)] = [item for item in hand["news"] if item[0] == "scoop"]
            left, top, right, bottom = hand["box"]
            assert box[0] >= left - 1 and box[2] <= right + 1 and box[1] >= top and box[3] <= bottom, \
                (size, hand["name"], box, hand["box"])
        page.screenshot(path=f"{SHOTS}/reveal-scoop-{size}.png")
    # The scoop's points stay in both accounts once the word has gone.
    page.clock.run_for(15000)
    expect(page.locator("#reveal")).to_have_attribute("data-done", "true")
    expect(page.locator(".reveal-hand.you .breakdown li[data-kind=scoop]")).to_have_attribute(
        "data-points", str(points(scoops.rsplit(" ", 1)[1])))
    assert not player.errors, player.errors
