"""The store's settings, and the keys under which the app keeps what it shares between requests."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from aiohttp import web

from .service_client import ServiceClient
from .signed_cookies import CookieSigner

__all__ = ["StoreConfig", "CONFIG", "SERVICE", "SIGNER", "DEFAULT_SERVICE_URL"]

DEFAULT_SERVICE_URL = "http://127.0.0.1:8400"


@dataclass(frozen=True)
class StoreConfig:
    """Everything one store instance needs; tests build their own."""

    service_url: str = DEFAULT_SERVICE_URL
    public_key: str = "pk_test_demo"
    # repr=False: a config printed in a log or a traceback must not show secrets.
    private_key: str = field(default="sk_test_demo", repr=False)
    sandbox: bool = True
    # Signs the cart cookie. A fresh one per start unless configured: carts then empty on restart.
    cookie_secret: bytes = field(default_factory=lambda: secrets.token_bytes(32), repr=False)
    currency: str = "EUR"

    def __post_init__(self) -> None:
        parts = urlsplit(self.service_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(f"service URL must be an absolute http(s) URL, got {self.service_url!r}")
        if self.public_key.startswith("sk_"):
            raise ValueError("the public key looks like a private key (sk_...): it would be sent to browsers")
        if not self.private_key:
            raise ValueError("a private key is needed to create checkouts and read orders")

    @property
    def service_origin(self) -> str:
        """``scheme://host:port`` of the service: what the page's CSP must allow."""
        parts = urlsplit(self.service_url)
        return f"{parts.scheme}://{parts.netloc}"

    @property
    def sdk_url(self) -> str:
        """The script URL of the README's quick start."""
        sandbox = "true" if self.sandbox else "false"
        return f"{self.service_url.rstrip('/')}/sdk.js?public-key={self.public_key}&sandbox={sandbox}"


CONFIG = web.AppKey("config", StoreConfig)
SERVICE = web.AppKey("service", ServiceClient)
SIGNER = web.AppKey("signer", CookieSigner)
