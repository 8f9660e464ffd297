"""CPU time of the button check's path inside the server, next to a bare handler's, in one run.

``bench/server.py`` measures throughput over sockets, which other processes on a shared machine
move by ±20 %. This calls the registered route of ``GET /checkout/button`` (the sandbox gate, the
API's checks, the handler, the answer) in-process on prepared requests, and a bare aiohttp
handler the same way, and counts CPU time (``time.process_time``), which they barely move.
Parsing the request and writing the answer are aiohttp's and left out. The figure to watch is
the ratio: bare handler's time / button check's time, best round of each.

    python bench/button_path.py [--rounds 15] [--calls 10000]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

from aiohttp import web
from aiohttp.test_utils import make_mocked_request
from aiohttp.typedefs import Handler

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend_stub.app import create_app  # noqa: E402
from backend_stub.config import Config  # noqa: E402
from backend_stub.state import STATE  # noqa: E402

TARGET = "/checkout/button?amount=5000&currency=EUR"
HEADERS = {
    "Authorization": "Bearer pk_test_demo",
    "Accept": "application/vnd.service.sandbox.v1+json",
    "Origin": "http://localhost:8000",
}


async def bare(_request: web.Request) -> web.Response:
    return web.Response(status=201, body=b"{}", content_type="application/json")


async def best_round(handler: Handler, app: web.Application, rounds: int, calls: int) -> float:
    """Microseconds of CPU per call, in the best of ``rounds`` rounds."""
    requests = [make_mocked_request("GET", TARGET, headers=HEADERS, app=app) for _ in range(1000)]
    best = float("inf")
    for _ in range(rounds):
        started = time.process_time()
        for _ in range(calls // len(requests)):
            for request in requests:
                response = await handler(request)
        best = min(best, (time.process_time() - started) / calls * 1e6)
    assert response.status == 201, response.status
    return best


async def main(rounds: int, calls: int) -> None:
    app = create_app(Config())
    try:
        route = next(
            route
            for route in app.router.routes()
            if route.method == "GET"
            and route.resource is not None
            and route.resource.canonical == "/checkout/button"
        )
        floor_app = web.Application()
        floor = await best_round(bare, floor_app, rounds, calls)
        button = await best_round(route.handler, app, rounds, calls)
    finally:
        app[STATE].db.close()
    print(f"bare handler {floor:.2f} us, button check path {button:.2f} us, ratio {floor / button:.1%}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=10_000)
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.calls))
