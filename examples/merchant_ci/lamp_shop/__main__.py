"""``python -m lamp_shop [--service-url URL] [--port N]``: run the shop by hand."""

from __future__ import annotations

import argparse

from aiohttp import web

from .app import ShopConfig, create_app

parser = argparse.ArgumentParser(prog="lamp_shop", description="The Lamp Shop, against a sandbox server.")
parser.add_argument("--service-url", default="http://127.0.0.1:9400", help="the sandbox server")
parser.add_argument("--port", type=int, default=8500)
args = parser.parse_args()
# localhost, while the service is on 127.0.0.1: two sites to the browser, as in production.
web.run_app(create_app(ShopConfig(args.service_url)), host="localhost", port=args.port)
