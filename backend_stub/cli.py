"""``service-stub`` / ``python -m backend_stub``: run the sandbox server."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from aiohttp.web_protocol import RequestPayloadError

from . import __version__
from .api.hosts import hostname
from .api.protocol_errors import ServiceRunner
from .app import create_app
from .config import DEFAULT_HOST, DEFAULT_PORT, Config
from .domain.errors import FieldErrors
from .domain.urls import parse_http_url
from .storage.fixture import DEFAULT_FIXTURE
from .web.compiled_sdk import inspect

__all__ = ["main", "parse_args", "serve", "version_text"]


def version_text(sdk_dir: Path) -> str:
    """The package's version, the Brython the SDK in ``sdk_dir`` was compiled for, and the
    loader's version and integrity (what a merchant's payment page pins)."""
    presence = inspect(sdk_dir)
    if presence.present:
        sdk = f"SDK compiled for Brython {presence.brython_version}"
        if "loader_integrity" in presence.manifest:
            manifest = presence.manifest
            sdk += f", loader {manifest['loader_version']} {manifest['loader_integrity']}"
    else:
        sdk = f"no compiled SDK ({presence.problem})"
    return f"service-stub {__version__} (service-checkout), {sdk}"


class _PrintVersion(argparse.Action):
    """``--version``: reads the SDK's manifest only when asked, not at every start."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=kwargs.get("help"))

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(version_text(Config().sdk_dir))
        parser.exit()


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="service-stub", description="Sandbox server of the financing service."
    )
    add = parser.add_argument
    add(
        "--version",
        action=_PrintVersion,
        help="print the package's version, the SDK's Brython version and the loader's version and"
        " integrity, and exit",
    )
    add("--host", default=DEFAULT_HOST, help="address to listen on (default %(default)s)")
    add(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help="port (default %(default)s; 0 picks a free one, printed at start)",
    )
    add("--db", default=":memory:", help="SQLite database file; :memory: for a throw-away run")
    add(
        "--fixture",
        type=Path,
        default=DEFAULT_FIXTURE,
        help="fixture file loaded into a new database (default: the bundled one)",
    )
    add("--sdk-dir", type=Path, default=None, help="folder of the built SDK (default: the package's)")
    add(
        "--admin-token",
        default=None,
        help="let non-loopback clients use /_sandbox/ when they send this token",
    )
    add(
        "--allowed-host",
        action="append",
        default=[],
        type=_host_name,
        metavar="NAME",
        help="a name the controls and the hosted checkout answer under, besides loopback names,"
        " IP addresses, --host and --public-url's (repeatable; see the guide's Limits)",
    )
    add(
        "--query-timeout",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="how long a list query may run before it gets 408 (default %(default)s)",
    )
    add(
        "--header-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="how long a connection may stay open without a whole request head, from its start"
        " or its last answer, before it is closed (default %(default)s)",
    )
    add(
        "--concurrency-limit",
        type=int,
        default=64,
        help="simultaneous API requests per key before 429 (default %(default)s)",
    )
    add(
        "--public-url",
        type=_public_url,
        default=None,
        metavar="URL",
        help="the http(s) URL clients reach this server at, such as a proxy's; /openapi.json names"
        " it as the API's server (default: the address the server is bound to)",
    )
    add(
        "--stop-when-stdin-closes",
        action="store_true",
        help="stop when standard input reaches its end: a parent holding the pipe, such as the"
        " test kit, then never leaves a server behind, even when it is killed",
    )
    return parser.parse_args(argv)


def _public_url(text: str) -> str:
    # The API's own rule for URLs (a host that every parser reads alike), then no query or
    # fragment: /openapi.json appends paths to it.
    url = parse_http_url(text, "--public-url", FieldErrors())
    parts = urlsplit(url or "")
    if url is None or parts.query or parts.fragment:
        raise argparse.ArgumentTypeError(f"not an absolute http(s) URL without query: {text!r}")
    return url.rstrip("/")


def _host_name(text: str) -> str:
    name = hostname(text)
    if name is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a host name")
    return name


def config_from(args: argparse.Namespace) -> Config:
    """The server settings that the command line asks for."""
    bound = hostname(args.host)
    public = hostname(urlsplit(args.public_url).hostname or "") if args.public_url else None
    options = {
        "db": args.db,
        "fixture": args.fixture,
        "admin_token": args.admin_token,
        "concurrency_limit": args.concurrency_limit,
        "public_url": args.public_url,
        # The names the server is reached by: --allowed-host, the bound address, the public URL's.
        "allowed_hosts": frozenset(args.allowed_host) | {name for name in (bound, public) if name},
        "query_timeout": args.query_timeout,
        "header_timeout": args.header_timeout,
    }
    if args.sdk_dir is not None:
        options["sdk_dir"] = args.sdk_dir
    return Config(**options)


async def serve(config: Config, host: str, port: int, *, stop_when_stdin_closes: bool = False) -> None:
    """Serve until SIGINT or SIGTERM (or the end of standard input, when asked); prints the URL
    once the socket is listening."""
    _allow_open_files()
    runner = ServiceRunner(create_app(config), access_log=None, handle_signals=False)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    # What the start made (modules, the app, the fixture) lives as long as the server: frozen,
    # the collector no longer walks it in each full collection, which held every request for
    # about 40 ms (2 ms after, for a full journal's 10,000 entries).
    gc.freeze()
    bound = runner.addresses[0][1]  # the real port when 0 was asked for
    print(f"service-stub listening on http://{host}:{bound}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    if stop_when_stdin_closes:
        # The end of the pipe comes when its writer closes it or dies, SIGKILL included, which
        # no signal handler sees. A thread, because a pipe cannot be watched the same way on
        # every platform.
        threading.Thread(target=_stop_at_end_of_stdin, args=(loop, stop), daemon=True).start()
    try:
        await stop.wait()
    finally:
        await runner.cleanup()


def _allow_open_files() -> None:
    # Every connection is a file: with a soft limit of 1,024, some hundreds of clients that
    # trickle their headers left new clients waiting. The hard limit is the system's to set.
    try:
        import resource  # POSIX only
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def _stop_at_end_of_stdin(loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> None:
    # os.read, not sys.stdin: a daemon thread blocked inside a buffered reader holds its lock,
    # and the interpreter then aborts at exit ("could not acquire lock for <stdin>").
    while os.read(sys.stdin.fileno(), 4096):
        pass
    loop.call_soon_threadsafe(stop.set)


def _not_a_client_body(record: logging.LogRecord) -> bool:
    # After the 400 for a body that does not decode (api.bodies), aiohttp drains the rest of it,
    # meets the same error again and logs it with a traceback: a client's mistake, not the
    # server's, and one a client could repeat to fill the log.
    error = record.exc_info[1] if record.exc_info else None
    return not isinstance(error, RequestPayloadError)


def main(argv: list[str] | None = None) -> None:
    """Run the server until interrupted."""
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("aiohttp.server").addFilter(_not_a_client_body)
    asyncio.run(
        serve(config_from(args), args.host, args.port, stop_when_stdin_closes=args.stop_when_stdin_closes)
    )
