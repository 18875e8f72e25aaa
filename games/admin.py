"""Read-only admin for play history: tables, seats, rounds with their hands and events.

Play changes only through games.live.services (which lock, version and log every step), so
the admin may look but never edit.
"""

from django.contrib import admin

from games.models import Hand, Round, RoundEvent, Seat, Table


class ReadOnlyAdminMixin:
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(ReadOnlyAdminMixin, admin.TabularInline):
    extra = 0

    def get_readonly_fields(self, request, obj=None):
        return self.fields


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("position", "user", "ready", "connected", "joined_at")


class HandInline(ReadOnlyInline):
    model = Hand
    fields = ("position", "user", "dealt_cards", "front", "middle", "back",
              "declared_special", "auto_submitted", "submitted_at", "points")


class RoundEventInline(ReadOnlyInline):
    model = RoundEvent
    fields = ("seq", "type", "payload", "created_at")


@admin.register(Table)
class TableAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("name", "rule_set", "status", "is_private", "invite_code", "version",
                    "created_by", "created_at")
    list_filter = ("status", "is_private", "rating_family", "rule_set")
    search_fields = ("name", "invite_code")
    inlines = [SeatInline]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("__str__", "phase", "created_at", "settled_at")
    list_filter = ("phase", "rating_family")
    search_fields = ("table__name",)
    inlines = [HandInline, RoundEventInline]


@admin.register(RoundEvent)
class RoundEventAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("round", "seq", "type", "created_at")
    list_filter = ("type",)
