"""What a cross-engine scenario may do with a browser, whatever drives it underneath.

Each engine has one adapter (``firefox.py`` over WebDriver BiDi, ``webkit.py`` over WebDriver
classic) implementing the few primitives marked abstract here; every wait is built once, on top
of them, as a poll inside the page with a deadline: no test ever sleeps.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

__all__ = ["DriverError", "Engine", "Frame", "Tab", "Console", "WAIT_S"]

WAIT_S = 10.0  # the default deadline of every wait
POLL_SLICE_S = 2.0  # one in-page poll lasts at most this long: a navigation in between is retried

# A predicate polled in the page until it returns something truthy or the slice runs out.
POLL = """async (args, ms) => {
  const test = %s;
  const end = performance.now() + ms;
  let failure = null;
  for (;;) {
    try {
      const value = await test(...args);
      if (value) return [true, value, null];
      failure = null;
    } catch (error) {
      failure = String(error && error.message || error);
    }
    if (performance.now() >= end) return [false, null, failure];
    await new Promise(resolve => setTimeout(resolve, 20));
  }
}"""

# As Playwright defines it: a box with some size, and not visibility:hidden.
VISIBLE = """(selector) => {
  const element = document.querySelector(selector);
  if (!element) return false;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
}"""

ACTIONABLE = f"""(selector) => ({VISIBLE})(selector) && !document.querySelector(selector).disabled"""


class DriverError(RuntimeError):
    """The browser refused a command (its page navigated away, its script threw...)."""


class Frame(ABC):
    """A document in a tab: the page itself, or the page of an iframe in it."""

    @abstractmethod
    def call(self, function: str, *args: Any) -> Any:
        """Call the JavaScript function whose source is ``function`` with ``args`` (plain data);
        a returned Promise is awaited. Raises ``DriverError`` if it throws."""

    @abstractmethod
    def _click(self, selector: str) -> None:
        """Press and release the mouse on the element, as a shopper would."""

    def click(self, selector: str, timeout: float = WAIT_S) -> None:
        """Wait until the element is visible and enabled, then click its centre."""
        self.wait_for(ACTIONABLE, selector, timeout=timeout, what=f"{selector} clickable")
        self._click(selector)

    def wait_for(self, predicate: str, *args: Any, timeout: float = WAIT_S, what: str = "") -> Any:
        """Poll ``predicate(*args)`` in the page until it returns something truthy; return that.

        A navigation during the wait starts the next poll in the new page."""
        deadline = time.monotonic() + timeout
        failure: str | None = None
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                detail = f" (last error: {failure})" if failure else ""
                raise AssertionError(f"timed out after {timeout:g} s waiting for {what or predicate}{detail}")
            try:
                met, value, failure = self.call(
                    POLL % predicate, list(args), min(remaining, POLL_SLICE_S) * 1000
                )
            except DriverError as error:
                failure = str(error)
                continue
            if met:
                return value

    def wait_visible(self, selector: str, timeout: float = WAIT_S) -> None:
        self.wait_for(VISIBLE, selector, timeout=timeout, what=f"{selector} visible")

    def wait_hidden(self, selector: str, timeout: float = WAIT_S) -> None:
        """Hidden or absent, as Playwright's ``to_be_hidden``."""
        self.wait_for(f"(s) => !({VISIBLE})(s)", selector, timeout=timeout, what=f"{selector} hidden")

    def wait_count(self, selector: str, count: int, timeout: float = WAIT_S) -> None:
        self.wait_for(
            "(s, n) => document.querySelectorAll(s).length === n",
            selector,
            count,
            timeout=timeout,
            what=f"{count} of {selector}",
        )

    def is_visible(self, selector: str) -> bool:
        return bool(self.call(VISIBLE, selector))

    def attribute(self, selector: str, name: str) -> str | None:
        return self.call("(s, n) => document.querySelector(s).getAttribute(n)", selector, name)


@dataclass
class Console:
    """What the merchant page printed (``(level, text)``: log, warn, error...) and the errors it
    did not catch, uncaught exceptions and unhandled rejections alike."""

    messages: list[tuple[str, str]] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def of(self, level: str) -> list[str]:
        return [text for kind, text in self.messages if kind == level]

    @property
    def warnings(self) -> list[str]:
        return self.of("warn")

    @property
    def errors(self) -> list[str]:
        return self.of("error")


class Tab(Frame):
    """One page of its own for one test."""

    @abstractmethod
    def goto(self, url: str) -> None:
        """Navigate and wait for the page's ``load`` event."""

    @abstractmethod
    def frame(self, selector: str) -> Frame:
        """The document inside the iframe matching ``selector`` (cross-origin ones included)."""

    @abstractmethod
    def press(self, key: str) -> None:
        """Press and release a key (``"Escape"``) where the focus is."""

    @abstractmethod
    def console(self) -> Console:
        """Console messages and uncaught errors of the merchant page so far."""

    @abstractmethod
    def close(self) -> None: ...

    @property
    def url(self) -> str:
        return self.call("() => location.href")


class Engine(ABC):
    """A browser started once for the session; a fresh tab per test."""

    name: str
    version: str

    @abstractmethod
    def new_tab(self) -> Tab: ...

    @abstractmethod
    def fresh_tab(self) -> Tab:
        """A tab sharing no cache with the tabs before it: its first load is a cold one."""

    @abstractmethod
    def close(self) -> None: ...
