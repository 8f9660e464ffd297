"""The merchant site of the cross-engine tests: the end-to-end suite's, with the probe first.

Every page starts with ``static/probe.js`` (a file of the merchant's origin, so strict CSP pages
run it too): what WebDriver classic cannot see, the console and uncaught errors, it records.
"""

from __future__ import annotations

from pathlib import Path

from backend_stub.testkit.merchant_site import MerchantSite

__all__ = ["ProbedSite"]

STATIC = Path(__file__).resolve().parent / "static"
PROBE_TAG = '<script src="/engines/probe.js"></script>'


class ProbedSite(MerchantSite):
    """A ``MerchantSite`` whose every page loads the probe before any other script."""

    def __init__(self, service_url: str) -> None:
        super().__init__(service_url, static={"/engines/": STATIC})

    def page(self, body: str, *, head: str = "", nonce: str | None = None, **options: object) -> str:
        """As ``MerchantSite.page``, the probe first in the head (with ``nonce``, for a page whose
        policy allows scripts by nonce only)."""
        probe = PROBE_TAG.replace("<script ", f'<script nonce="{nonce}" ') if nonce else PROBE_TAG
        return super().page(body, head=probe + head, **options)
