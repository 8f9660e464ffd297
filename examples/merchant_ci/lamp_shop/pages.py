"""The shop's pages, as plain HTML strings (every value escaped)."""

from __future__ import annotations

from html import escape
from urllib.parse import urlencode

__all__ = ["product_page", "checkout_page", "unavailable_page", "result_page", "RESULT_TEXT"]

LAYOUT = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title} | Lamp Shop</title>
<link rel="icon" href="data:,">
{head}
</head>
<body>
<main>
{body}
</main>
</body>
</html>
"""

RESULT_TEXT = {
    "success": "Thank you! Your order is confirmed.",
    "pending": "Thank you! Your payment is being reviewed; we will email you.",
    "ko": "Your payment was declined. Please choose another way to pay.",
    "error": "The payment could not be started. Please try again.",
}


def _money(amount: int, currency: str) -> str:
    return f"{amount // 100:,}.{amount % 100:02d} {currency}"


def _script_tag(service_url: str, public_key: str) -> str:
    query = urlencode({"public-key": public_key, "sandbox": "true"})
    return f'<script src="{escape(service_url)}/sdk.js?{escape(query)}" async></script>'


def product_page(service_url: str, public_key: str, price: int, currency: str) -> str:
    """The product with both payment buttons; the SDK shows the ones the service offers. Each
    leads to the checkout page for its product."""
    amount = f'data-amount="{price}" data-currency="{escape(currency)}"'
    body = f"""<h1>Oak desk lamp</h1>
<p class="price">{_money(price, currency)}</p>
<form action="/checkout">
  <button name="product" value="instalments" data-service-button {amount} hidden>Pay in instalments</button>
  <p data-service-payment-info hidden>Spread the cost over monthly instalments.</p>
  <button name="product" value="pay_later" data-service-button="later" {amount}
          data-product-type="pay_later" hidden>Pay in 15 days</button>
  <p data-service-payment-info="later" hidden>Nothing to pay today.</p>
</form>"""
    return LAYOUT.format(title="Oak desk lamp", head=_script_tag(service_url, public_key), body=body)


def checkout_page(service_url: str, public_key: str, checkout_id: str, price: int, currency: str) -> str:
    """The order, and the pay button with the checkout's id, disabled until pay.js takes it."""
    head = _script_tag(service_url, public_key) + '\n<script src="/static/pay.js" defer></script>'
    body = f"""<h1>Your order: oak desk lamp, {_money(price, currency)}</h1>
<button id="pay" type="button" data-checkout-id="{escape(checkout_id)}" disabled>Pay</button>
<p id="notice" role="status"></p>"""
    return LAYOUT.format(title="Your order", head=head, body=body)


def unavailable_page() -> str:
    """The checkout page when the service did not create the checkout."""
    body = '<h1 data-result="unavailable">Payment is unavailable right now. Please try again later.</h1>'
    return LAYOUT.format(title="Your order", head="", body=body)


def result_page(status: str, order_id: str) -> str:
    """Where the SDK sends the shopper when the checkout closes with ``status``."""
    body = (
        f'<h1 data-result="{escape(status)}">{escape(RESULT_TEXT[status])}</h1>\n'
        f'<p>Order <code data-order="{escape(order_id)}">{escape(order_id)}</code></p>\n'
        '<p><a href="/">Back to the lamp</a></p>'
    )
    return LAYOUT.format(title="Your order", head="", body=body)
