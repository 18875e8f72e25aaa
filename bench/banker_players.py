"""Scripted 十三道 players for bench/ws_load.py (`--rules shisandao`): each socket plays a
banker round from its messages — bids for the bank, puts a card into the pool and takes
or passes what it is offered (or answers the spare hand with 3 players), submits its first
hint after a think, and negotiates: the banker proposes to each player, who accepts,
rejects or compares — until the round's `settled` arrives.

A move the server refuses (a timer acting first, say) is counted, not fatal: the round
must still settle, which is what the benchmark measures.
"""

from __future__ import annotations

import asyncio
import json
import random
import time


class BankerRound:
    """What one table's players share about the round: when the last move went out."""

    def __init__(self) -> None:
        self.last_move = 0.0
        self.refusals = 0


async def play_banker_player(ws, args, shared: BankerRound, fresh, timeout: float = 120
                             ) -> dict | None:
    """Play one seat until this round's `settled`; returns it (None on a timeout)."""
    phase, round_id, hand, position, banker = None, None, None, None, None
    done: set = set()

    async def send(message: dict, tag) -> None:
        if tag in done:
            return
        done.add(tag)
        shared.last_move = time.monotonic()
        await ws.send(json.dumps(message))

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
        except TimeoutError:
            return None
        kind = message["type"]
        if kind == "error":
            shared.refusals += 1
            continue
        if kind in ("round_started", "settled") and not fresh(message):
            continue
        if kind == "round_started":
            round_id, phase = message["round"]["id"], message["round"]["phase"]
            banker = message["round"].get("banker")
        elif kind == "state":
            position = (message.get("you") or {}).get("position")
        elif kind == "phase" and message.get("round_id") == round_id:
            phase, banker = message["phase"], message.get("banker")
        elif kind == "bank":
            banker = message["banker"]
        elif kind == "hand" and message.get("round_id") == round_id:
            hand = message
        elif kind == "settled" and message["round"]["id"] == round_id:
            return message
        if hand is None:
            continue
        await _move(send, args, phase, hand, position, banker)
    return None


async def _move(send, args, phase, hand, position, banker) -> None:
    if phase == "bidding" and hand.get("bid") is None:
        await asyncio.sleep(random.uniform(0.2, 1.0))
        await send({"type": "bid", "amount": random.randint(0, 3)}, "bid")
    elif phase == "exchanging":
        if hand.get("swap_offer"):
            await send({"type": "swap", "accept": random.random() < 0.3}, "swap")
        elif hand.get("offer"):
            await send({"type": "choose", "take": random.random() < 0.5},
                       ("choose", hand["offer"]["from"]))
        elif hand.get("pool_card") is None and len(hand.get("cards", [])) == 13:
            await send({"type": "put_in", "card": random.choice(hand["cards"])}, "put")
    elif phase == "arranging" and hand.get("hints") and hand.get("submission") is None:
        await asyncio.sleep(random.uniform(args.think_min, args.think_max))
        hint = hand["hints"][0]
        if hint["special"]:
            await send({"type": "declare"}, "submit")
        else:
            await send({"type": "submit", "front": hint["front"], "middle": hint["middle"],
                        "back": hint["back"]}, "submit")
    elif phase == "negotiating":
        for pair, negotiation in (hand.get("negotiations") or {}).items():
            pair = int(pair)
            if position == banker and negotiation["status"] == "open":
                await send({"type": "propose", "pair": pair,
                            "amount": random.randint(-3, 3)}, ("propose", pair))
            elif (position == pair and negotiation["status"] == "proposed"
                  and negotiation["by"] != position):
                answer = random.choice(["accept", "reject", "compare"])
                await send({"type": "answer", "pair": pair, "answer": answer,
                            "amount": negotiation["amount"]}, ("answer", pair))
