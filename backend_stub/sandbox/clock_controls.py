"""``GET``/``POST /_sandbox/clock``: read the sandbox's clock, and move it forward for tests."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ..api.bodies import read_json
from ..domain.errors import REQUIRED, Invalid
from ..domain.timestamps import format_timestamp
from ..state import state_of
from ..storage.clock import MAX_OFFSET_DAYS, SandboxClock
from .controls import control

__all__ = ["ROUTES", "parse_advance"]


def parse_advance(data: object, offset_days: int) -> int:
    """The days a ``{"advance_days": N}`` body moves a clock that runs ``offset_days`` ahead;
    :class:`Invalid` naming ``advance_days`` (or ``body``) otherwise."""
    if not isinstance(data, dict):
        raise Invalid({"body": ['Must be a JSON object such as {"advance_days": 30}.']})
    days, most = data.get("advance_days"), MAX_OFFSET_DAYS - offset_days
    if days is None:
        raise Invalid({"advance_days": [REQUIRED]})
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= most:
        raise Invalid(
            {
                "advance_days": [
                    f"Must be a whole number of days from 1 to {most}: the clock runs at most"
                    f" {MAX_OFFSET_DAYS} days ahead, and it runs {offset_days} ahead now."
                ]
            }
        )
    return days


def _present(clock: SandboxClock) -> dict[str, Any]:
    moment = clock.now()
    return {
        "now": format_timestamp(moment),
        "today": moment.date().isoformat(),
        "offset_days": clock.offset_days,
    }


@control
async def show_clock(request: web.Request) -> web.Response:
    """The sandbox's moment and day, and how many days it runs ahead of the real clock."""
    return web.json_response(_present(state_of(request).clock))


@control
async def advance_clock(request: web.Request) -> web.Response:
    """``{"advance_days": N}``: move the clock N days forward (a reset puts it back)."""
    clock = state_of(request).clock
    clock.advance(parse_advance(await read_json(request), clock.offset_days))
    return web.json_response(_present(clock))


ROUTES = [web.get("/_sandbox/clock", show_clock), web.post("/_sandbox/clock", advance_clock)]
