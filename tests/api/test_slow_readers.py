"""A client that does not read its answers is dropped after the write timeout.

Four clients that never read once held 1.14 GB of answers for more than 30 s. Here one client
asks for the OpenAPI document a hundred times on one connection (HTTP pipelining, 8 MB of
answers) and reads none of it: the server closes that connection once an answer has waited
longer than the write timeout, the journal says ``unread``, and another client is served
meanwhile.
"""

from __future__ import annotations

import asyncio
import socket
import time

import pytest

from backend_stub.config import Config
from tests.conftest import OTHER_PUBLIC, bearer

WRITE_TIMEOUT_S = 0.5
# What a loaded test machine may add before the drop is seen (the bound of a poll, not a sleep).
WITHIN_S = 30
ASK = b"GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


@pytest.fixture
def server_config() -> Config:
    return Config(write_timeout=WRITE_TIMEOUT_S)


async def a_client_that_never_reads(
    host: str, port: int
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window, soon full
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, (host, port))
    # asyncio's reader stops taking bytes from the socket past 128 KiB it was not asked for.
    return await asyncio.open_connection(sock=sock)


async def unread_entries(api) -> list[dict]:
    response = await api.get("/_sandbox/requests", params={"path": "/openapi.json"})
    return [entry for entry in (await response.json())["requests"] if entry["outcome"] == "unread"]


async def test_a_client_that_does_not_read_is_dropped_and_others_are_served(api):
    reader, writer = await a_client_that_never_reads(api.host, api.port)
    writer.write(ASK * 100)
    await writer.drain()
    deadline = time.monotonic() + WITHIN_S
    unread: list[dict] = []
    while not unread and time.monotonic() < deadline:
        check = await api.get(
            "/checkout/button", params={"amount": "6000", "currency": "EUR"}, headers=bearer(OTHER_PUBLIC)
        )
        assert check.status == 201  # another client is served while the answers wait
        unread = await unread_entries(api)
    assert unread and unread[0]["status"] == 200
    # The connection is gone: what the client reads now ends, short of the hundred answers.
    received = b""
    try:
        while chunk := await asyncio.wait_for(reader.read(1 << 20), WITHIN_S):
            received += chunk
    except ConnectionError:
        pass
    assert received.count(b"HTTP/1.1 200") < 100
    writer.close()
