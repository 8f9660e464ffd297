"""Pages a framework renders, in Firefox and WebKit: a changed amount hides its button in the
task that changed it (or shows it at once when its answer is known) and no other button blinks,
frame by frame; showing takes back only what hiding added, and the page hears each change."""

from __future__ import annotations

from backend_stub.testkit.engines.driver import Tab
from tests.e2e.test_framework_pages import (
    CART,
    CHANGE,
    COMPONENT,
    HEARD,
    LABEL,
    LIMITS,
    PRICE,
    RERENDER,
    SAMPLER,
    START_SAMPLING,
    TWO_FRAMES,
    assert_frames,
)
from tests.engines.shopper import settle

STYLE_OF = "(selector) => getComputedStyle(document.querySelector(selector)).display"
PROPERTY_OF = "(selector, name) => document.querySelector(selector)[name]"


def set_amount(tab: Tab, amount: int) -> None:
    tab.call("(amount) => document.getElementById('later').setAttribute('data-amount', amount)", str(amount))


def test_a_changed_amount_is_hidden_at_once_or_shown_if_known(tab: Tab, merchant):
    tab.goto(merchant.page(CART, head=f"<script>{SAMPLER}</script>"))
    for product_type in ("pay_later", "pay_in_4", None):
        assert settle(tab, PRICE, product_type=product_type) is True
    for selector in ("#later", "#four", "#instalments"):
        tab.wait_visible(selector)
    tab.call(START_SAMPLING)
    above = LIMITS["pay_later"][1] + 10000
    assert tab.call(CHANGE, ["later", str(above)]) is False, "hidden in the task that changed it"
    assert settle(tab, above, product_type="pay_later") is False
    assert tab.call(CHANGE, ["later", str(PRICE)]) is True, "a known answer is applied at once"
    unknown = LIMITS["pay_later"][1] - 5000
    assert tab.call(CHANGE, ["later", str(unknown)]) is False, "hidden while its answer travels"
    tab.wait_visible("#later")
    tab.call(TWO_FRAMES)
    assert_frames(tab.call("() => window.sampled"), "later", str(above))


def test_showing_takes_back_only_what_hiding_added(tab: Tab, merchant):
    tab.goto(merchant.page(LABEL, head=f"<script>{COMPONENT}</script>"))
    assert settle(tab, PRICE, product_type="pay_later") is True  # its inline display shows it before
    above = LIMITS["pay_later"][1] + 10000
    set_amount(tab, above)
    assert settle(tab, above, product_type="pay_later") is False
    tab.wait_hidden("#later")
    assert tab.call("() => window.chosen") is None, "the component heard its radio unchecked"
    tab.call(RERENDER)
    tab.call(TWO_FRAMES)
    assert not tab.is_visible("#later"), "the component's display does not show it again"
    set_amount(tab, PRICE)
    tab.wait_visible("#later")
    assert tab.call(STYLE_OF, "#later") == "grid"
    assert tab.call(PROPERTY_OF, "#note", "disabled") is True
    assert tab.call(PROPERTY_OF, "input[name=method]", "disabled") is False
    assert tab.call(PROPERTY_OF, "input[name=method]", "checked") is False
    heard = tab.call("() => window.heard")
    assert heard == HEARD, heard
