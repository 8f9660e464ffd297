"""API routes as data: each resource module lists its routes; they answer at ``/`` and ``/v1/``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass

from aiohttp import web

from .auth import Access

__all__ = ["Handler", "Route", "RouteInfo", "VERSION_PREFIXES", "versioned"]

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
    """What the API's pipeline (api.serving.serve) needs about the route a request matched."""

    access: Access
    path_version: int | None


VERSION_PREFIXES = {"": None, "/v1": 1}


def versioned(routes: Iterable[Route]) -> Iterator[tuple[str, str, Handler, RouteInfo]]:
    """Each route under each version prefix: method, path, handler, and what the API checks."""
    for route in routes:
        for prefix, version in VERSION_PREFIXES.items():
            yield route.method, prefix + route.path, route.handler, RouteInfo(route.access, version)
