"""The conventions every API answer follows: keys, versions, formats, errors, CORS."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tests.conftest import DEMO_PUBLIC, bearer

BUTTON = "/checkout/button?amount=5000&currency=EUR"


@pytest.mark.parametrize(
    "authorization",
    [
        None,
        "",
        "Bearer",
        "Bearer ",
        "Basic cGtfdGVzdF9kZW1vOg==",
        "pk_test_demo",
        "Bearer pk_test_demo extra",
        "Bearer pk_test_nobody",
    ],
)
async def test_missing_malformed_or_unknown_key_is_401(api, authorization):
    headers = {} if authorization is None else {"Authorization": authorization}
    response = await api.get(BUTTON, headers=headers)
    assert response.status == 401
    body = await response.json()
    assert body["error"]["type"] == "UnauthorizedException"
    assert response.headers["X-Service-Media-Type"] == "service.v1"


@pytest.mark.parametrize("authorization", ["bearer pk_test_demo", "BEARER  pk_test_demo"])
async def test_the_scheme_is_case_insensitive_and_spaces_are_tolerated(api, authorization):
    response = await api.get(BUTTON, headers={"Authorization": authorization})
    assert response.status == 201


@pytest.mark.parametrize(
    "accept",
    [
        None,
        "application/json",
        "*/*",
        "application/vnd.service.v1+json",
        "text/html, application/xhtml+xml, */*;q=0.8",
    ],
)
async def test_json_accepts(api, accept):
    headers = bearer(DEMO_PUBLIC, **({"Accept": accept} if accept else {}))
    response = await api.get(BUTTON, headers=headers)
    assert response.status == 201
    assert response.headers["Content-Type"] == "application/json; charset=utf-8"


@pytest.mark.parametrize(
    "accept",
    ["application/xml", "text/xml", "text/html;q=0.5, application/xml", "application/vnd.service.v1+xml"],
)
async def test_xml_accepts_are_answered_as_application_xml(api, accept):
    response = await api.get(BUTTON, headers=bearer(DEMO_PUBLIC, Accept=accept))
    assert response.status == 201
    assert response.headers["Content-Type"] == "application/xml; charset=utf-8"
    assert ET.fromstring(await response.text()).tag == "root"


@pytest.mark.parametrize(
    "accept",
    [
        "text/html",
        "application/vnd.service.v2+json",
        "application/vnd.service.v1+yaml",
        "application/json;q=0",
    ],
)
async def test_bad_accept_is_406(api, accept):
    response = await api.get(BUTTON, headers=bearer(DEMO_PUBLIC, Accept=accept))
    assert response.status == 406
    assert (await response.json())["error"]["type"] == "NotAcceptableException"


async def test_unknown_path_version_is_406(api):
    response = await api.get("/v7" + BUTTON, headers=bearer(DEMO_PUBLIC))
    assert response.status == 406


async def test_path_and_accept_versions_must_agree(api):
    response = await api.get(
        "/v1" + BUTTON, headers=bearer(DEMO_PUBLIC, Accept="application/vnd.service.v1+xml")
    )
    assert response.status == 201


async def test_xml_form(api):
    response = await api.get(
        "/checkout/button?amount=abc", headers=bearer(DEMO_PUBLIC, Accept="application/vnd.service.v1+xml")
    )
    assert response.status == 400
    assert response.headers["Content-Type"] == "application/xml; charset=utf-8"
    root = ET.fromstring(await response.text())
    assert root.tag == "root"
    assert root.findtext("error/type") == "ApiValidationException"
    assert root.findtext("error/message") == "API validation error"
    assert [item.text for item in root.findall("error/fields/currency/list-item")] == [
        "This field is required."
    ]


async def test_sandbox_accept_sets_sandbox_media_type(api):
    response = await api.get(
        BUTTON, headers=bearer(DEMO_PUBLIC, Accept="application/vnd.service.sandbox.v1+json")
    )
    assert response.status == 201
    assert response.headers["X-Service-Media-Type"] == "service.sandbox.v1"


async def test_unknown_path_is_404_in_error_format(api):
    response = await api.get("/no/such/thing", headers=bearer(DEMO_PUBLIC))
    assert response.status == 404
    assert (await response.json())["error"]["type"] == "ObjectNotFoundException"
    assert response.headers["X-Service-Media-Type"] == "service.v1"


async def test_wrong_method_is_405_with_allow(api):
    response = await api.delete(BUTTON, headers=bearer(DEMO_PUBLIC))
    assert response.status == 405
    assert response.headers["Allow"] == "GET, HEAD"  # HEAD wherever GET is
    assert (await response.json())["error"]["type"] == "MethodNotAllowedException"


async def test_cors_preflight_allows_authorization(api):
    response = await api.options(
        "/checkout/button",
        headers={
            "Origin": "http://localhost:8000",
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "authorization",
        },
    )
    assert response.status == 204
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert "authorization" in response.headers["Access-Control-Allow-Headers"].lower()


async def test_cors_preflight_allows_an_idempotency_key(api):
    response = await api.options(
        "/checkout",
        headers={
            "Origin": "http://localhost:8000",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
        },
    )
    assert response.status == 204
    assert "idempotency-key" in response.headers["Access-Control-Allow-Headers"].lower()


async def test_cors_on_answers(api):
    response = await api.get(BUTTON, headers=bearer(DEMO_PUBLIC, Origin="http://localhost:8000"))
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    exposed = response.headers["Access-Control-Expose-Headers"]
    assert "X-Service-Media-Type" in exposed
    assert "Idempotent-Replayed" in exposed  # a page can tell a replayed answer


async def test_no_cors_headers_for_a_request_without_origin(api):
    # A merchant's server calls the API directly: no browser, nothing to allow.
    response = await api.get(BUTTON, headers=bearer(DEMO_PUBLIC))
    assert response.status == 201
    assert "Access-Control-Allow-Origin" not in response.headers
