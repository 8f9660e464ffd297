"""Campaign articles: ``/me/campaigns/:campaignId/articles`` (post, list, delete one or all)."""

from __future__ import annotations

from aiohttp import web

from ..domain.articles import ARTICLE_FILTER_FIELDS, Article, parse_articles, parse_campaign_id
from ..state import state_of
from ..storage.articles import ArticleStore
from .bodies import read_json
from .listing import render_list
from .rendering import render_empty
from .routing import Route
from .serving import MERCHANT

__all__ = ["ROUTES", "present_article"]

_ARTICLES = "/me/campaigns/{campaign_id}/articles"


def present_article(article: Article) -> dict:
    """An article as the API shows it (absent optional fields are null)."""
    return {
        "id": article.id,
        "name": article.name,
        "description": article.description,
        "url": article.url,
        "image_url": article.image_url,
    }


async def post_articles(request: web.Request) -> web.Response:
    """Add or update the posted articles (by id); 204."""
    campaign_id = parse_campaign_id(request.match_info["campaign_id"])
    articles = parse_articles(await read_json(request))
    ArticleStore(state_of(request).db).upsert(request[MERCHANT].id, campaign_id, articles)
    return render_empty(request)


async def list_articles(request: web.Request) -> web.Response:
    """One page of the campaign's articles matching the filters."""
    merchant_id, campaign_id = request[MERCHANT].id, request.match_info["campaign_id"]
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
