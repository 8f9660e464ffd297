"""The store's settings, and the keys under which the app keeps what it shares between requests."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from aiohttp import web

from .cart_payments import CartPayments
from .service_client import ServiceClient
from .signed_cookies import CookieSigner

__all__ = [
    "StoreConfig",
    "CONFIG",
    "SERVICE",
    "SIGNER",
    "PAYMENTS",
    "DEFAULT_SERVICE_URL",
    "DEFAULT_PUBLIC_URL",
    "origin_of",
]

DEFAULT_SERVICE_URL = "http://127.0.0.1:8400"
DEFAULT_PUBLIC_URL = "http://localhost:8000"


def origin_of(url: str, what: str) -> str:
    """``scheme://host:port`` of an absolute http(s) URL; ValueError naming ``what`` otherwise."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or "@" in parts.netloc:
        raise ValueError(f"{what} must be an absolute http(s) URL, got {url!r}")
    return f"{parts.scheme}://{parts.netloc.lower()}"


@dataclass(frozen=True)
class StoreConfig:
    """Everything one store instance needs; tests build their own."""

    service_url: str = DEFAULT_SERVICE_URL
    # Where shoppers reach the store: result URLs given to the service are built from it, never
    # from a request's Host header (which anyone can set), and the store answers under it only.
    public_url: str = DEFAULT_PUBLIC_URL
    public_key: str = "pk_test_demo"
    # repr=False: a config printed in a log or a traceback must not show secrets.
    private_key: str = field(default="sk_test_demo", repr=False)
    sandbox: bool = True
    # Signs the cart cookie. A fresh one per start unless configured: carts then empty on restart.
    cookie_secret: bytes = field(default_factory=lambda: secrets.token_bytes(32), repr=False)
    currency: str = "EUR"
    # The back office's password (HTTP Basic); None: no password, which only loopback allows
    # (demo_store.access).
    backoffice_password: str | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        origin_of(self.service_url, "the service URL")
        if origin_of(self.public_url, "the store's public URL") != self.public_url.rstrip("/").lower():
            raise ValueError(f"the store's public URL is an origin without a path, got {self.public_url!r}")
        if self.public_key.startswith("sk_"):
            raise ValueError("the public key looks like a private key (sk_...): it would be sent to browsers")
        if not self.private_key:
            raise ValueError("a private key is needed to create checkouts and read orders")

    @property
    def service_origin(self) -> str:
        """``scheme://host:port`` of the service: what the page's CSP must allow."""
        return origin_of(self.service_url, "the service URL")

    @property
    def public_origin(self) -> str:
        """``scheme://host:port`` of the store, as browsers send it in ``Origin``."""
        return origin_of(self.public_url, "the store's public URL")

    def serves(self, host: str) -> bool:
        """Whether a request's ``Host`` header names the store's public URL (``localhost:8000``;
        the scheme's default port may be written or not)."""
        parts = urlsplit(self.public_origin)
        default = ":443" if parts.scheme == "https" else ":80"
        return host.lower().removesuffix(default) == parts.netloc.removesuffix(default)

    @property
    def sdk_url(self) -> str:
        """The script URL of the README's quick start."""
        sandbox = "true" if self.sandbox else "false"
        return f"{self.service_url.rstrip('/')}/sdk.js?public-key={self.public_key}&sandbox={sandbox}"


CONFIG = web.AppKey("config", StoreConfig)
SERVICE = web.AppKey("service", ServiceClient)
SIGNER = web.AppKey("signer", CookieSigner)
PAYMENTS = web.AppKey("payments", CartPayments)
