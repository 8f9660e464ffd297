"""Finding 2 of issue 23: headers that never finish were never closed.

1,500 half-sent requests were held for 60 s and more; with a lower file limit new clients timed
out. Now a connection without a whole request head is closed ``--header-timeout`` seconds after
it opened (or after its last answer), and the server raises its open-file limit at start.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest

from backend_stub.testkit import ServiceProcess
from tests.conftest import OTHER_PUBLIC, bearer

HEADER_TIMEOUT_S = 2
# What the loaded test machine may add to the timeout before the close is seen.
SLACK_S = 3
HEAD = b"GET /orders HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sk_test_demo\r\nX-Slow: "


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    db = Path(tmp_path_factory.mktemp("connections")) / "service.sqlite3"
    with ServiceProcess(db=db, extra_args=["--header-timeout", str(HEADER_TIMEOUT_S)]) as process:
        yield process


async def connect(server: ServiceProcess) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    address = urlsplit(server.url)
    return await asyncio.open_connection(address.hostname, address.port)


async def closed_by_server(reader: asyncio.StreamReader, within: float) -> bool:
    """Whether the server closes the connection (end of stream or reset) within ``within`` s."""
    try:
        return await asyncio.wait_for(reader.read(1), within) == b""
    except ConnectionError:
        return True
    except TimeoutError:
        return False


async def test_a_connection_sending_a_header_byte_a_second_is_closed_within_the_timeout(server):
    reader, writer = await connect(server)
    opened = time.monotonic()
    writer.write(HEAD)
    closed = False
    try:
        while not closed and time.monotonic() - opened < HEADER_TIMEOUT_S + SLACK_S:
            writer.write(b"a")  # one more byte of a header that never ends
            await writer.drain()
            # The next byte is due in a second: until then, watch for the close.
            closed = await closed_by_server(reader, 1.0)
    except ConnectionError:
        closed = True
    finally:
        writer.close()
    lasted = time.monotonic() - opened
    assert closed, f"still open after {lasted:.1f} s"
    assert lasted < HEADER_TIMEOUT_S + SLACK_S


async def test_five_hundred_trickling_connections_do_not_stop_a_new_client(server):
    connections = [await connect(server) for _ in range(500)]
    try:
        for _, writer in connections:
            writer.write(HEAD + b"a")
        await asyncio.gather(*(writer.drain() for _, writer in connections))
        # A new client is answered while they hang.
        async with aiohttp.ClientSession(server.url) as session:
            started = time.monotonic()
            async with session.get(
                "/checkout/button",
                params={"amount": "6000", "currency": "EUR"},
                headers=bearer(OTHER_PUBLIC),
                timeout=aiohttp.ClientTimeout(total=HEADER_TIMEOUT_S + SLACK_S),
            ) as response:
                assert response.status == 201
            assert time.monotonic() - started < HEADER_TIMEOUT_S + SLACK_S
        # And every one of them is closed by the server, about the timeout after it opened.
        closes = await asyncio.gather(
            *(closed_by_server(reader, HEADER_TIMEOUT_S + SLACK_S) for reader, _ in connections)
        )
        assert sum(closes) == len(connections)
    finally:
        for _, writer in connections:
            writer.close()
