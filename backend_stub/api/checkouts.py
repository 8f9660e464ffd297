"""``POST /checkout`` and ``GET /checkout/:id`` (sandbox extension for the SDK)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from aiohttp import web

from ..domain.checkouts import DECISIONS, MAX_ARTICLES, URL_FIELDS, Checkout, parse_new_checkout
from ..domain.schedules import INSTALMENT_MONTHS
from ..domain.timestamps import format_timestamp
from ..domain.values import DEFAULT_PRODUCT_TYPE, MAX_AMOUNT, PRODUCT_TYPES
from ..state import state_of
from ..storage.checkouts import CheckoutStore
from .auth import Access
from .bodies import read_json
from .openapi_operations import Section, ok, operation, path_parameter
from .openapi_schema import (
    AMOUNT,
    HTTP_URL,
    IDENTIFIER,
    ONE_LINE,
    TIMESTAMP,
    Schema,
    array,
    nullable,
    obj,
    ref,
)
from .rendering import render
from .routing import Route
from .serving import MERCHANT

__all__ = ["ROUTES", "checkout_json", "openapi_section"]


def checkout_json(checkout: Checkout, moment: datetime) -> dict[str, Any]:
    """The API's view of a checkout at ``moment`` (the sandbox clock's)."""
    return {
        "id": checkout.id,
        "status": checkout.status_at(moment),
        "order": {
            "id": checkout.order_id,
            "name": checkout.order_name,
            "currency": checkout.currency,
            "total_amount": checkout.total_amount,
            "articles": [line.as_dict() for line in checkout.articles],
        },
        "product": {"type": checkout.product_type},
        "instalments": checkout.instalments,
        "merchant": dict(checkout.urls),
        "created": format_timestamp(checkout.created),
        "expires": format_timestamp(checkout.expires),
        "decided": format_timestamp(checkout.decided) if checkout.decided else None,
    }


async def create_checkout(request: web.Request) -> web.Response:
    """A new checkout for an order; 409 when the order id was used before."""
    body = await read_json(request)
    merchant = request[MERCHANT]
    state = state_of(request)
    moment = state.clock.now()
    checkout = parse_new_checkout(body, merchant.limit_for, moment)
    CheckoutStore(state.db).create(merchant.id, checkout)
    return render(request, checkout_json(checkout, moment), status=201)


async def get_checkout(request: web.Request) -> web.Response:
    """A checkout of the merchant, with its URLs and status."""
    state = state_of(request)
    checkout = CheckoutStore(state.db).find(request.match_info["checkout_id"], request[MERCHANT].id)
    return render(request, checkout_json(checkout, state.clock.now()))


ROUTES = [
    Route("POST", "/checkout", create_checkout),
    Route("GET", "/checkout/{checkout_id}", get_checkout, Access.PUBLIC),
]


# Values with a default, as components: openapi-typescript makes a property with a default
# required (it takes defaults as filled in by the server), unless the default is behind a $ref.
_INPUT_DEFAULTS: dict[str, Schema] = {
    "ArticleQuantity": {
        "type": "integer",
        "minimum": 1,
        "maximum": 10_000,
        "default": 1,
        "description": "How many of the article the order holds; absent means 1.",
    },
    "ProductType": {
        "type": "string",
        "enum": list(PRODUCT_TYPES),
        "default": DEFAULT_PRODUCT_TYPE,
        "description": f"The financing product; absent means {DEFAULT_PRODUCT_TYPE}.",
    },
}


CHECKOUT_ID = path_parameter("checkout_id", "The id POST /checkout returned.", "chk_JBekuHCR1B5gsMEkGGGuQCUk")


def openapi_section() -> Section:
    """``POST /checkout`` and ``GET /checkout/{checkout_id}`` in the OpenAPI document."""
    urls_in = obj({name: nullable(HTTP_URL) for name in URL_FIELDS}, required=[])
    urls_out = obj({name: nullable({"type": "string", "format": "uri"}) for name in URL_FIELDS})
    article_in = obj(
        {
            "name": {"type": "string", "minLength": 1, "maxLength": 500, "pattern": ONE_LINE},
            "quantity": ref("ArticleQuantity"),
            "unit_price": nullable({"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT}),
        },
        required=["name"],
    )
    product_in = obj({"type": ref("ProductType")}, required=[])
    new_checkout = obj(
        {
            "merchant": urls_in,
            "order": obj(
                {
                    "id": IDENTIFIER,
                    "name": {"type": "string", "maxLength": 500, "pattern": ONE_LINE},
                    "currency": {"type": "string", "pattern": "^[A-Z]{3}$"},
                    "total_amount": {"type": "integer", "minimum": 1, "maximum": MAX_AMOUNT},
                    "articles": {**array(article_in), "maxItems": MAX_ARTICLES},
                },
                required=["id", "currency", "total_amount"],
            ),
            "product": product_in,
        },
        required=["order"],
        description="A checkout to open: the order the shopper will decide on, the product offered"
        " and where the merchant's pages are (absolute http(s) URLs, each optional).",
    )
    checkout = obj(
        {
            "id": {"type": "string", "pattern": "^chk_[A-Za-z0-9_-]+$"},
            "status": {"type": "string", "enum": ["created", *DECISIONS, "expired"]},
            "order": obj(
                {
                    "id": {"type": "string"},
                    "name": {"type": "string"},
                    "currency": {"type": "string"},
                    "total_amount": AMOUNT,
                    "articles": array(
                        obj(
                            {
                                "name": {"type": "string"},
                                "quantity": {"type": "integer"},
                                "unit_price": nullable({"type": "integer"}),
                            }
                        )
                    ),
                }
            ),
            "product": obj({"type": ref("ProductType")}),
            "instalments": {
                **nullable({"type": "integer", "enum": list(INSTALMENT_MONTHS)}),
                "description": "The term in months the shopper chose for instalments, once decided;"
                " null before and for the other products.",
            },
            "merchant": urls_out,
            "created": TIMESTAMP,
            "expires": TIMESTAMP,
            "decided": nullable(TIMESTAMP),
        },
        description="A checkout: its status (`created` until the shopper decides), the order, the"
        " product and the merchant's URLs.",
    )
    create = operation(
        "createCheckout",
        "Open a checkout for an order; the browser SDK shows it with service.checkout(id)",
        tag="checkout",
        description="The order is made when the shopper decides the checkout (approve: confirmed, pending:"
        " pending, deny: denied). The order id must be new for the merchant (409 otherwise); the"
        " amount must be within the product's limits; merchant URLs must be absolute http(s).",
        body=ref("NewCheckout"),
        responses={201: ok("Created.", ref("Checkout"))},
        errors=(409,),
    )
    show = operation(
        "getCheckout",
        "A checkout, with its status and the merchant's URLs",
        tag="checkout",
        description="An undecided checkout expires 60 minutes after it was created.",
        parameters=[CHECKOUT_ID],
        public=True,
        responses={200: ok("The checkout.", ref("Checkout"))},
        errors=(404,),
    )
    return Section(
        {"/checkout": {"post": create}, "/checkout/{checkout_id}": {"get": show}},
        {"NewCheckout": new_checkout, "Checkout": checkout, **_INPUT_DEFAULTS},
    )
