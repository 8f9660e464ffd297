"""The floors the SDK's load is measured against, and the servers that serve them.

The same merchant page (on ``localhost``) is loaded with the SDK (loader + bridge on the service
origin, ``127.0.0.1``) and with four floors, in rotation (:data:`VARIANTS`):

- the in-page floor, ``bench/baseline.js``: a plain-JavaScript script in the page that does
  nothing but the fast path (one fetch per distinct button, a CORS preflight each);
- the bridge floor (``bench/bridge_floor/``): the SDK's architecture with nothing in it (the
  iframe on the service origin, the same Brython runtime, postMessage, fetch in JavaScript),
  served by a second server as its ``/sdk.js``; the SDK over it is what the SDK's own code
  costs, it over the in-page floor what the architecture costs;
- the worker floor (``bench/worker_floor/``): the worker architecture with nothing in it (the
  buttons' queries in the iframe's URL, the same Brython runtime started in a Web Worker, which
  fetches them and answers all in one message, applied in one task), served by a third server:
  what that architecture cannot go below when its first answers wait for the runtime;
- the first-answers floor (``bench/answers_floor/``): the SDK's path to its first visible button
  with nothing else in it (no runtime before the first answers: the watched elements read as the
  loader reads them, one CORS simple ``GET /sdk/first`` with the loader's query, answered by the
  sandbox's own rules, the show and hide commands applied in one task; no bridge), served as
  ``/sdk.js`` by a fourth sandbox server, the one it asks: the SDK over it (first visible) is
  what the loader's own code costs on that path, it over the in-page floor what the path costs
  (a cross-origin script, the server's rules); past one answer's bounds (20 distinct buttons) it
  asks again for the rest, one request after the other, where the SDK's bridge checks them, so
  its all settled at 100 buttons is no floor of the SDK's.

Each floor runs the page's queue when it shows its first button: a floor's usable is its first
visible.
"""

from __future__ import annotations

import json
import shutil
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from load_page import QUEUED, busy_script, page_body

from backend_stub.config import Config
from backend_stub.testkit import ServiceProcess
from backend_stub.testkit.merchant_site import SDK_QUERY, MerchantSite
from sdk.tooling.loader_text import watched

__all__ = ["FLOORS", "TAGS", "VARIANTS", "Variant", "in_page_floor", "start_servers", "variants"]

BENCH = Path(__file__).resolve().parent
VARIANTS = ("sdk", "bridge", "worker", "answers", "floor")
FLOORS = ("bridge", "worker", "answers")  # served by servers of their own, as their /sdk.js


@dataclass(eq=False)
class Variant:
    """One way of putting buttons on the page: a script tag in its head."""

    name: str  # one of VARIANTS
    site: MerchantSite
    merchant: str  # the merchant's origin as the browser reaches it (a delay line's, in a profile with one)
    script: str
    urls: dict[int, str] = field(default_factory=dict)  # its page per button count, made once

    def url(self, count: int) -> str:
        """The page with ``count`` buttons, at the merchant origin the browser reaches."""
        if count not in self.urls:
            path = self.site.page(page_body(count), head=self.script, sdk=False).removeprefix(self.site.url)
            self.urls[count] = self.merchant + path
        return self.urls[count]


TAGS = ("async", "defer")  # the README's tag; docs/sdk.md's advice for a page busy at load


def in_page_floor(service: str) -> str:
    """The in-page floor's script tag, asking ``service``."""
    return f'<script src="/bench/baseline.js?api={service}&{SDK_QUERY}" defer></script>'


def variants(
    site: MerchantSite, merchant: str, service: str, floors: dict[str, str], busy: bool, tag: str = "async"
) -> list[Variant]:
    """The SDK as the README embeds it (its tag ``tag``), the bridge, worker and first-answers floors
    the same way, and the in-page floor (``defer``), each after the page's function queued for the SDK
    (load_page.QUEUED); on a busy page, each after the page's own start-up script too."""
    own = (busy_script() if busy else "") + QUEUED
    scripts = {
        "sdk": f'<script src="{service}/sdk.js?{SDK_QUERY}" {tag}></script>',
        **{name: f'<script src="{floors[name]}/sdk.js?{SDK_QUERY}" {tag}></script>' for name in FLOORS},
        "floor": in_page_floor(service),
    }
    return [Variant(name, site, merchant, own + scripts[name]) for name in VARIANTS]


def floor_dir(name: str, folder: Path) -> Path:
    """An SDK folder for a server of its own (``--sdk-dir``) whose ``/sdk.js`` is the ``name``
    floor: bench/<name>_floor/ around the very Brython runtime file the SDK's bridge loads (the
    first-answers floor, which loads none: :func:`answers_floor_dir`)."""
    if name == "answers":
        return answers_floor_dir(folder)
    dist = Config().sdk_dir
    built = json.loads((dist / "manifest.json").read_text(encoding="utf-8"))
    runtime = built["brython"]
    for file in (runtime, built["brython_lazy"]):  # the runtime, and the parts it loads on first use
        for suffix in ("", ".br", ".gz"):
            shutil.copy(dist / (file + suffix), folder / (file + suffix))
    source = BENCH / f"{name}_floor"
    page, script = f"{name}-floor.html", f"{name}-floor.js"
    for template, target in (("bridge.html", page), ("bridge.js", script)):
        text = source.joinpath(template).read_text(encoding="utf-8")
        text = text.replace("__BRYTHON__", runtime).replace("__BRIDGE_SCRIPT__", script)
        (folder / target).write_text(text, encoding="utf-8")
    loader = source.joinpath("loader.js").read_text(encoding="utf-8")
    (folder / "loader.js").write_text(loader.replace("__BRIDGE__", page), encoding="utf-8")
    manifest = {
        "brython": runtime,
        "brython_lazy": built["brython_lazy"],
        "bundle": script,
        "bridge": page,
        "loader": "loader.js",
    }
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def answers_floor_dir(folder: Path) -> Path:
    """The build's SDK folder with bench/answers_floor/loader.js as its ``/sdk.js``, watching what
    the build's loader watches: a server of its own serves it, and answers its ``/sdk/first`` as
    the SDK's server answers the loader's."""
    dist = Config().sdk_dir
    # The build's compressed loader would be served before a plain one: none of it is copied.
    shutil.copytree(dist, folder, dirs_exist_ok=True, ignore=shutil.ignore_patterns("loader.js*"))
    script = (BENCH / "answers_floor" / "loader.js").read_text(encoding="utf-8")
    (folder / "loader.js").write_text(script.replace("__WATCH__", watched()), encoding="utf-8")
    return folder


def start_servers(stack: ExitStack, folder: Path) -> tuple[ServiceProcess, dict[str, str]]:
    """The SDK's sandbox server and each floor's (folders under ``folder``), started side by side
    and stopped when ``stack`` closes; returns the SDK's and {floor: its URL}."""
    floors: dict[str, ServiceProcess] = {}
    for floor in FLOORS:
        (folder / floor).mkdir()
        floors[floor] = ServiceProcess(extra_args=["--sdk-dir", str(floor_dir(floor, folder / floor))])
    service = ServiceProcess()
    for process in (service, *floors.values()):
        stack.callback(process.stop)
    with ThreadPoolExecutor(len(floors) + 1) as pool:
        list(pool.map(ServiceProcess.start, (service, *floors.values())))
    return service, {floor: process.url for floor, process in floors.items()}
