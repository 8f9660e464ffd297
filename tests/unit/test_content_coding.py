"""Accept-Encoding read as RFC 9110 says (section 12.5.3), for the SDK's files."""

from __future__ import annotations

import pytest

from backend_stub.web.content_coding import choose_coding

AVAILABLE = ("br", "gzip")  # the server's order: brotli first


@pytest.mark.parametrize(
    ("header", "chosen"),
    [
        (None, "identity"),  # a client that says nothing may decode nothing
        ("", "identity"),
        ("gzip, deflate, br", "br"),
        ("br;q=0, gzip", "gzip"),  # brotli refused: was sent brotli
        ("xbrx", "identity"),  # a whole token, not a substring: was sent brotli
        ("gzip;q=0.5, br;q=0.4", "gzip"),
        ("gzip;q=1.0, br;q=1", "br"),  # a tie goes the server's way
        ("BR", "br"),
        ("x-gzip", "gzip"),
        ("*", "br"),
        ("*;q=0.5, br;q=0", "gzip"),
        ("*;q=0, identity", "identity"),
        ("identity;q=1, gzip;q=0.5", "identity"),
        ("gzip;q=0, br;q=0", "identity"),
        ("identity;q=0, gzip;q=0, br;q=0", "identity"),  # nothing better to send
        ("br;q=2, gzip", "gzip"),  # an invalid weight: that member is ignored
        ("br;q=0.0001, gzip", "gzip"),
        ("br;level=11, gzip", "gzip"),
        ("br ; q=0.8 , gzip ;q=0.9", "gzip"),
        ("deflate", "identity"),
    ],
)
def test_the_coding_is_the_one_the_client_prefers_among_those_the_file_has(header, chosen):
    assert choose_coding(header, AVAILABLE) == chosen


def test_a_file_without_a_compressed_form_goes_without_one():
    assert choose_coding("br, gzip", ()) == "identity"
