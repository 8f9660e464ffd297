"""The control endpoints of the gate: the journal, faults, maintenance and the concurrency limit.

``GET``/``DELETE /_sandbox/requests``, ``GET``/``POST``/``DELETE /_sandbox/faults``,
``GET``/``POST /_sandbox/maintenance``, ``GET``/``POST /_sandbox/limits``. Bad input is a 400
in the API's error format, naming each bad field.
"""

from __future__ import annotations

from aiohttp import web

from ..api.bodies import read_json
from ..state import STATE
from .controls import control
from .journal import parse_filter
from .switchboard import SWITCHBOARD, Switchboard

__all__ = ["ROUTES", "add_switchboard"]


def _board(request: web.Request) -> Switchboard:
    return request.app[SWITCHBOARD]


@control
async def list_requests(request: web.Request) -> web.Response:
    """The journal, oldest first, a page at a time; filters ``method``, ``path`` (with
    ``any_version``), ``since``. Other requests run while the page is described."""
    body = await _board(request).journal.answer(parse_filter(request.query))
    return web.Response(body=body, headers={"Content-Type": "application/json; charset=utf-8"})


@control
async def clear_requests(request: web.Request) -> web.Response:
    """Empty the journal; sequence numbers go on."""
    journal = _board(request).journal
    journal.clear()
    return web.json_response({"requests": [], "last_seq": journal.last_seq, "next_since": None})


@control
async def list_faults(request: web.Request) -> web.Response:
    """The faults still to hit a request, oldest first."""
    return web.json_response({"faults": [fault.describe() for fault in _board(request).faults.active]})


@control
async def add_fault(request: web.Request) -> web.Response:
    """Register a fault for the next matching requests."""
    fault = _board(request).faults.add(await read_json(request))
    return web.json_response({"fault": fault.describe()}, status=201)


@control
async def clear_faults(request: web.Request) -> web.Response:
    """Forget every fault and release the requests held by a delay."""
    _board(request).faults.clear()
    return web.json_response({"faults": []})


@control
async def show_maintenance(request: web.Request) -> web.Response:
    """Whether maintenance mode is on."""
    return web.json_response(_board(request).maintenance.describe())


@control
async def set_maintenance(request: web.Request) -> web.Response:
    """Turn maintenance mode on or off."""
    maintenance = _board(request).maintenance
    maintenance.update(await read_json(request))
    return web.json_response(maintenance.describe())


@control
async def show_limits(request: web.Request) -> web.Response:
    """The concurrency limit per key, and the requests in flight."""
    return web.json_response(_board(request).throttle.describe())


@control
async def set_limits(request: web.Request) -> web.Response:
    """Change the concurrency limit per key until the next reset."""
    throttle = _board(request).throttle
    throttle.update(await read_json(request))
    return web.json_response(throttle.describe())


def add_switchboard(app: web.Application) -> None:
    """Give the app its switchboard, everything off."""
    config = app[STATE].config
    board = Switchboard.with_limits(config.concurrency_limit, config.journal_max_bytes)
    app[SWITCHBOARD] = board

    async def release_held_requests(_app: web.Application) -> None:
        # Requests held by a long delay would otherwise keep the server from stopping.
        board.faults.release()

    app.on_shutdown.append(release_held_requests)


ROUTES = [
    web.get("/_sandbox/requests", list_requests),
    web.delete("/_sandbox/requests", clear_requests),
    web.get("/_sandbox/faults", list_faults),
    web.post("/_sandbox/faults", add_fault),
    web.delete("/_sandbox/faults", clear_faults),
    web.get("/_sandbox/maintenance", show_maintenance),
    web.post("/_sandbox/maintenance", set_maintenance),
    web.get("/_sandbox/limits", show_limits),
    web.post("/_sandbox/limits", set_limits),
]
