"""Serving the built SDK: the loader at ``/sdk.js``, its TypeScript declarations at ``/sdk.d.ts``,
and the versioned files under ``/sdk/``.

Versioned names carry a content hash, so they are cached for a year and never revalidated;
the loader's own URL is what merchants embed, so it is cached briefly. Every script is
precompressed at build time and served as brotli or gzip when the browser accepts it
(:mod:`.content_coding` reads ``Accept-Encoding``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web

from ..api.errors import NotFound, ServiceUnavailable
from ..state import state_of
from .batch_checks import batch_checks
from .bridge_page import render_bridge
from .compiled_sdk import Presence, inspect
from .content_coding import IDENTITY, choose_coding
from .first_answers import fetched_first_answers

__all__ = ["ROUTES", "add_file_cache", "cross_origin", "SdkFiles"]

IMMUTABLE = "public, max-age=31536000, immutable"
LOADER_CACHE = "public, max-age=300"
CONTENT_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".ts": "application/typescript; charset=utf-8",
}
# Public, so it names no path of the server's: the guarded health control says what is missing.
MISSING = (
    "This server has no compiled SDK to serve (GET /_sandbox/health says what is missing). An"
    " installed service-checkout package carries it; a source checkout builds it with `make build`."
)
# The bridge's worker runs Brython, which evaluates generated code: only it may use
# 'unsafe-eval'. A worker runs under the policy its own script is served with.
WORKER_CSP = "default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'self'"
# A build without rendered first answers (no inline script hash in its manifest: the benchmark's
# floors) serves its bridge page as a static file, which may run Brython or start a worker itself.
STATIC_BRIDGE_CSP = (
    "default-src 'none'; script-src 'self' 'unsafe-eval'; worker-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'"
)
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


@dataclass
class SdkFiles:
    """The build's manifest and every servable file, read into memory once."""

    manifest: dict[str, Any]
    files: dict[str, bytes]

    @classmethod
    def load(cls, presence: Presence) -> SdkFiles:
        """Every file of a folder :func:`~.compiled_sdk.inspect` found complete."""
        files = {path.name: path.read_bytes() for path in presence.folder.iterdir() if path.is_file()}
        return cls(presence.manifest, files)


SDK_FILES = web.AppKey("sdk_files", dict)


def _files(request: web.Request) -> SdkFiles:
    cache = request.app[SDK_FILES]
    if "files" not in cache:
        presence = inspect(state_of(request).config.sdk_dir)
        if not presence.present:
            # Not cached: an SDK compiled while the server runs is served from then on.
            raise ServiceUnavailable(MISSING)
        cache["files"] = SdkFiles.load(presence)
    return cache["files"]


def _serve(request: web.Request, files: SdkFiles, name: str, cache_control: str) -> web.Response:
    suffixes = {coding: name + suffix for coding, suffix in ENCODINGS if name + suffix in files.files}
    encoding = choose_coding(request.headers.get("Accept-Encoding"), list(suffixes))
    body = files.files[suffixes.get(encoding, name)]
    response = web.Response(body=body)
    response.headers["Content-Type"] = CONTENT_TYPES[Path(name).suffix]
    response.headers["Cache-Control"] = cache_control
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["X-Content-Type-Options"] = "nosniff"
    if encoding != IDENTITY:
        response.headers["Content-Encoding"] = encoding
    if name == files.manifest.get("bridge_worker"):
        response.headers["Content-Security-Policy"] = WORKER_CSP
    elif name == files.manifest["bridge"]:
        # A bridge page served as it is (the benchmark's floors) runs its scripts itself.
        response.headers["Content-Security-Policy"] = STATIC_BRIDGE_CSP
    return response


async def loader(request: web.Request) -> web.Response:
    """The one script a merchant includes."""
    files = _files(request)
    return _serve(request, files, files.manifest["loader"], LOADER_CACHE)


async def declarations(request: web.Request) -> web.Response:
    """The TypeScript declarations of the loader's global, beside it (cached as briefly)."""
    files = _files(request)
    if "types" not in files.manifest:
        raise NotFound("This build of the SDK has no TypeScript declarations: rebuild it (make build).")
    return _serve(request, files, files.manifest["types"], LOADER_CACHE)


async def versioned_file(request: web.Request) -> web.Response:
    """Brython (and the sections it loads on first use), the SDK bundle, the bridge's worker and
    the bridge page, by their hashed names."""
    files = _files(request)
    name = request.match_info["name"]
    if name == files.manifest["bridge"] and "bridge_script" in files.manifest:
        return await render_bridge(request, files.files[name], files.manifest)
    servable = {
        files.manifest[key]
        for key in ("brython", "brython_lazy", "bundle", "bridge", "bridge_worker")
        if key in files.manifest
    }
    if name not in servable:
        raise NotFound(f"No SDK file named {name!r} in this build.")
    return _serve(request, files, name, IMMUTABLE)


def cross_origin(
    handler: Callable[[web.Request], Awaitable[web.Response]],
) -> Callable[[web.Request], Awaitable[web.Response]]:
    """``handler`` answering every request with ``Access-Control-Allow-Origin: *``, so that a
    merchant's ``<script crossorigin="anonymous" integrity=...>`` may check it. Every request,
    not only those with an ``Origin``: a cache keeps one answer for a plain tag and a CORS tag."""

    async def labelled(request: web.Request) -> web.Response:
        response = await handler(request)
        response.headers["Access-Control-Allow-Origin"] = "*"
        return response

    return labelled


def add_file_cache(app: web.Application) -> None:
    """The app's cache of the built files, read on the first request that needs them."""
    app[SDK_FILES] = {}


ROUTES = [
    web.get("/sdk.js", cross_origin(loader)),
    web.get("/sdk.d.ts", declarations),
    web.get("/sdk/first", fetched_first_answers),  # before /sdk/{name}, which would take it
    web.get("/sdk/checks", batch_checks),
    web.get("/sdk/{name}", versioned_file),
]
