"""Faults against the sandbox server: ``kill -9`` at random instants, and a full disk.

The server runs as merchants run it (``python -m backend_stub`` on a database file). Clients
send keyed writes side by side: order refunds, captures, capture refunds and article posts,
each under a key of its own, as a merchant's backend does. Then, at a random instant:

- **kill during writes**: SIGKILL while requests are in flight;
- **kill during a reset**: SIGKILL while ``POST /_sandbox/reset`` deletes a few thousand rows;
- **full disk**: the database sits on a small tmpfs (when running as root; else an in-process
  server whose database is refused new pages with ``PRAGMA max_page_count``) that the writes
  fill up, and room comes back later.

A new server starts on the same file, every request that got no answer (or a 5xx) is sent again
with its key, and every request that did get one is sent again too. Then, reading the database
file itself: every acknowledged write is there; the refunds, captures and articles are exactly
those of the answers (a retry applied twice leaves one more row); each order's and capture's
running totals equal the rows they count; a retry of an answered request got that answer again
(``Idempotent-Replayed: true``, same body); after a kill during a reset, the data is the fixture
or all that was there before it, nothing between.

Usage: ``python bench/faults.py [--kills 40] [--resets 10] [--full-disks 3] [--seed N]
[--out bench/RESULTS.md]``. tests/faults runs a few of each in ``make test``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import itertools
import json
import os
import platform
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from results_file import Verdict, record  # noqa: E402 (bench/, beside this file)

from backend_stub.app import create_app  # noqa: E402
from backend_stub.config import Config  # noqa: E402
from backend_stub.domain.refunds import REFUNDS_SHOWN  # noqa: E402
from backend_stub.state import STATE  # noqa: E402
from backend_stub.testkit import ServiceProcess  # noqa: E402

AUTH = {"Authorization": "Bearer sk_test_demo"}
MERCHANT = "demo-shop"
ORDER_PREFIX = "fault-order-"
ORDERS = [f"{ORDER_PREFIX}{n}" for n in range(6)]
TOTAL = 10**9  # no refund or capture of the run comes near it: every write is accepted
BASE_CAPTURE = 10**7  # each order's capture that capture refunds take from
CAMPAIGN = "faults"
KINDS = ("refund", "capture", "capture-refund", "articles")
# Clients writing side by side: with 12, a kill finds a dozen requests at every stage of their
# work (three kills caught a retry done twice on every run against the code that stored the key
# in a second transaction; with 6, on four runs of six).
CLIENTS = 12
FILLER_ORDERS = 2000  # rows a reset deletes in steps, so that a kill can land between them
TIMEOUT = aiohttp.ClientTimeout(total=30)


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes
    replayed: bool


@dataclass
class Write:
    """One keyed request: what was sent, what came back before the fault, and after it."""

    key: str
    kind: str
    path: str
    body: Any
    first: Answer | None = None  # None: no answer (the connection died)
    final: Answer | None = None

    def created(self, answer: Answer) -> str | None:
        """The id of the refund or capture the answer shows this request made."""
        data = json.loads(answer.body)
        if self.kind == "refund":
            return str(data["results"][0]["id"])
        if self.kind == "capture":
            return str(data["id"])
        if self.kind == "capture-refund":
            return str(data["refunds"][0]["id"])
        return None

    def articles(self) -> set[str]:
        return {article["id"] for article in self.body} if self.kind == "articles" else set()


@dataclass
class Shop:
    """The orders the writes go to, each one's capture that capture refunds take from, and
    every write made to them since they were set up."""

    captures: dict[str, str] = field(default_factory=dict)
    refunds: set[str] = field(default_factory=set)  # made without a key before the faults
    writes: list[Write] = field(default_factory=list)
    article_bytes: int = 0  # a description's length: long ones fill a disk faster


@dataclass
class Tally:
    """What a run saw, for the report."""

    faults: Counter[str] = field(default_factory=Counter)
    writes: int = 0
    cut_off: int = 0  # no answer before the fault
    failed: int = 0  # a 5xx before the fault (a full disk)
    replayed_on_retry: int = 0  # of those: written before the fault, answered now
    applied_on_retry: int = 0  # of those: not written before the fault, done now
    resets_finished: int = 0  # kills during a reset after which the next start finished it
    problems: list[str] = field(default_factory=list)


async def send(session: aiohttp.ClientSession, write: Write) -> Answer | None:
    headers = {**AUTH, "Idempotency-Key": write.key}
    try:
        async with session.post(write.path, json=write.body, headers=headers) as response:
            body = await response.read()
            return Answer(response.status, body, response.headers.get("Idempotent-Replayed") == "true")
    except (aiohttp.ClientError, TimeoutError):
        return None


def new_write(
    rng: random.Random, shop: Shop, key: str, kinds: tuple[str, ...] = KINDS, orders: list[str] = ORDERS
) -> Write:
    kind = rng.choice(kinds)
    order = rng.choice(orders)
    if kind == "refund":
        return Write(key, kind, f"/orders/{order}/refund", {"amount": rng.randint(1, 99)})
    if kind == "capture":
        return Write(key, kind, f"/orders/{order}/captures", {"amount": rng.randint(1, 99)})
    if kind == "capture-refund":
        path = f"/orders/{order}/captures/{shop.captures[order]}/refunds"
        return Write(key, kind, path, {"amount": rng.randint(1, 99)})
    article = {"name": "Walnut desk", "url": "https://shop.example/desk"}
    if shop.article_bytes:
        article["description"] = "d" * shop.article_bytes
    body = [{**article, "id": f"{key}-{n}"} for n in range(rng.randint(1, 3))]
    return Write(key, kind, f"/me/campaigns/{CAMPAIGN}/articles", body)


async def set_up(session: aiohttp.ClientSession, shop: Shop) -> None:
    """The orders and their captures (on a new database, or after a reset)."""
    orders = [{"id": order, "total_amount": TOTAL, "status": "confirmed"} for order in ORDERS]
    async with session.post("/_sandbox/orders", json=orders, headers=AUTH) as response:
        assert response.status == 201, await response.text()
    for order in ORDERS:
        capture = {"amount": BASE_CAPTURE}
        async with session.post(f"/orders/{order}/captures", json=capture, headers=AUTH) as response:
            assert response.status == 201, await response.text()
            shop.captures[order] = (await response.json())["id"]


async def write_until(
    session: aiohttp.ClientSession,
    shop: Shop,
    rng: random.Random,
    prefix: str,
    writes: list[Write],
    stop: asyncio.Event,
    answered: asyncio.Queue[Answer | None],
) -> None:
    """Clients sending keyed writes, one after the other each, until ``stop`` or no answer."""

    async def client(number: int) -> None:
        for n in itertools.count():
            if stop.is_set():
                return
            write = new_write(rng, shop, f"{prefix}-{number}-{n}")
            writes.append(write)
            write.first = await send(session, write)
            answered.put_nowait(write.first)
            if write.first is None:
                return  # the server is gone

    await asyncio.gather(*(client(number) for number in range(CLIENTS)))


async def retry_all(session: aiohttp.ClientSession, writes: list[Write], tally: Tally) -> None:
    """Send every write again under its key, answered or not, and check what comes back."""
    for write in writes:
        write.final = await send(session, write)
        first, final = write.first, write.final
        if final is None or final.status >= 300:
            said = "no answer" if final is None else f"{final.status} {final.body[:120]!r}"
            tally.problems.append(f"{write.key}: its retry answered {said}")
        elif first is None or first.status >= 500:
            tally.cut_off += first is None
            tally.failed += first is not None
            tally.replayed_on_retry += final.replayed
            tally.applied_on_retry += not final.replayed
        elif not final.replayed or (final.status, final.body) != (first.status, first.body):
            tally.problems.append(f"{write.key}: answered {first.status}, its retry was not that answer")
    tally.writes += len(writes)


def read_database(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    connection.row_factory = sqlite3.Row
    return connection


def check_rows(path: Path, shop: Shop, tally: Tally) -> None:
    """The database holds exactly what the answers to the shop's writes say was done, once, and
    totals that agree."""
    made = {kind: set[str]() for kind in ("refund", "capture")}
    writes = shop.writes
    for write in writes:
        if write.final is not None and write.final.status < 300 and write.kind != "articles":
            made["capture" if write.kind == "capture" else "refund"].add(str(write.created(write.final)))
    articles = set().union(*(write.articles() for write in writes))
    with contextlib.closing(read_database(path)) as db:
        in_orders = f"merchant_id = '{MERCHANT}' AND order_id LIKE '{ORDER_PREFIX}%'"
        refunds = {row[0] for row in db.execute(f"SELECT id FROM refunds WHERE {in_orders}")}
        captures = {row[0] for row in db.execute(f"SELECT id FROM captures WHERE {in_orders}")}
        refunds -= shop.refunds
        captures -= set(shop.captures.values())
        stored = {row[0] for row in db.execute("SELECT id FROM articles WHERE campaign_id = ?", (CAMPAIGN,))}
        for name, found, expected in (
            ("refunds", refunds, made["refund"]),
            ("captures", captures, made["capture"]),
            ("articles", stored, articles),
        ):
            if expected - found:
                tally.problems.append(f"{len(expected - found)} acknowledged {name} are gone")
            if found - expected:
                tally.problems.append(f"{len(found - expected)} {name} beyond the acknowledged (done twice)")
        tally.problems.extend(wrong_totals(db))


def wrong_totals(db: sqlite3.Connection) -> list[str]:
    """Orders and captures whose running totals differ from the rows they count."""
    orders = db.execute(
        "SELECT o.id FROM orders o WHERE (o.refund_count, o.refunded_amount) IS NOT"
        " (SELECT count(*), coalesce(sum(r.amount), 0) FROM refunds r"
        "  WHERE r.merchant_id = o.merchant_id AND r.order_id = o.id)"
        " OR (o.capture_count, o.captured_amount) IS NOT"
        " (SELECT count(*), coalesce(sum(c.amount), 0) FROM captures c"
        "  WHERE c.merchant_id = o.merchant_id AND c.order_id = o.id)"
    ).fetchall()
    captures = db.execute(
        "SELECT c.id FROM captures c WHERE (c.refund_count, c.refunded_amount) IS NOT"
        " (SELECT count(*), coalesce(sum(r.amount), 0) FROM refunds r WHERE r.merchant_id = c.merchant_id"
        "  AND r.order_id = c.order_id AND r.capture_id = c.id)"
    ).fetchall()
    return [f"order {row[0]}: totals differ from its rows" for row in orders] + [
        f"capture {row[0]}: totals differ from its rows" for row in captures
    ]


def rows_a_reset_deletes(db: sqlite3.Connection) -> int:
    return sum(
        db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        for table in ("orders", "refunds", "captures", "articles", "idempotent_answers")
    )


async def until_reset_deleted(path: Path, fraction: float, resetting: asyncio.Future[Any]) -> None:
    """Return once the reset has deleted about ``fraction`` of the rows (at once for 0 or
    less, when it has likely not begun), or it has answered."""
    if fraction <= 0:
        return
    with contextlib.closing(read_database(path)) as db:
        target = rows_a_reset_deletes(db) * (1 - fraction)
        while not resetting.done() and rows_a_reset_deletes(db) > target:
            await asyncio.sleep(0.0005)


def is_fixture(path: Path) -> bool:
    """Whether the database holds the fixture only: a reset finished."""
    with contextlib.closing(read_database(path)) as db:
        ours = db.execute(
            "SELECT count(*) FROM orders WHERE id LIKE ? OR id LIKE 'filler-%'", (f"{ORDER_PREFIX}%",)
        ).fetchone()[0]
        kept = sum(
            db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("refunds", "captures", "articles", "idempotent_answers")
        )
    return ours == 0 and kept == 0


class Server:
    """The server process on the run's database file, started again after each kill."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.process: ServiceProcess | None = None
        self.url = ""

    def start(self) -> str:
        self.process = ServiceProcess(db=self.db, require_sdk=False).start()
        self.url = self.process.url
        return self.url

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()

    def stop(self) -> None:
        if self.process is not None:
            self.process.stop()


async def kill_during_writes(server: Server, shop: Shop, rng: random.Random, run: str, tally: Tally) -> None:
    """Writes from several clients, SIGKILL after a random number of answers and a random
    fraction of a millisecond more, a new server, every write sent again, the rows checked."""
    writes: list[Write] = []
    stop, answered = asyncio.Event(), asyncio.Queue[Answer | None]()
    async with aiohttp.ClientSession(server.url, timeout=TIMEOUT) as session:
        if not shop.captures:
            await set_up(session, shop)
        clients = asyncio.ensure_future(write_until(session, shop, rng, run, writes, stop, answered))
        for _ in range(rng.randint(1, 80)):
            await answered.get()
        await asyncio.sleep(rng.uniform(0, 0.003))
        server.kill()
        stop.set()
        await clients
    tally.faults["kill during writes"] += 1
    server.start()
    async with aiohttp.ClientSession(server.url, timeout=TIMEOUT) as session:
        await retry_all(session, writes, tally)
    shop.writes += writes
    check_rows(server.db, shop, tally)


async def kill_during_reset(server: Server, shop: Shop, rng: random.Random, run: str, tally: Tally) -> None:
    """Keyed writes, then a reset of a few thousand rows killed at a random instant: the next
    start holds the fixture (the reset finished) or everything from before it."""
    writes: list[Write] = []
    async with aiohttp.ClientSession(server.url, timeout=TIMEOUT) as session:
        if not shop.captures:
            await set_up(session, shop)
        for first in range(0, FILLER_ORDERS, 1000):
            filler = [{"id": f"filler-{run}-{first + n}", "total_amount": 100} for n in range(1000)]
            async with session.post("/_sandbox/orders", json=filler, headers=AUTH) as response:
                assert response.status == 201, await response.text()
        for n in range(40):
            write = new_write(rng, shop, f"{run}-{n}")
            write.first = await send(session, write)
            writes.append(write)
        resetting = asyncio.ensure_future(session.post("/_sandbox/reset"))
        await until_reset_deleted(server.db, rng.uniform(-0.2, 1.0), resetting)
        server.kill()
        with contextlib.suppress(aiohttp.ClientError, TimeoutError):
            (await resetting).release()
    tally.faults["kill during a reset"] += 1
    server.start()
    if is_fixture(server.db):
        tally.resets_finished += 1
        with contextlib.closing(read_database(server.db)) as db:
            tally.problems.extend(wrong_totals(db))
        shop.captures.clear()  # the orders went with the reset, and what was written to them
        shop.writes.clear()
        return
    async with aiohttp.ClientSession(server.url, timeout=TIMEOUT) as session:
        await retry_all(session, writes, tally)
    shop.writes += writes
    check_rows(server.db, shop, tally)


@contextlib.contextmanager
def small_tmpfs(folder: Path, size: str) -> Iterator[Path]:
    """A tmpfs of ``size`` mounted on ``folder`` (root only), unmounted on exit."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def can_mount() -> bool:
    """Whether this process may mount a tmpfs (root, in a container that allows it)."""
    if os.geteuid() != 0:
        return False
    with tempfile.TemporaryDirectory(prefix="faults-probe-") as probe:
        try:
            with small_tmpfs(Path(probe) / "mnt", "64k"):
                return True
        except (subprocess.CalledProcessError, OSError):
            return False


class FullDisk:
    """Where the database fills up, and how room comes back: a small tmpfs under a server
    process, or an in-process server whose database may have no more pages than it has."""

    SIZE = 3 * 1024**2  # the tmpfs at first

    def __init__(self, folder: Path, tmpfs: bool) -> None:
        self.folder, self.tmpfs = folder, tmpfs
        self.db = folder / "service.sqlite3"
        self.how = "tmpfs" if tmpfs else "max_page_count"
        self.size = self.SIZE

    @contextlib.asynccontextmanager
    async def serving(self) -> AsyncIterator[str]:
        if self.tmpfs:
            with small_tmpfs(self.folder, str(self.size)):
                process = ServiceProcess(db=self.db, require_sdk=False).start()
                try:
                    yield process.url
                finally:
                    process.stop()
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        app = create_app(Config(db=str(self.db)))
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        self._writer = app[STATE].db._writer
        try:
            port = runner.addresses[0][1]
            yield f"http://127.0.0.1:{port}"
        finally:
            await runner.cleanup()

    def fill(self) -> None:
        """Make the disk full now (a tmpfs is small from the start and fills by itself)."""
        if not self.tmpfs:
            pages = self._writer.execute("PRAGMA page_count").fetchone()[0]
            self._writer.execute(f"PRAGMA max_page_count = {pages}")

    def grow(self, pages: int) -> None:
        """A little more room: ``pages`` pages of 4 KiB."""
        if self.tmpfs:
            self.size += pages * 4096
            subprocess.run(["mount", "-o", f"remount,size={self.size}", str(self.folder)], check=True)
        else:
            most = self._writer.execute("PRAGMA max_page_count").fetchone()[0]
            self._writer.execute(f"PRAGMA max_page_count = {most + pages}")

    def make_room(self) -> None:
        self.grow(64 * 1024)  # 256 MiB


async def full_disk(disk: FullDisk, rng: random.Random, run: str, tally: Tally) -> None:
    """Keyed writes of long articles and refunds until the disk is full; then, six times, refunds
    of an order with a long history (a small row, a long answer: the row may fit where the answer
    does not) until five were refused, and a few more pages of room; then room; every write sent
    again under its key; the rows checked."""
    shop = Shop(article_bytes=9000)  # the longest a description may be is 10,000
    writes: list[Write] = []
    async with disk.serving() as url, aiohttp.ClientSession(url, timeout=TIMEOUT) as session:
        await set_up(session, shop)
        long_history = ORDERS[:1]
        for _ in range(REFUNDS_SHOWN):
            refund = {"amount": 1}
            async with session.post(f"/orders/{long_history[0]}/refund", json=refund, headers=AUTH) as made:
                assert made.status == 200, await made.text()
                shop.refunds.add((await made.json())["results"][0]["id"])
        disk.fill()
        failures, orders = 0, ORDERS
        kinds: tuple[str, ...] = KINDS
        for n in range(3000):
            write = new_write(rng, shop, f"{run}-{n}", kinds, orders)
            write.first = await send(session, write)
            writes.append(write)
            if write.first is None or write.first.status >= 500:
                failures, kinds, orders = failures + 1, ("refund",), long_history
                if failures % 5 == 0:
                    if failures == 30:
                        break
                    disk.grow(rng.randint(1, 12))
        else:
            tally.problems.append("the disk never filled up")
        disk.make_room()
        tally.faults[f"full disk ({disk.how})"] += 1
        await retry_all(session, writes, tally)
        shop.writes += writes
        check_rows(disk.db, shop, tally)


async def run(kills: int, resets: int, full_disks: int, seed: int, folder: Path) -> Tally:
    """The faults asked for, in one database per kind, each at instants ``seed`` draws."""
    rng = random.Random(seed)
    tally = Tally()
    for kind, count, fault in (
        ("kills", kills, kill_during_writes),
        ("resets", resets, kill_during_reset),
    ):
        if not count:
            continue
        server, shop = Server(folder / f"{kind}.sqlite3"), Shop()
        server.start()
        try:
            for n in range(count):
                await fault(server, shop, rng, f"{kind}{n}", tally)
        finally:
            server.stop()
    tmpfs = can_mount()
    for n in range(full_disks):
        await full_disk(FullDisk(folder / f"disk-{n}", tmpfs), rng, f"disk{n}", tally)
    return tally


def report(args: argparse.Namespace, tally: Tally, seconds: float) -> tuple[str, list[Verdict]]:
    date = datetime.date.today().isoformat()
    # A check repeats what an earlier one found (the rows stay): each problem once.
    problems = list(dict.fromkeys(tally.problems))
    faults = ", ".join(f"{kind}: {n}" for kind, n in sorted(tally.faults.items()))
    lines = [
        f"## Faults (bench/faults.py) — {date}",
        "",
        f"`python bench/faults.py --kills {args.kills} --resets {args.resets} --full-disks"
        f" {args.full_disks} --seed {args.seed}` on {platform.python_implementation()}"
        f" {platform.python_version()}, {os.cpu_count()} cores, {seconds:.0f} s.",
        "",
        f"- faults: {faults}",
        f"- keyed writes: {tally.writes:,}; cut off by a kill: {tally.cut_off}; a 5xx on a full disk:"
        f" {tally.failed}",
        f"- of those, on retry with their key: {tally.replayed_on_retry} had been written (their"
        f" answer replayed), {tally.applied_on_retry} had not (done once, now)",
        f"- kills during a reset finished by the next start: {tally.resets_finished}",
        f"- problems: {len(problems)}" + "".join(f"\n  - {problem}" for problem in problems[:20]),
    ]
    verdicts = [
        Verdict(
            "Faults",
            "kill -9 and a full disk: every acknowledged write kept, every retry applied once, totals = rows",
            f"{sum(tally.faults.values())} faults, {tally.writes:,} writes, {len(problems)} problems",
            not problems,
        )
    ]
    return "\n".join(lines), verdicts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=40)
    parser.add_argument("--resets", type=int, default=10)
    parser.add_argument("--full-disks", type=int, default=3)
    parser.add_argument("--seed", type=int, default=random.SystemRandom().randrange(2**32))
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="faults-") as folder:
        tally = asyncio.run(run(args.kills, args.resets, args.full_disks, args.seed, Path(folder)))
    text, verdicts = report(args, tally, time.monotonic() - started)
    print(text)
    if args.out is not None:
        record(args.out, text, verdicts, datetime.date.today().isoformat())
    sys.exit(1 if tally.problems else 0)


if __name__ == "__main__":
    main()
