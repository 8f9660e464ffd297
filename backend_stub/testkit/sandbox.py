"""A client of one running sandbox server: its URLs, its keys, and every sandbox control.

Tests talk to the server only through HTTP, as a merchant's CI would, so the same client works
against a server the plugin started and against one started elsewhere (``--service-url``). It
uses ``urllib`` alone: importing it costs nothing in a test session that never asks for it.
"""

from __future__ import annotations

import json
import secrets
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..child_process import ChildProcess

__all__ = [
    "DEMO_KEYS",
    "Keys",
    "Sandbox",
    "SandboxError",
    "SdkMissingError",
    "check_sdk",
    "DECISIONS",
    "CHECKOUT_URLS",
]

# The statuses a checkout can be decided with, as the hosted page's buttons decide them, and the
# URLs it may carry: the server's own (domain/checkouts.py), copied so that the plugin, which
# every merchant's test session loads, imports no server module (tests/unit/test_testkit_rules.py).
DECISIONS = ("success", "pending", "ko")
CHECKOUT_URLS = ("success_url", "pending_url", "ko_url", "dismiss_url", "error_url")
_BEYOND_ANY_SEQ = 2**62


@dataclass(frozen=True)
class Keys:
    """A merchant's API keys: the public one goes in web pages, the private one stays on servers."""

    public: str
    private: str


# "Demo Shop" of the bundled fixture (backend_stub/fixtures/default.json).
DEMO_KEYS = Keys(public="pk_test_demo", private="sk_test_demo")


class SandboxError(RuntimeError):
    """The server answered a call with an error status; ``status`` and ``body`` say which."""

    def __init__(self, method: str, path: str, status: int, body: Any) -> None:
        self.method, self.path, self.status, self.body = method, path, status, body
        super().__init__(f"{method} {path} -> {status}: {body}")


class SdkMissingError(RuntimeError):
    """The server cannot serve the SDK: browser tests against it would only wait for buttons."""


def check_sdk(url: str, health: Mapping[str, Any]) -> None:
    """Raise :class:`SdkMissingError` if the health answer of the server at ``url`` says it has
    no compiled SDK. A server that does not say (an older version) is taken at its word."""
    report = health.get("sdk")
    if isinstance(report, Mapping) and report.get("present") is False:
        raise SdkMissingError(
            f"the sandbox server at {url} cannot serve the SDK ({report.get('problem')}), so no"
            " payment button would ever appear. Installed service-checkout packages carry it:"
            " reinstall the package; in a source checkout, compile it with `make build`."
        )


class Sandbox:
    """One sandbox server, seen from a test.

    ``url`` is the service's origin (``http://127.0.0.1:<port>``); ``admin_token`` is sent with
    every control request when the server was started with ``--admin-token``; ``process`` is the
    server's process when the test kit started it (its ``output`` holds the server's log).
    """

    def __init__(
        self,
        url: str,
        *,
        admin_token: str | None = None,
        keys: Keys = DEMO_KEYS,
        timeout: float = 30.0,
        process: ChildProcess | None = None,
    ) -> None:
        self.url = url.rstrip("/")
        self.process = process
        self.admin_token = admin_token
        self.keys = keys
        self.timeout = timeout

    def __repr__(self) -> str:
        return f"Sandbox({self.url!r})"

    # -- URLs and keys ----------------------------------------------------------------------------
    @property
    def public_key(self) -> str:
        return self.keys.public

    @property
    def private_key(self) -> str:
        return self.keys.private

    @property
    def sdk_url(self) -> str:
        """The loader's URL without its query string (for ``service.init`` pages)."""
        return self.url + "/sdk.js"

    @property
    def openapi_url(self) -> str:
        """The OpenAPI document of the whole API."""
        return self.url + "/openapi.json"

    def script_tag(self, *, public_key: str | None = None, sandbox: bool = True, attrs: str = "async") -> str:
        """The ``<script>`` tag of the README's quick start, pointing at this server."""
        return self._tag(self.sdk_url, public_key, sandbox, attrs)

    def _tag(self, src: str, public_key: str | None, sandbox: bool, attrs: str) -> str:
        query = urllib.parse.urlencode(
            {"public-key": public_key or self.keys.public, "sandbox": "true" if sandbox else "false"}
        )
        return f'<script src="{src}?{query}"{" " + attrs if attrs else ""}></script>'

    def sdk_pins(self) -> dict[str, Any]:
        """``GET /sdk.json``: the loader to pin (``version``, ``url``, ``integrity``) and every
        version the server serves (``supported``). A CI can fail when the integrity its payment
        page pins is not among them."""
        return self._send("GET", "/sdk.json", None, {})

    def pinned_script_tag(
        self,
        *,
        version: str | None = None,
        public_key: str | None = None,
        sandbox: bool = True,
        attrs: str = "async",
    ) -> str:
        """The pinned form of :meth:`script_tag`: the loader of ``version`` (the current one by
        default) at its immutable URL, with its ``integrity`` and ``crossorigin="anonymous"``."""
        pins = self.sdk_pins()
        (pin,) = [p for p in pins["supported"] if p["version"] == (version or pins["version"])]
        pinned = f'integrity="{pin["integrity"]}" crossorigin="anonymous"' + (f" {attrs}" if attrs else "")
        return self._tag(pin["url"], public_key, sandbox, pinned)

    # -- raw calls --------------------------------------------------------------------------------
    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        key: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Any:
        """An API call with ``key`` (the private key unless told) and its JSON answer.

        Raises :class:`SandboxError` on a 4xx/5xx answer: a test that expects one catches it.
        """
        sent = {"Authorization": f"Bearer {key or self.keys.private}", **(headers or {})}
        return self._send(method, path, body, sent)

    def control(self, method: str, path: str, body: Any = None, *, key: str | None = None) -> Any:
        """A ``/_sandbox/`` control call (with the admin token, if any) and its JSON answer."""
        headers = {"X-Sandbox-Token": self.admin_token} if self.admin_token else {}
        if key is not None:
            headers["Authorization"] = f"Bearer {key}"
        return self._send(method, path, body, headers)

    def _send(self, method: str, path: str, body: Any, headers: Mapping[str, str]) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        for name, value in headers.items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                text = response.read().decode()
        except urllib.error.HTTPError as error:
            raw = error.read().decode()
            try:
                answer: Any = json.loads(raw)
            except ValueError:
                answer = raw
            raise SandboxError(method, path, error.code, answer) from None
        return json.loads(text) if text else None

    # -- life ---------------------------------------------------------------------------------------
    def health(self) -> dict[str, Any]:
        """``GET /_sandbox/health``: answers once the server is ready."""
        return self.control("GET", "/_sandbox/health")

    def reset(self) -> None:
        """Back to the fixture: objects, journal, faults, maintenance and limits all reset."""
        self.control("POST", "/_sandbox/reset")

    # -- checkouts ------------------------------------------------------------------------------------
    def create_checkout(
        self,
        total_amount: int = 25000,
        *,
        currency: str = "EUR",
        product_type: str | None = None,
        order_id: str | None = None,
        urls: Mapping[str, str] | None = None,
        articles: Sequence[Mapping[str, Any]] | None = None,
        key: str | None = None,
    ) -> str:
        """``POST /checkout`` with the private key, as the merchant's server does; the new id.

        ``urls`` holds any of ``success_url``, ``pending_url``, ``ko_url``, ``dismiss_url``,
        ``error_url``. The order id must be new for the merchant: a random one by default.
        """
        unknown = set(urls or {}) - set(CHECKOUT_URLS)
        if unknown:
            raise ValueError(f"unknown checkout URLs {sorted(unknown)}; expected some of {CHECKOUT_URLS}")
        body: dict[str, Any] = {
            "merchant": dict(urls or {}),
            "order": {
                "id": order_id or "order-" + secrets.token_hex(6),
                "currency": currency,
                "total_amount": total_amount,
                "articles": [dict(article) for article in articles or ()],
            },
        }
        if product_type is not None:
            body["product"] = {"type": product_type}
        return self.call("POST", "/checkout", body, key=key)["id"]

    def checkout(self, checkout_id: str) -> dict[str, Any]:
        """``GET /checkout/:id``: the checkout with its status and merchant URLs."""
        return self.call("GET", f"/checkout/{_segment(checkout_id)}")

    def decide(self, checkout_id: str, status: str, *, instalments: int | None = None) -> dict[str, Any]:
        """Decide a checkout without a browser (``success``, ``pending`` or ``ko``); an
        instalments checkout takes a term in months (12 when not given)."""
        if status not in DECISIONS:
            raise ValueError(f"a checkout is decided with one of {DECISIONS}, not {status!r}")
        body: dict[str, Any] = {"status": status}
        if instalments is not None:
            body["instalments"] = instalments
        return self.control("POST", f"/_sandbox/checkouts/{_segment(checkout_id)}/decide", body)

    def expire(self, checkout_id: str) -> dict[str, Any]:
        """Make the checkout's 60 minutes run out now: the SDK then closes it with ``error``."""
        return self.control("POST", f"/_sandbox/checkouts/{_segment(checkout_id)}/expire")

    # -- orders -----------------------------------------------------------------------------------------
    def seed_orders(
        self, orders: Mapping[str, Any] | Sequence[Mapping[str, Any]], *, key: str | None = None
    ) -> dict[str, Any] | list[dict[str, Any]]:
        """Create orders directly (one object, or a list); returns what the server created."""
        body = dict(orders) if isinstance(orders, Mapping) else [dict(order) for order in orders]
        return self.control("POST", "/_sandbox/orders", body, key=key or self.keys.private)

    def order(self, order_id: str, *, key: str | None = None) -> dict[str, Any]:
        """One order of the merchant, found through ``GET /orders?id=...``."""
        found = self.call("GET", "/orders?" + urllib.parse.urlencode({"id": order_id}), key=key)
        if not found["results"]:
            raise LookupError(f"no order {order_id!r} for this key")
        return found["results"][0]

    def decide_order(self, order_id: str, status: str, *, key: str | None = None) -> dict[str, Any]:
        """The service's later decision on a pending order: ``confirmed`` (its plan starts on the
        sandbox's day) or ``denied``; returns the order as ``GET /orders`` shows it."""
        path = f"/_sandbox/orders/{_segment(order_id)}/decide"
        return self.control("POST", path, {"status": status}, key=key or self.keys.private)

    # -- the sandbox's clock ---------------------------------------------------------------------
    def clock(self) -> dict[str, Any]:
        """``GET /_sandbox/clock``: the sandbox's ``now`` and ``today``, and ``offset_days``, how
        far ahead of the real clock it runs."""
        return self.control("GET", "/_sandbox/clock")

    def advance(self, *, days: int) -> dict[str, Any]:
        """Move the sandbox's clock ``days`` forward: the payments that fall due meanwhile are
        collected. A reset puts it back. Returns the clock as :meth:`clock` does."""
        return self.control("POST", "/_sandbox/clock", {"advance_days": days})

    # -- faults, maintenance, limits -------------------------------------------------------------
    def fault(
        self,
        method: str | None = None,
        path: str | None = None,
        *,
        times: int = 1,
        status: int | None = None,
        delay_ms: int | None = None,
        drop: bool = False,
        any_version: bool = False,
    ) -> dict[str, Any]:
        """The next ``times`` requests matching ``method`` and ``path`` (a glob) get ``status``,
        wait ``delay_ms`` (until then, or until :meth:`clear_faults`), or lose their connection."""
        match: dict[str, Any] = {"any_version": any_version}
        if method is not None:
            match["method"] = method
        if path is not None:
            match["path"] = path
        body: dict[str, Any] = {"match": match, "times": times}
        if status is not None:
            body["status"] = status
        if delay_ms is not None:
            body["delay_ms"] = delay_ms
        if drop:
            body["drop"] = True
        return self.control("POST", "/_sandbox/faults", body)["fault"]

    def faults(self) -> list[dict[str, Any]]:
        """The faults still waiting for a request."""
        return self.control("GET", "/_sandbox/faults")["faults"]

    def clear_faults(self) -> None:
        """Forget every fault, and release the requests a delay is holding."""
        self.control("DELETE", "/_sandbox/faults")

    def maintenance(self, enabled: bool = True, *, retry_after: int | None = None) -> dict[str, Any]:
        """Every API request answers 503 (with ``Retry-After``) until called with False."""
        body: dict[str, Any] = {"enabled": enabled}
        if retry_after is not None:
            body["retry_after"] = retry_after
        return self.control("POST", "/_sandbox/maintenance", body)

    def limit_concurrency(self, concurrency: int) -> dict[str, Any]:
        """Requests one key may have in flight before 429, until the next reset."""
        return self.control("POST", "/_sandbox/limits", {"concurrency": concurrency})

    # -- the request journal ---------------------------------------------------------------------
    def requests(
        self,
        *,
        method: str | None = None,
        path: str | None = None,
        any_version: bool = False,
        since: int | None = None,
    ) -> list[dict[str, Any]]:
        """What reached the server, oldest first (controls excluded), optionally filtered."""
        query = {"method": method, "path": path, "since": since}
        query["any_version"] = "true" if any_version else None
        found: list[dict[str, Any]] = []
        while True:  # the server answers a page at a time
            wanted = urllib.parse.urlencode(
                {name: value for name, value in query.items() if value is not None}
            )
            page = self.control("GET", "/_sandbox/requests" + (f"?{wanted}" if wanted else ""))
            found.extend(page["requests"])
            if page.get("next_since") is None:
                return found
            query["since"] = page["next_since"]

    def last_request_seq(self) -> int:
        """The journal's latest sequence number: pass it as ``since`` to see only what follows."""
        # A ``since`` past any sequence number selects no entry: only the number travels.
        return self.control("GET", f"/_sandbox/requests?since={_BEYOND_ANY_SEQ}")["last_seq"]

    def clear_requests(self) -> None:
        """Empty the journal (sequence numbers go on)."""
        self.control("DELETE", "/_sandbox/requests")


def _segment(value: str) -> str:
    """An id as one path segment: a stray ``/`` or ``?`` cannot reach another endpoint."""
    return urllib.parse.quote(value, safe="")
