"""``make demo``: the sandbox server and the demo store together, ready for a prospect.

Starts ``python -m backend_stub`` (127.0.0.1:8400, data in ``.demo/`` so orders survive a
restart; ``--fresh`` starts over) and ``python -m demo_store`` (localhost:8000) as child
processes, waits until both answer their health checks, prints the URLs, and stops both on
Ctrl-C or SIGTERM. ``--check`` stops right after the URLs are printed: what a test of
``make demo`` runs. Port 0 picks free ports; the real ones are printed.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path
from types import FrameType

from backend_stub.child_process import ChildProcess
from backend_stub.testkit import DEMO_KEYS, Keys, Sandbox, ServiceProcess

from .cli import ANNOUNCEMENT as STORE_ANNOUNCEMENT
from .sample_orders import sample_history

__all__ = ["main"]

START_TIMEOUT_S = 60  # a cold first start on a slow machine imports a lot


def http_get(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    """The status and text of a GET of ``url``, error statuses included."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def seed(service: Sandbox) -> int:
    """Give a new sandbox database an order history; returns how many orders were made."""
    history = sample_history()
    service.seed_orders(history.orders)
    for order_id, amount in history.refunds:
        service.call("POST", f"/orders/{order_id}/refund", {"amount": amount})
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

    # Each child in a session of its own: Ctrl-C reaches the launcher only, which then stops the
    # children in order.
    children: list[ChildProcess] = []
    try:
        service = ServiceProcess(
            args.service_host,
            args.service_port,
            db,
            startup_timeout=START_TIMEOUT_S,
            echo=not args.quiet,
            own_session=True,
        )
        children.append(service)
        service.start()
        if new_database:
            count = seed(service.sandbox(Keys(public=DEMO_KEYS.public, private=private_key)))
            print(f"New sandbox data in {db}: added {count} sample orders.", flush=True)
        store = ChildProcess("demo store", STORE_ANNOUNCEMENT, echo=not args.quiet, own_session=True)
        children.append(store)
        store.launch(
            _command("demo_store", host=args.store_host, port=args.store_port, service_url=service.url),
            START_TIMEOUT_S,
            # The private key goes through the environment, not argv: `ps` shows every argv.
            {"DEMO_STORE_PRIVATE_KEY": private_key, "DEMO_STORE_SECRET": _cookie_secret(args.data_dir)},
        )
        status = http_get(store.url + "/healthz")[0]
        if status != 200:
            raise RuntimeError(f"the demo store answered {status} at /healthz")
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


def _set_when_ended(child: ChildProcess, stop: threading.Event) -> None:
    child.ended.wait()
    stop.set()


def watch_children(children: list[ChildProcess], stop: threading.Event) -> None:
    """Return when a signal asked to stop or a child ended on its own."""
    for child in children:
        # A child's end wakes the main thread too; the watcher threads end with their child.
        threading.Thread(target=_set_when_ended, args=(child, stop), daemon=True).start()
    stop.wait()


if __name__ == "__main__":
    sys.exit(main())
