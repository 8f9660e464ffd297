"""One cart, one payment: what Pay does when this cart already has a payment under way.

A shopper may open the checkout in two tabs, or come back to it with the browser's Back button
after paying. Each Pay would start a new checkout and, once approved, a second order for the
same articles. Before starting one the store asks the service about the cart's earlier attempts
(``GET /checkout/:id``) and this rule decides:

- an attempt the service has as approved or pending, for the same articles and amount: the cart
  is paid, Pay says so and links to that order (a new checkout would charge the shopper twice);
- an undecided attempt for the same articles, amount and payment method: Pay opens that one
  again, so two tabs share one checkout, which the service lets decide only once;
- otherwise (declined, expired, another method, other articles): a new checkout.

A payment is bound to what it paid for: a cart that holds other articles than a paid attempt is
another purchase. Once a payment empties the cart, the cart is a new one (:meth:`.cart.Cart.placed`
gives it a new name), so the shop sells any number of times in one browser; an empty cart's
attempts are the orders that emptied it, and any of them paid says "this cart is paid" to a tab
left open on the old cart.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

__all__ = ["Attempt", "PAID", "REUSE", "earlier_attempt"]

PAID, REUSE = "paid", "reuse"
_PAID_STATUSES = ("success", "pending")


@dataclass(frozen=True, slots=True)
class Attempt:
    """What to do with an earlier attempt: ``paid`` (say so) or ``reuse`` (open it again)."""

    action: str
    order_id: str
    checkout_id: str
    status: str  # the service's status of that checkout


def _same_purchase(checkout: dict[str, Any], articles: list[dict[str, Any]]) -> bool:
    """Whether the checkout was for these articles, at these prices, for their amount."""
    order = checkout.get("order", {})
    total = sum(int(line["quantity"]) * int(line["unit_price"]) for line in articles)
    return order.get("articles") == articles and order.get("total_amount") == total


def earlier_attempt(
    attempts: Iterable[tuple[str, dict[str, Any]]],
    product_type: str,
    articles: list[dict[str, Any]] | None,
) -> Attempt | None:
    """The attempt Pay must honour, from ``(order id, the service's checkout)`` pairs newest
    first; ``articles`` are what a new checkout would carry (None: the cart is empty, and the
    attempts are the orders that emptied it). A paid attempt wins over a live one."""
    reusable: Attempt | None = None
    for order_id, checkout in attempts:
        status = str(checkout.get("status"))
        same = articles is None or _same_purchase(checkout, articles)
        if status in _PAID_STATUSES and same:
            return Attempt(PAID, order_id, str(checkout["id"]), status)
        same = same and checkout.get("product", {}).get("type") == product_type
        if reusable is None and status == "created" and same:
            reusable = Attempt(REUSE, order_id, str(checkout["id"]), status)
    return reusable
