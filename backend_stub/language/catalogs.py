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

__all__ = ["DOMAIN", "CATALOGS", "SOURCE_LANGUAGE", "languages", "translations", "compile_catalogs"]

DOMAIN = "messages"
CATALOGS = Path(__file__).resolve().parent / "catalogs"
# The language the texts are written in, in the code: it needs no catalog.
SOURCE_LANGUAGE = "en"


def _source(language: str, folder: Path = CATALOGS) -> Path:
    return folder / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def languages() -> tuple[str, ...]:
    """Every language the service answers in: English, and each language with a catalog."""
    found = sorted(path.parent.parent.name for path in CATALOGS.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE_LANGUAGE, *(language for language in found if language != SOURCE_LANGUAGE))


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The translations of ``language`` (one of :func:`languages`; English's are the texts as
    written): its compiled ``.mo``, else its ``.po`` compiled in memory."""
    source = _source(language)
    if language == SOURCE_LANGUAGE or not source.is_file():
        return gettext.NullTranslations()
    compiled = source.with_suffix(".mo")
    if compiled.is_file() and compiled.stat().st_mtime >= source.stat().st_mtime:
        with compiled.open("rb") as file:
            return gettext.GNUTranslations(file)
    return gettext.GNUTranslations(io.BytesIO(_compiled(source)))


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


def compile_catalogs(folder: Path = CATALOGS) -> list[Path]:
    """Compile every ``.po`` under ``folder`` into the ``.mo`` beside it; the files written."""
    written = []
    for source in sorted(folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        target = source.with_suffix(".mo")
        target.write_bytes(_compiled(source))
        written.append(target)
    return written


if __name__ == "__main__":
    # `python -m backend_stub.language.catalogs [folder]`: what `make build` runs.
    for path in compile_catalogs(Path(sys.argv[1]) if len(sys.argv) > 1 else CATALOGS):
        print(f"compiled {path}")
