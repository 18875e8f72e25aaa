"""十三道's player actions at a live table (RULES.md §8): bid for the bank, the exchange's
steps and the negotiation. Each is one `rounds.play` step of the round machine under the
table's lock; a refusal is a GameError with docs/protocol.md's code, and changes nothing.
"""

from __future__ import annotations

from games import machine
from games.errors import GameError
from games.live.owner import owned
from games.live.services.rounds import bank_draw_for, play
from games.models import Hand

_NOT_PLAYING = ("not_playing", "no round is being played at this table")


@owned
def round_bid(*, table_id: int, user, amount) -> Hand:
    """Bid `amount` 道 for the bank (抢庄), secret until every bid is in; final."""
    return play(table_id, user, lambda position, now, round: machine.Bid(
        position, amount, bank_draw_for(round), now), refused=_NOT_PLAYING)


@owned
def exchange_put(*, table_id: int, user, card) -> Hand:
    """4 players: put one of your cards face down into the pool (换牌)."""
    return play(table_id, user, lambda position, now, _round: machine.PutIn(
        position, card, now), refused=_NOT_PLAYING)


@owned
def exchange_choose(*, table_id: int, user, take) -> Hand:
    """4 players, your turn to choose: take the pool card offered to you, or pass."""
    if not isinstance(take, bool):
        raise GameError("bad_request", "say take true or false")
    step = machine.Take if take else machine.Pass
    return play(table_id, user, lambda position, now, _round: step(position, now),
                refused=_NOT_PLAYING)


@owned
def exchange_swap(*, table_id: int, user, accept) -> Hand:
    """3 players, offered the spare hand: accept (pay 1 道 each way §8.3 says) or decline."""
    return play(table_id, user, lambda position, now, _round: machine.Swap(
        position, accept, now), refused=_NOT_PLAYING)


@owned
def negotiate_propose(*, table_id: int, user, pair, amount) -> Hand:
    """Propose that the banker wins `amount` 道 from the player at seat `pair` (谈判)."""
    return play(table_id, user, lambda position, now, _round: machine.Propose(
        position, pair, amount, now), refused=_NOT_PLAYING)


@owned
def negotiate_answer(*, table_id: int, user, pair, answer, amount=None) -> Hand:
    """Answer the pair's proposal: accept (naming its amount), reject, withdraw your own,
    or compare."""
    return play(table_id, user, lambda position, now, _round: machine.Answer(
        position, pair, answer, amount, now), refused=_NOT_PLAYING)
