"""The one place that turns data into an API answer, in JSON or XML."""

from __future__ import annotations

import json

import orjson
from aiohttp import web

from .negotiation import DEFAULT, MediaType
from .xml import to_xml

__all__ = ["MEDIA_TYPE", "RENDERED", "render", "render_empty", "media_type_of", "to_json"]

MEDIA_TYPE = web.RequestKey("media_type", MediaType)  # the negotiated media type
# The data of the request's last rendered answer (None: an answer without a body), which an
# idempotent retry renders again in the format it asks for (api.idempotency).
RENDERED = web.RequestKey("rendered", object)


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
    request[RENDERED] = data
    body = to_xml(data).encode() if media.format == "xml" else to_json(data)
    response = web.Response(
        body=body,
        status=status,
        headers={"Content-Type": media.content_type, "X-Service-Media-Type": media.header},
    )
    if headers:
        response.headers.update(headers)
    return response


def to_json(data: object) -> bytes:
    """``data`` as strict JSON in UTF-8."""
    # orjson encodes straight to UTF-8 bytes, ten times faster than the json module on an
    # availability answer, and writes NaN as null where the json module writes invalid JSON.
    try:
        return orjson.dumps(data)
    except orjson.JSONEncodeError:
        return _json_without_surrogates(data)


def _json_without_surrogates(data: object) -> bytes:
    # A lone surrogate (a header that was not UTF-8, quoted in a message) cannot be UTF-8, as
    # JSON text must be: each becomes U+FFFD.
    text = json.dumps(data, ensure_ascii=False)
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").encode("utf-8")


def render_empty(request: web.Request, status: int = 204) -> web.Response:
    """An answer without a body (204): no Content-Type, as there is no content to label; the
    version it was answered in is in ``X-Service-Media-Type``."""
    request[RENDERED] = None
    response = web.Response(status=status)
    response.headers["X-Service-Media-Type"] = media_type_of(request).header
    return response
