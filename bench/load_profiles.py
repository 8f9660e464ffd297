"""Where the load benchmark's browser is: its CPU, its distance to the servers, its page.

Six profiles (``bench/sdk_load.py --profiles``):

- ``desktop``, on loopback;
- ``desktop-60ms``, a 60 ms round trip between the browser and every server (bench/latency.py,
  a delay line below HTTP that reaches the bridge's own renderer too);
- ``phone``, Chromium's emulation of a phone (CPU 4x slower, 60 ms of latency, 10 Mbit/s each
  way) through Playwright's CDP session, with the cross-site iframe in the page's renderer as
  Chrome on Android keeps it (it isolates only sites a user logs in to), so the emulation covers
  the bridge too;
- ``mobile``, Lighthouse's mobile profile the same way (CPU 4x, 150 ms, 1.6 Mbit/s down,
  750 kbit/s up);
- ``busy`` and ``phone-busy``, the desktop and phone profiles on a page busy with its own
  start-up work (1.5 s as back-to-back 100 ms tasks, from before the SDK's script tag:
  load_page.busy_script).

Chromium slows a page's renderer but not the dedicated workers it starts (CDP answers
"Operation is only supported for pages, not workers"): in the CPU 4x profiles, work done in a
worker runs at the machine's speed, so those figures flatter a worker by up to 3x its CPU time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playwright.sync_api import BrowserContext, Page

from backend_stub.chromium import LAUNCH_ARGS, launch_options

__all__ = ["Link", "Profile", "PROFILES"]


@dataclass(frozen=True)
class Link:
    """A network link as Chromium emulates it: latency, and bytes per second each way."""

    latency_ms: float
    download: float
    upload: float

    def conditions(self) -> dict[str, Any]:
        """The parameters of CDP's ``Network.emulateNetworkConditions``."""
        return {
            "offline": False,
            "latency": self.latency_ms,
            "downloadThroughput": self.download,
            "uploadThroughput": self.upload,
        }


@dataclass(frozen=True)
class Profile:
    """Where the browser is: its CPU, its distance to the servers, the page's own work."""

    label: str  # the heading of its table in the report
    area: str  # its rows' area in the summary, after whose figures they are: "SDK, <area>"
    rtt_ms: float = 0  # a delay line in front of every server
    cpu_slowdown: float = 1  # Chromium's CPU throttling
    link: Link | None = None  # Chromium's network emulation
    site_isolation: bool = True
    busy: bool = False  # the merchant page's own start-up work before the SDK's script tag

    def launch(self, **extra: object) -> dict[str, Any]:
        """Keyword arguments for ``playwright.chromium.launch`` (and a persistent context)."""
        args = list(LAUNCH_ARGS)
        if not self.site_isolation:
            args += ["--disable-site-isolation-trials", "--disable-features=IsolateOrigins,site-per-process"]
        # The browser shoppers run, not the test suite's headless shell (backend_stub.chromium).
        return launch_options(args=args, full_browser=True, **extra)

    def emulate(self, context: BrowserContext, page: Page) -> None:
        """Slow ``page`` (and the frames in its renderer) down before it loads anything."""
        if self.cpu_slowdown == 1 and self.link is None:
            return
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": self.cpu_slowdown})
        if self.link is not None:
            session.send("Network.enable")
            session.send("Network.emulateNetworkConditions", self.link.conditions())


PHONE_LINK = Link(latency_ms=60, download=10_000_000 / 8, upload=10_000_000 / 8)
# Lighthouse's mobile throttling (its mobileSlow4G: 150 ms, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x),
# applied as DevTools applies it, in kilobits of 1,024 bits.
LIGHTHOUSE_LINK = Link(latency_ms=150, download=1.6 * 1024 * 1024 / 8, upload=750 * 1024 / 8)

PROFILES = {
    "desktop": Profile("desktop, loopback", "desktop"),
    "desktop-60ms": Profile("desktop, 60 ms round trip", "desktop at 60 ms", rtt_ms=60),
    "phone": Profile(
        "phone: CPU 4x, 60 ms, 10 Mbit/s", "phone", cpu_slowdown=4, link=PHONE_LINK, site_isolation=False
    ),
    "mobile": Profile(
        "Lighthouse mobile: CPU 4x, 150 ms, 1.6 Mbit/s",
        "Lighthouse mobile",
        cpu_slowdown=4,
        link=LIGHTHOUSE_LINK,
        site_isolation=False,
    ),
    "busy": Profile("desktop, loopback, busy page", "busy desktop page", busy=True),
    "phone-busy": Profile(
        "phone, busy page",
        "busy phone page",
        cpu_slowdown=4,
        link=PHONE_LINK,
        site_isolation=False,
        busy=True,
    ),
}
