"""The copies of Demo Shop's limits outside the fixture (backend_stub/fixtures/default.json): the
sandbox reference's sentence and the demo store's plans, which tell a shopper what each product
covers. A limit changed in the fixture fails here, naming each copy to update."""

from __future__ import annotations

from pathlib import Path

from demo_store.payment_plans import PAYMENT_PRODUCTS
from tests.conftest import demo_limits

REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "sandbox-server.md"
# How the reference names each product type in its sentence.
NAMES = {"instalments": "instalments", "pay_later": "`pay_later`", "pay_in_4": "`pay_in_4`"}


def test_the_sandbox_reference_states_the_fixture_limits():
    stated = ", ".join(f"{NAMES[kind]} {low}–{high}" for kind, (low, high) in demo_limits().items())
    text = " ".join(REFERENCE.read_text(encoding="utf-8").split())
    assert f"inclusive): {stated}." in text, f"docs/sandbox-server.md should say: {stated}"


def test_the_demo_store_offers_each_product_within_the_fixture_limits():
    offered = {product.type: (product.minimum, product.maximum) for product in PAYMENT_PRODUCTS}
    assert offered == demo_limits(), "demo_store/payment_plans.py's PAYMENT_PRODUCTS"
