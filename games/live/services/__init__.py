"""Every state change of a live table: its seats, ready, the deal, submissions, the timer
and settlement — the one door consumers, views, the API and tests call.

Each service (HackSoft style, STYLE.md) takes keyword-only arguments and runs in one
`transaction.atomic` that first locks the table row (`select_for_update`, Zulip's
access_message(lock_message=True)) — also for round changes, so all changes of one table
happen one at a time in one order — in the process that owns the table: each public
service is a door (`@owned`, games.live.owner) that runs there or is sent there. It checks the request and raises `GameError` (a
docs/protocol.md error code and a readable message) before it changes anything, bumps
`table.version` once per change, appends RoundEvents, and hands its messages to
games.live.broadcast, which sends them only after the commit.

The services are split by what they change:

    tables.py        a table and its seats: create, join, sit, leave, ready, connection,
                     a seated player's new name told to the table
    rounds.py        a round: the deal, submissions, the round's timer, settlement
    banker.py        十三道's actions: bids, the exchange's steps, the negotiation
    rooms.py         a room between rounds: start now, votes to end, away and back,
                     freeing a seat, the chat and mutes, closing idle tables
    advice.py        the advisor's hint values into a round (kept by the table's owner)
    bots.py          what bots do at a table
    quick_play.py    Play now: rated by rating where it can be, never alone (bots fill in)
    sessions.py      a room's session of rounds: its start, its end, away marks
    round_state.py   a machine step back into the database (then messages and timer)
    round_messages.py  what a step tells the table and each player
    table_row.py     what all share: the table row's lock, its seats, its version bump
    hooks.py         the clock, the deal seed and the timer queue, which tests replace

Their hot path's reads and writes go through games.rows (SQL made once per shape).
"""

from games.errors import GameError
from games.live.services.banker import (exchange_choose, exchange_put, exchange_swap,
                                        negotiate_answer, negotiate_propose, round_bid)
from games.live.services.rounds import (OVERDUE_GRACE, overdue, round_auto_submit,
                                        round_declare, round_submit, round_timeout_overdue,
                                        round_timers_rearm)
from games.live.services.rooms import (absent_players_away, chat_mute, chat_send,
                                       close_idle_tables, player_back, seat_free, start_now,
                                       vote_end)
from games.live.services.quick_play import play_now
from games.live.services.tables import (player_connection, player_ready, seat_leave, seat_take,
                                        seats_refresh, table_create, table_join)

__all__ = ["GameError", "OVERDUE_GRACE", "absent_players_away", "exchange_choose",
           "exchange_put", "exchange_swap",
           "negotiate_answer", "negotiate_propose", "overdue", "player_connection",
           "player_ready",
           "round_bid", "chat_mute", "chat_send", "close_idle_tables", "play_now", "player_back",
           "seat_free", "start_now", "vote_end",
           "round_auto_submit", "round_declare", "round_submit", "round_timeout_overdue",
           "round_timers_rearm", "seat_leave", "seat_take", "seats_refresh", "table_create",
           "table_join"]
