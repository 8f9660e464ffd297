"""The amounts the store says each plan covers are the ones the service answers for: the store
explains with them (catalogue, checkout, the no-plan cart), the service decides."""

from __future__ import annotations

import urllib.error
import urllib.request
from urllib.parse import urlencode

import pytest

from backend_stub.testkit import Sandbox
from demo_store.payment_plans import PAYMENT_PRODUCTS


def _offered(service: Sandbox, product_type: str, amount: int) -> bool:
    query = {"amount": amount, "currency": "EUR", "product[type]": product_type}
    request = urllib.request.Request(
        f"{service.url}/checkout/button?{urlencode(query)}", headers={"Authorization": "Bearer pk_test_demo"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status == 201
    except urllib.error.HTTPError as error:
        assert error.code == 403, error.code
        return False


@pytest.mark.parametrize("product", PAYMENT_PRODUCTS, ids=lambda product: product.type)
def test_each_plan_s_range_is_the_service_s(service: Sandbox, product):
    assert _offered(service, product.type, product.minimum)
    assert _offered(service, product.type, product.maximum)
    assert not _offered(service, product.type, product.minimum - 1)
    assert not _offered(service, product.type, product.maximum + 1)
