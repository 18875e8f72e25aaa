"""The card exchange (换牌, RULES.md §8.2–§8.3).

Four players (the pool): each puts one card face down into the pool; then the banker
chooses first, seeing the pool cards that are not their own one at a time, clockwise, and
taking one or passing — the last one offered is taken automatically. The next chooser is
the player whose card was just taken if they have not chosen yet, otherwise the next
player clockwise who has not; a chooser left with only their own card keeps it. Each
ends with 13 cards.

Three players (the spare hand, the 13 undealt cards): the banker may pay each other player
1 道 to swap hands with the spare; if the banker declines, the others in clockwise order
may each pay the banker 1 道 to take it, the first to accept ending the offer.

Every step has a timer (config.exchange_seconds) whose default never stalls the table:
put in your lowest card; pass (so the last card offered is taken); decline. Events name
seats, never cards: who put a card in, who saw whose card, who took or passed. The cards
are in the state, and reach the log with the settlement (state.put, state.takes).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from types import MappingProxyType

from games.machine.state import EXCHANGING, Adjustment, Event, FlowError, RoundState
from games.machine.transitions import advance, deadline_after
from rules.engine.cards import SUITS, CardError, parse_cards


@dataclass(frozen=True)
class PutIn:
    """Put one of your cards face down into the pool (4 players)."""

    position: int
    card: str
    now: datetime | None = None


@dataclass(frozen=True)
class Take:
    """Take the pool card offered to you now."""

    position: int
    now: datetime | None = None


@dataclass(frozen=True)
class Pass:
    """Pass on the pool card offered to you now (the last one is taken for you)."""

    position: int
    now: datetime | None = None


@dataclass(frozen=True)
class Swap:
    """3 players: accept (pay 1 道 and swap your hand for the spare) or decline."""

    position: int
    accept: bool
    now: datetime | None = None


@dataclass(frozen=True)
class ExchangeTimeout:
    """The exchange step's timer ran out: the step's default for whoever must act."""

    now: datetime | None = None


ExchangeAction = PutIn | Take | Pass | Swap | ExchangeTimeout


def exchange_step(state: RoundState, action: ExchangeAction) -> tuple[RoundState, list[Event]]:
    if state.phase != EXCHANGING:
        raise FlowError("not_exchanging", "no cards are being exchanged at this table now")
    if isinstance(action, ExchangeTimeout):
        if state.deadline and action.now and action.now < state.deadline:
            raise FlowError("too_early", "the exchange timer has not run out yet")
        return _timeout(state, action.now)
    if action.position not in state.dealt:
        raise FlowError("not_in_round", "you are not playing this round")
    if state.deadline and action.now and action.now > state.deadline:
        raise FlowError("too_late", "time is up for this step of the exchange")
    if isinstance(action, Swap):
        return _swap(state, action.position, action.accept, action.now, auto=False)
    if len(state.positions) != 4:
        raise FlowError("not_your_turn", "with 3 players the exchange is the spare hand")
    if isinstance(action, PutIn):
        return _put_in(state, action.position, action.card, action.now, auto=False)
    return _choose(state, action.position, isinstance(action, Take), action.now, auto=False)


# --- 4 players: the pool ---------------------------------------------------------------


def putting(state: RoundState) -> bool:
    """Whether the pool is still being filled (rather than chosen from)."""
    return state.chooser is None and len(state.put) < len(state.positions)


def offered(state: RoundState) -> tuple[int, str] | None:
    """The seat whose pool card the chooser sees now, and the card (the chooser's eyes
    only); None when nobody is choosing."""
    if state.chooser is None or not state.offers:
        return None
    return state.offers[0], state.pool[state.offers[0]]


def _put_in(state: RoundState, position: int, card: str, now, auto: bool):
    # A second card is `already_put` even once the pool is full (docs/protocol.md's
    # errors table): with four players a full pool means this player has put theirs in.
    if position in state.put:
        raise FlowError("already_put", "you have already put a card into the pool")
    if not putting(state):
        raise FlowError("not_your_turn", "the pool is full: the choosing has begun")
    if not isinstance(card, str):
        raise FlowError("bad_request", "name the card to put in by its code, e.g. \"7h\"")
    held = list(state.cards_of(position))
    code = _held_code(held, card)
    if code is None:
        raise FlowError("not_your_card", f"{card} is not one of your cards")
    held.remove(code)
    state = replace(state, put=MappingProxyType({**state.put, position: code}),
                    pool=MappingProxyType({**state.pool, position: code}),
                    held=MappingProxyType({**state.held, position: tuple(held)}))
    events = [Event("put_in", {"position": position, "auto": auto})]
    if len(state.put) < len(state.positions):
        return state, events
    return _next_chooser(state, state.banker, events, now)


def _held_code(held: list[str], card: str) -> str | None:
    try:
        wanted = parse_cards([card])[0]
    except CardError:
        return None
    return next((code for code in held if parse_cards([code])[0] == wanted), None)


def _choose(state: RoundState, position: int, take: bool, now, auto: bool):
    if state.chooser != position:
        raise FlowError("not_your_turn", "it is not your turn to choose from the pool"
                        if state.chooser is not None else "the pool is still being filled")
    source = state.offers[0]
    if take or len(state.offers) == 1:
        event = Event("take", {"chooser": position, "from": source,
                               "auto": auto or not take})
        return _taken(state, position, source, [event], now)
    state = replace(state, offers=state.offers[1:], deadline=deadline_after(
        now, state.config.exchange_seconds))
    events = [Event("pass", {"chooser": position, "from": source, "auto": auto}),
              Event("offer", {"chooser": position, "from": state.offers[0]})]
    if len(state.offers) == 1:  # the last card offered is taken without asking
        return _taken(state, position, state.offers[0], events[:1] + [Event(
            "take", {"chooser": position, "from": state.offers[0], "auto": True})], now)
    return state, events


def _taken(state: RoundState, chooser: int, source: int, events: list[Event], now):
    card = state.pool[source]
    pool = {p: c for p, c in state.pool.items() if p != source}
    state = replace(state, pool=MappingProxyType(pool),
                    held=MappingProxyType({**state.held,
                                           chooser: state.cards_of(chooser) + (card,)}),
                    takes=state.takes + ((chooser, source),),
                    chosen=state.chosen + (chooser,))
    following = source if source not in state.chosen else None
    return _next_chooser(state, following, events, now, after=chooser)


def _next_chooser(state: RoundState, chooser: int | None, events: list[Event], now,
                  after: int | None = None):
    if chooser is None:
        chooser = next((p for p in state.clockwise_from(after) if p not in state.chosen), None)
    if chooser is None:  # everybody has chosen: on to arranging
        state = replace(state, chooser=None, offers=())
        return advance(state, events, now)
    offers = tuple(p for p in state.clockwise_from(chooser) if p in state.pool)
    if not offers:  # only their own card is left: they keep it (take it back)
        return _taken(state, chooser, chooser, [*events, Event("keep", {"chooser": chooser})],
                      now)
    state = replace(state, chooser=chooser, offers=offers,
                    deadline=deadline_after(now, state.config.exchange_seconds))
    if len(offers) == 1:
        return _taken(state, chooser, offers[0], [*events, Event(
            "take", {"chooser": chooser, "from": offers[0], "auto": True})], now)
    return state, [*events, Event("offer", {"chooser": chooser, "from": offers[0]})]


def lowest(cards) -> str:
    """The timer's card for the pool: the lowest rank (a joker counts as the lowest), the
    last suit in display order among equals."""
    codes = list(cards)
    parsed = parse_cards(codes)
    index = min(range(len(codes)), key=lambda i: (
        parsed[i].rank, -SUITS.index(parsed[i].suit) if parsed[i].suit in SUITS else 0))
    return codes[index]


# --- 3 players: the spare hand -----------------------------------------------------------


def _swap(state: RoundState, position: int, accept: bool, now, auto: bool):
    if len(state.positions) != 3:
        raise FlowError("not_your_turn", "the spare hand is only offered with 3 players")
    if state.swap_turn != position:
        raise FlowError("not_your_turn", "the spare hand is not offered to you now")
    if not isinstance(accept, bool):
        raise FlowError("bad_request", "answer the offer with accept true or false")
    banker = state.banker
    if accept:
        if position == banker:
            fees = [Adjustment(banker, -(len(state.positions) - 1), "swap")] + [
                Adjustment(p, 1, "swap") for p in state.positions if p != banker]
        else:
            fees = [Adjustment(position, -1, "swap"), Adjustment(banker, 1, "swap")]
        state = replace(state, held=MappingProxyType({**state.held, position: state.spare}),
                        spare=state.cards_of(position), swapped_by=position, swap_turn=None,
                        adjustments=state.adjustments + tuple(fees))
        return advance(state, [Event("swap", {"position": position, "auto": auto})], now)
    events = [Event("decline", {"position": position, "auto": auto})]
    later = [p for p in state.clockwise_from(banker) if p != banker]
    turn = later[0] if position == banker else next(
        (p for p in later[later.index(position) + 1:]), None)
    if turn is None:
        return advance(replace(state, swap_turn=None), events, now)
    state = replace(state, swap_turn=turn,
                    deadline=deadline_after(now, state.config.exchange_seconds))
    return state, events


# --- the timer -----------------------------------------------------------------------------


def _timeout(state: RoundState, now):
    if len(state.positions) == 3:
        return _swap(state, state.swap_turn, False, now, auto=True)
    if putting(state):
        events: list[Event] = []
        for position in [p for p in state.positions if p not in state.put]:
            state, more = _put_in(state, position, lowest(state.cards_of(position)), now,
                                  auto=True)
            events += more
        return state, events
    # The chooser passes on everything left: the last card offered is theirs.
    events = []
    chooser = state.chooser
    while state.phase == EXCHANGING and state.chooser == chooser:
        state, more = _choose(state, chooser, False, now, auto=True)
        events += more
    return state, events
