"""The copies of Demo Shop's limits outside the fixture (backend_stub/fixtures/default.json): the
sandbox reference's sentence and the demo store's plans, which tell a shopper what each product
covers. A limit changed in the fixture fails here, naming each copy to update. And the reference's
"Limits" table against the constants the server enforces."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend_stub.api.bodies import MAX_DEPTH
from backend_stub.api.idempotency import MAX_KEY_LENGTH
from backend_stub.config import Config
from backend_stub.domain.articles import MAX_POSTED_ARTICLES
from backend_stub.domain.checkouts import MAX_ARTICLES
from backend_stub.domain.errors import MAX_LISTED_FIELDS
from backend_stub.domain.refunds import REFUNDS_SHOWN
from backend_stub.sandbox.journal import DEFAULT_CAPACITY
from backend_stub.sandbox.seeding import MAX_SEEDED
from backend_stub.storage.idempotency import MAX_ANSWER_BYTES, MAX_BYTES, MAX_KEYS
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


MIB = 1024**2
# Each row of the reference's Limits table (by the start of its first cell) and what its limit
# cell says, from the constant the server enforces.
LIMITS = [
    ("JSON body", f"nested at most {MAX_DEPTH} levels"),
    ("field errors listed by one answer", f"the first {MAX_LISTED_FIELDS} fields"),
    ("articles posted by one", f"{MAX_POSTED_ARTICLES:,}"),
    ("orders seeded by one", f"{MAX_SEEDED:,}"),
    ("articles of a checkout", f"{MAX_ARTICLES}"),
    ("time to take an answer", f"{Config().write_timeout:g} s from its first byte"),
    ("refunds listed by one answer", f"the newest {REFUNDS_SHOWN}"),
    ("request journal", f"{DEFAULT_CAPACITY:,} requests"),
    ("idempotency keys", f"1 to {MAX_KEY_LENGTH} printable ASCII characters"),
    ("idempotency keys", f"the newest {MAX_KEYS:,} keys and {MAX_BYTES // MIB} MiB of stored answers"),
    ("one answer kept under an idempotency key", f"{MAX_ANSWER_BYTES // MIB} MiB"),
]


def limits_table() -> dict[str, str]:
    """The Limits section's table: each row's first cell and its limit cell."""
    section = REFERENCE.read_text(encoding="utf-8").split("\n## Limits\n", 1)[1].split("\n## ", 1)[0]
    rows = [line.split(" | ") for line in section.splitlines() if line.startswith("| ") and "---" not in line]
    return {cells[0].lstrip("| "): cells[1] for cells in rows[1:]}


@pytest.mark.parametrize(("row", "says"), LIMITS, ids=[says for _, says in LIMITS])
def test_the_limits_table_states_the_limit_the_server_enforces(row, says):
    found = [limit for what, limit in limits_table().items() if what.startswith(row)]
    assert found, f"docs/sandbox-server.md's Limits has no row starting {row!r}"
    assert says in found[0], f"the row {row!r} should say {says!r}: {found[0]!r}"
