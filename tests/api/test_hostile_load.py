"""Findings 9 and 10 of issue 11: junk that grew the server, and slots that could be dodged.

9. 12,000 unauthenticated 404s carrying 24 KB of URL and headers grew the server from 146 to
   282 MB: the journal kept whole requests. It now keeps at most a number of bytes (and of
   entries), the oldest going first, and of a key only its owner.
10. The concurrency limit counted keys by their spelling (``bearer  sk_test_demo`` was another
   slot), and a slow request body held its slot with no timeout. Slots are now the merchant's
   key the header resolves to, and a body slower than the body timeout gets 408.
"""

from __future__ import annotations

import asyncio

import pytest

from backend_stub.config import Config
from backend_stub.sandbox.journal import ENTRY_OVERHEAD, Journal
from tests.api.hostile import error_of, raw_request, read_answer, send_raw, until_in_flight
from tests.conftest import DEMO_PRIVATE, DEMO_PUBLIC, OTHER_PUBLIC

MAX_BYTES = 64 * 1024


def stored_bytes(entries: list[dict]) -> int:
    """What the journal's entries hold, counted as the journal counts them."""
    return sum(
        ENTRY_OVERHEAD + len(entry["path"]) + len(entry["query_string"]) + len(entry["origin"] or "")
        for entry in entries
    )


class TestJournalBytes:
    @pytest.fixture
    def server_config(self) -> Config:
        return Config(db=":memory:", journal_max_bytes=MAX_BYTES)

    @pytest.mark.parametrize(
        ("path", "query", "origin"),
        [
            ("/" + "x" * 6000, "", ""),
            ("/nowhere", "q=" + "y" * 6000, ""),
            ("/nowhere", "", "http://" + "z" * 6000 + ".example"),
            ("/v1/" + "w" * 2000, "a=" + "b" * 2000, "http://" + "c" * 2000),
            ("/checkout/button", "amount=" + "9" * 6000 + "&currency=EUR", ""),
        ],
        ids=["path", "query", "origin", "all three", "api route"],
    )
    async def test_junk_requests_keep_the_journal_within_its_bytes(self, api, path, query, origin):
        sent = 60
        headers = {"Origin": origin} if origin else {}
        for _ in range(sent):
            response = await api.get(f"{path}?{query}" if query else path, headers=headers)
            assert response.status < 500
        journal = await (await api.get("/_sandbox/requests")).json()
        entries = journal["requests"]
        assert stored_bytes(entries) <= MAX_BYTES
        assert 0 < len(entries) < sent
        assert entries[-1]["seq"] == journal["last_seq"]  # the newest are the ones kept

    async def test_the_journal_names_a_key_s_owner_never_the_key(self, api):
        for header in (f"Bearer {DEMO_PUBLIC}", f"bearer   {DEMO_PUBLIC}", f"BEARER {DEMO_PUBLIC}\t"):
            await api.get(
                "/checkout/button",
                params={"amount": "6000", "currency": "EUR"},
                headers={"Authorization": header},
            )
        body = await (await api.get("/_sandbox/requests")).text()
        assert DEMO_PUBLIC not in body
        entries = (await (await api.get("/_sandbox/requests")).json())["requests"]
        assert [entry["key"] for entry in entries] == [{"merchant": "demo-shop", "kind": "public"}] * 3


@pytest.mark.parametrize(
    ("entries", "size", "bound"), [(100, 100, 5_000), (10, 10_000, 25_000), (3, 50_000, 10_000)]
)
def test_the_journal_forgets_the_oldest_past_its_bytes(entries, size, bound):
    journal = Journal(capacity=1000, max_bytes=bound)
    for _ in range(entries):
        journal.open("GET", "/" + "p" * size, "", None, None)
    kept = journal.select()
    assert journal.bytes <= bound
    assert journal.bytes == sum(entry.size for entry in kept)
    assert [entry.seq for entry in kept] == list(range(entries - len(kept) + 1, entries + 1))


# --- the concurrency limit --------------------------------------------------------------------

LIMIT = 2
BUTTON = "/checkout/button"
SPELLINGS = [
    f"Bearer {DEMO_PUBLIC}",
    f"bearer {DEMO_PUBLIC}",
    f"BEARER  {DEMO_PUBLIC}",
    f" Bearer {DEMO_PUBLIC} ",
    f"Bearer {DEMO_PUBLIC}\t",
]


class TestSlots:
    @pytest.fixture
    def server_config(self) -> Config:
        return Config(db=":memory:", concurrency_limit=LIMIT, body_timeout=0.5)

    async def button(self, api, authorization: str):
        params = {"amount": "6000", "currency": "EUR"}
        return await api.get(BUTTON, params=params, headers={"Authorization": authorization})

    @pytest.mark.parametrize("third", SPELLINGS)
    async def test_every_spelling_of_a_key_counts_in_the_same_slot(self, api, third):
        fault = {"match": {"path": BUTTON}, "delay_ms": 600_000, "times": LIMIT}
        assert (await api.post("/_sandbox/faults", json=fault)).status == 201
        held = [asyncio.ensure_future(self.button(api, spelling)) for spelling in SPELLINGS[:LIMIT]]
        for _ in range(100_000):
            if (await (await api.get("/_sandbox/limits")).json())["in_flight"] == LIMIT:
                break
        refused = await self.button(api, third)
        assert refused.status == 429
        assert (await self.button(api, f"Bearer {OTHER_PUBLIC}")).status == 201
        assert (await api.delete("/_sandbox/faults")).status == 200
        assert [response.status for response in await asyncio.gather(*held)] == [201] * LIMIT

    @pytest.mark.parametrize(
        "path", ["/orders/fixture-order-1/refund", "/checkout", "/v1/orders/fixture-order-1/captures"]
    )
    async def test_a_slow_body_gets_408_and_gives_its_slot_back(self, api, path):
        # Headers and half a body, then nothing: the server must not wait for the rest forever.
        reader, writer = await asyncio.open_connection("127.0.0.1", api.server.port)
        head = raw_request(
            "POST", path, f"Authorization: Bearer {DEMO_PRIVATE}", "Content-Type: application/json"
        )
        writer.write(
            head.replace(b"Connection: close", b"Content-Length: 40\r\nConnection: close") + b'{"amount":'
        )
        await writer.drain()
        await until_in_flight(api, path)
        answer = await read_answer(reader)
        writer.close()
        assert answer.status == 408
        assert error_of(answer.body, answer.headers["content-type"])["type"] == "RequestTimeoutException"
        assert (await (await api.get("/_sandbox/limits")).json())["in_flight"] == 0

    async def test_a_slow_body_of_the_controls_also_ends(self, api):
        request = raw_request("POST", "/_sandbox/maintenance", "Content-Type: application/json")
        request = request.replace(b"Connection: close", b"Content-Length: 30\r\nConnection: close") + b"{"
        answer = await send_raw(api.server.port, request)
        assert answer.status == 408
