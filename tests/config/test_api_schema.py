"""The OpenAPI schema generates cleanly, validates, and the docs are served locally."""

import pytest
import yaml
from django.core.management import call_command
from django.urls import reverse
from drf_spectacular.validation import validate_schema

pytestmark = pytest.mark.django_db


def test_schema_generates_without_warnings_and_validates(tmp_path):
    target = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(target))
    schema = yaml.safe_load(target.read_text())
    assert {"/api/me/", "/api/register/", "/api/rulesets/", "/api/rulesets/{slug}/"} \
        <= set(schema["paths"])


def test_schema_endpoint_serves_valid_openapi(client):
    response = client.get(reverse("api-schema"), HTTP_ACCEPT="application/vnd.oai.openapi+json")

    assert response.status_code == 200
    schema = response.json()
    validate_schema(schema)  # raises on an invalid OpenAPI 3 document
    assert schema["info"]["title"] == "Thirteen Water API"


def test_docs_use_the_bundled_swagger_ui_not_a_cdn(client):
    page = client.get(reverse("api-docs")).content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in page
    assert "cdn" not in page.lower()


def test_api_root_leads_to_the_docs(client):
    response = client.get("/api/")
    assert response.status_code == 302 and response.url == reverse("api-docs")
