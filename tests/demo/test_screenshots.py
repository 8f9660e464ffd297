"""``make screenshots`` is this test with ``DEMO_SCREENSHOTS=docs/screenshots``: every picture of
the README is taken from the store as the suite runs it, so a page change that breaks one fails
here instead of on the day someone regenerates them."""

from __future__ import annotations

import os
import struct
from pathlib import Path

from playwright.sync_api import Browser

from demo_store.launch import seed
from demo_store.screenshots import DESKTOP, PHONE, SHOTS, WHOLE_PAGES, take_with


def _png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def test_every_picture_is_taken(browser: Browser, store, service, tmp_path: Path):
    seed(service)  # the sample history the back office pictures show
    out = Path(os.environ.get("DEMO_SCREENSHOTS") or tmp_path)
    try:
        written = take_with(browser, store.url, out)
    finally:
        service.reset()  # the last picture moved the sandbox's clock
    assert [path.stem for path in written] == list(SHOTS)
    for path in written:
        viewport = SHOTS[path.stem][0]
        width, height = _png_size(path)
        assert width == viewport["width"], path.name
        assert height >= viewport["height"] if path.stem in WHOLE_PAGES else height == viewport["height"]
    assert {DESKTOP["width"], PHONE["width"]} <= {_png_size(path)[0] for path in written}
