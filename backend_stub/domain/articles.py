"""Campaign articles: what an article is and how a posted list of them is validated.

Errors name each field by its path in the posted array, in the form ``[1].name`` (index in
brackets, then the field); an item that is not an object is named ``[1]``, and a body that is not
an array ``body``. Every item is checked, so one answer names every bad field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import FieldErrors, Invalid
from .filters import FieldType
from .identifiers import parse_identifier
from .text import read_text
from .urls import parse_http_url

__all__ = ["Article", "ARTICLE_FIELDS", "ARTICLE_FILTER_FIELDS", "parse_articles", "parse_campaign_id"]

ARTICLE_FIELDS = ("id", "name", "description", "url", "image_url")
ARTICLE_FILTER_FIELDS: dict[str, FieldType] = {"id": FieldType.TEXT, "name": FieldType.TEXT}
MAX_NAME_LENGTH = 1000
MAX_DESCRIPTION_LENGTH = 10000


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
    before = len(errors.fields)
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
    if len(errors.fields) != before or article_id is None or name is None or url is None:
        return None
    return Article(article_id, name, url, description, image_url)


def parse_articles(data: object) -> list[Article]:
    """The articles of a posted JSON array; :class:`Invalid` names every bad field by its path."""
    if not isinstance(data, list):
        raise Invalid({"body": ["Must be a JSON array of articles."]})
    errors = FieldErrors()
    articles: list[Article] = []
    seen: set[str] = set()
    for index, item in enumerate(data):
        article = _article(item, f"[{index}]", errors)
        if article is None:
            continue
        if article.id in seen:
            errors.add(f"[{index}].id", "Repeated in this request.")
        seen.add(article.id)
        articles.append(article)
    errors.raise_if_any()
    return articles


def parse_campaign_id(value: str) -> str:
    """A campaign id from a URL path, which posting articles creates: an identifier like any
    other (:func:`~.identifiers.parse_identifier`); :class:`Invalid` naming ``campaign_id``."""
    errors = FieldErrors()
    parse_identifier(value, "campaign_id", errors)
    errors.raise_if_any()
    return value
