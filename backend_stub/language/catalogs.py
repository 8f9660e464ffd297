"""The gettext catalogs of shopper-facing texts, one per language, and their compilation.

The texts are written in English in the code (``gettext`` / ``ngettext`` calls, and ``N_`` marks
on data such as product names); ``make catalogs`` extracts them with Babel into
``catalogs/messages.pot`` and merges that into each language's ``.po`` file, which translators
edit and the repository keeps. The build (``make build``, and the package's build backend) compiles
each ``.po`` into the ``.mo`` the server reads; ``.mo`` files are build output, never committed. A
tree not built yet reads its ``.po`` files directly, so a fresh clone's tests still speak Spanish.

The next language is one more ``catalogs/<language>/LC_MESSAGES/messages.po``: nothing else lists
the languages.

This module is also run by the build backend before anything is installed: at module level it
imports the standard library only (Babel is imported where a catalog is compiled).
"""

from __future__ import annotations

import functools
import gettext
import io
import sys
from pathlib import Path

__all__ = [
    "DOMAIN",
    "CATALOGS",
    "SOURCE_LANGUAGE",
    "languages",
    "translations",
    "compile_catalog",
    "compile_catalogs",
    "fill_source_catalog",
]

DOMAIN = "messages"
CATALOGS = Path(__file__).resolve().parent / "catalogs"
# The language the texts are written in, in the code: it needs no catalog.
SOURCE_LANGUAGE = "en"


def _source(language: str) -> Path:
    return CATALOGS / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def languages() -> tuple[str, ...]:
    """Every language the service answers in: English, and each language with a catalog (its
    ``.po`` in a source tree, its ``.mo`` in an installed package)."""
    found = {path.parent.parent.name for path in CATALOGS.glob(f"*/LC_MESSAGES/{DOMAIN}.[mp]o")}
    return (SOURCE_LANGUAGE, *sorted(found - {SOURCE_LANGUAGE}))


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The translations of ``language`` (or of a locale's language: ``fr_CH`` reads French): its
    compiled ``.mo``, else (a tree not built since its ``.po`` changed) the ``.po`` compiled in
    memory; the texts as written without a catalog."""
    source = _source(language.split("_", 1)[0])
    compiled = source.with_suffix(".mo")
    if compiled.is_file() and (not source.is_file() or compiled.stat().st_mtime >= source.stat().st_mtime):
        with compiled.open("rb") as file:
            return gettext.GNUTranslations(file)
    if source.is_file():
        return gettext.GNUTranslations(io.BytesIO(_compiled(source)))
    return gettext.NullTranslations()


def _compiled(source: Path) -> bytes:
    """The ``.mo`` bytes of the ``.po`` file ``source``; ValueError when it does not parse."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as file:
        catalog = read_po(file, abort_invalid=True)
    errors = [f"{message.id!r}: {problem}" for message, problems in catalog.check() for problem in problems]
    if errors:
        raise ValueError(f"{source}: " + "; ".join(str(error) for error in errors))
    output = io.BytesIO()
    write_mo(output, catalog)
    return output.getvalue()


def compile_catalog(source: Path) -> Path:
    """Compile one ``.po`` file into the ``.mo`` beside it; the file written."""
    target = source.with_suffix(".mo")
    target.write_bytes(_compiled(source))
    return target


def compile_catalogs(folder: Path = CATALOGS) -> list[Path]:
    """Compile every language's ``.po`` under ``folder``; the files written."""
    return [compile_catalog(source) for source in sorted(folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))]


def fill_source_catalog(folder: Path = CATALOGS) -> int:
    """Copy each untranslated msgid of the source language's catalog into its msgstr (its
    plural into every plural form): English is complete as the code writes it, and an editor
    may reword a text there without touching the code. The number of texts filled."""
    from babel.messages.pofile import read_po, write_po

    source = folder / SOURCE_LANGUAGE / "LC_MESSAGES" / f"{DOMAIN}.po"
    with source.open("rb") as file:
        catalog = read_po(file)
    filled = 0
    for message in catalog:
        if not message.id or message.string and all(message.string):
            continue
        if isinstance(message.id, (list, tuple)):
            singular, plural = message.id[0], message.id[1]
            message.string = (singular, *[plural] * (catalog.num_plurals - 1))
        else:
            message.string = message.id
        filled += 1
    with source.open("wb") as file:
        write_po(file, catalog)
    return filled


if __name__ == "__main__":
    # `python -m backend_stub.language.catalogs [file.po ...]`: what `make build` runs (every
    # catalog when none is named); `--fill-source`: what `make catalogs` runs after merging.
    if sys.argv[1:] == ["--fill-source"]:
        print(f"{fill_source_catalog()} English texts copied from the code")
        sys.exit(0)
    named = [Path(argument) for argument in sys.argv[1:]]
    for path in [compile_catalog(source) for source in named] if named else compile_catalogs():
        print(f"compiled {path}")
