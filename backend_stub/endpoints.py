"""Every route of the server, each bound to the one request pipeline when it is registered.

The pipeline is the sandbox gate (:func:`backend_stub.sandbox.gate.admit`: journal, faults,
maintenance, the concurrency limit) around the API's own (:func:`backend_stub.api.serving.serve`:
CORS, version and format, key, errors) around the route's handler. It is bound into each route
rather than run as aiohttp middlewares: each middleware layer costs a coroutine, a lookup and
a partial on every request, and ``GET /checkout/button`` is the hottest path a merchant's page
has. A catch-all route, registered last, gives requests that match nothing their 404 or 405
through the same pipeline, so they are journalled, labelled for CORS and in the error format.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from aiohttp import web

from .api.routing import Handler, Route, RouteInfo, versioned
from .sandbox.gate import admit
from .sandbox.switchboard import SWITCHBOARD
from .state import STATE

__all__ = ["add_api_routes", "add_routes", "add_catch_all", "route_info"]


def _through_pipeline(app: web.Application, handler: Handler, info: RouteInfo | None) -> Handler:
    # Bound by position: a partial with keywords copies them into a new dict on every call.
    return functools.partial(admit, handler, info, app[SWITCHBOARD], app[STATE].merchants)


def route_info(route: web.AbstractRoute) -> RouteInfo | None:
    """What the pipeline knows of a registered route: its API access and version, or None."""
    handler = route.handler
    return handler.args[1] if isinstance(handler, functools.partial) else None


def add_api_routes(app: web.Application, routes: Iterable[Route]) -> None:
    """Register API operations, under each version prefix; ``HEAD`` wherever ``GET`` is (the
    same answer without its body, as HTTP wants and aiohttp's ``add_get`` does)."""
    for method, path, handler, info in versioned(routes):
        bound = _through_pipeline(app, handler, info)
        if method == "GET":
            app.router.add_get(path, bound)
        else:
            app.router.add_route(method, path, bound)


def add_routes(app: web.Application, definitions: Iterable[web.RouteDef]) -> None:
    """Register the other routes: sandbox controls, SDK files, the hosted checkout, OpenAPI."""
    app.add_routes(
        web.RouteDef(route.method, route.path, _through_pipeline(app, route.handler, None), route.kwargs)
        for route in definitions
    )


def add_catch_all(app: web.Application) -> None:
    """Register, last, the route of every request that no other route takes."""
    catch_all = app.router.add_resource("/{path:.*}")

    async def unmatched(request: web.Request) -> web.StreamResponse:
        # The router fell through to here: 405 if another route has this path, else 404.
        allowed: set[str] = set()
        for resource in request.app.router.resources():
            if resource is not catch_all:
                allowed |= (await resource.resolve(request))[1]
        if allowed:
            raise web.HTTPMethodNotAllowed(request.method, allowed)
        raise web.HTTPNotFound()

    catch_all.add_route("*", _through_pipeline(app, unmatched, None))
