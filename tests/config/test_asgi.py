"""The ASGI application daphne serves: HTTP through Django, WebSockets through Channels."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from channels.testing import HttpCommunicator, WebsocketCommunicator

from config.asgi import application


@pytest.mark.asyncio
async def test_http_pages_are_served_over_asgi():
    communicator = HttpCommunicator(application, "GET", "/accounts/login/",
                                    headers=[(b"host", b"127.0.0.1")])
    response = await communicator.get_response()
    assert response["status"] == 200
    assert b'name="username"' in response["body"]


@pytest.mark.asyncio
async def test_websockets_from_another_site_are_refused():
    communicator = WebsocketCommunicator(application, "/ws/anything/",
                                         headers=[(b"origin", b"https://evil.example")])
    connected, _ = await communicator.connect()
    assert not connected


ROOT = Path(__file__).resolve().parents[2]


def test_the_asgi_application_freezes_the_heap_it_starts_with_and_rarely_collects_it_all():
    """Django, the apps and the routes live as long as the server: gc.freeze() keeps its
    full collections from walking them again and again (a fresh interpreter, so that
    nothing this test process froze counts)."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "EMBEDDED_WORKER": "false"}
    env.pop("REDIS_URL", None)
    script = ("import gc; import config.asgi; "
              "print(gc.get_threshold()[2], gc.get_freeze_count(), len(gc.get_objects()))")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    full_every, frozen, tracked = int(out[-3]), int(out[-2]), int(out[-1])
    assert frozen > 50_000 and tracked < frozen / 10, (frozen, tracked)
    # And its full collections are rare: the live path leaves almost no cycles to free.
    assert full_every == 100
