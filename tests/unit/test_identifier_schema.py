"""The OpenAPI document's id pattern and the server's id rule agree: a generated client never
refuses an id the server takes, and for ASCII they are the same rule."""

from __future__ import annotations

import re
import string

import pytest

from backend_stub.api.openapi_schema import IDENTIFIER
from backend_stub.domain.errors import FieldErrors
from backend_stub.domain.identifiers import parse_identifier

PATTERN = re.compile(IDENTIFIER["pattern"])


def server_takes(value: str) -> bool:
    errors = FieldErrors()
    return parse_identifier(value, "id", errors) is not None and not errors


@pytest.mark.parametrize(
    "value", [*string.printable, *(f"a{c}b" for c in string.printable), ".", "..", "..."]
)
def test_for_ascii_the_pattern_is_the_server_rule(value: str):
    assert bool(PATTERN.fullmatch(value)) == server_takes(value)


@pytest.mark.parametrize("value", ["order-1", "A.b_c~d", ".hidden", "café", "商品42", "x²", "Ωmega"])
def test_every_id_the_server_takes_matches_the_pattern(value: str):
    assert server_takes(value)
    assert PATTERN.fullmatch(value)
