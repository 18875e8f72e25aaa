"""Plain-text hand histories (牌谱): a settled round, or a player's rounds, as text a
player can keep, paste into a forum or feed to a tool.

The text is written from a replay (games.record.replays), so it holds exactly what the replay
shows — the deal and its proof, every submission, each row compared, specials, scoops,
the home run and the totals — and comes under the replay's rules of who may see it. It
is English with card codes and the engine's category slugs, the same in every language,
so tools can read it; one round is a block ending in a blank line.

多一色 (the extra-suit deck) holds two of every diamond, equal in play. As on the pages
(static/js/cards.js), the second copy met of a code — seat by seat, rows front, middle,
back, then discards; or the dealt cards — is marked, here with a prime: `Ad Ad'`. The
transcript line keeps plain codes for `verify-deal`.
"""

from __future__ import annotations

from typing import Any

from games.record.history import HistoryFilter, player_hands
from games.record.replays import replay_build
from games.record.transcript import encode, transcript
from rules.engine.config import ROWS

# A player's export covers at most this many rounds (newest first); the header says so.
HISTORY_EXPORT_LIMIT = 500


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


SECOND_COPY_MARK = "'"
SECOND_COPY_NOTE = ("A prime marks the second copy of a card in the extra-suit deck (Ad'); "
                    "the two copies are equal in play.")


def _cards(codes: list[str]) -> str:
    return " ".join(codes)


def mark_second_copies(groups: list[list[str]]) -> list[list[str]]:
    """The groups of codes, in the order shown, with the second copy met of a code marked
    (`Ad'`); a 52-card round has no repeat, so nothing changes there."""
    seen: set[str] = set()
    marked = []
    for group in groups:
        out = []
        for code in group:
            out.append(code + SECOND_COPY_MARK if code in seen else code)
            seen.add(code)
        marked.append(out)
    return marked


def marked_hands(replay: dict[str, Any]) -> dict[int, dict[str, list[str]]]:
    """Every seat's dealt cards (with candidates) and rows as shown, second copies marked:
    {position: {"cards", "candidates", "front", "middle", "back", "discards", "pattern"}}."""
    hands = replay["hands"]
    # The marks come from the dealt cards alone (in 多三张 all 16): the 3 candidates are
    # among them, not more cards, so counting them again marked every candidate.
    dealt = mark_second_copies([hand["cards"] for hand in hands])
    parts = ("front", "middle", "back", "discards")
    rows = mark_second_copies([hand.get(part) or [] for hand in hands for part in parts])
    marked = {}
    for i, hand in enumerate(hands):
        marked[hand["position"]] = {
            "cards": dealt[i], "candidates": _as_dealt(hand.get("candidates") or [], dealt[i]),
            **dict(zip(parts, rows[4 * i:4 * i + 4])), "pattern": hand.get("pattern")}
    return marked


def _as_dealt(candidates: list[str], dealt: list[str]) -> list[str]:
    """Each candidate as it is written among the seat's marked dealt cards. A seat holding
    both copies of a candidate's code shows the later one (the cards are sorted, so the
    second copy stands last) — the two are equal in play."""
    left = list(dealt)
    shown = []
    for code in candidates:
        match = next((i for i in range(len(left) - 1, -1, -1)
                      if left[i].rstrip(SECOND_COPY_MARK) == code), None)
        shown.append(left.pop(match) if match is not None else code)
    return shown


def round_text(replay: dict[str, Any]) -> str:
    """One round's hand history, from its replay."""
    hands = {hand["position"]: hand for hand in replay["hands"]}
    shown = marked_hands(replay)
    width = max((len(hand["display_name"]) for hand in replay["hands"]), default=0)

    def seat(position) -> str:
        hand = hands.get(position)
        name = hand["display_name"] if hand else "?"
        return f"Seat {position} {name}"

    fairness = replay["fairness"]
    lines = [
        f"Thirteen Water round {replay['id']}: table \"{replay['table']['name']}\" "
        f"round {replay['number']}, rules {replay['rule_set']['slug']} "
        f"({replay['rules']['name']})",
        f"Settled {replay['settled_at']}",
        f"Deal {fairness['algorithm']}",
        f"  commitment {fairness['commitment']}",
        f"  seed       {fairness['seed']}",
        *(f"  client seed {seat(entry['position'])}: {entry['seed']}"
          + (" (sent none: fixed by the server seed)" if entry.get("derived")
             else " (drawn by the server)" if entry.get("by_server") else "")
          for entry in fairness.get("client_seeds") or []),
        "Dealt",
    ]
    for hand in replay["hands"]:
        cards = shown[hand["position"]]
        line = (f"  Seat {hand['position']} {hand['display_name']:<{width}}  "
                f"{_cards(cards['cards'])}")
        if hand.get("candidates"):  # 多三张: which 3 of the 16 came as candidates
            line += f"  (candidates {_cards(cards['candidates'])})"
        lines.append(line)
    if any(code.endswith(SECOND_COPY_MARK) for cards in shown.values()
           for part in ("cards", "candidates") for code in cards[part]):
        lines.append(f"  {SECOND_COPY_NOTE}")
    for step in replay["steps"]:
        lines.extend(_step_lines(step, shown, seat))
    # The whole transcript, for `python -m rules.engine verify-deal` (docs/fairness.md).
    lines.append("Transcript " + encode(transcript(replay)))
    verification = replay["verification"]
    if verification["ok"]:
        lines.append("Verified: " + ", ".join(c["check"] for c in verification["checks"]))
    else:
        failed = [f"{c['check']}: {c['message']}" for c in verification["checks"] if not c["ok"]]
        lines.append("VERIFICATION FAILED: " + "; ".join(failed))
    return "\n".join(lines) + "\n"


def _step_lines(step: dict[str, Any], shown: dict, seat) -> list[str]:
    """`shown`: each seat's cards with second copies marked (marked_hands)."""
    kind = step["kind"]
    if kind == "submit":
        hand = shown.get(step["position"], {})
        how = "timer, first hint" if step["auto"] else "by hand"
        head = f"Submit {seat(step['position'])} ({how})"
        if step["special"]:
            head += f": declares {step['special']}"
        elif step["foul"]:
            head += ": foul"
        rows = [f"  {row:<6} {_cards(hand.get(row, []))}  {category}"
                for row, category in zip(ROWS, hand.get("pattern") or ("",) * 3)]
        if hand.get("discards"):  # 多三张: the 3 cards the rows leave out
            rows.append(f"  {'discard':<6} {_cards(hand['discards'])}")
        return [head, *rows]
    if kind == "row":
        lines = [step["row"].capitalize()]
        for result in step["results"]:
            versus = f"  {seat(result['a'])} vs {seat(result['b'])}: "
            if result["winner"] is None:
                lines.append(versus + "tie")
            else:
                lines.append(versus + f"seat {result['winner']} wins {result['points']}")
        return lines
    if kind == "special":
        versus = f"Special {seat(step['a'])} vs {seat(step['b'])}: "
        if step["winner"] is None:
            return [versus + f"{step['code']} against an equal special, 0"]
        return [versus + f"seat {step['winner']} collects {step['points']} ({step['code']})"]
    if kind == "scoop":
        return [f"Scoop {seat(step['winner'])} scoops seat {step['loser']}: "
                f"{_signed(step['points'])}"]
    if kind == "home_run":
        return [f"Home run {seat(step['position'])}: {_signed(step['points'])} in all"]
    if kind == "totals":
        return ["Totals", *(f"  {seat(int(position))}  {_signed(points)}"
                            for position, points in step["totals"].items())]
    return _banker_step_lines(step, seat)


def _banker_step_lines(step: dict[str, Any], seat) -> list[str]:
    """十三道's steps: the bank, the exchange, agreed pairs, points outside the rows."""
    kind = step["kind"]
    if kind == "bank":
        bids = ", ".join(f"seat {p} {bid}" for p, bid in step["bids"].items())
        drawn = " (drawn among the tied)" if len(step["tied"]) > 1 else ""
        return [f"Bank seat {step['banker']}{drawn} (bids: {bids}; pot {step['pot']})"]
    if kind == "exchange":
        how = " (timer)" if step.get("auto") else ""
        words = {"put_in": f"puts {step.get('card')} into the pool",
                 "take": f"takes {step.get('card')} from seat {step.get('from')}",
                 "keep": f"keeps their own {step.get('card')}",
                 "swap": "swaps for the spare hand",
                 "decline": "declines the spare hand"}[step["step"]]
        return [f"Exchange {seat(step['position'])} {words}{how}"]
    if kind == "negotiated":
        return [f"Agreed {seat(step['a'])} vs {seat(step['b'])}: {_signed(step['points'])}"]
    if kind == "adjustments":
        return ["Outside the rows", *(
            f"  {seat(a['position'])}  {_signed(a['points'])} ({a['reason']})"
            for a in step["adjustments"])]
    return []  # "deal": the cards are listed above


def history_text(*, user, filters: HistoryFilter = HistoryFilter()) -> str:
    """A player's settled rounds (newest first, at most HISTORY_EXPORT_LIMIT), each as
    round_text, under a header naming the player and the filter."""
    hands = player_hands(user=user, filters=filters)
    total = hands.count()
    chosen = [
        f"rules {filters.rule_set}" if filters.rule_set else "",
        f"from {filters.settled_from.isoformat()}" if filters.settled_from else "",
        f"to {filters.settled_to.isoformat()}" if filters.settled_to else "",
    ]
    title = f"Thirteen Water hand history of {user}"
    if any(chosen):
        title += f" ({', '.join(c for c in chosen if c)})"
    count = f"{total} round" + ("" if total == 1 else "s")
    if total > HISTORY_EXPORT_LIMIT:
        count += f", the newest {HISTORY_EXPORT_LIMIT} below"
    blocks = [round_text(replay_build(hand.round)) for hand in hands[:HISTORY_EXPORT_LIMIT]]
    # A blank line before every round, so each block stands on its own.
    return f"{title}\n{count}\n" + "".join(f"\n{block}" for block in blocks)
