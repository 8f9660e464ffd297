"""backend_stub.sandbox.paths: which request paths a fault's or a journal reader's path means."""

from __future__ import annotations

import pytest

from backend_stub.sandbox.paths import PathPattern, variants


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/orders", ("/orders", "/v1/orders")),
        ("/v1/orders", ("/orders", "/v1/orders")),
        ("/v1", ("/v1", "/v1/v1")),  # a bare /v1 is no prefix: nothing follows it
        ("/v10/orders", ("/v10/orders", "/v1/v10/orders")),
    ],
)
def test_a_path_under_each_version_prefix(path: str, expected: tuple[str, ...]):
    assert variants(path) == expected


@pytest.mark.parametrize(
    ("pattern", "any_version", "path", "matches"),
    [
        ("/checkout/button", False, "/checkout/button", True),
        ("/checkout/button", False, "/v1/checkout/button", False),
        ("/checkout/button", True, "/v1/checkout/button", True),
        ("/v1/checkout/button", True, "/checkout/button", True),
        ("/v1/checkout/button", False, "/checkout/button", False),
        ("/checkout/button", False, "/checkout/button/", False),  # exact means exact
        ("/orders/*", False, "/orders/o-1/refund", True),  # * crosses /
        ("/orders/*", False, "/orders", False),
        ("/orders/*", True, "/v1/orders/o-1", True),
        ("/orders/?", False, "/orders/a", True),
        ("/orders/?", False, "/orders/ab", False),
        ("/orders/[ab]", False, "/orders/b", True),
        ("/orders/[ab]", False, "/orders/c", False),
        ("/a.b", False, "/aXb", False),  # a dot is a dot, not a regex
        ("/a.*", False, "/aXb", False),
        ("/a+", False, "/aa", False),
    ],
)
def test_what_a_pattern_matches(pattern: str, any_version: bool, path: str, matches: bool):
    assert PathPattern(pattern, any_version).matches(path) is matches
