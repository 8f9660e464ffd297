"""``make demo``: the sandbox server and the demo store together, ready for a prospect.

Starts ``python -m backend_stub`` (127.0.0.1:8400, data in ``.demo/`` so orders survive a
restart; ``--fresh`` starts over) and ``python -m demo_store`` (localhost:8000) as child
processes, waits until both answer their health checks, prints the URLs, and stops both on
Ctrl-C or SIGTERM. ``--check`` stops right after the URLs are printed: what a test of
``make demo`` runs. Port 0 picks free ports; the real ones are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path
from types import FrameType

from .sample_orders import sample_history

__all__ = ["main", "Child"]

START_TIMEOUT_S = 60  # a cold first start on a slow machine imports a lot
STOP_TIMEOUT_S = 10


class Child:
    """A server in a child process; ready once it printed its URL and answered its probe."""

    def __init__(
        self, name: str, command: list[str], announcement: str, env: dict[str, str], echo: bool
    ) -> None:
        self.name, self.announcement, self.echo = name, announcement, echo
        self.url = ""
        self.output: list[str] = []
        self.announced = threading.Event()
        self.ended = threading.Event()
        # Its own session: Ctrl-C reaches the launcher only, which then stops the children in order.
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, **env, "PYTHONUNBUFFERED": "1"},
            start_new_session=True,
        )
        self._reader = threading.Thread(target=self._read, name=f"{name}-output", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            line = line.rstrip("\n")
            self.output.append(line)
            if line.startswith(self.announcement) and not self.url:
                self.url = line[len(self.announcement) :].strip()
                self.announced.set()
            elif self.echo:
                print(f"  [{self.name}] {line}", flush=True)
        self.ended.set()
        self.announced.set()  # wake a waiter: it sees no URL

    def wait_ready(self, probe: str, timeout: float = START_TIMEOUT_S) -> None:
        """Wait for the announcement, then check the health endpoint answers 200."""
        if not self.announced.wait(timeout) or not self.url:
            tail = "\n".join(self.output[-20:])
            raise RuntimeError(f"the {self.name} did not start:\n{tail}")
        status = http_get(self.url + probe)[0]
        if status != 200:
            raise RuntimeError(f"the {self.name} answered {status} at {probe}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._reader.join(STOP_TIMEOUT_S)
        if self.process.stdout:
            self.process.stdout.close()


def http_get(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def _post(url: str, body: object, private_key: str) -> None:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {private_key}"},
    )
    with urllib.request.urlopen(request, timeout=30):
        pass


def seed(service_url: str, private_key: str) -> int:
    """Give a new sandbox database an order history; returns how many orders were made."""
    history = sample_history()
    _post(service_url + "/_sandbox/orders", history.orders, private_key)
    for order_id, amount in history.refunds:
        _post(f"{service_url}/orders/{order_id}/refund", {"amount": amount}, private_key)
    return len(history.orders)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="demo_store.launch", description=__doc__.split("\n\n")[0])
    add = parser.add_argument
    add("--service-host", default="127.0.0.1", help="sandbox server address (default %(default)s)")
    add("--service-port", type=int, default=8400, help="sandbox server port (default %(default)s; 0: free)")
    add("--store-host", default="localhost", help="demo store host name (default %(default)s)")
    add("--store-port", type=int, default=8000, help="demo store port (default %(default)s; 0: free)")
    add(
        "--data-dir",
        type=Path,
        default=Path(".demo"),
        help="where the sandbox keeps its data (default %(default)s)",
    )
    add("--fresh", action="store_true", help="start from the fixture again (deletes the sandbox data)")
    add("--check", action="store_true", help="start both, verify them, print the URLs, then stop")
    add("--quiet", action="store_true", help="do not echo the servers' own output")
    return parser.parse_args(argv)


def _command(module: str, **options: object) -> list[str]:
    """``python -m module --an-option value ...`` with this interpreter (the project's venv)."""
    command = [sys.executable, "-m", module]
    for name, value in options.items():
        command += ["--" + name.replace("_", "-"), str(value)]
    return command


def _cookie_secret(data_dir: Path) -> str:
    """One secret per data folder, so carts survive a restart of the demo."""
    path = data_dir / "cookie-secret"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _verify(store_url: str) -> None:
    """What a prospect would do first: the shop loads the SDK, and the back office reads orders."""
    status, html = http_get(store_url + "/")
    if status != 200 or "/sdk.js?public-key=" not in html:
        raise RuntimeError(f"the store's home page is not right (status {status})")
    status, html = http_get(store_url + "/backoffice")
    if status != 200 or "data-order=" not in html:
        raise RuntimeError(f"the back office cannot list the service's orders (status {status})")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    private_key = os.environ.get("DEMO_STORE_PRIVATE_KEY", "sk_test_demo")
    args.data_dir.mkdir(parents=True, exist_ok=True)
    db = args.data_dir / "service.sqlite3"
    if args.fresh:
        for leftover in args.data_dir.glob("service.sqlite3*"):  # the WAL files go too
            leftover.unlink()
    new_database = not db.exists()

    stop = threading.Event()  # set by a signal, or by a child that ended on its own
    signalled = threading.Event()

    def on_signal(signum: int, _frame: FrameType | None) -> None:
        signalled.set()
        stop.set()

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, on_signal)

    children: list[Child] = []
    try:
        service = Child(
            "sandbox server",
            _command("backend_stub", host=args.service_host, port=args.service_port, db=db),
            "service-stub listening on ",
            {},
            echo=not args.quiet,
        )
        children.append(service)
        service.wait_ready("/_sandbox/health")
        if new_database:
            count = seed(service.url, private_key)
            print(f"New sandbox data in {db}: added {count} sample orders.", flush=True)
        store = Child(
            "demo store",
            _command("demo_store", host=args.store_host, port=args.store_port, service_url=service.url),
            "demo-store listening on ",
            # The private key goes through the environment, not argv: `ps` shows every argv.
            {"DEMO_STORE_PRIVATE_KEY": private_key, "DEMO_STORE_SECRET": _cookie_secret(args.data_dir)},
            echo=not args.quiet,
        )
        children.append(store)
        store.wait_ready("/healthz")
        if args.check:
            _verify(store.url)
        print(
            "\nThe demo is ready:\n"
            f"  Demo store    {store.url}/\n"
            f"  Back office   {store.url}/backoffice\n"
            f"  Sandbox API   {service.url}/   (data: {db})\n",
            flush=True,
        )
        if args.check:
            return 0
        print("Press Ctrl-C to stop.", flush=True)
        watch_children(children, stop)
        if not signalled.is_set():
            crashed = next(child for child in children if child.ended.is_set())
            print(f"The {crashed.name} stopped unexpectedly.", file=sys.stderr)
            return 1
        return 0
    except RuntimeError as error:
        print(f"demo: {error}", file=sys.stderr)
        return 1
    finally:
        for child in reversed(children):
            child.stop()
        if children and not args.check:
            print("Stopped.", flush=True)


def watch_children(children: list[Child], stop: threading.Event) -> None:
    """Return when a signal asked to stop or a child ended on its own."""
    for child in children:
        # A child's end wakes the main thread too; the watcher threads end with their child.
        threading.Thread(target=lambda c=child: (c.ended.wait(), stop.set()), daemon=True).start()
    stop.wait()


if __name__ == "__main__":
    sys.exit(main())
