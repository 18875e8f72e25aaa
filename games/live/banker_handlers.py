"""The live-table socket's 十三道 messages (docs/protocol.md, "十三道"): each hands one
field-checked request to a games.live.services banker action. The consumer
(games.live.consumers) routes these types here; a refusal comes back as its `error`.
"""

from __future__ import annotations

from typing import Any

from games.live import services


async def on_bid(consumer, content: dict[str, Any]) -> None:
    await consumer.change(services.round_bid, amount=content.get("amount"))


async def on_put_in(consumer, content: dict[str, Any]) -> None:
    await consumer.change(services.exchange_put, card=content.get("card"))


async def on_choose(consumer, content: dict[str, Any]) -> None:
    await consumer.change(services.exchange_choose, take=content.get("take"))


async def on_swap(consumer, content: dict[str, Any]) -> None:
    await consumer.change(services.exchange_swap, accept=content.get("accept"))


async def on_propose(consumer, content: dict[str, Any]) -> None:
    await consumer.change(services.negotiate_propose, pair=content.get("pair"),
                          amount=content.get("amount"))


async def on_answer(consumer, content: dict[str, Any]) -> None:
    await consumer.change(services.negotiate_answer, pair=content.get("pair"),
                          answer=content.get("answer"), amount=content.get("amount"))


BANKER_HANDLERS = {"bid": on_bid, "put_in": on_put_in, "choose": on_choose, "swap": on_swap,
                   "propose": on_propose, "answer": on_answer}
