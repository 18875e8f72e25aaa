"""The analysis of every hand of a settled round (issue 16): what the arrangement a player
submitted was worth against the best one, given only that player's own cards.

For each hand the advisor (rules.engine.advisor.rate_arrangement) weighs every candidate
arrangement and the submitted one on the same tables — opponents dealt from the cards the
player could not see, arranged by their first hint — seeded by the player's cards
(advisor.seed_for), so anyone can reproduce the figures. The other players' cards, the
deal seed and the result are never read: a hand is judged on what its player knew.

Hand.analysis = {"loss": points, "label", "best": {front, middle, back, special,
discards}, "ev_submitted", "ev_best", "samples", "seed"}.

The label, by the expected points given up per round (a row is worth 1 point; 4-player
tables: a scoop doubles, a home run doubles again), in the spirit of a chess engine's:

    best         loss < 0.05   (the best arrangement, or as good as makes no difference)
    good         loss < 0.5
    inaccuracy   loss < 1.5
    mistake      loss < 3
    blunder      loss ≥ 3

A submission the advisor rates above every candidate it searched (多三张 searches part
of the 16-card front) is its own best: loss 0. 十三道: the banker is rated against every
player, a player against the banker alone (advisor.advise's `player_is_banker`).

Done once (issue 23): a worker process that valued the round's hints at the deal
(live/advice_tasks) still holds each hand's weighing, so the analysis deals no table
again and settles only the submitted arrangement (advisor.advise); another process
weighs afresh, to the same figures. bench/bots.py prints the round's advice CPU.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta
from typing import Any

from django.utils import timezone

from games import rows
from games.machine.state import config_of
from games.models import Hand, Round, RoundPhase
from rules.engine.advisor import rate_arrangement, seed_for
from rules.engine.advisor_deals import AdvisorError
from rules.engine.arrangement import ArrangementError, validate_submission
from rules.engine.cards import codes, parse_cards
from rules.engine.config import RuleConfig

# What analyse_round reads of a Hand.
RATED_FIELDS = ("position", "dealt_cards", "held_cards", "front", "middle", "back",
                "declared_special", "submitted_at", "analysis")
LABELS = (("best", 0.05), ("good", 0.5), ("inaccuracy", 1.5), ("mistake", 3.0))
WORST = "blunder"
SUMMARY_DAYS = 30


def label_for(loss: float) -> str:
    for label, below in LABELS:
        if loss < below:
            return label
    return WORST


def analyse_round(round_id: int) -> int:
    """Rate every submitted hand of a settled round not rated yet; returns how many.
    Idempotent: a Celery redelivery finds the hands already rated."""
    # The round and its hands in one statement, reading only the columns the rating
    # reads: a settled round's rows carry its result, state and every hand's hint
    # values, whose JSON would cost more to decode than the query.
    hands = rows.select(Hand, "t0.round_id = %s", [round_id], fields=RATED_FIELDS,
                        related=(("round", ("phase", "rules", "banker_position")),),
                        order_by="t0.position")
    if not hands or hands[0].round.phase != RoundPhase.SETTLED:
        return 0
    round = hands[0].round
    config = config_of(round.rules)  # parsed once per distinct rules
    rated = []
    for hand in hands:
        if hand.analysis is not None or hand.submitted_at is None:
            continue
        banker = config.mode == "banker" and hand.position == round.banker_position
        hand.analysis = analyse_hand(hand.held_cards or hand.dealt_cards, hand, config,
                                     players=len(hands), player_is_banker=banker)
        if hand.analysis is not None:
            rated.append(hand)
    # The round's analyses in one UPDATE, not one each; a hand another delivery rated
    # meanwhile keeps its analysis.
    return len(rows.save_many(rated, ("analysis",), where="analysis IS NULL"))


def analyse_hand(cards: list[str], submitted, config: RuleConfig, *, players: int,
                 player_is_banker: bool = False) -> dict[str, Any] | None:
    """Hand.analysis for one hand: `cards` the player held (13, or 16 in 多三张) and
    `submitted` anything with front/middle/back/declared_special (a Hand). None when the
    submission cannot be rebuilt from the cards (it always can for a settled hand)."""
    held = parse_cards(cards)
    try:
        arrangement = validate_submission(cards, submitted.front, submitted.middle,
                                          submitted.back, config,
                                          declare_special=bool(submitted.declared_special))
        seed = seed_for(held)
        advice = rate_arrangement(held, arrangement, config, players=players, seed=seed,
                                  player_is_banker=player_is_banker)
    except (ArrangementError, AdvisorError):
        return None
    mine = advice.arrangement
    best = advice.best if advice.best.ev > mine.ev else mine
    loss = max(0.0, best.ev - mine.ev)
    return {
        "loss": round(loss, 2),
        "label": label_for(loss),
        "best": {"front": codes(best.arrangement.front),
                 "middle": codes(best.arrangement.middle),
                 "back": codes(best.arrangement.back),
                 "special": best.special, "discards": codes(best.unused)},
        "ev_submitted": round(mine.ev, 3),
        "ev_best": round(best.ev, 3),
        "samples": advice.samples,
        "seed": seed,
    }


def replay_analysis(round: Round, hands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The settled round's analyses for its replay, in the replay's `hands` order: each
    {position, display_name, and Hand.analysis's keys}; hands not rated yet are left out."""
    if round.phase != RoundPhase.SETTLED:
        return []  # never before settlement: a rating says something about the cards
    rated = dict(round.hands.filter(analysis__isnull=False)
                 .values_list("position", "analysis"))
    return [{"position": hand["position"], "display_name": hand["display_name"],
             **rated[hand["position"]]} for hand in hands if hand["position"] in rated]


def profile_summary(user, *, days: int = SUMMARY_DAYS, now=None) -> dict[str, Any]:
    """The profile's "average loss" box: over the last `days` days, the mean points lost
    per hand overall, by week (oldest first) and by rule set, with the labels' counts."""
    now = now or timezone.now()
    since = now - timedelta(days=days)
    rows = (Hand.objects.filter(user=user, analysis__isnull=False,
                                round__settled_at__gte=since)
            .values_list("analysis", "round__settled_at", "round__rules"))
    overall: list[float] = []
    weeks: dict[int, list[float]] = defaultdict(list)
    rule_sets: dict[str, list[float]] = defaultdict(list)
    labels: dict[str, int] = defaultdict(int)
    for analysis, settled_at, rules in rows:
        loss = float(analysis.get("loss", 0))
        overall.append(loss)
        weeks[(now - settled_at).days // 7].append(loss)
        rule_sets[(rules or {}).get("name", "?")].append(loss)
        labels[analysis.get("label", WORST)] += 1

    def mean(values: list[float]) -> float:
        return round(sum(values) / len(values), 2) if values else 0.0

    return {
        "days": days,
        "hands": len(overall),
        "mean_loss": mean(overall),
        "weeks": [{"weeks_ago": ago, "start": (now - timedelta(days=7 * ago + 6)).date(),
                   "hands": len(weeks[ago]), "mean_loss": mean(weeks[ago])}
                  for ago in sorted(weeks, reverse=True)],
        "rule_sets": [{"name": name, "hands": len(values), "mean_loss": mean(values)}
                      for name, values in sorted(rule_sets.items())],
        "labels": [{"label": label, "count": labels.get(label, 0)}
                   for label in [name for name, _ in LABELS] + [WORST]],
    }
