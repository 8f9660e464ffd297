"""Campaign articles in the back office: what the merchant adds and removes there is what the API
answers for the campaign (``GET /me/campaigns/{id}/articles``)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.demo.shopper import Console


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
    # An id the API cannot take is said, not sent.
    page.goto(f"{store.url}/backoffice/campaigns?campaign=spring%202027")
    expect(page.get_by_test_id("campaign-problem")).to_contain_text("letters, digits, dashes and underscores")
    assert console.unexpected == []
