"""Build the SDK for the browser: ``python -m sdk.tooling.build``.

Brython compiles Python to JavaScript. Doing it here, once, in a headless Chromium, means the
bridge page never compiles our modules at run time (about 100 ms less on a cold load). The
output, in ``backend_stub/web/dist/`` by default, is:

- ``brython-<version>-aot.<hash>.js``: Brython's runtime with only what the SDK reaches
  (:mod:`sdk.tooling.trim_runtime`), and never its 5 MB standard library;
- ``brython-<version>-lazy.<hash>.js``: the rest of that runtime, which it loads on first use;
- ``sdk.<hash>.js``: every SDK module precompiled (without docstrings or line tracking,
  :mod:`sdk.tooling.slim_bundle`), registered in Brython's virtual file system, and the entry
  point that starts the bridge;
- ``bridge-worker.<hash>.js``: the bridge's worker, which loads both (no Python runs on a
  page's main thread);
- ``bridge.<hash>.html``: the template of the bridge page, which the server renders per request
  with the first answers (:mod:`backend_stub.web.bridge_page`) and whose one inline script (its
  hash in the manifest, for the page's CSP) starts the worker and relays its messages;
- ``loader.js``: the loader ``/sdk.js`` serves, pointing at that bridge page;
- ``loader.<version>.js``: the loader merchants pin (``/sdk/<version>/sdk.js``), the same but
  finding the bridge page at the one address that outlives builds, with its version and
  Subresource Integrity hash in the manifest; and each older pinned loader the server still
  serves, byte for byte (``sdk/releases/``, :mod:`sdk.tooling.releases`);
- ``sdk.d.ts``: the TypeScript declarations of the loader's global (``sdk/service.d.ts``);
- ``.gz`` and ``.br`` forms of the scripts, and ``manifest.json`` naming everything.

The generated code depends on Brython's internals (``$B.py2js``, ``$B.precompiled``,
``$B.update_VFS``): Brython is pinned to one version and the bundle refuses any other. The
build refuses, before anything else, a ``brython.js`` other than the one the trimming recipe was
written for (``--runtime`` builds from another file: sdk/tooling/UPGRADING.md says when).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import os
import re
import sys
import time
from importlib import resources
from pathlib import Path

import brotli
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from backend_stub.chromium import executable, launch_options

from . import releases, runtime_effects
from .loader_text import loader_source, script
from .slim_bundle import without_docstrings, without_line_tracking
from .sources import SHARED_SOURCES, digest
from .trim_runtime import TrimError, Trimmed, check_recipe, sections, trim

__all__ = ["build", "main"]

SDK_DIR = Path(__file__).resolve().parent.parent
DEFAULT_OUT = SDK_DIR.parent / "backend_stub" / "web" / "dist"
ENTRY = "from sdk.bridge import start\nstart()\n"
# The server's rules the SDK applies too, with their packages (sources.SHARED_SOURCES, which
# the build's digest covers): one rule for both sides, the keys the SDK refuses are the keys the
# server reads. They import nothing, so Brython runs them as they are.
SHARED = tuple(
    path.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for path in SHARED_SOURCES
)
BOOT_NAME = "__service_sdk_boot__"

_COMPILE = r"""
(modules) => {
  const $B = __BRYTHON__
  const out = {}
  for (const m of modules) {
    // The __file__ Brython's VFS loader gives the module: tracebacks find the source by it.
    const filename = m.is_package ? `VFS.${m.name}/__init__.py` : `VFS.${m.name}.py`
    $B.url2name[filename] = m.name
    try {
      const root = $B.py2js({src: m.src, filename, imported: true}, m.name, m.name, $B.builtins_scope)
      out[m.name] = {js: root.to_js(), imports: Object.keys(root.imports), error: null}
    } catch (err) {
      let message = String(err)
      try { message = $B.builtins.repr(err) + ' line ' + err.lineno } catch (e) {}
      out[m.name] = {js: null, imports: [], error: message}
    }
  }
  return out
}
"""

# Brython seeds the names it generates (function suffixes, lambda names) from Math.random: a
# fixed sequence makes the same sources compile to the same bytes, so the hashed file names, the
# loader and a package built from a clean checkout are all reproducible (mulberry32).
_SEEDED_RANDOM = """
(() => {
  let state = 0x5eed
  Math.random = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
})()
"""


def runtime_modules() -> list[dict]:
    """The modules the browser runs: the SDK package and its plain modules (not ``tooling``),
    and the server's modules the SDK shares (:data:`SHARED`)."""
    modules = []
    for path in sorted(SDK_DIR.glob("*.py")):
        is_package = path.name == "__init__.py"
        name = "sdk" if is_package else f"sdk.{path.stem}"
        modules.append({"name": name, "src": path.read_text(encoding="utf-8"), "is_package": is_package})
    for name, shared in zip(SHARED, SHARED_SOURCES, strict=True):
        source = (SDK_DIR.parent / shared).read_text(encoding="utf-8")
        modules.append({"name": name, "src": source, "is_package": shared.endswith("/__init__.py")})
    return modules


def brython_runtime() -> bytes:
    """Brython's ``brython.js`` from the pinned package."""
    return resources.files("brython").joinpath("data", "brython.js").read_bytes()


def _page(browser: Browser, files: dict[str, bytes], scripts: list[str] | None = None) -> Page:
    """A page on a made-up origin that loads ``scripts`` (all of ``files`` by default) in order and
    can fetch any of ``files`` (path -> bytes)."""
    page = browser.new_page()
    page.add_init_script(_SEEDED_RANDOM)
    tags = "".join(f'<script src="/{name}"></script>' for name in (files if scripts is None else scripts))
    documents = {"": f"<!doctype html>{tags}".encode(), **files}

    def fulfill(route) -> None:
        name = route.request.url.removeprefix("http://build.invalid/")
        kind = "text/javascript" if name.endswith(".js") else "text/html"
        route.fulfill(status=200, content_type=kind, body=documents.get(name, b""))

    # brython.js finds its own path from its <script src>: it must come from a real URL.
    page.route("http://build.invalid/**", fulfill)
    return page


def measure_effects(browser: Browser, source: str) -> dict:
    """What each section of ``source`` (brython.js) sets, run section by section in Chromium."""
    instrumented = runtime_effects.instrumented(sections(source))
    files = {"effects.js": runtime_effects.SNAPSHOT.encode(), "brython.js": instrumented.encode()}
    page = _page(browser, files)
    page.goto("http://build.invalid/")
    effects = runtime_effects.measure(page)
    page.close()
    return effects


def compile_modules(browser: Browser, modules: list[dict], runtime: bytes) -> tuple[str, dict]:
    """Brython's JavaScript for each module, compiled by the complete runtime."""
    page = _page(browser, {"brython.js": runtime})
    page.goto("http://build.invalid/")
    version = page.evaluate("__BRYTHON__.version_info.slice(0, 3).join('.')")
    compiled = page.evaluate(_COMPILE, modules)
    page.close()
    failures = {name: result["error"] for name, result in compiled.items() if result["error"]}
    if failures:
        raise SystemExit("\n".join(f"cannot compile {name}: {error}" for name, error in failures.items()))
    return version, compiled


# What bridge_worker.js gives the Python, doing nothing: the check starts the bundle in a page,
# where Playwright sees every request; the tests start it in the worker.
STUB_HOST = "self.serviceBridgeHost = {begin() {}, listen() {}, post() {}, get() {}}"


def check_bundle(browser: Browser, runtime: Trimmed, bundle: bytes) -> None:
    """Start the bundle on the runtime the bridge will load: a name the trimmed runtime lacks, a
    moved section the start needs, or any other error, fails the build rather than the merchant's
    page. Then every moved section must load on demand."""
    calls = sorted(
        {name for name in re.findall(r"\$B\.[\w$]+", bundle.decode("utf-8")) if name in runtime.lazy_names}
    )
    if calls:
        raise SystemExit(
            f"the SDK bundle calls runtime functions the trimmed runtime loads on first use: {calls}"
        )
    lazy = "brython-lazy.js"
    files = {
        "brython.js": runtime.linked(lazy).encode("utf-8"),
        "sdk.js": bundle,
        lazy: runtime.lazy.encode("utf-8"),
    }
    files["host.js"] = STUB_HOST.encode("utf-8")
    page = _page(browser, files, scripts=["host.js", "brython.js", "sdk.js"])
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.goto("http://build.invalid/")
    started = page.evaluate("performance.getEntriesByName('service-sdk:started').length")
    loaded = page.evaluate("__BRYTHON__.lazy.loaded()")
    if problems or not started or loaded:
        for name in loaded:
            cause = page.evaluate("name => __BRYTHON__.lazy.cause(name)", name)
            problems.append(f"its start loaded {name}, moved out of the runtime: {cause}")
        page.close()
        raise SystemExit("the SDK bundle does not start on the trimmed runtime:\n" + "\n".join(problems))
    for name in page.evaluate("__BRYTHON__.lazy.pending()"):
        page.evaluate("name => __BRYTHON__.lazy.load(name)", name)
    pending = page.evaluate("__BRYTHON__.lazy.pending()")
    page.close()
    if problems or pending:
        problems.append(f"not loaded: {pending}" if pending else "")
        raise SystemExit("the trimmed runtime's moved parts do not load:\n" + "\n".join(problems))


def _js(value: str) -> str:
    """A JavaScript string literal that is also safe inside HTML."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").replace("</", "<\\/")


def bundle_source(modules: list[dict], compiled: dict, version: str) -> str:
    """The bundle: modules in Brython's VFS, their precompiled code, and the entry point."""
    lines = [
        f"/*! service SDK bundle, precompiled for Brython {version}. Generated: do not edit. */",
        "performance.mark('service-sdk:bundle');",
        "(function ($B) {",
        "  'use strict'",
        f"  if ($B.version_info.slice(0, 3).join('.') !== {_js(version)}) {{",
        f"    throw new Error('service SDK bundle needs Brython {version}')",
        "  }",
        "  var vfs = {'$timestamp': 0}",
    ]
    for module in modules:
        # VFS entry: [ext, source, imports, is_package]. The source would serve tracebacks only:
        # the code is precompiled, and nothing shows a traceback (see sdk.tooling.slim_bundle).
        entry = [".py", "", compiled[module["name"]]["imports"]]
        if module["is_package"]:
            entry.append(1)
        lines.append(f"  vfs[{_js(module['name'])}] = {json.dumps(entry, ensure_ascii=False)}")
    lines += ["  $B.use_VFS = true", "  $B.update_VFS(vfs)"]
    lines.append("})(__BRYTHON__);")
    # Each module as the function Brython would make of its code with `new Function` (the
    # trimmed runtime takes either), out of strict mode as that function would be. In
    # parentheses, which V8 reads as "called soon": compiled as the script is, not parsed twice;
    # and kept in V8's code cache for the next visit. The bridge starts about 15% sooner, cold
    # and warm, than with source text (measured in Chromium, medians of 15 and 8 loads).
    for module in modules:
        scope = "locals_" + re.sub(r"[^\w$]", "_", module["name"])
        function = f"(function ({scope}) {{\n{compiled[module['name']]['js']}\nreturn {scope}\n}})"
        value = f"[{function}]" if module["is_package"] else function
        lines.append(f"__BRYTHON__.precompiled[{_js(module['name'])}] = {value};")
    lines += [
        "(function ($B, boot) {",
        "  'use strict'",
        f"  var name = {_js(BOOT_NAME)}, file = 'VFS.' + name + '.py'",
        "  $B.builtins.__debug__ = false",
        "  $B.url2name[file] = name",
        f"  $B.file_cache[file] = {_js(ENTRY)}",
        "  $B.imported[name] = $B.module.$factory(name)",
        "  try {",
        "    boot()",
        "  } catch (err) {",
        "    if (err.ob_type === undefined) err = err.$py_exc || $B.exception(err)",
        "    $B.show_error(err)",
        "  }",
        "  performance.mark('service-sdk:started')",
        f"}})(__BRYTHON__, function () {{\n{compiled[BOOT_NAME]['js']}\n}});",
        "",
    ]
    return "\n".join(lines)


def versioned_name(name: str, data: bytes) -> str:
    """``name`` with a hash of ``data`` before its suffix."""
    stem, dot, suffix = name.rpartition(".")
    return f"{stem}.{hashlib.sha256(data).hexdigest()[:12]}{dot}{suffix}"


def _write(out: Path, name: str, data: bytes, *, versioned: bool = True) -> str:
    """Write ``data`` (and its compressed forms); versioned names carry a content hash."""
    if versioned:
        name = versioned_name(name, data)
    (out / name).write_bytes(data)
    (out / f"{name}.gz").write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    (out / f"{name}.br").write_bytes(brotli.compress(data, quality=11))
    return name


CHROMIUM_HELP = (
    "the SDK is compiled in a headless Chromium: install one (Debian: apt-get install chromium),"
    " set CHROMIUM to its executable, or run `playwright install chromium`"
)


def _launch(playwright) -> Browser:
    """Chromium for the compile, or an exit that says which Chromium is missing and how to get one."""
    configured = os.environ.get("CHROMIUM")
    if configured and executable() != configured:
        raise SystemExit(f"cannot build the SDK: CHROMIUM={configured} is not an executable; {CHROMIUM_HELP}")
    try:
        return playwright.chromium.launch(**launch_options())
    except PlaywrightError as error:
        reason = str(error).strip().splitlines()[0]
        problem = f"Chromium does not start ({reason})"
        raise SystemExit(f"cannot build the SDK: {problem}; {CHROMIUM_HELP}") from None


def _without_docstrings(module: dict) -> dict:
    try:
        return dict(module, src=without_docstrings(module["src"]))
    except SyntaxError as error:
        raise SystemExit(f"cannot compile {module['name']}: {error}") from None


def build(out: Path = DEFAULT_OUT, runtime: bytes | None = None) -> dict:
    """Compile and write everything; returns the manifest. ``runtime`` is the ``brython.js`` to
    build from (the pinned package's by default): one the recipe is not for stops the build."""
    started = time.monotonic()
    # Read before anything is compiled: a source edited during the build makes the output stale.
    sources = digest(SDK_DIR)
    runtime = brython_runtime() if runtime is None else runtime
    try:
        check_recipe(runtime)
    except TrimError as error:
        raise SystemExit(f"cannot build the SDK: {error}") from None
    kept = releases.kept()  # a record that fails its check stops the build before it starts
    modules = runtime_modules()
    entry = {"name": BOOT_NAME, "src": ENTRY, "is_package": False}
    with sync_playwright() as playwright:
        browser = _launch(playwright)
        trimmed = trim(runtime.decode("utf-8"), measure_effects(browser, runtime.decode("utf-8")))
        slim = [_without_docstrings(module) for module in modules + [entry]]
        version, compiled = compile_modules(browser, slim, runtime)
        for result in compiled.values():
            result["js"] = without_line_tracking(result["js"])
        bundle = bundle_source(modules, compiled, version).encode("utf-8")
        check_bundle(browser, trimmed, bundle)
        browser.close()
    out.mkdir(parents=True, exist_ok=True)
    for old in out.iterdir():
        old.unlink()
    lazy_name = _write(out, f"brython-{version}-lazy.js", trimmed.lazy.encode("utf-8"))
    brython_name = _write(out, f"brython-{version}-aot.js", trimmed.linked(lazy_name).encode("utf-8"))
    bundle_name = _write(out, "sdk.js", bundle)
    worker = script("bridge_worker.js")
    worker = worker.replace("__BRYTHON__", brython_name).replace("__BUNDLE__", bundle_name)
    worker_name = _write(out, "bridge-worker.js", worker.encode("utf-8"))
    relay = script("bridge_page.js")
    # The worker's name is in the page, so the page's own name changes with it: a cached bridge
    # page never starts a worker of another build.
    page = (SDK_DIR / "bridge.html").read_text(encoding="utf-8")
    page = page.replace("__RELAY__", relay).replace("__WORKER__", f"/sdk/{worker_name}")
    bridge_name = _write(out, "bridge.html", page.encode("utf-8"))
    loader = loader_source(f"/sdk/{bridge_name}")
    # The loader merchants pin: the same, but looking for the bridge page at the one address every
    # pinned loader uses, which outlives builds (sdk.tooling.releases).
    pinned = loader_source(releases.BRIDGE_ADDRESS).encode("utf-8")
    for release, data in [(releases.version_of(pinned), pinned), *kept]:
        _write(out, releases.release_file(release), data, versioned=False)
    manifest = {
        "brython_version": version,
        "brython_sha256": trimmed.report["input_sha256"],
        "brython": brython_name,
        "brython_lazy": lazy_name,
        "bundle": bundle_name,
        "bridge": bridge_name,
        "bridge_worker": worker_name,
        "bridge_script": "sha256-"
        + base64.b64encode(hashlib.sha256(relay.encode("utf-8")).digest()).decode(),
        "loader": _write(out, "loader.js", loader.encode("utf-8"), versioned=False),
        **releases.pinning(pinned, kept),
        "types": _write(out, "sdk.d.ts", (SDK_DIR / "service.d.ts").read_bytes(), versioned=False),
        "modules": [module["name"] for module in modules],
        "sources": sources,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    print(
        f"SDK built for Brython {version}: {len(modules)} modules in "
        f"{time.monotonic() - started:.1f} s -> {out}",
        file=sys.stderr,
    )
    return manifest


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m sdk.tooling.build", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default %(default)s)")
    parser.add_argument(
        "--runtime",
        type=Path,
        help="the brython.js to build from (default: the pinned package's); see sdk/tooling/UPGRADING.md",
    )
    args = parser.parse_args(argv)
    build(args.out, args.runtime.read_bytes() if args.runtime else None)


if __name__ == "__main__":
    main()
