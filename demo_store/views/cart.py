"""The cart: adding from a product page, changing quantities (as a form, or live from the cart
page's script, which then gets the new totals and payment wording as JSON)."""

from __future__ import annotations

from aiohttp import web

from ..cart import MAX_QUANTITY, load_cart, save_cart
from ..config import SIGNER
from ..flash import set_notice
from ..forms import read_form
from ..money import format_money
from ..payment_plans import PAYMENT_PRODUCTS, find_payment_product, no_plan_text, plan_text
from ..rendering import render, see_other

__all__ = ["ROUTES"]


def _typed_quantity(text: object) -> int | None:
    """A quantity as typed in the cart: a whole number in digits 0-9 (``-3``, ``1.5``, ``two`` or
    ``²`` are None). Long strings of digits are read as "many": the cart caps them and says so."""
    digits = text.strip() if isinstance(text, str) else ""
    if not (digits.isascii() and digits.isdigit()):
        return None
    return int(digits) if len(digits) <= 6 else MAX_QUANTITY + 1


def _wants_json(request: web.Request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


async def cart_page(request: web.Request) -> web.Response:
    return render(request, "cart.html", {"sdk": True})


async def add_item(request: web.Request) -> web.StreamResponse:
    """Add a product. ``method`` (a product page's payment button) goes straight to the checkout
    with that payment method chosen."""
    form = await read_form(request)
    cart = load_cart(request, request.app[SIGNER])
    cart.add(
        str(form.get("product", "")), max(1, min(MAX_QUANTITY, _typed_quantity(form.get("quantity")) or 1))
    )
    method = find_payment_product(str(form.get("method", "")))
    target = f"/checkout?method={method.type}" if method else "/cart"
    response = see_other(target)
    save_cart(response, request.app[SIGNER], cart)
    return response


CAPPED = f"We sell at most {MAX_QUANTITY} of an article in one order."
REFUSED = f"Enter a whole number from 0 to {MAX_QUANTITY}: 0 removes the article."


async def set_quantity(request: web.Request) -> web.StreamResponse:
    """Set one line's quantity (0 removes it); more than the most we sell is said, not hidden."""
    form = await read_form(request)
    slug = request.match_info["slug"]
    cart = load_cart(request, request.app[SIGNER])
    typed = _typed_quantity(form.get("quantity"))
    asked = cart.quantities.get(slug, 0) if typed is None else typed
    cart.set(slug, asked)
    capped = asked > MAX_QUANTITY and slug in cart.quantities
    note = REFUSED if typed is None else CAPPED if capped else None
    if not _wants_json(request):
        response: web.StreamResponse = see_other("/cart")
        if note:
            set_notice(response, request.app[SIGNER], note)
    else:
        total = cart.total
        response = web.json_response(
            {
                "count": cart.count,
                "total": total,
                "total_text": format_money(total),
                "lines": {
                    line.product.slug: {
                        "quantity": line.quantity,
                        "subtotal_text": format_money(line.subtotal),
                    }
                    for line in cart.lines
                },
                "capped": note,
                "plans": {product.type: plan_text(product.type, total) for product in PAYMENT_PRODUCTS},
                "no_plan": no_plan_text(total),
            }
        )
    save_cart(response, request.app[SIGNER], cart)
    return response


ROUTES = [
    web.get("/cart", cart_page, name="cart"),
    web.post("/cart/items", add_item, name="cart_add"),
    web.post("/cart/items/{slug}", set_quantity, name="cart_set"),
]
