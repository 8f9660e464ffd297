"""Serving the SDK: placeholder until the build exists."""

from aiohttp import web


def add_asset_routes(app: web.Application) -> None:
    pass
