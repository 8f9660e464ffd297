"""backend_stub.api.negotiation: which media type an Accept header (and a /v1 path) gets."""

from __future__ import annotations

import pytest

from backend_stub.api.errors import NotAcceptable
from backend_stub.api.negotiation import MediaType, negotiate

JSON, XML = MediaType(1, "json"), MediaType(1, "xml")
SANDBOX_XML = MediaType(1, "xml", sandbox=True)


@pytest.mark.parametrize(
    ("accept", "path_version", "expected"),
    [
        (None, None, JSON),
        ("", None, JSON),
        ("   ", None, JSON),
        ("application/json", None, JSON),
        ("*/*", None, JSON),
        ("application/*", None, JSON),
        ("application/vnd.service.v1+xml", None, XML),
        ("APPLICATION/VND.SERVICE.V1+XML", None, XML),  # media types are case-insensitive
        ("application/vnd.service.sandbox.v1+xml", None, SANDBOX_XML),
        ("text/html, application/vnd.service.v1+xml", None, XML),  # the first that fits
        ("application/json;q=0.5, application/vnd.service.v1+xml", None, XML),  # the heavier
        ("application/vnd.service.v1+xml;q=0, application/json", None, JSON),  # q=0: refused
        ("application/vnd.service.v1+xml;q=oops, */*", None, JSON),  # a bad weight counts as 0
        ("application/vnd.service.v1+xml, application/json", None, XML),  # equal: order decides
        ("application/vnd.service.v1+xml", 1, XML),
        ("application/json", 1, JSON),
    ],
)
def test_the_answer_s_media_type(accept: str | None, path_version: int | None, expected: MediaType):
    assert negotiate(accept, path_version) == expected


@pytest.mark.parametrize(
    ("accept", "path_version", "named"),
    [
        ("text/html", None, "text/html"),
        ("application/vnd.service.v2+json", None, "vnd.service.v1+json"),
        ("application/vnd.service.v1+yaml", None, "vnd.service.v1+xml"),
        ("application/json", 2, "version 2"),
        ("application/vnd.service.v1+json;q=0", None, "not supported"),
    ],
)
def test_what_fits_nothing_is_a_406_that_says_what_does(accept: str, path_version: int | None, named: str):
    with pytest.raises(NotAcceptable) as raised:
        negotiate(accept, path_version)
    assert raised.value.status == 406
    assert named in str(raised.value)


@pytest.mark.parametrize(
    ("media", "header", "content_type"),
    [
        (JSON, "service.v1", "application/json; charset=utf-8"),
        (SANDBOX_XML, "service.sandbox.v1", "application/xml; charset=utf-8"),
    ],
)
def test_a_media_type_s_header_names(media: MediaType, header: str, content_type: str):
    assert (media.header, media.content_type) == (header, content_type)
