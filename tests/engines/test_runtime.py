"""In Firefox and WebKit too, the bridge starts without the parts of Brython the build moved out
of its runtime, and loads them when code first uses them (tests/e2e/test_runtime.py)."""

from __future__ import annotations

from tests.e2e.sdk_page import button_html
from tests.e2e.test_runtime import EXPECTED, MOVED, MOVED_PARTS
from tests.engines.driver import Tab

RUN = "source => { __BRYTHON__.runPythonSource(source, 'moved_parts'); return window.movedResults }"


def test_the_moved_parts_of_the_runtime_load_on_first_use(tab: Tab, merchant):
    tab.goto(merchant.page(button_html(6000, extra='id="b"')))
    tab.wait_visible("#b")
    bridge = tab.frame('iframe[title="service SDK"]')
    assert bridge.call(f"() => {MOVED}") == []
    assert bridge.call(RUN, MOVED_PARTS) == EXPECTED
    loaded = bridge.call(f"() => {MOVED}")
    assert {"brython-lazy:compiler", "brython-lazy:bytes", "brython-lazy:dom"} <= set(loaded)
