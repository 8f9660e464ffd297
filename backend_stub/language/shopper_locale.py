"""The locale a shopper is written to, from the tag a page or a request names: the words of a
language the service has a catalog for, the figures by CLDR's rules for the tag's region.

A region keeps its own formats even where the words are the language's: ``pt-BR`` reads the
Portuguese catalog with Brazil's ``€ 120,50``, ``pt-PT`` the same words with ``120,50 €``, and
``fr-CH`` French words with Swiss figures. A language alone is written as the service's own
market writes it (``pt`` as Portugal, ``en`` as Great Britain: :mod:`.formats`). A language the
service has no catalog for, or what is no language tag at all, is English as written by default
(:func:`backend_stub.domain.locales.resolve_language`).

The result is a CLDR locale identifier (``fr_CH``, ``es``, ``en_GB``) that every wording
function takes: :func:`.catalogs.translations` reads its language's catalog, :mod:`.formats`
writes its figures.
"""

from __future__ import annotations

import functools

from babel import Locale, UnknownLocaleError

from ..domain.locales import language_of, resolve_language
from .catalogs import languages
from .formats import written_as

__all__ = ["shopper_locale", "language_part"]


def language_part(locale: str) -> str:
    """The language of a CLDR locale identifier (``fr`` for ``fr_CH``): its catalog's name and
    the ``lang`` attribute of a page written in it."""
    return locale.split("_", 1)[0]


@functools.lru_cache(maxsize=512)  # tags come from URLs: a bounded cache, never a growing one
def shopper_locale(tag: object) -> str:
    """The CLDR locale to write to the shopper who asked for ``tag`` (``fr-CH`` → ``fr_CH``,
    ``pt`` → ``pt_PT``, ``xx-YY`` → ``en_GB``): the language resolved among the catalogs, and the
    longest prefix of the tag's subtags that CLDR knows for that language, if any."""
    language = resolve_language(tag, languages())
    if isinstance(tag, str) and language_of(tag) == language:
        subtags = tag.replace("-", "_").split("_")
        # Extensions and private uses (de-DE-u-co-phonebk) are not CLDR's: shorten until it knows.
        for end in range(len(subtags), 1, -1):
            try:
                found = Locale.parse("_".join(subtags[:end]))
            except (ValueError, UnknownLocaleError):  # not an identifier, or not one CLDR has
                continue
            if found.language == language and found.territory:
                return str(found)
    return written_as(language)
