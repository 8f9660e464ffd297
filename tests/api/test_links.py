"""Finding 3 of issue 23: ``next`` links were built from ``Host``.

``Host: evil.example`` with the private key made ``next`` say ``http://evil.example/orders?page=2``,
and a client following it sent its key there; with ``--public-url`` the links still named the
bound address. Now they come from the public URL, or the address the request arrived at
(CONTRACT 4.4), whatever ``Host`` (or a forwarding header) says.
"""

from __future__ import annotations

import pytest

from tests.api.seeding import config_without_orders, seed
from tests.conftest import DEMO_PRIVATE, bearer

ARTICLES = "/me/campaigns/spring/articles"
LISTS = ["/orders", "/v1/orders", ARTICLES, "/v1" + ARTICLES]
HOSTS = [
    {"Host": "evil.example"},
    {"Host": "evil.example:8443"},
    {"Host": "EVIL.example."},
    {"Host": "localhost"},
    {"Host": "127.0.0.1:1"},
    {"Host": "[::1]:80"},
    {"Host": "a:99999"},
    {"Host": "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"},
    {"Forwarded": "host=evil.example;proto=https"},
    {},
]


async def fill(api) -> None:
    """21 orders and 21 articles: each list has a second page."""
    await seed(api, [{"id": f"o-{n:02d}", "status": "pending"} for n in range(21)])
    articles = [{"id": f"a{n}", "name": "Lamp", "url": f"https://shop.example/a{n}"} for n in range(21)]
    response = await api.post(ARTICLES, json=articles, headers=bearer(DEMO_PRIVATE))
    assert response.status == 204


async def links(api, path: str, headers: dict[str, str]) -> tuple[str, str | None]:
    response = await api.get(path, params={"name-regex": "."}, headers=bearer(DEMO_PRIVATE, **headers))
    paging = (await response.json())["paging"]
    return paging["previous"], paging["next"]


@pytest.fixture
def server_config(tmp_path):
    return config_without_orders(tmp_path)


@pytest.mark.parametrize("path", LISTS)
async def test_links_are_the_bound_address_whatever_host_says(api, path):
    await fill(api)
    expected = (None, f"http://127.0.0.1:{api.server.port}{path}?name-regex=.&page=2")
    found = {str(headers): await links(api, path, headers) for headers in HOSTS}
    assert found == dict.fromkeys(found, expected)


class TestBehindAProxy:
    @pytest.fixture
    def server_config(self, tmp_path):
        return config_without_orders(tmp_path, public_url="https://sandbox.example/base")

    @pytest.mark.parametrize("path", LISTS)
    async def test_links_follow_the_public_url(self, api, path):
        await fill(api)
        expected = (None, f"https://sandbox.example/base{path}?name-regex=.&page=2")
        found = {str(headers): await links(api, path, headers) for headers in HOSTS}
        assert found == dict.fromkeys(found, expected)
