"""What the service's own pages (the hosted checkout, the information window) share: their
templates, their scripts and styles at ``/static/<name>``, and the headers every such page gets."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import jinja2
from aiohttp import web

from .js_comments import without_comments

__all__ = ["ROUTES", "TEMPLATES", "PAGE_CSP", "page", "static_url"]

HERE = Path(__file__).resolve().parent
STATIC_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:;"
    " base-uri 'none'; form-action 'none'"
)


@functools.cache
def _static_files() -> dict[str, bytes]:
    """The pages' own scripts and styles, by name, read once: a request names one of these or
    gets 404, and never reaches the disk (so no name can lead out of the folder)."""
    folder = HERE / "static"
    files = {
        path.name: path.read_bytes()
        for path in folder.iterdir()
        if path.is_file() and path.suffix in STATIC_TYPES
    }
    # The script's comments and JSDoc types are for its readers and tsc, not for the shopper's phone.
    return {
        name: without_comments(data.decode("utf-8")).encode("utf-8") if name.endswith(".js") else data
        for name, data in files.items()
    }


@functools.cache
def static_url(name: str) -> str:
    """The address of a static file, versioned by its content: a browser never pairs a page with
    an older cached copy of its script."""
    digest = hashlib.sha256(_static_files()[name]).hexdigest()[:12]
    return f"/static/{name}?v={digest}"


TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True, undefined=jinja2.StrictUndefined
)
TEMPLATES.globals["static"] = static_url


def page(body: str, status: int = 200) -> web.Response:
    """A page of the service: its own scripts and styles only, never cached, no referrer."""
    response = web.Response(text=body, status=status, content_type="text/html", charset="utf-8")
    response.headers["Content-Security-Policy"] = PAGE_CSP
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


async def static_file(request: web.Request) -> web.Response:
    """A script or style sheet of the service's pages, by its name in their own folder."""
    name = request.match_info["name"]
    body = _static_files().get(name)
    if body is None:
        raise web.HTTPNotFound()
    response = web.Response(body=body)
    response.headers["Content-Type"] = STATIC_TYPES[Path(name).suffix]
    response.headers["Cache-Control"] = "public, max-age=300"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


ROUTES = [web.get("/static/{name}", static_file)]
