"""Throughput and latency of the sandbox server next to a bare aiohttp floor, in one run.

One load generator (in this process: keep-alive HTTP/1.1 connections on raw asyncio
transports, so that the client costs as little as possible) drives, at the same concurrency:

- the floor: a bare aiohttp handler answering 201 ``{}``, in its own process;
- ``GET /checkout/button?amount=5000&currency=EUR`` with the public key;
- ``GET /orders`` with three filters over 100,000 orders (``--orders``) seeded through
  ``POST /_sandbox/orders`` on the Other Shop key (the expected count is computed here and
  checked first);
- ``POST /orders/:id/refund`` of 1 over 20,000 (a fifth of ``--orders``) confirmed Demo Shop
  orders, round-robin.

The server runs as merchants run it (``python -m backend_stub``, a database file). Each target is
warmed up, then measured for a few seconds, in rounds; the floor and the button check alternate.
The report gives requests/s (median of the rounds), p50 and p99 latency (all samples), and how
busy the load generator was: near 100% means its figure is bounded by the client, not the server.

Usage: ``python bench/server.py [--rounds 3] [--duration 3] [--warmup 1] [--concurrency 16]
[--orders 100000] [--out bench/RESULTS.md]``.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from results_file import Verdict, record  # noqa: E402 (bench/, beside this file)

from backend_stub.testkit import ServiceProcess  # noqa: E402

LISTED_ORDERS = 100_000  # --orders; the refundable ones are a fifth of it
SEED_BATCH = 1_000  # POST /_sandbox/orders takes at most this many orders a request
BUTTON = "/checkout/button?amount=5000&currency=EUR"
# Three filters: a status, an amount range and a time range.
LIST_FILTERS = {"status": "confirmed", "total_amount-gte": 50_000, "created-gte": "2026-04-01T00:00:00+00:00"}
BUTTON_TARGET, LIST_P50_TARGET_MS = 0.70, 50.0

MakeRequest = Callable[[], bytes]


# --- the floor -----------------------------------------------------------------------------------


def serve_floor() -> None:
    """A bare aiohttp server: ``GET /checkout/button`` answers 201 ``{}``, nothing else runs."""
    from aiohttp import web

    async def handler(_request: web.Request) -> web.Response:
        return web.Response(status=201, body=b"{}", content_type="application/json")

    async def main() -> None:
        app = web.Application()
        app.router.add_get("/checkout/button", handler)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        print(f"floor listening on http://127.0.0.1:{port}", flush=True)
        await asyncio.Event().wait()

    asyncio.run(main())


class FloorProcess:
    """This script with ``--serve-floor``, in its own process."""

    def __enter__(self) -> FloorProcess:
        command = [sys.executable, __file__, "--serve-floor"]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        self.url = self.process.stdout.readline().split()[-1]
        return self

    def __exit__(self, *exc: object) -> None:
        self.process.terminate()
        self.process.wait(10)


# --- the load generator ----------------------------------------------------------------------------


class Connection(asyncio.Protocol):
    """One keep-alive connection: write a request, wait for its whole response."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.waiter: asyncio.Future[int] | None = None
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return
        length = 0
        for line in bytes(self.buffer[:end]).split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        if len(self.buffer) < end + 4 + length:
            return
        status = int(self.buffer[9:12])
        del self.buffer[: end + 4 + length]
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(status)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(ConnectionError("the server closed the connection"))

    async def exchange(self, request: bytes) -> int:
        """Send one request; its status."""
        self.waiter = asyncio.get_running_loop().create_future()
        assert self.transport is not None
        self.transport.write(request)
        return await self.waiter


@dataclass
class Measure:
    """What one target got during one measured period."""

    seconds: float
    latencies: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    client_cpu: float = 0.0

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds


def request_bytes(method: str, url: str, path: str, key: str, body: bytes | None = None) -> bytes:
    """An HTTP/1.1 keep-alive request."""
    host = urlsplit(url).netloc
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", f"Authorization: Bearer {key}"]
    if body is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")


async def load(url: str, make: MakeRequest, concurrency: int, seconds: float) -> Measure:
    """``concurrency`` connections sending ``make()`` requests back to back for ``seconds``."""
    loop = asyncio.get_running_loop()
    parts = urlsplit(url)
    connections = [
        (await loop.create_connection(Connection, parts.hostname or "", parts.port or 80))[1]
        for _ in range(concurrency)
    ]
    started, cpu = time.perf_counter(), time.process_time()
    deadline = started + seconds
    measure = Measure(seconds)

    async def drive(connection: Connection) -> None:
        while (sent := time.perf_counter()) < deadline:
            status = await connection.exchange(make())
            measure.latencies.append(time.perf_counter() - sent)
            measure.statuses[status] += 1

    await asyncio.gather(*(drive(connection) for connection in connections))
    measure.seconds = time.perf_counter() - started
    measure.client_cpu = (time.process_time() - cpu) / measure.seconds
    for connection in connections:
        assert connection.transport is not None
        connection.transport.close()
    return measure


# --- the data ----------------------------------------------------------------------------------------


def listed_orders(rng: random.Random, listed: int) -> list[dict[str, Any]]:
    """``listed`` orders over 2025-2026, in every state, with varied amounts."""
    start = datetime.datetime(2025, 1, 1, tzinfo=datetime.UTC)
    orders = []
    for index in range(listed):
        created = start + datetime.timedelta(minutes=rng.randrange(0, 2 * 365 * 24 * 60))
        status = rng.choice(["pending", "confirmed", "confirmed", "confirmed", "denied", "canceled"])
        order = {
            "id": f"bench-{index:06d}",
            "name": f"Order {index} {rng.choice(['lamp', 'chair', 'table', 'sofa'])}",
            "total_amount": rng.randrange(1000, 300_000),
            "status": status,
            "created": created.isoformat(timespec="microseconds"),
        }
        if status in ("confirmed", "canceled"):
            order["confirmed"] = (created + datetime.timedelta(minutes=5)).isoformat(timespec="microseconds")
        orders.append(order)
    return orders


def expected_count(orders: list[dict[str, Any]]) -> int:
    """How many orders the filtered list must count."""
    since = datetime.datetime.fromisoformat(str(LIST_FILTERS["created-gte"]))
    return sum(
        order["status"] == LIST_FILTERS["status"]
        and order["total_amount"] >= LIST_FILTERS["total_amount-gte"]
        and datetime.datetime.fromisoformat(order["created"]) >= since
        for order in orders
    )


def post_json(url: str, key: str, data: object) -> object:
    request = urllib.request.Request(url, data=json.dumps(data).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("Authorization", f"Bearer {key}")
    with urllib.request.urlopen(request, timeout=300) as response:
        return json.loads(response.read())


def get_json(url: str, key: str) -> dict[str, Any]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def seed(service_url: str, listed: int) -> tuple[int, list[str]]:
    """Seed both data sets (``listed`` orders to list, a fifth of it to refund); the expected list
    count and the refundable order ids."""
    rng = random.Random(20261123)
    orders = listed_orders(rng, listed)
    for start in range(0, len(orders), SEED_BATCH):
        post_json(service_url + "/_sandbox/orders", "sk_test_other", orders[start : start + SEED_BATCH])
    refundable: list[dict[str, Any]] = [
        {"id": f"refund-{index:05d}", "total_amount": 10**9, "status": "confirmed"}
        for index in range(max(1, listed // 5))
    ]
    for start in range(0, len(refundable), SEED_BATCH):
        post_json(service_url + "/_sandbox/orders", "sk_test_demo", refundable[start : start + SEED_BATCH])
    return expected_count(orders), [order["id"] for order in refundable]


# --- the run -------------------------------------------------------------------------------------------


@dataclass
class Target:
    """One thing to measure: a name, a URL and how to make its next request."""

    name: str
    url: str
    make: MakeRequest
    expected_status: int
    concurrency: int | None = None  # None: the run's
    rounds: list[Measure] = field(default_factory=list)


def targets(service: str, floor: str, listed: int, count: int, refundable: list[str]) -> list[Target]:
    query = "&".join(f"{name}={value}".replace("+", "%2B") for name, value in LIST_FILTERS.items())
    listing = f"/orders?{query}"
    shown = get_json(service + listing, "sk_test_other")
    assert shown["paging"]["count"] == count, (shown["paging"]["count"], count)
    button = request_bytes("GET", service, BUTTON, "pk_test_demo")
    floor_request = request_bytes("GET", floor, BUTTON, "pk_test_demo")
    list_request = request_bytes("GET", service, listing, "sk_test_other")
    refund_requests = [
        request_bytes("POST", service, f"/orders/{order}/refund", "sk_test_demo", b'{"amount":1}')
        for order in refundable
    ]
    next_refund = iter(range(10**12))
    return [
        Target("bare aiohttp, 201 {} (floor)", floor, lambda: floor_request, 201),
        Target("GET /checkout/button (public key)", service, lambda: button, 201),
        Target(f"GET /orders, 3 filters over {listed:,} orders", service, lambda: list_request, 200),
        # The same alone: its latency without the queue the other connections make.
        Target("GET /orders, 3 filters, one connection", service, lambda: list_request, 200, concurrency=1),
        Target(
            "POST /orders/:id/refund (amount 1)",
            service,
            lambda: refund_requests[next(next_refund) % len(refund_requests)],
            200,
        ),
    ]


async def measure_all(all_targets: list[Target], args: argparse.Namespace) -> None:
    floor, button, *others = all_targets
    for round_number in range(args.rounds):
        # The floor and the button check alternate, so a busy machine slows both alike.
        pair = [floor, button] if round_number % 2 == 0 else [button, floor]
        for target in [*pair, *others]:
            concurrency = target.concurrency or args.concurrency
            await load(target.url, target.make, concurrency, args.warmup)
            measured = await load(target.url, target.make, concurrency, args.duration)
            unexpected = {s: n for s, n in measured.statuses.items() if s != target.expected_status}
            assert not unexpected, f"{target.name}: unexpected statuses {unexpected}"
            target.rounds.append(measured)
            print(
                f"  round {round_number + 1}: {target.name}: {measured.rate:,.0f} req/s,"
                f" client {measured.client_cpu:.0%} busy",
                file=sys.stderr,
            )


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summary(target: Target) -> dict[str, float]:
    latencies = [latency for measured in target.rounds for latency in measured.latencies]
    return {
        "rate": statistics.median(measured.rate for measured in target.rounds),
        "p50": percentile(latencies, 0.50) * 1000,
        "p99": percentile(latencies, 0.99) * 1000,
        "client": statistics.median(measured.client_cpu for measured in target.rounds),
    }


def paired_ratios(all_targets: list[Target]) -> str:
    """The button check's rate over the floor's, per round: the machine's speed drifts between
    rounds, and the two halves of a round see the same machine."""
    floor, button = all_targets[0], all_targets[1]
    ratios = [b.rate / f.rate for f, b in zip(floor.rounds, button.rounds, strict=True)]
    return f"median {statistics.median(ratios):.0%}, from {min(ratios):.0%} to {max(ratios):.0%}"


def verdicts(all_targets: list[Target], args: argparse.Namespace) -> list[Verdict]:
    """The two targets, for the summary of bench/RESULTS.md."""
    floor, button, listing, alone = (summary(target) for target in all_targets[:4])
    ratio = button["rate"] / floor["rate"]
    return [
        Verdict(
            "Server",
            f"GET /checkout/button ≥ {BUTTON_TARGET:.0%} of a bare aiohttp handler's rate",
            f"{ratio:.0%} ({button['rate']:,.0f} vs {floor['rate']:,.0f} requests/s)",
            ratio >= BUTTON_TARGET,
        ),
        Verdict(
            "Server",
            f"filtered list over {args.orders:,} orders, p50 < {LIST_P50_TARGET_MS:.0f} ms"
            f" with {args.concurrency} connections",
            f"{listing['p50']:.1f} ms ({alone['p50']:.1f} ms alone)",
            listing["p50"] < LIST_P50_TARGET_MS,
        ),
    ]


def report(all_targets: list[Target], args: argparse.Namespace) -> str:
    today = datetime.date.today().isoformat()
    stats = {target.name: summary(target) for target in all_targets}
    floor, button, listing, alone, _refund = (stats[target.name] for target in all_targets)
    lines = [
        f"## Server throughput — {today}",
        "",
        f"`python bench/server.py --rounds {args.rounds} --duration {args.duration} --warmup {args.warmup}"
        f" --concurrency {args.concurrency}` on {platform.machine()}, Python {platform.python_version()},"
        f" {os.cpu_count()} CPUs; one load generator (raw asyncio keep-alive connections) in its own"
        f" process, {args.concurrency} connections; each target warmed up {args.warmup} s then measured"
        f" {args.duration} s per round, {args.rounds} rounds, floor and button check alternating.",
        "Server: `python -m backend_stub` on a database file; floor: a bare aiohttp handler in its own"
        " process.",
        "",
        "| target | requests/s (median of rounds) | p50 ms | p99 ms | vs floor | load generator busy |",
        "|---|---|---|---|---|---|",
    ]
    for target in all_targets:
        row = stats[target.name]
        lines.append(
            f"| {target.name} | {row['rate']:,.0f} | {row['p50']:.2f} | {row['p99']:.2f}"
            f" | {row['rate'] / floor['rate']:.0%} | {row['client']:.0%} |"
        )
    ratio = button["rate"] / floor["rate"]
    lines += [
        "",
        "Targets:",
        "",
        f"- /checkout/button at {ratio:.0%} of the floor's rate (target ≥ {BUTTON_TARGET:.0%}) — "
        + ("met" if ratio >= BUTTON_TARGET else "MISSED")
        + f"; round by round (each pair measured back to back): {paired_ratios(all_targets)}",
        f"- filtered list p50 {listing['p50']:.1f} ms with {args.concurrency} connections,"
        f" {alone['p50']:.1f} ms alone (target < {LIST_P50_TARGET_MS:.0f} ms) — "
        + ("met" if listing["p50"] < LIST_P50_TARGET_MS else "MISSED")
        + (
            ""
            if listing["p50"] < LIST_P50_TARGET_MS or alone["p50"] >= LIST_P50_TARGET_MS
            else " (met alone)"
        ),
        f"- machine load average (1 min) at the start: {args.load_before:.1f}",
    ]
    if floor["client"] > 0.9:
        lines.append(
            "- the load generator was near saturation on the floor: the floor's rate is a lower bound,"
            " and the ratio an upper bound"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=float, default=3.0, help="seconds measured per target and round")
    parser.add_argument("--warmup", type=float, default=1.0, help="seconds before each measurement")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument(
        "--orders",
        type=int,
        default=LISTED_ORDERS,
        help="orders the filtered list runs over (seeding takes time)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / "bench" / "RESULTS.md",
        help="Markdown file to record the report in",
    )
    parser.add_argument("--serve-floor", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_floor:
        serve_floor()
        return
    # Other work on the machine skews every figure; the report says how busy it was.
    args.load_before = os.getloadavg()[0]
    with (
        tempfile.TemporaryDirectory() as folder,
        ServiceProcess(db=Path(folder) / "bench.sqlite3") as service,
        FloorProcess() as floor,
    ):
        started = time.perf_counter()
        count, refundable = seed(service.url, args.orders)
        print(f"seeded in {time.perf_counter() - started:.1f} s; the list counts {count:,}", file=sys.stderr)
        all_targets = targets(service.url, floor.url, args.orders, count, refundable)
        asyncio.run(measure_all(all_targets, args))
    text = report(all_targets, args)
    print(text)
    record(args.out, text, verdicts(all_targets, args), datetime.date.today().isoformat())


if __name__ == "__main__":
    main()
