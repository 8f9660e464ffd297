"""backend_stub.language.completeness, what `make lint` runs on the catalogs: the repository's
are complete, and a bad catalog gets one line per problem, naming the catalog and the text."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog

from backend_stub.language.completeness import placeholders, problems

HEADER = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"
"Language: fr\\n"

"""
TEMPLATE = """
#, python-format
msgid "Pay %(amount)s"
msgstr ""

#, python-format
msgid "%(count)d payment"
msgid_plural "%(count)d payments"
msgstr[0] ""
msgstr[1] ""

#, python-format
msgid "Interest %(rate)s"
msgstr ""

msgid "Close"
msgstr ""

msgid "Total"
msgstr ""

msgid "Deny"
msgstr ""
"""
BAD_FRENCH = """
#, python-format
msgid "Pay %(amount)s"
msgstr "Payer %(montant)s"

#, python-format
msgid "%(count)d payment"
msgid_plural "%(count)d payments"
msgstr[0] "%(count)d versement"
msgstr[1] ""

#, python-format
msgid "Interest %(rate)s"
msgstr "Intérêts %(rate)s à 100 %"

#, fuzzy
msgid "Close"
msgstr "Fermer"

msgid "Deny"
msgstr "Refuser"

msgid "Order"
msgstr "Commande"

#~ msgid "Sandbox"
#~ msgstr "Mode test"
"""


def _code(*texts: str | tuple[str, str]) -> Catalog:
    catalog = Catalog()
    for text in texts:
        catalog.add(text)
    return catalog


def _tree(tmp_path: Path, french: str) -> Path:
    (tmp_path / "messages.pot").write_text(HEADER + TEMPLATE, encoding="utf-8")
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text(HEADER + french, encoding="utf-8")
    return tmp_path


CODE = (
    "Pay %(amount)s",
    ("%(count)d payment", "%(count)d payments"),
    "Interest %(rate)s",
    "Close",
    "Total",
    "Deny",
)


def test_the_repository_s_catalogs_are_complete():
    assert problems() == []


def test_a_bad_catalog_gets_a_line_per_problem(tmp_path):
    folder = _tree(tmp_path, BAD_FRENCH)
    assert problems(folder, _code(*CODE)) == [
        "fr/messages.po: lacks 'Total': run `make catalogs`",
        "fr/messages.po: holds 'Order', which is no longer said",
        "fr/messages.po: keeps obsolete 'Sandbox'",
        "fr/messages.po: 'Pay %(amount)s': 'Payer %(montant)s' lacks %(amount)s and adds %(montant)s",
        "fr/messages.po: '%(count)d payment' is not translated",
        "fr/messages.po: 'Interest %(rate)s': 'Intérêts %(rate)s à 100 %' has a % that starts no placeholder",
        "fr/messages.po: 'Close' is fuzzy: check its translation, then remove the flag",
    ]


def test_a_template_behind_the_code_is_named(tmp_path):
    folder = _tree(tmp_path, BAD_FRENCH)
    found = problems(folder, _code(*CODE[1:], "Learn more"))
    assert found[:3] == [
        "messages.pot lacks 'Learn more', which the code says",
        "messages.pot holds 'Pay %(amount)s', which the code no longer says",
        "run `make catalogs`, then translate what it adds to each catalog",
    ]


def test_a_good_translation_passes(tmp_path):
    good = TEMPLATE.replace(
        'msgid "Pay %(amount)s"\nmsgstr ""', 'msgid "Pay %(amount)s"\nmsgstr "Payer %(amount)s"'
    )
    good = good.replace(
        'msgstr[0] ""\nmsgstr[1] ""', 'msgstr[0] "%(count)d versement"\nmsgstr[1] "%(count)d versements"'
    )
    for english, french in (
        ("Interest %(rate)s", "Intérêts %(rate)s"),
        ("Close", "Fermer"),
        ("Total", "Total"),
    ):
        good = good.replace(f'msgid "{english}"\nmsgstr ""', f'msgid "{english}"\nmsgstr "{french}"')
    good = good.replace('msgid "Deny"\nmsgstr ""', 'msgid "Deny"\nmsgstr "Refuser"')
    assert problems(_tree(tmp_path, good), _code(*CODE)) == []


def test_placeholders_are_counted_and_a_lone_percent_is_refused():
    assert placeholders("%(count)d of %(payment)s, %(payment)s") == {"%(count)d": 1, "%(payment)s": 2}
    assert placeholders("100 %% sure") == {}
    assert placeholders("à 100 %") is None
    assert placeholders("100 % sûr") == {"%s": 1}  # as Python's % reads it: "% s" is a placeholder


def test_lint_fails_on_a_bad_catalog(tmp_path):
    folder = _tree(tmp_path, BAD_FRENCH)
    ran = subprocess.run(
        [sys.executable, "-m", "backend_stub.language.completeness", str(folder)],
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert ran.returncode == 1
    assert (
        "fr/messages.po: 'Close' is fuzzy: check its translation, then remove the flag"
        in ran.stdout.splitlines()
    )
