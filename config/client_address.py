"""The address a request really came from, trusting exactly the proxies configured.

Without configuration DRF's throttles read X-Forwarded-For as the client's address, so a
client could claim any address it liked and register without limit. Here the header is
ignored unless NUM_PROXIES says how many proxies of ours stand in front of the server;
then each of those appended the address it heard from, and the client is the NUM_PROXIES-th
entry from the right (anything to its left was written by the client and proves nothing).
The registration throttle and django-axes's lockout both key on this address.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings


def client_address(request) -> str | None:
    """The client's IP address for throttles and lockouts (None without a request)."""
    if request is None:
        return None
    meta = request.META
    remote = meta.get("REMOTE_ADDR") or None
    proxies = getattr(settings, "NUM_PROXIES", 0)
    if proxies <= 0:
        return remote
    forwarded = [part.strip() for part in meta.get("HTTP_X_FORWARDED_FOR", "").split(",")
                 if part.strip()]
    if not forwarded:
        return remote  # reached us without passing our proxy (a health check, say)
    candidate = forwarded[-min(proxies, len(forwarded))]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote  # our proxy would not write that: not an address to key on
