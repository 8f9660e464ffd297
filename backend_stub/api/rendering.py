"""The one place that turns data into an API answer, in JSON or XML."""

from __future__ import annotations

import json

import orjson
from aiohttp import web

from .negotiation import DEFAULT, MediaType
from .xml import to_xml

__all__ = ["MEDIA_TYPE", "render", "render_empty", "media_type_of"]

MEDIA_TYPE = web.RequestKey("media_type", MediaType)  # the negotiated media type


def media_type_of(request: web.Request) -> MediaType:
    """The negotiated media type, or the default when negotiation did not run (or failed)."""
    return request.get(MEDIA_TYPE, DEFAULT)


def render(
    request: web.Request,
    data: object,
    status: int = 200,
    headers: dict[str, str] | None = None,
) -> web.Response:
    """An API answer carrying ``data`` in the format the request negotiated."""
    media = media_type_of(request)
    # orjson encodes straight to UTF-8 bytes, ten times faster than the json module on an
    # availability answer, and writes NaN as null where the json module writes invalid JSON.
    if media.format == "xml":
        body = to_xml(data).encode()
    else:
        try:
            body = orjson.dumps(data)
        except orjson.JSONEncodeError:
            body = _json_without_surrogates(data)
    response = web.Response(
        body=body,
        status=status,
        headers={"Content-Type": media.content_type, "X-Service-Media-Type": media.header},
    )
    if headers:
        response.headers.update(headers)
    return response


def _json_without_surrogates(data: object) -> bytes:
    # A lone surrogate (a header that was not UTF-8, quoted in a message) cannot be UTF-8, as
    # JSON text must be: each becomes U+FFFD.
    text = json.dumps(data, ensure_ascii=False)
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").encode("utf-8")


def render_empty(request: web.Request, status: int = 204) -> web.Response:
    """An answer without a body (204): no Content-Type, as there is no content to label; the
    version it was answered in is in ``X-Service-Media-Type``."""
    response = web.Response(status=status)
    response.headers["X-Service-Media-Type"] = media_type_of(request).header
    return response
