"""The back office's campaigns: the articles a campaign promotes, listed, added from the
catalogue and removed, through ``/me/campaigns/:id/articles``.

The API has no list of campaigns (one exists once articles are posted to it), so the page asks
for a campaign id, with the store's own campaign filled in. A campaign's articles are shown a
page at a time, the service's own pages (20 articles each). Forms post, then redirect back with a
notice; when the service refuses, the page says what it answered.
"""

from __future__ import annotations

import math
from urllib.parse import urlencode

from aiohttp import web

from ..backoffice import PAGE_SIZE, page_number
from ..catalogue import PRODUCTS, Product, find_product
from ..config import CONFIG, SERVICE, SIGNER
from ..explanations import explain
from ..flash import set_notice
from ..form_tokens import FORM_TURNS, OUT_OF_DATE, idempotency_key, read_token
from ..forms import read_form
from ..rendering import render, see_other
from ..service_client import Page, ServiceError, ServiceUnreachable

__all__ = ["ROUTES", "DEFAULT_CAMPAIGN", "campaign_article", "campaign_link"]

DEFAULT_CAMPAIGN = "winter-sale"


def campaign_article(product: Product, origin: str) -> dict[str, str]:
    """A catalogue product as a campaign article: its slug as id, and absolute URLs of its page
    and picture (the API takes only absolute http(s) URLs)."""
    return {
        "id": product.slug,
        "name": product.name,
        "description": product.blurb,
        "url": f"{origin}/products/{product.slug}",
        "image_url": origin + product.image_url,
    }


def _campaign(request: web.Request) -> str:
    campaign = request.match_info.get("campaign_id") or request.query.get("campaign", "").strip()
    return campaign or DEFAULT_CAMPAIGN


def _back(campaign: str, notice: str, request: web.Request) -> web.StreamResponse:
    response = see_other("/backoffice/campaigns?" + urlencode({"campaign": campaign}))
    set_notice(response, request.app[SIGNER], notice)
    return response


def campaign_link(campaign: str, page: int) -> str:
    """The campaign page's URL for one page of its articles."""
    query = {"campaign": campaign, **({"page": str(page)} if page > 1 else {})}
    return "/backoffice/campaigns?" + urlencode(query)


async def campaign_page(request: web.Request, failure: str | None = None) -> web.Response:
    campaign = _campaign(request)
    number = page_number(request.query.get("page", "1"))
    page: Page | None = None
    problem, usable = failure, True
    # Whether an id can name a campaign is the service's to say (its rule, its words): the store
    # once had a rule of its own, stricter, and gave its reason for ids the service takes.
    try:
        page = await request.app[SERVICE].campaign(campaign).page(number)
    except ServiceError as error:
        # A campaign without articles is a 404 of its list's first page; a page past the last
        # one is a 404 too.
        if error.status == 400 and "campaign_id" in error.fields:
            usable = False
            reasons = " ".join(error.fields["campaign_id"])
            problem = f"The service cannot have a campaign “{campaign}”: {reasons}"
        elif error.status != 404:
            problem = explain(error, "search")
        elif number > 1:
            problem = f"{campaign} has no page {number} of articles."
    except ServiceUnreachable as error:
        problem = explain(error, "search")
    held: set[str] = set()
    if page is not None:
        # The catalogue offers what the campaign lacks on any of its pages, not only this one.
        try:
            held = await request.app[SERVICE].campaign(campaign).holding([p.slug for p in PRODUCTS])
        except (ServiceError, ServiceUnreachable) as error:
            problem = problem or explain(error, "search")
    first = (number - 1) * PAGE_SIZE + 1
    context = {
        "campaign": campaign,
        "page": page,
        "number": number,
        "pages": max(1, math.ceil(page.count / PAGE_SIZE)) if page else 1,
        "shown": (first, first + len(page.results) - 1) if page else None,
        "link": campaign_link,
        "problem": problem,
        # Nothing is offered for an id no campaign can have: adding would only be refused.
        "addable": [product for product in PRODUCTS if product.slug not in held] if usable else [],
        "usable": usable,
        "api_path": f"/me/campaigns/{campaign}/articles",
    }
    return render(request, "backoffice_campaign.html", context)


async def add_articles(request: web.Request) -> web.StreamResponse:
    campaign = _campaign(request)
    form = await read_form(request)
    token = read_token(form)
    if token is None:
        return _back(campaign, OUT_OF_DATE, request)
    products = [find_product(str(slug)) for slug in form.getall("product", [])]
    chosen = [product for product in products if product is not None]
    if not chosen:
        return _back(campaign, "Choose at least one article to add.", request)
    origin = request.app[CONFIG].public_origin
    articles = [campaign_article(p, origin) for p in chosen]
    try:
        async with request.app[FORM_TURNS].turn(token):
            await request.app[SERVICE].campaign(campaign).add(articles, key=idempotency_key(token))
    except (ServiceError, ServiceUnreachable) as error:
        return await campaign_page(request, explain(error, "campaign change"))
    names = ", ".join(product.name for product in chosen)
    return _back(campaign, f"Added to {campaign}: {names}.", request)


async def remove_article(request: web.Request) -> web.StreamResponse:
    campaign, article_id = _campaign(request), request.match_info["article_id"]
    token = read_token(await read_form(request))
    if token is None:
        return _back(campaign, OUT_OF_DATE, request)
    try:
        # A DELETE does the same however often it is sent; one at a time all the same.
        async with request.app[FORM_TURNS].turn(token):
            await request.app[SERVICE].campaign(campaign).remove(article_id)
    except (ServiceError, ServiceUnreachable) as error:
        return await campaign_page(request, explain(error, "campaign change"))
    return _back(campaign, f"Removed {article_id} from {campaign}.", request)


ROUTES = [
    web.get("/backoffice/campaigns", campaign_page, name="backoffice_campaigns"),
    web.post("/backoffice/campaigns/{campaign_id}/articles", add_articles, name="backoffice_campaign_add"),
    web.post(
        "/backoffice/campaigns/{campaign_id}/articles/{article_id}/remove",
        remove_article,
        name="backoffice_campaign_remove",
    ),
]
