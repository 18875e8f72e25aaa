"""Forms for the account pages; they check shape only and leave the rules to services."""

from django import forms
from django.contrib.auth import password_validation
from django.utils.translation import gettext_lazy as _

from accounts.avatars import avatar_choices, avatar_url, generated_key


class RegistrationForm(forms.Form):
    username = forms.CharField(
        label=_("Username"), max_length=150,
        help_text=_("For logging in. Letters, digits and @/./+/-/_ only."),
        widget=forms.TextInput(attrs={"autocomplete": "username", "autofocus": True}),
    )
    display_name = forms.CharField(
        label=_("Display name"), max_length=30,
        help_text=_("The name other players see at the table."),
    )
    password1 = forms.CharField(
        label=_("Password"), strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=password_validation.password_validators_help_text_html(),
    )
    password2 = forms.CharField(
        label=_("Password confirmation"), strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("password1") and cleaned.get("password2") \
                and cleaned["password1"] != cleaned["password2"]:
            self.add_error("password2", _("The two password fields didn’t match."))
        return cleaned


class ProfileForm(forms.Form):
    # A plain form, not a ModelForm: validating a ModelForm edits request.user in place,
    # and a refused name would then show in the page's navigation as if it were saved.
    display_name = RegistrationForm.base_fields["display_name"]
    # Any text is accepted here and judged by user_update_profile, which says when a key
    # does not exist; the profile page draws the field as a picker (avatar_options).
    avatar = forms.CharField(label=_("Avatar"), required=False, max_length=64)

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def avatar_options(self):
        """The picker: the generated avatar first, then every design, each with the
        URL of its picture (with the player's initial) and whether it is chosen."""
        chosen = self["avatar"].value() or ""
        options = [("", _("Generated from you"),
                    avatar_url(self.user, generated_key(self.user.pk)) if self.user else "")]
        options += [(key, name, avatar_url(self.user, key) if self.user else "")
                    for key, name in avatar_choices()]
        return [{"key": key, "name": name, "url": url, "checked": key == chosen}
                for key, name, url in options]
