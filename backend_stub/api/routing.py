"""API routes as data: each resource module lists its routes; they answer at ``/`` and ``/v1/``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from aiohttp import web

from .auth import Access

__all__ = ["Route", "RouteInfo", "API_ROUTES", "add_api_routes", "route_info"]

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True, slots=True)
class Route:
    """One API operation: method, path, handler, and the key it needs."""

    method: str
    path: str
    handler: Handler
    access: Access = Access.PRIVATE


@dataclass(frozen=True, slots=True)
class RouteInfo:
    """What the API middleware needs about the route a request matched."""

    access: Access
    path_version: int | None


API_ROUTES = web.AppKey("api_routes", dict)
VERSION_PREFIXES = {"": None, "/v1": 1}


def add_api_routes(app: web.Application, routes: Iterable[Route]) -> None:
    """Register every route under each version prefix and remember its access rule."""
    table: dict = app.setdefault(API_ROUTES, {})
    for route in routes:
        for prefix, version in VERSION_PREFIXES.items():
            registered = app.router.add_route(route.method, prefix + route.path, route.handler)
            table[registered] = RouteInfo(route.access, version)


def route_info(request: web.Request) -> RouteInfo | None:
    """The API route the request matched, or None (not an API path, or no match)."""
    return request.app[API_ROUTES].get(request.match_info.route)
