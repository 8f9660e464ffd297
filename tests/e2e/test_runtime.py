"""The Brython runtime the bridge loads holds only what the SDK reaches: the rest of Brython loads
the first time anything of it is used (sdk/tooling/trim_runtime.py), and then works as in the
complete runtime."""

from __future__ import annotations

from playwright.sync_api import Frame, Page, expect

from tests.e2e.sdk_page import button_html, wait_ready

# Python the SDK never runs, touching every part the build moved out of the runtime but io
# (`open()`: the bridge has no file to read): it is compiled in the page (the compiler), and
# uses bytes, memoryview, float, complex, match, code objects, exec and eval, the DOM and
# browser.html.
MOVED_PARTS = """
from browser import document, html, window
results = [b"ab".hex(), memoryview(b"xyz")[1], repr(1.5 * 2), str(3.25), repr(complex(1, 2) * 2)]
match [1, 2]:
    case [first, second]:
        results.append(first + second)
scope = {}
exec("answer = 6 * 7", scope)
results += [scope["answer"], eval("len('four')"), (lambda: 0).__code__.co_name]
results += [document.body.tagName, html.B("bold").outerHTML]
window.movedResults = str(results)
"""
EXPECTED = "['6162', 121, '3.0', '3.25', '(2+4j)', 3, 42, 4, '<lambda>', 'BODY', '<b>bold</b>']"
MOVED = "performance.getEntriesByType('mark').map(m => m.name).filter(n => n.startsWith('brython-lazy:'))"


def bridge_frame(page: Page) -> Frame:
    return next(frame for frame in page.frames if "/sdk/bridge." in frame.url)


def test_the_sdk_starts_without_the_moved_parts_and_they_load_on_first_use(page: Page, merchant):
    page.goto(merchant.page(button_html(6000)))
    wait_ready(page)
    expect(page.locator("[data-service-button]")).to_be_visible()
    bridge = bridge_frame(page)
    assert bridge.evaluate(MOVED) == []  # the shopper's page loaded none of them

    bridge.evaluate("source => __BRYTHON__.runPythonSource(source, 'moved_parts')", MOVED_PARTS)
    assert bridge.evaluate("window.movedResults") == EXPECTED
    loaded = {name.removeprefix("brython-lazy:") for name in bridge.evaluate(MOVED)}
    assert {"compiler", "bytes", "memoryview", "float", "complex", "pattern_matching", "code"} <= loaded
    assert {"dom", "browser.html"} <= loaded
