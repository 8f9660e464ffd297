"""Small moves the tests make on a merchant page that runs the SDK."""

from __future__ import annotations

from playwright.sync_api import Page

__all__ = ["button_html", "wait_ready", "settle", "availability_requests"]


def button_html(
    amount: object,
    currency: str = "EUR",
    product_type: str | None = None,
    group: str = "",
    label: str = "Pay",
    extra: str = "",
) -> str:
    """The markup of a payment button."""
    attrs = f'data-service-button="{group}"' if group else "data-service-button"
    attrs += f' data-amount="{amount}" data-currency="{currency}"'
    if product_type:
        attrs += f' data-product-type="{product_type}"'
    return f'<button type="button" {attrs} {extra}>{label}</button>'


def wait_ready(page: Page) -> None:
    """Wait until ``service.ready`` resolved."""
    page.wait_for_function("window.service && window.service.ready")
    page.evaluate("service.ready.then(() => true)")


def settle(page: Page, amount: int, currency: str = "EUR", product_type: str | None = None) -> bool:
    """Wait for the SDK's answer for a triple: ``service.button()`` shares the page's request,
    and the SDK applies show/hide before it resolves."""
    wait_ready(page)
    options = {"amount": amount, "currency": currency}
    if product_type:
        options["product"] = {"type": product_type}
    return page.evaluate("options => service.button(options)", options)


def availability_requests(service, **extra: str) -> list[dict]:
    """The availability checks the sandbox server received (preflights excluded)."""
    return service.requests(method="GET", path="/checkout/button", **extra)
