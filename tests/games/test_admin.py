"""Play history in the admin: staff can look, nobody can edit."""

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import RoundEvent, Seat
from tests.factories import make_hand, make_round, make_table, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def played_round():
    table = make_table()
    alice = make_user()
    Seat.objects.create(table=table, user=alice, position=0)
    round_ = make_round(table)
    make_hand(round_, alice, submitted_at=timezone.now(), auto_submitted=True,
              front=["As", "Ks", "Qs"], middle=["Js", "Ts", "9s", "8s", "7s"],
              back=["6s", "5s", "4s", "3s", "2s"])
    RoundEvent.objects.create(round=round_, seq=1, type="dealt", payload={"seats": [0]})
    return round_


@pytest.mark.parametrize("model", ["table", "round", "roundevent"])
def test_history_pages_open_read_only(admin_client, played_round, model):
    objects = {"table": played_round.table, "round": played_round,
               "roundevent": played_round.events.get()}
    changelist = admin_client.get(reverse(f"admin:games_{model}_changelist"))
    change = admin_client.get(reverse(f"admin:games_{model}_change",
                                      args=[objects[model].pk]))

    assert changelist.status_code == 200 and change.status_code == 200
    assert not change.context["has_change_permission"]
    assert not change.context["has_delete_permission"]


def test_a_round_page_shows_its_hands_and_events(admin_client, played_round):
    page = admin_client.get(reverse("admin:games_round_change", args=[played_round.pk]))
    text = page.content.decode()
    assert "dealt" in text and "&quot;As&quot;" in text


@pytest.mark.parametrize("model", ["table", "round", "roundevent"])
def test_history_cannot_be_added_or_edited(admin_client, played_round, model):
    assert admin_client.get(reverse(f"admin:games_{model}_add")).status_code == 403
    response = admin_client.post(reverse("admin:games_round_change", args=[played_round.pk]),
                                 {"phase": "settled"})
    assert response.status_code == 403
    played_round.refresh_from_db()
    assert played_round.phase == "arranging"
