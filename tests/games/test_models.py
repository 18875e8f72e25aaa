"""The database guards the invariants of play history, whatever code writes it."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.utils import timezone

from games.models import INVITE_ALPHABET, RoundEvent, Seat, Table
from tests.factories import make_hand, make_round, make_table, make_user, settled_now

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return make_table()


@pytest.fixture
def alice():
    return make_user()


def test_a_table_gets_a_readable_unique_invite_code():
    codes = {make_table(name=f"t{n}").invite_code for n in range(20)}
    assert len(codes) == 20
    assert all(len(code) == 8 and set(code) <= set(INVITE_ALPHABET) for code in codes)


def test_a_table_starts_open_at_version_zero(table):
    assert (table.status, table.version) == (Table.Status.OPEN, 0)


def test_an_unknown_table_status_is_refused(table):
    with pytest.raises(IntegrityError):
        Table.objects.filter(pk=table.pk).update(status="exploded")


def test_a_seat_holds_one_player(table, alice):
    Seat.objects.create(table=table, user=alice, position=0)
    with pytest.raises(IntegrityError):
        Seat.objects.create(table=table, user=make_user("bob", "Bob"), position=0)


def test_a_player_sits_once_per_table(table, alice):
    Seat.objects.create(table=table, user=alice, position=0)
    with pytest.raises(IntegrityError):
        Seat.objects.create(table=table, user=alice, position=1)


def test_round_numbers_are_unique_per_table_and_start_at_one(table):
    make_round(table, number=1)
    with transaction.atomic(), pytest.raises(IntegrityError):
        make_round(table, number=1)
    with pytest.raises(IntegrityError):
        make_round(table, number=0)


def test_the_deal_seed_stays_hidden_until_the_round_is_settled(table):
    with transaction.atomic(), pytest.raises(IntegrityError):
        make_round(table, deal_seed="a-secret-seed")
    make_round(table, deal_seed="a-secret-seed", **settled_now())


def test_a_settled_round_says_when_and_what(table):
    with transaction.atomic(), pytest.raises(IntegrityError):
        make_round(table, phase="settled")
    with pytest.raises(IntegrityError):
        make_round(table, number=2, settled_at=timezone.now())


def test_an_unknown_phase_is_refused(table):
    with pytest.raises(IntegrityError):
        make_round(table, phase="dancing")


def test_the_deal_commitment_is_a_sha256_digest(table):
    round_ = make_round(table)
    round_.deal_commitment = "not-a-digest"
    with pytest.raises(ValidationError) as caught:
        round_.full_clean()
    assert "deal_commitment" in caught.value.message_dict


def test_a_hand_per_player_and_per_seat(table, alice):
    round_ = make_round(table)
    make_hand(round_, alice, position=0)
    with transaction.atomic(), pytest.raises(IntegrityError):
        make_hand(round_, alice, position=1)
    with pytest.raises(IntegrityError):
        make_hand(round_, make_user("bob", "Bob"), position=0)


def test_rows_are_stored_only_with_a_submission(table, alice):
    round_ = make_round(table)
    with transaction.atomic(), pytest.raises(IntegrityError):
        make_hand(round_, alice, front=["As", "Ks", "Qs"])
    with transaction.atomic(), pytest.raises(IntegrityError):
        make_hand(round_, alice, submitted_at=timezone.now(), front=["As", "Ks", "Qs"])
    make_hand(round_, alice, submitted_at=timezone.now(), front=["As", "Ks", "Qs"],
              middle=["Js", "Ts", "9s", "8s", "7s"], back=["6s", "5s", "4s", "3s", "2s"])


def test_auto_submitted_and_declared_hands_are_submitted(table, alice):
    round_ = make_round(table)
    with transaction.atomic(), pytest.raises(IntegrityError):
        make_hand(round_, alice, auto_submitted=True)
    with pytest.raises(IntegrityError):
        make_hand(round_, alice, declared_special="supreme_dragon")


def test_round_events_are_numbered_once_from_one(table):
    round_ = make_round(table)
    RoundEvent.objects.create(round=round_, seq=1, type="dealt")
    with transaction.atomic(), pytest.raises(IntegrityError):
        RoundEvent.objects.create(round=round_, seq=1, type="submitted")
    with pytest.raises(IntegrityError):
        RoundEvent.objects.create(round=round_, seq=0, type="submitted")


def test_round_events_are_append_only(table):
    event = RoundEvent.objects.create(round=make_round(table), seq=1, type="dealt",
                                      payload={"commitment": "…"})
    event.payload = {"rewritten": True}
    with pytest.raises(ValidationError, match="append-only"):
        event.save()
    with pytest.raises(ValidationError, match="append-only"):
        event.delete()
    assert RoundEvent.objects.get().payload == {"commitment": "…"}


def test_history_keeps_its_table_and_rule_set(table):
    make_round(table)
    with pytest.raises(ProtectedError):
        table.delete()
    with pytest.raises(ProtectedError):
        table.rule_set.delete()


def test_a_round_keeps_the_rules_it_was_dealt_with(table):
    round_ = make_round(table)
    table.rule_set.scoop_multiplier = 5
    table.rule_set.save()
    round_.refresh_from_db()
    assert round_.rules["scoop_multiplier"] == 2
