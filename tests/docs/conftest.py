"""The documentation's checks: a merchant site for the page blocks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from backend_stub.testkit.merchant_site import MerchantSite
from backend_stub.testkit.sandbox import Sandbox
from tests.e2e.conftest import VENDOR


@pytest.fixture(scope="module")
def merchant(sandbox_server: Sandbox) -> Iterator[MerchantSite]:
    """A merchant's site on localhost, serving the page each block makes."""
    site = MerchantSite(sandbox_server.url, static=VENDOR).start()
    yield site
    site.stop()
