"""Reading JSON request bodies: 415 for another media type, 400 for malformed JSON."""

from __future__ import annotations

import json

from aiohttp import web

from .errors import UnsupportedMediaType, ValidationFailed

__all__ = ["read_json"]


def _is_json(content_type: str) -> bool:
    return content_type == "application/json" or (
        content_type.startswith("application/") and content_type.endswith("+json")
    )


async def read_json(request: web.Request) -> object:
    """The request's JSON body."""
    if not _is_json(request.content_type):
        raise UnsupportedMediaType(
            f"Content-Type {request.content_type!r} is not supported; send application/json."
        )
    raw = await request.read()
    try:
        return json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValidationFailed(
            "The request body is not valid JSON.", fields={"body": [f"Malformed JSON: {exc}"]}
        ) from None
