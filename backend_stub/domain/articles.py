"""Campaign articles: what an article is and how a posted list of them is validated.

Errors name each field by its path in the posted array, in the form ``[1].name`` (index in
brackets, then the field); an item that is not an object is named ``[1]``, and a body that is not
an array, or holds more than :data:`MAX_POSTED_ARTICLES`, ``body``. Every item is checked, so one
answer names every bad field (up to :data:`~.errors.MAX_LISTED_FIELDS` of them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import FieldErrors, Invalid
from .filters import FieldType
from .identifiers import parse_identifier
from .text import read_text
from .urls import parse_http_url

__all__ = [
    "Article",
    "ARTICLE_FIELDS",
    "ARTICLE_FILTER_FIELDS",
    "MAX_POSTED_ARTICLES",
    "article_items",
    "parse_article_items",
    "parse_articles",
    "parse_campaign_id",
]

ARTICLE_FIELDS = ("id", "name", "description", "url", "image_url")
ARTICLE_FILTER_FIELDS: dict[str, FieldType] = {"id": FieldType.TEXT, "name": FieldType.TEXT}
MAX_NAME_LENGTH = 1000
MAX_DESCRIPTION_LENGTH = 10000
# Articles one request posts at most: a 1 MiB body of 23,000 small ones held every merchant's
# requests for a second on this machine while it was read and written in one step.
MAX_POSTED_ARTICLES = 1000


@dataclass(frozen=True, slots=True)
class Article:
    id: str
    name: str
    url: str
    description: str | None = None
    image_url: str | None = None


def _article(data: object, path: str, errors: FieldErrors) -> Article | None:
    if not isinstance(data, Mapping):
        errors.add(path, "Must be an article object.")
        return None
    for unknown in sorted(set(data) - set(ARTICLE_FIELDS)):
        errors.add(f"{path}.{unknown}", "Unknown field; an article has: " + ", ".join(ARTICLE_FIELDS) + ".")
    before = errors.count
    article_id = parse_identifier(data.get("id"), f"{path}.id", errors)
    name = read_text(data.get("name"), f"{path}.name", errors, maximum=MAX_NAME_LENGTH)
    description = read_text(
        data.get("description"),
        f"{path}.description",
        errors,
        maximum=MAX_DESCRIPTION_LENGTH,
        required=False,
        lines=True,
    )
    url = parse_http_url(data.get("url"), f"{path}.url", errors)
    image_url = parse_http_url(data.get("image_url"), f"{path}.image_url", errors, required=False)
    # Each required field is an error when missing: None here means one was recorded.
    if errors.count != before or article_id is None or name is None or url is None:
        return None
    return Article(article_id, name, url, description, image_url)


def article_items(data: object) -> list[object]:
    """The items of a posted body: :class:`Invalid` naming ``body`` when it is not a JSON array,
    or holds more than :data:`MAX_POSTED_ARTICLES` (refused before any is read)."""
    if not isinstance(data, list):
        raise Invalid({"body": ["Must be a JSON array of articles."]})
    if len(data) > MAX_POSTED_ARTICLES:
        raise Invalid(
            {
                "body": [
                    f"At most {MAX_POSTED_ARTICLES} articles per request: send the others in more requests."
                ]
            }
        )
    return data


def parse_article_items(
    items: list[object], first: int, seen: set[str], errors: FieldErrors
) -> list[Article]:
    """The articles of ``items``, the array's items from index ``first`` on, recording each
    problem in ``errors`` and each id in ``seen``, so that a long array can be read a slice at a
    time (:mod:`backend_stub.api.articles`)."""
    articles: list[Article] = []
    for index, item in enumerate(items, first):
        article = _article(item, f"[{index}]", errors)
        if article is None:
            continue
        if article.id in seen:
            errors.add(f"[{index}].id", "Repeated in this request.")
        seen.add(article.id)
        articles.append(article)
    return articles


def parse_articles(data: object) -> list[Article]:
    """The articles of a posted JSON array; :class:`Invalid` names every bad field by its path."""
    errors = FieldErrors()
    articles = parse_article_items(article_items(data), 0, set(), errors)
    errors.raise_if_any()
    return articles


def parse_campaign_id(value: str) -> str:
    """A campaign id from a URL path, which posting articles creates: an identifier like any
    other (:func:`~.identifiers.parse_identifier`); :class:`Invalid` naming ``campaign_id``."""
    errors = FieldErrors()
    parse_identifier(value, "campaign_id", errors)
    errors.raise_if_any()
    return value
