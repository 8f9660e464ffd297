"""``GET /checkout/plans``: what each product offers for an amount, in the shopper's words.

Each product asked goes through what its button's check goes through: the server makes, for
each, the ``GET /checkout/button`` a browser would, in-process and through that route's whole
pipeline (journal, maintenance, faults, keys; the plans request's place under the key's
concurrency limit covers them). A check answered 201 or 403 says the product is available or
not; any other answer (a fault, maintenance) is this request's answer too, as a button whose
check failed stays hidden and no message is written without it; a dropped check drops this
request's connection.
"""

from __future__ import annotations

import asyncio
from datetime import date
from typing import Any

from aiohttp import web

from ..domain.locales import DEFAULT_LANGUAGE
from ..domain.plans import REASONS, Offer, PlansQuery, offer, parse_plans_query
from ..domain.products import PRODUCTS, UNITS
from ..domain.schedules import INSTALMENT_MONTHS, MAX_TIN
from ..domain.values import MAX_AMOUNT
from ..language.plan_texts import offer_texts, plan_texts, product_name
from ..language.shopper_locale import language_part, shopper_locale
from ..sandbox.gate import DROPPED_STATUS, drop, internal_get
from ..sdk_rules.availability import check_url
from ..state import state_of
from ..storage.merchants import Merchant
from .auth import Access
from .openapi_operations import AMOUNT_QUERY, CURRENCY_QUERY, Section, ok, operation
from .openapi_schema import AMOUNT, BALANCE, Schema, array, nullable, obj, ref
from .rendering import render
from .routing import Route
from .serving import MERCHANT

__all__ = ["ROUTES", "openapi_section", "plans_json", "offers"]

CHECK_PATH = "/checkout/button"
PLANS_PATH = "/checkout/plans"
# The check's answers that say whether the product is available; any other is the answer.
AVAILABLE, NOT_AVAILABLE = 201, 403
# The request headers the checks carry over, as the browser's own check would send them.
_CARRIED = ("Host", "Authorization", "Accept", "Origin")


def _merchant_products(merchant: Merchant) -> list[str]:
    """The products the merchant offers in some currency, in the registry's order."""
    offered = {product_type for product_type, _currency in merchant.limits}
    return [product_type for product_type in PRODUCTS if product_type in offered]


async def _checks(request: web.Request, query: PlansQuery, types: list[str]) -> list[web.StreamResponse]:
    """Each product's ``GET /checkout/button`` answer (under this request's version prefix)."""
    prefix = request.path[: -len(PLANS_PATH)]
    headers = {name: request.headers[name] for name in _CARRIED if name in request.headers}
    return list(
        await asyncio.gather(
            *(
                internal_get(
                    request,
                    check_url(prefix, (query.amount, query.currency, product_type)),
                    headers,
                    within_limit=True,
                )
                for product_type in types
            )
        )
    )


def offers(merchant: Merchant, query: PlansQuery, types: list[str], today: date) -> list[Offer]:
    """What each of ``types`` offers the merchant's shoppers for the query's amount on ``today``
    (the sandbox clock's day)."""
    return [
        offer(
            product_type, query.amount, query.currency, merchant.limit_for, merchant.tins(product_type), today
        )
        for product_type in types
    ]


def _rate(value: Any) -> str:
    return f"{value:.2f}"


def plans_json(offered: list[Offer], query: PlansQuery, locale: str) -> dict[str, Any]:
    """The answer's data: every product's availability, limits, plans and texts for ``locale``
    (a CLDR locale: its language's words, its region's money and dates)."""
    products = []
    for item in offered:
        plans = []
        for plan in item.plans:
            every = item.product.every
            plans.append(
                {
                    "count": plan.count,
                    "payments": list(plan.payments),
                    "interval": None if plan.count == 1 else {"count": every.count, "unit": every.unit},
                    "first_due": plan.dates(item.today)[0].isoformat(),
                    "tin": _rate(plan.tin),
                    "tae": _rate(plan.tae),
                    "interest": plan.interest,
                    "total": plan.total,
                    "texts": plan_texts(item.product, plan, item.currency, locale).as_dict(),
                }
            )
        texts = offer_texts(item, locale)
        products.append(
            {
                "type": item.product.type,
                "name": product_name(item.product, locale),
                "available": item.available,
                "reason": item.reason,
                "limits": None
                if item.limits is None
                else {"min_amount": item.limits[0], "max_amount": item.limits[1]},
                "texts": None if texts is None else texts.as_dict(),
                "plans": plans,
            }
        )
    language = language_part(locale)
    return {"amount": query.amount, "currency": query.currency, "locale": language, "products": products}


async def list_plans(request: web.Request) -> web.StreamResponse:
    """200 with what each product (the merchant's, or the one asked) offers for the amount."""
    query = parse_plans_query(request.query)
    merchant = request[MERCHANT]
    types = [query.product_type] if query.product_type else _merchant_products(merchant)
    for check in await _checks(request, query, types):
        if check.status == DROPPED_STATUS:
            return drop(request)
        if check.status not in (AVAILABLE, NOT_AVAILABLE):
            return check
    found = offers(merchant, query, types, state_of(request).clock.today())
    return render(request, plans_json(found, query, shopper_locale(query.locale)))


ROUTES = [Route("GET", PLANS_PATH, list_plans, Access.PUBLIC)]


# An amount as a query may ask it (0 included: no product offers a plan for it).
ASKED: Schema = {"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT}


def _schemas() -> dict[str, Schema]:
    rate = {"type": "string", "pattern": r"^[0-9]{1,3}\.[0-9]{2}$"}
    texts = obj(
        {
            "short": {"type": "string", "description": "One line: `From €22.91 a month`."},
            "long": {"type": "string", "description": "The line with its APR, interest and total to pay."},
            "example": {"type": "string", "description": "The representative example."},
        },
        description="What the service says, in the answer's `locale`; money and rates by CLDR.",
    )
    plan = obj(
        {
            "count": {"type": "integer", "minimum": 1, "description": "The number of payments."},
            "payments": {**array(BALANCE), "description": "Each payment, first to last, minor units."},
            "interval": {
                **nullable(
                    obj(
                        {
                            "count": {"type": "integer", "minimum": 1},
                            "unit": {"type": "string", "enum": list(UNITS)},
                        }
                    )
                ),
                "description": "The time between payments; null for a plan of one payment.",
            },
            "first_due": {
                "type": "string",
                "format": "date",
                "description": "When the first payment falls due, for a plan agreed today.",
            },
            "tin": {**rate, "description": f"The nominal rate, percent a year (below {MAX_TIN})."},
            "tae": {**rate, "description": "The APR (TAE), percent a year: (1 + TIN/12)^12 − 1."},
            "interest": {**BALANCE, "description": "The total minus the amount, minor units."},
            "total": {**AMOUNT, "description": "What the shopper pays in all: the amount plus the interest."},
            "texts": ref("PlanTexts"),
        },
        description="One plan: every payment but the last is the annuity rounded down to the cent, the"
        " last is the total (n × the annuity, rounded to the cent) minus the others.",
    )
    product = obj(
        {
            "type": ref("ProductType"),
            "name": {"type": "string", "description": "The product's name in the answer's `locale`."},
            "available": {"type": "boolean", "description": "What the product's button check answers."},
            "reason": {
                **nullable({"type": "string", "enum": list(REASONS)}),
                "description": "Why it is not available; null when it is.",
            },
            "limits": {
                **nullable(obj({"min_amount": ASKED, "max_amount": ASKED})),
                "description": "The amounts it covers in the currency, inclusive; null when it is not offered"
                " in the currency.",
            },
            "texts": {
                **nullable(ref("PlanTexts")),
                "description": "What the SDK writes by the product's button; null when it is not available.",
            },
            "plans": {
                **array(ref("Plan")),
                "description": f"One per term (instalments: {', '.join(map(str, INSTALMENT_MONTHS))} months);"
                " none when it is not available.",
            },
        },
        description="One product for the amount: available or why not, its limits, plans and texts.",
    )
    plans = obj(
        {
            "amount": {**ASKED, "description": "The amount asked about, minor units."},
            "currency": {"type": "string", "pattern": "^[A-Z]{3}$"},
            "locale": {"type": "string", "description": "The language the texts are in."},
            "products": array(ref("ProductPlans")),
        },
        description="What each product offers for the amount; the texts in `locale`.",
    )
    return {"Plans": plans, "ProductPlans": product, "Plan": plan, "PlanTexts": texts}


def openapi_section() -> Section:
    """``GET /checkout/plans`` in the OpenAPI document."""
    parameters: list[Schema] = [
        AMOUNT_QUERY,
        CURRENCY_QUERY,
        {
            "name": "product[type]",
            "in": "query",
            "description": "One product; absent means every product the merchant offers.",
            "schema": {"type": "string", "enum": list(PRODUCTS)},
        },
        {
            "name": "locale",
            "in": "query",
            "description": "The texts' language, a BCP 47 tag (`es`, `es-ES`): a region falls back to its"
            f" language, a language the service lacks to English. Absent means {DEFAULT_LANGUAGE}."
            " Money and dates follow the region's CLDR formats (`pt-BR`: `€ 120,50`).",
            "schema": {
                "type": "string",
                "maxLength": 35,
                "pattern": "^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$",
            },
        },
    ]
    listing = operation(
        "listPlans",
        "What each product offers for an amount, and the words to say it",
        tag="checkout",
        description="For each product of the merchant (or the one asked): whether it is available for the"
        " amount (its `GET /checkout/button` check is made, journalled and faulted as the browser's would"
        " be; a check answered other than 201 or 403 is this request's answer), its limits, and its plans"
        " by the plan rule at the merchant's rates, with the texts the SDK writes.",
        parameters=parameters,
        public=True,
        responses={200: ok("The products and their plans.", ref("Plans"))},
        errors=(400,),
    )
    return Section({PLANS_PATH: {"get": listing}}, _schemas())
