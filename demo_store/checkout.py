"""Starting a checkout: the order the store sends to ``POST /checkout``, and where the shopper
lands afterwards.

The store always gives the service its five result URLs, built from the store's configured
public URL. On the checkout page the shopper's browser may also pass callbacks to
``service.checkout``; a callback, when defined, wins over its URL (CONTRACT 3). Each URL carries
``via=url`` and each callback goes to the same page with ``via=callback``, so the presenter's
notes can say which of the two brought the shopper there. What the page then says is the
service's answer (:mod:`.outcomes`), not the URL's.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode

from .cart import Cart
from .outcomes import REPORTED

__all__ = [
    "VIA",
    "CALLBACKS",
    "new_order_id",
    "ORDER_PREFIX",
    "order_name",
    "result_path",
    "cart_articles",
    "checkout_request",
]

VIA = ("callback", "url")
# The SDK callback for each reported status (CONTRACT 3): onSuccess, onPending, onKO...
CALLBACKS = {status: "on" + ("KO" if status == "ko" else status.title()) for status in REPORTED}
_ID_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud on the phone
MAX_NAME = 200
# The store's order numbers start with this: the back office lists those, not the sample orders
# the service's fixture gives every sandbox merchant.
ORDER_PREFIX = "DS-"


def new_order_id(now: datetime | None = None) -> str:
    """A fresh order number such as ``DS-261123-7KQ4MZ``: the service refuses a reused one, and
    every attempt to pay is a new checkout."""
    day = (now or datetime.now(UTC)).strftime("%y%m%d")
    return f"{ORDER_PREFIX}{day}-" + "".join(secrets.choice(_ID_ALPHABET) for _ in range(6))


def order_name(cart: Cart) -> str:
    """How the order reads in the back office: ``2 × Brass desk lamp, 1 × Linen napkins, set of 4``."""
    name = ", ".join(f"{line.quantity} × {line.product.name}" for line in cart.lines)
    return name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"


def result_path(status: str, order_id: str, via: str) -> str:
    """The store's result page for a checkout status, e.g. ``/checkout/result/success?order=..``."""
    return f"/checkout/result/{status}?" + urlencode({"order": order_id, "via": via})


def cart_articles(cart: Cart) -> list[dict[str, object]]:
    """The cart's lines as the ``articles`` of ``POST /checkout`` (and as the service shows them)."""
    return [
        {"name": line.product.name, "quantity": line.quantity, "unit_price": line.product.price}
        for line in cart.lines
    ]


def checkout_request(
    cart: Cart, product_type: str, order_id: str, origin: str, currency: str = "EUR"
) -> dict[str, Any]:
    """The body of ``POST /checkout`` for the cart; ``origin`` is the store's own
    (``http://localhost:8000``): the service needs absolute URLs."""
    return {
        "merchant": {f"{status}_url": origin + result_path(status, order_id, "url") for status in REPORTED},
        "order": {
            "id": order_id,
            "name": order_name(cart),
            "currency": currency,
            "total_amount": cart.total,
            "articles": cart_articles(cart),
        },
        "product": {"type": product_type},
    }
