"""The click figures: a shopper's click on a pay button wired in the page's queued function.

In the profiles of ``--click-profiles`` (the phone by default: each click is a page load, a
checkout overlay and its hosted page), the 1-button page's queued function wires the button to
``service.checkout`` on a checkout made with the private key for each click. It is clicked at
two moments (:data:`CLICK_MOMENTS`): the moment it shows (the page clicks it itself), and after
``await service.ready`` (Playwright's mouse). Each click is timed from the click event to the
loader's overlay visible and to the hosted page interactive; a click that opens nothing within
:data:`OVERLAY_WAIT_MS` is a lost click.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from load_page import CLICK_PROBE, CLICK_RESULT, PROBE
from load_profiles import Profile
from load_sampling import Plan
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from backend_stub.testkit.sandbox import Sandbox

__all__ = [
    "CLICK_MOMENTS",
    "CLICK_PROFILES",
    "OVERLAY_WAIT_MS",
    "ClickFigures",
    "ClickSample",
    "click_row",
    "sample_clicks",
]

CLICK_PROFILES = ("phone",)
CLICK_MOMENTS = {
    "shown": "the moment the button shows",
    "ready": "after `await service.ready`",
}
TOTAL = 25_000  # the checkout each click opens: one article, paid in 4
ARTICLE = {"name": "Walnut desk", "quantity": 1, "unit_price": TOTAL}
OVERLAY_WAIT_MS = 5_000  # bounded: a click that opened nothing by then is a lost click
INTERACTIVE_WAIT_MS = 30_000
READY_WAIT_MS = 60_000
READY = f"""() => Promise.race([
  window.service.ready.then(() => true),
  new Promise(resolve => setTimeout(() => resolve(false), {READY_WAIT_MS})),
])"""


@dataclass(frozen=True)
class ClickSample:
    """One click, as the click probe saw it (:data:`load_page.CLICK_RESULT`): milliseconds from
    navigation start, None for what never came."""

    click: float | None  # the click event
    overlay: float | None  # the animation frame after the loader's overlay opened
    interactive: float | None  # the hosted page's approve control enabled
    first: float | None  # the first button visible
    usable: float | None  # the page's queued function ran
    error: str | None  # what onError got, if it was called

    @classmethod
    def read(cls, result: Mapping[str, Any]) -> ClickSample:
        """:data:`load_page.CLICK_RESULT`'s answer, typed (its keys are the fields' names)."""
        return cls(**{field.name: result[field.name] for field in fields(cls)})


def _gap(
    samples: list[ClickSample], times: Callable[[ClickSample], tuple[float | None, float | None]]
) -> float | None:
    """The median time from the first of ``times`` to the second, over the samples where both came."""
    gaps = [end - start for start, end in map(times, samples) if start is not None and end is not None]
    return statistics.median(gaps) if gaps else None


@dataclass(frozen=True)
class ClickFigures:
    """One moment's clicks in one profile: how many opened the checkout, and median times."""

    clicks: int
    opened: int  # clicks that showed the overlay within OVERLAY_WAIT_MS
    errors: list[str]  # what onError got, each once
    clicked_after_first: float | None  # from the first button visible to the click
    to_overlay: float | None  # from the click to the overlay visible
    to_interactive: float | None  # from the click to the hosted page interactive
    to_usable: float | None  # from the click to the queued function run (negative: before)

    @classmethod
    def of(cls, samples: list[ClickSample]) -> ClickFigures:
        """The figures of ``samples``."""
        return cls(
            clicks=len(samples),
            opened=sum(1 for s in samples if s.overlay is not None),
            errors=sorted({s.error for s in samples if s.error}),
            clicked_after_first=_gap(samples, lambda s: (s.first, s.click)),
            to_overlay=_gap(samples, lambda s: (s.click, s.overlay)),
            to_interactive=_gap(samples, lambda s: (s.click, s.interactive)),
            to_usable=_gap(samples, lambda s: (s.click, s.usable)),
        )

    @property
    def lost(self) -> int:
        """Clicks that opened nothing."""
        return self.clicks - self.opened


def _ms(value: float | None) -> str:
    return "—" if value is None else f"{value:,.0f}"


def click_row(figures: ClickFigures) -> list[str]:
    """One moment's cells: clicks, when clicked, overlays shown, their times, the queue's."""
    lost = f" ({figures.lost} lost: no overlay within {OVERLAY_WAIT_MS / 1000:g} s)" if figures.lost else ""
    errors = f"; onError: {', '.join(figures.errors)}" if figures.errors else ""
    return [
        f"{figures.clicks}",
        _ms(figures.clicked_after_first),
        f"{figures.opened} of {figures.clicks}{lost}{errors}",
        *(_ms(gap) for gap in (figures.to_overlay, figures.to_interactive, figures.to_usable)),
    ]


def waited(page: Page, predicate: str, timeout_ms: float) -> bool:
    """Whether ``predicate`` came true in the page within ``timeout_ms``."""
    try:
        page.wait_for_function(predicate, timeout=timeout_ms)
    except PlaywrightTimeout:
        return False
    return True


def click_sample(browser: Browser, profile: Profile, url: str, sandbox: Sandbox, moment: str) -> ClickSample:
    """One click on the page's first button, in a fresh incognito context, on a checkout made for
    it with the private key: the moment the button is visible, or once ``service.ready`` has
    resolved and the queued function has run (``moment``: a key of :data:`CLICK_MOMENTS`)."""
    checkout_id = sandbox.create_checkout(TOTAL, product_type="pay_in_4", articles=[ARTICLE])
    context = browser.new_context()
    context.add_init_script(PROBE)
    context.add_init_script(CLICK_PROBE)
    try:
        page = context.new_page()
        profile.emulate(context, page)
        page.goto(f"{url}?checkout={checkout_id}&click={moment}")
        if moment == "shown":  # the page clicks it itself (load_page.CLICK_PROBE)
            page.wait_for_function("window.__click.click !== null", timeout=READY_WAIT_MS)
        else:
            page.wait_for_function("window.__bench.usable !== null", timeout=READY_WAIT_MS)
            if not page.evaluate(READY):
                raise RuntimeError(f"service.ready did not resolve within {READY_WAIT_MS} ms")
            at = page.wait_for_function("window.__click.at", timeout=READY_WAIT_MS).json_value()
            page.mouse.click(at["x"], at["y"])
        if waited(page, "window.__click.overlay !== null", OVERLAY_WAIT_MS):
            waited(page, "window.__click.interactive !== null", INTERACTIVE_WAIT_MS)
        return ClickSample.read(page.evaluate(CLICK_RESULT))
    finally:
        context.close()


def sample_clicks(
    browser: Browser, profile: Profile, url: str, sandbox: Sandbox, plan: Plan
) -> dict[str, list[ClickSample]]:
    """{moment: [samples]}: ``plan.clicks`` of each, the moments in rotation, after
    ``plan.untimed`` clicks (the checkout's pages and their server warmed up)."""
    for _ in range(plan.untimed):
        click_sample(browser, profile, url, sandbox, "ready")
    samples: dict[str, list[ClickSample]] = {moment: [] for moment in CLICK_MOMENTS}
    moments = list(CLICK_MOMENTS)
    for index in range(plan.clicks):
        for moment in moments[index % 2 :] + moments[: index % 2]:
            samples[moment].append(click_sample(browser, profile, url, sandbox, moment))
    return samples
