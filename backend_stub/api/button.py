"""``GET /checkout/button``: is a product available for this amount?"""

from __future__ import annotations

from aiohttp import web

from ..domain.availability import is_available, parse_query
from .auth import Access
from .errors import Forbidden
from .rendering import render
from .routing import Route
from .serving import MERCHANT

__all__ = ["ROUTES"]


async def check_button(request: web.Request) -> web.Response:
    """201 when the merchant's limits contain the amount, 403 otherwise."""
    if not is_available(parse_query(request.query), request[MERCHANT].limit_for):
        raise Forbidden("The product is not available for this amount.")
    return render(request, {}, status=201)


ROUTES = [Route("GET", "/checkout/button", check_button, Access.PUBLIC)]
