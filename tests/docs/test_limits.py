"""The sandbox reference states Demo Shop's limits as the fixture has them: a limit changed in
backend_stub/fixtures/default.json fails here, naming the sentence to update."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import demo_limits

REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "sandbox-server.md"
# How the reference names each product type in its sentence.
NAMES = {"instalments": "instalments", "pay_later": "`pay_later`", "pay_in_4": "`pay_in_4`"}


def test_the_sandbox_reference_states_the_fixture_limits():
    stated = ", ".join(f"{NAMES[kind]} {low}–{high}" for kind, (low, high) in demo_limits().items())
    text = " ".join(REFERENCE.read_text(encoding="utf-8").split())
    assert f"inclusive): {stated}." in text, f"docs/sandbox-server.md should say: {stated}"
