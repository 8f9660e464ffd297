"""Finding 3 of issue 11: what the client got wrong was answered 500.

JSON nested 990 deep or an integer of 4,301 digits on every JSON route, ``{"status":
["success"]}`` on a decision, ``created-gte=9999-12-31T23:59:59-23:59``, 999 search words or
1,000 filters, a header that is not UTF-8. Each class is tried on every route it can reach, and
each answer must be a 4xx in the error format naming what was wrong.
"""

from __future__ import annotations

import pytest

from backend_stub.app import create_app
from backend_stub.config import Config
from backend_stub.state import STATE
from tests.api.hostile import error_answer, error_of, mismatch, raw_request, real_ids, send_raw
from tests.api.seeding import seed
from tests.conftest import DEMO_PRIVATE, DEMO_PUBLIC, bearer

XML = "application/vnd.service.v1+xml"
# The POST routes that read no body at all.
NO_BODY = {"/_sandbox/reset", "/_sandbox/checkouts/{checkout_id}/expire"}


def post_routes() -> list[str]:
    """Every POST route of the server that reads a body, as registered: a new one is tested
    without being listed here."""
    app = create_app(Config())
    app[STATE].db.close()
    routes = {route.resource.canonical for route in app.router.routes() if route.method == "POST"}
    assert routes >= NO_BODY, "a route that reads no body is gone: update NO_BODY"
    return sorted(routes - NO_BODY)


@pytest.fixture
async def ids(api) -> dict[str, str]:
    return await real_ids(api)


BODIES = {
    "nested 990 deep": b"[" * 990 + b"]" * 990,
    "nested 33 deep": b'{"a":' * 33 + b"1" + b"}" * 33,
    "4,301 digits": b'{"amount": ' + b"1" * 4301 + b"}",
    "past a double": b'{"amount": 1e400}',
    "NaN": b'{"amount": NaN}',
    "not UTF-8": b'{"status": "\xff\xfe"}',
    "lone surrogate": b'{"status": "\\ud800"}',
    "two documents": b"{} {}",
    "empty": b"",
    # A parser keeps the last of two equal keys, a proxy or a log may read the first.
    "a key twice": b'{"amount": 1000, "amount": 2000}',
    "a key twice, deeper": b'[{"id": "a", "name": "A", "id": "b"}]',
    "a key twice, once escaped": b'{"amount": 1000, "am\\u006funt": 2000}',
}


@pytest.mark.parametrize("route", post_routes())
async def test_a_malformed_body_is_a_400_on_body_on_every_json_route(api, ids, route):
    path = "/" + route.lstrip("/").format(**ids)
    headers = bearer(DEMO_PRIVATE, **{"Content-Type": "application/json"})
    wrong = {
        name: problem
        for name, body in BODIES.items()
        if (problem := await mismatch(await api.post(path, data=body, headers=headers), 400, "body"))
    }
    assert wrong == {}


async def test_colons_and_escapes_in_strings_are_no_repeated_key(api):
    # Colons in a name and a URL, an escaped colon, and a backslash before "u003a", which the
    # quick count of colons takes for one: the check that reads each pair finds no key twice.
    body = (
        rb'[{"id": "a", "name": "At 10:30", "url": "https://x.example:8443/a",'
        rb' "description": "\u003a \\u003a"}]'
    )
    headers = bearer(DEMO_PRIVATE, **{"Content-Type": "application/json"})
    response = await api.post("/me/campaigns/c/articles", data=body, headers=headers)
    assert response.status == 204, await response.text()
    listed = await (await api.get("/me/campaigns/c/articles", headers=bearer(DEMO_PRIVATE))).json()
    assert listed["results"][0]["description"] == ": \\u003a"


WRONG_TYPES = [
    ("/_sandbox/checkouts/{checkout_id}/decide", {"status": ["success"]}, "status"),
    ("/_sandbox/checkouts/{checkout_id}/decide", {"status": {"success": True}}, "status"),
    ("/checkout/{checkout_id}/frame/decision", {"status": ["success"]}, "status"),
    ("/checkout/{checkout_id}/frame/decision", {"status": 1}, "status"),
    ("/orders/{order_id}/refund", {"amount": ["100"]}, "amount"),
    ("/orders/{order_id}/refund", {"amount": 2**70}, "amount"),
    ("/orders/{order_id}/captures", {"amount": {"value": 1}}, "amount"),
    ("/orders/{order_id}/captures/{capture_id}/refunds", {"amount": [1]}, "amount"),
    ("/checkout", {"order": {"id": ["a"], "currency": "EUR", "total_amount": 9000}}, "order.id"),
    ("/checkout", {"order": {"id": "a", "currency": ["EUR"], "total_amount": 9000}}, "order.currency"),
    (
        "/checkout",
        {"order": {"id": "a", "currency": "EUR", "total_amount": 9000}, "product": {"type": ["x"]}},
        "product.type",
    ),
    ("/checkout", {"merchant": {"success_url": ["https://a.example"]}, "order": {}}, "merchant.success_url"),
    (
        "/checkout",
        {"order": {"id": "a", "currency": "EUR", "total_amount": 9000, "articles": [{"name": {"n": 1}}]}},
        "order.articles[0].name",
    ),
    (
        "/me/campaigns/{campaign_id}/articles",
        [{"id": ["a"], "name": "A", "url": "https://a.example"}],
        "[0].id",
    ),
    (
        "/me/campaigns/{campaign_id}/articles",
        [{"id": "a", "name": ["A"], "url": "https://a.example"}],
        "[0].name",
    ),
    ("/_sandbox/orders", {"status": ["pending"]}, "status"),
    ("/_sandbox/orders", {"created": ["2026-11-23"]}, "created"),
    ("/_sandbox/orders", {"currency": {}}, "currency"),
    ("/_sandbox/orders", {"name": ["x"]}, "name"),
    ("/_sandbox/orders", [{"id": {"a": 1}}], "[0].id"),
    ("/_sandbox/faults", {"match": {"method": ["GET"]}, "status": 500}, "match.method"),
    ("/_sandbox/faults", {"status": ["500"]}, "status"),
    ("/_sandbox/maintenance", {"enabled": ["true"]}, "enabled"),
    ("/_sandbox/limits", {"concurrency": [2]}, "concurrency"),
]


@pytest.mark.parametrize(("route", "body", "field"), WRONG_TYPES)
async def test_a_value_of_the_wrong_type_is_a_400_naming_its_field(api, ids, route, body, field):
    response = await api.post("/" + route.lstrip("/").format(**ids), json=body, headers=bearer(DEMO_PRIVATE))
    assert response.status == 400, await response.text()
    assert field in (await error_answer(response))["fields"]


OUT_OF_RANGE = [
    "9999-12-31T23:59:59-23:59",
    "9999-12-31T23:59:59.999999-00:01",
    "9999-12-31 23:59:59-01:00",
    "0001-01-01T00:00:00+00:01",
    "0001-01-01T00:30:00+23:59",
    "10000-01-01T00:00:00+00:00",
]


@pytest.mark.parametrize("param", ["created-gte", "created-lt", "confirmed", "created-exact"])
@pytest.mark.parametrize("accept", ["application/json", XML])
async def test_a_timestamp_out_of_range_is_a_400_naming_the_filter(api, param, accept):
    headers = bearer(DEMO_PRIVATE, Accept=accept)
    wrong = {
        moment: problem
        for moment in OUT_OF_RANGE
        if (
            problem := await mismatch(
                await api.get("/v1/orders", params={param: moment}, headers=headers), 400, param
            )
        )
    }
    assert wrong == {}


@pytest.mark.parametrize("field", ["created", "confirmed"])
async def test_a_seeded_order_out_of_range_is_a_400_naming_the_field(api, field):
    wrong = {}
    for moment in OUT_OF_RANGE:
        order = {"created": "2026-01-01T00:00:00+00:00", "status": "confirmed", field: moment}
        response = await api.post("/_sandbox/orders", json=order, headers=bearer(DEMO_PRIVATE))
        if problem := await mismatch(response, 400, field):
            wrong[moment] = problem
    assert wrong == {}


def _many(name: str, value: str, times: int) -> str:
    return "&".join([f"{name}={value}"] * times)


QUERIES = [
    ("id=x&" * 999 + "id=x", "id"),
    (_many("name-contains", "a", 21), "name-contains"),
    ("name-search=" + "+".join(f"w{n}" for n in range(999)), "name-search"),
    ("name-search=" + "+".join(f"w{n}" for n in range(21)), "name-search"),
    ("id-in=" + ",".join(str(n) for n in range(101)), "id-in"),
    ("total_amount-in=" + ",".join(["1"] * 1000), "total_amount-in"),
    ("total_amount=5%0A", "total_amount"),
    ("total_amount=" + "1" * 19, "total_amount"),
    ("total_amount=" + "1" * 4301, "total_amount"),
    ("total_amount-gt=%D9%A3", "total_amount-gt"),
    ("total_amount-lt=%C2%B2", "total_amount-lt"),
    ("created-year=%C2%B2", "created-year"),
    ("created-year=" + "9" * 4301, "created-year"),
]


@pytest.mark.parametrize("path", ["/orders", "/v1/orders"])
@pytest.mark.parametrize("accept", ["application/json", XML])
async def test_a_query_past_the_limits_is_a_400_naming_the_parameter(api, path, accept):
    headers = bearer(DEMO_PRIVATE, Accept=accept)
    wrong = {
        query[:40]: problem
        for query, param in QUERIES
        if (problem := await mismatch(await api.get(f"{path}?{query}", headers=headers), 400, param))
    }
    assert wrong == {}


@pytest.mark.parametrize(
    "query", ["id=x&" * 999 + "id=x", "name-search=" + "+".join(f"w{n}" for n in range(999))]
)
async def test_the_article_list_has_the_same_limits(api, query):
    await api.post("/me/campaigns/c/articles", json=[], headers=bearer(DEMO_PRIVATE))
    response = await api.get(f"/me/campaigns/c/articles?{query}", headers=bearer(DEMO_PRIVATE))
    assert response.status == 400


async def test_twenty_filters_are_still_answered(api):
    await seed(api, {"id": "twenty", "name": "unique twenty"})
    query = _many("name-contains", "twenty", 20)
    response = await api.get(f"/orders?{query}", headers=bearer(DEMO_PRIVATE))
    assert [order["id"] for order in (await response.json())["results"]] == ["twenty"]


@pytest.mark.parametrize("since", ["%C2%B2", "%D9%A3", "1" * 5000, "-1", "1.5"])
async def test_a_journal_mark_that_is_no_number_is_a_400(api, since):
    response = await api.get(f"/_sandbox/requests?since={since}")
    assert response.status == 400
    assert (await error_answer(response))["fields"] == ["since"]


# --- headers that are not UTF-8 ----------------------------------------------------------------

BUTTON = "/checkout/button?amount=6000&currency=EUR"
NOT_UTF8 = [b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xe2\x82"]


def _answered(app_port: int):
    async def call(method: str, target: str, *headers: bytes, body: bytes = b""):
        answer = await send_raw(app_port, raw_request(method, target, *headers, body=body))
        assert answer.status < 500, answer.body
        return answer, error_of(answer.body, answer.headers.get("content-type", ""))

    return call


@pytest.mark.parametrize("junk", NOT_UTF8)
async def test_headers_that_are_not_utf8_get_4xx_in_the_error_format(api, junk):
    call = _answered(api.server.port)
    answer, error = await call("GET", "/orders", b"Authorization: Bearer sk_test_demo" + junk)
    assert answer.status == 401
    answer, error = await call("GET", BUTTON, b"Authorization: Bearer " + junk)
    assert answer.status == 401
    answer, error = await call(
        "GET", "/orders", b"Authorization: Bearer sk_test_demo", b"Accept: application/" + junk
    )
    assert answer.status == 406
    answer, error = await call(
        "POST",
        "/checkout",
        b"Authorization: Bearer sk_test_demo",
        b"Content-Type: application/" + junk,
        body=b"{}",
    )
    assert answer.status == 415
    answer, error = await call("GET", "/_sandbox/requests", b"Origin: http://" + junk)
    assert answer.status == 403
    assert error["type"] == "ForbiddenException"


@pytest.mark.parametrize("junk", NOT_UTF8)
async def test_a_host_that_is_not_utf8_cannot_use_the_controls(api, junk):
    request = raw_request(
        "POST", "/_sandbox/maintenance", b"Content-Type: application/json", body=b'{"enabled": true}'
    )
    request = request.replace(b"Host: 127.0.0.1", b"Host: " + junk)
    answer = await send_raw(api.server.port, request)
    assert answer.status == 403
    assert (await (await api.get("/_sandbox/maintenance")).json())["enabled"] is False


class TestWithAdminToken:
    @pytest.fixture
    def server_config(self) -> Config:
        return Config(db=":memory:", admin_token="s3cret")

    @pytest.mark.parametrize("junk", NOT_UTF8)
    async def test_a_token_that_is_not_utf8_is_a_403(self, api, junk):
        call = _answered(api.server.port)
        for sent in (junk, b"s3cret" + junk, junk + b"s3cret"):
            answer, error = await call("GET", "/_sandbox/health", b"X-Sandbox-Token: " + sent)
            assert answer.status == 403
            assert error["type"] == "ForbiddenException"
        answer = await send_raw(
            api.server.port, raw_request("GET", "/_sandbox/health", b"X-Sandbox-Token: s3cret")
        )
        assert answer.status == 200


async def test_the_public_key_still_checks_availability(api):
    response = await api.get(BUTTON, headers=bearer(DEMO_PUBLIC))
    assert response.status == 201
