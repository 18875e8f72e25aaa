"""Players' avatars: a few designs drawn as SVG here, so every seat has a face without
an outside service.

A design is a pattern in a colour with the player's initial on it; its key is
"<pattern>-<colour>" (User.avatar). A blank key means the player never picked one: the
design then comes from a hash of the user id, so it stays the same whatever the player
renames themselves to. The SVG uses presentation attributes only — no <style>, no
script — so the site's Content-Security-Policy has nothing to block.

A bot has a face of its own instead: its number on a rounded square in a colour of its own
(bot_face_svg). It is drawn here only, and every page that shows a bot — its seat, the
reveal, the replay, the history, the session's standings — shows this picture, so a bot
looks the same wherever it appears (the old picture was the same "B" for every bot).
"""

from __future__ import annotations

import hashlib
import re
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


# The bot accounts' usernames, as games.live.services.bot_seats makes them.
BOT_USERNAME = re.compile(r"^~bot-(easy|normal|strong)-(\d+)$")
BOT_LEVELS = ("easy", "normal", "strong")
# Twelve colours dark enough for a white number (contrast AA), in the order the rule below
# walks them.
BOT_COLOURS = ("#8e2a22", "#8a4b08", "#6b5a00", "#3f6212", "#166534", "#0f5f5a",
               "#155e75", "#1e40af", "#4c1d95", "#701a75", "#9d174d", "#44403c")


def bot_face(user) -> tuple[int, int] | None:
    """A bot's (number, colour index); None for a person.

    Bots 1, 2, 3… of a level take colours five apart of the twelve, so the bots at one
    table never look alike; each level starts elsewhere, so Easy 1 is not Normal 1's
    colour."""
    match = BOT_USERNAME.match(user.get_username() or "") if getattr(user, "bot_level", "") else None
    if match is None:
        return None
    number = int(match[2])
    return number, (number * 5 + BOT_LEVELS.index(match[1]) * 4) % len(BOT_COLOURS)


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
    """The design the player shows: the picked one, or the generated one; a bot's face
    ("bot-<colour index>")."""
    bot = bot_face(user)
    if bot is not None:
        return f"bot-{bot[1]}"
    return user.avatar if is_avatar_key(user.avatar or "") else generated_key(user.pk)


def initial(user) -> str:
    """The first letter (or character) of the name other players see, upper-cased; a
    bot's number."""
    bot = bot_face(user)
    if bot is not None:
        return str(bot[0])
    name = (getattr(user, "display_name", "") or user.get_username() or "?").strip()
    return (name[:1] or "?").upper()


def avatar_svg(key: str, letter: str) -> str:
    """The SVG document of design `key` showing `letter` (a bot's face for "bot-…")."""
    if key.startswith("bot-"):
        return bot_face_svg(int(key.removeprefix("bot-")), letter)
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


def bot_face_svg(colour: int, number: str) -> str:
    """A bot's face: its number in white on a rounded square (a person's is a disc)."""
    size = 36 if len(number) < 2 else 28  # two figures still fit inside the square
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">'
        f'<rect width="64" height="64" rx="19" fill="{BOT_COLOURS[colour % len(BOT_COLOURS)]}"/>'
        f'<text x="32" y="{32 + size * 0.36:.1f}" text-anchor="middle" font-size="{size}" '
        'font-weight="800" font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" '
        f'fill="#ffffff">{escape(number)}</text></svg>'
    )


def avatar_version(user) -> str:
    """What changes the picture: the design and the initial (the URL's cache-buster)."""
    letter = initial(user)
    return f"{avatar_key(user)}." + "".join(f"{ord(char):x}" for char in letter)


def avatar_url(user, key: str | None = None) -> str:
    """Where the player's avatar is served; the query changes whenever the picture does,
    so browsers may keep it as long as they like. `key`: a design to preview instead."""
    path = _avatar_path_pattern(get_script_prefix()).format(int(user.pk))
    if key is not None:
        return path + f"?key={key}"
    return path + f"?v={avatar_version(user)}"


@lru_cache(maxsize=16)
def _avatar_path_pattern(script_prefix: str) -> str:
    """Every seats message names four avatars, and `reverse` costs more than the rest of
    the message (0.3 ms a player in a connect storm, where each player is new): the
    path is reversed once per script prefix, with a stand-in number where the player's
    id goes, and each player's is that pattern filled in."""
    stand_in = 987654321
    path = reverse("accounts:avatar", args=[stand_in])
    return path.replace("{", "{{").replace("}", "}}").replace(str(stand_in), "{}")
