"""WebSocket clients for the tests: a logged-in session cookie, an allowed Origin, the real
`config.asgi.application`, and a record of every message each client received."""

from __future__ import annotations

import json

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from config.asgi import application


def allowed_origin() -> str:
    """An Origin the AllowedHostsOriginValidator (built when config.asgi was imported)
    accepts: the first concrete host of ALLOWED_HOSTS."""
    for host in settings.ALLOWED_HOSTS:
        if host not in ("*", "testserver") and not host.startswith("."):
            return f"http://{host}"
    return "http://localhost"


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


class Socket:
    """One browser tab at a table: sends JSON, receives and records every message."""

    def __init__(self, communicator: WebsocketCommunicator, name: str = "") -> None:
        self.communicator = communicator
        self.name = name
        self.received: list[dict] = []

    @classmethod
    async def open(cls, table_id: int, user=None, *, origin: str | None = None,
                   cookie: str | None = None, name: str = "") -> "Socket":
        headers = [(b"origin", (origin or allowed_origin()).encode())]
        if user is not None and cookie is None:
            cookie = await database_sync_to_async(session_cookie)(user)
        if cookie:
            headers.append((b"cookie", cookie.encode()))
        communicator = WebsocketCommunicator(application, f"/ws/tables/{table_id}/",
                                             headers=headers)
        socket = cls(communicator, name or getattr(user, "username", "anonymous"))
        socket.connected, socket.subprotocol = await communicator.connect(timeout=5)
        return socket

    async def send(self, **message) -> None:
        await self.communicator.send_json_to(message)

    async def send_text(self, text: str) -> None:
        await self.communicator.send_to(text_data=text)

    async def receive(self, timeout: float = 5) -> dict:
        message = await self.communicator.receive_json_from(timeout=timeout)
        self.received.append(message)
        return message

    async def until(self, kind: str, timeout: float = 5) -> dict:
        """Receive (and record) messages up to the first of type `kind`."""
        while True:
            message = await self.receive(timeout)
            if message["type"] == kind:
                return message

    async def closed_with(self, timeout: float = 5) -> int | None:
        """Read until the server closes the socket; its close code."""
        while True:
            output = await self.communicator.receive_output(timeout)
            if output["type"] == "websocket.close":
                return output.get("code")
            if output["type"] == "websocket.send" and output.get("text"):
                self.received.append(json.loads(output["text"]))

    async def nothing(self, timeout: float = 0.2) -> bool:
        return await self.communicator.receive_nothing(timeout)

    async def close(self) -> None:
        await self.communicator.disconnect()
