"""A round: the deal, submissions and declarations, the arrange timer, and settlement.

The round's rules come from its frozen snapshot (`Round.rules`); the phase logic is the
pure games.machine, which these services load state into (`load_state`) and persist state
out of (`persist`).

Provably fair deal (rules.engine.fairness): at the deal a fresh secret seed shuffles the
deck; the Round stores sha256(seed) as `deal_commitment`, and the seed itself waits in
`RoundSecret` (never read by a selector, message or log) until settlement copies it into
`Round.deal_seed` — the database refuses a seed on an unsettled round — and deletes the
secret. Tests choose a deal through games.live.services.hooks.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Sequence

from django.db import transaction

from games import machine
from games.errors import GameError
from games.live.owner import memory, owned
from games.live import broadcast, selectors
from games import rows
from games.live.services import hooks, sessions
from games.live.services.round_state import log, persist
from games.live.services.table_row import (changed, commit_next_seed, lock_table,
                                           playable_config, playing_round_hands,
                                           round_running, rule_set_of, seat_of, seats_of,
                                           take_secret)
from games.live.selectors import PLAYING_PHASES
from games.live.state import flow_of, load_state
from games.models import (Hand, Round, RoundPhase, RoundSecret, Seat, Session, Table,
                          TableSecret, TableStatus)
from rules.engine import fairness
from rules.engine.cards import codes, sorted_for_display
from rules.engine.config import RuleConfig

# Past the deadline by this much with no timer having acted (a lost Celery countdown,
# a restarted server with the in-memory broker), the next visitor's connection settles.
OVERDUE_GRACE = timedelta(seconds=5)


@owned
def round_submit(*, table_id: int, user, front: Sequence[str], middle: Sequence[str],
                 back: Sequence[str]) -> Hand:
    """Submit three rows of card codes (final). Refused: not exactly your dealt cards, a
    foul the rule set refuses (the message names the rows), a second submission, after
    the deadline or the timer, or from someone not playing the round."""
    for row, cards in (("front", front), ("middle", middle), ("back", back)):
        if not isinstance(cards, (list, tuple)) or not all(isinstance(c, str) for c in cards):
            raise GameError("bad_request", f"{row} must be a list of card codes")
    return _round_action(table_id, user, declare=False, rows=(front, middle, back))


@owned
def round_declare(*, table_id: int, user) -> Hand:
    """Declare the highest special hand your cards form (报到, final); refused when they
    form none of the rule set's specials."""
    return _round_action(table_id, user, declare=True, rows=((), (), ()))


@owned
def round_auto_submit(*, round_id: int, version: int) -> bool:
    """The round's timer (games.live.tasks.arrange_timeout): the current phase's default for
    whoever has not acted — the first hint submitted for every player who has not
    submitted (then settle); in 十三道 also a bid of 0, the exchange step's default, or the
    open pairs sent to comparison (machine.timeout). Acts only if the round is still being
    played at `version` (Round.table_version: the version its current deadline was set
    at); returns whether it acted. Run twice, late or after everyone acted, it changes
    nothing. Run early (a clock ahead of the database's), it schedules itself again for
    the time that is left."""
    # Most timers find their round settled long ago: one read, no lock. A round never
    # plays again once over, and its timer version only grows, so a miss here is final;
    # a hit is checked again under the lock. One statement made once (games.rows): the
    # timer worker runs it for every round dealt.
    found = rows.select(Round, "t0.id = %s", [round_id],
                        fields=("table", "phase", "table_version"))
    if not found or found[0].phase not in PLAYING_PHASES or found[0].table_version != version:
        return False
    table_id = found[0].table_id
    with transaction.atomic():
        table = lock_table(table_id)
        kept = memory.take(table)
        round, hands = kept.round, kept.hands
        if round is None or round.id != round_id:
            round = Round.objects.get(pk=round_id)
            hands = list(round.hands.all())
        if round.phase not in PLAYING_PHASES or round.table_version != version:
            memory.keep(table, seats=kept.seats, round=round, hands=hands)
            return False
        moment = hooks.now()
        if round.deadline is not None and moment < round.deadline:
            remaining = (round.deadline - moment).total_seconds()
            transaction.on_commit(
                lambda: hooks.schedule_arrange_timeout(round.id, version, remaining))
            memory.keep(table, seats=kept.seats, round=round, hands=hands)
            return False
        state = load_state(round, hands)
        new_state, events = machine.timeout(state, moment, bank_draw_for(round), {
            h.position: h.hint_values["best"] for h in hands if (h.hint_values or {}).get("best")})
        persist(table, round, state, new_state, events, moment, hands, kept.seats)
        return True


def bank_draw_for(round: Round):
    """十三道's draw among bidders tied for the bank, from the round's committed seed
    (rules.engine.fairness.bank_draw), read on the server only when a tie needs it."""
    def draw(tied):
        server_seed = RoundSecret.objects.get(round=round).deal_seed
        seed = fairness.deal_seed(round.fairness, server_seed, round.number,
                                  [entry["seed"] for entry in round.client_seeds])
        return fairness.bank_draw(seed, tied)
    return draw


@owned
def round_timeout_overdue(*, table_id: int) -> bool:
    """Settle the table's round if its deadline passed more than OVERDUE_GRACE ago and no
    timer acted (a countdown lost with an in-memory broker on restart). Consumers call it
    when the state a socket connects or resyncs to shows such a round (`overdue`);
    returns whether it settled."""
    round = selectors.current_round(table_id)
    if (round is None or round.phase not in PLAYING_PHASES or round.deadline is None
            or hooks.now() < round.deadline + OVERDUE_GRACE):
        return False
    return round_auto_submit(round_id=round.id, version=round.table_version)


def overdue(round: dict | None) -> bool:
    """Whether a state's `round` (selectors.round_public) is being played past its
    deadline by more than OVERDUE_GRACE: what round_timeout_overdue would settle."""
    if round is None or round.get("phase") not in PLAYING_PHASES or not round.get("deadline"):
        return False
    deadline = datetime.fromisoformat(round["deadline"].replace("Z", "+00:00"))
    return hooks.now() >= deadline + OVERDUE_GRACE


def round_timers_rearm() -> int:
    """Queue the timer again for every round still being played; returns how
    many. A worker calls it when it starts (games.live.tasks): the in-memory broker of the
    embedded set-up forgets queued countdowns on a restart, and a round must never wait
    for a visitor to be settled. A duplicate timer is harmless — it acts once, and one
    that arrives early re-queues itself for the time left (round_auto_submit)."""
    moment = hooks.now()
    arranging = Round.objects.filter(phase__in=PLAYING_PHASES).values_list(
        "id", "table_version", "deadline")
    count = 0
    for round_id, version, deadline in arranging:
        remaining = 0 if deadline is None else (deadline - moment).total_seconds()
        hooks.schedule_arrange_timeout(round_id, version, remaining)
        count += 1
    return count


def maybe_start_round(table: Table, seats: list[Seat] | None = None) -> Round | None:
    """Deal when the room is ready (seed 000 §3.2): a session's first round when every
    seat of the room is filled and ready, a later one when everyone seated is ready. An
    away player (托管) counts as ready: the table never waits for them."""
    if seats is None:
        seats = seats_of(table)
    if not seats or round_running(table) or not all(s.ready or s.away for s in seats):
        return None
    session = sessions.open_session(table)
    if session is None and len(seats) < table.seat_count:
        return None  # the host may start early (rooms.start_now)
    return deal_if_playable(table, seats, session)


def deal_if_playable(table: Table, seats: list[Seat],
                     session: Session | None | bool = False) -> Round | None:
    """Deal if the seats are as many as the rules allow. `session`: the open session
    already looked up (None: there is none), or False to look it up."""
    config = room_config(table, playable_config(rule_set_of(table)))
    if not config.min_players <= len(seats) <= config.max_players:
        return None
    if session is False:
        session = sessions.open_session(table)
    return _deal(table, seats, config, session)


def room_config(table: Table, config: RuleConfig) -> RuleConfig:
    """The rule set's config with the room's own choices: its arrange time and its horse
    card (马牌); frozen into each round it deals."""
    return replace(config, arrange_seconds=table.arrange_seconds or config.arrange_seconds,
                   horse_card=table.horse_card)


def _deal(table: Table, seats: list[Seat], config: RuleConfig,
          session: Session | None) -> Round:
    number = rows.next_number(Round, "number", "table", table.id)
    scheme, server_seed, client_seeds = _deal_seeds(table, seats, number)
    seed = fairness.deal_seed(scheme, server_seed, number,
                              [entry["seed"] for entry in client_seeds])
    hands, undealt = fairness.deal_from_seed(seed, config, len(seats))
    moment = hooks.now()
    table.status = TableStatus.PLAYING
    version = changed(table)
    # In 多三张 each player's 16 cards are 13 and then the 3 candidates, in the order the
    # seed dealt them (docs/fairness.md); other presets deal 13 and no candidates.
    dealt = {seat.position: codes(sorted_for_display(cards))
             for seat, cards in zip(seats, hands)}
    state = machine.RoundState(config=config, phase=RoundPhase.ARRANGING,
                               dealt={p: tuple(c) for p, c in dealt.items()},
                               deadline=moment + timedelta(seconds=config.arrange_seconds))
    events: list[machine.Event] = []
    if config.mode == "banker":
        # 十三道: the round opens with the bidding, or with the rotated bank; with 3
        # players the 13 undealt cards are the spare hand (§8.3).
        spare = tuple(codes(undealt[:13])) if len(seats) == 3 else ()
        state, events = machine.start(replace(state, phase="dealt", deadline=None,
                                              spare=spare), moment, _next_banker(table, seats))
    sessions.mark_absent_away(table, seats)
    [round] = rows.insert([Round(
        table=table, number=number, rules=machine.rules_of_config(config), phase=state.phase,
        session=session or sessions.new_session(table),
        deal_commitment=fairness.commitment(server_seed), deadline=state.deadline,
        table_version=version, banker_position=state.banker, flow=flow_of(state),
        fairness=scheme, client_seeds=client_seeds)])
    # By id: made with `round=round`, the secret and the round would cache each other, a
    # cycle that only the garbage collector's full collections free (with the round's
    # table, session and rules).
    rows.insert([RoundSecret(round_id=round.id, deal_seed=server_seed)])
    created = rows.insert([
        Hand(round=round, user_id=seat.user_id, position=seat.position,
             dealt_cards=dealt[seat.position],
             candidate_cards=codes(sorted_for_display(cards[13:])))
        for seat, cards in zip(seats, hands)])
    unreadied = Seat.objects.filter(table=table).update(ready=False, client_seed="")
    for seat in seats:
        seat.ready, seat.client_seed = False, ""
    log(round, [machine.Event("dealt", {
        "players": [{"position": seat.position, "user_id": seat.user_id} for seat in seats],
        "deal_commitment": round.deal_commitment,
        "fairness": scheme,
        "client_seeds": client_seeds,
        "deadline": selectors.iso(round.deadline),
    }), *events], first=True)
    broadcast.to_table(table.id, {
        "type": "round_started", "version": version,
        "round": selectors.round_public(round, created),
        "seats": selectors.seats_public(table.id, seats=seats, host_id=table.host_id,
                                        rating_family=table.rating_family)})
    for hand in created:
        broadcast.to_player(table.id, hand.user_id, {
            "type": "hand", "version": version,
            **selectors.hand_private(hand, round, state=state)})
    countdown = (state.deadline - moment).total_seconds()
    transaction.on_commit(lambda: hooks.schedule_arrange_timeout(round.id, version, countdown))
    # The owner keeps the round for the submissions, and the seats when they are all the
    # table's (the host's early start deals only those ready).
    memory.keep(table, seats=seats if unreadied == len(seats) else None, round=round,
                hands=created)
    # The hints each hand's message listed, searched once: the advisor's worker values
    # them (十三道 values the cards held once arranging starts: round_state.persist).
    known = None if config.mode == "banker" else {
        str(hand.pk): machine.hints_wire(hand.dealt_cards, config) for hand in created}
    transaction.on_commit(lambda: hooks.schedule_hint_values(round.id, known))
    return round


def _deal_seeds(table: Table, seats: list[Seat], number: int) -> tuple[str, str, list[dict]]:
    """The deal's scheme, server seed and client seeds. v3: the server seed the table
    committed to before anyone was ready, and each seat's client seed in seat order — for
    a seat that sent none (a bot, an away player, a ready without one) the seed the
    commitment already fixes (fairness.derived_client_seed, marked `by_server` and
    `derived`), so the server has no seed left to choose once it has committed. v2, whose
    server drew such seeds at the deal, is no longer dealt. v1 (tests that choose a
    deal): a fresh server seed is the whole deal."""
    if hooks.deal_scheme == fairness.ALGORITHM:
        return fairness.ALGORITHM, hooks.deal_seed_factory(), []
    # Taken out of TableSecret: the round's RoundSecret holds it now; settlement commits
    # the next one.
    server_seed = take_secret(TableSecret, "next_seed", table.id)
    if server_seed is None:  # a table that never committed (made before v2 existed)
        commit_next_seed(table)
        server_seed = take_secret(TableSecret, "next_seed", table.id)
    client_seeds = [
        {"position": seat.position, "seed": seat.client_seed, "by_server": False}
        if seat.client_seed else
        {"position": seat.position, "by_server": True, "derived": True,
         "seed": fairness.derived_client_seed(server_seed, number, place)}
        for place, seat in enumerate(seats)]
    return fairness.ALGORITHM_V3, server_seed, client_seeds


def _next_banker(table: Table, seats: list[Seat]) -> int:
    """十三道 without bidding: the bank moves clockwise each round, from the lowest seat
    (§8.1); a banker who left passes it to the next seat after theirs."""
    positions = sorted(seat.position for seat in seats)
    last = (Round.objects.filter(table=table, banker_position__isnull=False)
            .order_by("-number").values_list("banker_position", flat=True).first())
    if last is None:
        return positions[0]
    return next((p for p in positions if p > last), positions[0])


def _round_action(table_id: int, user, *, declare: bool, rows) -> Hand:
    front, middle, back = rows
    return play(table_id, user, lambda position, now, _round: machine.Submit(
        position, tuple(front), tuple(middle), tuple(back), declare=declare, now=now),
        refused=("not_arranging", "no round is being arranged at this table"))


def play(table_id: int, user, action, *, refused: tuple[str, str]) -> Hand:
    """Run one player's action on the table's round: lock the table, find the round being
    played and the player's hand in it, step the machine with `action(position, now,
    round)`, persist. `refused` is the (code, message) when no round is being played."""
    with transaction.atomic():
        table = lock_table(table_id)
        kept = memory.take(table)
        round, hands = (kept.round, kept.hands) if kept.round else playing_round_hands(table)
        if round is None:
            seat_of(table, user)
            raise GameError(*refused)
        hand = next((h for h in hands if h.user_id == getattr(user, "id", None)), None)
        if hand is None:
            seat_of(table, user)
            raise GameError("not_in_round", "you are not playing this round")
        moment = hooks.now()
        state = load_state(round, hands)
        try:
            new_state, events = machine.apply(state, action(hand.position, moment, round))
        except machine.FlowError as error:
            raise GameError(error.code, error.message) from None
        persist(table, round, state, new_state, events, moment, hands, kept.seats)
        return hand
