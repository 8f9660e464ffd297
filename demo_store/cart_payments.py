"""One payment per cart on the store's side: the checkouts started for each cart, kept by the
store's server under the cart's id, with one lock per cart.

The cart lives in a cookie that every answer rewrites (read, modify, write). Two tabs pressing
Pay at the same moment send the same cookie, neither holding the other's checkout, and both
started one: two checkouts for one cart, both payable. Pay now takes the cart's lock and reads
the checkouts started for it here, so the second request finds the first one's checkout (and
:mod:`.one_payment` decides what to do with it). The record is in the store process's memory,
bounded: a restart forgets it, and the cookie still has each browser's own attempts.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

__all__ = ["CartPayments"]

MAX_CARTS = 10_000  # carts remembered; the oldest is forgotten past this
MAX_ATTEMPTS = 5  # per cart, as the cookie keeps


class CartPayments:
    """The checkouts started per cart id, newest last, and a lock per cart."""

    def __init__(self, max_carts: int = MAX_CARTS) -> None:
        self._carts: OrderedDict[str, tuple[asyncio.Lock, list[tuple[str, str]]]] = OrderedDict()
        self._max = max_carts

    def _entry(self, cart_id: str) -> tuple[asyncio.Lock, list[tuple[str, str]]]:
        entry = self._carts.get(cart_id)
        if entry is None:
            entry = self._carts[cart_id] = (asyncio.Lock(), [])
            while len(self._carts) > self._max:
                oldest = next(iter(self._carts))
                if self._carts[oldest][0].locked():
                    break  # in use right now: forgotten on a later call
                del self._carts[oldest]
        self._carts.move_to_end(cart_id)
        return entry

    def lock(self, cart_id: str) -> asyncio.Lock:
        """Held while a Pay request of this cart decides and starts its checkout."""
        return self._entry(cart_id)[0]

    def started(self, cart_id: str) -> list[tuple[str, str]]:
        """``(order id, checkout id)`` of the checkouts started for the cart, newest first."""
        return self._entry(cart_id)[1][::-1]

    def record(self, cart_id: str, order_id: str, checkout_id: str) -> None:
        attempts = self._entry(cart_id)[1]
        attempts.append((order_id, checkout_id))
        del attempts[:-MAX_ATTEMPTS]
