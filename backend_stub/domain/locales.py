"""Which language a shopper is answered in, from the locale a page or a request names.

A well-formed BCP 47 tag (``es``, ``es-ES``, ``es_ES``, ``es-419``, ``zh-Hant-TW``) is answered
in its language when the service has that language, whatever its region (``fr-CH`` → ``fr``),
and in English otherwise: an unknown language is not an error. Only a tag that is not a
language tag at all (``12``, ``e``, ``es--ES``, a script) is refused. Language is not country:
a merchant's terms (currency, limits, rates) come from its account, whatever the language.

Pure and import-free, so the SDK's rules can bundle it (it runs under Brython unchanged).
"""

DEFAULT_LANGUAGE = "en"
# RFC 5646 asks implementations to take tags of at least 35 characters; longer ones are refused.
MAX_TAG_LENGTH = 35
LETTERS = "abcdefghijklmnopqrstuvwxyz"
ALPHANUMERIC = LETTERS + "0123456789"


def language_of(tag: object) -> "str | None":
    """The lower-case primary language of a well-formed tag (``"es"`` for ``"es-ES"``), or None
    for anything that is not one: 2 to 8 ASCII letters, then subtags of 1 to 8 ASCII letters or
    digits, separated by ``-`` (or ``_``, as POSIX locales write it)."""
    if not isinstance(tag, str) or not 0 < len(tag) <= MAX_TAG_LENGTH:
        return None
    subtags = tag.lower().replace("_", "-").split("-")
    language = subtags[0]
    if not 2 <= len(language) <= 8 or language.strip(LETTERS) != "":
        return None
    for subtag in subtags[1:]:
        if not 1 <= len(subtag) <= 8 or subtag.strip(ALPHANUMERIC) != "":
            return None
    return language


def resolve_language(tag: object, languages: "tuple[str, ...] | list[str] | frozenset[str]") -> str:
    """The language to answer ``tag`` in, among ``languages`` (the service's own): the tag's
    language when offered, else :data:`DEFAULT_LANGUAGE`. A missing or malformed tag gets the
    default too: callers that must refuse a malformed tag check :func:`language_of` first."""
    language = language_of(tag)
    return language if language is not None and language in languages else DEFAULT_LANGUAGE
