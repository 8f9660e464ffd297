"""The application factory: ``create_app(config)`` builds one independent server."""

from __future__ import annotations

from collections.abc import AsyncIterator

from aiohttp import web

from .api import articles, button, captures, checkouts, openapi, orders, refunds
from .api.routing import add_api_routes
from .config import Config
from .sandbox.checkout_controls import add_checkout_controls
from .sandbox.controls import add_control_routes
from .sandbox.gate import gate_middleware
from .sandbox.gate_controls import add_gate_controls
from .sandbox.seeding import add_seeding_routes
from .state import STATE, ServerState
from .storage import Database
from .storage.fixture import load_fixture, read_fixture
from .web import assets, hosted_checkout

__all__ = ["create_app"]

# Each API resource module exposes ROUTES; adding a resource is adding it here.
RESOURCES = [button, checkouts, orders, refunds, captures, articles]


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
        # One middleware: the gate journals and applies the sandbox controls, then hands every
        # request to the API's own pipeline (backend_stub.api.serving).
        middlewares=[gate_middleware],
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
    add_seeding_routes(app)
    add_gate_controls(app)
    add_checkout_controls(app)
    openapi.add_openapi_route(app)
    assets.add_asset_routes(app)
    hosted_checkout.add_hosted_checkout_routes(app)
    return app
