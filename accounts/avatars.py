"""Players' avatars: a few designs drawn as SVG here, so every seat has a face without
an outside service.

A design is a pattern in a colour with the player's initial on it; its key is
"<pattern>-<colour>" (User.avatar). A blank key means the player never picked one: the
design then comes from a hash of the user id, so it stays the same whatever the player
renames themselves to. The SVG uses presentation attributes only — no <style>, no
script — so the site's Content-Security-Policy has nothing to block.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from xml.sax.saxutils import escape

from django.urls import get_script_prefix, reverse
from django.utils.translation import gettext_lazy as _

# name -> (background, darker shade for the pattern)
COLOURS = {
    "jade": ("#2f8f6b", "#1f6b4f"),
    "crimson": ("#b8323c", "#8c1f28"),
    "indigo": ("#4052a8", "#2c3a80"),
    "amber": ("#c7801f", "#98600f"),
    "plum": ("#8a3f8f", "#652a69"),
    "teal": ("#1f7f8f", "#125f6b"),
}
COLOUR_NAMES = {
    "jade": _("jade"), "crimson": _("crimson"), "indigo": _("indigo"),
    "amber": _("amber"), "plum": _("plum"), "teal": _("teal"),
}

# Each pattern as SVG drawn in a 64 × 64 box with {shade} as its fill.
PATTERNS = {
    "rings": ('<circle cx="32" cy="32" r="27" fill="none" stroke="{shade}" stroke-width="5"/>'
              '<circle cx="32" cy="32" r="17" fill="none" stroke="{shade}" stroke-width="4"/>'),
    "stripes": ''.join(f'<rect x="{x}" y="-10" width="6" height="84" fill="{{shade}}" '
                       f'transform="rotate(35 32 32)"/>' for x in range(-16, 80, 14)),
    "dots": ''.join(f'<circle cx="{x}" cy="{y}" r="4" fill="{{shade}}"/>'
                    for x in range(8, 64, 16) for y in range(8, 64, 16)),
    "diamond": '<path d="M32 2 62 32 32 62 2 32Z" fill="{shade}"/>',
}
PATTERN_NAMES = {"rings": _("rings"), "stripes": _("stripes"), "dots": _("dots"),
                 "diamond": _("diamond")}

AVATAR_KEYS = tuple(f"{pattern}-{colour}" for pattern in PATTERNS for colour in COLOURS)


def is_avatar_key(key: str) -> bool:
    """A key the picker offers (blank, the generated one, is checked by the caller)."""
    return key in AVATAR_KEYS


def avatar_choices() -> list[tuple[str, str]]:
    """(key, name) for every design, in the picker's order."""
    return [(key, f"{PATTERN_NAMES[key.split('-')[0]]} · {COLOUR_NAMES[key.split('-')[1]]}")
            for key in AVATAR_KEYS]


def generated_key(user_id: int) -> str:
    """The design a player has until they pick one: from a hash of their id."""
    digest = hashlib.sha256(f"avatar:{user_id}".encode()).digest()
    return AVATAR_KEYS[int.from_bytes(digest[:4], "big") % len(AVATAR_KEYS)]


def avatar_key(user) -> str:
    """The design the player shows: the picked one, or the generated one."""
    return user.avatar if is_avatar_key(user.avatar or "") else generated_key(user.pk)


def initial(user) -> str:
    """The first letter (or character) of the name other players see, upper-cased."""
    name = (getattr(user, "display_name", "") or user.get_username() or "?").strip()
    return (name[:1] or "?").upper()


def avatar_svg(key: str, letter: str) -> str:
    """The SVG document of design `key` showing `letter`."""
    pattern, colour = key.split("-")
    background, shade = COLOURS[colour]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">'
        '<clipPath id="c"><circle cx="32" cy="32" r="32"/></clipPath>'
        f'<g clip-path="url(#c)"><rect width="64" height="64" fill="{background}"/>'
        + PATTERNS[pattern].format(shade=shade)
        + '</g><circle cx="32" cy="32" r="17" fill="#ffffff" fill-opacity="0.92"/>'
        f'<text x="32" y="39.5" text-anchor="middle" font-size="21" font-weight="700" '
        f'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" '
        f'fill="{shade}">{escape(letter)}</text></svg>'
    )


def avatar_version(user) -> str:
    """What changes the picture: the design and the initial (the URL's cache-buster)."""
    letter = initial(user)
    return f"{avatar_key(user)}.{ord(letter):x}"


def avatar_url(user, key: str | None = None) -> str:
    """Where the player's avatar is served; the query changes whenever the picture does,
    so browsers may keep it as long as they like. `key`: a design to preview instead."""
    path = _avatar_path(get_script_prefix(), user.pk)
    if key is not None:
        return path + f"?key={key}"
    return path + f"?v={avatar_version(user)}"


@lru_cache(maxsize=4096)
def _avatar_path(script_prefix: str, user_id: int) -> str:
    """Every seats message names four avatars, and `reverse` costs more than the rest of
    the message: the path is worked out once per player (and script prefix)."""
    return reverse("accounts:avatar", args=[user_id])
