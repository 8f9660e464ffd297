"""Rates are a merchant's data: the fixture's "Other Shop" charges a TIN on its 6- and 12-month
instalments, "Demo Shop" none, and a reset brings them back as they were."""

from __future__ import annotations

import copy
from decimal import Decimal

import pytest

from backend_stub.storage import fixture
from backend_stub.storage.database import Database
from backend_stub.storage.fixture import load_fixture, read_fixture
from backend_stub.storage.merchants import MerchantStore


def _tins(db: Database, key: str) -> dict[str, dict[int, Decimal]]:
    holder = MerchantStore(db).by_key(key)
    assert holder is not None
    return {product_type: dict(holder[0].tins(product_type)) for product_type in ("instalments", "pay_in_4")}


async def test_the_fixture_s_rates_reach_the_merchants_and_survive_a_reset():
    db = Database(":memory:")
    data = read_fixture()
    load_fixture(db, data)
    other = {"instalments": {6: Decimal("9.95"), 12: Decimal("12.5")}, "pay_in_4": {}}
    assert _tins(db, "pk_test_other") == other
    assert _tins(db, "pk_test_demo") == {"instalments": {}, "pay_in_4": {}}
    await fixture.reset(db, data)
    assert _tins(db, "sk_test_other") == other
    db.close()


def test_a_fixture_rate_that_is_no_tin_is_refused():
    data = copy.deepcopy(read_fixture())
    data["merchants"][1]["rates"][0]["tin"] = "9.955"
    db = Database(":memory:")
    with pytest.raises(ValueError, match="at most two decimals"):
        load_fixture(db, data)
    db.close()
