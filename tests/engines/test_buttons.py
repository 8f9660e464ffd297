"""Payment buttons in Firefox and WebKit: shown exactly when the service makes them available."""

from __future__ import annotations

import pytest

from backend_stub.testkit.engines.driver import Tab
from tests.e2e.sdk_page import FOUR_CHECKS, PAIRING_AMOUNTS, availability_requests, button_html, pairing_body
from tests.e2e.test_buttons import HIDDEN_BY_SDK, LIMITS
from tests.engines.shopper import settle, wait_ready


@pytest.mark.parametrize("product_type", list(LIMITS), ids=["instalments", "pay_later", "pay_in_4"])
def test_limits_decide_what_is_shown(tab: Tab, merchant, product_type):
    low, high = LIMITS[product_type]
    amounts = {"below": low - 1, "min": low, "max": high, "above": high + 1}
    body = "".join(
        button_html(amount, product_type=product_type, extra=f'id="{name}" hidden')
        for name, amount in amounts.items()
    )
    tab.goto(merchant.page(body))
    for name, amount in amounts.items():
        assert settle(tab, amount, product_type=product_type) is (name in ("min", "max"))
    for name in ("min", "max"):
        tab.wait_visible(f"#{name}")
        assert tab.attribute(f"#{name}", "hidden") is None
    for name in ("below", "above"):
        assert not tab.is_visible(f"#{name}")
        assert HIDDEN_BY_SDK.search(tab.attribute(f"#{name}", "style") or ""), name


def test_payment_info_follows_its_buttons(tab: Tab, merchant):
    tab.goto(merchant.page(pairing_body()))
    for amount in PAIRING_AMOUNTS:
        settle(tab, amount)
    for shown in ("#info-cart", "#info-plain", "#info-mixed"):
        tab.wait_visible(shown)
    for hidden in ("#info-product", "#info-orphan"):
        tab.wait_hidden(hidden)
        assert HIDDEN_BY_SDK.search(tab.attribute(hidden, "style") or ""), hidden


def test_a_button_added_after_load_is_checked(tab: Tab, merchant):
    tab.goto(merchant.page('<div id="later"></div>'))
    settle(tab, 1)
    tab.call("""() => {
        document.querySelector('#later').innerHTML =
            '<span><button data-service-button data-amount="5500" data-currency="EUR" id="new">'
            + 'Pay</button></span>'
    }""")
    tab.wait_visible("#new")
    assert settle(tab, 5500) is True


def test_changing_the_amount_rechecks(tab: Tab, merchant):
    tab.goto(
        merchant.page(button_html(5000, extra='id="b"') + '<p data-service-payment-info id="i">info</p>')
    )
    tab.wait_visible("#b")
    tab.call("() => { document.querySelector('#b').dataset.amount = '100' }")
    tab.wait_hidden("#b")
    tab.wait_hidden("#i")
    tab.call("() => { document.querySelector('#b').dataset.amount = '250000' }")
    tab.wait_visible("#b")
    tab.wait_visible("#i")
    tab.call("() => { document.querySelector('#b').dataset.productType = 'pay_later' }")
    tab.wait_hidden("#b")


def test_service_button_answers_and_shows_what_it_selects(tab: Tab, merchant, service):
    body = '<div class="yes" hidden>available</div><div class="no">not available</div>'
    tab.goto(merchant.page(body))
    wait_ready(tab)
    answers = tab.call(FOUR_CHECKS)
    assert answers == [True, False, True, True]
    assert len(availability_requests(service)) == 3  # the repeated check shared its answer
    assert tab.call("() => service.button({selector: '.yes', amount: 6000, currency: 'EUR'})") is True
    assert tab.call("() => service.button({selector: '.no', amount: 600, currency: 'EUR'})") is False
    tab.wait_visible(".yes")
    tab.wait_hidden(".no")
    message = tab.call("""() => service.button({amount: 5000, currency: 'EUR', product: {type: 'pay_in_12'}})
        .then(() => 'resolved', error => error instanceof Error && error.message)""")
    assert "'product.type'" in message
