"""Firefox (Gecko), driven over WebDriver BiDi: the browser is its own driver.

Debian's ``firefox-esr`` (or ``$FIREFOX``), headless, with a throwaway profile. Started once per
session; each test gets a tab of its own.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Any

from .bidi import (
    COMMAND_TIMEOUT_S,
    BidiConnection,
    BidiError,
    Params,
    from_remote,
    to_local,
)
from .driver import Console, DriverError, Engine, Frame, Tab

__all__ = ["Firefox", "executable"]

START_TIMEOUT_S = 30
# From the start of a navigation until the new document has loaded, a script may run in either.
NAVIGATION_EVENTS = [
    "browsingContext.navigationStarted",
    "browsingContext.navigationCommitted",
    "browsingContext.domContentLoaded",
    "browsingContext.load",
]
KEYS = {"Escape": "\ue00c"}

# On top of what Firefox sets itself under remote control: nothing that calls home, on a network
# that answers no one.
PREFS = {
    "app.normandy.enabled": False,
    "app.update.disabledForTesting": True,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.region.network.url": "",
    "datareporting.policy.dataSubmissionEnabled": False,
    "extensions.update.enabled": False,
    "messaging-system.rsexperimentloader.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "services.settings.server": "data:,#remote-settings-dummy/v1",
    "toolkit.telemetry.server": "",
}

# The centre of an element, scrolled into view, in its document's viewport.
CENTRE = """(selector) => {
  const element = document.querySelector(selector);
  element.scrollIntoView({block: 'center', inline: 'center'});
  const box = element.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
}"""

FOCUSED_FRAME = """() => {
  const element = document.activeElement;
  return element && element.tagName === 'IFRAME' && element.contentWindow;
}"""


def executable() -> str | None:
    """``$FIREFOX``, then Debian's ``firefox-esr``, then any ``firefox`` on the PATH."""
    for candidate in (os.environ.get("FIREFOX"), shutil.which("firefox-esr"), shutil.which("firefox")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


class BidiFrame(Frame):
    """A document (browsing context) of a Firefox tab."""

    def __init__(self, tab: FirefoxTab, context: str) -> None:
        self.tab, self.context = tab, context

    def call(self, function: str, *args: Any) -> Any:
        answer = self.tab.run_script(
            {
                "functionDeclaration": function,
                "arguments": [to_local(arg) for arg in args],
                "target": {"context": self.context},
                "awaitPromise": True,
                "resultOwnership": "none",
            }
        )
        if answer["type"] == "exception":
            raise DriverError(answer["exceptionDetails"]["text"])
        return from_remote(answer["result"])

    def _click(self, selector: str) -> None:
        # In the element's own document: Firefox dispatches input to the context it is given,
        # and an iframe on another site lives in another process than its parent.
        x, y = self.call(CENTRE, selector)
        actions = [
            {"type": "pointerMove", "x": round(x), "y": round(y), "origin": "viewport"},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ]
        self.perform(
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": actions}
        )

    def perform(self, source: Params) -> None:
        try:
            self.tab.connection.send("input.performActions", {"context": self.context, "actions": [source]})
        except BidiError as error:
            raise DriverError(str(error)) from error


class FirefoxTab(BidiFrame, Tab):
    def __init__(
        self,
        connection: BidiConnection,
        context: str,
        routes: dict[str, FirefoxTab],
        user_context: str | None = None,
    ) -> None:
        self.connection = connection
        self.user_context = user_context
        self.log = Console()
        self._routes = routes  # browsing context -> its tab, for the events of the tab's documents
        self._running: dict[concurrent.futures.Future[Params], str] = {}  # script -> its document's context
        super().__init__(self, context)
        routes[context] = self

    def run_script(self, params: Params) -> Params:
        """``script.callFunction``, given up on if a document of this tab navigates meanwhile:
        Firefox keeps a page it leaves in its back-forward cache, where a pending Promise
        never settles."""
        future = self.connection.start("script.callFunction", params)
        self._running[future] = params["target"]["context"]
        try:
            return future.result(COMMAND_TIMEOUT_S)
        except concurrent.futures.CancelledError:
            raise DriverError("the page navigated while the script ran") from None
        except BidiError as error:
            raise DriverError(str(error)) from error
        finally:
            self._running.pop(future, None)

    def on_navigation(self, context: str) -> None:
        """A document of this tab is being replaced: its scripts, or all if it is the page."""
        for future, target in list(self._running.items()):
            if context in (target, self.context):
                future.cancel()

    def goto(self, url: str) -> None:
        try:
            self.connection.send(
                "browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"}
            )
        except BidiError as error:
            raise DriverError(str(error)) from error

    def frame(self, selector: str) -> Frame:
        found = self.wait_for(
            "(s) => { const f = document.querySelector(s); return f && f.contentWindow }",
            selector,
            what=f"the iframe {selector}",
        )
        self._routes[found["context"]] = self
        return BidiFrame(self, found["context"])

    def press(self, key: str) -> None:
        # Into the document that has the focus, as for clicks: down through focused iframes.
        target: BidiFrame = self
        while inner := target.call(FOCUSED_FRAME):
            target = BidiFrame(self, inner["context"])
        value = KEYS.get(key, key)
        keys = [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]
        target.perform({"type": "key", "id": "keyboard", "actions": keys})

    def on_log(self, entry: Params) -> None:
        if entry.get("source", {}).get("context") != self.context:
            return  # the merchant page's own console only, as the probe sees it
        if entry["type"] == "javascript":
            self.log.page_errors.append(entry.get("text") or "")
        elif entry["type"] == "console":
            self.log.messages.append((entry.get("method", "log"), entry.get("text") or ""))

    def console(self) -> Console:
        return self.log

    def close(self) -> None:
        self.connection.send("browsingContext.close", {"context": self.context})
        if self.user_context is not None:
            self.connection.send("browser.removeUserContext", {"userContext": self.user_context})
        for context in [context for context, tab in self._routes.items() if tab is self]:
            del self._routes[context]


class Firefox(Engine):
    """``firefox-esr --headless`` with its WebDriver BiDi endpoint on a free port."""

    name = "firefox"

    def __init__(self) -> None:
        binary = executable()
        if binary is None:
            raise RuntimeError("no Firefox found: run scripts/ensure-firefox, or set FIREFOX")
        self.profile = Path(tempfile.mkdtemp(prefix="engines-firefox-"))
        prefs = "".join(f'user_pref("{name}", {_pref(value)});\n' for name, value in PREFS.items())
        (self.profile / "user.js").write_text(prefs, encoding="utf-8")
        self.process = subprocess.Popen(
            [
                binary,
                "--headless",
                "--no-remote",
                "--profile",
                str(self.profile),
                "--remote-debugging-port",
                "0",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.output: list[str] = []
        self._endpoint = ""
        announced = threading.Event()
        self._reader = threading.Thread(target=self._read_output, args=(announced,), daemon=True)
        self._reader.start()
        if not announced.wait(START_TIMEOUT_S) or not self._endpoint:
            self.close()
            raise RuntimeError("Firefox did not start:\n" + "\n".join(self.output[-30:]))
        self.connection = BidiConnection(self._endpoint + "/session")
        session = self.connection.send("session.new", {"capabilities": {}})
        self.version = session["capabilities"]["browserVersion"]
        self.routes: dict[str, FirefoxTab] = {}
        self.connection.on("log.entryAdded", self._route_log)
        for event in NAVIGATION_EVENTS:
            self.connection.on(event, self._route_navigation)
        self.connection.send("session.subscribe", {"events": ["log.entryAdded", *NAVIGATION_EVENTS]})

    def _read_output(self, announced: threading.Event) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:  # drained to the end: a full pipe would stall Firefox
            self.output.append(line.rstrip())
            if line.startswith("WebDriver BiDi listening on "):
                self._endpoint = line.split()[-1]
                announced.set()
        announced.set()

    def _route_log(self, entry: Params) -> None:
        tab = self.routes.get(entry.get("source", {}).get("context", ""))
        if tab is not None:
            tab.on_log(entry)

    def _route_navigation(self, params: Params) -> None:
        tab = self.routes.get(params.get("context", ""))
        if tab is not None:
            tab.on_navigation(params["context"])

    def new_tab(self) -> Tab:
        context = self.connection.send("browsingContext.create", {"type": "tab"})["context"]
        return FirefoxTab(self.connection, context, self.routes)

    def fresh_tab(self) -> Tab:
        """A tab in a user context of its own, whose cache starts empty (gone when it closes)."""
        user_context = self.connection.send("browser.createUserContext")["userContext"]
        params = {"type": "tab", "userContext": user_context}
        context = self.connection.send("browsingContext.create", params)["context"]
        return FirefoxTab(self.connection, context, self.routes, user_context)

    def close(self) -> None:
        connection = getattr(self, "connection", None)
        if connection is not None:
            with contextlib.suppress(BidiError, TimeoutError):
                connection.send("browser.close", timeout=10)
            connection.close()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        self._reader.join(10)
        if self.process.stdout is not None:
            self.process.stdout.close()
        shutil.rmtree(self.profile, ignore_errors=True)


def _pref(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace('"', '\\"') + '"'
    return str(value)
