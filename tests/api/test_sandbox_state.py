"""Findings 6 to 8 of issue 23: controls that stalled the server, kept the disk, or broke state.

``expire`` on a decided checkout answered 200 and rewrote its ``created``; seeding an order with
a pending checkout's order id made that checkout impossible to decide; a 623 KiB gzip body
expanding to 55 MiB was decompressed before the 64 MiB limit applied and held everyone 4.6 s;
after ~230k orders, ``reset`` left a 260 MB database and a 261 MB write-ahead log.
"""

from __future__ import annotations

import gzip
import io
import json
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from backend_stub.api.bodies import MAX_DECODED_BODY
from backend_stub.sandbox.seeding import MAX_SEEDED
from backend_stub.storage.database import WAL_SIZE_LIMIT
from backend_stub.testkit import ServiceProcess
from tests.api.hostile import mismatch
from tests.conftest import DEMO_PRIVATE, OTHER_PRIVATE, OTHER_PUBLIC, bearer


async def new_checkout(api, order_id: str, key: str = DEMO_PRIVATE) -> str:
    body = {"order": {"id": order_id, "currency": "EUR", "total_amount": 25000}}
    response = await api.post("/checkout", json=body, headers=bearer(key))
    assert response.status == 201, await response.text()
    return (await response.json())["id"]


async def checkout(api, checkout_id: str) -> dict:
    return await (await api.get(f"/checkout/{checkout_id}", headers=bearer(DEMO_PRIVATE))).json()


async def test_expiring_a_decided_checkout_is_a_409_and_changes_nothing(api):
    found = {}
    for decision in ("success", "pending", "ko"):
        checkout_id = await new_checkout(api, f"expire-{decision}")
        decided = await api.post(f"/_sandbox/checkouts/{checkout_id}/decide", json={"status": decision})
        assert decided.status == 200
        before = await checkout(api, checkout_id)
        response = await api.post(f"/_sandbox/checkouts/{checkout_id}/expire")
        found[decision] = (await mismatch(response, 409), await checkout(api, checkout_id) == before)
    assert found == dict.fromkeys(found, (None, True))


async def test_an_undecided_checkout_still_expires(api):
    checkout_id = await new_checkout(api, "expire-me")
    response = await api.post(f"/_sandbox/checkouts/{checkout_id}/expire")
    assert response.status == 200 and (await response.json())["status"] == "expired"


async def test_seeding_an_order_id_a_live_checkout_holds_is_a_409_and_the_checkout_still_decides(api):
    await new_checkout(api, "held-1")
    checkout_id = await new_checkout(api, "held-2")
    found = {}
    for body in (
        {"id": "held-1"},
        [{"id": "free-1"}, {"id": "held-2"}],
        [{"id": f"many-{n}"} for n in range(900)] + [{"id": "held-1"}],
    ):
        response = await api.post("/_sandbox/orders", json=body, headers=bearer(DEMO_PRIVATE))
        found[json.dumps(body)[:40]] = await mismatch(response, 409)
    assert found == dict.fromkeys(found)
    listed = await (
        await api.get("/orders", params={"id-in": "free-1,many-0"}, headers=bearer(DEMO_PRIVATE))
    ).json()
    assert listed["results"] == []  # all or nothing
    decided = await api.post(f"/_sandbox/checkouts/{checkout_id}/decide", json={"status": "success"})
    assert decided.status == 200
    # Another merchant's checkouts hold nothing of this one's.
    await new_checkout(api, "theirs", key=OTHER_PRIVATE)
    mine = await api.post("/_sandbox/orders", json={"id": "theirs"}, headers=bearer(DEMO_PRIVATE))
    assert mine.status == 201


async def test_a_compressed_body_expands_to_a_mebibyte_at_most_on_every_json_route(api):
    bomb = gzip.compress(b"[" + b"{}," * (20 * 1024**2 // 3) + b"{}]", 9)
    found = {}
    for route in ("/_sandbox/orders", "/checkout", "/_sandbox/faults", "/me/campaigns/spring/articles"):
        headers = bearer(DEMO_PRIVATE, **{"Content-Encoding": "gzip", "Content-Type": "application/json"})
        started = time.perf_counter()
        response = await api.post(route, data=bomb, headers=headers)
        found[route] = (await mismatch(response, 413), time.perf_counter() - started < 2)
    assert found == dict.fromkeys(found, (None, True))
    # Within the limit a compressed seed is read as any other.
    small = gzip.compress(json.dumps([{"id": f"z-{n}"} for n in range(100)]).encode())
    assert len(small) < MAX_DECODED_BODY
    headers = bearer(DEMO_PRIVATE, **{"Content-Encoding": "gzip", "Content-Type": "application/json"})
    assert (await api.post("/_sandbox/orders", data=small, headers=headers)).status == 201


# --- the disk, in a real process on a real file ---------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    db = Path(tmp_path_factory.mktemp("disk")) / "service.sqlite3"
    with ServiceProcess(db=db) as process:
        yield process


async def seed_big(session: aiohttp.ClientSession, orders: list[dict]) -> int:
    """Seed orders from a stream (aiohttp warns of a large body sent as bytes); the status."""
    body = io.BytesIO(json.dumps(orders).encode())
    headers = bearer(DEMO_PRIVATE, **{"Content-Type": "application/json"})
    return await status_of(session.post("/_sandbox/orders", data=body, headers=headers))


async def status_of(request) -> int:
    """The status of a request's answer, its body read so the connection is free again."""
    async with request as response:
        await response.read()
        return response.status


def sizes(db: str) -> tuple[int, int]:
    wal = Path(db + "-wal")
    return Path(db).stat().st_size, wal.stat().st_size if wal.exists() else 0


async def test_reset_gives_the_disk_back(server: ServiceProcess):
    orders = [{"name": "x" * 1000} for _ in range(1000)]
    async with aiohttp.ClientSession(server.url) as session:
        for _ in range(8):  # 8,000 orders of 1,000 characters: about 25 MB of pages
            assert await seed_big(session, orders) == 201
        grown = sum(sizes(server.db))
        assert await status_of(session.post("/_sandbox/reset")) == 200
        database, wal = sizes(server.db)
        # And the server still answers from its fixture.
        button = session.get(
            "/checkout/button", params={"amount": "6000", "currency": "EUR"}, headers=bearer(OTHER_PUBLIC)
        )
        assert await status_of(button) == 201
    assert grown > 16 * 1024**2
    assert database < 2 * 1024**2 and wal <= WAL_SIZE_LIMIT, (grown, database, wal)


async def test_the_write_ahead_log_stays_within_its_limit_while_seeding(server: ServiceProcess):
    orders = [{"name": "y" * 1000} for _ in range(1000)]  # about 3 MB a request
    async with aiohttp.ClientSession(server.url) as session:
        assert await status_of(session.post("/_sandbox/reset")) == 200
        largest = 0
        for _ in range(6):
            assert await seed_big(session, orders) == 201
            largest = max(largest, sizes(server.db)[1])
    # Past the limit a thread copies the log into the database (commits go on meanwhile), and
    # SQLite cuts the file back to the limit when the log starts again: it holds a few MiB, not
    # the 488 MB one big seeding once left.
    assert largest <= 4 * WAL_SIZE_LIMIT, largest


async def test_seeding_more_than_a_request_s_orders_is_a_400_naming_the_body(api):
    body = [{"id": f"over-{n}"} for n in range(MAX_SEEDED + 1)]
    response = await api.post("/_sandbox/orders", json=body, headers=bearer(DEMO_PRIVATE))
    assert await mismatch(response, 400, "body") is None
    listed = await (await api.get("/orders", params={"id": "over-0"}, headers=bearer(DEMO_PRIVATE))).json()
    assert listed["results"] == []
