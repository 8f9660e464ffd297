"""In Firefox and WebKit too, Brython runs in the bridge's worker, never on the bridge page's main
thread: the page has no Brython, and the Python still answers what changes after the start.
(tests/e2e/test_runtime.py, in Chromium, looks inside the worker: its start loads none of the
parts of Brython the build moved out of its runtime, and they load there on first use.)"""

from __future__ import annotations

from backend_stub.testkit.engines.driver import Tab
from tests.e2e.sdk_page import button_html


def test_brython_runs_in_the_worker_not_in_the_bridge_page(tab: Tab, merchant):
    tab.goto(merchant.page(button_html(6000, extra='id="b"') + button_html(10, extra='id="low"')))
    tab.wait_visible("#b")
    assert tab.call("() => service.ready.then(() => true)") is True
    tab.call("() => { document.getElementById('low').setAttribute('data-amount', '7000') }")
    tab.wait_visible("#low")
    bridge = tab.frame('iframe[title="service SDK"]')
    assert bridge.call("() => typeof __BRYTHON__") == "undefined"
