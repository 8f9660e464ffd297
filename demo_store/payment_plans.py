"""The service's three payment products as the store presents them, and what each means for an
amount ("4 interest-free payments of €30.00").

Which products are *available* for an amount is the service's answer, asked by the SDK in the
browser; this module only words them. The same table drives the product page, the cart and the
checkout page, so a button's ``data-service-button`` group, its ``data-product-type`` and its
payment-information container always agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from .money import format_money

__all__ = ["PaymentProduct", "PAYMENT_PRODUCTS", "find_payment_product", "plan_text"]

INSTALMENT_MONTHS = 12  # the longest plan the sandbox presents


@dataclass(frozen=True, slots=True)
class PaymentProduct:
    """One payment product: its API type and the words the store uses for it."""

    type: str  # the API's product type
    attribute: str | None  # the ``data-product-type`` value; instalments leave it out
    name: str  # short name, as on a badge
    action: str  # what a button says

    @property
    def group(self) -> str:
        """The ``data-service-button`` / ``data-service-payment-info`` value pairing a button with
        its information."""
        return self.type


PAYMENT_PRODUCTS: tuple[PaymentProduct, ...] = (
    PaymentProduct("pay_in_4", "pay_in_4", "Pay in 4", "Pay in 4"),
    PaymentProduct("pay_later", "pay_later", "Pay in 15 days", "Pay in 15 days"),
    PaymentProduct("instalments", None, "Instalments", "Pay in instalments"),
)
_BY_TYPE = {product.type: product for product in PAYMENT_PRODUCTS}


def find_payment_product(product_type: str) -> PaymentProduct | None:
    """The product of that API type, or None."""
    return _BY_TYPE.get(product_type)


def plan_text(product_type: str, amount: int, currency: str = "EUR") -> str:
    """What paying ``amount`` with the product means for the shopper, in one sentence."""
    if product_type == "pay_in_4":
        share, rest = divmod(amount, 4)
        if rest == 0:
            return f"4 interest-free payments of {format_money(share, currency)}, one every two weeks."
        # The first payment carries the cents that do not split evenly.
        return (
            f"{format_money(share + rest, currency)} today, then 3 interest-free payments of"
            f" {format_money(share, currency)}, one every two weeks."
        )
    if product_type == "pay_later":
        return f"Nothing to pay today: {format_money(amount, currency)} in 15 days, no fees."
    monthly = -(-amount // INSTALMENT_MONTHS)  # rounded up to the cent
    return f"Spread the cost over 3 to 12 months, from {format_money(monthly, currency)} a month."
