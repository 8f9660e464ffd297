"""Pinning the loader (CONTRACT 3, Loading; PCI DSS 4.0 6.4.3), over HTTP on the built SDK:
``/sdk.json`` names bytes its ``url`` serves, in every encoding, for a year and to any origin;
only listed versions are served; the build keeps older loaders byte for byte or refuses."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import shutil
from pathlib import Path

import brotli
import pytest

from backend_stub.config import Config
from backend_stub.web.assets import IMMUTABLE, LOADER_CACHE
from backend_stub.web.pinning import BRIDGE_ADDRESS
from sdk.tooling import releases

BUILT = Config().sdk_dir
DECODE = {"br": brotli.decompress, "gzip": gzip.decompress, "identity": bytes}


@pytest.fixture
def sdk_dir(tmp_path: Path) -> Path:
    """A copy of the built SDK, which a test may add to."""
    return Path(shutil.copytree(BUILT, tmp_path / "dist"))


@pytest.fixture
def server_config(sdk_dir: Path) -> Config:
    return Config(db=":memory:", sdk_dir=sdk_dir)


def sri(data: bytes) -> str:
    return "sha384-" + base64.b64encode(hashlib.sha384(data).digest()).decode()


async def test_sdk_json_names_the_current_loader_and_the_versions_served(api):
    answer = await api.get("/sdk.json")
    assert answer.status == 200 and answer.headers["Access-Control-Allow-Origin"] == "*"
    pins = await answer.json()
    assert set(pins) == {"version", "url", "integrity", "supported"}
    origin = str(api.make_url("")).rstrip("/")
    assert pins["url"] == f"{origin}/sdk/{pins['version']}/sdk.js"
    assert pins["integrity"].startswith("sha384-")
    assert {"version": pins["version"], "url": pins["url"], "integrity": pins["integrity"]} in pins[
        "supported"
    ]


@pytest.mark.parametrize("encoding", list(DECODE))
async def test_each_listed_url_serves_the_bytes_its_integrity_names_in_every_encoding(api, encoding: str):
    pins = await (await api.get("/sdk.json")).json()
    for pin in pins["supported"]:
        path = (
            pin["url"].removeprefix(str(api.make_url("")).rstrip("/"))
            + "?public-key=pk_test_demo&sandbox=true"
        )
        answer = await api.get(path, headers={"Accept-Encoding": encoding}, auto_decompress=False)
        assert answer.status == 200
        assert answer.headers.get("Content-Encoding", "identity") == encoding
        assert sri(DECODE[encoding](await answer.read())) == pin["integrity"]
        # A plain tag and a crossorigin tag share one cached answer: it says CORS for both.
        assert answer.headers["Access-Control-Allow-Origin"] == "*"
        assert answer.headers["Cache-Control"] == IMMUTABLE
        assert answer.headers["Content-Type"].startswith("text/javascript")


async def test_the_short_url_serves_the_same_loader_pointing_at_the_builds_own_bridge(api, sdk_dir: Path):
    pins = await (await api.get("/sdk.json")).json()
    answer = await api.get("/sdk.js?public-key=pk_test_demo&sandbox=true")
    assert answer.headers["Access-Control-Allow-Origin"] == "*"
    bridge = json.loads((sdk_dir / "manifest.json").read_text())["bridge"]
    short = (await answer.read()).replace(f"/sdk/{bridge}".encode(), BRIDGE_ADDRESS.encode())
    assert sri(short) == pins["integrity"]


@pytest.mark.parametrize(("query", "cache"), [("", LOADER_CACHE), ("&elements=%5B%5D", "no-store")])
async def test_pinned_loaders_find_the_current_bridge_page_at_one_address_cached_briefly(
    api, sdk_dir: Path, query: str, cache: str
):
    # Cached for minutes, not a year: a pinned loader outlives the build whose worker a page names.
    assert releases.BRIDGE_ADDRESS == BRIDGE_ADDRESS
    worker = json.loads((sdk_dir / "manifest.json").read_text())["bridge_worker"]
    answer = await api.get(
        f"{BRIDGE_ADDRESS}?origin=http%3A%2F%2Flocalhost&public-key=pk_test_demo&sandbox=true{query}"
    )
    assert answer.status == 200
    assert answer.headers["Cache-Control"] == cache
    assert worker in await answer.text()


async def test_a_version_not_listed_is_a_404_that_says_where_the_list_is(api):
    answer = await api.get("/sdk/0123456789ab/sdk.js")
    assert answer.status == 404
    assert "GET /sdk.json" in (await answer.json())["error"]["message"]


async def test_an_older_loader_kept_in_the_build_is_listed_and_served(api, sdk_dir: Path):
    folder = sdk_dir
    manifest = json.loads((folder / "manifest.json").read_text())
    older = (BUILT / manifest["loader"]).read_bytes().replace(b"'use strict'", b"'use strict';", 1)
    version = releases.version_of(older)
    (folder / releases.release_file(version)).write_bytes(older)
    manifest.update(releases.pinning((BUILT / manifest["loader"]).read_bytes(), [(version, older)]))
    (folder / "manifest.json").write_text(json.dumps(manifest))
    pins = await (await api.get("/sdk.json")).json()
    assert [pin["version"] for pin in pins["supported"]] == [manifest["loader_version"], version]
    answer = await api.get(f"/sdk/{version}/sdk.js", headers={"Accept-Encoding": "identity"})
    assert await answer.read() == older


def test_the_build_refuses_a_kept_loader_whose_bytes_changed(tmp_path: Path):
    loader = b"/*! loader */ frame.src = origin + '/sdk/bridge.html';"
    (tmp_path / f"{releases.version_of(loader)}.js").write_bytes(loader + b" ")
    with pytest.raises(SystemExit, match="a released loader never changes"):
        releases.kept(tmp_path)


def test_the_build_refuses_a_kept_loader_that_looks_for_the_bridge_elsewhere(tmp_path: Path):
    loader = b"/*! loader */ frame.src = origin + '/sdk/bridge.0123456789ab.html';"
    (tmp_path / f"{releases.version_of(loader)}.js").write_bytes(loader)
    with pytest.raises(SystemExit, match="does not look for the bridge page at /sdk/bridge.html"):
        releases.kept(tmp_path)


async def test_a_bridge_page_an_earlier_build_named_is_answered_with_the_current_one(api, sdk_dir: Path):
    # /sdk.js of the build before a redeploy (cached five minutes, or in a page left open) names
    # its own bridge page: the current one answers, cached as briefly, where a 404 stopped the SDK.
    manifest = json.loads((sdk_dir / "manifest.json").read_text())
    query = "?origin=http%3A%2F%2Flocalhost&public-key=pk_test_demo&sandbox=true"
    current = await api.get(f"/sdk/{manifest['bridge']}{query}")
    assert current.status == 200 and current.headers["Cache-Control"] == IMMUTABLE
    earlier = await api.get(f"/sdk/bridge.0123456789ab.html{query}")
    assert earlier.status == 200 and earlier.headers["Cache-Control"] == LOADER_CACHE
    assert await earlier.text() == await current.text()
    assert manifest["bridge_worker"] in await earlier.text()
    # Only a bridge page's name: another file of an earlier build is still not found.
    assert (await api.get("/sdk/bridge-worker.0123456789ab.js")).status == 404
    assert (await api.get("/sdk/bridge.0123456789ab.js")).status == 404
