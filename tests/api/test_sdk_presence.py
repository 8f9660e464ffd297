"""The server knows whether it can serve the SDK, and says so where a test kit looks first."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from backend_stub import __version__
from backend_stub.config import Config
from backend_stub.web.compiled_sdk import MANIFEST, inspect

BUILT = Config().sdk_dir


@pytest.fixture
def sdk_dir(tmp_path: Path) -> Path:
    """An empty SDK folder: what a package built without the SDK would have installed."""
    return tmp_path / "dist"


@pytest.fixture
def server_config(sdk_dir: Path) -> Config:
    return Config(db=":memory:", sdk_dir=sdk_dir)


async def test_health_reports_the_compiled_sdk_and_its_brython(api, sdk_dir: Path):
    shutil.copytree(BUILT, sdk_dir)
    answer = await api.get("/_sandbox/health")
    assert answer.status == 200
    report = (await answer.json())["sdk"]
    # No absolute path: the folder by its name (it is outside the package).
    assert report == {"present": True, "brython_version": "3.15.0", "folder": "dist"}
    assert str(sdk_dir) not in json.dumps(report)


async def test_without_the_sdk_health_says_what_is_missing_and_the_loader_says_where_to_look(api, sdk_dir):
    answer = await api.get("/_sandbox/health")
    assert answer.status == 200  # the API itself is ready: only browser tests need the SDK
    report = (await answer.json())["sdk"]
    assert report["present"] is False
    assert f"no {MANIFEST} in dist" in report["problem"] and str(sdk_dir) not in report["problem"]
    loader = await api.get("/sdk.js")
    assert loader.status == 503
    message = (await loader.json())["error"]["message"]
    assert "/_sandbox/health" in message and str(sdk_dir) not in message  # public: no server path


async def test_a_file_the_manifest_names_but_the_folder_lacks_is_reported(api, sdk_dir: Path):
    shutil.copytree(BUILT, sdk_dir)
    bundle = inspect(sdk_dir).manifest["bundle"]
    (sdk_dir / bundle).unlink()
    report = (await (await api.get("/_sandbox/health")).json())["sdk"]
    assert report["present"] is False and bundle in report["problem"]
    assert (await api.get("/sdk.js")).status == 503


async def test_an_sdk_compiled_while_the_server_runs_is_served_from_then_on(api, sdk_dir: Path):
    assert (await api.get("/sdk.js")).status == 503
    shutil.copytree(BUILT, sdk_dir)
    answer = await api.get("/sdk.js")
    assert answer.status == 200
    assert await answer.read() == (BUILT / inspect(BUILT).manifest["loader"]).read_bytes()


@pytest.mark.parametrize("built", [True, False])
def test_version_names_the_package_the_brython_of_its_sdk_and_the_pinned_loader(sdk_dir: Path, built: bool):
    if built:
        shutil.copytree(BUILT, sdk_dir)
    env = {**os.environ, "SERVICE_SDK_DIR": str(sdk_dir)}
    command = [sys.executable, "-m", "backend_stub", "--version"]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, check=True)
    # What a merchant's payment page pins, for its CI to compare (docs/pci.md).
    pinned = inspect(BUILT).manifest
    loader = f"loader {pinned['loader_version']} {pinned['loader_integrity']}"
    expected = (
        f"SDK compiled for Brython 3.15.0, {loader}\n"
        if built
        else f"no compiled SDK (no {MANIFEST} in {sdk_dir.name}"
    )
    assert result.stdout.startswith(f"service-stub {__version__} (service-checkout), {expected}")
