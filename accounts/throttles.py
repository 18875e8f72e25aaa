"""How often one address may try to register (web form and API share the limit)."""

from rest_framework.throttling import SimpleRateThrottle


class RegistrationThrottle(SimpleRateThrottle):
    """Counts registration attempts per client address; the rate is REST_FRAMEWORK's
    DEFAULT_THROTTLE_RATES["register"] (REGISTER_RATE in the environment)."""

    scope = "register"

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
