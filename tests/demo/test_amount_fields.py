"""The back office's amount fields: what a merchant types is what the service is asked for, or
it is refused with words; never another amount (``12,50`` once refunded €1,250.00).

A property over what people type (any style the shop reads, and any text at all), then a table
through the store's real forms against the real service: typed, then refunded or captured."""

from __future__ import annotations

import re
from collections.abc import Callable

from aiohttp.test_utils import TestClient
from hypothesis import example, given
from hypothesis import strategies as st

from backend_stub.testkit import Sandbox
from demo_store.money import AmountError, read_money
from tests.demo.backoffice_pages import fresh_token, post_form


def _groups(euros: int, mark: str) -> str:
    return f"{euros:,}".replace(",", mark)


# Ways people write an amount of cents: point or comma, thousands grouped or not.
STYLES: list[Callable[[int], str]] = [
    lambda cents: f"{cents // 100}.{cents % 100:02d}",
    lambda cents: f"{cents // 100},{cents % 100:02d}",
    lambda cents: f"{_groups(cents // 100, ',')}.{cents % 100:02d}",
    lambda cents: f"{_groups(cents // 100, '.')},{cents % 100:02d}",
    lambda cents: f"{_groups(cents // 100, ' ')},{cents % 100:02d}",
    lambda cents: f"€{cents // 100}" + (f".{cents % 100:02d}".rstrip("0") if cents % 100 else ""),
]


@given(st.integers(min_value=0, max_value=10**14), st.sampled_from(STYLES))
def test_every_style_reads_as_written(cents, style):
    assert read_money(style(cents)) == cents


def _meant(text: str) -> int:
    """The cents a person means by an amount the store accepted: its digits, the last one or two
    after a final point or comma being cents or tenths."""
    digits = "".join(char for char in text if char in "0123456789").lstrip("0") or "0"
    tail = re.search(r"[.,]([0-9]{1,2})\s*€?\s*$", text)
    return int(digits) * 10 ** (2 - len(tail[1])) if tail else int(digits) * 100


@given(st.text(alphabet="0123456789.,€ -٣１", max_size=14))
@example("12,50")
@example("1,250")
@example("1.250,5")
@example("١٢")
@example("0" * 5000 + "1")  # below int()'s digit limit only once its zeros are dropped
def test_any_text_is_the_amount_meant_or_refused_with_words(text):
    try:
        cents = read_money(text)
    except AmountError as refusal:
        assert len(str(refusal)) > 20  # a sentence, not a code
        return
    assert cents == _meant(text)


def _refunded(service: Sandbox, order_id: str) -> list[int]:
    return [refund["amount"] for refund in service.call("GET", f"/orders/{order_id}/refund")["results"]]


REFUNDS = [  # typed, refunded (cents) or the words that refuse it
    ("12,50", 1250),
    ("12.50", 1250),
    ("1,5", 150),
    ("€ 7", 700),
    ("0,99", 99),
    ("1,250", "could mean €1,250.00 or 1.250 euros"),
    ("12.345", "could mean €12,345.00 or 12.345 euros"),
    ("0", "Enter an amount above €0.00."),
    ("٣", "is not an amount in euros"),
    ("１２", "is not an amount in euros"),
    ("-5", "without a minus sign"),
    ("12e2", "is not an amount in euros"),
    ("", "Enter an amount in euros"),
]


async def test_typed_refunds_ask_the_service_for_that_amount(store_http: TestClient, service: Sandbox):
    service.seed_orders({"id": "DS-TYPED-1", "total_amount": 500000, "status": "confirmed"})
    expected: list[int] = []
    for typed, outcome in REFUNDS:
        page = await post_form(store_http, "/backoffice/orders/DS-TYPED-1/refund", {"amount": typed})
        text = await page.text()
        if isinstance(outcome, int):
            expected.insert(0, outcome)
            assert "data-notice" in text, typed
        else:
            assert outcome in text, typed
        assert _refunded(service, "DS-TYPED-1") == expected, typed


async def test_a_large_refund_and_the_rest_are_asked_first(store_http: TestClient, service: Sandbox):
    service.seed_orders({"id": "DS-TYPED-2", "total_amount": 300000, "status": "confirmed"})
    url = "/backoffice/orders/DS-TYPED-2/refund"
    asked = await (await post_form(store_http, url, {"amount": "1.250,00"})).text()
    assert "Refund €1,250.00 of order DS-TYPED-2?" in asked and "cannot be undone" in asked
    assert _refunded(service, "DS-TYPED-2") == []
    await post_form(store_http, url, {"amount": "1250.00", "confirmed": "yes"})
    assert _refunded(service, "DS-TYPED-2") == [125000]
    # "Refund the rest" from a page that showed €3,000.00 asks about what is left now.
    asked = await (await post_form(store_http, url, {"amount": "3000.00", "rest": "yes"})).text()
    assert "The page showed €3,000.00; it changed since. Refund €1,750.00 of order DS-TYPED-2?" in asked
    assert _refunded(service, "DS-TYPED-2") == [125000]
    tab = await fresh_token(store_http, "/backoffice/orders/DS-TYPED-2")  # a tab that stays open
    await post_form(store_http, url, {"amount": "1750.00", "confirmed": "yes"})
    assert _refunded(service, "DS-TYPED-2") == [175000, 125000]
    # The same button once more, from a tab that still shows it: nothing left, said in words.
    stale = await (await post_form(store_http, url, {"amount": "1750.00", "rest": "yes"}, token=tab)).text()
    assert "Nothing is left to refund now: the page was out of date." in stale
    assert _refunded(service, "DS-TYPED-2") == [175000, 125000]


async def test_typed_captures_ask_the_service_for_that_amount(store_http: TestClient, service: Sandbox):
    service.seed_orders({"id": "DS-TYPED-3", "total_amount": 500000, "status": "confirmed"})
    url = "/backoffice/orders/DS-TYPED-3/captures"
    for typed in ("1,250", "0", "٣"):
        await post_form(store_http, url, {"amount": typed})
    for typed in ("12,50", "1.000,5", "7"):
        await post_form(store_http, url, {"amount": typed})
    captures = service.call("GET", "/orders/DS-TYPED-3/captures")["results"]
    assert sorted(capture["amount"] for capture in captures) == [700, 1250, 100050]
