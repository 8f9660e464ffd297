"""Element data in the bridge's URL is the merchant page's, so it may be anything (markup, quotes,
huge values, bytes that are not UTF-8, shapes the loader never sends): the bridge page stays well
formed, nothing in it runs, and the console says what was wrong; the buttons stay hidden."""

from __future__ import annotations

import html
import json
import urllib.parse
import urllib.request
from html.parser import HTMLParser

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.sdk_page import button_html, wait_ready

# Each would run script, end the data's <script> element or break its JSON if pasted as it is.
MARKUP = '"></script><script>parent.pwned = 1</script><!--'
QUOTES = "5000' onmouseover='parent.pwned=1"
HUGE = "9" * 10240


class Scripts(HTMLParser):
    """The page's <script> elements: their attributes and text."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._open = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self.scripts.append((dict(attrs), ""))
            self._open = True

    def handle_endtag(self, tag: str) -> None:
        self._open = self._open and tag != "script"

    def handle_data(self, data: str) -> None:
        if self._open:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)


def _bridge(service, elements: str) -> tuple[int, dict, str]:
    """Status, first-answers data and CSP of the bridge page for a raw ``elements`` value."""
    name = _bridge_name(service)
    query = "origin=http%3A%2F%2Flocalhost&public-key=pk_test_demo&sandbox=true&elements=" + elements
    with urllib.request.urlopen(f"{service.url}/sdk/{name}?{query}") as response:
        page = response.read().decode("utf-8")
        parser = Scripts()
        parser.feed(page)
        # Exactly the page's two scripts: the data, which never runs, and the relay.
        assert [attrs.get("type") for attrs, _ in parser.scripts] == ["application/json", None]
        return response.status, json.loads(parser.scripts[0][1]), response.headers["Content-Security-Policy"]


def _bridge_name(service) -> str:
    loader = urllib.request.urlopen(f"{service.url}/sdk.js").read().decode("utf-8")
    return loader.split("var BRIDGE_PATH = '/sdk/", 1)[1].split("'", 1)[0]


def _row(element_id: int, amount: object, tag: object = "BUTTON") -> list[object]:
    return [element_id, tag, "", False, amount, "EUR", False]


def _quoted(rows: object) -> str:
    return urllib.parse.quote(json.dumps(rows))


@pytest.mark.parametrize(
    ("elements", "warned"),
    [
        (_quoted([_row(1, MARKUP), _row(2, QUOTES), _row(3, "9" * 4000)]), [1, 2, 3]),
        (_quoted([_row(1, "5000", tag=MARKUP), _row(2, "50%FF00")]), [2]),
        ("%5B%5B1%2C%22BUTTON%22%2C%22%22%2Cfalse%2C%2250%FF%FE%22%2C%22EUR%22%2Cfalse%5D%5D", [1]),
        (urllib.parse.quote("[[1, 'BUTTON']] </script>"), []),
        (_quoted({"rows": MARKUP}), []),
        (
            _quoted([[1, {"x": 1}, "", False, "5000", "EUR", False], [0, "B", "", False, "1", "EUR", False]]),
            [],
        ),
    ],
    ids=[
        "markup-quotes-long",
        "markup-tag-and-percent",
        "invalid-utf8",
        "not-json",
        "not-a-list",
        "bad-rows",
    ],
)
def test_hostile_element_data_stays_data(service, elements: str, warned: list[int]):
    status, first, csp = _bridge(service, elements)
    assert status == 200
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    warnings = [command for command in first["commands"] if command["op"] == "console"]
    assert [command.get("id") for command in warnings if "id" in command] == warned
    assert all(command["level"] == "warn" for command in warnings)
    if not warned:  # nothing readable: one warning about the data itself
        assert len(warnings) == 1 and "could not read the elements" in warnings[0]["message"]
    shown = [command for command in first["commands"] if command["op"] == "show"]
    assert shown == [] or warned == [2]  # the valid button of a mixed page may show
    assert first["answers"] == [] or warned == [2]


def test_hostile_attributes_through_the_loader_warn_and_run_nothing(page: Page, merchant, console):
    # The values reach the attributes as they are (the markup is escaped as HTML, as a template would).
    body = "".join(
        button_html(html.escape(amount), extra=f'id="b{index}"')
        for index, amount in enumerate([MARKUP, QUOTES, HUGE])
    ) + button_html(5000, extra='id="ok" hidden')
    page.goto(merchant.page(body))
    wait_ready(page)
    expect(page.locator("#ok")).to_be_visible()
    for index in range(3):
        expect(page.locator(f"#b{index}")).to_be_hidden()
    warnings = [text for text in console.warnings if "stays hidden" in text]
    assert len(warnings) == 3, console.warnings
    assert page.evaluate("window.pwned") is None
    assert console.page_errors == []
