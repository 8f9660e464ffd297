"""Pages from jinja2 templates, with what every page needs (config, cart badge, notices)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
from aiohttp import web

from .cart import MAX_QUANTITY, load_cart
from .checkout import result_path
from .config import CONFIG, SIGNER
from .date_formats import office_day, office_time, shopper_day
from .flash import take_notice
from .form_tokens import TOKEN_FIELD, new_token
from .money import format_money, input_value
from .payment_plans import (
    PAYMENT_PRODUCTS,
    agreed_plan_text,
    covered,
    find_payment_product,
    no_plan_text,
    payment_dates,
    plan_label,
    plan_text,
)

__all__ = ["render", "see_other", "TEMPLATES"]

TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(Path(__file__).resolve().parent / "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,  # a misspelt variable fails the page instead of vanishing
    trim_blocks=True,
    lstrip_blocks=True,
)
TEMPLATES.filters["money"] = format_money
TEMPLATES.filters["input_money"] = input_value
TEMPLATES.filters["shopper_day"] = shopper_day
TEMPLATES.filters["office_day"] = office_day
TEMPLATES.filters["office_time"] = office_time
TEMPLATES.globals.update(
    PAYMENT_PRODUCTS=PAYMENT_PRODUCTS,
    find_payment_product=find_payment_product,
    plan_text=plan_text,
    agreed_plan_text=agreed_plan_text,
    payment_dates=payment_dates,
    plan_label=plan_label,
    result_path=result_path,
    no_plan_text=no_plan_text,
    covered=covered,
    MAX_QUANTITY=MAX_QUANTITY,
    new_token=new_token,  # one per form drawn (demo_store.form_tokens)
    TOKEN_FIELD=TOKEN_FIELD,
)


def render(
    request: web.Request, template: str, context: dict[str, Any] | None = None, status: int = 200
) -> web.Response:
    """The page ``template`` with ``context``, plus the config, the cart and any pending notice."""
    app = request.app
    response = web.Response(status=status, content_type="text/html", charset="utf-8")
    values = {
        "config": app[CONFIG],
        "cart": load_cart(request, app[SIGNER]),
        "notice": take_notice(request, response, app[SIGNER]),
        "path": request.path,
        "sdk": False,
        **(context or {}),
    }
    response.text = TEMPLATES.get_template(template).render(values)
    return response


def see_other(location: str) -> web.Response:
    """A 303 redirect after a form post, as a response the handler can still set cookies on
    (returning an ``HTTPSeeOther`` exception instead is deprecated in aiohttp)."""
    return web.Response(status=303, headers={"Location": location})
