from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.utils.translation import gettext_lazy as _

from accounts.models import ChatMute, User
from accounts.signals import profile_changed


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    list_display = ("username", "display_name", "is_staff", "is_active", "date_joined")
    search_fields = ("username", "display_name", "email")
    fieldsets = (
        (None, {"fields": ("username", "password")}),
        (_("Player"), {"fields": ("display_name", "email")}),
        (_("Permissions"), {"fields": ("is_active", "is_staff", "is_superuser",
                                       "groups", "user_permissions")}),
        (_("Important dates"), {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",),
                "fields": ("username", "display_name", "password1", "password2")}),
    )

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change and "display_name" in form.changed_data:  # the tables show it at once
            profile_changed.send(sender=type(obj), user=obj)


@admin.register(ChatMute)
class ChatMuteAdmin(admin.ModelAdmin):
    """Who muted whom (a player's own choice, made at the table): for the staff to see
    who is muted by many when they look into a complaint."""
    list_display = ("user", "muted", "created_at")
    search_fields = ("user__display_name", "muted__display_name")
    raw_id_fields = ("user", "muted")
