"""backend_stub.language: CLDR's money, rates and days, the catalogs kept in step with the code,
and the plan texts in each language, plurals included."""

from __future__ import annotations

import os
from datetime import date
from decimal import Decimal

import pytest

from backend_stub.domain.plans import offer
from backend_stub.domain.products import DAYS, MONTHS, PRODUCTS, WEEKS, Interval
from backend_stub.language import catalogs
from backend_stub.language.catalogs import CATALOGS, languages, translations
from backend_stub.language.formats import day, money, percent
from backend_stub.language.plan_texts import FORMS, message, offer_texts, plan_texts, product_name

NBSP = "\xa0"
LIMITS = {"instalments": (5000, 300000), "pay_later": (1000, 80000), "pay_in_4": (2000, 150000)}
OTHER_SHOP = {6: Decimal("9.95"), 12: Decimal("12.5")}


def _offer(product_type: str, amount: int, tins=None, currency: str = "EUR"):
    def limit_for(kind: str, code: str):
        return LIMITS[kind] if code == "EUR" else None

    return offer(product_type, amount, currency, limit_for, tins or {}, date(2026, 11, 27))


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("en", ["€22.91", "€2,291.00", "10.42%", "0%", "27 Nov 2026"]),
        ("es", ["22,91 €", "2.291,00 €", "10,42 %", "0 %", "27 nov 2026"]),
    ],
)
def test_money_rates_and_days_by_cldr(language, written):
    figures = [
        money(2291, "EUR", language),
        money(229100, "EUR", language),
        percent(Decimal("10.42"), language),
        percent(Decimal("0.00"), language),
        day(date(2026, 11, 27), language),
    ]
    assert [text.replace(NBSP, " ") for text in figures] == written


def test_a_currency_without_minor_units_is_written_whole():
    assert money(1000, "JPY", "en") == "JP¥1,000"


LANGUAGES = ("en", "de", "es", "fr", "it", "pt")  # English first, the others by name


def test_the_languages_are_the_catalogs():
    assert languages() == LANGUAGES
    assert {path.parent.parent.name for path in CATALOGS.glob("*/LC_MESSAGES/messages.po")} == set(LANGUAGES)


def test_a_po_newer_than_its_compiled_catalog_is_read_as_it_is(tmp_path, monkeypatch):
    """A tree edited since `make build` speaks its .po, not yesterday's .mo."""
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    source = (CATALOGS / "es" / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    (folder / "messages.po").write_text(source, encoding="utf-8")
    catalogs.compile_catalog(folder / "messages.po")
    edited = source.replace('msgstr "Pago a plazos"', 'msgstr "Pago aplazado"')
    (folder / "messages.po").write_text(edited, encoding="utf-8")
    compiled = (folder / "messages.mo").stat().st_mtime
    os.utime(folder / "messages.po", (compiled + 1, compiled + 1))
    monkeypatch.setattr(catalogs, "CATALOGS", tmp_path)
    catalogs.translations.cache_clear()
    try:
        assert catalogs.translations("es").gettext("Pay in instalments") == "Pago aplazado"
    finally:
        catalogs.translations.cache_clear()


@pytest.mark.parametrize(
    ("interval", "english", "spanish"),
    [
        (Interval(1, MONTHS), "a month", "al mes"),
        (Interval(2, MONTHS), "every 2 months", "cada 2 meses"),
        (Interval(1, WEEKS), "a week", "a la semana"),
        (Interval(2, WEEKS), "every 2 weeks", "cada 2 semanas"),
        (Interval(1, DAYS), "a day", "al día"),
        (Interval(21, DAYS), "every 21 days", "cada 21 días"),
    ],
)
def test_how_often_by_ngettext(interval, english, spanish):
    from backend_stub.language.plan_texts import _Words

    assert _Words("en", "EUR").per(interval) == english
    assert _Words("es", "EUR").per(interval) == spanish


def test_plural_forms_of_a_count():
    es = translations("es")
    assert [
        es.ngettext("in %(count)d month", "in %(count)d months", n) % {"count": n} for n in (1, 3, 1_000_000)
    ] == [
        "dentro de 1 mes",
        "dentro de 3 meses",
        "dentro de 1000000 meses",  # CLDR's "many" form, the plural's words
    ]


@pytest.mark.parametrize(
    ("language", "one", "four"),
    [
        ("en", "1 payment of €30.00 a month", "4 payments of €30.00 a month"),
        ("es", "1 pago de 30,00 € al mes", "4 pagos de 30,00 € al mes"),
        ("pt", "1 prestação de 30,00 € por mês", "4 prestações de 30,00 € por mês"),
        ("fr", "1 versement de 30,00 € par mois", "4 versements de 30,00 € par mois"),
        ("it", "1 rata da 30,00 € al mese", "4 rate da 30,00 € al mese"),
        ("de", "1 Rate à 30,00 € pro Monat", "4 Raten à 30,00 € pro Monat"),
    ],
)
def test_one_payment_and_four_by_ngettext(language, one, four):
    from backend_stub.language.plan_texts import _Words

    words = _Words(language, "EUR")
    line = ("%(count)d payment of %(payment)s %(per)s", "%(count)d payments of %(payment)s %(per)s")
    figures = {"payment": words.money(3000), "per": words.per(Interval(1, MONTHS))}
    said = [words.ngettext(*line, count) % {**figures, "count": count} for count in (1, 4)]
    assert [text.replace(NBSP, " ") for text in said] == [one, four]


def test_the_messages_of_275_euros_at_0_percent():
    texts = {t: offer_texts(_offer(t, 27500), "es") for t in PRODUCTS}
    assert texts["instalments"].short.replace(NBSP, " ") == "Desde 22,91 € al mes"
    assert offer_texts(_offer("instalments", 27500), "en").short == "From €22.91 a month"
    assert texts["pay_in_4"].short.replace(NBSP, " ") == "4 pagos de 68,75 € cada 2 semanas"
    assert texts["pay_later"].short.replace(NBSP, " ") == "Paga 275,00 € dentro de 15 días"
    assert [product_name(PRODUCTS[t], "es") for t in PRODUCTS] == [
        "Pago a plazos",
        "Paga en 15 días",
        "Paga en 4 plazos",
    ]


def test_the_long_message_adds_the_apr_the_interest_and_the_total():
    long = message(_offer("instalments", 100000, OTHER_SHOP), "en", "long")
    assert long == (
        "From €89.08 a month over 12 payments (the last €89.11). 13.24% APR, nominal rate 12.5%,"
        " interest €68.99, total to pay €1,068.99."
    )
    spanish = message(_offer("instalments", 100000, OTHER_SHOP), "es", "long")
    assert spanish.replace(NBSP, " ") == (
        "Desde 89,08 € al mes en 12 pagos (el último, 89,11 €). TAE 13,24 %, TIN 12,5 %,"
        " intereses 68,99 €, importe total adeudado 1.068,99 €."
    )


def test_each_plan_words_its_own_term():
    six = _offer("instalments", 100000, OTHER_SHOP).plans[1]
    texts = plan_texts(PRODUCTS["instalments"], six, "EUR", "en")
    assert texts.short == "6 payments of €171.53 a month"
    assert texts.long == (
        "6 payments of €171.53 a month (the last €171.57), the first in 1 month. 10.42% APR, nominal rate"
        " 9.95%, interest €29.22, total to pay €1,029.22."
    )
    assert texts.example == (
        "Representative example: €1,000.00 in 6 payments of €171.53 a month (the last €171.57), fixed nominal"
        " rate 9.95%, APR 10.42%, interest €29.22, total to pay €1,029.22."
    )
    pay_in_4 = plan_texts(PRODUCTS["pay_in_4"], _offer("pay_in_4", 12000).plans[0], "EUR", "en")
    assert pay_in_4.long == (
        "4 payments of €30.00 every 2 weeks, the first today. 0% APR, nominal rate 0%, interest €0.00,"
        " total to pay €120.00."
    )


def test_no_message_without_a_plan():
    assert message(_offer("pay_in_4", 100), "en", "short") is None  # below its minimum
    assert message(_offer("pay_in_4", 5000, currency="USD"), "es", "long") is None
    assert FORMS == ("short", "long")
    with pytest.raises(ValueError, match="short, long"):
        message(_offer("pay_in_4", 5000), "en", "medium")
