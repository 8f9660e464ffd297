"""The OpenAPI document's examples, each a real exchange with the server.

Every example is a request made, in this order, on a server freshly loaded with the bundled
fixture, and the answer the server gives it. ``tests/api/test_openapi_examples.py`` replays
them and fails when an answer differs, so the examples cannot drift from the server. Values the
server makes up (new ids, timestamps) match any value of their type there; they are listed in
:data:`VOLATILE`. A path may name an id an earlier answer made (``{capture_id}``): the
:data:`REMEMBER` table says which answer field it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

__all__ = ["Exchange", "OPERATIONS", "ERRORS", "VOLATILE", "REMEMBER"]


@dataclass(frozen=True)
class Exchange:
    """One request and its answer: the example of an operation's body and response."""

    method: str
    path: str
    status: int
    request: Any = None  # the JSON body; None: no body
    response: Any = None  # the JSON answer; None: no body
    query: Mapping[str, str] = field(default_factory=dict)
    key: str = "sk_test_demo"
    headers: Mapping[str, str] = field(default_factory=dict)
    # Sandbox controls sent before the request (method, path, body), and after it, to undo them.
    before: tuple[tuple[str, str, Any], ...] = ()
    after: tuple[tuple[str, str, Any], ...] = ()
    padding: int = 0  # spaces added after the JSON body (a body over the size limit)


# Fields whose values the server makes: any value of the same JSON type matches.
VOLATILE = frozenset(
    {"id", "capture_id", "created", "accrual_date", "expires", "next", "previous", "first_due"}
)
# A path placeholder, and the operation whose answer's ``id`` it is.
REMEMBER = {"capture_id": "createCapture", "checkout_id": "createCheckout"}

ORDER = "/orders/fixture-order-1"
CAMPAIGN = "/me/campaigns/spring-sale/articles"
DESK = {
    "id": "desk-1",
    "name": "Walnut desk",
    "description": "Solid walnut, 160 x 80 cm",
    "url": "https://shop.example/items/desk-1",
    "image_url": "https://shop.example/images/desk-1.jpg",
}
LAMP = {"id": "lamp-2", "name": "Brass lamp", "url": "https://shop.example/items/lamp-2"}
CHECKOUT = {
    "merchant": {
        "success_url": "https://shop.example/orders/order-1001/thanks",
        "ko_url": "https://shop.example/cart",
    },
    "order": {
        "id": "order-1001",
        "currency": "EUR",
        "total_amount": 45000,
        "articles": [{"name": "Walnut desk", "quantity": 1, "unit_price": 45000}],
    },
    "product": {"type": "instalments"},
}


def _one_page(item: Any) -> dict[str, Any]:
    """A list's answer holding one item on its only page."""
    return {
        "cursor": {"after": None, "before": None},
        "paging": {"count": 1, "next": None, "previous": None},
        "results": [item],
    }


# operationId -> its example exchange, in the order they are made.
OPERATIONS: dict[str, Exchange] = {
    "listOrders": Exchange(
        "GET",
        "/orders",
        200,
        query={"status": "confirmed"},
        response=_one_page(
            {
                "id": "fixture-order-1",
                "name": "Demo order: confirmed, refundable",
                "currency": "EUR",
                "total_amount": 25000,
                "status": "confirmed",
                "created": "2026-11-02T09:15:00.000000+00:00",
                "confirmed": "2026-11-02T09:20:00.000000+00:00",
                "product_type": None,
                "instalments": None,
                # No product known: paid in full the day it was confirmed.
                "schedule": [{"due_date": "2026-11-02", "amount": 25000, "collected": True}],
                "collected_amount": 25000,
                "owed_amount": 0,
                "paid_back_amount": 0,
                "captured_amount": 0,
                "capturable_amount": 25000,
                "refunded_amount": 0,
                "refundable_amount": 25000,
            }
        ),
    ),
    "refundOrder": Exchange(
        "POST",
        ORDER + "/refund",
        200,
        {"amount": 1000},
        response={
            "remaining_amount": 24000,
            "results": [
                {
                    "id": "ref_7d0e95321a795915",
                    "capture_id": None,
                    "amount": 1000,
                    "pending_amount": 24000,
                    "accrual_date": "2026-11-26",
                    "credit_to_customer": 1000,  # nothing was owed: it is all paid back
                    "completed": False,
                    "completed_but_defaults": False,
                    "created": "2026-11-26T10:38:51.046920+00:00",
                }
            ],
            "refund_count": 1,
        },
    ),
    "getOrderRefunds": Exchange("GET", ORDER + "/refund", 200),
    "createCapture": Exchange(
        "POST",
        ORDER + "/captures",
        201,
        {"amount": 5000},
        response={
            "id": "cap_905bcfdd86ad7bba",
            "amount": 5000,
            "created": "2026-11-26T10:38:51.070303+00:00",
            "refunds": [],
            "refund_count": 0,
            "refunded_amount": 0,
            "remaining_amount": 5000,
            "refundable_amount": 5000,
        },
    ),
    "listCaptures": Exchange(
        "GET",
        ORDER + "/captures",
        200,
        response=_one_page(
            {
                "id": "cap_905bcfdd86ad7bba",
                "amount": 5000,
                "created": "2026-11-26T10:38:51.070303+00:00",
                "refunds": [],
                "refund_count": 0,
                "refunded_amount": 0,
                "remaining_amount": 5000,
                "refundable_amount": 5000,
            }
        ),
    ),
    "refundCapture": Exchange(
        "POST",
        ORDER + "/captures/{capture_id}/refunds",
        200,
        {"amount": 500},
        response={
            "id": "cap_905bcfdd86ad7bba",
            "amount": 5000,
            "created": "2026-11-26T10:38:51.070303+00:00",
            "refunds": [
                {
                    "id": "ref_a4776831f855ba01",
                    "capture_id": "cap_905bcfdd86ad7bba",
                    "amount": 500,
                    "pending_amount": 4500,
                    "accrual_date": "2026-11-26",
                    "credit_to_customer": 500,
                    "completed": False,
                    "completed_but_defaults": False,
                    "created": "2026-11-26T10:38:51.105694+00:00",
                }
            ],
            "refund_count": 1,
            "refunded_amount": 500,
            "remaining_amount": 4500,
            "refundable_amount": 4500,
        },
    ),
    "getCaptureRefunds": Exchange("GET", ORDER + "/captures/{capture_id}/refunds", 200),
    "addArticles": Exchange("POST", CAMPAIGN, 204, [DESK, LAMP]),
    "listArticles": Exchange(
        "GET",
        CAMPAIGN,
        200,
        query={"name-icontains": "desk"},
        response=_one_page(
            {
                "id": "desk-1",
                "name": "Walnut desk",
                "description": "Solid walnut, 160 x 80 cm",
                "url": "https://shop.example/items/desk-1",
                "image_url": "https://shop.example/images/desk-1.jpg",
            }
        ),
    ),
    "deleteArticle": Exchange("DELETE", CAMPAIGN + "/lamp-2", 204),
    "deleteArticles": Exchange("DELETE", CAMPAIGN, 204),
    "checkButton": Exchange(
        "GET",
        "/checkout/button",
        201,
        query={"amount": "45000", "currency": "EUR"},
        key="pk_test_demo",
        response={},
    ),
    "listPlans": Exchange(
        "GET",
        "/checkout/plans",
        200,
        query={"amount": "45000", "currency": "EUR", "product[type]": "instalments"},
        key="pk_test_other",
        response={
            "amount": 45000,
            "currency": "EUR",
            "locale": "en",
            "products": [
                {
                    "type": "instalments",
                    "name": "Pay in instalments",
                    "available": True,
                    "reason": None,
                    "limits": {"min_amount": 5000, "max_amount": 300000},
                    "texts": {
                        "short": "From €40.08 a month",
                        "long": (
                            "From €40.08 a month over 12 payments (the last €40.17). 13.24% APR, nominal "
                            "rate 12.5%, interest €31.05, total to pay €481.05."
                        ),
                        "example": (
                            "Representative example: €450.00 in 12 payments of €40.08 a month (the last "
                            "€40.17), fixed nominal rate 12.5%, APR 13.24%, interest €31.05, total to pay "
                            "€481.05."
                        ),
                    },
                    "plans": [
                        {
                            "count": 3,
                            "payments": [15000, 15000, 15000],
                            "interval": {"count": 1, "unit": "months"},
                            "first_due": "2026-12-28",
                            "tin": "0.00",
                            "tae": "0.00",
                            "interest": 0,
                            "total": 45000,
                            "texts": {
                                "short": "3 payments of €150.00 a month",
                                "long": (
                                    "3 payments of €150.00 a month, the first in 1 month. 0% APR, nominal "
                                    "rate 0%, interest €0.00, total to pay €450.00."
                                ),
                                "example": (
                                    "Representative example: €450.00 in 3 payments of €150.00 a month, "
                                    "fixed nominal rate 0%, APR 0%, interest €0.00, total to pay €450.00."
                                ),
                            },
                        },
                        {
                            "count": 6,
                            "payments": [7719, 7719, 7719, 7719, 7719, 7720],
                            "interval": {"count": 1, "unit": "months"},
                            "first_due": "2026-12-28",
                            "tin": "9.95",
                            "tae": "10.42",
                            "interest": 1315,
                            "total": 46315,
                            "texts": {
                                "short": "6 payments of €77.19 a month",
                                "long": (
                                    "6 payments of €77.19 a month (the last €77.20), the first in 1 month. "
                                    "10.42% APR, nominal rate 9.95%, interest €13.15, total to pay €463.15."
                                ),
                                "example": (
                                    "Representative example: €450.00 in 6 payments of €77.19 a month (the "
                                    "last €77.20), fixed nominal rate 9.95%, APR 10.42%, interest €13.15, "
                                    "total to pay €463.15."
                                ),
                            },
                        },
                        {
                            "count": 12,
                            "payments": [
                                4008,
                                4008,
                                4008,
                                4008,
                                4008,
                                4008,
                                4008,
                                4008,
                                4008,
                                4008,
                                4008,
                                4017,
                            ],
                            "interval": {"count": 1, "unit": "months"},
                            "first_due": "2026-12-28",
                            "tin": "12.50",
                            "tae": "13.24",
                            "interest": 3105,
                            "total": 48105,
                            "texts": {
                                "short": "12 payments of €40.08 a month",
                                "long": (
                                    "12 payments of €40.08 a month (the last €40.17), the first in 1 month. "
                                    "13.24% APR, nominal rate 12.5%, interest €31.05, total to pay €481.05."
                                ),
                                "example": (
                                    "Representative example: €450.00 in 12 payments of €40.08 a month (the "
                                    "last €40.17), fixed nominal rate 12.5%, APR 13.24%, interest €31.05, "
                                    "total to pay €481.05."
                                ),
                            },
                        },
                    ],
                }
            ],
        },
    ),
    "createCheckout": Exchange(
        "POST",
        "/checkout",
        201,
        CHECKOUT,
        response={
            "id": "chk_b_1ZMABuTOs8eQZOwOJDXmGY",
            "status": "created",
            "order": {
                "id": "order-1001",
                "name": "Order order-1001",
                "currency": "EUR",
                "total_amount": 45000,
                "articles": [{"name": "Walnut desk", "quantity": 1, "unit_price": 45000}],
            },
            "product": {"type": "instalments"},
            "merchant": {
                "success_url": "https://shop.example/orders/order-1001/thanks",
                "pending_url": None,
                "ko_url": "https://shop.example/cart",
                "dismiss_url": None,
                "error_url": None,
            },
            "created": "2026-11-26T10:38:51.170823+00:00",
            "expires": "2026-11-26T11:38:51.170823+00:00",
            "decided": None,
            "instalments": None,
        },
    ),
    "getCheckout": Exchange("GET", "/checkout/{checkout_id}", 200, key="pk_test_demo"),
}

# A read right after a write answers what the write did.
for _read, _write in {
    "getOrderRefunds": "refundOrder",
    "getCaptureRefunds": "refundCapture",
    "getCheckout": "createCheckout",
}.items():
    OPERATIONS[_read] = replace(OPERATIONS[_read], response=OPERATIONS[_write].response)


def _faulted(status: int, error_type: str, message: str) -> Exchange:
    """A list of orders answered ``status`` by a sandbox fault."""
    fault = {"match": {"path": "/orders"}, "status": status}
    error = {"error": {"type": error_type, "message": message}}
    return Exchange("GET", "/orders", status, before=(("POST", "/_sandbox/faults", fault),), response=error)


# Error status -> an exchange that gets it (its answer is the example of the status's response).
ERRORS: dict[int, Exchange] = {
    400: Exchange(
        "POST",
        ORDER + "/refund",
        400,
        {"amount": 10**9},
        response={
            "error": {
                "type": "ApiValidationException",
                "message": "API validation error",
                "fields": {"amount": ["Exceeds the order's refundable amount (23500)."]},
            }
        },
    ),
    401: Exchange(
        "GET",
        "/orders",
        401,
        key="sk_test_unknown",
        response={"error": {"type": "UnauthorizedException", "message": "The API key is not valid."}},
    ),
    403: Exchange(
        "GET",
        "/orders",
        403,
        key="pk_test_demo",
        response={
            "error": {
                "type": "ForbiddenException",
                "message": "This operation needs the private key; the public key only checks availability.",
            }
        },
    ),
    404: Exchange(
        "GET",
        "/orders/order-404/refund",
        404,
        response={"error": {"type": "ObjectNotFoundException", "message": "There is no order 'order-404'."}},
    ),
    406: Exchange(
        "GET",
        "/orders",
        406,
        headers={"Accept": "text/html"},
        response={
            "error": {
                "type": "NotAcceptableException",
                "message": "Accept header 'text/html' is not supported; use application/vnd.service.v1+json,"
                " application/vnd.service.v1+xml, application/json or application/xml",
            }
        },
    ),
    408: _faulted(408, "RequestTimeoutException", "Request Timeout"),
    409: Exchange(
        "POST",
        "/orders/fixture-order-2/refund",
        409,
        {"amount": 1000},
        response={
            "error": {
                "type": "ConflictException",
                "message": "Only confirmed orders accept refunds; this order is pending.",
            }
        },
    ),
    413: Exchange(
        "POST",
        ORDER + "/refund",
        413,
        {"amount": 1000},
        padding=1024**2,
        response={
            "error": {"type": "RequestEntityTooLargeException", "message": "The request body is too large."}
        },
    ),
    415: Exchange(
        "POST",
        ORDER + "/refund",
        415,
        headers={"Content-Type": "text/plain"},
        response={
            "error": {
                "type": "UnsupportedMediaTypeException",
                "message": "Content-Type 'text/plain' is not supported; send application/json.",
            }
        },
    ),
    429: _faulted(429, "ThrottledException", "Too many simultaneous requests"),
    500: _faulted(500, "InternalServerErrorException", "Internal Server Error"),
    503: Exchange(
        "GET",
        "/orders",
        503,
        before=(("POST", "/_sandbox/maintenance", {"enabled": True}),),
        after=(("POST", "/_sandbox/maintenance", {"enabled": False}),),
        response={
            "error": {
                "type": "ServiceUnavailableException",
                "message": "The service is temporarily offline for maintenance",
            }
        },
    ),
}
