"""Campaign articles in the back office: what the merchant adds and removes there is what the API
answers for the campaign (``GET /me/campaigns/{id}/articles``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from backend_stub.domain.articles import MAX_POSTED_ARTICLES
from tests.demo.shopper import Console

# What reaches past the page's right edge (the page then scrolls sideways).
WIDER_THAN_THE_PAGE = """() => Array.from(document.querySelectorAll('body *'))
  .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .map((e) => e.tagName + '.' + e.className + ': ' + (e.textContent || '').trim().slice(0, 40))"""


def _api_articles(service, campaign: str) -> dict[str, dict]:
    return {
        article["id"]: article
        for article in service.call("GET", f"/me/campaigns/{campaign}/articles")["results"]
    }


def test_articles_added_and_removed_in_the_back_office_are_the_api_s(page: Page, store, service):
    console = Console(page, service.url)
    page.goto(f"{store.url}/backoffice")
    page.get_by_test_id("campaigns-link").click()
    page.get_by_test_id("campaign-id").fill("spring-2027")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_test_id("no-articles")).to_be_visible()

    page.get_by_test_id("add-desk-lamp").check()
    page.get_by_test_id("add-walnut-desk").check()
    page.get_by_test_id("add-articles").click()
    expect(page.locator("[data-notice]")).to_have_text(
        "Added to spring-2027: Brass desk lamp, Walnut writing desk."
    )
    expect(page.locator("[data-article]")).to_have_count(2)
    expect(page.get_by_test_id("add-desk-lamp")).to_have_count(0)  # listed: no longer offered to add

    articles = _api_articles(service, "spring-2027")
    assert set(articles) == {"desk-lamp", "walnut-desk"}
    assert articles["desk-lamp"]["name"] == "Brass desk lamp"
    assert articles["desk-lamp"]["url"] == f"{store.url}/products/desk-lamp"  # absolute, as the API wants

    page.get_by_test_id("remove-desk-lamp").click()
    expect(page.locator("[data-notice]")).to_have_text("Removed desk-lamp from spring-2027.")
    expect(page.locator("[data-article]")).to_have_count(1)
    assert set(_api_articles(service, "spring-2027")) == {"walnut-desk"}
    # Another campaign is another list.
    page.goto(f"{store.url}/backoffice/campaigns?campaign=winter-sale")
    expect(page.get_by_test_id("no-articles")).to_be_visible()
    # An id the API cannot take: the service's reason, and nothing offered to add to it.
    page.goto(f"{store.url}/backoffice/campaigns?campaign=spring%202027")
    expect(page.get_by_test_id("campaign-problem")).to_have_text(
        'The service cannot have a campaign “spring 2027”: Must be letters, digits, "-", ".", "_" or "~"'
        " (not dots alone): ids appear in URL paths."
    )
    expect(page.get_by_test_id("not-a-campaign")).to_be_visible()
    expect(page.get_by_test_id("add-articles")).to_have_count(0)
    # An id the service takes that the store once refused with that reason: a campaign.
    page.goto(f"{store.url}/backoffice/campaigns?campaign=winter.sale")
    expect(page.get_by_test_id("campaign-problem")).to_have_count(0)
    expect(page.get_by_test_id("add-articles")).to_have_text("Add to winter.sale")
    assert console.unexpected == []


def test_a_long_campaign_pages_through_the_service_s_pages(page: Page, store, service):
    """3,000 articles, some without a picture: every page of them is reachable, 20 at a time as
    the API pages them, and the names stay in one column whether an article has a picture."""
    articles = [
        {
            "id": f"article-{number:04d}",
            "name": f"Article {number}",
            "url": f"{store.url}/products/desk-lamp",
            **({"image_url": f"{store.url}/static/product-lamp.svg"} if number % 3 else {}),
        }
        for number in range(3000)
    ]
    for first in range(0, len(articles), MAX_POSTED_ARTICLES):  # as many requests as the API asks
        service.call("POST", "/me/campaigns/big-sale/articles", articles[first : first + MAX_POSTED_ARTICLES])
    page.goto(f"{store.url}/backoffice/campaigns?campaign=big-sale")
    expect(page.get_by_test_id("article-count")).to_have_text("3000 articles · showing 1–20.")
    expect(page.get_by_text("Page 1 of 150")).to_be_visible()
    page.get_by_role("link", name="Next →").click()
    expect(page.get_by_test_id("article-count")).to_have_text("3000 articles · showing 21–40.")
    second = service.call("GET", "/me/campaigns/big-sale/articles?page=2")["results"]
    expect(page.locator("[data-article]")).to_have_count(20)
    assert page.locator("[data-article]").evaluate_all("(items) => items.map((i) => i.dataset.article)") == [
        article["id"] for article in second
    ]
    expect(page.get_by_test_id("no-image").first).to_be_visible()
    lefts = page.locator(".campaign-article-name").evaluate_all(
        "(names) => names.map((n) => n.getBoundingClientRect().left)"
    )
    assert len(set(lefts)) == 1, f"names out of line: {lefts}"
    page.get_by_role("link", name="← Previous").click()
    expect(page.get_by_test_id("article-count")).to_have_text("3000 articles · showing 1–20.")
    # The last page, and one past it, which is said.
    page.goto(f"{store.url}/backoffice/campaigns?campaign=big-sale&page=150")
    expect(page.get_by_test_id("article-count")).to_have_text("3000 articles · showing 2981–3000.")
    expect(page.get_by_role("link", name="Next →")).to_have_count(0)
    page.goto(f"{store.url}/backoffice/campaigns?campaign=big-sale&page=151")
    expect(page.get_by_test_id("campaign-problem")).to_have_text("big-sale has no page 151 of articles.")


def test_the_catalogue_offers_only_what_no_page_of_the_campaign_holds(page: Page, store, service):
    # The lamp is the 25th article: on page 2. Page 1 offered it again (it looked at itself only).
    articles = [{"id": f"article-{n:02d}", "name": f"Article {n}", "url": f"{store.url}/"} for n in range(24)]
    lamp = {"id": "desk-lamp", "name": "Brass desk lamp", "url": f"{store.url}/products/desk-lamp"}
    service.call("POST", "/me/campaigns/two-pages/articles", [*articles, lamp])
    page.goto(f"{store.url}/backoffice/campaigns?campaign=two-pages")
    expect(page.get_by_test_id("article-count")).to_have_text("25 articles · showing 1–20.")
    expect(page.get_by_test_id("add-walnut-desk")).to_be_visible()
    expect(page.get_by_test_id("add-desk-lamp")).to_have_count(0)
    page.get_by_role("link", name="Next →").click()
    expect(page.locator('[data-article="desk-lamp"]')).to_be_visible()
    expect(page.get_by_test_id("add-desk-lamp")).to_have_count(0)


@pytest.mark.parametrize("width", [1366, 375])
def test_a_hundred_character_campaign_id_fits_the_page(page: Page, store, service, width: int):
    campaign = "c" * 100
    service.call(
        "POST",
        f"/me/campaigns/{campaign}/articles",
        [{"id": "lamp", "name": "Brass desk lamp", "url": f"{store.url}/products/desk-lamp"}],
    )
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{store.url}/backoffice/campaigns?campaign={campaign}")
    expect(page.locator("[data-article]")).to_have_count(1)
    wider = page.evaluate(WIDER_THAN_THE_PAGE)
    assert wider == [], f"sticks out of the page: {wider}"
