"""Deeply nested JSON gets a clear refusal at every door, never a crash (issue 12, 4).

2,000 characters of brackets used to exhaust Python's decoder (RecursionError): the REST
doors answered 500. Now every API view parses JSON with config.parsers.ShallowJSONParser.
The socket's side is in tests/games/live/test_faults_input.py.
"""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.parsers import JSONParser
from rest_framework.views import APIView

from accounts.models import User
from config import json_depth
from config.parsers import ShallowJSONParser
from games.models import Table
from tests.factories import make_user

NESTED = "[" * 1000 + "]" * 1000  # 2,000 characters, under any frame or body cap


def test_depth_counts_arrays_and_objects_but_not_brackets_in_strings():
    assert json_depth.depth('{"a": [1, {"b": 2}]}') == 3
    assert json_depth.depth('["[[[\\"{{", "]"]') == 1
    assert json_depth.depth("17") == 0


def test_loads_refuses_a_document_nested_past_the_limit_as_a_value_error():
    assert json_depth.loads("[" * 4 + "]" * 4, max_depth=4) == [[[[]]]]
    with pytest.raises(json_depth.TooDeep):
        json_depth.loads("[" * 5 + "]" * 5, max_depth=4)
    with pytest.raises(ValueError):
        json_depth.loads(NESTED)


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/register/", "/api/tables/", "/api/tables/join/"])
def test_a_deeply_nested_body_gets_400_and_changes_nothing(client, url):
    client.force_login(make_user(username="nester"))
    response = client.post(url, NESTED, content_type="application/json")

    assert response.status_code == 400
    assert "nested deeper than" in response.json()["detail"]
    assert User.objects.count() == 1 and not Table.objects.exists()


@pytest.mark.django_db
def test_a_body_nested_inside_a_field_is_refused_too(client):
    body = '{"username": ' + NESTED + ', "display_name": "x", "password": "y"}'
    response = client.post("/api/register/", body, content_type="application/json")

    assert response.status_code == 400
    assert not User.objects.exists()


def _api_views(patterns=None):
    for pattern in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _api_views(pattern.url_patterns)
        elif isinstance(pattern, URLPattern):
            view = getattr(pattern.callback, "cls", None)
            if view is not None and issubclass(view, APIView):
                yield view


def test_every_api_view_parses_json_with_the_nesting_limit():
    views = list(_api_views())
    assert len(views) > 5  # the walk found the API
    unlimited = [view.__name__ for view in views
                 for parser in view.parser_classes
                 if issubclass(parser, JSONParser) and not issubclass(parser, ShallowJSONParser)]
    assert unlimited == []
