"""The back office without a browser: its forms sent as a browser sends them, each with the
one-time token of a page just drawn (demo_store.form_tokens) or with one given to send a form
twice, and the figures its pages show, read from their HTML."""

from __future__ import annotations

import html as markup
import re
from typing import Any

from aiohttp import ClientResponse
from aiohttp.test_utils import TestClient

from demo_store.form_tokens import TOKEN_FIELD

__all__ = [
    "fresh_token",
    "post_form",
    "form_token",
    "cents",
    "figure",
    "figures",
    "notice",
    "ORDER_FIGURES",
    "order_page_figures",
    "expected_figures",
]

# The order page's figures, by data-testid, and the field of the API's order each one shows.
ORDER_FIGURES = {
    "total": "total_amount",
    "captured": "captured_amount",
    "capturable": "capturable_amount",
    "refunded": "refunded_amount",
    "remaining": "refundable_amount",
    "collected": "collected_amount",
    "owed": "owed_amount",
    "paid-back": "paid_back_amount",
}


_TOKEN = re.compile(rf'name="{TOKEN_FIELD}" value="([^"]+)"')


def cents(text: str) -> int:
    """``€1,250.50`` as 125050."""
    return int(re.sub(r"[^0-9]", "", text))


def figures(html: str, test_id: str) -> list[str]:
    """The texts of every element of ``html`` marked ``data-testid=test_id``, in page order."""
    found = re.findall(rf'data-testid="{test_id}"[^>]*>\s*([^<]*)<', html)
    return [markup.unescape(text.strip()) for text in found]


def notice(html: str) -> str | None:
    """The notice a page shows after a form (``Refunded €10.00. ...``), or None."""
    found = re.search(r"data-notice>([^<]*)<", html)
    return markup.unescape(found[1].strip()) if found else None


def figure(html: str, test_id: str) -> int | None:
    """The amount the element marked ``test_id`` shows, in cents; None when there is none."""
    found = figures(html, test_id)
    return cents(found[0]) if found else None


def form_token(html: str, action: str) -> str | None:
    """The token of the first form of ``html`` that posts to ``action``, or None."""
    for form in html.split("<form")[1:]:
        if f'action="{action}"' in form.split(">", 1)[0]:
            found = _TOKEN.search(form.split("</form>", 1)[0])
            return found[1] if found else None
    return None


def order_page_figures(html: str) -> dict[str, Any]:
    """Everything an order page shows of the money: its figures (cents, None when absent), its
    payments (due, amount, state) and each capture's amount, refunded and refundable."""
    shown: dict[str, Any] = {name: figure(html, name) for name in ORDER_FIGURES}
    shown["payments"] = list(
        zip(
            figures(html, "payment-due"),
            [cents(text) for text in figures(html, "payment-amount")],
            figures(html, "payment-state"),
            strict=True,
        )
    )
    captures = {}
    for block in html.split('<li class="capture" data-capture="')[1:]:
        capture_id, body = block.split('"', 1)
        body = body.split("</section>")[0]  # the last capture's block ends with the section
        captures[capture_id] = tuple(
            figure(body, f"capture-{name}") for name in ("amount", "refunded", "refundable")
        )
    shown["captures"] = captures
    return shown


def expected_figures(order: dict[str, Any], captures: list[dict[str, Any]]) -> dict[str, Any]:
    """What :func:`order_page_figures` must read for the API's ``order`` and its ``captures``:
    the service's own figures, each one (the payments' figures only where the order has any)."""
    expected: dict[str, Any] = {name: order[field] for name, field in ORDER_FIGURES.items()}
    if not order["schedule"]:
        expected.update(collected=None, owed=None, **{"paid-back": None})
    expected["payments"] = [
        (
            payment["due_date"],
            payment["amount"],
            "Collected" if payment["collected"] else "To come" if payment["amount"] else "Nothing to pay",
        )
        for payment in order["schedule"]
    ]
    expected["captures"] = {
        capture["id"]: (capture["amount"], capture["refunded_amount"], capture["refundable_amount"])
        for capture in captures
    }
    return expected


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
        page = re.sub(r"/(refund|captures|decide|clock)(/.*)?$", "", action)
        if action.startswith("/backoffice/campaigns/"):
            page = "/backoffice/campaigns?campaign=" + action.split("/")[3]
        token = await fresh_token(client, page)
    return await client.post(action, data={**data, TOKEN_FIELD: token}, **options)
