"""The post-round analysis (issue 16): settlement queues it, it rates every hand from
that player's own cards only, the replay shows it, and the profile averages it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Hand
from games.record import analysis
from games.record.analysis import analyse_round, label_for, profile_summary
from rules.engine import advisor
from rules.engine.cards import parse_cards

from .played import SCOOP_SEED


@pytest.mark.parametrize("loss, label", [(0.0, "best"), (0.04, "best"), (0.3, "good"),
                                         (1.0, "inaccuracy"), (2.9, "mistake"),
                                         (3.0, "blunder"), (12.0, "blunder")])
def test_labels_follow_the_documented_thresholds(loss, label):
    assert label_for(loss) == label


@pytest.mark.django_db
def test_settlement_queues_the_analysis_once(play, advice_tasks):
    round = play(SCOOP_SEED)
    assert advice_tasks.count(("analysis", round.id)) == 1


@pytest.mark.django_db
def test_every_hand_is_rated_and_a_second_run_changes_nothing(play):
    round = play(SCOOP_SEED)
    assert analyse_round(round.id) == 4
    for hand in Hand.objects.filter(round=round):
        rated = hand.analysis
        assert set(rated) == {"loss", "label", "best", "ev_submitted", "ev_best",
                              "samples", "seed"}
        assert rated["loss"] >= 0 and rated["label"] == label_for(rated["loss"])
        assert rated["ev_best"] >= rated["ev_submitted"]
        best = rated["best"]
        assert sorted(best["front"] + best["middle"] + best["back"]) == sorted(hand.dealt_cards)
        assert rated["seed"] == advisor.seed_for(parse_cards(hand.dealt_cards))
    assert analyse_round(round.id) == 0


@pytest.mark.django_db
def test_a_hand_another_delivery_rated_meanwhile_keeps_its_analysis(play, monkeypatch):
    # The round's analyses are written together at the end; a hand rated in between by
    # a second delivery of the task is not rated over.
    round = play(SCOOP_SEED)
    first = Hand.objects.filter(round=round).order_by("position").first()
    real = analysis.analyse_hand

    def another_delivery_meanwhile(*args, **options):
        Hand.objects.filter(pk=first.pk).update(analysis={"by": "another delivery"})
        return real(*args, **options)

    monkeypatch.setattr(analysis, "analyse_hand", another_delivery_meanwhile)
    assert analyse_round(round.id) == 3
    assert Hand.objects.get(pk=first.pk).analysis == {"by": "another delivery"}
    assert not Hand.objects.filter(round=round, analysis__isnull=True).exists()


@pytest.mark.django_db
def test_the_analysis_reads_the_own_cards_only(play, monkeypatch):
    """Each rating is asked with one hand's cards and nothing else of the round: the other
    hands, the deal seed and the result stay unread, so changing them changes nothing."""
    round = play(SCOOP_SEED)
    asked = []
    real = analysis.rate_arrangement

    def spy(cards, arrangement, config, **options):
        asked.append((sorted(c.code for c in cards), options))
        assert "unseen" not in options  # the opponents come from every unseen card
        return real(cards, arrangement, config, **options)

    monkeypatch.setattr(analysis, "rate_arrangement", spy)
    analyse_round(round.id)
    hands = {h.position: h for h in Hand.objects.filter(round=round)}
    assert sorted(cards for cards, _ in asked) == sorted(sorted(h.dealt_cards)
                                                         for h in hands.values())
    first = {p: h.analysis for p, h in hands.items()}
    # Scramble what the other players held and the result: the same ratings come out.
    Hand.objects.filter(round=round).update(analysis=None)
    round.result = {"totals": {}}
    round.save(update_fields=["result"])
    analyse_round(round.id)
    assert {h.position: h.analysis for h in Hand.objects.filter(round=round)} == first


@pytest.mark.django_db
def test_an_unsettled_round_is_not_rated(players, committed):
    from games.live import services
    from tests.games.conftest import seat_all, start_round
    table = services.table_create(user=players[0], rule_set="standard", name="Open")
    seat_all(table, players, committed)
    round = start_round(table, players, committed)
    assert analyse_round(round.id) == 0
    assert not Hand.objects.filter(round=round, analysis__isnull=False).exists()


@pytest.mark.django_db
def test_the_replay_shows_each_players_loss_label_and_best(play, players, client):
    round = play(SCOOP_SEED)
    client.force_login(players[0])
    page = client.get(reverse("history:replay", args=[round.id])).content.decode()
    assert "not ready yet" in page
    analyse_round(round.id)
    page = client.get(reverse("history:replay", args=[round.id])).content.decode()
    for hand in Hand.objects.filter(round=round):
        assert f'data-position="{hand.position}" class="analysis-{hand.analysis["label"]}"' in page
        assert " ".join(hand.analysis["best"]["back"]) in page


@pytest.mark.django_db
def test_the_profile_shows_the_average_loss_overall_and_per_rule_set(play, players, client):
    round = play(SCOOP_SEED)
    analyse_round(round.id)
    mine = Hand.objects.get(round=round, user=players[0]).analysis["loss"]
    summary = profile_summary(players[0])
    assert summary["hands"] == 1 and summary["mean_loss"] == round_to(mine)
    assert [r["name"] for r in summary["rule_sets"]] == [round.rules["name"]]
    later = profile_summary(players[0], now=timezone.now() + timedelta(days=40))
    assert later["hands"] == 0
    client.force_login(players[0])
    page = client.get(reverse("accounts:profile")).content.decode()
    assert "Arrangement accuracy" in page and round.rules["name"] in page


def round_to(value: float) -> float:
    return round(value, 2)


@pytest.mark.django_db
def test_the_analysis_settles_only_the_submission_on_the_tables_the_hint_values_met(
        play, monkeypatch):
    """Issue 23, done once: the hint values weighed every candidate of each hand at the
    deal; the analysis (same cards, rules, table, seed) deals and arranges no opponent
    again, and its figures are those of a fresh weighing."""
    from games.live.advice_tasks import hand_values
    from rules.engine.config import RuleConfig

    monkeypatch.setattr(advisor, "_WEIGHED", {})
    round = play(SCOOP_SEED)
    config = RuleConfig.from_dict(round.rules)
    hands = list(Hand.objects.filter(round=round))
    for hand in hands:
        hand_values(hand.dealt_cards, config, len(hands))
    arranged = []
    real = advisor.opponent_seats
    monkeypatch.setattr(advisor, "opponent_seats",
                        lambda hands, config, shape: arranged.extend(hands) or real(hands, config, shape))
    assert analyse_round(round.id) == 4
    assert arranged == []
    reused = {hand.position: hand.analysis for hand in Hand.objects.filter(round=round)}
    advisor._WEIGHED.clear()
    Hand.objects.filter(round=round).update(analysis=None)
    assert analyse_round(round.id) == 4 and arranged
    assert {hand.position: hand.analysis for hand in Hand.objects.filter(round=round)} == reused
