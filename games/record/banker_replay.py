"""What a 十三道 round's replay adds (RULES.md §8): the steps of the bidding, the exchange
and the negotiation, the points moved outside the rows, and the checks that the bank, the
exchange and the agreed amounts are what the log says.

Everything here reads the settled round's log: the `bank` event and the settlement's
`bids`, `exchange` (the cards put into the pool, who took whose, who swapped for the
spare hand, the cards each seat then held), `negotiations` and `adjustments`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from django.utils.translation import gettext as _

from games.machine.settling import as_positions, banker_result
from rules.engine import fairness
from rules.engine.cards import codes
from rules.engine.config import ROWS, RuleConfig
from rules.engine.settlement import SeatHand, settle

Add = Callable[..., None]


def opening_steps(events: list[tuple[str, dict]], result: dict[str, Any], add: Add) -> None:
    """The bank and the exchange, as steps (cards shown: the round is settled)."""
    bank = next((payload for kind, payload in events if kind == "bank"), None)
    if bank is not None:
        add({"kind": "bank", "bids": bank.get("bids", {}), "tied": bank.get("tied", []),
             "banker": bank.get("banker"), "pot": bank.get("pot", 0)})
    exchange = result.get("exchange") or {}
    put = exchange.get("put", {})
    for kind, payload in events:
        if kind == "put_in":
            add({"kind": "exchange", "step": "put_in", "position": payload.get("position"),
                 "card": put.get(str(payload.get("position"))), "auto": payload.get("auto")})
        elif kind in ("take", "keep"):
            source = payload.get("from", payload.get("chooser"))
            add({"kind": "exchange", "step": kind, "position": payload.get("chooser"),
                 "from": source, "card": put.get(str(source)), "auto": payload.get("auto")})
        elif kind in ("swap", "decline"):
            add({"kind": "exchange", "step": kind, "position": payload.get("position"),
                 "auto": payload.get("auto")})


def negotiation_steps(result: dict[str, Any], add: Add) -> None:
    """Each pair settled by agreement (谈判): its amount, in place of its rows."""
    for pair in result.get("pairs", []):
        if pair.get("negotiated"):
            points = pair.get("points", 0)
            add({"kind": "negotiated", "a": pair["a"], "b": pair["b"], "points": points},
                [(pair["a"], points), (pair["b"], -points)])


def adjustment_steps(result: dict[str, Any], add: Add) -> None:
    adjustments = result.get("adjustments") or []
    if adjustments:
        add({"kind": "adjustments", "adjustments": adjustments},
            [(a["position"], a["points"]) for a in adjustments])


def check_deal(seed: str, config: RuleConfig, order: list[int], result: dict[str, Any]
               ) -> str | None:
    hands, rest = fairness.deal_from_seed(seed, config, len(order))
    spare = codes(rest[:13]) if len(order) == 3 else []
    try:
        held = fairness.held_after_exchange(
            {position: codes(hand) for position, hand in zip(order, hands)}, spare,
            result.get("exchange") or {})
    except fairness.FairnessError:
        return _("the logged exchange moves cards the seats did not hold")
    for position in order:
        shown = result.get("hands", {}).get(str(position), {})
        played = Counter(code for row in ROWS for code in (shown.get(row) or []))
        if played != held[position]:
            return _("seat %(position)s's rows are not the cards the seed dealt them, "
                     "after the exchange") % {"position": position}
    return None


def check_bank(seed: str, events: list[tuple[str, dict]], result: dict[str, Any]
               ) -> str | None:
    """The bank went to the highest bid, a tie drawn from the seed (fairness.bank_draw)."""
    bank = next((payload for kind, payload in events if kind == "bank"), None)
    if bank is None:
        return None
    bids = {int(p): b for p, b in (result.get("bids") or {}).items()}
    if not bids or {str(p): b for p, b in bids.items()} != bank.get("bids"):
        return _("the bids in the log disagree")
    banker = fairness.bank_winner(seed, bids)
    if banker != result.get("banker") or banker != bank.get("banker"):
        return _("the bank did not go to the highest bid, or the seed draws another "
                 "among the tied")
    return None


def settle_again(seat_hands: list[SeatHand], config: RuleConfig, result: dict[str, Any]
                 ) -> dict[str, Any]:
    """The logged rows settled against the logged banker, with the logged agreements and
    adjustments (the machine's own banker_result)."""
    again = as_positions(settle(seat_hands, config, banker=str(result["banker"])).to_dict())
    agreed = {int(p): n["amount"] for p, n in (result.get("negotiations") or {}).items()
              if n.get("status") == "agreed"}
    return banker_result(again, agreed, result.get("adjustments") or [])
