"""Pages in Simplified Chinese and English, and the language switch."""

from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db

CATALOGUE = Path(settings.BASE_DIR, "locale", "zh_Hans", "LC_MESSAGES")


def test_a_chinese_browser_gets_chinese_pages(client):
    page = client.get(reverse("accounts:login"), HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9")
    text = page.content.decode()
    assert '<html lang="zh-hans">' in text
    assert "登录" in text and "大厅" in text


def test_other_browsers_get_english(client):
    text = client.get(reverse("accounts:login"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<html lang="en">' in text and "Log in" in text


def test_the_language_switch_remembers_the_choice(client):
    response = client.post(reverse("set_language"), {"language": "zh-hans", "next": "/"})

    assert response.status_code == 302
    text = client.get(reverse("home")).content.decode()
    assert "玩法" in text  # "Ways to play"


def test_form_errors_are_translated_too(client):
    client.post(reverse("set_language"), {"language": "zh-hans"})
    response = client.post(reverse("accounts:register"), {
        "username": "bob", "display_name": "Bob", "password1": "a", "password2": "b"})
    assert "两次输入的密码不一致" in response.content.decode()


def _msgstrs(entry: str) -> list[str]:
    """The translations in one .po entry: each msgstr line joined with its continuations."""
    texts, current = [], None
    for line in entry.splitlines():
        if line.startswith("msgstr"):
            current = line.split(" ", 1)[1].strip('"')
            texts.append(current)
        elif line.startswith('"') and current is not None:
            texts[-1] += line.strip('"')
    return texts


def test_every_message_has_a_translation_and_the_catalogue_is_compiled():
    po = (CATALOGUE / "django.po").read_text(encoding="utf-8")
    entries = [entry for entry in po.split("\n\n")[1:]  # the first block is the header
               if "msgid" in entry and not entry.lstrip().startswith("#~")]

    # A fuzzy entry is a guess msgmerge made; compilemessages leaves it out.
    untranslated = [entry for entry in entries
                    if "#, fuzzy" in entry or not all(_msgstrs(entry))]

    assert entries and untranslated == []
    with translation.override("zh-hans"):  # read from the compiled .mo
        assert translation.gettext("Thirteen Water") == "十三水"
        assert translation.gettext("This rule set has no special hands.") == "此规则没有特殊牌型。"
