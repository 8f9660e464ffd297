"""Idempotent retries (CONTRACT 4.5): every API POST under an ``Idempotency-Key`` happens once.

Each case sends one POST twice under one key, as a merchant's backend retrying after a timeout
would: the second answer is the first one again, marked ``Idempotent-Replayed: true``, and
what the first did (a refund, a capture, articles, a checkout) is not done twice.
"""

from __future__ import annotations

import asyncio
import xml.etree.ElementTree as ElementTree
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from backend_stub.api import idempotency
from backend_stub.app import create_app
from backend_stub.config import Config
from backend_stub.domain.refunds import REFUNDS_SHOWN
from backend_stub.state import STATE
from backend_stub.storage import idempotency as idempotency_store
from tests.api.hostile import until_in_flight
from tests.api.seeding import config_without_orders, confirmed_order
from tests.conftest import DEMO_PRIVATE, OTHER_PRIVATE, bearer

KEY = "retry-7f3a"
REPLAYED = "Idempotent-Replayed"
ARTICLES = "/me/campaigns/spring/articles"


@pytest.fixture
def server_config(tmp_path: Path) -> Config:
    return config_without_orders(tmp_path)


async def _post(
    api: TestClient, path: str, body: object, key: str | None = KEY, merchant: str = DEMO_PRIVATE
):
    headers = bearer(merchant, **({"Idempotency-Key": key} if key is not None else {}))
    response = await api.post(path, json=body, headers=headers)
    return response.status, await response.read(), response.headers


async def _state(api: TestClient, path: str, merchant: str = DEMO_PRIVATE) -> object:
    response = await api.get(path, headers=bearer(merchant))
    assert response.status == 200, await response.text()
    return await response.json()


@dataclass
class Retry:
    """A POST, the list that shows its effect, and what happens between the two attempts."""

    path: str
    body: object
    effect: str
    between: Callable[[TestClient], Awaitable[object]] | None = None


async def _refund(api: TestClient) -> Retry:
    order = await confirmed_order(api, 10000)
    return Retry(f"/orders/{order}/refund", {"amount": 1000}, f"/orders/{order}/refund")


async def _capture(api: TestClient) -> Retry:
    order = await confirmed_order(api, 10000)
    return Retry(f"/orders/{order}/captures", {"amount": 4000}, f"/orders/{order}/captures")


async def _capture_refund(api: TestClient) -> Retry:
    order = await confirmed_order(api, 10000)
    status, body, _ = await _post(api, f"/orders/{order}/captures", {"amount": 4000}, key=None)
    assert status == 201, body
    capture = (await _state(api, f"/orders/{order}/captures"))["results"][0]["id"]  # type: ignore[index]
    path = f"/orders/{order}/captures/{capture}/refunds"
    return Retry(path, {"amount": 500}, path)


async def _articles(api: TestClient) -> Retry:
    # Posting articles is an upsert: to see the retry do nothing, the article is deleted between.
    async def delete(api: TestClient) -> object:
        return await api.delete(ARTICLES + "/a1", headers=bearer(DEMO_PRIVATE))

    article = {"id": "a1", "name": "Walnut desk", "url": "https://shop.example/a1"}
    return Retry(ARTICLES, [article], ARTICLES, between=delete)


async def _checkout(api: TestClient) -> Retry:
    body = {
        "merchant": {"success_url": "https://shop.example/ok"},
        "order": {
            "id": "idem-order",
            "currency": "EUR",
            "total_amount": 25000,
            "articles": [{"name": "Walnut desk", "quantity": 1, "unit_price": 25000}],
        },
        "product": {"type": "pay_in_4"},
    }
    # Without the key the second attempt would be a 409 (the order id is taken): the replay's
    # 201 with the same checkout id is the proof that nothing ran twice.
    return Retry("/checkout", body, "/orders")


CASES = {
    "refund": _refund,
    "capture": _capture,
    "capture-refund": _capture_refund,
    "articles": _articles,
    "checkout": _checkout,
}


@pytest.mark.parametrize("make", CASES.values(), ids=CASES.keys())
async def test_a_retry_gets_the_first_answer_and_does_nothing(api, make):
    retry = await make(api)
    status, body, headers = await _post(api, retry.path, retry.body)
    assert status in (200, 201, 204), body
    assert REPLAYED not in headers
    if retry.between is not None:
        await retry.between(api)
    effect = await _state(api, retry.effect)

    again, again_body, again_headers = await _post(api, retry.path, retry.body)
    assert (again, again_body) == (status, body)
    assert again_headers[REPLAYED] == "true"
    assert again_headers.get("Content-Type") == headers.get("Content-Type")
    assert await _state(api, retry.effect) == effect


async def test_without_a_key_a_second_refund_happens(api):
    retry = await _refund(api)
    await _post(api, retry.path, retry.body, key=None)
    await _post(api, retry.path, retry.body, key=None)
    assert (await _state(api, retry.effect))["remaining_amount"] == 8000  # type: ignore[index]


async def test_the_same_key_with_another_body_is_409_and_does_nothing(api):
    retry = await _refund(api)
    await _post(api, retry.path, retry.body)
    effect = await _state(api, retry.effect)
    status, body, _ = await _post(api, retry.path, {"amount": 2000})
    assert status == 409
    assert b"ConflictException" in body
    assert await _state(api, retry.effect) == effect


async def test_the_same_key_on_another_path_is_409(api):
    first, second = await _refund(api), await _refund(api)
    await _post(api, first.path, first.body)
    status, _, _ = await _post(api, second.path, second.body)
    assert status == 409
    assert (await _state(api, second.effect))["remaining_amount"] == 10000  # type: ignore[index]


class _Announcing(set[tuple[str, str]]):
    """The server's set of keys under way, which sets ``arrived`` when a key is added: the
    readiness probe of a request the server has begun."""

    def __init__(self, arrived: asyncio.Event) -> None:
        super().__init__()
        self.arrived = arrived

    def add(self, slot: tuple[str, str]) -> None:
        super().add(slot)
        self.arrived.set()


async def test_a_retry_while_the_first_is_running_is_409_and_one_refund_happens(api):
    retry = await _refund(api)
    body_sent, arrived = asyncio.Event(), asyncio.Event()
    state = api.server.app[STATE]
    state.keys_running = _Announcing(arrived)

    async def slow_body() -> AsyncIterator[bytes]:
        yield b'{"amount": '
        await body_sent.wait()
        yield b"1000}"

    first = asyncio.ensure_future(
        api.post(
            retry.path,
            data=slow_body(),
            headers=bearer(DEMO_PRIVATE, **{"Idempotency-Key": KEY, "Content-Type": "application/json"}),
        )
    )
    await asyncio.wait_for(arrived.wait(), 10)  # the server marked the first request's key running

    status, body, _ = await _post(api, retry.path, retry.body)
    assert status == 409, body
    assert b"still running" in body

    body_sent.set()
    assert (await first).status == 200
    assert (await _state(api, retry.effect))["remaining_amount"] == 9000  # type: ignore[index]
    status, _, headers = await _post(api, retry.path, retry.body)
    assert (status, headers[REPLAYED]) == (200, "true")


async def test_another_merchants_same_key_is_independent(api):
    retry = await _refund(api)
    await _post(api, retry.path, retry.body)
    other_order = await confirmed_order(api, 10000, key=OTHER_PRIVATE)
    other_path = f"/orders/{other_order}/refund"
    status, _, headers = await _post(api, other_path, {"amount": 1000}, merchant=OTHER_PRIVATE)
    assert status == 200
    assert REPLAYED not in headers
    assert (await _state(api, other_path, OTHER_PRIVATE))["remaining_amount"] == 9000  # type: ignore[index]
    status, _, headers = await _post(api, retry.path, retry.body)
    assert headers[REPLAYED] == "true"


async def test_keys_survive_a_restart(tmp_path: Path):
    config = config_without_orders(tmp_path)
    config = Config(db=str(tmp_path / "service.sqlite3"), fixture=config.fixture)
    answers = []
    for _ in range(2):  # the same database file, a new server each time
        api = TestClient(TestServer(create_app(config)))
        await api.start_server()
        try:
            if not answers:
                retry = await _refund(api)
            answers.append(await _post(api, retry.path, retry.body))
            effect = await _state(api, retry.effect)
        finally:
            await api.close()
    (status, body, _), (again, again_body, headers) = answers
    assert (again, again_body, headers[REPLAYED]) == (status, body, "true")
    assert effect["remaining_amount"] == 9000  # type: ignore[index]


@pytest.mark.parametrize(
    "key", ["k", "k" * 255, "a key", "~", " !~"], ids=["1", "255", "space", "tilde", "ends"]
)
async def test_any_printable_ascii_key_of_1_to_255_characters_is_taken(api, key):
    retry = await _refund(api)
    assert (await _post(api, retry.path, retry.body, key=key))[0] == 200
    status, _, headers = await _post(api, retry.path, retry.body, key=key)
    assert (status, headers.get(REPLAYED)) == (200, "true")
    assert (await _state(api, retry.effect))["remaining_amount"] == 9000  # type: ignore[index]


@pytest.mark.parametrize(
    "key", ["", "k" * 256, "clé", "a\tb"], ids=["empty", "too-long", "not-ascii", "control"]
)
async def test_a_bad_key_is_400_naming_the_header(api, key):
    retry = await _refund(api)
    status, body, _ = await _post(api, retry.path, retry.body, key=key)
    assert status == 400
    assert b'"Idempotency-Key"' in body
    assert (await _state(api, retry.effect))["remaining_amount"] == 10000  # type: ignore[index]


# --- issue 32: replays in the format asked for, bounded stored answers, resets ------------------


@pytest.mark.parametrize(("first", "then"), [("application/json", "application/xml"), ("text/xml", "*/*")])
async def test_a_retry_gets_the_first_answer_in_the_format_it_asks_for(api, first, then):
    retry = await _refund(api)
    headers = bearer(DEMO_PRIVATE, **{"Idempotency-Key": KEY})
    answered = await api.post(retry.path, json=retry.body, headers={**headers, "Accept": first})
    again = await api.post(retry.path, json=retry.body, headers={**headers, "Accept": then})
    assert (answered.status, again.status, again.headers[REPLAYED]) == (200, 200, "true")
    json_answer, xml_answer = (answered, again) if "json" in first else (again, answered)
    assert json_answer.headers["Content-Type"].startswith("application/json")
    assert "xml" in xml_answer.headers["Content-Type"]
    data = await json_answer.json()
    root = ElementTree.fromstring(await xml_answer.read())
    assert int(root.findtext("remaining_amount") or 0) == data["remaining_amount"] == 9000
    assert [item.findtext("id") for item in root.find("results") or []] == [r["id"] for r in data["results"]]
    assert (await _state(api, retry.effect))["remaining_amount"] == 9000  # type: ignore[index]


async def test_a_merchant_keeps_its_newest_answers_past_the_bound(api, monkeypatch):
    monkeypatch.setattr(idempotency_store, "MAX_KEYS", 5)
    order = await confirmed_order(api, 10000)
    path = f"/orders/{order}/refund"
    for n in range(8):
        assert (await _post(api, path, {"amount": 100}, key=f"k{n}"))[0] == 200
    store = api.server.app[STATE].idempotency
    assert store.usage("demo-shop")[0] == 5
    # The newest keys replay; the oldest were forgotten, so their retry runs again.
    assert (await _post(api, path, {"amount": 100}, key="k7"))[2].get(REPLAYED) == "true"
    assert REPLAYED not in (await _post(api, path, {"amount": 100}, key="k0"))[2]
    assert (await _state(api, path))["remaining_amount"] == 10000 - 9 * 100  # type: ignore[index]


async def test_stored_refund_answers_do_not_grow_with_the_order_s_refunds(api):
    # Each stored answer held the order's whole refund list: 1,549 one-cent refunds made 288 MB.
    order = await confirmed_order(api, 10000)
    path = f"/orders/{order}/refund"
    sizes = []
    for n in range(REFUNDS_SHOWN + 30):
        before = api.server.app[STATE].idempotency.usage("demo-shop")[1]
        assert (await _post(api, path, {"amount": 1}, key=f"cent-{n}"))[0] == 200
        sizes.append(api.server.app[STATE].idempotency.usage("demo-shop")[1] - before)
    assert max(sizes[REFUNDS_SHOWN:]) == min(sizes[REFUNDS_SHOWN:])
    assert (await _state(api, path))["refund_count"] == REFUNDS_SHOWN + 30  # type: ignore[index]


async def test_a_refund_held_across_a_reset_is_ended_unapplied_and_its_key_forgotten(api):
    order = await confirmed_order(api, 10000, id="held-refund")
    path = f"/orders/{order}/refund"
    fault = {"match": {"path": path}, "delay_ms": 600_000}
    assert (await api.post("/_sandbox/faults", json=fault)).status == 201
    held = asyncio.ensure_future(_post(api, path, {"amount": 1000}))
    await until_in_flight(api, path)
    assert (await api.post("/_sandbox/reset")).status == 200
    status, body, _ = await held
    assert status == 503 and b"reset" in body
    # The same order again, after the reset: the key is new to it, and the refund happens once.
    await confirmed_order(api, 10000, id="held-refund")
    status, _, headers = await _post(api, path, {"amount": 1000})
    assert (status, headers.get(REPLAYED)) == (200, None)
    assert (await _state(api, path))["remaining_amount"] == 9000  # type: ignore[index]


# --- the effect and the answer kept for its key are one commit ---------------------------------


def _full_disk(api: TestClient) -> None:
    """No more pages for the server's database than it has now: SQLite answers "database or
    disk is full" past them, as it does on a full disk (tests/faults fills a real one)."""
    writer = api.server.app[STATE].db._writer
    pages = writer.execute("PRAGMA page_count").fetchone()[0]
    writer.execute(f"PRAGMA max_page_count = {pages}")


def _disk_back(api: TestClient) -> None:
    api.server.app[STATE].db._writer.execute("PRAGMA max_page_count = 4294967294")


async def test_a_refund_whose_answer_cannot_be_stored_is_undone_and_its_retry_refunds_once(api):
    # The answer lists the order's newest refunds (25 KB): the refund's row fits the pages the
    # database has, its answer does not.
    order = await confirmed_order(api, 10**6)
    path = f"/orders/{order}/refund"
    for _ in range(REFUNDS_SHOWN):
        assert (await _post(api, path, {"amount": 1}, key=None))[0] == 200
    _full_disk(api)
    status, body, headers = await _post(api, path, {"amount": 500})
    assert status == 500, body
    assert b"could not be stored" in body and headers["Idempotent-Kept"] == "false"
    assert (await _state(api, path))["refund_count"] == REFUNDS_SHOWN  # type: ignore[index]

    _disk_back(api)
    status, _, headers = await _post(api, path, {"amount": 500})
    assert (status, headers.get(REPLAYED)) == (200, None)
    status, _, headers = await _post(api, path, {"amount": 500})
    assert (status, headers.get(REPLAYED)) == (200, "true")
    refunds = await _state(api, path)
    assert refunds["refund_count"] == REFUNDS_SHOWN + 1  # type: ignore[index]
    assert refunds["remaining_amount"] == 10**6 - REFUNDS_SHOWN - 500  # type: ignore[index]


async def test_a_write_that_fails_under_a_key_is_a_5xx_not_kept(api):
    # Ten articles of 10,000 characters need pages the database cannot have.
    article = {"name": "Walnut desk", "url": "https://shop.example/a", "description": "d" * 10_000}
    articles = [{**article, "id": f"a{n}"} for n in range(10)]
    _full_disk(api)
    status, body, headers = await _post(api, ARTICLES, articles)
    assert status == 500, body
    assert headers["Idempotent-Kept"] == "false"
    _disk_back(api)
    status, _, headers = await _post(api, ARTICLES, articles)
    assert (status, headers.get(REPLAYED)) == (204, None)
    assert (await _state(api, ARTICLES))["paging"]["count"] == 10  # type: ignore[index]


async def test_two_idempotency_key_headers_are_400_and_do_nothing(api):
    retry = await _refund(api)
    headers = [*bearer(DEMO_PRIVATE).items(), ("Idempotency-Key", "first"), ("Idempotency-Key", "second")]
    response = await api.post(retry.path, json=retry.body, headers=headers)
    body = await response.json()
    assert response.status == 400
    assert "2" in body["error"]["fields"]["Idempotency-Key"][0]
    assert (await _state(api, retry.effect))["remaining_amount"] == 10000  # type: ignore[index]
    # Neither key was spent: each of them still refunds once.
    for key in ("first", "second"):
        assert (await _post(api, retry.path, retry.body, key=key))[2].get(REPLAYED) is None
    assert (await _state(api, retry.effect))["remaining_amount"] == 8000  # type: ignore[index]


def test_answers_a_retry_could_change_are_not_kept_and_the_others_are():
    assert [status for status in (200, 201, 204, 400, 404, 409, 415) if not idempotency.is_kept(status)] == []
    assert [status for status in (408, 429, 500, 502, 503) if idempotency.is_kept(status)] == []


async def test_an_answer_too_large_to_keep_is_sent_and_costs_no_other_key(api, monkeypatch):
    order = await confirmed_order(api, 10000)
    path = f"/orders/{order}/refund"
    for n in range(3):
        assert (await _post(api, path, {"amount": 100}, key=f"small-{n}"))[0] == 200
    store = api.server.app[STATE].idempotency
    keys_before, bytes_before = store.usage("demo-shop")
    # A refund's answer lists the order's refunds: with four, it is over this limit.
    monkeypatch.setattr(idempotency, "MAX_ANSWER_BYTES", 800)
    status, body, headers = await _post(api, path, {"amount": 100}, key="large")
    assert status == 200 and len(body) > 800
    assert headers["Idempotent-Kept"] == "false"
    keys_after, bytes_after = store.usage("demo-shop")
    assert keys_after == keys_before + 1 and bytes_after - bytes_before < 800  # a short 409 instead
    for n in range(3):
        assert (await _post(api, path, {"amount": 100}, key=f"small-{n}"))[2][REPLAYED] == "true"
    status, body, headers = await _post(api, path, {"amount": 100}, key="large")
    assert (status, headers[REPLAYED]) == (409, "true")
    assert b"not kept" in body
    assert (await _state(api, path))["remaining_amount"] == 10000 - 4 * 100  # type: ignore[index]
