"""Reading whole lists through the pagination envelope."""

from __future__ import annotations

from aiohttp.test_utils import TestClient
from yarl import URL

from tests.conftest import DEMO_PRIVATE, bearer


async def all_results(
    api: TestClient, path: str, params: dict | None = None, key: str = DEMO_PRIVATE
) -> list:
    """Every item of a list, following ``paging.next`` from the first page."""
    response = await api.get(path, params=params or {}, headers=bearer(key))
    assert response.status == 200, await response.text()
    body = await response.json()
    results = list(body["results"])
    while body["paging"]["next"]:
        # The links are absolute; the test client wants the path and query.
        response = await api.get(URL(body["paging"]["next"]).path_qs, headers=bearer(key))
        assert response.status == 200
        body = await response.json()
        results.extend(body["results"])
    assert len(results) == body["paging"]["count"]
    return results
