"""The owner of a live table: one process at a time applies a table's changes.

    lease.py       who owns a table: a lease per table (Redis, or this one process),
                   renewed in the background, let go when idle
    door.py        `owned`: a service becomes a door that runs where the table's owner
                   is; `claim` and `fence`, which every change does as it locks the
                   table's row (table_row.lock_table): the lease, then the epoch
    forwarding.py  a command for a table another process owns: sent to its inbox over
                   Redis, run there, answered back
    watchers.py    which other processes have sockets at a table this one owns: its
                   messages go through Redis only when one does (the local fan-out)
    memory.py      the round being played and its hands, kept by the owner between
                   commands at the table's version, so a command need not read them

A command's path: a door (socket, API, timer, bot) calls an owned service; the service
locks the table's row through `lock_table`, which claims the lease (or raises NotOwner,
and the door forwards the command to the owner) and checks the epoch (a process taken
over writes nothing); then the machine step, its rows and its messages, after the commit.
"""

from games.live.owner.door import claim, fence, keep, let_go, owned, owns
from games.live.owner.forwarding import NotOwner
from games.live.owner.lease import leases
from games.live.owner import memory, watchers

__all__ = ["NotOwner", "claim", "fence", "keep", "leases", "let_go", "memory", "owned",
           "owns", "watchers"]
