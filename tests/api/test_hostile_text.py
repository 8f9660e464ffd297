"""Findings 6, 7 and 11 of issue 11: text, ids and URLs that clients would read differently.

6. An article name with ``\\u0001`` was stored, and the XML answer then did not parse: text
   fields now refuse control characters (400 naming the field), and whatever an error message
   quotes, an XML answer parses.
7. Order ids ``.`` and ``..`` were accepted, which clients that normalise paths cannot reach:
   ids are now letters, digits, ``-``, ``.``, ``_``, ``~``, not dots alone.
11. ``https://evil.example\\@shop.example`` was accepted as a merchant URL: Python reads its
   host as shop.example, browsers go to evil.example. Such URLs are now refused.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree

import pytest

from tests.api.hostile import error_answer, error_of, mismatch, raw_request, send_raw
from tests.conftest import DEMO_PRIVATE, bearer

XML = "application/vnd.service.v1+xml"
ARTICLES = "/me/campaigns/spring/articles"
CONTROL = [
    "\u0000",
    "\u0001",
    "\u0008",
    "\u000b",
    "\u001b",
    "\u001f",
    "\u007f",
    "\u0085",
    "\u009f",
    "\ufffe",
    "\uffff",
]


def article(**fields) -> dict:
    return {"id": "a1", "name": "Lamp", "url": "https://shop.example/lamp", **fields}


def checkout(**order) -> dict:
    return {"order": {"id": "text-1", "currency": "EUR", "total_amount": 25000, **order}}


# (route, body with {} where the text goes, the field named)
TEXT_FIELDS = [
    ("/me/campaigns/spring/articles", lambda text: [article(name=f"Lamp{text}")], "[0].name"),
    (
        "/me/campaigns/spring/articles",
        lambda text: [article(description=f"Warm{text}light")],
        "[0].description",
    ),
    ("/v1/me/campaigns/spring/articles", lambda text: [article(name=text)], "[0].name"),
    ("/checkout", lambda text: checkout(name=f"Order{text}"), "order.name"),
    ("/checkout", lambda text: checkout(articles=[{"name": f"Desk{text}"}]), "order.articles[0].name"),
    ("/_sandbox/orders", lambda text: {"name": f"Order{text}"}, "name"),
    ("/_sandbox/orders", lambda text: [{"name": text}], "[0].name"),
    ("/_sandbox/faults", lambda text: {"match": {"path": f"/orders{text}"}, "status": 500}, "match.path"),
]


async def test_a_description_keeps_its_lines_and_every_answer_parses(api):
    text = "Warm light.\n\tDimmable.\r\nTwo bulbs."
    posted = await api.post(ARTICLES, json=[article(description=text)], headers=bearer(DEMO_PRIVATE))
    assert posted.status == 204
    response = await api.get(ARTICLES, headers=bearer(DEMO_PRIVATE, Accept=XML))
    root = ElementTree.fromstring(await response.read())
    assert root.find("results/list-item/description").text.startswith("Warm light.\n\tDimmable.")


@pytest.mark.parametrize(
    "target",
    [
        "/orders?name{}=x",
        "/v1/orders?created-gte=2026{}",
        "/orders/o{}/refund",
        "/me/campaigns/c{}/articles",
        "/checkout/chk{}",
        "/nowhere{}",
    ],
)
async def test_an_xml_error_quoting_the_request_parses(api, target):
    for character in ("\u0000", "\u0001", "\u001b", "\uffff"):
        encoded = "".join(f"%{byte:02X}" for byte in character.encode())
        response = await api.get(target.format(encoded), headers=bearer(DEMO_PRIVATE, Accept=XML))
        assert 400 <= response.status < 500
        await error_answer(response)  # parses the XML


# --- ids -----------------------------------------------------------------------------------------

BAD_IDS = [
    ".",
    "..",
    "...",
    "a/b",
    "a b",
    "a?b",
    "a#b",
    "a%2Fb",
    "%",
    "a\\b",
    "a\u0000",
    "ord\u200b",
    "a:b",
    "a@b",
    "<a>",
]
GOOD_IDS = ["A-100", "a.b", "x~y", "café-1", "İ-1", "order_42", "..a", "1.0"]

ID_FIELDS = [
    ("/_sandbox/orders", lambda value: {"id": value}, "id"),
    ("/_sandbox/orders", lambda value: [{"id": value}], "[0].id"),
    ("/checkout", lambda value: checkout(id=value), "order.id"),
    (ARTICLES, lambda value: [article(id=value)], "[0].id"),
]


@pytest.mark.parametrize("value", GOOD_IDS)
async def test_an_addressable_id_is_reachable_at_its_path(api, value):
    created = await api.post("/_sandbox/orders", json={"id": value}, headers=bearer(DEMO_PRIVATE))
    assert created.status == 201
    response = await api.get(f"/orders/{value}/refund", headers=bearer(DEMO_PRIVATE))
    assert response.status == 200


@pytest.mark.parametrize("campaign", [".", "..", "%2E", "%2E%2E", ".%2e", "a%20b", "a%3Fb", "%00"])
async def test_posting_to_an_unaddressable_campaign_is_refused(api, campaign):
    # Sent raw: a client library would resolve the dot segments itself.
    request = raw_request(
        "POST",
        f"/me/campaigns/{campaign}/articles",
        f"Authorization: Bearer {DEMO_PRIVATE}",
        "Content-Type: application/json",
        body=json.dumps([article()]).encode(),
    )
    answer = await send_raw(api.server.port, request)
    assert answer.status == 400
    assert error_of(answer.body, answer.headers["content-type"])["fields"] == ["campaign_id"]


# --- merchant URLs -------------------------------------------------------------------------------

BAD_URLS = [
    "https://evil.example\\@shop.example",
    "https://evil.example\\\\@shop.example/",
    "https:/\\evil.example/",
    "https://evil.example\\.shop.example/",
    "https://user:pass@shop.example/",
    "https://shop.example@evil.example/",
    "https://evil\u3002example/",
    "https://\uff45vil.example/",
    "https://shop.example\t/ok",
    "https://shop.example/\u0000",
    "https:///evil.example/",
    "https:evil.example",
    "javascript:alert(1)",
    "//evil.example/",
]
GOOD_URLS = [
    "https://shop.example/thanks?order=1#top",
    "http://127.0.0.1:8000/done",
    "https://xn--mnchen-3ya.example/",
]

URL_FIELDS = [
    ("/checkout", lambda url: {**checkout(), "merchant": {"success_url": url}}, "merchant.success_url"),
    (ARTICLES, lambda url: [article(image_url=url)], "[0].image_url"),
]


@pytest.mark.parametrize("url", GOOD_URLS)
async def test_plain_urls_are_kept(api, url):
    response = await api.post(
        "/checkout", json={**checkout(), "merchant": {"success_url": url}}, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 201
    assert (await response.json())["merchant"]["success_url"] == url


# --- every refusal names its field, in JSON and in XML ------------------------------------------

REFUSED = [
    *((route, body, field, CONTROL) for route, body, field in TEXT_FIELDS),
    *((route, body, field, BAD_IDS) for route, body, field in ID_FIELDS),
    *((route, body, field, BAD_URLS) for route, body, field in URL_FIELDS),
]


@pytest.mark.parametrize(
    ("route", "body", "field", "values"), REFUSED, ids=[field for _, _, field, _ in REFUSED]
)
@pytest.mark.parametrize("accept", ["application/json", XML])
async def test_every_value_is_refused_naming_its_field(api, route, body, field, values, accept):
    headers = bearer(DEMO_PRIVATE, Accept=accept)
    wrong = {
        value: problem
        for value in values
        if (problem := await mismatch(await api.post(route, json=body(value), headers=headers), 400, field))
    }
    assert wrong == {}
