"""The sandbox control endpoints: health and reset, and the guard every control goes through."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from ..state import state_of
from ..storage.fixture import reset as reset_storage
from ..web.compiled_sdk import inspect
from .guard import check_control_access
from .switchboard import SWITCHBOARD

__all__ = ["ROUTES", "control"]


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def control(handler: Handler) -> Handler:
    """Guard a control handler with :func:`check_control_access`."""

    async def guarded(request: web.Request) -> web.StreamResponse:
        config = state_of(request).config
        check_control_access(request, config.admin_token, config.allowed_hosts)
        return await handler(request)

    guarded.__name__ = guarded.__qualname__ = handler.__name__
    guarded.__doc__ = handler.__doc__
    return guarded


@control
async def health(request: web.Request) -> web.Response:
    """200 once the server is ready to answer; ``sdk`` says whether it can serve the SDK, and if
    not why, so a test kit can stop before browser tests wait for buttons that never come."""
    presence = inspect(state_of(request).config.sdk_dir)
    return web.json_response({"status": "ok", "sdk": presence.report()})


@control
async def reset(request: web.Request) -> web.Response:
    """Back to the fixture: every object created since is gone, every control switched off,
    the clock back to the real one.

    The requests a fault holds are ended first (they answer an error, unserved), and answers
    still being made are not kept under their idempotency keys: nothing from before the reset
    acts on what follows it."""
    state = state_of(request)
    request.app[SWITCHBOARD].reset()
    state.idempotency.forget()
    await reset_storage(state.db, state.fixture)
    state.merchants.invalidate()
    state.clock.load()  # the reset emptied its table: the clock is the real one again
    return web.json_response({"status": "reset"})


ROUTES = [web.get("/_sandbox/health", health), web.post("/_sandbox/reset", reset)]
