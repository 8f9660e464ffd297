"""``GET /checkout/button``: is a product available for this amount?"""

from __future__ import annotations

from aiohttp import web

from ..domain.availability import check_parameters, is_available, parse_query
from .auth import Access
from .errors import Forbidden
from .openapi_operations import AMOUNT_QUERY, CURRENCY_QUERY, Section, ok, operation
from .openapi_schema import Schema, ref
from .rendering import render
from .routing import Route
from .serving import MERCHANT

__all__ = ["ROUTES", "openapi_section"]


async def check_button(request: web.Request) -> web.Response:
    """201 when the merchant's limits contain the amount, 403 otherwise."""
    query = request.query
    check_parameters(name for name, _ in query.items())  # keys() gives each name once
    if not is_available(parse_query(query), request[MERCHANT].limit_for):
        raise Forbidden("The product is not available for this amount.")
    return render(request, {}, status=201)


ROUTES = [Route("GET", "/checkout/button", check_button, Access.PUBLIC)]


def openapi_section() -> Section:
    """``GET /checkout/button`` in the OpenAPI document."""
    parameters: list[Schema] = [
        AMOUNT_QUERY,
        CURRENCY_QUERY,
        {
            "name": "product[type]",
            "in": "query",
            "description": "Absent means instalments.",
            "schema": ref("ProductType"),
        },
    ]
    check = operation(
        "checkButton",
        "Is the product available for this amount?",
        tag="checkout",
        description="201 when the merchant's limits for the product and currency contain the amount,"
        " 403 otherwise. Any other query parameter, or one given twice, is a 400 naming it.",
        parameters=parameters,
        public=True,
        responses={201: ok("Available.", {"type": "object", "maxProperties": 0})},
        errors=(400, 403),
    )
    return Section({"/checkout/button": {"get": check}})
