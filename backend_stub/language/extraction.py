"""Every text the server's code and the pages' templates mark for the catalogs, extracted as
``make catalogs`` extracts them (``pybabel extract`` with ``babel.cfg`` and Babel's keywords:
``_``, ``gettext``, ``ngettext``, ``N_``...), as a catalog in memory: what the ``.pot`` file and
every language's catalog must hold (:mod:`.completeness`, the tests)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

__all__ = ["PACKAGE", "MAPPING", "COMMENT_TAG", "extracted"]

PACKAGE = Path(__file__).resolve().parents[1]  # backend_stub/: babel.cfg's paths are below it
MAPPING = Path(__file__).resolve().with_name("babel.cfg")
COMMENT_TAG = "Translators:"  # a comment so starting goes into the catalogs beside its text


def extracted() -> Catalog:
    """The texts the code marks now, with their plural forms, flags and translators' comments."""
    with MAPPING.open(encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file, str(MAPPING))  # type: ignore[no-untyped-call]
    catalog = Catalog()
    for filename, line, message, comments, context in extract_from_dir(
        PACKAGE, method_map, options_map, comment_tags=(COMMENT_TAG,)
    ):
        catalog.add(message, None, [(filename, line)], auto_comments=comments, context=context)
    return catalog
