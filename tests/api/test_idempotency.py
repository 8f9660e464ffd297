"""Idempotent retries (CONTRACT 4.5): every API POST under an ``Idempotency-Key`` happens once.

Each case sends one POST twice under one key, as a merchant's backend retrying after a timeout
would: the second answer is the first one again, marked ``Idempotent-Replayed: true``, and
what the first did (a refund, a capture, articles, a checkout) is not done twice.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from backend_stub.app import create_app
from backend_stub.config import Config
from backend_stub.state import STATE
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


@pytest.mark.parametrize("key", ["", "k" * 256, "clé"], ids=["empty", "too-long", "not-ascii"])
async def test_a_bad_key_is_400_naming_the_header(api, key):
    retry = await _refund(api)
    status, body, _ = await _post(api, retry.path, retry.body, key=key)
    assert status == 400
    assert b'"Idempotency-Key"' in body
    assert (await _state(api, retry.effect))["remaining_amount"] == 10000  # type: ignore[index]
