"""Tables, seats, rounds, hands and the round event log: live play (games.live), the record
of play (games.record) and the pure round machine both use (games.machine). The map of a
round's path through these modules is games/README.md."""
