"""Campaign articles: ``/me/campaigns/:campaignId/articles`` (post, list, delete one or all)."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ..domain.articles import (
    ARTICLE_FILTER_FIELDS,
    MAX_POSTED_ARTICLES,
    Article,
    article_items,
    parse_article_items,
    parse_campaign_id,
)
from ..domain.errors import FieldErrors
from ..state import state_of
from ..storage.articles import ArticleStore, PreparedArticle, prepare
from ..turns import next_turn
from .bodies import read_json
from .listing import render_list
from .openapi_filters import filter_parameters, filters_description
from .openapi_operations import Section, link, no_content, ok, operation, page_parameter, path_parameter
from .openapi_schema import HTTP_URL, IDENTIFIER, LINES, ONE_LINE, nullable, obj, page_schema, ref
from .rendering import render_empty
from .routing import Route
from .serving import MERCHANT

__all__ = ["ROUTES", "openapi_section", "present_article"]

_ARTICLES = "/me/campaigns/{campaign_id}/articles"
# Articles read before other requests run (a few milliseconds of work).
STEP = 50


def present_article(article: Article) -> dict[str, Any]:
    """An article as the API shows it (absent optional fields are null)."""
    return {
        "id": article.id,
        "name": article.name,
        "description": article.description,
        "url": article.url,
        "image_url": article.image_url,
    }


async def post_articles(request: web.Request) -> web.Response:
    """Add or update the posted articles (by id); 204. They are read and prepared :data:`STEP`
    at a time, other requests running in between, and written in one transaction (all or none)."""
    campaign_id = parse_campaign_id(request.match_info["campaign_id"])
    items = article_items(await read_json(request))
    errors, seen, articles = FieldErrors(), set[str](), list[PreparedArticle]()
    for first in range(0, len(items), STEP):
        if first:
            await next_turn()
        articles += map(prepare, parse_article_items(items[first : first + STEP], first, seen, errors))
    errors.raise_if_any()
    ArticleStore(state_of(request).db).upsert(request[MERCHANT].id, campaign_id, articles)
    return render_empty(request)


async def list_articles(request: web.Request) -> web.Response:
    """One page of the campaign's articles matching the filters; a campaign id no campaign can
    have is a 400 naming ``campaign_id``, not a 404 (a page would offer to add to it)."""
    merchant_id = request[MERCHANT].id
    campaign_id = parse_campaign_id(request.match_info["campaign_id"])
    store = ArticleStore(state_of(request).db)
    return await render_list(
        request,
        fields=ARTICLE_FILTER_FIELDS,
        count=lambda conditions: store.count(merchant_id, campaign_id, conditions),
        fetch=lambda conditions, offset, limit: store.page(
            merchant_id, campaign_id, conditions, offset, limit
        ),
        present=present_article,
    )


async def delete_article(request: web.Request) -> web.Response:
    """Remove one article; 204."""
    match = request.match_info
    ArticleStore(state_of(request).db).delete(request[MERCHANT].id, match["campaign_id"], match["article_id"])
    return render_empty(request)


async def delete_articles(request: web.Request) -> web.Response:
    """Remove every article of the campaign; 204."""
    ArticleStore(state_of(request).db).delete_all(request[MERCHANT].id, request.match_info["campaign_id"])
    return render_empty(request)


ROUTES = [
    Route("POST", _ARTICLES, post_articles),
    Route("GET", _ARTICLES, list_articles),
    Route("DELETE", _ARTICLES, delete_articles),
    Route("DELETE", _ARTICLES + "/{article_id}", delete_article),
]


# The server reads a campaign id by the identifier rule (domain.articles.parse_campaign_id).
CAMPAIGN_ID = path_parameter(
    "campaign_id", "The campaign; it exists once articles are posted to it.", "spring-sale", IDENTIFIER
)


def openapi_section() -> Section:
    """Campaign articles in the OpenAPI document."""
    article = obj(
        {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "description": nullable({"type": "string"}),
            "url": {"type": "string", "format": "uri"},
            "image_url": nullable({"type": "string", "format": "uri"}),
        },
        description="An article of a campaign, as the merchant posted it.",
    )
    article_input = obj(
        {
            "id": IDENTIFIER,
            "name": {"type": "string", "minLength": 1, "maxLength": 1000, "pattern": ONE_LINE},
            "description": nullable({"type": "string", "maxLength": 10000, "pattern": LINES}),
            "url": HTTP_URL,
            "image_url": {
                "type": ["string", "null"],
                "pattern": "^([hH][tT][tT][pP][sS]?://.*)?$",
                "maxLength": HTTP_URL["maxLength"],
                "description": "An absolute http(s) URL; absent, null or empty means none.",
            },
        },
        required=["id", "name", "url"],
        description="An article as posted: an `id` posted again replaces that article's fields.",
    )
    article_id = path_parameter("article_id", "The article.", "lamp-2")
    this_campaign = "$request.path.campaign_id"
    campaign_links = {
        "CampaignArticles": link("listArticles", campaign_id=this_campaign),
        "DeleteArticles": link("deleteArticles", campaign_id=this_campaign),
        "DeleteFirstArticle": link(
            "deleteArticle", campaign_id=this_campaign, article_id="$request.body#/0/id"
        ),
    }
    post = operation(
        "addArticles",
        "Add articles to a campaign (an id posted again is updated)",
        tag="articles",
        description="Errors name each field by its path in the array, such as `[1].url`. At most"
        f" {MAX_POSTED_ARTICLES} articles per request (more: a 400 on `body`).",
        parameters=[CAMPAIGN_ID],
        body={"type": "array", "items": ref("ArticleInput"), "maxItems": MAX_POSTED_ARTICLES},
        responses={204: no_content("Added.", links=campaign_links)},
    )
    list_articles = operation(
        "listArticles",
        "The campaign's articles, in the order first posted",
        tag="articles",
        description=filters_description(ARTICLE_FILTER_FIELDS),
        parameters=[CAMPAIGN_ID, page_parameter(), *filter_parameters(ARTICLE_FILTER_FIELDS, "articles")],
        responses={200: ok("A page of articles.", ref("ArticlePage"))},
        errors=(400, 404),
    )
    delete_all = operation(
        "deleteArticles",
        "Remove every article of the campaign",
        tag="articles",
        description="The campaign stays, empty: its list answers 200 with no results. A campaign"
        " that was never posted to is a 404.",
        parameters=[CAMPAIGN_ID],
        responses={204: no_content("Removed.")},
        errors=(404,),
    )
    delete_one = operation(
        "deleteArticle",
        "Remove one article",
        tag="articles",
        description="An article the campaign does not have (or no longer has) is a 404, and so is a"
        " campaign that was never posted to.",
        parameters=[CAMPAIGN_ID, article_id],
        responses={204: no_content("Removed.")},
        errors=(404,),
    )
    paths = {
        "/me/campaigns/{campaign_id}/articles": {"post": post, "get": list_articles, "delete": delete_all},
        "/me/campaigns/{campaign_id}/articles/{article_id}": {"delete": delete_one},
    }
    schemas = {"Article": article, "ArticleInput": article_input, "ArticlePage": page_schema(ref("Article"))}
    return Section(paths, schemas)
