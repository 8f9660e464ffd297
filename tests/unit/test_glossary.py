"""backend_stub/language/GLOSSARY.md holds each market's terms; every catalog uses them: a text
that says "APR" in English says TAE in Spanish, TAEG in Portuguese, French and Italian,
"effektiver Jahreszins" in German, and each product has one name per language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from backend_stub.language.catalogs import CATALOGS, languages

GLOSSARY = Path(CATALOGS).parent / "GLOSSARY.md"


def _table(title: str) -> list[dict[str, str]]:
    """The rows of the Markdown table under the heading ``## title``, keyed by its header."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    cells = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]
    header, body = cells[0], cells[2:]  # the second line is the table's rule
    return [dict(zip(header, row, strict=True)) for row in body]


def _translations(language: str) -> list[tuple[str, str]]:
    """Each (English text, translation) of a catalog, every plural form of a text counted."""
    with (CATALOGS / language / "LC_MESSAGES" / "messages.po").open("rb") as file:
        catalog = read_po(file)
    pairs = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        pairs += [(ids[min(index, len(ids) - 1)], string) for index, string in enumerate(strings)]
    return pairs


TERMS = _table("Financial terms")
PRODUCTS = _table("Products")


def test_the_glossary_has_every_language_of_the_catalogs():
    assert set(TERMS[0]) == {"English", *languages()} - {"en"}
    assert set(PRODUCTS[0]) == {"English", *languages()} - {"en"}
    assert [row["English"] for row in TERMS] == [
        "APR",
        "nominal rate",
        "Representative example",
        "interest",
        "total to pay",
        "no fees",
    ]


@pytest.mark.parametrize("language", [language for language in languages() if language != "en"])
def test_each_financial_term_is_the_market_s_own(language):
    """Every text that says a term in English says the glossary's term in the language."""
    checked = 0
    wrong = []
    for english, translated in _translations(language):
        for row in TERMS:
            if re.search(rf"\b{re.escape(row['English'])}\b", english, re.IGNORECASE):
                checked += 1
                if row[language].casefold() not in translated.casefold():
                    wrong.append((row["English"], translated))
    assert wrong == []
    assert checked >= 12  # the cost line, the example (each plural form), the 0% line


@pytest.mark.parametrize("language", [language for language in languages() if language != "en"])
def test_each_product_has_the_glossary_s_name(language):
    names = dict(_translations(language))
    assert {row["English"]: names[row["English"]] for row in PRODUCTS} == {
        row["English"]: row[language] for row in PRODUCTS
    }


def test_no_catalog_leaves_an_english_financial_term():
    """Neither "APR" nor "nominal rate" slips through untranslated into another language."""
    leftovers = [
        (language, translated)
        for language in languages()
        if language != "en"
        for _, translated in _translations(language)
        if re.search(r"\bAPR\b|nominal rate", translated)
    ]
    assert leftovers == []
