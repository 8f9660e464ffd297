"""A merchant's backend through the Python client openapi-generator makes from the served
document: named models for every schema, and a refused refund's error, with its ``message``
and ``fields``, typed as the document's ``BadRequestError``."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from backend_stub.testkit import Sandbox
from tests.conftest import DEMO_PRIVATE


def test_every_model_is_named_after_a_schema(generator_client: ModuleType, served_document: Path):
    models = Path(generator_client.__file__).parent / "models"
    assert not [path.name for path in models.glob("inline_object*.py")]
    assert hasattr(generator_client, "BadRequestErrorDetail")


def test_a_refund_and_a_refused_refund_reach_the_caller_typed(service: Sandbox, generator_client: ModuleType):
    service.reset()
    service.seed_orders({"id": "gen-order", "total_amount": 10000, "status": "confirmed"})
    configuration = generator_client.Configuration(host=service.url, access_token=DEMO_PRIVATE)
    with generator_client.ApiClient(configuration) as client:
        refunds = generator_client.RefundsApi(client)
        status = refunds.refund_order("gen-order", generator_client.AmountRequest(amount=4000))
        assert status.remaining_amount == 6000

        with pytest.raises(generator_client.ApiException) as refused:
            refunds.refund_order("gen-order", generator_client.AmountRequest(amount=6001))
    assert refused.value.status == 400
    error = refused.value.data
    assert isinstance(error, generator_client.BadRequestError)
    assert error.error.type == "ApiValidationException"
    assert error.error.message == "API validation error"
    assert list(error.error.fields) == ["amount"]
