"""The shopper's cart: quantities per product, and the checkout it last started.

The cart is kept in a signed cookie (see :mod:`.signed_cookies`). Prices are never stored in it:
they are read from the catalogue each time, so totals are always computed on the server.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from aiohttp import web

from .catalogue import Product, find_product
from .signed_cookies import CookieSigner

__all__ = ["Cart", "CartLine", "MAX_QUANTITY", "load_cart", "save_cart"]

COOKIE = "cart"
MAX_QUANTITY = 20  # per line: enough to cross every limit of the catalogue, small enough to read
MAX_LINES = 50


@dataclass(frozen=True, slots=True)
class CartLine:
    product: Product
    quantity: int

    @property
    def subtotal(self) -> int:
        return self.product.price * self.quantity


@dataclass
class Cart:
    """Quantities by product slug, in the order they were added; the last checkout started from
    this cart, so its result page can ask the service what really happened."""

    quantities: dict[str, int] = field(default_factory=dict)
    checkout_id: str | None = None
    order_id: str | None = None

    @property
    def lines(self) -> list[CartLine]:
        found = ((find_product(slug), quantity) for slug, quantity in self.quantities.items())
        return [CartLine(product, quantity) for product, quantity in found if product is not None]

    @property
    def total(self) -> int:
        return sum(line.subtotal for line in self.lines)

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

    def clear(self) -> None:
        self.quantities.clear()
        self.checkout_id = self.order_id = None


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
    checkout_id, order_id = data.get("c"), data.get("o")
    return Cart(
        quantities,
        checkout_id if isinstance(checkout_id, str) else None,
        order_id if isinstance(order_id, str) else None,
    )


def save_cart(response: web.StreamResponse, signer: CookieSigner, cart: Cart) -> None:
    signer.write(response, COOKIE, {"q": cart.quantities, "c": cart.checkout_id, "o": cart.order_id})
