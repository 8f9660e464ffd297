"""``GET /openapi.json``: a valid OpenAPI 3.1 document that stays true to the server.

For every operation, real requests produce every status the document lists for it (the
operation's own answers, then 401, 403, 406, 413, 415 and malformed JSON where they apply, then
429 from the real concurrency limit, 408 and 500 from sandbox faults and 503 from maintenance), and
each answer is checked against the document (:mod:`tests.api.contract`): status documented,
headers present and valid, body valid against the response schema. Every operation runs three
ways: versioned JSON at ``/``, the default at ``/v1`` (the second server), and sandbox XML at
``/v1``.

The filters a list declares are exactly its field table times the lookups of each field's type,
and the server accepts each with a value of its declared type. The document names the server by
its own address (or ``--public-url``), whatever Host a request claims.
"""

from __future__ import annotations

import asyncio
import io
import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

import pytest
from aiohttp.test_utils import TestClient
from openapi_spec_validator import OpenAPIV31SpecValidator

from backend_stub.api.errors import MethodNotAllowed
from backend_stub.api.openapi import build_document
from backend_stub.config import Config
from backend_stub.domain.articles import ARTICLE_FILTER_FIELDS
from backend_stub.domain.filters import LOOKUPS, SEPARATOR
from backend_stub.domain.orders import ORDER_FILTER_FIELDS
from backend_stub.endpoints import route_info
from tests.api.contract import FORMATS, Answer, Contract
from tests.api.seeding import seed
from tests.conftest import DEMO_PRIVATE, DEMO_PUBLIC, OTHER_PRIVATE, OTHER_PUBLIC, bearer

DOCUMENT = build_document("http://127.0.0.1:8400")  # the paths and parameters, whatever the server
NO_BODY = object()
TOO_LARGE = b" " * (1024**2 + 1)  # just above the 1 MiB body limit
OPEN, PENDING, CLOSED, OTHERS = "ord-open", "ord-pending", "ord-closed", "ord-other"
CAMPAIGN = "camp-1"
NEW_CHECKOUT = {
    "merchant": {"success_url": "https://shop.example/ok", "ko_url": None},
    "order": {"id": "ord-new", "currency": "EUR", "total_amount": 25000, "articles": [{"name": "Desk"}]},
    "product": {"type": "pay_in_4"},
}


@dataclass(frozen=True)
class Variant:
    """How requests are made: path prefix (server), Accept, and the media type header expected."""

    prefix: str
    accept: str | None
    media_type: str


VARIANTS = {
    "json": Variant("", "application/vnd.service.v1+json", "service.v1"),
    "v1-default": Variant("/v1", None, "service.v1"),
    "v1-sandbox-xml": Variant("/v1", "application/vnd.service.sandbox.v1+xml", "service.sandbox.v1"),
}


@dataclass(frozen=True)
class Call:
    """One request to an operation, and the status it must get. ``ids`` override the path
    parameters of :func:`world`; ``accept`` overrides the variant's."""

    status: int
    ids: dict = field(default_factory=dict)
    key: str | None = DEMO_PRIVATE
    query: dict = field(default_factory=dict)
    json: object = NO_BODY
    data: bytes | None = None
    content_type: str = "application/json"
    accept: str | None = None
    headers: dict = field(default_factory=dict)


# The first request under a key, then another request under it: a 409 on every POST.
KEY = {"Idempotency-Key": "scenario-key"}


# The operation's own answers; the first is a success, the template of the generic calls.
SCENARIOS: dict[tuple[str, str], list[Call]] = {
    ("GET", "/orders"): [
        Call(200, query={"status": "confirmed", "total_amount-gte": "1", "id-startswith": "ord-"}),
        Call(200, query={"page": "1"}),
        Call(400, query={"colour": "red"}),
        Call(400, query={"total_amount-gt": "many"}),
        Call(404, query={"page": "99"}),
    ],
    ("GET", "/orders/{order_id}/refund"): [
        Call(200),
        Call(200, ids={"order_id": CLOSED}),
        Call(404, ids={"order_id": OTHERS}),
    ],
    ("POST", "/orders/{order_id}/refund"): [
        Call(200, json={"amount": 100}),
        Call(400, json={"amount": 10**9}),
        Call(400, json={}),
        Call(404, ids={"order_id": OTHERS}, json={"amount": 100}),
        Call(409, ids={"order_id": PENDING}, json={"amount": 100}),
    ],
    ("GET", "/orders/{order_id}/captures"): [
        Call(200),
        Call(400, query={"amount": "1"}),
        Call(404, query={"page": "7"}),
        Call(404, ids={"order_id": OTHERS}),
    ],
    ("POST", "/orders/{order_id}/captures"): [
        Call(201, json={"amount": 1000}),
        Call(400, json={"amount": 0}),
        Call(404, ids={"order_id": OTHERS}, json={"amount": 1000}),
        Call(409, ids={"order_id": PENDING}, json={"amount": 1000}),
    ],
    ("GET", "/orders/{order_id}/captures/{capture_id}/refunds"): [
        Call(200),
        Call(404, ids={"capture_id": "cap_nope"}),
    ],
    ("POST", "/orders/{order_id}/captures/{capture_id}/refunds"): [
        Call(200, json={"amount": 10}),
        Call(400, json={"amount": 10**8}),
        Call(404, ids={"capture_id": "cap_nope"}, json={"amount": 10}),
        Call(409, ids={"order_id": CLOSED, "capture_id": "closed"}, json={"amount": 10}),
    ],
    ("POST", "/me/campaigns/{campaign_id}/articles"): [
        Call(204, json=[{"id": "a3", "name": "Lamp", "url": "https://shop.example/lamp", "image_url": None}]),
        Call(400, json=[{"id": "a4"}, "not an article"]),
        Call(204, json=[{"id": "a5", "name": "Desk", "url": "https://shop.example/desk"}], headers=KEY),
        Call(204, json=[{"id": "a5", "name": "Desk", "url": "https://shop.example/desk"}], headers=KEY),
        Call(409, json=[{"id": "a6", "name": "Desk", "url": "https://shop.example/desk"}], headers=KEY),
    ],
    ("GET", "/me/campaigns/{campaign_id}/articles"): [
        Call(200, query={"name-icontains": "LAMP"}),
        Call(200),
        Call(400, query={"colour": "red"}),
        Call(404, ids={"campaign_id": "nope"}),
    ],
    ("DELETE", "/me/campaigns/{campaign_id}/articles"): [
        Call(204),
        Call(404, ids={"campaign_id": "nope"}),
    ],
    ("DELETE", "/me/campaigns/{campaign_id}/articles/{article_id}"): [
        Call(204),
        Call(404),  # the same article again
        Call(404, ids={"campaign_id": "nope"}),
    ],
    ("GET", "/checkout/button"): [
        Call(201, key=DEMO_PUBLIC, query={"amount": "5000", "currency": "EUR"}),
        Call(201, query={"amount": "1000", "currency": "EUR", "product[type]": "pay_later"}),
        Call(400, key=DEMO_PUBLIC, query={"amount": "abc"}),
        Call(403, key=DEMO_PUBLIC, query={"amount": "1", "currency": "EUR"}),
        Call(403, key=DEMO_PUBLIC, query={"amount": "5000", "currency": "USD"}),
    ],
    ("GET", "/checkout/plans"): [
        Call(200, key=OTHER_PUBLIC, query={"amount": "45000", "currency": "EUR", "locale": "es-ES"}),
        Call(200, query={"amount": "45000", "currency": "EUR", "product[type]": "pay_in_4"}),
        Call(200, key=DEMO_PUBLIC, query={"amount": "1", "currency": "USD", "locale": "xx-YY"}),
        Call(400, key=DEMO_PUBLIC, query={"amount": "45000", "currency": "EUR", "locale": "1"}),
    ],
    ("POST", "/checkout"): [
        Call(201, json=NEW_CHECKOUT),
        Call(400, json={**NEW_CHECKOUT, "merchant": {"success_url": "javascript:alert(1)"}}),
        Call(400, json={"order": {"id": "x", "currency": "EUR", "total_amount": 1}}),
        Call(409, json={**NEW_CHECKOUT, "order": {**NEW_CHECKOUT["order"], "id": OPEN}}),
    ],
    ("GET", "/checkout/{checkout_id}"): [
        Call(200, key=DEMO_PUBLIC),
        Call(200),
        Call(404, ids={"checkout_id": "chk_nope"}),
        Call(404, key=OTHER_PRIVATE),
    ],
}


def generic_calls(contract: Contract, method: str, template: str, first: Call) -> list[Call]:
    """The calls every operation of its kind gets, built from its first (successful) call."""
    operation = contract.document["paths"][template][method.lower()]
    calls = [
        Call(401, ids=first.ids, key=None, query=first.query, json=first.json),
        Call(401, ids=first.ids, key="sk_test_nobody", query=first.query, json=first.json),
        Call(406, ids=first.ids, key=first.key, query=first.query, json=first.json, accept="text/html"),
    ]
    if {"publicKey": []} not in operation["security"]:
        calls.append(Call(403, ids=first.ids, key=DEMO_PUBLIC, query=first.query, json=first.json))
    if "requestBody" in operation:
        calls += [
            Call(400, ids=first.ids, data=b'{"amount": '),
            Call(413, ids=first.ids, data=TOO_LARGE),
            Call(415, ids=first.ids, data=b'{"amount": 1}', content_type="text/plain"),
        ]
    return calls


async def world(api: TestClient) -> dict[str, str]:
    """The path parameters the calls use, naming objects made fresh for each test: orders in
    each state, a capture on the open order and one on the closed (canceled) order, another
    merchant's order, and a campaign with two articles."""
    await seed(
        api,
        [
            {"id": OPEN, "total_amount": 10_000_000, "status": "confirmed"},
            {"id": PENDING, "status": "pending"},
            {"id": CLOSED, "total_amount": 1000, "status": "confirmed"},
        ],
    )
    await seed(api, {"id": OTHERS, "status": "confirmed"}, key=OTHER_PRIVATE)
    capture = await (
        await api.post(f"/orders/{OPEN}/captures", json={"amount": 10**6}, headers=bearer(DEMO_PRIVATE))
    ).json()
    closed = await (
        await api.post(f"/orders/{CLOSED}/captures", json={"amount": 500}, headers=bearer(DEMO_PRIVATE))
    ).json()
    refund = await api.post(f"/orders/{CLOSED}/refund", json={"amount": 1000}, headers=bearer(DEMO_PRIVATE))
    assert refund.status == 200
    articles = [
        {"id": "a1", "name": "Lamp", "url": "https://shop.example/lamp", "description": "A lamp"},
        {
            "id": "a2",
            "name": "Chair",
            "url": "https://shop.example/chair",
            "image_url": "https://shop.example/c.png",
        },
    ]
    posted = await api.post(f"/me/campaigns/{CAMPAIGN}/articles", json=articles, headers=bearer(DEMO_PRIVATE))
    assert posted.status == 204
    checkout = {**NEW_CHECKOUT, "order": {**NEW_CHECKOUT["order"], "id": "ord-checkout"}}
    opened = await (await api.post("/checkout", json=checkout, headers=bearer(DEMO_PRIVATE))).json()
    return {
        "checkout_id": opened["id"],
        "order_id": OPEN,
        "capture_id": capture["id"],
        "closed": closed["id"],
        "campaign_id": CAMPAIGN,
        "article_id": "a1",
    }


class Runner:
    """Makes calls in one variant and checks every answer against the contract."""

    def __init__(self, api: TestClient, contract: Contract, variant: Variant, ids: dict[str, str]) -> None:
        self.api, self.contract, self.variant, self.ids = api, contract, variant, ids
        self.seen: set[int] = set()

    def path(self, template: str, call: Call) -> str:
        ids = {**self.ids, **call.ids}
        ids = {name: self.ids.get(value, value) for name, value in ids.items()}  # "closed" -> its id
        return self.variant.prefix + template.format(**ids)

    async def send(self, method: str, template: str, call: Call) -> Answer:
        headers = {**(bearer(call.key) if call.key else {}), **call.headers}
        accept = call.accept or self.variant.accept
        if accept:
            headers["Accept"] = accept
        options: dict = {"params": call.query, "headers": headers}
        if call.data is not None:
            options["data"] = io.BytesIO(call.data)  # raw bytes above 1 MiB make aiohttp warn
            headers["Content-Type"] = call.content_type
        elif call.json is not NO_BODY:
            options["json"] = call.json
        response = await self.api.request(method, self.path(template, call), **options)
        return Answer(response.status, response.headers, await response.read())

    async def run(self, method: str, template: str, call: Call) -> Answer:
        answer = await self.send(method, template, call)
        self.record(method, template, call, answer)
        return answer

    def record(self, method: str, template: str, call: Call, answer: Answer, *, exact: bool = True) -> None:
        """Check an answer; ``exact`` False when any documented status will do."""
        if exact:
            assert answer.status == call.status, (
                f"{method} {self.path(template, call)}: {answer.status} {answer.body[:300]!r}"
            )
        self.contract.check(method, template, answer)
        if call.accept is None:
            assert answer.headers["X-Service-Media-Type"] == self.variant.media_type
        self.seen.add(answer.status)

    async def induced(self, method: str, template: str, call: Call) -> None:
        """503 from maintenance, 408 and 500 from faults, 429 from the real concurrency limit."""
        control = self.api
        assert (await control.post("/_sandbox/maintenance", json={"enabled": True})).status == 200
        await self.run(method, template, Call(503, **_same(call)))
        assert (await control.post("/_sandbox/maintenance", json={"enabled": False})).status == 200

        path = self.path(template, call)
        for status in (408, 500):
            fault = {"match": {"method": method, "path": path}, "status": status}
            assert (await control.post("/_sandbox/faults", json=fault)).status == 201
            await self.run(method, template, Call(status, **_same(call)))

        # One request held in flight by a fault's delay fills a limit of one; the next gets 429.
        assert (await control.post("/_sandbox/limits", json={"concurrency": 1})).status == 200
        hold = {"match": {"method": method, "path": path}, "delay_ms": 600_000}
        assert (await control.post("/_sandbox/faults", json=hold)).status == 201
        held = asyncio.ensure_future(self.send(method, template, call))
        await until_in_flight(control)
        await self.run(method, template, Call(429, **_same(call)))
        assert (await control.delete("/_sandbox/faults")).status == 200
        # Released, it is served as usual; a delete then finds its object gone already.
        self.record(method, template, call, await held, exact=False)


def _same(call: Call) -> dict:
    return {"ids": call.ids, "key": call.key, "query": call.query, "json": call.json}


async def until_in_flight(api: TestClient) -> None:
    """Wait, by asking the journal and never sleeping, until a request is in flight."""
    for _ in range(10_000):
        entries = (await (await api.get("/_sandbox/requests")).json())["requests"]
        if any(entry["outcome"] == "in_flight" for entry in entries):
            return
    raise AssertionError("the held request never was in flight")


@pytest.fixture
async def contract(api: TestClient) -> Contract:
    """The document as the server serves it."""
    response = await api.get("/openapi.json")
    assert response.status == 200
    return Contract(await response.json())


# --- the document itself --------------------------------------------------------------------


async def test_served_without_a_key_as_json(api):
    response = await api.get("/openapi.json")
    assert response.status == 200
    assert response.headers["Content-Type"] == "application/json; charset=utf-8"
    assert await response.json() == build_document(str(api.make_url("")).rstrip("/"))


def test_is_valid_openapi_3_1():
    assert DOCUMENT["openapi"].startswith("3.1.")
    OpenAPIV31SpecValidator(DOCUMENT).validate()


async def test_names_the_address_the_server_is_bound_to_whatever_host_is_claimed(api):
    response = await api.get("/openapi.json", headers={"Host": "attacker.example"})
    origin = f"http://127.0.0.1:{api.server.port}"
    assert [server["url"] for server in (await response.json())["servers"]] == [origin, origin + "/v1"]


class TestBehindAProxy:
    @pytest.fixture
    def server_config(self) -> Config:
        return Config(db=":memory:", public_url="https://sandbox.shop.example/service")

    async def test_names_the_public_url(self, api):
        document = await (await api.get("/openapi.json", headers={"Host": "attacker.example"})).json()
        assert [server["url"] for server in document["servers"]] == [
            "https://sandbox.shop.example/service",
            "https://sandbox.shop.example/service/v1",
        ]


def test_formats_are_really_checked():
    # Without rfc3339-validator jsonschema silently skips date-time: the checks would be hollow.
    assert {"date-time", "date"} <= set(FORMATS.checkers)


async def test_describes_every_api_route_and_no_other(api, contract):
    routes = {
        (route.method, route.resource.canonical)
        for route in api.server.app.router.routes()
        # HEAD is GET without the body (HTTP's rule): OpenAPI documents describe GET alone.
        if (info := route_info(route)) is not None and info.path_version is None and route.method != "HEAD"
    }
    described = set(contract.operations())
    assert described <= routes, f"described but not served: {described - routes}"
    assert routes == described, f"served but not described: {routes - described}"


def test_every_operation_has_scenarios():
    operations = {(method.upper(), path) for path, item in DOCUMENT["paths"].items() for method in item}
    assert operations == set(SCENARIOS)


# --- filters: one typed query parameter per field and lookup ----------------------------------------

LISTS = {
    ("/orders", "get"): ORDER_FILTER_FIELDS,
    ("/me/campaigns/{campaign_id}/articles", "get"): ARTICLE_FILTER_FIELDS,
}


def filter_parameters(template: str, method: str) -> dict[str, dict]:
    """The query parameters of a list, but ``page``, by name, their schemas resolved."""
    contract = Contract(DOCUMENT)
    parameters = DOCUMENT["paths"][template][method]["parameters"]
    return {
        parameter["name"]: _resolved(contract, parameter["schema"])
        for parameter in parameters
        if parameter["in"] == "query" and parameter["name"] != "page"
    }


def _resolved(contract: Contract, schema: dict) -> dict:
    return contract.resolve(schema["$ref"].removeprefix("#"))[1] if "$ref" in schema else schema


def sample(schema: dict) -> str:
    """A query value of the schema's type (the first of an enum, the least of a range)."""
    if "enum" in schema:
        return schema["enum"][0]
    if schema.get("type") == "integer":
        return str(schema.get("minimum", 7))
    if schema.get("format") == "date-time":
        return "2026-11-23T10:00:00+01:00"
    if "pattern" in schema:  # a comma-separated list of integers
        return "1,-2"
    return "a"


@pytest.mark.parametrize(("template", "method"), list(LISTS), ids=lambda value: str(value))
def test_a_list_declares_one_parameter_per_field_and_lookup_of_its_table(template, method):
    fields = LISTS[(template, method)]
    expected = {
        field if lookup == "exact" else f"{field}{SEPARATOR}{lookup}"
        for field, field_type in fields.items()
        for lookup in LOOKUPS[field_type]
    }
    assert set(filter_parameters(template, method)) == expected


@pytest.mark.parametrize(("template", "method"), list(LISTS), ids=lambda value: str(value))
async def test_the_server_accepts_every_declared_filter_with_a_value_of_its_type(api, template, method):
    ids = await world(api)
    path = template.format(**ids)
    parameters = filter_parameters(template, method)
    # `<field>-exact` is `<field>`, as the description says.
    spelled_out = {f"{field}{SEPARATOR}exact": parameters[field] for field in LISTS[(template, method)]}
    for name, schema in {**parameters, **spelled_out}.items():
        for value in [sample(schema), *schema.get("enum", [])]:
            response = await api.get(path, params={name: value}, headers=bearer(DEMO_PRIVATE))
            assert response.status == 200, (name, value, await response.text())


# --- real answers against it --------------------------------------------------------------------


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize(("method", "template"), list(SCENARIOS), ids=lambda value: str(value))
async def test_every_documented_status_happens_and_conforms(api, contract, variant, method, template):
    runner = Runner(api, contract, VARIANTS[variant], await world(api))
    calls = SCENARIOS[(method, template)]
    for call in calls:
        await runner.run(method, template, call)
    for call in generic_calls(contract, method, template, calls[0]):
        await runner.run(method, template, call)
    await runner.induced(method, template, calls[0])
    assert runner.seen == contract.statuses(method, template)


@pytest.mark.parametrize("variant", ["json", "v1-sandbox-xml"])
@pytest.mark.parametrize("template", list(DOCUMENT["paths"]))
async def test_other_methods_get_405_with_the_documented_allow(api, contract, variant, template):
    allowed = {method.upper() for method in contract.document["paths"][template]}
    method = next(method for method in ("PUT", "PATCH", "DELETE", "POST") if method not in allowed)
    runner = Runner(api, contract, VARIANTS[variant], await world(api))
    path = runner.path(template, Call(405))
    headers = {"Accept": VARIANTS[variant].accept or "*/*", **bearer(DEMO_PRIVATE)}
    response = await api.request(method, path, headers=headers)
    answer = Answer(response.status, response.headers, await response.read())
    assert answer.status == 405
    # No operation can declare a 405 (it answers the methods none has): the body is an Error.
    media = answer.headers["Content-Type"].partition(";")[0]
    data = (
        json.loads(answer.body)
        if media == "application/json"
        else contract.from_xml(
            ET.fromstring(answer.body), [contract.document["components"]["schemas"]["Error"]]
        )
    )
    contract.validate(data, "/components/schemas/Error")
    assert data["error"]["type"] == MethodNotAllowed.type
    head = {"HEAD"} if "GET" in allowed else set()  # wherever GET is (HTTP's rule)
    assert set(answer.headers["Allow"].split(", ")) == allowed | head
