"""Starting a checkout: the order the store sends to ``POST /checkout``, and where the shopper
lands afterwards.

The store always gives the service its five result URLs. On the checkout page the shopper's
browser may also pass callbacks to ``service.checkout``; a callback, when defined, wins over its
URL (CONTRACT 3). Each URL carries ``via=url`` and each callback goes to the same page with
``via=callback``, so the result page can say which of the two brought the shopper there.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import urlencode

from .cart import Cart

__all__ = [
    "RESULTS",
    "Result",
    "VIA",
    "new_order_id",
    "order_name",
    "result_path",
    "checkout_request",
    "SERVICE_STATUS_WORDS",
]

VIA = ("callback", "url")
_ID_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud on the phone
MAX_NAME = 200


@dataclass(frozen=True, slots=True)
class Result:
    """A result page: its words, and whether the order was placed (then the cart is emptied)."""

    title: str
    message: str
    placed: bool
    tone: str  # "good", "wait", "bad" or "neutral": the page's colour
    callback: str  # the SDK callback that leads here


RESULTS: dict[str, Result] = {
    "success": Result(
        "Thank you, your order is confirmed",
        "Your payment was approved. We are preparing your order and will email you when it ships.",
        True,
        "good",
        "onSuccess",
    ),
    "pending": Result(
        "Your order is placed, payment pending",
        "The service is still confirming your payment. We will email you as soon as it is approved;"
        " you do not need to do anything.",
        True,
        "wait",
        "onPending",
    ),
    "ko": Result(
        "Your payment was declined",
        "The service could not approve this payment. Your cart is still here: you can choose"
        " another payment method.",
        False,
        "bad",
        "onKO",
    ),
    "dismiss": Result(
        "You left the checkout",
        "No payment was made and your cart is still here whenever you are ready.",
        False,
        "neutral",
        "onDismiss",
    ),
    "error": Result(
        "The checkout could not be opened",
        "Something went wrong while loading the payment page (it may have expired). Nothing was"
        " charged; please try again.",
        False,
        "bad",
        "onError",
    ),
}

# What the service's checkout status means, for the "the service reports" line of a result page.
SERVICE_STATUS_WORDS = {
    "created": "not completed",
    "success": "approved",
    "pending": "pending",
    "ko": "declined",
    "expired": "expired",
}


def new_order_id(now: datetime | None = None) -> str:
    """A fresh order number such as ``DS-261123-7KQ4MZ``: the service refuses a reused one, and
    every attempt to pay is a new checkout."""
    day = (now or datetime.now(UTC)).strftime("%y%m%d")
    return f"DS-{day}-" + "".join(secrets.choice(_ID_ALPHABET) for _ in range(6))


def order_name(cart: Cart) -> str:
    """How the order reads in the back office: ``2 × Brass desk lamp, 1 × Linen napkins, set of 4``."""
    name = ", ".join(f"{line.quantity} × {line.product.name}" for line in cart.lines)
    return name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"


def result_path(status: str, order_id: str, via: str) -> str:
    """The store's result page for a checkout status, e.g. ``/checkout/result/success?order=..``."""
    return f"/checkout/result/{status}?" + urlencode({"order": order_id, "via": via})


def checkout_request(
    cart: Cart, product_type: str, order_id: str, origin: str, currency: str = "EUR"
) -> dict:
    """The body of ``POST /checkout`` for the cart; ``origin`` is the store's own
    (``http://localhost:8000``): the service needs absolute URLs."""
    return {
        "merchant": {f"{status}_url": origin + result_path(status, order_id, "url") for status in RESULTS},
        "order": {
            "id": order_id,
            "name": order_name(cart),
            "currency": currency,
            "total_amount": cart.total,
            "articles": [
                {"name": line.product.name, "quantity": line.quantity, "unit_price": line.product.price}
                for line in cart.lines
            ],
        },
        "product": {"type": product_type},
    }
