"""Sessions are read from the cache first (SESSION_ENGINE cached_db): a table socket's
connect and every page read one, and the database is only the fallback."""

import pytest
from django.conf import settings


@pytest.mark.django_db
def test_a_session_is_read_from_the_cache_before_the_database(client, django_user_model):
    # SESSION_ENGINE cached_db: a socket's connect reads the session it logged in with
    # from Redis; the row in the database is the fallback after a Redis restart.
    from django.contrib.sessions.models import Session

    user = django_user_model.objects.create_user("cached", password="felt-table-13")
    client.force_login(user)
    session_key = client.cookies["sessionid"].value
    Session.objects.filter(session_key=session_key).update(session_data="spoiled")
    assert client.get("/accounts/profile/").status_code == 200  # still logged in: the cache
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.cached_db"
