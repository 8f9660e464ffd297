"""The SDK and the server read a button's amount, currency and product type by one rule.

For each row the SDK's answer (``backend_stub.sdk_rules.attributes.parse_button`` on the
button's attributes: a button it checks, or a console warning) must match the server's
(``GET /checkout/button`` with those values: any answer but 400, or 400). A value the SDK took
and the server refused would hide the button with no warning; one the SDK refused and the
server took would hide a button the merchant can offer.
"""

from __future__ import annotations

from backend_stub.domain.value_rules import MAX_AMOUNT
from backend_stub.sdk_rules.attributes import AMOUNT, BUTTON, CURRENCY, PRODUCT_TYPE, parse_button
from tests.conftest import DEMO_PUBLIC, bearer

AMOUNTS = [
    "0",
    "1250",
    "0001250",
    str(MAX_AMOUNT),
    str(MAX_AMOUNT + 1),
    "50000000000000",  # 14 digits, above the ceiling: the SDK once took it (issue 27)
    "9" * 14,
    "9" * 15,
    "12.50",
    "-1",
    "+1",
    "1e3",
    " 1250",
    "1250\n",
    "1_250",
    "١٢٥٠",  # Arabic-Indic digits: str.isdigit takes them, int() reads them; the rule does not
    "²",
    "",
]
CURRENCIES = ["EUR", "USD", "eur", "Eur", "EU", "EURO", "ÉUR", "E1R", "EU R", ""]
PRODUCT_TYPES = [None, "instalments", "pay_later", "pay_in_4", "PAY_LATER", "pay later", ""]


def _rows() -> list[tuple[str, str, str | None]]:
    """Every amount with EUR and instalments, every currency and every product type with 1250."""
    return (
        [(amount, "EUR", None) for amount in AMOUNTS]
        + [("1250", currency, None) for currency in CURRENCIES]
        + [("1250", "EUR", product_type) for product_type in PRODUCT_TYPES]
    )


def _sdk_takes(amount: str, currency: str, product_type: str | None) -> bool:
    attrs = {BUTTON: "", AMOUNT: amount, CURRENCY: currency}
    if product_type is not None:
        attrs[PRODUCT_TYPE] = product_type
    button, problem = parse_button(attrs)
    assert (button is None) == (problem is not None)
    return button is not None


async def test_the_sdk_and_the_server_take_and_refuse_the_same_values(api):
    disagreements = []
    for amount, currency, product_type in _rows():
        params = {"amount": amount, "currency": currency}
        if product_type is not None:
            params["product[type]"] = product_type
        response = await api.get("/checkout/button", params=params, headers=bearer(DEMO_PUBLIC))
        server_takes = response.status != 400
        if _sdk_takes(amount, currency, product_type) != server_takes:
            disagreements.append(f"{(amount, currency, product_type)}: server {response.status}")
    assert not disagreements, "the SDK and the server disagree on:\n" + "\n".join(disagreements)


def test_the_table_has_values_each_side_takes_and_refuses():
    taken = [row for row in _rows() if _sdk_takes(*row)]
    assert 0 < len(taken) < len(_rows())
    assert ("50000000000000", "EUR", None) not in taken
    assert (str(MAX_AMOUNT), "EUR", None) in taken
