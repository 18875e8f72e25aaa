"""Browser-test fixtures: a live table server in a subprocess (tests/browser/live_server.py),
headless Debian Chromium through Playwright, and players who register and sit down the way
a person does. Screenshots go to test-artifacts/browser/."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import CHROMIUM

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
PASSWORD = "felt-table-13-water"
PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def chosen_deals_played_here(monkeypatch):
    """For tests that play rounds through the services in their own process: no real
    timers or channel layer (the test settles rounds itself), and deals from chosen
    seeds, which are the whole deal only under v1 (v2 mixes in every player's client
    seed). Use with `run_now` as play_round's `committed`."""
    from django.test import override_settings

    from games.live.services import hooks
    from rules.engine import fairness

    monkeypatch.setattr(hooks, "schedule_arrange_timeout", lambda *args: None)
    monkeypatch.setattr(hooks, "deal_scheme", fairness.ALGORITHM)
    with override_settings(CHANNEL_LAYERS={"default": {
            "BACKEND": "channels.layers.InMemoryChannelLayer"}}):
        yield


def run_now(service, **kwargs):
    """A service outside any test transaction commits by itself (transaction=True)."""
    return service(**kwargs)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def module_server(module: str, tmp_path: Path, *options: str) -> "TableServer":
    """Start `python -m <module>` as a live server (a test module serving its own chosen
    deal: live_server.serve_one_deal) on a free port, logging under ARTIFACTS."""
    port = _free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / f"server-{port}.log"
    log.write_text("")
    command = [sys.executable, "-m", module, "--port", str(port),
               "--db", str(tmp_path / "server.sqlite3"), *options]
    return TableServer(command, port, log).start()


class TableServer:
    """A live server subprocess; `stop()` and `start()` again keep its database, so a
    test can drop every connection the way a server restart does."""

    def __init__(self, command: list[str], port: int, log: Path) -> None:
        self.command = command
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log = log
        self.process: subprocess.Popen | None = None

    def start(self) -> "TableServer":
        self.process = subprocess.Popen(self.command, cwd=ROOT, stdout=self.log.open("a"),
                                        stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"the live server stopped: {self.log.read_text()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return self
            except OSError:
                time.sleep(0.2)
        pytest.fail("the live server did not start within 60 s")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def table_server(tmp_path):
    """start(arrange_seconds=…, special_seat=…, players=…) → a running TableServer."""
    started: list[TableServer] = []

    def start(*, arrange_seconds: int = 30, special_seat: int | None = None,
              players: int = 4) -> TableServer:
        port = _free_port()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        log = ARTIFACTS / f"server-{port}.log"
        log.write_text("")
        command = [sys.executable, "-m", "tests.browser.live_server", "--port", str(port),
                   "--db", str(tmp_path / f"live-{port}.sqlite3"),
                   "--arrange-seconds", str(arrange_seconds), "--players", str(players)]
        if special_seat is not None:
            command += ["--special-seat", str(special_seat)]
        server = TableServer(command, port, log)
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


class HeldMessages:
    """The table's socket routed through Playwright: each message from the server for
    which `hold(message)` (the parsed JSON) is true waits in `held` until release(), so a
    test can let the table change at the moment it chooses (a pointer down, say)."""

    def __init__(self, page, hold):
        self.hold = hold
        self.held: list[str] = []
        self.sockets = []
        page.route_web_socket(re.compile(r"/ws/tables/"), self._route)

    def _route(self, ws) -> None:
        server_side = ws.connect_to_server()
        self.sockets.append(ws)

        def from_server(message) -> None:
            if isinstance(message, str) and self.hold(json.loads(message)):
                self.held.append(message)
            else:
                ws.send(message)

        server_side.on_message(from_server)

    def wait(self, page, timeout_ms: int = 30000) -> None:
        """Until a message is held."""
        for _ in range(timeout_ms // 50):
            if self.held:
                return
            page.wait_for_timeout(50)
        raise AssertionError("no message came to hold")

    def release(self) -> None:
        """The held messages go to the page, in the order they came."""
        released, self.held = self.held, []
        for message in released:
            self.sockets[-1].send(message)


class Player:
    """One person in their own browser context (own cookies, own socket)."""

    def __init__(self, browser, server: TableServer, username: str, display_name: str,
                 viewport: dict | None = None) -> None:
        self.username = username
        self.display_name = display_name
        self.server = server
        self.context = browser.new_context(viewport=viewport or DESKTOP, locale="en-GB")
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def register(self) -> "Player":
        page = self.page
        page.goto(self.server.url + "/accounts/register/")
        page.fill("#id_username", self.username)
        page.fill("#id_display_name", self.display_name)
        page.fill("#id_password1", PASSWORD)
        page.fill("#id_password2", PASSWORD)
        with page.expect_navigation():
            page.locator("main form button[type=submit]").click()
        return self

    def open_lobby(self) -> None:
        self.page.get_by_role("navigation").get_by_role("link", name="Lobby").click()
        self.page.wait_for_url("**/tables/")

    def create_table(self, name: str, rule_set: str = "Quick test table",
                     seats: int | None = None, rounds: int | None = None) -> str:
        """Open a room; `seats`: how many it seats (its first round is dealt when they
        are all filled and ready), else as many as the rule set allows; `rounds`: the
        session's rounds, else open-ended."""
        self.open_lobby()
        page = self.page
        page.select_option("#id_create-rule_set", label=page.locator(
            "#id_create-rule_set option", has_text=rule_set).first.inner_text())
        page.fill("#id_create-name", name)
        if seats is not None:
            page.select_option("#id_create-seats", str(seats))
        if rounds is not None:
            page.select_option("#id_create-rounds", str(rounds))
        with page.expect_navigation():
            page.get_by_role("button", name="Create and sit down").click()
        self.wait_connected()
        return page.url

    def wait_connected(self) -> None:
        # The page marks its socket's status on the app (table.js); waiting on the DOM, not
        # a polled script, because the Content-Security-Policy (no 'unsafe-eval') refuses
        # Playwright's wait_for_function once its first check fails.
        from playwright.sync_api import expect

        expect(self.page.locator("#table-app")).to_have_attribute("data-connection", "open")

    def shot(self, name: str) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)

    def codes_on_page(self) -> set[str]:
        """Every card face the page draws (data-code), wherever it is."""
        return set(self.page.eval_on_selector_all(
            "[data-code]", "nodes => nodes.map(n => n.dataset.code)"))

    def my_cards(self) -> set[str]:
        return set(self.page.evaluate("(window.thirteenWater.model.you || {}).cards || []"))
