"""The service's three payment products as the store presents them: their names, the amounts each
covers, and what paying with one means for an amount ("4 payments of €30.00 ... 0% APR").

Which products are *available* for an amount is the service's answer, asked by the SDK in the
browser. The amounts each covers are Demo Shop's terms with the service (the sandbox fixture's
limits; a test checks the two agree): the store only uses them to explain, never to decide. The
figures of a plan (payments, APR, total) come from the sandbox's one rule,
:mod:`backend_stub.domain.schedules`; this module only words them. The same table drives the
catalogue, the product page, the cart and the checkout page, so a button's
``data-service-button`` group, its ``data-product-type`` and its payment information agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from functools import partial

from backend_stub.domain.schedules import INSTALMENT_MONTHS, schedule

from .money import format_money

__all__ = [
    "PaymentProduct",
    "PAYMENT_PRODUCTS",
    "find_payment_product",
    "plan_label",
    "plan_text",
    "agreed_plan_text",
    "payment_dates",
    "no_plan_text",
    "covered",
]


@dataclass(frozen=True, slots=True)
class PaymentProduct:
    """One payment product: its API type, the words the store uses for it, and the amounts it
    covers (minor units, inclusive)."""

    type: str  # the API's product type
    attribute: str | None  # the ``data-product-type`` value; instalments leave it out
    name: str  # short name, as on a badge
    action: str  # what a button says
    minimum: int
    maximum: int

    @property
    def group(self) -> str:
        """The ``data-service-button`` / ``data-service-payment-info`` value pairing a button with
        its information."""
        return self.type

    def covers(self, amount: int) -> bool:
        return self.minimum <= amount <= self.maximum

    def range_text(self, currency: str = "EUR") -> str:
        """``€20.00 to €1,500.00``."""
        return f"{format_money(self.minimum, currency)} to {format_money(self.maximum, currency)}"


PAYMENT_PRODUCTS: tuple[PaymentProduct, ...] = (
    PaymentProduct("pay_in_4", "pay_in_4", "Pay in 4", "Pay in 4", 2000, 150000),
    PaymentProduct("pay_later", "pay_later", "Pay in 15 days", "Pay in 15 days", 1000, 80000),
    # One name for the product, its button's: "Instalments" beside "Pay in instalments" read as two.
    PaymentProduct("instalments", None, "Pay in instalments", "Pay in instalments", 5000, 300000),
)
_BY_TYPE = {product.type: product for product in PAYMENT_PRODUCTS}


def find_payment_product(product_type: str) -> PaymentProduct | None:
    """The product of that API type, or None."""
    return _BY_TYPE.get(product_type)


def plan_label(product: PaymentProduct, instalments: int | None) -> str:
    """The product and the term an order was agreed on: ``Pay in instalments over 6 months``,
    ``Pay in 4``."""
    return f"{product.name} over {instalments} months" if instalments else product.name


def plan_text(product_type: str, amount: int, currency: str = "EUR") -> str:
    """What paying ``amount`` with the product means, in one or two sentences that state the
    payments, the APR and the total to pay."""
    money = partial(format_money, currency=currency)
    if amount <= 0:
        return ""
    plan = schedule(product_type, amount)
    cost = f"{plan.apr}% APR, total {money(plan.total)}."
    last = f" (the last {money(plan.last)})" if plan.last != plan.regular else ""
    if product_type == "pay_in_4":
        return agreed_plan_text(product_type, amount, None, currency)
    if product_type == "pay_later":
        return f"Nothing to pay today: {money(plan.total)} in {plan.interval}. {plan.apr}% APR, no fees."
    shorter = " or ".join(str(months) for months in INSTALMENT_MONTHS[:-1])
    return (
        f"From {money(plan.regular)} a month over {plan.count} months{last}, or over {shorter} months. {cost}"
    )


def agreed_plan_text(product_type: str, amount: int, instalments: int | None, currency: str = "EUR") -> str:
    """The plan an order was agreed on, for the thank-you page and the back office: the term the
    shopper chose (``instalments``, for that product), not the choice offered before."""
    money = partial(format_money, currency=currency)
    plan = schedule(product_type, amount, instalments if product_type == "instalments" else None)
    cost = f"{plan.apr}% APR, total {money(plan.total)}."
    last = f" (the last {money(plan.last)})" if plan.last != plan.regular else ""
    if product_type == "pay_in_4":
        return f"{plan.count} payments of {money(plan.regular)}{last}, one every {plan.interval}. {cost}"
    if product_type == "pay_later":
        return (
            f"One payment of {money(plan.total)}, {plan.interval} after the order. {plan.apr}% APR, no fees."
        )
    return f"{plan.count} monthly payments of {money(plan.regular)}{last}. {cost}"


def payment_dates(
    product_type: str, amount: int, instalments: int | None, agreed: str | date, currency: str = "EUR"
) -> list[tuple[date, str]]:
    """``(due day, amount)`` of each payment of the agreed plan, the amount as text (the page
    writes the day for its audience, :mod:`.date_formats`); ``agreed`` is the day the plan was
    agreed (a date, or the API's ISO 8601 timestamp of the decision)."""
    start = datetime.fromisoformat(agreed).date() if isinstance(agreed, str) else agreed
    plan = schedule(product_type, amount, instalments if product_type == "instalments" else None)
    return [(day, format_money(paid, currency)) for day, paid in plan.dated_payments(start)]


def covered(amount: int) -> bool:
    """Whether the store's terms expect any plan for ``amount`` (the service has the last word)."""
    return any(product.covers(amount) for product in PAYMENT_PRODUCTS)


def no_plan_text(amount: int, currency: str = "EUR", *, advice: bool = True) -> str:
    """Why no plan is offered for ``amount``, and (``advice``, for a cart) what change of the
    cart would make one possible."""
    money = partial(format_money, currency=currency)
    lowest = min(PAYMENT_PRODUCTS, key=lambda product: product.minimum)
    highest = max(PAYMENT_PRODUCTS, key=lambda product: product.maximum)
    if amount > highest.maximum:
        why = f"the highest, {highest.name}, goes up to {money(highest.maximum)}."
        change = f" Remove {money(amount - highest.maximum)} from your cart to use it."
    elif amount < lowest.minimum:
        why = f"the lowest, {lowest.name}, starts at {money(lowest.minimum)}."
        change = f" Add {money(lowest.minimum - amount)} to your cart to use it."
    else:
        return f"No payment plan is offered for {money(amount)} right now."
    return f"No payment plan covers {money(amount)}: {why}" + (change if advice else "")
