from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from ratings.models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    """Read-only: a rating moves only with a rated round (or recompute_ratings)."""

    list_display = ("user", "family", "shown", "sigma", "rounds", "updated_at")
    list_filter = ("family",)
    search_fields = ("user__username", "user__display_name")

    @admin.display(description=_("rating"))
    def shown(self, rating: Rating) -> int:
        return rating.skill.shown

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("round", "user", "family", "points", "delta", "created_at")
    list_filter = ("family",)
    search_fields = ("user__username", "user__display_name")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
