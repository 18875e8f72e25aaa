"""The account pages: register, log in and out, change password, profile.

Thin doors: each view checks its form's shape and calls one service from
accounts.services; login and logout are Django's own views (django-axes watches logins).
"""

import math

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET
from django.views.generic import FormView

from accounts import avatars
from accounts.forms import ProfileForm, RegistrationForm
from accounts.models import User
from accounts.services import password_problems, user_register, user_update_profile
from accounts.throttles import RegistrationThrottle
from games.record.analysis import profile_summary


def _add_service_errors(form, error: ValidationError, renamed: dict[str, str] | None = None):
    """Show a service's per-field errors on the form's fields (others at the top)."""
    for field, field_messages in error.message_dict.items():
        field = (renamed or {}).get(field, field)
        form.add_error(field if field in form.fields else None, field_messages)


class RegisterView(FormView):
    template_name = "accounts/register.html"
    form_class = RegistrationForm

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated:
            return redirect("home")
        return super().dispatch(request, *args, **kwargs)

    def post(self, request, *args, **kwargs):
        throttle = RegistrationThrottle()
        if not throttle.allow_request(request, self):
            form = self.get_form()
            minutes = math.ceil((throttle.wait() or 60) / 60)
            form.add_error(None, ngettext(
                "Too many registrations from your address. Try again in %(minutes)d minute.",
                "Too many registrations from your address. Try again in %(minutes)d minutes.",
                minutes) % {"minutes": minutes})
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        # The two passwords differ: say as well what is wrong with the first one, so the
        # player does not fix one thing only to hear of the next.
        password = form.cleaned_data.get("password1")
        if password and "password2" in form.errors and "password1" not in form.errors:
            problems = password_problems(password=password,
                                         username=form.cleaned_data.get("username", ""),
                                         display_name=form.cleaned_data.get("display_name", ""))
            if problems:
                form.add_error("password1", problems)
        return super().form_invalid(form)

    def form_valid(self, form):
        data = form.cleaned_data
        try:
            user = user_register(username=data["username"], display_name=data["display_name"],
                                 password=data["password1"])
        except ValidationError as error:
            _add_service_errors(form, error, renamed={"password": "password1"})
            return self.form_invalid(form)
        login(self.request, user, backend="django.contrib.auth.backends.ModelBackend")
        # The one welcome: the home page leaves out its "welcome back" under a message, and
        # offers "Play now".
        messages.success(self.request, _("Welcome, %(name)s! Your account is ready.")
                         % {"name": user.display_name})
        return redirect("home")


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    redirect_authenticated_user = True


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:profile")

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(self.request, _("Your password has been changed."))
        return response


class ProfileView(LoginRequiredMixin, FormView):
    template_name = "accounts/profile.html"
    form_class = ProfileForm

    def get_initial(self):
        return {"display_name": self.request.user.display_name,
                "avatar": self.request.user.avatar}

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs),
                "avatar": avatars.avatar_url(self.request.user),
                "analysis_summary": profile_summary(self.request.user)}

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "user": self.request.user}

    def form_valid(self, form):
        try:
            user_update_profile(user=self.request.user,
                                display_name=form.cleaned_data["display_name"],
                                avatar=form.cleaned_data["avatar"])
        except ValidationError as error:
            _add_service_errors(form, error)
            return self.form_invalid(form)
        messages.success(self.request, _("Your profile has been saved."))
        return redirect("accounts:profile")


@require_GET
def avatar(request, user_id: int):
    """A player's avatar as SVG (accounts.avatars). With `?v=` the current version, it
    may be cached for a year (a new pick or name changes the URL); `?key=` previews a
    design with the player's initial, for the profile's picker."""
    user = get_object_or_404(User, pk=user_id)
    preview = request.GET.get("key", "")
    key = preview if avatars.is_avatar_key(preview) else avatars.avatar_key(user)
    response = HttpResponse(avatars.avatar_svg(key, avatars.initial(user)),
                            content_type="image/svg+xml")
    current = request.GET.get("v") == avatars.avatar_version(user)
    response["Cache-Control"] = ("public, max-age=31536000, immutable" if current
                                 else "public, max-age=300")
    response["X-Content-Type-Options"] = "nosniff"
    return response


def locked_out(request, original_response=None, credentials=None):
    """django-axes' answer to a locked-out login: why, and for how long (429)."""
    minutes = math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
    return render(request, "accounts/locked_out.html",
                  {"failure_limit": settings.AXES_FAILURE_LIMIT, "minutes": minutes},
                  status=429)
