"""At a 320 px wide phone, in every language, the hosted checkout (each product, every term of
instalments, every outcome and error line shown) and the information window fit the screen: no
horizontal scrolling. German and French are the longest. One browser page per language serves
every page of it.

``make screenshots`` runs this with ``DEMO_SCREENSHOTS=docs/screenshots``: each language's hosted
checkout, as a phone shows it, is pictured there (in a temporary folder otherwise, so a picture
that cannot be taken fails the suite, not the day someone regenerates them)."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from backend_stub.language.catalogs import languages
from tests.conftest import OTHER_PRIVATE, OTHER_PUBLIC
from tests.layout import text_lines

PHONE = {"width": 320, "height": 640}  # the narrowest phone a page is made for
ARTICLES = [{"name": "Walnut desk lamp with linen shade", "quantity": 2, "unit_price": 50000}]

# Everything a shopper may come to see on the page, shown at once (the other terms' dates,
# figures and examples, the outcomes, the failure line), then the elements that stick out.
_OVERFLOW = """() => {
  document.querySelectorAll('[hidden]').forEach((element) => { element.hidden = false; });
  const root = document.documentElement;
  const out = Array.from(document.querySelectorAll('body *'))
    .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
    .map((element) => element.tagName.toLowerCase() + '.' + element.className + ': '
      + (element.textContent || '').trim().slice(0, 60));
  return {scroll: root.scrollWidth, client: root.clientWidth, out: out};
}"""


def _fits(page: Page, url: str, picture: Path | None = None) -> None:
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", url.split("locale=")[1][:2])
    expect(page.locator(".close")).to_be_enabled()  # the page's script ran
    # The brand and the sandbox badge each on one line, the badge not cut short.
    assert text_lines(page.locator(".top .brand, .top .badge")) == [1, 1], url
    badge = page.locator(".top .badge").evaluate("(badge) => badge.scrollWidth <= badge.clientWidth")
    assert badge, url
    if picture is not None:
        page.screenshot(path=picture)
    measured = page.evaluate(_OVERFLOW)
    assert measured["scroll"] <= measured["client"], (url, measured["out"])


@pytest.mark.parametrize("language", languages())
def test_every_page_fits_a_320_px_phone(page: Page, service, language: str, tmp_path: Path):
    page.set_viewport_size(PHONE)
    pictures = Path(os.environ.get("DEMO_SCREENSHOTS") or tmp_path)
    service.reset()  # the same order numbers each time: the pictures change only with the page
    instalments, *others = [
        service.create_checkout(
            total, product_type=product, articles=ARTICLES, key=OTHER_PRIVATE, order_id=order
        )
        for product, total, order in (
            ("instalments", 100000, "1042"),
            ("pay_in_4", 100000, "1043"),
            ("pay_later", 75000, "1044"),
        )
    ]
    picture = pictures / f"phone-hosted-checkout-{language}.png"
    _fits(page, f"{service.url}/checkout/{instalments}/frame?locale={language}", picture)
    assert picture.stat().st_size > 0
    for checkout_id in [*others, "unknown-checkout"]:
        _fits(page, f"{service.url}/checkout/{checkout_id}/frame?locale={language}")
    window = f"{service.url}/checkout/plans/window?"
    for amount, key in (("100000", OTHER_PUBLIC), ("1500", OTHER_PUBLIC), ("100000", OTHER_PRIVATE)):
        _fits(page, window + urlencode({"amount": amount, "currency": "EUR", "key": key, "locale": language}))
