"""A Content-Security-Policy on every response, and pages that work under it (issue 12, 6).

The policy (settings.CONTENT_SECURITY_POLICY, django-csp) allows scripts and styles from
this origin only, so no page may carry an inline <script>, <style>, style="" or on…=""
handler; data goes in `json_script` blocks, which browsers never execute. The browser
test loads the table, replay, admin and API-docs pages in Chromium and fails on any
violation the console reports.
"""

from __future__ import annotations

from contextlib import contextmanager
from html.parser import HTMLParser

import pytest
from django.test import override_settings

from accounts.models import User
from conftest import CHROMIUM
from games.live import services
from games.live.services import hooks
from games.models import Round
from tests.factories import GOOD_PASSWORD, make_user
from tests.games.played import SCOOP_SEED, play_round

IN_MEMORY_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


class InlineCode(HTMLParser):
    """Collects what a strict policy would refuse to run or apply."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        attributes = dict(attrs)
        if tag == "script" and "src" not in attributes and attributes.get(
                "type") != "application/json":
            self.found.append(f"inline <script> {attributes}")
        if tag == "style":
            self.found.append("inline <style>")
        for name, _value in attrs:
            if name == "style" or name.startswith("on"):
                self.found.append(f"<{tag} {name}=…>")


@pytest.fixture(autouse=True)
def quiet_services(monkeypatch):
    monkeypatch.setattr(hooks, "schedule_arrange_timeout", lambda *args: None)
    with override_settings(CHANNEL_LAYERS=IN_MEMORY_LAYERS):
        yield


def _pages(monkeypatch) -> list[str]:
    """Every kind of page: public, a player's, a live table, a replay, the admin's."""
    players = [make_user(username=f"p{n}", display_name=f"Player {n}") for n in range(2)]
    User.objects.create_superuser(username="boss", password=GOOD_PASSWORD,
                                          display_name="Boss")
    table = services.table_create(user=players[0], rule_set="standard", name="Felt")
    services.table_join(user=players[1], invite_code=table.invite_code)
    round = play_round(table, players, seed=SCOOP_SEED, committed=lambda s, **k: s(**k),
                       monkeypatch=monkeypatch)
    return ["/", "/accounts/login/", "/accounts/register/", "/tables/", f"/tables/{table.id}/",
            f"/replays/{round.id}/", "/history/", "/admin/", "/admin/rules/ruleset/",
            "/admin/rules/ruleset/1/change/", "/api/docs/"]


@pytest.mark.django_db
def test_every_page_carries_the_policy_and_no_inline_code(client, monkeypatch):
    pages = _pages(monkeypatch)
    client.force_login(User.objects.get(username="boss"),
                       backend="django.contrib.auth.backends.ModelBackend")
    for url in pages + ["/static/js/protocol.js", "/api/me/", "/no-such-page/"]:
        response = client.get(url, follow=True)
        policy = response.headers.get("Content-Security-Policy", "")
        assert "script-src 'self'" in policy and "style-src 'self'" in policy, url
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        if response.status_code == 200 and "html" in response.headers["Content-Type"]:
            parser = InlineCode()
            parser.feed(b"".join(response).decode() if response.streaming
                        else response.content.decode())
            assert parser.found == [], url


@contextmanager
def chromium_page(live_server, username: str):
    from playwright.sync_api import sync_playwright

    args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=args)
        try:
            page = browser.new_context(locale="en-GB").new_page()
            page.violations = []
            page.on("console", lambda message: page.violations.append(message.text)
                    if "Content Security Policy" in message.text else None)
            page.on("pageerror", lambda error: page.violations.append(str(error)))
            page.goto(live_server.url + "/accounts/login/")
            page.fill("#id_username", username)
            page.fill("#id_password", GOOD_PASSWORD)
            with page.expect_navigation():
                page.locator("main form button[type=submit]").click()
            yield page
        finally:
            browser.close()


@pytest.mark.requires_chromium
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_pages_work_under_the_policy_in_a_browser(live_server, monkeypatch):
    pages = _pages(monkeypatch)
    round = Round.objects.get()
    with chromium_page(live_server, "boss") as page:
        for url in pages:
            page.goto(live_server.url + url)
            page.wait_for_load_state("networkidle")
        page.goto(live_server.url + f"/replays/{round.id}/")
        page.wait_for_selector("#replay-app[data-step]")
        page.goto(live_server.url + "/api/docs/")
        page.wait_for_selector(".swagger-ui .info", timeout=15_000)
        assert page.violations == []
