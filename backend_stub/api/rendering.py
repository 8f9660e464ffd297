"""The one place that turns data into an API answer, in JSON or XML."""

from __future__ import annotations

import json

from aiohttp import web

from .negotiation import DEFAULT, MediaType
from .xml import to_xml

__all__ = ["MEDIA_TYPE", "render", "render_empty", "media_type_of"]

MEDIA_TYPE = web.RequestKey("media_type", MediaType)  # the negotiated media type
JSON_CONTENT_TYPE = "application/json"
# One encoder for every answer: json.dumps with separators builds a new one per call.
_ENCODE = json.JSONEncoder(separators=(",", ":")).encode
XML_CONTENT_TYPE = "application/xml"


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
    if media.format == "xml":
        text, content_type = to_xml(data), XML_CONTENT_TYPE
    else:
        text, content_type = _ENCODE(data), JSON_CONTENT_TYPE
    response = web.Response(
        text=text, status=status, content_type=content_type, charset="utf-8", headers=headers
    )
    response.headers["X-Service-Media-Type"] = media.header
    return response


def render_empty(request: web.Request, status: int = 204) -> web.Response:
    """An answer without a body (204), labelled with the vendor media type as the document shows."""
    media = media_type_of(request)
    response = web.Response(status=status)
    response.headers["Content-Type"] = f"application/vnd.{media.header}+{media.format}"
    response.headers["X-Service-Media-Type"] = media.header
    return response
