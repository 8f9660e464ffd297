"""The hosted checkout and the information window in each language, from the ``locale`` of their
address: the document's ``lang``, the words (a heading, a button, the plan's line), and money by
CLDR for that locale, region included: ``pt-BR`` reads Portuguese with Brazil's ``€ 120,50``,
``pt-PT`` the same words with ``120,50 €``; ``fr-CH`` is French with Swiss figures; a language
the service lacks, or what is no language tag, is English."""

from __future__ import annotations

import html as html_text
import itertools
import re

import pytest
from babel.numbers import format_currency

from tests.conftest import DEMO_PRIVATE, OTHER_PUBLIC, bearer

NBSP = "\xa0"
WINDOW = "/checkout/plans/window"
ORDERS = itertools.count(1)

# Per language: the heading, the approve button, pay in 4's line, for €120.50 (4 × 30.12 + 30.14).
PAY_IN_4 = {
    "en": ("Pay €120.50", "Approve payment", "4 payments of €30.12 every 2 weeks"),
    "es": ("Pagar 120,50 €", "Aprobar el pago", "4 pagos de 30,12 € cada 2 semanas"),
    "pt": ("Pagar 120,50 €", "Aprovar o pagamento", "4 prestações de 30,12 € a cada 2 semanas"),
    "fr": ("Payer 120,50 €", "Approuver le paiement", "4 versements de 30,12 € toutes les 2 semaines"),
    "it": ("Paga 120,50 €", "Approva il pagamento", "4 rate da 30,12 € ogni 2 settimane"),
    "de": ("120,50 € bezahlen", "Zahlung genehmigen", "4 Raten à 30,12 € alle 2 Wochen"),
}


def _text(fragment: str) -> str:
    """A fragment of a page as the shopper reads it: its tags gone, the markup's white space
    squeezed, CLDR's no-break spaces written as spaces."""
    text = html_text.unescape(re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", " ", fragment))).strip()
    return text.replace(NBSP, " ").replace("\u202f", " ")


def _part(page: str, pattern: str) -> str:
    found = re.search(pattern, page, re.S)
    assert found, pattern
    return _text(found.group(1))


def _lang(page: str) -> str:
    return _part(page, r'<html lang="([^"]*)"')


async def _frame(api, locale: str | None, total: int = 12050, product: str = "pay_in_4") -> str:
    body = {"order": {"id": f"order-{next(ORDERS)}", "currency": "EUR", "total_amount": total}}
    created = await api.post(
        "/checkout", json={**body, "product": {"type": product}}, headers=bearer(DEMO_PRIVATE)
    )
    assert created.status == 201, await created.text()
    query = {} if locale is None else {"locale": locale}
    return await (await api.get(f"/checkout/{(await created.json())['id']}/frame", params=query)).text()


@pytest.mark.parametrize("language", PAY_IN_4)
async def test_the_hosted_checkout_speaks_each_language(api, language):
    page = await _frame(api, language)
    heading, approve, line = PAY_IN_4[language]
    assert _lang(page) == language
    assert _part(page, r'<h1 id="title"[^>]*>(.*?)</h1>') == heading
    assert _part(page, r'data-testid="checkout-approve">(.*?)</button>') == approve
    assert _part(page, r'<p class="plan" data-payments="4">(.*?)</p>').startswith(line)


async def test_without_a_locale_the_page_is_english(api):
    page = await _frame(api, None)
    assert _lang(page) == "en"
    assert _part(page, r"<h1[^>]*>(.*?)</h1>") == "Pay €120.50"


@pytest.mark.parametrize(
    ("locale", "language", "total"),
    [
        ("pt-BR", "pt", "Pagar € 120,50"),  # Brazil writes the symbol first
        ("pt-PT", "pt", "Pagar 120,50 €"),
        ("pt", "pt", "Pagar 120,50 €"),  # Portuguese alone is written as in Portugal
        ("es-MX", "es", None),  # Mexico's own figures, Spanish words
        ("de-AT", "de", "€ 120,50 bezahlen"),
        ("en-US", "en", "Pay €120.50"),
        ("xx-YY", "en", "Pay €120.50"),  # a language the service lacks
        ("nl-BE", "en", "Pay €120.50"),
        ("12", "en", "Pay €120.50"),  # no language tag: English, never an error page
        ("<b>", "en", "Pay €120.50"),
    ],
)
async def test_a_region_keeps_its_formats_and_an_unknown_locale_is_english(api, locale, language, total):
    page = await _frame(api, locale)
    assert _lang(page) == language
    heading = _part(page, r"<h1[^>]*>(.*?)</h1>")
    if total is None:
        total = "Pagar " + format_currency(120.5, "EUR", locale="es_MX").replace(NBSP, " ")
    assert heading == total


async def test_swiss_french_is_french_with_swiss_figures(api):
    """fr-CH falls back to the French catalog, not to English, and keeps Switzerland's grouping
    of thousands (the catalog's words, CLDR's fr_CH figures)."""
    swiss, french = await _frame(api, "fr-CH", 100000), await _frame(api, "fr", 100000)
    assert _lang(swiss) == _lang(french) == "fr"
    swiss_total = format_currency(1000, "EUR", locale="fr_CH").replace(NBSP, " ")
    assert swiss_total != format_currency(1000, "EUR", locale="fr").replace(NBSP, " ").replace("\u202f", " ")
    assert _part(swiss, r"<h1[^>]*>(.*?)</h1>") == f"Payer {swiss_total}"
    assert _part(swiss, r'data-testid="checkout-approve">(.*?)</button>') == "Approuver le paiement"
    assert f"montant total dû {swiss_total}" in _part(swiss, r'data-testid="checkout-legal">(.*?)</p>')


async def test_an_unknown_checkout_is_said_so_in_the_shopper_s_language(api):
    response = await api.get("/checkout/chk_nobody/frame", params={"locale": "de-DE"})
    page = await response.text()
    assert response.status == 404 and _lang(page) == "de"
    assert _part(page, r"<h1[^>]*>(.*?)</h1>") == "Bezahlvorgang nicht verfügbar"
    assert "Dieser Bezahlvorgang wurde nicht gefunden." in _part(page, r'role="alert">(.*?)</section>')


@pytest.mark.parametrize(
    ("locale", "language", "heading", "close", "apr"),
    [
        ("en", "en", "Ways to pay €1,000.00", "Close", "13.24% APR"),
        ("es-ES", "es", "Formas de pagar 1.000,00 €", "Cerrar", "TAE 13,24 %"),
        ("pt-BR", "pt", "Formas de pagar € 1.000,00", "Fechar", "TAEG 13,24%"),
        ("fr", "fr", "Options de paiement pour 1 000,00 €", "Fermer", "TAEG 13,24 %"),
        ("it-IT", "it", "Come pagare 1.000,00 €", "Chiudi", "TAEG 13,24%"),
        ("de", "de", "So können Sie 1.000,00 € bezahlen", "Schließen", "Effektiver Jahreszins 13,24 %"),
        ("xx-YY", "en", "Ways to pay €1,000.00", "Close", "13.24% APR"),
    ],
)
async def test_the_information_window_speaks_each_language(api, locale, language, heading, close, apr):
    params = {"amount": "100000", "currency": "EUR", "key": OTHER_PUBLIC, "locale": locale}
    page = await (await api.get(WINDOW, params=params)).text()
    assert _lang(page) == language
    assert _part(page, r"<h1[^>]*>(.*?)</h1>") == heading
    assert _part(page, r'data-testid="plans-close"[^>]*aria-label="([^"]*)"') == close
    assert apr in _part(page, r'data-testid="plans-cost-instalments-12">(.*?)</p>')


async def test_the_plans_api_writes_a_region_s_figures_in_its_language(api):
    params = {"amount": "12050", "currency": "EUR", "product[type]": "pay_in_4", "locale": "pt-BR"}
    answer = await (await api.get("/checkout/plans", params=params, headers=bearer("pk_test_demo"))).json()
    assert answer["locale"] == "pt"
    assert answer["products"][0]["name"] == "Pagar em 4 prestações"
    texts = answer["products"][0]["texts"]
    assert texts["short"].replace(NBSP, " ") == "4 prestações de € 30,12 a cada 2 semanas"
    assert "(a última de € 30,14)" in texts["long"].replace(NBSP, " ")
