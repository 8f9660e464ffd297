"""The back office without a browser: its forms sent as a browser sends them, each with the
one-time token of a page just drawn (demo_store.form_tokens) or with one given to send a form
twice, and the figures its pages show, read from their HTML."""

from __future__ import annotations

import re
from typing import Any

from aiohttp import ClientResponse
from aiohttp.test_utils import TestClient

from demo_store.form_tokens import TOKEN_FIELD

__all__ = ["fresh_token", "post_form", "cents", "figure", "figures", "notice"]

_TOKEN = re.compile(rf'name="{TOKEN_FIELD}" value="([^"]+)"')


def cents(text: str) -> int:
    """``€1,250.50`` as 125050."""
    return int(re.sub(r"[^0-9]", "", text))


def figures(html: str, test_id: str) -> list[str]:
    """The texts of every element of ``html`` marked ``data-testid=test_id``, in page order."""
    return [text.strip() for text in re.findall(rf'data-testid="{test_id}"[^>]*>\s*([^<]*)<', html)]


def notice(html: str) -> str | None:
    """The notice a page shows after a form (``Refunded €10.00. ...``), or None."""
    found = re.search(r"data-notice>([^<]*)<", html)
    return found[1].strip() if found else None


def figure(html: str, test_id: str) -> int | None:
    """The amount the element marked ``test_id`` shows, in cents; None when there is none."""
    found = figures(html, test_id)
    return cents(found[0]) if found else None


async def fresh_token(client: TestClient, page: str) -> str:
    """A token of a form of ``page``, drawn now."""
    html = await (await client.get(page)).text()
    found = _TOKEN.search(html)
    assert found, f"no form token on {page}"
    return found[1]


async def post_form(
    client: TestClient, action: str, data: dict[str, Any], *, token: str | None = None, **options: Any
) -> ClientResponse:
    """Post ``data`` to ``action`` with ``token``, or with the token of a form on the page the
    action belongs to (its order's, or the campaign page) drawn now."""
    if token is None:
        page = action.split("/refund")[0].split("/captures")[0].split("/decide")[0]
        if action.startswith("/backoffice/campaigns/"):
            page = "/backoffice/campaigns?campaign=" + action.split("/")[3]
        token = await fresh_token(client, page)
    return await client.post(action, data={**data, TOKEN_FIELD: token}, **options)
