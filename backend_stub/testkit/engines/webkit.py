"""WebKit (WebKitGTK's MiniBrowser), driven over WebDriver classic by Selenium.

Debian's ``webkit2gtk-driver`` gives ``WebKitWebDriver``; the browser is the MiniBrowser of
libwebkit2gtk. Its ``--headless`` mode hangs here, so it gets a virtual display (Xvfb) of its
own. WebDriver classic cannot listen to the console: pages carry a probe that records it in
``window.__engineProbe`` (the cross-engine tests' ``static/probe.js``).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.client_config import ClientConfig
from selenium.webdriver.remote.remote_connection import RemoteConnection
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

from .driver import Console, DriverError, Engine, Frame, Tab

__all__ = ["WebKit", "executables"]

START_TIMEOUT_S = 30
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
KEYS = {"Escape": Keys.ESCAPE}

# Every call goes through the asynchronous form: a returned Promise is awaited, and a throw
# comes back as data rather than as the driver's generic error.
CALL = """const done = arguments[arguments.length - 1];
const args = Array.prototype.slice.call(arguments, 0, -1);
Promise.resolve().then(() => (%s).apply(null, args)).then(
  value => done([true, value === undefined ? null : value]),
  error => done([false, String(error && error.message || error)]));"""

FOCUSED_IFRAME = "const e = document.activeElement; return e && e.tagName === 'IFRAME' ? e : null;"

CONSOLE = """() => window.__engineProbe
  ? [window.__engineProbe.messages, window.__engineProbe.errors] : [[], []]"""


def executables() -> tuple[str, str] | None:
    """(WebKitWebDriver, MiniBrowser): ``$WEBKIT_WEBDRIVER`` / ``$MINIBROWSER``, then Debian's."""
    driver = os.environ.get("WEBKIT_WEBDRIVER") or shutil.which("WebKitWebDriver")
    browser = os.environ.get("MINIBROWSER") or MINIBROWSER
    if driver and Path(browser).is_file() and os.access(browser, os.X_OK):
        return driver, browser
    return None


class VirtualDisplay:
    """``Xvfb`` on the first free display number, which it reports once it accepts clients."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as announced:
            number = announced.readline().strip()  # written when the server is ready
        if not number:
            self.close()
            raise RuntimeError("Xvfb did not start (is the xvfb package installed?)")
        self.display = f":{number}"

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


class SeleniumFrame(Frame):
    """A document of the WebKit tab: the page (``path`` empty) or an iframe, reached by the
    selectors of the iframes from the top."""

    def __init__(self, tab: WebKitTab, path: tuple[str, ...]) -> None:
        self.tab, self.path = tab, path

    def _enter(self) -> None:
        driver = self.tab.driver
        driver.switch_to.window(self.tab.handle)
        driver.switch_to.default_content()
        for selector in self.path:
            driver.switch_to.frame(driver.find_element(By.CSS_SELECTOR, selector))

    @contextlib.contextmanager
    def _inside(self) -> Iterator[webdriver.Remote]:
        """The driver, in this document for one command; its errors become ``DriverError``."""
        try:
            self._enter()
            yield self.tab.driver
        except WebDriverException as error:
            raise DriverError(error.msg or str(error)) from error
        finally:
            with contextlib.suppress(WebDriverException):
                self.tab.driver.switch_to.default_content()

    def call(self, function: str, *args: Any) -> Any:
        with self._inside() as driver:
            ok, value = driver.execute_async_script(CALL % function, *args)
        if not ok:
            raise DriverError(value)
        return value

    def _click(self, selector: str) -> None:
        with self._inside() as driver:
            driver.find_element(By.CSS_SELECTOR, selector).click()


class WebKitTab(SeleniumFrame, Tab):
    def __init__(self, driver: webdriver.Remote, handle: str) -> None:
        self.driver, self.handle = driver, handle
        super().__init__(self, ())

    def goto(self, url: str) -> None:
        with self._inside() as driver:
            driver.get(url)

    def frame(self, selector: str) -> Frame:
        self.wait_for("(s) => document.querySelector(s)", selector, what=f"the iframe {selector}")
        return SeleniumFrame(self, (selector,))

    def press(self, key: str) -> None:
        # Keys go to the active element of the current frame: go down through focused iframes.
        # (WebKitWebDriver's own "active element" is stale inside a cross-site iframe: ask the page.)
        with self._inside() as driver:
            while (focused_frame := driver.execute_script(FOCUSED_IFRAME)) is not None:
                driver.switch_to.frame(focused_frame)
            ActionChains(driver).send_keys(KEYS.get(key, key)).perform()

    def console(self) -> Console:
        messages, errors = self.call(CONSOLE)
        return Console([(level, text) for level, text in messages], list(errors))

    def close(self) -> None:
        with self._inside() as driver:
            driver.close()


class WebKit(Engine):
    """MiniBrowser under WebKitWebDriver on a virtual display; one window per test."""

    name = "webkit"

    def __init__(self) -> None:
        found = executables()
        if found is None:
            raise RuntimeError("no WebKitGTK found: run scripts/ensure-webkit")
        driver_path, browser = found
        self.display = VirtualDisplay()
        self.options = Options()
        self.options.binary_location = browser
        self.options.add_argument("--automation")
        self.service = Service(
            executable_path=driver_path, env={**os.environ, "DISPLAY": self.display.display}
        )
        try:
            self.service.start()
            # Through a client config: webdriver.WebKitGTK() still uses a form Selenium deprecates.
            self.connection = RemoteConnection(client_config=ClientConfig(self.service.service_url))
            self._start_session()
        except BaseException:
            self.service.stop()
            self.display.close()
            raise
        self.version = self.driver.capabilities["browserVersion"]

    def _start_session(self) -> None:
        self.driver = webdriver.Remote(command_executor=self.connection, options=self.options)
        self.home = self.driver.current_window_handle  # kept open: closing the last window ends the session

    def new_tab(self) -> Tab:
        self.driver.switch_to.window(self.home)
        # A window, not a tab: MiniBrowser opens a tab in the background, where the page is
        # hidden (visibilityState) and paints no frame (requestAnimationFrame never runs).
        self.driver.switch_to.new_window("window")
        return WebKitTab(self.driver, self.driver.current_window_handle)

    def fresh_tab(self) -> Tab:
        """A new browser session: WebKit keeps each automation session's data apart, its cache
        included."""
        self.driver.quit()
        self._start_session()
        return self.new_tab()

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.service.stop()
            self.display.close()
