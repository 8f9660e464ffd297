"""A merchant's web site for browser tests and benchmarks: pages made up by each caller, on
``localhost``.

The service runs on ``127.0.0.1``: to the browser the two are different sites, as in production.
The repository's end-to-end tests, its cross-engine tests and its load benchmark (bench/) all
serve their pages from it.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

__all__ = ["MerchantSite", "SDK_QUERY"]

SDK_QUERY = "public-key=pk_test_demo&sandbox=true"

LAYOUT = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<link rel="icon" href="data:,">
{head}
</head>
<body>
{body}
</body>
</html>
"""


@dataclass
class Page:
    """A registered page: its HTML, and the Content-Security-Policy header it is served with."""

    html: str
    csp: str | None


class MerchantSite:
    """Serves registered pages at ``/p/<n>``, landing pages at ``/landing/<name>``, static folders,
    and files registered at paths of their own (a page's script)."""

    def __init__(self, service_url: str, static: dict[str, Path] | None = None) -> None:
        self.service_url = service_url
        self.static = dict(static or {})
        self.pages: dict[str, Page] = {}
        self.files: dict[str, tuple[str, str]] = {}  # path -> (content type, text)
        self._ids = itertools.count(1)
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self.url = ""

    # -- pages ----------------------------------------------------------------------------------
    def sdk_tag(self, query: str | None = SDK_QUERY, attrs: str = "async") -> str:
        """The script tag of the README's quick start."""
        src = f"{self.service_url}/sdk.js" + (f"?{query}" if query else "")
        return f'<script src="{src}" {attrs}></script>'

    def page(
        self,
        body: str,
        *,
        head: str = "",
        sdk: bool = True,
        query: str | None = SDK_QUERY,
        csp: str | None = None,
        title: str = "Merchant test page",
    ) -> str:
        """Register a page; returns its URL. ``head`` goes before the SDK's script tag."""
        if sdk:
            head = head + "\n" + self.sdk_tag(query)
        page_id = str(next(self._ids))
        self.pages[page_id] = Page(LAYOUT.format(title=title, head=head, body=body), csp)
        return f"{self.url}/p/{page_id}"

    def file(self, path: str, text: str, content_type: str = "text/javascript") -> str:
        """Serve ``text`` at ``path`` (``/js/checkout.js``), replacing what was there; returns its URL."""
        self.files[path] = (content_type, text)
        return self.url + path

    def landing(self, name: str) -> str:
        """A result page of the merchant (for the checkout's URLs)."""
        return f"{self.url}/landing/{name}"

    # -- server ---------------------------------------------------------------------------------
    async def _page(self, request: web.Request) -> web.Response:
        page = self.pages.get(request.match_info["id"])
        if page is None:
            raise web.HTTPNotFound()
        response = web.Response(text=page.html, content_type="text/html")
        if page.csp:
            response.headers["Content-Security-Policy"] = page.csp
        return response

    async def _landing(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        html = LAYOUT.format(title=f"Landing {name}", head="", body=f'<h1 data-landing="{name}">{name}</h1>')
        return web.Response(text=html, content_type="text/html")

    async def _file(self, request: web.Request) -> web.Response:
        if request.path not in self.files:
            raise web.HTTPNotFound()
        content_type, text = self.files[request.path]
        return web.Response(text=text, content_type=content_type)

    def start(self) -> MerchantSite:
        """Listen on a free port of ``127.0.0.1`` (reached as ``localhost``), in a thread of its own."""
        app = web.Application()
        app.router.add_get("/p/{id}", self._page)
        app.router.add_get("/landing/{name}", self._landing)
        for prefix, folder in self.static.items():
            app.router.add_static(prefix, folder)
        app.router.add_get("/{path:.+}", self._file)  # last: the routes above win
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self._loop)
            self._runner = web.AppRunner(app, access_log=None)
            self._loop.run_until_complete(self._runner.setup())
            site = web.TCPSite(self._runner, "127.0.0.1", 0)
            self._loop.run_until_complete(site.start())
            port = self._runner.addresses[0][1]
            self.url = f"http://localhost:{port}"
            ready.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()
        ready.wait(10)
        return self

    def stop(self) -> None:
        """Close the server and its thread."""
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()
