"""The service's errors in plain words for the people using the store.

The API's own message is always kept (it is the most precise thing we have, and merchants
copying this store should see what their integration will receive); the sentence around it says
what it means for the person in front of the screen.
"""

from __future__ import annotations

import re

from .money import format_money
from .service_client import ServiceError, ServiceUnreachable

__all__ = ["explain", "api_detail", "in_store_money"]

# The service writes money as "2,400.00 EUR", and a range as "10.00 to 800.00 EUR".
_AMOUNT = r"(\d{1,3}(?:,\d{3})*\.\d{2})"
_SERVICE_RANGE = re.compile(rf"{_AMOUNT} to {_AMOUNT} ([A-Z]{{3}})\b")
_SERVICE_MONEY = re.compile(rf"{_AMOUNT} ([A-Z]{{3}})\b")

_BY_STATUS = {
    401: "The service did not accept the store's private key (see --private-key, DEMO_STORE_PRIVATE_KEY).",
    403: "The store's key is not allowed to do this.",
    404: "The service does not know this {thing}.",
    409: "The service refused the {action}: {message}",
    429: "The service is busy right now. Please try again in a moment.",
    503: "The service is down for maintenance. Please try again in a moment.",
}


def api_detail(error: ServiceError) -> list[str]:
    """The API's field messages (``"amount: Exceeds the order's refundable amount (500)."``)."""
    return [f"{name}: {text}" for name, texts in error.fields.items() for text in texts]


def _cents(text: str) -> int:
    return int(text.replace(",", "").replace(".", ""))


def in_store_money(text: str) -> str:
    """The service's words with its money written as the store writes it: "covers 10.00 to
    800.00 EUR; 2,400.00 EUR is outside" → "covers €10.00 to €800.00; €2,400.00 is outside"."""
    text = _SERVICE_RANGE.sub(
        lambda m: f"{format_money(_cents(m[1]), m[3])} to {format_money(_cents(m[2]), m[3])}", text
    )
    return _SERVICE_MONEY.sub(lambda m: format_money(_cents(m[1]), m[2]), text)


def explain(error: ServiceError | ServiceUnreachable, action: str, thing: str = "order") -> str:
    """One sentence: what went wrong with ``action`` ("refund", "capture"...), the API's words
    included."""
    if isinstance(error, ServiceUnreachable):
        return f"The store could not reach the service at {error.url}, so the {action} was not made."
    if error.status == 400 and error.fields:
        messages = " ".join(text for texts in error.fields.values() for text in texts)
        return f"The service refused the {action}: {in_store_money(messages)}"
    template = _BY_STATUS.get(error.status)
    if template:
        return template.format(action=action, thing=thing, message=in_store_money(error.message))
    return f"The service could not make the {action}: {in_store_money(error.message)}"
