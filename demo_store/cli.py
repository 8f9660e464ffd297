"""``python -m demo_store``: serve the store. Options fall back to ``DEMO_STORE_*`` variables.

Prints ``demo-store listening on <url>`` once the socket listens (``demo_store.launch`` and the
tests wait for that line), and stops cleanly on SIGINT or SIGTERM.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import socket
from dataclasses import replace
from typing import Any

from aiohttp import web

from .access import PASSWORD_VARIABLE, check_reachable
from .app import create_app
from .config import DEFAULT_SERVICE_URL, StoreConfig

__all__ = ["main", "parse_args", "serve", "bind"]

ANNOUNCEMENT = "demo-store listening on "


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    env = os.environ.get
    parser = argparse.ArgumentParser(prog="demo_store", description="The demo store of the service's SDK.")
    add = parser.add_argument
    add(
        "--host",
        default=env("DEMO_STORE_HOST", "localhost"),
        help="host name to serve on (default %(default)s)",
    )
    add(
        "--port",
        type=int,
        default=int(env("DEMO_STORE_PORT", "8000")),
        help="port (default %(default)s; 0 picks a free one, printed at start)",
    )
    add(
        "--service-url",
        default=env("DEMO_STORE_SERVICE_URL", DEFAULT_SERVICE_URL),
        help="the service (sandbox server) base URL (default %(default)s)",
    )
    add(
        "--public-url",
        default=env("DEMO_STORE_PUBLIC_URL"),
        help="the store's address for shoppers, e.g. https://shop.example: result URLs are built"
        " from it and the store answers under that name only (default: http://<host>:<port>)",
    )
    add("--public-key", default=env("DEMO_STORE_PUBLIC_KEY", "pk_test_demo"), help="key given to the SDK")
    add(
        "--private-key",
        default=env("DEMO_STORE_PRIVATE_KEY", "sk_test_demo"),
        help="key for the API, kept on the server (prefer the DEMO_STORE_PRIVATE_KEY variable)",
    )
    add(
        "--backoffice-password",
        default=env(PASSWORD_VARIABLE),
        help="the back office's password (HTTP Basic, any user name); required to listen beyond"
        f" localhost (prefer the {PASSWORD_VARIABLE} variable)",
    )
    add(
        "--production",
        action="store_true",
        default=env("DEMO_STORE_SANDBOX", "true").lower() == "false",
        help="load the SDK with sandbox=false and hide the sandbox presenter tools",
    )
    return parser.parse_args(argv)


def config_from(args: argparse.Namespace) -> StoreConfig:
    secret = os.environ.get("DEMO_STORE_SECRET")
    options: dict[str, Any] = {
        "service_url": args.service_url,
        "public_key": args.public_key,
        "private_key": args.private_key,
        "sandbox": not args.production,
        "backoffice_password": args.backoffice_password or None,
    }
    if args.public_url:
        options["public_url"] = args.public_url
    if secret:
        options["cookie_secret"] = secret.encode()
    return StoreConfig(**options)


def bind(host: str, port: int) -> list[socket.socket]:
    """Listening sockets for every address of ``host`` on one port.

    ``localhost`` is both 127.0.0.1 and ::1; with port 0 the kernel would give each a different
    port, so the first address picks the port and the others follow it (best effort: a machine
    without IPv6 still serves on IPv4).
    """
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    infos.sort(key=lambda info: info[0] != socket.AF_INET)  # IPv4 first: it always exists
    sockets: list[socket.socket] = []
    for family, kind, proto, _name, address in infos:
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        try:
            sock.bind((address[0], port, *address[2:]))
        except OSError:
            sock.close()
            if not sockets:
                raise
            continue
        sock.listen(128)
        sock.setblocking(False)
        sockets.append(sock)
        port = sock.getsockname()[1]
    return sockets


async def serve(config: StoreConfig, host: str, port: int, *, public_url_given: bool = False) -> None:
    """Serve until SIGINT or SIGTERM; without a public URL given, the store's is the address it
    listens on (known once bound: port 0 picks one)."""
    sockets = bind(host, port)
    try:
        check_reachable(sockets, config.backoffice_password)
    except SystemExit:
        for sock in sockets:
            sock.close()
        raise
    bound = sockets[0].getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{bound}"
    if not public_url_given:
        config = replace(config, public_url=url)
    runner = web.AppRunner(create_app(config), access_log=None, handle_signals=False)
    await runner.setup()
    for sock in sockets:
        await web.SockSite(runner, sock).start()
    print(f"{ANNOUNCEMENT}{url}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await runner.cleanup()


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        config = config_from(args)
    except ValueError as error:
        raise SystemExit(f"demo_store: {error}") from None
    asyncio.run(serve(config, args.host, args.port, public_url_given=bool(args.public_url)))
