"""A merchant page that starts a checkout, and the moves a shopper makes in the overlay."""

from __future__ import annotations

import json

from playwright.sync_api import FrameLocator, Page

__all__ = [
    "create_checkout",
    "checkout_page",
    "overlay_frame",
    "OVERLAY",
    "calls",
    "reasons",
    "STATUS_BUTTONS",
]

OVERLAY = "[data-service-overlay]"
STATUS_BUTTONS = {"success": "checkout-approve", "pending": "checkout-pending", "ko": "checkout-deny"}
ALL_CALLBACKS = ("onStatusChange", "onClose", "onSuccess", "onPending", "onKO", "onDismiss", "onError")


def create_checkout(
    service,
    urls: dict | None = None,
    order_id: str | None = None,
    total: int = 25000,
    product_type: str = "pay_in_4",
) -> str:
    """A checkout made through the API with the private key, as a merchant's server would."""
    global _orders
    _orders += 1
    body = {
        "merchant": urls or {},
        "order": {
            "id": order_id or f"e2e-order-{_orders}",
            "currency": "EUR",
            "total_amount": total,
            "articles": [{"name": "Walnut desk", "quantity": 1, "unit_price": total}],
        },
        "product": {"type": product_type},
    }
    return service.call("POST", "/checkout", body)["id"]


_orders = 0


def checkout_page(
    merchant,
    checkout_id: str,
    callbacks=ALL_CALLBACKS,
    throwing=(),
    init: dict | None = None,
    extra_body: str = "",
) -> str:
    """A page whose #pay button calls ``service.checkout`` with recording callbacks.

    ``throwing`` names callbacks that throw after recording; ``init`` makes the page configure
    the SDK through ``service.init`` instead of the script tag's query string."""
    head = ""
    if init is not None:
        head = (
            f'<script src="{merchant.service_url}/sdk.js"></script>'
            f"<script>service.init({json.dumps(init)})</script>"
        )
    body = f"""
      <button id="pay" type="button">Pay with service</button>
      {extra_body}
      <script>
        window.calls = [];
        window.reasons = []; // [callback name, reason] for each reason an error close passed
        document.getElementById('pay').addEventListener('click', function () {{
          var callbacks = {{}};
          {json.dumps(list(callbacks))}.forEach(function (name) {{
            callbacks[name] = function (first) {{
              Array.prototype.forEach.call(arguments, function (value) {{
                if (value && typeof value === 'object') reasons.push([name, value]);
              }});
              calls.push(typeof first === 'string' ? name + ':' + first : name);
              if ({json.dumps(list(throwing))}.indexOf(name) >= 0) throw new Error(name + ' failed');
            }};
          }});
          window.handle = service.checkout({json.dumps(checkout_id)}, callbacks);
        }});
      </script>"""
    return merchant.page(body, head=head, sdk=init is None)


def overlay_frame(page: Page) -> FrameLocator:
    return page.frame_locator(f"{OVERLAY} iframe")


def calls(page: Page) -> list[str]:
    return page.evaluate("window.calls")


def reasons(page: Page) -> list[list]:
    """``[callback name, {code, message}]`` for each reason the page's callbacks received."""
    return page.evaluate("window.reasons")
