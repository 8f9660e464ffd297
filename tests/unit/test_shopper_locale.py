"""backend_stub.language.shopper_locale: the words of the tag's language when the service has a
catalog for it (else English), the figures of the tag's region when CLDR knows it for that
language (else the language's own market)."""

from __future__ import annotations

import pytest

from backend_stub.language.shopper_locale import language_part, shopper_locale


@pytest.mark.parametrize(
    ("tag", "locale"),
    [
        ("fr-CH", "fr_CH"),  # French words, Swiss figures
        ("fr_ch", "fr_CH"),
        ("pt-BR", "pt_BR"),
        ("pt-PT", "pt_PT"),
        ("pt", "pt_PT"),  # Portuguese alone: Portugal, as the catalog's words are
        ("es", "es"),
        ("es-ES", "es_ES"),
        ("es-419", "es_419"),  # Latin American Spanish
        ("de-AT", "de_AT"),
        ("de-DE-u-co-phonebk", "de_DE"),  # an extension CLDR has no locale for: shortened
        ("it", "it"),
        ("en", "en_GB"),  # English alone: as the service's European shoppers read it
        ("en-US", "en_US"),
        ("fr-XK", "fr"),  # a region CLDR has no French for: France's figures
        ("xx-YY", "en_GB"),  # a language the service lacks: English
        ("nl-BE", "en_GB"),  # Dutch has figures, but no catalog: the figures follow the words
        ("zh-Hant-TW", "en_GB"),
        ("12", "en_GB"),  # no language tag at all
        ("", "en_GB"),
        (None, "en_GB"),
    ],
)
def test_the_words_language_and_the_figures_region(tag, locale):
    assert shopper_locale(tag) == locale


def test_the_language_of_a_locale_names_its_catalog():
    assert [language_part(locale) for locale in ("fr_CH", "pt_BR", "es_419", "en_GB", "de")] == [
        "fr",
        "pt",
        "es",
        "en",
        "de",
    ]
