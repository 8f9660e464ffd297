"""backend_stub.domain.locales: a region falls back to its language, an unknown language to
English, and only what is no language tag at all is refused."""

from __future__ import annotations

import pytest

from backend_stub.domain.locales import DEFAULT_LANGUAGE, language_of, resolve_language

OURS = ("en", "es")


@pytest.mark.parametrize(
    ("tag", "language"),
    [
        ("es", "es"),
        ("es-ES", "es"),
        ("ES-es", "es"),
        ("es_ES", "es"),  # as POSIX locales write it
        ("es-419", "es"),  # Latin American Spanish
        ("es-MX", "es"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("fr-CH", "en"),  # a language the service lacks: English
        ("xx-YY", "en"),
        ("zh-Hant-TW", "en"),
        ("de-DE-u-co-phonebk", "en"),
    ],
)
def test_a_well_formed_tag_gets_its_language_or_english(tag, language):
    assert language_of(tag) is not None
    assert resolve_language(tag, OURS) == language


def test_fr_ch_is_french_where_french_is_offered():
    assert resolve_language("fr-CH", ("en", "es", "fr")) == "fr"


@pytest.mark.parametrize(
    "tag",
    [
        "",
        "e",
        "1",
        "12",
        "es--ES",
        "es-",
        "-es",
        "es ES",
        "es-ES\n",
        "<script>",
        "é",
        "es-toolongsubtag",
        "a" * 36,
        None,
        5,
    ],
)
def test_what_is_no_language_tag(tag):
    assert language_of(tag) is None
    assert resolve_language(tag, OURS) == DEFAULT_LANGUAGE == "en"
