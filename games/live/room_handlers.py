"""The live-table socket's room messages (docs/protocol.md, "Rooms"): start now, vote to
end the session, I'm back, free an away player's seat, the chat and muting a player's chat. Each hands one
field-checked request to a games.live.services room service; the consumer routes these
types here and turns a refusal into its `error`.
"""

from __future__ import annotations

from typing import Any

from games.live import services


async def on_start(consumer, content: dict[str, Any]) -> None:
    await consumer.change(services.start_now)


async def on_vote_end(consumer, content: dict[str, Any]) -> None:
    await consumer.change(services.vote_end, vote=content.get("vote", True))


async def on_back(consumer, content: dict[str, Any]) -> None:
    await consumer.change(services.player_back)


async def on_free_seat(consumer, content: dict[str, Any]) -> None:
    await consumer.change(services.seat_free, position=content.get("position"))


async def on_chat(consumer, content: dict[str, Any]) -> None:
    await consumer.change(services.chat_send, phrase=content.get("phrase"),
                          text=content.get("text"))


async def on_mute(consumer, content: dict[str, Any]) -> None:
    shown = await consumer.change(services.chat_mute, user_id=content.get("user_id"),
                                  muted=content.get("muted", True))
    # At once for this socket; the `muted` message tells the player's other sockets.
    consumer.muted = {entry["user_id"] for entry in shown}


ROOM_HANDLERS = {"start": on_start, "vote_end": on_vote_end, "back": on_back,
                 "free_seat": on_free_seat, "chat": on_chat, "mute": on_mute}
