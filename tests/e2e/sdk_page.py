"""Small moves the tests make on a merchant page that runs the SDK."""

from __future__ import annotations

from playwright.sync_api import Page

__all__ = [
    "button_html",
    "wait_ready",
    "settle",
    "availability_requests",
    "pairing_body",
    "PAIRING_AMOUNTS",
    "FOUR_CHECKS",
]


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


def pairing_body() -> str:
    """Buttons in four groups with their payment information (CONTRACT 3, pairing): once
    ``PAIRING_AMOUNTS`` are settled, #info-cart, #info-plain and #info-mixed are shown,
    #info-product and #info-orphan hidden."""
    return (
        button_html(5000, group="cart", extra="hidden")
        + '<p data-service-payment-info="cart" id="info-cart" hidden>cart info</p>'
        + button_html(10, group="product", extra="hidden")
        + '<p data-service-payment-info="product" id="info-product">product info</p>'
        + button_html(6000, extra="hidden")
        + '<p data-service-payment-info id="info-plain" hidden>plain info</p>'
        + button_html(10, group="mixed")
        + button_html(7000, group="mixed")
        + '<p data-service-payment-info="mixed" id="info-mixed" hidden>mixed info</p>'
        + '<p data-service-payment-info="orphan" id="info-orphan">no button</p>'
    )


PAIRING_AMOUNTS = (5000, 10, 6000, 7000)

# Four checks through service.button(), the last a repeat of the first: [true, false, true, true]
# from three requests.
FOUR_CHECKS = """async () => [
    await service.button({amount: 5000, currency: 'EUR'}),
    await service.button({amount: 4999, currency: 'EUR'}),
    await service.button({amount: 1000, currency: 'EUR', product: {type: 'pay_later'}}),
    await service.button({amount: 5000, currency: 'EUR'}),
]"""
