"""Every change to an account goes through here (registration, profile edits).

The web forms and the API both call these functions, so the rules for a valid username,
display name and password live in one place. Bad input raises Django's ValidationError
with one entry per field and changes nothing.
"""

from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.avatars import is_avatar_key
from accounts.models import User
from accounts.signals import profile_changed


@transaction.atomic
def user_register(*, username: str, display_name: str, password: str) -> User:
    """Create a player account after checking every field; return the new user."""
    # Stripped first: a name of spaces would pass the "not blank" check as a blank seat.
    user = User(username=username.strip(), display_name=display_name.strip())
    errors: dict[str, list[str]] = {}
    try:
        user.full_clean(exclude=["password"])
    except ValidationError as error:
        errors.update(error.message_dict)
    # Django's unique check is case-sensitive; "Alice" and "alice" would be two players
    # nobody can tell apart.
    if "username" not in errors and User.objects.filter(username__iexact=user.username).exists():
        errors["username"] = [_("A user with that username already exists.")]
    problems = password_problems(password=password, username=user.username,
                                 display_name=user.display_name)
    if problems:
        errors["password"] = problems
    if errors:
        raise ValidationError(errors)
    user.set_password(password)
    user.save()
    return user


def password_problems(*, password: str, username: str, display_name: str) -> list[str]:
    """What the password validators say against `password` for such an account (none:
    it will do). The registration form asks this even when the two passwords differ,
    so a player learns both at once."""
    try:
        password_validation.validate_password(
            password, User(username=username.strip(), display_name=display_name.strip()))
    except ValidationError as error:
        return error.messages
    return []


@transaction.atomic
def user_update_profile(*, user: User, display_name: str, avatar: str | None = None) -> User:
    """Change what other players see: the name (not blank, not over-long) and, unless
    `avatar` is None, the avatar (a key of accounts.avatars, or blank for the generated
    one). Refuses everything when one field is wrong."""
    previous = user.display_name, user.avatar
    user.display_name = display_name.strip()
    errors: dict[str, list[str]] = {}
    if avatar is not None:
        user.avatar = avatar
        if avatar and not is_avatar_key(avatar):
            errors["avatar"] = [_("That avatar does not exist: pick one of those shown.")]
    try:
        user.full_clean(exclude=["password"], validate_unique=False)
    except ValidationError as error:
        errors.update(error.message_dict)
    if errors:
        # the caller's object keeps showing what is saved
        user.display_name, user.avatar = previous
        raise ValidationError(errors)
    user.save(update_fields=["display_name", "avatar"])
    if (user.display_name, user.avatar) != previous:
        profile_changed.send(sender=type(user), user=user)
    return user
