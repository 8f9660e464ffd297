"""End-to-end fixtures: a real sandbox server process, a merchant site, real Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from backend_stub.testkit import Sandbox
from backend_stub.testkit.merchant_site import MerchantSite
from tests.e2e.console import ConsoleLog

# node_modules' packages under /vendor/: RequireJS, for the pages that load the SDK as an AMD module.
VENDOR = {"/vendor/": Path(__file__).resolve().parents[2] / "node_modules"}


@pytest.fixture(scope="session")
def merchant_site(service: Sandbox) -> Iterator[MerchantSite]:
    site = MerchantSite(service.url, static=VENDOR).start()
    yield site
    site.stop()


@pytest.fixture
def merchant(merchant_site: MerchantSite, service: Sandbox) -> MerchantSite:
    """The merchant site, with the service back at its fixture for this test."""
    service.reset()
    return merchant_site


@pytest.fixture
def console(page) -> ConsoleLog:
    return ConsoleLog(page)


@pytest.fixture
def unused_port() -> int:
    """A loopback port nobody listens on (bound, then released)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def third_site(service: Sandbox) -> Iterator[MerchantSite]:
    """Another origin (another port): a page that is neither the merchant nor the service."""
    site = MerchantSite(service.url).start()
    yield site
    site.stop()
