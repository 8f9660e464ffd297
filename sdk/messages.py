"""What the SDK tells a merchant, in words: every console line a merchant's mistake can cause,
and the reasons ``onError`` and ``onClose`` receive.

One module for the wording, so that docs/sdk.md's table and the SDK say the same thing, and so
that no message names a Python value (``None``, ``True``): a merchant writes JavaScript.
"""

PREFIX = "service: "

# The reasons a checkout closes with ``error``: ``{"code": CODE, "message": words}`` is what
# ``onError(reason)`` and ``onClose('error', reason)`` receive.
INVALID_ID = "invalid_id"
UNKNOWN_KEY = "unknown_key"
UNKNOWN_CHECKOUT = "unknown_checkout"
EXPIRED = "expired"
ALREADY_DECIDED = "already_decided"
SERVICE_UNAVAILABLE = "service_unavailable"
TIMEOUT = "timeout"
HOSTED_PAGE_ERROR = "hosted_page_error"
REASON_CODES = (
    INVALID_ID,
    UNKNOWN_KEY,
    UNKNOWN_CHECKOUT,
    EXPIRED,
    ALREADY_DECIDED,
    SERVICE_UNAVAILABLE,
    TIMEOUT,
    HOSTED_PAGE_ERROR,
)


def described(value: object) -> str:
    """A value the page passed, as a JavaScript developer would name it."""
    if value is None:
        return "nothing (null or undefined)"
    if value is True or value is False:
        return "the boolean " + ("true" if value else "false")
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return "an empty string" if value == "" else f"'{value}'"
    if isinstance(value, list):
        return "an array"
    return "an object"


def unknown_key(public_key: str, service: str) -> str:
    """The service answered 401 to the public key: said once per page. The words fit every page,
    one with buttons (an availability check answered) or without (a checkout's read answered)."""
    return (
        f"{PREFIX}public key '{public_key}' is not known to {service}, so the SDK shows no payment"
        " button and opens no checkout. Use the public key (pk_...) your account has on this service"
        " (the sandbox's Demo Shop: pk_test_demo)."
    )


def invalid_id(value: object) -> str:
    return (
        f'{PREFIX}checkout() needs the id the service gave the checkout (the "id" of POST /checkout\'s'
        f" answer), got {described(value)}."
    )


def checkout_not_loaded(checkout_id: str, answer: int, public_key: str, service: str) -> tuple:
    """``(code, message)`` for a ``GET /checkout/:id`` that gave no checkout (0: no answer)."""
    if answer == 401:
        return UNKNOWN_KEY, unknown_key(public_key, service)
    if answer == 404:
        return UNKNOWN_CHECKOUT, (
            f"{PREFIX}checkout {checkout_id} cannot be opened: {service} has no such checkout for"
            f" public key '{public_key}' (made with another merchant's private key, or on another server?)."
        )
    if answer == 0:
        return (
            SERVICE_UNAVAILABLE,
            f"{PREFIX}checkout {checkout_id} cannot be opened: {service} is unreachable.",
        )
    return SERVICE_UNAVAILABLE, (
        f"{PREFIX}checkout {checkout_id} cannot be opened: {service} answered {answer}; try again later."
    )


def checkout_closed(checkout_id: str, status: str) -> tuple:
    """``(code, message)`` for a checkout that exists but can no longer be opened."""
    if status == "expired":
        return EXPIRED, (
            f"{PREFIX}checkout {checkout_id} cannot be opened: it has expired (a checkout lasts 60 minutes);"
            " create a new one."
        )
    return ALREADY_DECIDED, (
        f"{PREFIX}checkout {checkout_id} cannot be opened: it was already decided ({status}); create a new"
        " one for another payment."
    )


def timed_out(checkout_id: str, timeout_ms: int) -> str:
    seconds = timeout_ms / 1000
    shown = str(int(seconds)) if seconds == int(seconds) else str(seconds)
    return (
        f"{PREFIX}checkout {checkout_id} closed with error: the hosted checkout did not load within"
        f" {shown} s (the checkout_timeout setting)."
    )


def hosted_page_error(checkout_id: str) -> str:
    return f"{PREFIX}checkout {checkout_id} closed with error: the hosted checkout reported an error."


def reason(code: str, message: str) -> dict:
    """The extra argument of ``onError`` and ``onClose`` when a checkout closes with ``error``."""
    return {"code": code, "message": message}
