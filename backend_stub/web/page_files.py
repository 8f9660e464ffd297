"""What the service's own pages (the hosted checkout, the information window) share: their
templates in the shopper's language, their scripts and styles at ``/static/<name>``, and the
headers every such page gets."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import jinja2
from aiohttp import web

from ..language.catalogs import translations
from .js_comments import without_comments

__all__ = ["ROUTES", "PAGE_CSP", "templates", "render", "page", "static_url"]

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


@functools.cache  # one per language of the catalogs: a few
def templates(language: str) -> jinja2.Environment:
    """The pages' templates, speaking ``language``: their texts are marked for the catalogs
    (``_("...")``, ``ngettext``; ``make catalogs`` extracts them, backend_stub/language/babel.cfg)
    and read from ``language``'s catalog as they render. New-style gettext: the values a text
    quotes are named (``_("Pay %(amount)s", amount=...)``) and escaped, the translation is not."""
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.i18n"],
    )
    environment.globals["static"] = static_url
    environment.install_gettext_translations(translations(language), newstyle=True)  # type: ignore[attr-defined]
    return environment


def render(template: str, language: str, **context: object) -> str:
    """``template`` rendered in ``language`` (a catalog's name), its ``<html lang>`` included."""
    return templates(language).get_template(template).render(language=language, **context)


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
