"""Pages a framework renders (the SDK's "Single-page apps and frameworks"): a button whose amount,
currency or product type changes is hidden in the same task, or shown at once when its new
answer is known, and no other button moves (frames are sampled with ``requestAnimationFrame``);
showing takes back only what hiding added; the buttons one render adds are checked together."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from backend_stub.sdk_rules.availability import BATCH_TRIPLES
from tests.conftest import demo_limits
from tests.e2e.sdk_page import availability_requests, button_html, settle, wait_ready

LIMITS = demo_limits()
PRICE = 45000  # every product is offered for it

# Each frame, before it is painted: what each button shows and at which amount, and the answers
# the page has had from service.button() (it settles in the task that applies the SDK's answer).
SAMPLER = """
window.known = new Set();
window.sampled = [];
window.sample = function () {
  window.sampled.push({
    known: Array.from(window.known),
    buttons: Array.prototype.map.call(document.querySelectorAll('[data-service-button]'), function (button) {
      return [button.id, button.getAttribute('data-amount'), button.getAttribute('data-product-type') || '',
        button.getClientRects().length > 0];
    })
  });
  requestAnimationFrame(window.sample);
};
"""

# Change a button's amount as a framework does (one task), and say whether it is visible once the
# SDK's MutationObserver has run (a microtask of that task: no frame in between).
CHANGE = """async ([id, amount]) => {
  const button = document.getElementById(id);
  const type = button.getAttribute('data-product-type') || '';
  button.setAttribute('data-amount', amount);
  await Promise.resolve();
  const visible = button.getClientRects().length > 0;
  const options = {amount: Number(amount), currency: 'EUR'};
  if (type) options.product = {type};
  service.button(options).then((available) => { if (available) window.known.add(amount + '|' + type); });
  return visible;
}"""


# Wait until two more frames are sampled: the last change is painted in them.
TWO_FRAMES = "() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))"


def offered(amount: int, product_type: str) -> bool:
    low, high = LIMITS[product_type or "instalments"]
    return low <= amount <= high


CART = (
    button_html(PRICE, product_type="pay_later", extra='id="later" hidden')
    + button_html(PRICE, product_type="pay_in_4", extra='id="four" hidden')
    + button_html(PRICE, extra='id="instalments" hidden')
    + '<p data-service-payment-info id="info" hidden>How to pay</p>'
)
# The answers the page had when sampling starts: every button shown at PRICE.
START_SAMPLING = f"""() => {{
  ['pay_later', 'pay_in_4', ''].forEach((type) => window.known.add('{PRICE}|' + type));
  window.sample();
}}"""


def cart_page(page: Page, merchant) -> None:
    """Three shown buttons at PRICE and their information, frames sampled from then on."""
    page.add_init_script(SAMPLER)
    page.goto(merchant.page(CART))
    for product_type in ("pay_later", "pay_in_4", None):
        assert settle(page, PRICE, product_type=product_type) is True
    expect(page.locator("button:visible")).to_have_count(3)
    page.evaluate(START_SAMPLING)


def assert_frames(frames: list[dict], changed: str, unchecked: str) -> None:
    """No frame shows a button at an amount the page had no answer for, only the ``changed``
    button is ever hidden, and the sampler saw it hidden at ``unchecked``."""
    assert len(frames) > 3, frames
    for number, frame in enumerate(frames):
        for button_id, amount, product_type, visible in frame["buttons"]:
            if visible:
                assert f"{amount}|{product_type}" in frame["known"], (number, button_id, amount, "unchecked")
                assert offered(int(amount), product_type), (number, button_id, amount)
            else:
                assert button_id == changed, (number, button_id, "an untouched button blinked")
    hidden_at = [button[1] for frame in frames for button in frame["buttons"] if not button[3]]
    assert unchecked in hidden_at, "the sampler saw the change"


def test_a_changed_amount_is_never_painted_unchecked_and_no_other_button_blinks(page: Page, merchant):
    cart_page(page, merchant)
    above = LIMITS["pay_later"][1] + 10000  # beyond Pay later's limit
    assert page.evaluate(CHANGE, ["later", str(above)]) is False, "hidden in the task that changed it"
    assert settle(page, above, product_type="pay_later") is False
    assert page.evaluate(CHANGE, ["later", str(PRICE)]) is True, "a known answer is applied at once"
    unknown = LIMITS["pay_later"][1] - 5000  # offered, and not asked yet
    assert page.evaluate(CHANGE, ["later", str(unknown)]) is False, "hidden while its answer travels"
    expect(page.locator("#later")).to_be_visible()
    page.evaluate(TWO_FRAMES)
    assert_frames(page.evaluate("window.sampled"), "later", str(above))


# A framework's component, in miniature: it holds the radio's state (a change event updates it),
# re-renders the label's style and its input's disabled while the SDK has the label hidden, and
# keeps every service:availability event it hears on the document.
COMPONENT = """
window.heard = [];
window.chosen = 'later';
document.addEventListener('service:availability', function (event) {
  window.heard.push([event.target.id, event.detail.available, event.detail.reason]);
});
document.addEventListener('change', function (event) {
  if (event.target.name === 'method') window.chosen = event.target.checked ? event.target.value : null;
});
"""


LABEL = (
    f'<label id="later" data-service-button data-amount="{PRICE}" data-currency="EUR"'
    ' data-product-type="pay_later" style="display: flex" hidden>'
    '<input type="radio" name="method" value="later" checked> Pay in 15 days'
    '<input id="note" type="text" placeholder="A note"></label>'
)
# The component re-renders while the label is hidden: its display, its input's disabled.
RERENDER = """() => {
  document.getElementById('later').style.display = 'grid';
  document.getElementById('note').disabled = true;
}"""
# What the component hears, shown at PRICE, then at a price beyond the limit, then back.
HEARD = [
    ["later", True, None],
    ["later", False, "checking"],
    ["later", False, "unavailable"],
    ["later", True, None],
]


def test_the_sdk_takes_back_only_what_it_added_and_says_what_changed(page: Page, merchant):
    page.add_init_script(COMPONENT)
    page.goto(merchant.page(LABEL))
    assert settle(page, PRICE, product_type="pay_later") is True  # its inline display shows it before
    above = LIMITS["pay_later"][1] + 10000
    page.evaluate(f"document.getElementById('later').setAttribute('data-amount', '{above}')")
    assert settle(page, above, product_type="pay_later") is False
    expect(page.locator("#later")).to_be_hidden()
    assert page.evaluate("window.chosen") is None, "the component heard its radio unchecked"
    page.evaluate(RERENDER)
    page.evaluate(TWO_FRAMES)
    expect(page.locator("#later")).to_be_hidden()
    page.evaluate(f"document.getElementById('later').setAttribute('data-amount', '{PRICE}')")
    expect(page.locator("#later")).to_be_visible()
    expect(page.locator("#later")).to_have_css("display", "grid")  # the component's latest
    expect(page.locator("#note")).to_be_disabled()  # the component's, not written back
    expect(page.locator("input[name=method]")).to_be_enabled()  # only the SDK had disabled it
    expect(page.locator("input[name=method]")).not_to_be_checked()
    assert page.evaluate("window.heard") == HEARD


# A framework's render: a list of products, each with its own price, added in one task.
RENDER = """([first, count]) => {
  const items = Array.from({length: count}, (_, index) => `<li><button data-service-button
    data-amount="${first + 100 * index}" data-currency="EUR" hidden>Pay</button></li>`);
  document.getElementById('list').insertAdjacentHTML('beforeend', items.join(''));
}"""


def test_the_buttons_a_render_adds_are_checked_in_one_request(page: Page, merchant, service):
    page.goto(merchant.page('<ul id="list"></ul>'))
    wait_ready(page)
    low = LIMITS["instalments"][0]
    since = service.last_request_seq()
    page.evaluate(RENDER, [low, 12])
    expect(page.locator("button:visible")).to_have_count(12)
    entries = service.requests(since=since)
    assert [entry["path"] for entry in entries].count("/sdk/checks") == 1, "one request for the render"
    assert len(availability_requests(service)) == 12, "each check journalled as the API's own"
    page.evaluate(RENDER, [low + 10000, BATCH_TRIPLES + 5])  # past the bound: one more request
    expect(page.locator("button:visible")).to_have_count(12 + BATCH_TRIPLES + 5)
    assert [entry["path"] for entry in service.requests(since=since)].count("/sdk/checks") == 3
