"""What a result page tells the shopper, decided by the service's answer and never by the URL.

The browser arrives at ``/checkout/result/<reported>?order=...``: ``reported`` is what the SDK
reported (or what anyone typed). The store's server then asks the service for the checkout it
started for that order (``GET /checkout/:id`` with the private key) and the page says what the
service says. A URL that claims more than the service confirms gets the "not confirmed" page; an
order the store started no checkout for gets the "unknown" page.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Outcome", "OUTCOMES", "REPORTED", "outcome_for", "SERVICE_STATUS_WORDS"]

# What the SDK may report: the five statuses of the contract.
REPORTED = ("success", "pending", "ko", "dismiss", "error")


@dataclass(frozen=True, slots=True)
class Outcome:
    """A result page: its words, its colour, and what the service has for the order."""

    key: str
    title: str
    message: str
    tone: str  # "good", "wait", "bad" or "neutral"
    placed: bool  # the service has the order as confirmed or pending: the cart is emptied
    order_made: bool  # the service made an order (it does once the checkout is decided)
    status: int = 200


OUTCOMES: dict[str, Outcome] = {
    "success": Outcome(
        "success",
        "Thank you, your order is confirmed",
        "Your payment was approved. We are preparing your order and will email you when it ships.",
        "good",
        placed=True,
        order_made=True,
    ),
    "pending": Outcome(
        "pending",
        "Your order is placed, payment pending",
        "Your payment is still being confirmed. We will email you as soon as it is approved;"
        " you do not need to do anything.",
        "wait",
        placed=True,
        order_made=True,
    ),
    "ko": Outcome(
        "ko",
        "Your payment was declined",
        "This payment could not be approved and nothing was charged. Your cart is still here: you"
        " can choose another way to pay.",
        "bad",
        placed=False,
        order_made=True,
    ),
    "dismiss": Outcome(
        "dismiss",
        "You left the payment",
        "No payment was made and your cart is still here whenever you are ready.",
        "neutral",
        placed=False,
        order_made=False,
    ),
    "error": Outcome(
        "error",
        "The payment page could not be opened",
        "Something went wrong while loading the payment page (it may have expired). Nothing was"
        " charged; please try again.",
        "bad",
        placed=False,
        order_made=False,
    ),
    "unconfirmed": Outcome(
        "unconfirmed",
        "We could not confirm your payment",
        "We have no confirmation of this payment yet, so we are not treating the order as paid."
        " Nothing more will be charged from this page. If you completed the payment, we will email"
        " you as soon as it is confirmed.",
        "wait",
        placed=False,
        order_made=False,
    ),
    "unknown": Outcome(
        "unknown",
        "We could not find this payment",
        "This page does not match a payment made from this browser. If you paid, your confirmation"
        " email has the details of your order.",
        "neutral",
        placed=False,
        order_made=False,
        status=404,
    ),
}

# The service's checkout status in words, for the presenter's notes.
SERVICE_STATUS_WORDS = {
    "created": "not decided",
    "success": "approved",
    "pending": "pending",
    "ko": "declined",
    "expired": "expired",
}
_DECIDED = {"success": "success", "pending": "pending", "ko": "ko", "expired": "error"}


def outcome_for(reported: str, service_status: str | None) -> Outcome:
    """The page for what the browser ``reported`` and what the service answered
    (``service_status``: None when there is no checkout to ask about, ``"unreachable"`` when the
    service did not answer)."""
    if service_status is None:
        return OUTCOMES["unknown"]
    if service_status in _DECIDED:
        # Decided (or expired) at the service: that is the outcome, whatever the URL says.
        return OUTCOMES[_DECIDED[service_status]]
    if service_status == "created" and reported in ("dismiss", "error"):
        # Undecided: the shopper left, or the page did not load. Nothing to confirm.
        return OUTCOMES[reported]
    return OUTCOMES["unconfirmed"]
