"""The application factory: ``create_app(config)`` builds one independent server."""

from __future__ import annotations

from collections.abc import AsyncIterator

from aiohttp import web

from .api import button
from .api.middlewares import api_middleware, cors_middleware, error_middleware
from .api.routing import add_api_routes
from .config import Config
from .sandbox.controls import add_control_routes
from .state import STATE, ServerState
from .storage import Database
from .storage.fixture import load_fixture, read_fixture
from .web import assets

__all__ = ["create_app"]

# Each API resource module exposes ROUTES; adding a resource is adding it here.
RESOURCES = [button]


def _open_state(config: Config) -> ServerState:
    db = Database(config.db)
    fixture = read_fixture(config.fixture)
    if db.query_one("SELECT 1 FROM merchants LIMIT 1") is None:
        # A new database starts from the fixture; an existing one keeps its data.
        load_fixture(db, fixture)
    return ServerState(config=config, db=db, fixture=fixture)


def create_app(config: Config | None = None) -> web.Application:
    """A sandbox server. Its database is opened here, so a bad path fails fast, before serving."""
    config = config or Config()
    app = web.Application(
        middlewares=[cors_middleware, error_middleware, api_middleware],
        client_max_size=1024**2,
    )
    state = _open_state(config)
    app[STATE] = state

    async def close_database(_app: web.Application) -> AsyncIterator[None]:
        yield
        state.db.close()

    app.cleanup_ctx.append(close_database)
    for resource in RESOURCES:
        add_api_routes(app, resource.ROUTES)
    add_control_routes(app)
    assets.add_asset_routes(app)
    return app
