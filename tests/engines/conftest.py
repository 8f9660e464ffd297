"""Cross-engine fixtures: each browser started once per session, a fresh tab per test, against
the real sandbox server process (``service``, on 127.0.0.1) and a merchant site on localhost."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from backend_stub.testkit import Sandbox
from backend_stub.testkit.engines.driver import Engine, Tab
from backend_stub.testkit.engines.firefox import Firefox
from backend_stub.testkit.engines.webkit import WebKit
from tests.e2e.conftest import merchant, third_site, unused_port  # noqa: F401 (fixtures)
from tests.engines.probed_site import ProbedSite

ENGINES = {"firefox": Firefox, "webkit": WebKit}


@pytest.fixture(scope="session", params=list(ENGINES))
def engine(request: pytest.FixtureRequest) -> Iterator[Engine]:
    """Firefox (Gecko) and WebKit, each once per session."""
    browser = ENGINES[request.param]()
    yield browser
    browser.close()


@pytest.fixture
def tab(engine: Engine) -> Iterator[Tab]:
    """A page of its own for this test."""
    page = engine.new_tab()
    yield page
    page.close()


@pytest.fixture(scope="session")
def merchant_site(service: Sandbox) -> Iterator[ProbedSite]:
    """The merchant site (localhost), every page carrying the probe; ``merchant`` hands it out
    with the service reset."""
    site = ProbedSite(service.url).start()
    yield site
    site.stop()
