"""Pagination of lists (GET /orders as the example): pages of 20, the envelope, links, 404s."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from yarl import URL

from tests.api.seeding import config_without_orders, seed
from tests.conftest import DEMO_PRIVATE, bearer

COUNT = 45  # pages of 20, 20 and 5


@pytest.fixture
def server_config(tmp_path):
    return config_without_orders(tmp_path)


@pytest.fixture
async def seeded(api):
    # Order n is created at minute n, so newest first lists n = 44, 43, ... 0.
    await seed(
        api,
        [
            {
                "id": f"o-{n:02d}",
                "status": "pending" if n % 3 else "denied",
                "created": f"2026-11-23T10:{n:02d}:00Z",
            }
            for n in range(COUNT)
        ],
    )
    return api


async def _page(api, **params):
    response = await api.get("/orders", params=params, headers=bearer(DEMO_PRIVATE))
    return response.status, await response.json()


def _ids(body):
    return [order["id"] for order in body["results"]]


def _query(link):
    return dict(URL(link).query)


async def test_first_page(seeded):
    status, body = await _page(seeded)
    assert status == 200
    assert _ids(body) == [f"o-{n:02d}" for n in range(44, 24, -1)]
    assert body["cursor"] == {"after": 2, "before": None}
    assert body["paging"]["count"] == COUNT
    assert body["paging"]["previous"] is None
    assert _query(body["paging"]["next"]) == {"page": "2"}


async def test_links_are_absolute(seeded):
    _, body = await _page(seeded)
    link = URL(body["paging"]["next"])
    assert link.is_absolute() and link.scheme == "http"
    assert link.path == "/orders"


async def test_middle_page(seeded):
    status, body = await _page(seeded, page="2")
    assert status == 200
    assert _ids(body) == [f"o-{n:02d}" for n in range(24, 4, -1)]
    assert body["cursor"] == {"after": 3, "before": 1}
    assert _query(body["paging"]["next"]) == {"page": "3"}
    assert _query(body["paging"]["previous"]) == {"page": "1"}


async def test_last_page(seeded):
    status, body = await _page(seeded, page="3")
    assert status == 200
    assert _ids(body) == ["o-04", "o-03", "o-02", "o-01", "o-00"]
    assert body["cursor"] == {"after": None, "before": 2}
    assert body["paging"]["next"] is None
    assert body["paging"]["count"] == COUNT


@pytest.mark.parametrize("number", ["4", "100", "0", "-1", "x", "1.5", "", " 1", "9" * 40])
async def test_page_that_does_not_exist_is_404(seeded, number):
    status, body = await _page(seeded, page=number)
    assert status == 404
    assert body["error"]["type"] == "ObjectNotFoundException"


async def test_empty_list_has_a_first_page_only(api):
    status, body = await _page(api, page="1")
    assert status == 200
    assert body["results"] == [] and body["paging"]["count"] == 0
    assert (await _page(api, page="2"))[0] == 404


async def test_links_keep_the_other_parameters(seeded):
    _, body = await _page(seeded, page="2", **{"status": "pending", "id-startswith": "o-"})
    # 30 pending orders: pages 1 and 2.
    assert body["paging"]["count"] == 30
    assert body["paging"]["next"] is None
    assert _query(body["paging"]["previous"]) == {"status": "pending", "id-startswith": "o-", "page": "1"}
    _, first = await _page(seeded, **{"status": "pending"})
    assert _query(first["paging"]["next"]) == {"status": "pending", "page": "2"}


async def test_following_next_visits_every_order_once(seeded):
    seen, path = [], "/orders?status=pending"
    while path:
        response = await seeded.get(path, headers=bearer(DEMO_PRIVATE))
        body = await response.json()
        seen.extend(_ids(body))
        path = URL(body["paging"]["next"]).path_qs if body["paging"]["next"] else None
    assert sorted(seen) == sorted(f"o-{n:02d}" for n in range(COUNT) if n % 3)


async def test_links_keep_the_version_prefix_and_xml(seeded):
    response = await seeded.get(
        "/v1/orders",
        params={"page": "2"},
        headers=bearer(DEMO_PRIVATE, Accept="application/vnd.service.v1+xml"),
    )
    root = ET.fromstring(await response.text())
    assert root.findtext("cursor/after") == "3" and root.findtext("cursor/before") == "1"
    assert URL(root.findtext("paging/next")).path == "/v1/orders"
    assert len(root.findall("results/list-item")) == 20
