"""The ASGI application daphne serves: HTTP through Django, WebSockets through Channels."""

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
