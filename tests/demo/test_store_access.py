"""Findings 4 and 5 of issue 23, in the demo store: who may act, and client mistakes.

Started with ``--host 0.0.0.0``, anyone on the network refunded orders with the store's
private key; the CSRF check let a POST without ``Origin`` through whatever its ``Referer``; a
back-office amount of 5,000 digits, ``?to=9999-12-31`` and a body whose ``Content-Encoding``
does not decode each gave a 500.
"""

from __future__ import annotations

import base64
import gzip
import os
import subprocess
import sys
from collections.abc import AsyncIterator

import aiohttp
import pytest
from aiohttp.test_utils import TestClient

from backend_stub.testkit import Sandbox
from demo_store.access import PASSWORD_VARIABLE
from demo_store.config import StoreConfig
from tests.demo.store_server import store_client

PASSWORD = "correct horse"
REFUND = "/backoffice/orders/fixture-order-1/refund"
ORDER = "/backoffice/orders/fixture-order-1"


def basic(password: str, user: str = "merchant") -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


def test_listening_beyond_loopback_without_a_password_refuses_to_start():
    env = {key: value for key, value in os.environ.items() if key != PASSWORD_VARIABLE}
    found = {}
    for host in ("0.0.0.0", "::"):
        run = subprocess.run(
            [sys.executable, "-m", "demo_store", "--host", host, "--port", "0"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        found[host] = (
            run.returncode != 0,
            "--backoffice-password" in run.stderr and PASSWORD_VARIABLE in run.stderr,
        )
    assert found == dict.fromkeys(found, (True, True)), run.stderr


@pytest.fixture
async def client(service: Sandbox) -> AsyncIterator[TestClient]:
    service.reset()
    client = await store_client(StoreConfig(service_url=service.url, backoffice_password=PASSWORD))
    try:
        yield client
    finally:
        await client.close()


async def test_with_a_password_the_back_office_needs_it(client):
    found = {}
    for path in ("/backoffice", "/backoffice?q=fixture", ORDER, "/backoffice/"):
        for name, headers in {
            "none": {},
            "wrong": basic("wrong"),
            "empty": basic(""),
            "not basic": {"Authorization": f"Bearer {PASSWORD}"},
            "not base64": {"Authorization": "Basic %%%"},
        }.items():
            response = await client.get(path, headers=headers, allow_redirects=False)
            found[(path, name)] = (response.status, "Basic" in response.headers.get("WWW-Authenticate", ""))
    assert found == dict.fromkeys(found, (401, True))
    assert (await client.get(ORDER, headers=basic(PASSWORD))).status == 200
    # A refund without it changes nothing; the shop itself stays open.
    refused = await client.post(REFUND, data={"amount": "1"}, allow_redirects=False)
    assert refused.status == 401
    page = await client.get(ORDER, headers=basic(PASSWORD))
    assert 'data-testid="refunded">€0.00' in await page.text()
    assert (await client.get("/")).status == 200


# (headers of a state-changing request) -> accepted?
WRITES = {
    "own Origin": ({"Origin": "{own}"}, True),
    "own Referer, no Origin": ({"Referer": "{own}/products/desk-lamp"}, True),
    "neither": ({}, False),
    "foreign Origin": ({"Origin": "http://evil.example"}, False),
    "null Origin": ({"Origin": "null"}, False),
    "foreign Origin, own Referer": ({"Origin": "http://evil.example", "Referer": "{own}/"}, False),
    "foreign Referer, no Origin": ({"Referer": "http://evil.example/page"}, False),
    "own host in a foreign Referer": ({"Referer": "http://evil.example/{own}"}, False),
    "unreadable Referer": ({"Referer": "::::"}, False),
    "own Origin on another port": ({"Origin": "{own}1"}, False),
}


async def test_a_write_needs_the_store_s_own_origin_or_referer(client):
    own = str(client.make_url("")).rstrip("/")
    found = {}
    # A session of its own: the test client sends the store's Origin by default.
    async with aiohttp.ClientSession() as session:
        for name, (headers, _) in WRITES.items():
            sent = {key: value.format(own=own) for key, value in headers.items()}
            for path, data in (("/cart/items", {"product": "desk-lamp"}), (REFUND, {"amount": "1"})):
                response = await session.post(
                    own + path, data=data, headers={**sent, **basic(PASSWORD)}, allow_redirects=False
                )
                found[(name, path)] = response.status != 403
                await response.read()
    assert found == {
        (name, path): accepted for name, (_, accepted) in WRITES.items() for path in ("/cart/items", REFUND)
    }


async def test_client_mistakes_are_4xx_pages(client):
    found = {}
    for path in (
        "/backoffice?to=9999-12-31",
        "/backoffice?from=9999-12-31&to=9999-12-31",
        "/backoffice?from=0001-01-01&to=0001-01-01",
        "/backoffice?min=" + "9" * 5000,
        "/backoffice?page=" + "1" * 5000,
    ):
        found[path[:40]] = (await client.get(path, headers=basic(PASSWORD))).status
    for amount in ("9" * 5000, "1" * 19, "1,000" * 1000, "0." + "9" * 5000):
        for form in (REFUND, "/backoffice/orders/fixture-order-1/captures"):
            response = await client.post(
                form, data={"amount": amount}, headers=basic(PASSWORD), allow_redirects=False
            )
            found[(form, amount[:20])] = response.status
    for route in ("/cart/items", "/checkout/session", REFUND):
        headers = {
            **basic(PASSWORD),
            "Content-Encoding": "gzip",
            "Content-Type": "application/x-www-form-urlencoded",
        }
        response = await client.post(route, data=b"garbage", headers=headers, allow_redirects=False)
        found[(route, "gzip")] = response.status
    assert {case: status for case, status in found.items() if status >= 500} == {}
    # A compressed form that decodes is read as any other.
    headers = {"Content-Encoding": "gzip", "Content-Type": "application/x-www-form-urlencoded"}
    added = await client.post(
        "/cart/items", data=gzip.compress(b"product=desk-lamp"), headers=headers, allow_redirects=False
    )
    assert added.status == 303
