"""The HTTP API under /api/: its endpoints, the OpenAPI schema and the browsable docs."""

from django.urls import path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts.api import MeApi, RegisterApi
from rules.api import RuleSetDetailApi, RuleSetListApi

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="api-docs"), name="api-root"),
    path("me/", MeApi.as_view(), name="api-me"),
    path("register/", RegisterApi.as_view(), name="api-register"),
    path("rulesets/", RuleSetListApi.as_view(), name="api-ruleset-list"),
    path("rulesets/<slug:slug>/", RuleSetDetailApi.as_view(), name="api-ruleset-detail"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script from a URL instead of inline, as the
    # Content-Security-Policy (settings) requires.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
]
