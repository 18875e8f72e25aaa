"""What the platform stores about play: tables, seats, rounds, hands and the event log.

A round keeps a frozen copy of its rules (RuleConfig.to_dict() at deal time), so editing a
rule set in the admin never changes history, and every step of a round is appended to its
RoundEvent log, from which a replay is rebuilt. State changes belong to games.live.services
(locking the table row, bumping its version); these models only hold the data and the
invariants the database itself can guard.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ratings.families import CHOICES as RATING_FAMILIES
from rules.models import RuleSet

# Unambiguous when read aloud or typed from a screenshot: no 0/O, 1/I/L.
INVITE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
INVITE_CODE_LENGTH = 8


def new_invite_code() -> str:
    return "".join(secrets.choice(INVITE_ALPHABET) for _position in range(INVITE_CODE_LENGTH))


def new_share_code() -> str:
    """A session summary's share link code: unguessable, URL-safe."""
    return secrets.token_urlsafe(12)[:16]


sha256_hex = RegexValidator(r"^[0-9a-f]{64}$", _("Enter a SHA-256 digest as 64 lowercase hex digits."))


class TableStatus(models.TextChoices):
    OPEN = "open", _("open: waiting for players")
    PLAYING = "playing", _("playing a round")
    CLOSED = "closed", _("closed")


class RoundPhase(models.TextChoices):
    BIDDING = "bidding", _("bidding for the bank")
    EXCHANGING = "exchanging", _("exchanging cards")
    ARRANGING = "arranging", _("arranging")
    NEGOTIATING = "negotiating", _("negotiating")
    SETTLED = "settled", _("settled")
    ABANDONED = "abandoned", _("abandoned")


class Table(models.Model):
    """A game table (房间): players sit at it and play rounds under one rule set."""

    Status = TableStatus

    rule_set = models.ForeignKey(RuleSet, on_delete=models.PROTECT, related_name="tables",
                                 verbose_name=_("rule set"))
    name = models.CharField(_("name"), max_length=60)
    is_private = models.BooleanField(
        _("private"), default=False,
        help_text=_("Private tables are not listed; players join with the invite code."))
    invite_code = models.CharField(_("invite code"), max_length=INVITE_CODE_LENGTH, unique=True,
                                   default=new_invite_code, editable=False)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.OPEN)
    # Bumped by every state change; clients resync on a gap, timers act only if unchanged.
    version = models.PositiveIntegerField(_("version"), default=0)
    # The epoch of the process that owns the table (games.live.owner): taking a table over
    # raises it, and a change made under a lower epoch is refused — a stale owner (paused,
    # partitioned, or whose lease moved) can no longer write.
    owner_epoch = models.PositiveBigIntegerField(_("owner epoch"), default=0, editable=False)
    # The room (房间): what its host chose at creation (games.live.services.tables).
    seat_count = models.PositiveSmallIntegerField(
        _("seats"), default=4, help_text=_("How many players the room seats."))
    rounds_planned = models.PositiveSmallIntegerField(
        _("rounds per session"), null=True, blank=True,
        help_text=_("The session ends after this many rounds; empty: open-ended."))
    arrange_seconds = models.PositiveSmallIntegerField(
        _("seconds to arrange"), null=True, blank=True,
        help_text=_("Within the rule set's bounds; empty: the rule set's own."))
    horse_card = models.CharField(_("horse card (马牌)"), max_length=2, blank=True)
    fill_with_bots = models.BooleanField(
        _("fill empty seats with bots"), default=False,
        help_text=_("Bots sit in the seats nobody takes, and leave when a person wants one."))
    rating_family = models.CharField(
        _("rated"), max_length=12, blank=True, choices=RATING_FAMILIES,
        help_text=_("The rating its rounds move (ratings.families); empty: unrated. Set "
                    "when the table is opened, only for a preset's full rules."))
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                             blank=True, related_name="hosted_tables", verbose_name=_("host"))
    last_seen_at = models.DateTimeField(
        _("last player connected"), null=True, blank=True,
        help_text=_("When a seated player's socket was last open: idle tables close."))
    next_commitment = models.CharField(
        _("next deal's commitment"), max_length=64, blank=True, validators=[sha256_hex],
        help_text=_("SHA-256 of the server seed the next round will be dealt with, published "
                    "before any player sends a client seed (docs/fairness.md, v2)."))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, related_name="tables_created",
                                   verbose_name=_("created by"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.CheckConstraint(condition=Q(status__in=TableStatus.values),
                                   name="table_status_known"),
        ]

    def __str__(self) -> str:
        return self.name


class Seat(models.Model):
    """A player sitting at a table; positions run clockwise from 0."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats",
                              verbose_name=_("table"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="seats", verbose_name=_("player"))
    position = models.PositiveSmallIntegerField(_("position"))
    ready = models.BooleanField(_("ready"), default=False)
    connected = models.BooleanField(_("connected"), default=False)
    away = models.BooleanField(
        _("away (托管)"), default=False,
        help_text=_("Readied by the table and played by the timer until they say they are back."))
    timer_streak = models.PositiveSmallIntegerField(
        _("rounds in a row the timer played"), default=0)
    end_vote = models.BooleanField(_("votes to end the session"), default=False)
    client_seed = models.CharField(
        _("client seed"), max_length=32, blank=True,
        help_text=_("The seed this player's browser sent with ready, for the next deal."))
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_once"),
            models.UniqueConstraint(fields=["table", "user"], name="seat_one_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.position}: {self.user}"


class Round(models.Model):
    """One deal at a table, from the deal to the settlement (一局)."""

    Phase = RoundPhase

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="rounds",
                              verbose_name=_("table"))
    number = models.PositiveIntegerField(_("number"))
    rules = models.JSONField(_("rules"), help_text=_(
        "The rule set as dealt (RuleConfig.to_dict()); later admin edits never change it."))
    phase = models.CharField(_("phase"), max_length=12, choices=Phase.choices)
    # sha256 of the deal (seed and shuffled deck) published when dealt; the seed is
    # revealed once the round is settled so anyone can check the deal was not changed.
    deal_commitment = models.CharField(_("deal commitment"), max_length=64,
                                       validators=[sha256_hex])
    deal_seed = models.CharField(_("deal seed"), max_length=128, null=True, blank=True)
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True,
                                    help_text=_("When the current phase's timer runs out."))
    table_version = models.PositiveIntegerField(_("table version at the deal"))
    banker_position = models.PositiveSmallIntegerField(_("banker's seat"), null=True, blank=True)
    session = models.ForeignKey("Session", on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="rounds", verbose_name=_("session"))
    fairness = models.CharField(
        _("deal algorithm"), max_length=40, default="hmac-sha256-fy-v1",
        help_text=_("How the deal follows from its seeds (docs/fairness.md)."))
    client_seeds = models.JSONField(
        _("client seeds"), default=list, blank=True,
        help_text=_("v2 and v3: every seat's client seed in seat order, [{position, seed, "
                    "by_server, derived}] (v3: derived, the seed the server seed fixed for a "
                    "seat that sent none); public once dealt."))
    flow = models.JSONField(
        _("phase state"), default=dict, blank=True,
        help_text=_("十三道: bids, the exchange under way, negotiations and fees. Server-only: "
                    "no page, message or API shows it before the settlement."))
    result = models.JSONField(_("result"), null=True, blank=True)
    rating_family = models.CharField(
        _("rated"), max_length=12, blank=True, choices=RATING_FAMILIES,
        help_text=_("The rating this round moved, set at its settlement when it counted "
                    "(ratings.families.counts); recompute_ratings replays these rounds."))
    created_at = models.DateTimeField(_("dealt"), auto_now_add=True)
    settled_at = models.DateTimeField(_("settled"), null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="round_number_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_from_one"),
            models.CheckConstraint(condition=Q(phase__in=RoundPhase.values), name="round_phase_known"),
            # Hidden information: the seed would reveal every hand, so it exists only after
            # settlement, and a settled round always says when.
            models.CheckConstraint(
                condition=Q(deal_seed__isnull=True) | Q(phase=RoundPhase.SETTLED),
                name="round_seed_revealed_only_when_settled"),
            models.CheckConstraint(
                condition=Q(phase=RoundPhase.SETTLED, settled_at__isnull=False,
                            result__isnull=False)
                | (~Q(phase=RoundPhase.SETTLED) & Q(settled_at__isnull=True)),
                name="round_settled_has_time_and_result"),
        ]

    def __str__(self) -> str:
        return f"{self.table} round {self.number}"


class Hand(models.Model):
    """One player's cards in a round: dealt, arranged into rows, scored.

    Refers to the player and the seat position at the deal, not to a Seat row, because a
    seat is freed when its player leaves while the round's history stays.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="hands",
                              verbose_name=_("round"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                             related_name="hands", verbose_name=_("player"))
    position = models.PositiveSmallIntegerField(_("position"))
    dealt_cards = models.JSONField(_("dealt cards"), help_text=_("Card codes, e.g. [\"As\", \"Th\"]."))
    held_cards = models.JSONField(
        _("cards after the exchange"), null=True, blank=True,
        help_text=_("十三道 换牌: the cards held once the exchange changed them."))
    candidate_cards = models.JSONField(
        _("candidate cards"), default=list, blank=True,
        help_text=_("多三张: the 3 of the dealt cards that came as candidates."))
    front = models.JSONField(_("front (头墩)"), null=True, blank=True)
    middle = models.JSONField(_("middle (中墩)"), null=True, blank=True)
    back = models.JSONField(_("back (尾墩)"), null=True, blank=True)
    discards = models.JSONField(
        _("discards"), default=list, blank=True,
        help_text=_("多三张: the 3 dealt cards the submitted rows leave out."))
    declared_special = models.CharField(_("declared special"), max_length=30, blank=True)
    auto_submitted = models.BooleanField(
        _("auto-submitted"), default=False,
        help_text=_("Submitted by the timer with the first hint."))
    submitted_at = models.DateTimeField(_("submitted"), null=True, blank=True)
    points = models.IntegerField(_("points"), null=True, blank=True)
    hint_values = models.JSONField(
        _("hint values"), null=True, blank=True,
        help_text=_("The expected points of each hint, and the advisor's best arrangement, "
                    "from the player's own cards only."))
    analysis = models.JSONField(
        _("analysis"), null=True, blank=True,
        help_text=_("After settlement: the expected points the submitted arrangement gave "
                    "up against the best one, from the player's own cards only."))

    class Meta:
        ordering = ["round", "position"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(fields=["round", "user"], name="hand_one_per_player"),
            models.UniqueConstraint(fields=["round", "position"], name="hand_one_per_seat"),
            # A submission stores all three rows at once (a declared special's too: the
            # engine lays out the rows that show it), and only a submission has rows.
            models.CheckConstraint(
                condition=Q(submitted_at__isnull=True, front__isnull=True,
                            middle__isnull=True, back__isnull=True)
                | Q(submitted_at__isnull=False, front__isnull=False,
                    middle__isnull=False, back__isnull=False),
                name="hand_rows_iff_submitted"),
            models.CheckConstraint(
                condition=Q(auto_submitted=False) | Q(submitted_at__isnull=False),
                name="hand_auto_submitted_is_submitted"),
            models.CheckConstraint(
                condition=Q(declared_special="") | Q(submitted_at__isnull=False),
                name="hand_declared_special_is_submitted"),
        ]

    def __str__(self) -> str:
        return f"{self.round} #{self.position}: {self.user}"


class RoundEvent(models.Model):
    """One entry of a round's append-only log (deal, bid, submission, settlement, ...).

    Replays rebuild a round from these, so an event, once written, is never changed or
    removed on its own.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="events",
                              verbose_name=_("round"))
    seq = models.PositiveIntegerField(_("sequence number"))
    type = models.CharField(_("type"), max_length=40)
    payload = models.JSONField(_("payload"), default=dict, blank=True)
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        ordering = ["round", "seq"]
        verbose_name = _("round event")
        verbose_name_plural = _("round events")
        constraints = [
            models.UniqueConstraint(fields=["round", "seq"], name="round_event_seq_once"),
            models.CheckConstraint(condition=Q(seq__gte=1), name="round_event_seq_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.round} #{self.seq} {self.type}"

    def save(self, *args, **kwargs) -> None:
        if not self._state.adding:
            raise ValidationError(_("Round events are append-only: an event cannot be changed."))
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValidationError(_("Round events are append-only: an event cannot be deleted."))


class Session(models.Model):
    """A room's session (一局): its rounds from the first deal to the last of
    `rounds_planned`, or until the seated players voted to end it or the table closed.
    Its summary is computed once, when it ends, from its settled rounds."""

    class EndReason(models.TextChoices):
        COMPLETED = "completed", _("all rounds played")
        VOTED = "voted", _("the players voted to end it")
        CLOSED = "closed", _("the table closed")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="sessions",
                              verbose_name=_("table"))
    number = models.PositiveIntegerField(_("number"))
    rounds_planned = models.PositiveSmallIntegerField(_("rounds planned"), null=True, blank=True)
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    ended_at = models.DateTimeField(_("ended"), null=True, blank=True)
    end_reason = models.CharField(_("ended because"), max_length=10, blank=True,
                                  choices=EndReason.choices)
    share_code = models.CharField(_("share code"), max_length=16, unique=True,
                                  default=new_share_code)
    summary = models.JSONField(_("summary"), null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="session_number_once"),
        ]

    def __str__(self) -> str:
        return f"{self.table} session {self.number}"


class ChatMessage(models.Model):
    """A line of a table's chat: a quick phrase (its key, shown in each reader's
    language) or short free text. Never holds a card: it is not part of any round."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat",
                              verbose_name=_("table"))
    session = models.ForeignKey(Session, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="chat", verbose_name=_("session"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="chat_messages", verbose_name=_("player"))
    phrase = models.CharField(_("quick phrase"), max_length=30, blank=True)
    text = models.CharField(_("text"), max_length=120, blank=True)
    created_at = models.DateTimeField(_("sent"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")


class RoundSecret(models.Model):
    """A round's deal seed while the round is being played: the one secret that would
    reveal every hand at once.

    Kept apart from Round (whose `deal_seed` the database lets exist only once settled)
    and from the RoundEvent log (replay material), read by games.live.services alone, and
    deleted when settlement copies the seed into `Round.deal_seed`. No selector, page,
    API or message ever reads this model.
    """

    round = models.OneToOneField(Round, on_delete=models.CASCADE, primary_key=True,
                                 related_name="secret", verbose_name=_("round"))
    deal_seed = models.CharField(_("deal seed"), max_length=128)

    class Meta:
        verbose_name = _("round secret")
        verbose_name_plural = _("round secrets")

    def __str__(self) -> str:
        return f"{self.round} secret"  # never the seed itself


class TableSecret(models.Model):
    """The server seed a table's next round will be dealt with (v2), drawn and committed
    (Table.next_commitment) at the table's creation and at each settlement, before any
    player can send a client seed for that round. Like RoundSecret: read by the services
    alone, moved into the round's RoundSecret at the deal."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, primary_key=True,
                                 related_name="secret", verbose_name=_("table"))
    next_seed = models.CharField(_("next server seed"), max_length=128)

    class Meta:
        verbose_name = _("table secret")
        verbose_name_plural = _("table secrets")

    def __str__(self) -> str:
        return f"{self.table} secret"  # never the seed itself
