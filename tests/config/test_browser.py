"""A player's first visit in a real browser (Debian's Chromium driven by Playwright):
switch to Chinese, fail then succeed at registering, log out."""

from contextlib import contextmanager

import pytest

from accounts.models import User
from conftest import CHROMIUM

pytestmark = [
    pytest.mark.requires_chromium,
    # The live server reads what the test writes, so the test cannot sit in a rolled-back
    # transaction; serialized_rollback puts the preset rule sets back afterwards.
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@contextmanager
def browser_page():
    """A fresh page in headless Chromium. Playwright's sync API runs an event loop in this
    thread, so the ORM (sync-only) is used only before or after this block."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser.new_context(locale="en-GB").new_page()
        finally:
            browser.close()


def test_first_visit_register_in_chinese_and_log_out(live_server, tmp_path):
    with browser_page() as page:
        page.goto(live_server.url + "/")
        assert page.locator("h2").first.inner_text() == "Ways to play"
        assert page.get_by_role("link", name="标准十三水 Standard").is_visible()

        with page.expect_navigation():
            page.select_option("#language", "zh-hans")
        assert page.locator("h2").first.inner_text() == "玩法"

        page.get_by_role("link", name="注册", exact=True).click()
        page.fill("#id_username", "xiaoming")
        page.fill("#id_display_name", "小明")
        page.fill("#id_password1", "felt-table-13-water")
        page.fill("#id_password2", "felt-table-13-wate")
        page.get_by_role("button", name="注册").click()
        assert "两次输入的密码不一致" in page.locator(".field-errors").inner_text()

        page.fill("#id_password1", "felt-table-13-water")
        page.fill("#id_password2", "felt-table-13-water")
        page.get_by_role("button", name="注册").click()
        assert "欢迎，小明！" in page.locator(".messages").inner_text()
        page.screenshot(path=str(tmp_path / "registered.png"), full_page=True)

        page.get_by_role("button", name="退出").click()
        page.wait_for_load_state()
        assert page.get_by_role("navigation").get_by_role("link", name="登录").is_visible()

    assert User.objects.filter(username="xiaoming", display_name="小明").exists()
