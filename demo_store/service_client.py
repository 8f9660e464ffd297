"""The store's server-side client of the service's API: the only code that holds the private key.

Every call names the API version in ``Accept`` (the document asks for it: a new version may
deprecate fields). Errors come back as :class:`ServiceError` with the API's own type, message and
field messages, so pages can show what the service said; a service that cannot be reached is
:class:`ServiceUnreachable`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import aiohttp

__all__ = [
    "ServiceClient",
    "ServiceError",
    "ServiceUnreachable",
    "Page",
    "Keyed",
    "CampaignArticles",
    "PAGE_SIZE",
]

PAGE_SIZE = 20  # the API's page size
TIMEOUT = aiohttp.ClientTimeout(total=10)
MAX_CAPTURE_PAGES = 10  # 200 captures: far more than an order of this shop ever gets


class ServiceUnreachable(Exception):
    """The service did not answer (refused connection, timeout, broken response)."""

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(f"{url}: {reason}")
        self.url, self.reason = url, reason


@dataclass
class ServiceError(Exception):
    """The service answered with an error body ``{"error": {type, message, fields}}``."""

    status: int
    type: str
    message: str
    fields: dict[str, list[str]] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.status} {self.type}: {self.message}"


@dataclass(frozen=True, slots=True)
class Page:
    """One page of a list: its items, the total count, and the neighbouring page numbers."""

    results: list[dict[str, Any]]
    count: int
    previous: int | None
    next: int | None


@dataclass(frozen=True, slots=True)
class Keyed:
    """The answer to a request sent with an ``Idempotency-Key``, and whether the service gave it
    again (``Idempotent-Replayed``): the request had been made before, and nothing happened twice."""

    data: Any
    replayed: bool


def _segment(value: str) -> str:
    """An id as one path segment: ``/`` or ``?`` in it must not change the path."""
    return quote(value, safe="")


class ServiceClient:
    """Calls the service's API with the merchant's private key."""

    def __init__(
        self, base_url: str, private_key: str, session: aiohttp.ClientSession, *, sandbox: bool = True
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._session = session
        version = "application/vnd.service.sandbox.v1+json" if sandbox else "application/vnd.service.v1+json"
        self._headers = {"Authorization": f"Bearer {private_key}", "Accept": version}

    def __repr__(self) -> str:  # never show the key in logs or tracebacks
        return f"ServiceClient({self.base_url!r})"

    async def _call(
        self, method: str, path: str, *, params: dict[str, Any] | None = None, body: Any = None
    ) -> Any:
        return (await self._send(method, path, params=params, body=body)).data

    async def _keyed(self, path: str, body: Any, key: str | None) -> Keyed:
        """A ``POST`` under ``key`` as its ``Idempotency-Key`` (none: a plain ``POST``)."""
        return await self._send("POST", path, body=body, key=key)

    async def _send(
        self,
        method: str,
        path: str,
        *,
        params: dict[str, Any] | None = None,
        body: Any = None,
        key: str | None = None,
    ) -> Keyed:
        url = self.base_url + path
        headers = self._headers if key is None else {**self._headers, "Idempotency-Key": key}
        try:
            async with self._session.request(
                method, url, params=params, json=body, headers=headers, timeout=TIMEOUT
            ) as response:
                text = await response.text()
                status = response.status
                replayed = response.headers.get("Idempotent-Replayed") == "true"
        except (TimeoutError, aiohttp.ClientError) as error:
            raise ServiceUnreachable(self.base_url, str(error) or type(error).__name__) from None
        data = _json(text)
        if status >= 400:
            problem = data.get("error") if isinstance(data, dict) else None
            if not isinstance(problem, dict):
                raise ServiceError(status, "UnexpectedResponse", f"The service answered {status}.")
            given = problem.get("fields")
            fields: dict[str, list[str]] = given if isinstance(given, dict) else {}
            raise ServiceError(status, str(problem.get("type")), str(problem.get("message")), fields)
        return Keyed(data, replayed)

    # -- checkouts -----------------------------------------------------------------------------
    async def create_checkout(self, body: dict[str, Any]) -> dict[str, Any]:
        """``POST /checkout``: a checkout for an order; the answer carries its ``id``."""
        return await self._call("POST", "/checkout", body=body)

    async def get_checkout(self, checkout_id: str) -> dict[str, Any]:
        """``GET /checkout/:id``: the checkout with its status (``created``, ``success``...)."""
        return await self._call("GET", f"/checkout/{_segment(checkout_id)}")

    async def expire_checkout(self, checkout_id: str) -> dict[str, Any]:
        """Sandbox control (not in production): make a checkout's 60 minutes run out now, so a
        presenter can show the error outcome. The sandbox answers it on loopback only."""
        return await self._call("POST", f"/_sandbox/checkouts/{_segment(checkout_id)}/expire")

    # -- orders --------------------------------------------------------------------------------
    async def list_orders(self, filters: dict[str, str], page: int = 1) -> Page:
        """``GET /orders`` with ``<field>-<lookup>`` filters; one page of 20."""
        return _page(await self._call("GET", "/orders", params={**filters, "page": str(page)}))

    async def find_order(self, order_id: str) -> dict[str, Any] | None:
        """The order with that id, or None (the API has no ``GET /orders/:id``: filter on id)."""
        page = await self.list_orders({"id": order_id})
        return page.results[0] if page.results else None

    async def refund_status(self, order_id: str) -> dict[str, Any]:
        """``GET /orders/:id/refund``: ``{remaining_amount, results}``."""
        return await self._call("GET", f"/orders/{_segment(order_id)}/refund")

    async def refund_order(self, order_id: str, amount: int, *, key: str | None = None) -> Keyed:
        """``POST /orders/:id/refund``: an order-level refund, made once under ``key``."""
        return await self._keyed(f"/orders/{_segment(order_id)}/refund", {"amount": amount}, key)

    async def decide_order(self, order_id: str, status: str) -> dict[str, Any]:
        """Sandbox control (not in production): the service's later decision on a pending order,
        ``confirmed`` or ``denied``, so a presenter can finish that part of the story. The sandbox
        answers it on loopback only."""
        path = f"/_sandbox/orders/{_segment(order_id)}/decide"
        return await self._call("POST", path, body={"status": status})

    async def advance_clock(self, days: int) -> dict[str, Any]:
        """Sandbox control (not in production): move the sandbox's clock ``days`` forward, so a
        presenter can show the payments the service collects meanwhile. Answers ``now``,
        ``today`` and ``offset_days``."""
        return await self._call("POST", "/_sandbox/clock", body={"advance_days": days})

    # -- campaigns -----------------------------------------------------------------------------
    def campaign(self, campaign_id: str) -> CampaignArticles:
        """The articles of a campaign."""
        return CampaignArticles(self, campaign_id)

    # -- captures ------------------------------------------------------------------------------
    async def list_captures(self, order_id: str) -> list[dict[str, Any]]:
        """Every capture of the order (``GET /orders/:id/captures``, page after page)."""
        captures: list[dict[str, Any]] = []
        page: int | None = 1
        while page is not None and page <= MAX_CAPTURE_PAGES:
            data = await self._call("GET", f"/orders/{_segment(order_id)}/captures", params={"page": page})
            captures.extend(data["results"])
            page = data["cursor"]["after"]
        return captures

    async def capture(self, order_id: str, amount: int, *, key: str | None = None) -> Keyed:
        """``POST /orders/:id/captures``: capture part of a confirmed order, once under ``key``."""
        return await self._keyed(f"/orders/{_segment(order_id)}/captures", {"amount": amount}, key)

    async def refund_capture(
        self, order_id: str, capture_id: str, amount: int, *, key: str | None = None
    ) -> Keyed:
        """``POST /orders/:id/captures/:cid/refunds``: a refund of one capture, once under ``key``."""
        path = f"/orders/{_segment(order_id)}/captures/{_segment(capture_id)}/refunds"
        return await self._keyed(path, {"amount": amount}, key)


class CampaignArticles:
    """``/me/campaigns/:id/articles``: the articles a campaign promotes (the API has no list of
    campaigns: one exists once articles are posted to it)."""

    def __init__(self, client: ServiceClient, campaign_id: str) -> None:
        self._client = client
        self._path = f"/me/campaigns/{_segment(campaign_id)}/articles"

    async def page(self, page: int = 1) -> Page:
        """One page of the campaign's articles (20 a page)."""
        return _page(await self._client._call("GET", self._path, params={"page": str(page)}))

    async def holding(self, article_ids: list[str]) -> set[str]:
        """Which of ``article_ids`` the campaign holds, on whichever of its pages: one request
        (``id-in``) a page of ids (20); none for a campaign without articles (a 404)."""
        held: set[str] = set()
        for first in range(0, len(article_ids), PAGE_SIZE):
            held |= await self._holding(article_ids[first : first + PAGE_SIZE])
        return held

    async def _holding(self, article_ids: list[str]) -> set[str]:
        params = {"id-in": ",".join(article_ids)}
        try:
            data = await self._client._call("GET", self._path, params=params)
        except ServiceError as error:
            if error.status == 404:
                return set()
            raise
        return {article["id"] for article in data["results"]}

    async def add(self, articles: list[dict[str, Any]], *, key: str | None = None) -> Keyed:
        """``POST``: add articles (an id posted again is updated), once under ``key``."""
        return await self._client._keyed(self._path, articles, key)

    async def remove(self, article_id: str) -> None:
        """``DELETE .../articles/:id``: remove one article."""
        await self._client._call("DELETE", f"{self._path}/{_segment(article_id)}")

    async def remove_all(self) -> None:
        """``DELETE``: remove every article of the campaign."""
        await self._client._call("DELETE", self._path)


def _page(data: Any) -> Page:
    """A list answer's envelope as a :class:`Page`."""
    return Page(data["results"], data["paging"]["count"], data["cursor"]["before"], data["cursor"]["after"])


def _json(text: str) -> Any:
    """The body as JSON, or None: an error page from a proxy must not become a traceback here."""
    try:
        return json.loads(text) if text else None
    except ValueError:
        return None
