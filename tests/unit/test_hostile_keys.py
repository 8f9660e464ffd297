"""Finding 4 of issue 11: keys are read by one rule, in the SDK and on the server alike."""

from __future__ import annotations

import pytest

from backend_stub.api.auth import bearer_key
from backend_stub.domain.keys import PRIVATE, PUBLIC, key_kind, read_key
from backend_stub.sdk_rules.settings import parse_settings

# (text as written, the key it holds or None, its kind)
KEYS = [
    ("pk_test_demo", "pk_test_demo", PUBLIC),
    (" sk_test_demo", "sk_test_demo", PRIVATE),
    ("sk_test_demo\t", "sk_test_demo", PRIVATE),
    ("\n\r sk_test_demo \x0b", "sk_test_demo", PRIVATE),
    # Only ASCII whitespace is trimmed: a no-break or ideographic space is not a key's (issue 23).
    ("\u00a0sk_test_demo\u3000", None, None),
    ("sk_test_demo\u00a0", None, None),
    ("SK_TEST_DEMO", "SK_TEST_DEMO", PRIVATE),
    ("Pk_live_1", "Pk_live_1", PUBLIC),
    ("\u200bsk_test_demo", None, None),
    ("sk_test\u00a0demo", None, None),
    ("sk_test demo", None, None),
    ("sk_test_demo\x00", None, None),
    ("", None, None),
    ("   ", None, None),
    ("opaque-key-42", "opaque-key-42", None),
]


@pytest.mark.parametrize(("text", "key", "kind"), KEYS)
def test_a_key_is_read_and_classified(text, key, kind):
    assert read_key(text) == key
    if key is not None:
        assert key_kind(key) == kind


@pytest.mark.parametrize(("text", "key", "kind"), KEYS)
def test_the_server_reads_a_bearer_key_as_the_sdk_reads_it(text, key, kind):
    assert bearer_key(f"Bearer {text}") == key


@pytest.mark.parametrize(("text", "key", "kind"), KEYS)
def test_the_sdk_starts_only_with_a_key_that_is_not_private(text, key, kind):
    settings, problem = parse_settings({"public_key": text, "sandbox": "true"})
    if key is not None and kind != PRIVATE:
        assert problem is None and settings.public_key == key
    else:
        assert settings is None and problem is not None
        assert "sk_" not in problem.replace("(sk_...)", "")  # the key itself is never echoed
