"""The shopper's cart: quantities per product, and the checkouts started from it.

The cart is kept in a signed cookie (see :mod:`.signed_cookies`). Prices are never stored in it:
they are read from the catalogue each time, so totals are always computed on the server.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field

from aiohttp import web

from .catalogue import Product, find_product
from .signed_cookies import CookieSigner

__all__ = ["Cart", "CartLine", "MAX_QUANTITY", "load_cart", "save_cart"]

COOKIE = "cart"
MAX_QUANTITY = 20  # per line: enough to cross every limit of the catalogue, small enough to read
MAX_LINES = 50
MAX_CHECKOUTS = 5  # the last few payment attempts: enough for a shopper with two tabs open


@dataclass(frozen=True, slots=True)
class CartLine:
    product: Product
    quantity: int

    @property
    def subtotal(self) -> int:
        return self.product.price * self.quantity


@dataclass
class Cart:
    """Quantities by product slug, in the order they were added; and the checkouts started from
    this browser (order id -> checkout id, and whether its order already emptied the cart), so a
    result page asks the service about an order only if this browser started paying for it."""

    quantities: dict[str, int] = field(default_factory=dict)
    checkouts: dict[str, tuple[str, bool]] = field(default_factory=dict)
    # This cart's name on the store's server (see .cart_payments): two tabs share it.
    id: str = field(default_factory=lambda: secrets.token_urlsafe(12))

    @property
    def lines(self) -> list[CartLine]:
        found = ((find_product(slug), quantity) for slug, quantity in self.quantities.items())
        return [CartLine(product, quantity) for product, quantity in found if product is not None]

    @property
    def total(self) -> int:
        return sum(line.subtotal for line in self.lines)

    @property
    def fingerprint(self) -> str:
        """What the cart holds, in a few characters: a page that shows the cart sends it back
        with Pay, so a cart changed since (in another tab) is not paid for unseen."""
        lines = sorted((line.product.slug, line.quantity, line.product.price) for line in self.lines)
        return hashlib.sha256(json.dumps(lines).encode()).hexdigest()[:16]

    @property
    def count(self) -> int:
        """How many articles, for the header's badge."""
        return sum(line.quantity for line in self.lines)

    def add(self, slug: str, quantity: int = 1) -> None:
        self.set(slug, self.quantities.get(slug, 0) + quantity)

    def set(self, slug: str, quantity: int) -> None:
        """Set a line's quantity (clamped to 0–MAX_QUANTITY); 0 removes the line."""
        if find_product(slug) is None:
            return
        quantity = max(0, min(MAX_QUANTITY, quantity))
        if quantity == 0:
            self.quantities.pop(slug, None)
        elif slug in self.quantities or len(self.quantities) < MAX_LINES:
            self.quantities[slug] = quantity

    def started(self, order_id: str, checkout_id: str) -> None:
        """Remember a checkout started for ``order_id`` (the oldest is forgotten past a few)."""
        self.checkouts[order_id] = (checkout_id, False)
        while len(self.checkouts) > MAX_CHECKOUTS:
            self.checkouts.pop(next(iter(self.checkouts)))

    def live_checkouts(self) -> list[tuple[str, str]]:
        """``(order id, checkout id)`` of the attempts whose order has not emptied the cart yet,
        newest first: one of them may be open in another tab, or already paid there."""
        return [(order, found[0]) for order, found in reversed(self.checkouts.items()) if not found[1]]

    @property
    def last_placed(self) -> tuple[str, str] | None:
        """``(order id, checkout id)`` of the newest order that emptied this cart, or None."""
        placed = [(order, found[0]) for order, found in self.checkouts.items() if found[1]]
        return placed[-1] if placed else None

    def checkout_for(self, order_id: str) -> str | None:
        """The checkout this browser started for the order, or None."""
        found = self.checkouts.get(order_id)
        return found[0] if found else None

    def placed(self, order_id: str) -> bool:
        """The service has the order: empty the cart the first time only (reloading the page of
        an earlier order must not empty a new cart). True when it emptied it. What is put in it
        next is a new purchase: the cart takes a new name, under which the store's server has
        started no payment yet (:mod:`.cart_payments`)."""
        checkout_id, emptied = self.checkouts.get(order_id, ("", True))
        if emptied:
            return False
        self.quantities.clear()
        self.checkouts[order_id] = (checkout_id, True)
        self.id = secrets.token_urlsafe(12)
        return True


def load_cart(request: web.Request, signer: CookieSigner) -> Cart:
    """The request's cart; an absent or tampered cookie gives an empty cart."""
    data = signer.read(request, COOKIE)
    if not isinstance(data, dict):
        return Cart()
    raw = data.get("q")
    quantities = {
        slug: quantity
        for slug, quantity in (raw.items() if isinstance(raw, dict) else ())
        if isinstance(slug, str) and isinstance(quantity, int) and quantity > 0
    }
    started = data.get("k")
    checkouts = {
        order_id: (entry[0], bool(entry[1]))
        for order_id, entry in (started.items() if isinstance(started, dict) else ())
        if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)
    }
    cart_id = data.get("i")
    if isinstance(cart_id, str) and 8 <= len(cart_id) <= 64:
        return Cart(quantities, checkouts, cart_id)
    return Cart(quantities, checkouts)


def save_cart(response: web.StreamResponse, signer: CookieSigner, cart: Cart) -> None:
    signer.write(response, COOKIE, {"q": cart.quantities, "k": cart.checkouts, "i": cart.id})
