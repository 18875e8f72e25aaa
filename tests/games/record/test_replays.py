"""games.record.replays: a settled round rebuilt from its events and revealed seed equals what the
table saw live; nobody watches an unsettled round or a private table's round they did not
play; a changed event or seed fails the verification."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.live import broadcast, selectors, services
from games.models import Round, RoundEvent, RoundPhase
from games.record.replays import ReplayRefused, replay_build, replay_get, round_for_replay
from tests.factories import make_user

from tests.games.conftest import seat_all, start_round
from tests.games.played import HOME_RUN_SEED, SCOOP_SEED, SPECIAL_SEED, play_round

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def in_english():
    """The messages checked here are the English ones, whatever an earlier test left."""
    with translation.override("en"):
        yield


LIVE_KEYS = ("id", "number", "deal_commitment", "deal_seed", "settled_at", "hands", "pairs",
             "totals", "home_run")


def live_settled(outbox, table) -> dict:
    """The last `settled` message the table's group received."""
    messages = outbox.to(broadcast.table_group(table.id))
    return [m for m in messages if m["type"] == "settled"][-1]["round"]


def as_live(replay: dict) -> dict:
    """The replay in the `settled` message's shape."""
    fairness = replay["fairness"]
    return {"id": replay["id"], "number": replay["number"],
            "deal_commitment": fairness["commitment"], "deal_seed": fairness["seed"],
            "settled_at": replay["settled_at"], "hands": replay["hands"],
            "pairs": replay["pairs"], "totals": replay["totals"],
            "home_run": replay["home_run"]}


def edit_event(round: Round, type: str, change) -> None:
    """Tamper with a stored event behind the model's back (a queryset update skips the
    append-only save()), as someone with database access could."""
    event = RoundEvent.objects.get(round=round, type=type) if type != "submitted" else \
        RoundEvent.objects.filter(round=round, type=type).order_by("seq").first()
    payload = event.payload
    change(payload)
    RoundEvent.objects.filter(pk=event.pk).update(payload=payload)


def failed_checks(round: Round) -> dict[str, str]:
    round.refresh_from_db()
    verification = replay_build(round)["verification"]
    failed = {c["check"]: c["message"] for c in verification["checks"] if not c["ok"]}
    assert verification["ok"] is (not failed)
    return failed


# --- a replay equals the live round -------------------------------------------------------


@pytest.mark.parametrize("seed, manual, declare", [
    (SCOOP_SEED, (0, 1), ()),
    (HOME_RUN_SEED, (), ()),
    (SPECIAL_SEED, (1,), (0,)),
])
def test_the_replay_equals_the_settled_message_and_the_table_state(
        play, table, players, outbox, seed, manual, declare):
    round = play(seed, manual=manual, declare=declare)
    replay = replay_get(round_id=round.id, user=players[3])

    live = live_settled(outbox, table)
    assert as_live(replay) == {key: live[key] for key in LIVE_KEYS}
    state = selectors.table_state(table_id=table.id, user=players[1])["round"]
    assert as_live(replay) == {key: state[key] for key in LIVE_KEYS}
    assert replay["verification"]["ok"] is True, replay["verification"]


def test_each_of_several_rounds_replays_as_it_was_played(play, table, players, outbox):
    rounds = []
    for seed in (SCOOP_SEED, HOME_RUN_SEED, SPECIAL_SEED):
        round = play(seed, manual=(2,))
        rounds.append((round, live_settled(outbox, table)))
    assert [round.number for round, _live in rounds] == [1, 2, 3]
    for round, live in rounds:
        assert as_live(replay_get(round_id=round.id, user=players[0])) == \
            {key: live[key] for key in LIVE_KEYS}


def test_a_fouled_round_replays_with_the_foul(players, committed, monkeypatch, outbox):
    table = services.table_create(user=players[0], rule_set="classic", name="Classic")
    seat_all(table, players[:2])
    round = play_round(table, players[:2], seed=SCOOP_SEED, committed=committed,
                       monkeypatch=monkeypatch, fouls=(1,), manual=(0,))
    replay = replay_get(round_id=round.id, user=players[0])
    assert [hand["foul"] for hand in replay["hands"]] == [False, True]
    assert as_live(replay) == {key: live_settled(outbox, table)[key] for key in LIVE_KEYS}
    assert replay["verification"]["ok"] is True


# --- the steps ----------------------------------------------------------------------------


def test_steps_run_deal_submissions_rows_scoops_home_run_totals(play, players):
    round = play(HOME_RUN_SEED, manual=(3, 1))
    replay = replay_get(round_id=round.id, user=players[0])
    kinds = [step["kind"] for step in replay["steps"]]
    assert kinds[:5] == ["deal", "submit", "submit", "submit", "submit"]
    assert kinds[5:8] == ["row", "row", "row"]
    assert [step["row"] for step in replay["steps"][5:8]] == ["front", "middle", "back"]
    assert kinds[8:] == ["scoop"] * 3 + ["home_run", "totals"]

    # Submissions in the order accepted, with the timer's help flagged.
    submits = [(s["position"], s["auto"]) for s in replay["steps"] if s["kind"] == "submit"]
    assert submits == [(3, False), (1, False), (0, True), (2, True)]
    assert [hand["auto"] for hand in replay["hands"]] == [True, False, True, False]

    home_run = replay["steps"][-2]
    assert home_run["position"] == 2 == replay["home_run"]
    for step in replay["steps"]:
        assert sum(step["running"].values()) == 0
    assert replay["steps"][-1]["running"] == replay["totals"]
    assert replay["steps"][-1]["totals"] == replay["totals"]


def test_a_declared_special_is_a_step_of_its_own_and_no_row_is_compared_for_it(play, players):
    round = play(SPECIAL_SEED, declare=(0,))
    replay = replay_get(round_id=round.id, user=players[0])
    specials = [step for step in replay["steps"] if step["kind"] == "special"]
    assert [(s["a"], s["b"], s["winner"], s["code"]) for s in specials] == [
        (0, 1, 0, "three_straights"), (0, 2, 0, "three_straights"),
        (0, 3, 0, "three_straights")]
    for step in replay["steps"]:
        if step["kind"] == "row":
            assert all(0 not in (r["a"], r["b"]) for r in step["results"])
    assert replay["steps"][-1]["running"] == replay["totals"]


def test_every_step_keeps_the_running_score_so_a_player_can_jump_anywhere(play, players):
    round = play(SCOOP_SEED)
    steps = replay_get(round_id=round.id, user=players[0])["steps"]
    assert steps[0]["running"] == {"0": 0, "1": 0, "2": 0, "3": 0}
    front = steps[5]
    moved = {"0": 0, "1": 0, "2": 0, "3": 0}
    for result in front["results"]:
        if result["winner"] is not None:
            loser = result["b"] if result["winner"] == result["a"] else result["a"]
            moved[str(result["winner"])] += result["points"]
            moved[str(loser)] -= result["points"]
    assert front["running"] == moved


def test_the_deal_shows_every_seats_cards_as_dealt(play, players):
    round = play(SCOOP_SEED)
    replay = replay_get(round_id=round.id, user=players[0])
    for hand in round.hands.all():
        shown = next(h for h in replay["hands"] if h["position"] == hand.position)
        assert shown["cards"] == hand.dealt_cards
        assert sorted(shown["front"] + shown["middle"] + shown["back"]) == \
            sorted(hand.dealt_cards)
    assert replay["fairness"]["deal_order"] == [0, 1, 2, 3]
    assert replay["fairness"]["algorithm"] == "hmac-sha256-fy-v1"


# --- who may watch ------------------------------------------------------------------------


def refused(code, **kwargs):
    with pytest.raises(ReplayRefused) as error:
        replay_get(**kwargs)
    assert error.value.code == code
    return error.value


def test_nobody_watches_a_round_before_it_is_settled(table, players, committed):
    round = start_round(table, players, committed)
    stranger = make_user(username="stranger", display_name="Stranger")
    for user in (*players, stranger):
        assert "not settled" in refused("round_not_settled", round_id=round.id, user=user).message
    with pytest.raises(ValueError):
        replay_build(round)


def test_a_private_tables_round_is_for_its_players_only(private_round, players, committed):
    round, table = private_round, private_round.table
    # Seated at the table but not dealt into that round: still an outsider to it.
    committed(services.table_join, user=players[2], invite_code=table.invite_code)
    for outsider in (players[2], players[3]):
        refused("round_not_found", round_id=round.id, user=outsider)
    # A player who has since left the table keeps their replays.
    committed(services.seat_leave, table_id=table.id, user=players[1])
    assert replay_get(round_id=round.id, user=players[1])["id"] == round.id


def test_anyone_logged_in_watches_a_public_tables_settled_round(play, players):
    round = play(SCOOP_SEED)
    stranger = make_user(username="stranger", display_name="Stranger")
    assert replay_get(round_id=round.id, user=stranger)["id"] == round.id


@pytest.mark.parametrize("round_id", [999_999, "abc", "", None, -1])
def test_no_such_round_is_refused_as_not_found(players, round_id):
    refused("round_not_found", round_id=round_id, user=players[0])


def test_an_anonymous_visitor_is_refused(play):
    from django.contrib.auth.models import AnonymousUser

    round = play(SCOOP_SEED)
    refused("round_not_found", round_id=round.id, user=AnonymousUser())


def test_an_abandoned_round_never_opens(table, players, committed):
    round = start_round(table, players, committed)
    Round.objects.filter(pk=round.pk).update(phase=RoundPhase.ABANDONED)
    refused("round_not_settled", round_id=round.id, user=players[0])
    with pytest.raises(ReplayRefused):
        round_for_replay(round_id=round.id, user=players[0])


# --- tampering is detected ----------------------------------------------------------------


def test_an_honest_round_passes_every_check(play):
    round = play(SCOOP_SEED, manual=(0,))
    assert failed_checks(round) == {}


def test_a_card_swapped_between_two_players_rows_is_detected(play):
    round = play(SCOOP_SEED)

    def swap(payload):
        hands = payload["result"]["hands"]
        hands["0"]["back"][0], hands["1"]["back"][0] = hands["1"]["back"][0], hands["0"]["back"][0]
    edit_event(round, "settled", swap)
    failed = failed_checks(round)
    assert "seat 0" in failed["deal"]


def test_changed_points_are_detected(play):
    round = play(SCOOP_SEED)

    def richer(payload):
        totals = payload["result"]["totals"]
        totals["0"], totals["1"] = totals["0"] + 3, totals["1"] - 3
    edit_event(round, "settled", richer)
    assert set(failed_checks(round)) == {"settlement"}


def test_a_changed_row_winner_is_detected(play):
    round = play(SCOOP_SEED)

    def flip(payload):
        pair = payload["result"]["pairs"][0]
        row = pair["rows"][0]
        row["winner"] = pair["b"] if row["winner"] == pair["a"] else pair["a"]
    edit_event(round, "settled", flip)
    assert "settlement" in failed_checks(round)


def test_a_changed_seed_is_detected(play):
    round = play(SCOOP_SEED)
    Round.objects.filter(pk=round.pk).update(deal_seed=HOME_RUN_SEED)
    failed = failed_checks(round)
    assert "commitment" in failed["commitment"]
    assert "deal" in failed and "log" in failed  # the log still holds the first seed


def test_a_changed_seed_in_the_log_and_the_round_alike_is_detected(play):
    round = play(SCOOP_SEED)
    Round.objects.filter(pk=round.pk).update(deal_seed=HOME_RUN_SEED)
    edit_event(round, "settled", lambda p: p.update(deal_seed=HOME_RUN_SEED))
    failed = failed_checks(round)
    assert set(failed) == {"commitment", "deal"}


def test_a_malformed_seed_is_reported_not_crashed_on(play):
    round = play(SCOOP_SEED)
    Round.objects.filter(pk=round.pk).update(deal_seed="not-hex")
    failed = failed_checks(round)
    assert "64 hexadecimal digits" in failed["commitment"]
    assert "cannot deal" in failed["deal"]


def test_a_changed_commitment_is_detected(play):
    round = play(SCOOP_SEED)
    edit_event(round, "dealt", lambda p: p.update(deal_commitment="0" * 64))
    assert "commitment" in failed_checks(round)


def test_a_hidden_auto_submission_is_detected(play):
    round = play(SCOOP_SEED, manual=(0,))
    edit_event(round, "settled", lambda p: p["result"]["hands"]["1"].update(auto=False))
    assert "timer" in failed_checks(round)["log"]


def test_a_removed_submission_is_detected(play):
    round = play(SCOOP_SEED)
    first = RoundEvent.objects.filter(round=round, type="submitted").order_by("seq").first()
    RoundEvent.objects.filter(pk=first.pk).delete()  # a queryset skips the model's refusal
    assert "missing" in failed_checks(round)["log"]


def test_a_log_without_its_settlement_cannot_be_replayed_and_says_so(play, players):
    round = play(SCOOP_SEED)
    RoundEvent.objects.filter(round=round, type="settled").delete()
    replay = replay_get(round_id=round.id, user=players[0])
    assert replay["steps"] == [] and replay["hands"] == []
    assert replay["verification"]["ok"] is False
    assert "settlement" in replay["verification"]["checks"][0]["message"]
