"""backend_stub.language.overlay_texts: the words the SDK shows on the merchant's page before
the service's pages are up (the overlay's loading state, its labels, "learn more"), one table
per language, each wholly translated."""

from __future__ import annotations

import json
import subprocess
import sys

from backend_stub.language.catalogs import languages
from backend_stub.language.overlay_texts import KEYS, overlay_table, overlay_texts


def test_every_language_has_every_text_translated():
    table = overlay_table()
    assert list(table) == list(languages())
    english = table["en"]
    assert english == {
        "loading": "Loading…",
        "checkout_label": "Checkout",
        "close_checkout": "Close checkout",
        "plans_label": "Ways to pay",
        "close_plans": "Close",
        "learn_more": "Learn more",
    }
    for language, texts in table.items():
        assert tuple(texts) == KEYS, language
        if language != "en":
            assert [key for key in KEYS if texts[key] == english[key]] == [], language


def test_a_locale_reads_its_language_s_table():
    assert overlay_texts("fr_CH") == overlay_texts("fr")
    assert overlay_texts("de")["close_checkout"] == "Bezahlvorgang schließen"
    assert overlay_texts("pt")["loading"] == "A carregar…"


def test_the_build_can_read_the_table_as_json():
    printed = subprocess.run(
        [sys.executable, "-m", "backend_stub.language.overlay_texts"],
        capture_output=True,
        check=True,
        text=True,
        encoding="utf-8",
    ).stdout
    assert json.loads(printed) == overlay_table()
