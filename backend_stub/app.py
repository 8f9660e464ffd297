"""The application factory: ``create_app(config)`` builds one independent server."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

from aiohttp import web

from . import endpoints
from .api import articles, button, captures, checkouts, openapi, orders, plans, refunds
from .api.protocol_errors import SERVER_NAME
from .config import Config
from .sandbox import checkout_controls, clock_controls, controls, gate_controls, order_controls, seeding
from .state import STATE, ServerState
from .storage import Database
from .storage.fixture import finish_interrupted_reset, load_fixture, read_fixture
from .web import assets, hosted_checkout, page_files, pinning, plans_window

__all__ = ["SERVER_NAME", "create_app"]

log = logging.getLogger(__name__)

# Each API resource module exposes ROUTES; adding a resource is adding it here.
RESOURCES = [button, plans, checkouts, orders, refunds, captures, articles]


def _open_state(config: Config) -> ServerState:
    db = Database(config.db)
    try:
        fixture = read_fixture(config.fixture)
        if finish_interrupted_reset(db, fixture):
            log.warning("finished the reset that was under way when the server stopped")
        elif db.query_one("SELECT 1 FROM merchants LIMIT 1") is None:
            # A new database starts from the fixture; an existing one keeps its data.
            load_fixture(db, fixture)
    except BaseException:
        db.close()  # its reader threads, and the file of a :memory: database
        raise
    return ServerState(config=config, db=db, fixture=fixture)


async def _name_the_server(_request: web.Request, response: web.StreamResponse) -> None:
    response.headers["Server"] = SERVER_NAME


def create_app(config: Config | None = None) -> web.Application:
    """A sandbox server. Its database is opened here, so a bad path fails fast, before serving."""
    config = config or Config()
    app = web.Application(
        client_max_size=1024**2,
        # aiohttp closes a connection that has no request in progress when its keep-alive time
        # runs out, counted from the connection's start as well as from each answer: that is
        # the header timeout (aiohttp's own default is an hour, for any number of connections).
        handler_args={"keepalive_timeout": config.header_timeout},
    )  # no middleware: see backend_stub.endpoints
    state = _open_state(config)
    app[STATE] = state

    async def close_database(_app: web.Application) -> AsyncIterator[None]:
        yield
        state.db.close()

    app.cleanup_ctx.append(close_database)
    app.cleanup_ctx.append(state.slow_readers.watch)
    app.on_response_prepare.append(_name_the_server)
    gate_controls.add_switchboard(app)
    assets.add_file_cache(app)
    for resource in RESOURCES:
        endpoints.add_api_routes(app, resource.ROUTES)
    endpoints.add_routes(
        app,
        [
            *controls.ROUTES,
            *seeding.ROUTES,
            *gate_controls.ROUTES,
            *checkout_controls.ROUTES,
            *clock_controls.ROUTES,
            *order_controls.ROUTES,
            *openapi.ROUTES,
            *pinning.ROUTES,
            *assets.ROUTES,
            *hosted_checkout.ROUTES,
            *plans_window.ROUTES,
            *page_files.ROUTES,
        ],
    )
    endpoints.add_catch_all(app)
    return app
