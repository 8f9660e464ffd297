"""Requests aiohttp refuses before any handler runs, answered in the API's error format.

A request line or header over aiohttp's limits, bytes HTTP does not allow, or a body in a
Content-Encoding aiohttp cannot decode (``zstd`` here) never reaches a route: aiohttp answers
them itself, by default in plain text with ``Server: Python/3.11 aiohttp/3.14.5`` (which tells a
prober which known bugs to try) and a traceback in the log for each, which a client could
repeat to fill it. :class:`ServiceRunner` serves the app with a connection handler whose
:meth:`~ServiceRequestHandler.handle_error` answers them as the API answers every mistake:
``{"error": ...}`` JSON, ``Server: service-stub``, a 400 (415 for an encoding), logged on one
line at debug level. The connection still closes after it, as aiohttp cannot read past them.
A client that closed its connection mid-body (``ConnectionResetError``) is logged the same
way: there is nobody to answer, and nothing failed on the server's side.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import ContentEncodingError, LineTooLong
from aiohttp.web_protocol import RequestHandler
from aiohttp.web_request import BaseRequest

from .errors import APIError, InternalServerError, UnsupportedMediaType, ValidationFailed
from .rendering import to_json

__all__ = ["SERVER_NAME", "SUPPORTED_ENCODINGS", "ServiceRequestHandler", "ServiceRunner", "protocol_error"]

# aiohttp's default, "Python/3.11 aiohttp/3.14.5", tells a prober which known bugs to try.
SERVER_NAME = "service-stub"
# The Content-Encodings a request body may come in (api.bodies decodes them).
SUPPORTED_ENCODINGS = ("identity", "gzip", "deflate", "br")


def unsupported_encoding(name: str) -> UnsupportedMediaType:
    """The 415 for a body in the Content-Encoding ``name``."""
    shown = name if len(name) <= 40 else name[:40] + "..."
    return UnsupportedMediaType(
        f"Content-Encoding {shown!r} is not supported; send the body as "
        + ", ".join(SUPPORTED_ENCODINGS[:-1])
        + f" or {SUPPORTED_ENCODINGS[-1]}."
    )


def protocol_error(status: int, exc: BaseException | None) -> APIError:
    """The API error for what aiohttp refused with ``status`` (``exc`` its reason)."""
    if isinstance(exc, ContentEncodingError):
        return unsupported_encoding("zstd" if "zstd" in str(exc) else str(exc))
    if isinstance(exc, LineTooLong):
        return ValidationFailed("The request line or a header is longer than this server reads (8190 bytes).")
    if status < 500:
        return ValidationFailed("The request is not valid HTTP/1.1.")
    return InternalServerError("The server failed; retry later.")


class ServiceRequestHandler(RequestHandler):
    """aiohttp's connection handler, answering what it refuses in the API's error format."""

    def handle_error(
        self,
        request: BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        if status >= 500 and not isinstance(exc, ConnectionResetError):  # the server failed
            self.log_exception("Error handling request", exc_info=exc)
        else:
            self.logger.debug("refused a request aiohttp could not read: %s", type(exc).__name__)
        if request.writer.output_size > 0:
            raise ConnectionError("An answer was sent already: the connection is closed.")
        error = protocol_error(status, exc)
        response = web.Response(
            status=error.status,
            body=to_json(error.body()),
            headers={
                **error.headers,
                "Content-Type": "application/json; charset=utf-8",
                "Server": SERVER_NAME,
            },
        )
        response.force_close()
        return response


class _ServiceServer(web.Server):
    def __call__(self) -> RequestHandler:
        return ServiceRequestHandler(self, loop=self._loop, **self._kwargs)


class ServiceRunner(web.AppRunner):
    """``web.AppRunner`` whose connections answer protocol errors in the error format."""

    async def _make_server(self) -> web.Server:
        plain = await super()._make_server()
        server: Any = _ServiceServer.__new__(_ServiceServer)
        server.__dict__.update(plain.__dict__)  # the app's server, with this class's handlers
        return server
