"""The npm package service-js (packages/service-js/), as the build packs it: its unit tests
(``*.test.mjs``: node's test runner and jsdom, no server, no browser), its version and what the
build wrote into it from the SDK, its types under ``tsc --strict`` as a merchant's app sees them,
and the tarball. ``pytest tests/service_js`` runs in seconds. The example shop
(examples/react_shop, tests/examples/test_react_shop.py) runs it in Chromium."""

from __future__ import annotations

import json
import os
import subprocess
import tarfile
from pathlib import Path

import pytest

from sdk.tooling import npm_package, releases
from sdk.tooling.loader_text import loader_source
from tests.docs.typescript_snippets import TSC
from tests.node_tests import node_test_failures

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


@pytest.fixture(scope="module")
def staged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package as the build writes it, installed where a merchant's app finds it."""
    return npm_package.stage(tmp_path_factory.mktemp("app") / "node_modules" / "service-js")


def test_the_package_unit_tests_pass(staged: Path, tmp_path: Path):
    served = tmp_path / "sdk.js"
    served.write_text(loader_source("/sdk/bridge.0123456789ab.html"), encoding="utf-8")
    pinned = tmp_path / "pinned.js"
    pinned.write_bytes(releases.current())
    env = {
        **os.environ,
        "SERVICE_JS": str(staged),
        "SERVICE_LOADER": str(served),
        "PINNED_LOADER": str(pinned),
        "PINNED_VERSION": releases.version_of(releases.current()),
        "PINNED_INTEGRITY": releases.integrity_of(releases.current()),
    }
    failed = node_test_failures(HERE, env)
    assert not failed, "\n\n".join(failed)


def test_the_version_names_the_loader_it_pins_and_carries(staged: Path):
    loader = releases.current()
    version = releases.version_of(loader)
    own = json.loads((npm_package.PACKAGE_DIR / "package.json").read_text())["version"]
    manifest = json.loads((staged / "package.json").read_text())
    assert manifest["version"] == f"{own}-loader-{version}" == npm_package.package_version()
    pin = (staged / "src" / "pin.js").read_text()
    assert f"LOADER_VERSION = '{version}'" in pin
    assert f"LOADER_INTEGRITY = '{releases.integrity_of(loader)}'" in pin
    assert "__" not in pin
    # The bytes /sdk/<version>/sdk.js serves are the ones service-js/bundled runs.
    assert loader.decode() in (staged / "src" / "bundled_loader.js").read_text()
    # The SDK's declarations, as the service serves them at /sdk.d.ts, not a copy kept by hand.
    assert (staged / "service.d.ts").read_bytes() == (ROOT / "sdk" / "service.d.ts").read_bytes()


APP = """
import { loadService, LOADER_VERSION, type CheckoutHandle, type Service } from 'service-js';
import { loadService as loadBundled } from 'service-js/bundled';

async function pay(checkoutId: string): Promise<CheckoutHandle | null> {
  const service: Service | null = await loadService({
    publicKey: 'pk_test_demo', sandbox: true, apiUrl: 'https://sandbox.service.example', pinned: true,
  });
  if (!service) return null;
  await service.ready;
  const offered: boolean = await service.button({ amount: 24900, currency: 'EUR' });
  console.log(LOADER_VERSION, offered);
  return service.checkout(checkoutId, {
    onClose: (status: ServiceSDK.ClosingStatus) => console.log(status),
    onSuccess: () => location.assign('/thank-you'),
  });
}

loadBundled({ publicKey: 'pk_test_demo', sandbox: false, apiUrl: 'https://service.example', locale: 'es-ES' })
  .then((service) => service?.push((sdk) => sdk.init));
pay('chk_123');
"""

# What a bundled app's tsconfig.json says: modules resolved as a bundler does, the DOM, strict.
APP_OPTIONS = [
    "--strict",
    "--noEmit",
    "--target",
    "es2022",
    "--module",
    "esnext",
    "--moduleResolution",
    "bundler",
    "--lib",
    "es2022,dom",
]

MISTAKE = """
import { loadService } from 'service-js';
loadService({ publickey: 'pk_test_demo', sandbox: true, apiUrl: 'https://sandbox.service.example' });
"""


def test_a_merchant_app_type_checks_against_the_package_alone(staged: Path):
    app = staged.parents[1]
    (app / "app.ts").write_text(APP, encoding="utf-8")
    (app / "mistake.ts").write_text(MISTAKE, encoding="utf-8")
    checked = subprocess.run(
        [str(TSC), *APP_OPTIONS, "--pretty", "false", "app.ts", "mistake.ts"],
        cwd=app,
        capture_output=True,
        text=True,
        timeout=120,
    )
    # One compiler run for both files: the app is clean, the misspelt option is caught.
    errors = [line for line in checked.stdout.splitlines() if ": error TS" in line]
    assert len(errors) == 1, checked.stdout + checked.stderr
    assert errors[0].startswith("mistake.ts(3,15): error TS2561: Object literal may only specify known")
    assert (
        "'publickey' does not exist in type 'LoadServiceOptions'. Did you mean to write 'publicKey'?"
        in errors[0]
    )


def test_the_build_packs_it(tmp_path: Path):
    tarball = npm_package.pack(tmp_path)
    assert tarball == tmp_path / "service-js.tgz"
    with tarfile.open(tarball) as packed:
        names = sorted(packed.getnames())
        manifest = json.load(packed.extractfile("package/package.json"))  # type: ignore[arg-type]
    assert manifest["version"] == npm_package.package_version()
    assert names == sorted(
        f"package/{name}"
        for name in [
            "README.md",
            "package.json",
            "index.d.ts",
            "bundled.d.ts",
            "options.d.ts",
            "service.d.ts",
            *(f"src/{path.name}" for path in (npm_package.PACKAGE_DIR / "src").glob("*.js")),
        ]
    )
