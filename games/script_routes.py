"""Routes as templates for the pages' scripts: a route's URL with `{argument}` where its
id goes, which the script fills in (rows.js's `fill`). The link comes from the route
itself, never from a copy of it in JavaScript. Both the table page and the verification
page embed them."""

from __future__ import annotations

from django.urls import reverse

# Stands for the id while a route is reversed; never a real id.
_ID_STAND_IN = 4_294_967_295


def url_template(name: str, argument: str) -> str:
    head, _, tail = reverse(name, kwargs={argument: _ID_STAND_IN}).rpartition(str(_ID_STAND_IN))
    return f"{head}{{{argument}}}{tail}"
