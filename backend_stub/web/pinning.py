"""Pinning the loader (PCI DSS 4.0, requirement 6.4.3): ``/sdk.json``, ``/sdk/<version>/sdk.js``
and the bridge page's address for pinned loaders, ``/sdk/bridge.html``.

``/sdk.json`` names the current loader's version, its immutable address and its Subresource
Integrity hash, and every version the server still serves. Each version's address serves the
same bytes for as long as it is listed (the build checks the recorded ones:
:mod:`sdk.tooling.releases`), cached for a year and open to CORS so that a merchant's
``<script integrity=... crossorigin="anonymous">`` can check it. Every pinned loader opens the
bridge at ``/sdk/bridge.html``: the current build's bridge page, cached briefly, since a pinned
loader outlives the build it was made with (and the worker that build's page names). So does
``/sdk.js`` across a redeploy: the bridge page it names by hash, once gone, is answered the same.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ..api.errors import NotFound
from ..api.public_url import server_url
from .assets import IMMUTABLE, LOADER_CACHE, SdkFiles, _files, _serve, cross_origin, versioned_file
from .bridge_page import render_bridge

__all__ = ["ROUTES", "BRIDGE_ADDRESS", "pins"]

# Where every pinned loader looks for the bridge page (sdk.tooling.releases.BRIDGE_ADDRESS).
BRIDGE_ADDRESS = "/sdk/bridge.html"

UNPINNED = "This build of the SDK has no versioned loader: rebuild it (make build)."


def _loaders(files: SdkFiles) -> dict[str, dict[str, str]]:
    loaders = files.manifest.get("loaders")
    if not isinstance(loaders, dict):
        raise NotFound(UNPINNED)
    return loaders


def pins(base: str, manifest: dict[str, Any]) -> dict[str, Any]:
    """What ``/sdk.json`` answers for a build's ``manifest``, its URLs under ``base``."""
    supported = [
        {"version": version, "url": f"{base}/sdk/{version}/sdk.js", "integrity": loader["integrity"]}
        for version, loader in manifest["loaders"].items()
    ]
    (current,) = (pin for pin in supported if pin["version"] == manifest["loader_version"])
    return {**current, "supported": supported}


async def sdk_json(request: web.Request) -> web.Response:
    """The loader to pin, and every version still served."""
    files = _files(request)
    _loaders(files)
    response = web.json_response(pins(server_url(request), files.manifest))
    response.headers["Cache-Control"] = LOADER_CACHE
    return response


async def versioned_loader(request: web.Request) -> web.Response:
    """One version of the loader, by the version ``/sdk.json`` lists: immutable."""
    files = _files(request)
    version = request.match_info["version"]
    loader = _loaders(files).get(version)
    if loader is None:
        raise NotFound(f"No loader of version {version!r} is served: GET /sdk.json lists those that are.")
    return _serve(request, files, loader["file"], IMMUTABLE)


async def pinned_bridge(request: web.Request) -> web.Response:
    """The current bridge page, for pinned loaders of any listed version: cached as briefly as
    ``/sdk.js`` (never for a year under this one address), and not at all with elements."""
    files = _files(request)
    if "bridge_script" not in files.manifest:
        raise NotFound(UNPINNED)
    response = await render_bridge(request, files.files[files.manifest["bridge"]], files.manifest)
    if response.headers.get("Cache-Control") != "no-store":
        response.headers["Cache-Control"] = LOADER_CACHE
    return response


async def earlier_bridge(request: web.Request) -> web.Response:
    """A bridge page by its hashed name. The build's own is served as any versioned file; an
    earlier build's, which ``/sdk.js`` named before a redeploy (a browser keeps it five minutes,
    a page left open keeps it for good), gets the current bridge page as a pinned loader does:
    a 404 there would stop the SDK on that page."""
    if request.match_info["name"] == _files(request).manifest["bridge"]:
        return await versioned_file(request)
    return await pinned_bridge(request)


# Before /sdk/{name} (backend_stub.web.assets), which would take /sdk/bridge.html.
ROUTES = [
    web.get("/sdk.json", cross_origin(sdk_json)),
    web.get("/sdk/{version}/sdk.js", cross_origin(versioned_loader)),
    web.get(BRIDGE_ADDRESS, pinned_bridge),
    web.get(r"/sdk/{name:bridge\.[0-9a-f]{12}\.html}", earlier_bridge),
]
