"""docs/sandbox-server.md's table of locales says what the pages write for each: the language of
the words, the ``<html lang>`` and a sum of money, as the server's own rule gives them; and
docs/sdk.md lists the languages the catalogs have."""

from __future__ import annotations

import re

from backend_stub.language.catalogs import languages
from backend_stub.language.formats import money
from backend_stub.language.shopper_locale import language_part, shopper_locale
from tests.docs.snippets import ROOT

NAMES = {
    "en": "English",
    "es": "Spanish",
    "pt": "Portuguese",
    "fr": "French",
    "it": "Italian",
    "de": "German",
}


def _section(document: str, heading: str) -> str:
    text = (ROOT / "docs" / document).read_text(encoding="utf-8")
    return text.split(f"{heading}\n", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]


def _rows(section: str) -> list[list[str]]:
    lines = [line for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


def test_each_locale_writes_what_the_table_says():
    rows = _rows(_section("sandbox-server.md", "### Languages"))
    assert len(rows) >= 10
    for tags, words, lang, written in rows:
        for tag in re.findall(r"`([^`]+)`", tags) + ([None] if "(none)" in tags else []):
            locale = shopper_locale(tag)
            assert NAMES[language_part(locale)] == words, tag
            assert f"`{language_part(locale)}`" == lang, tag
            figure = money(100050, "EUR", locale).replace("\xa0", " ").replace("\u202f", " ")
            assert written.split(" (")[0] == figure, tag


def test_the_sdk_guide_lists_every_language():
    rows = _rows(_section("sdk.md", "## Languages"))
    assert sorted(row[1].strip("`") for row in rows) == sorted(languages())
