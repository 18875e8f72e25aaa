"""How often one address may try to register (web form and API share the limit)."""

from rest_framework.throttling import SimpleRateThrottle

from config.client_address import client_address


class RegistrationThrottle(SimpleRateThrottle):
    """Counts registration attempts per client address; the rate is REST_FRAMEWORK's
    DEFAULT_THROTTLE_RATES["register"] (REGISTER_RATE in the environment)."""

    scope = "register"

    def get_ident(self, request) -> str:
        """The real client address (config.client_address: X-Forwarded-For counts only
        through the proxies NUM_PROXIES declares)."""
        return client_address(request) or ""

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
