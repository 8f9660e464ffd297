"""A merchant's backend in Python, through a client ``openapi-python-client`` generated from the
served document: every API call below goes through the generated code only (the sandbox
controls set the scene: a shopper's decision, orders to list)."""

from __future__ import annotations

import importlib
from types import ModuleType

from backend_stub.testkit import Sandbox
from tests.conftest import DEMO_PRIVATE
from tests.openapi.seeding import AT_LEAST, NAMED, seed_orders_to_filter


def generated(package: ModuleType, module: str) -> ModuleType:
    """A module of the generated package (``api.orders.list_orders``, ``models``)."""
    return importlib.import_module(f"{package.__name__}.{module}")


def test_checkout_filtered_pages_refund_and_typed_error(service: Sandbox, python_client: ModuleType):
    with python_client.AuthenticatedClient(base_url=service.url, token=DEMO_PRIVATE) as client:
        merchant_backend(python_client, client, service)


def merchant_backend(python_client: ModuleType, client: object, sandbox: Sandbox) -> None:
    """Open a checkout, list orders with two filters page by page, refund, and over-refund."""
    sandbox.reset()
    expected = seed_orders_to_filter(sandbox)
    models = generated(python_client, "models")

    # A checkout whose article leaves its quantity to the default; the shopper approves it.
    body = models.NewCheckout(
        order=models.NewCheckoutOrder(
            id="py-checkout",
            name="Walnut desk (checkout)",
            currency="EUR",
            total_amount=25000,
            articles=[models.NewCheckoutOrderArticlesItem(name="Walnut desk")],
        ),
        product=models.NewCheckoutProduct(type_=models.ProductType.PAY_IN_4),
    )
    checkout = generated(python_client, "api.checkout.create_checkout").sync(client=client, body=body)
    assert isinstance(checkout, models.Checkout), checkout
    assert checkout.status == models.CheckoutStatus.CREATED
    assert checkout.order.articles[0].quantity == 1
    sandbox.decide(checkout.id, "success")

    # A range and a text lookup, page after page.
    list_orders = generated(python_client, "api.orders.list_orders")
    listed, pages, page = [], 0, 1
    while page is not None:
        answer = list_orders.sync(client=client, total_amount_gte=AT_LEAST, name_icontains=NAMED, page=page)
        assert isinstance(answer, models.OrderPage), answer
        listed += [order.id for order in answer.results]
        pages, page = pages + 1, answer.cursor.after
    assert sorted(listed) == sorted(expected | {"py-checkout"})
    assert pages == 2

    refund_order = generated(python_client, "api.refunds.refund_order")
    status = refund_order.sync(order_id="py-checkout", client=client, body=models.AmountRequest(amount=5000))
    assert isinstance(status, models.RefundStatus), status
    assert status.remaining_amount == 20000

    refused = refund_order.sync_detailed(
        order_id="py-checkout", client=client, body=models.AmountRequest(amount=20001)
    )
    assert refused.status_code == 400
    assert isinstance(refused.parsed, models.BadRequestError)
    assert refused.parsed.error.type_ == "ApiValidationException"
    assert refused.parsed.error.message == "API validation error"
    assert "amount" in refused.parsed.error.fields.additional_properties
