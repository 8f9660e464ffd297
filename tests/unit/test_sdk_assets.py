"""backend_stub.web.assets over HTTP, on a small built folder of its own: which bytes each
request gets (brotli, gzip or plain), how long a browser may keep them, the CSPs of the bridge
page and its worker, and a 503 naming no server path while nothing is built."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient

from backend_stub.config import Config
from backend_stub.web.assets import IMMUTABLE, LOADER_CACHE, WORKER_CSP
from backend_stub.web.bridge_page import bridge_csp

MANIFEST = {
    "brython_version": "3.15.0",
    "brython": "brython-3.15.0-aot.0123456789ab.js",
    "bundle": "sdk.0123456789ab.js",
    "bridge": "bridge.0123456789ab.html",
    "bridge_worker": "bridge-worker.0123456789ab.js",
    "bridge_script": "sha256-AAAA",
    "loader": "loader.js",
    "types": "sdk.d.ts",
}
# Each file and its compressed forms hold their own name: the body says which one was served.
COMPRESSED = {"brotli": ".br", "gzip": ".gz"}


@pytest.fixture
def sdk_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "dist"
    folder.mkdir()
    (folder / "manifest.json").write_text(json.dumps(MANIFEST))
    for key in ("brython", "bundle", "bridge", "bridge_worker", "loader", "types"):
        name = MANIFEST[key]
        (folder / name).write_text(name)
        if key != "types":  # declarations are small: the build leaves them uncompressed
            for suffix in COMPRESSED.values():
                (folder / (name + suffix)).write_text(name + suffix)
    return folder


@pytest.fixture
def server_config(sdk_dir: Path) -> Config:
    return Config(db=":memory:", sdk_dir=sdk_dir)


@pytest.mark.parametrize(
    ("path", "served", "cache", "content_type"),
    [
        ("/sdk.js", "loader.js", LOADER_CACHE, "text/javascript"),
        ("/sdk.d.ts", "sdk.d.ts", LOADER_CACHE, "application/typescript"),
        (f"/sdk/{MANIFEST['bundle']}", MANIFEST["bundle"], IMMUTABLE, "text/javascript"),
        (f"/sdk/{MANIFEST['brython']}", MANIFEST["brython"], IMMUTABLE, "text/javascript"),
        (f"/sdk/{MANIFEST['bridge_worker']}", MANIFEST["bridge_worker"], IMMUTABLE, "text/javascript"),
    ],
)
async def test_each_file_is_cached_as_long_as_its_name_allows(
    api: TestClient, path: str, served: str, cache: str, content_type: str
):
    response = await api.get(path, headers={"Accept-Encoding": "identity"})
    assert response.status == 200
    assert await response.text() == served
    assert response.headers["Cache-Control"] == cache
    assert response.headers["Content-Type"].split(";")[0] == content_type
    assert response.headers["Vary"] == "Accept-Encoding"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "Content-Encoding" not in response.headers


@pytest.mark.parametrize(
    ("accepted", "encoding"),
    [
        ("gzip, deflate, br", "br"),
        ("br", "br"),
        ("gzip", "gzip"),
        ("deflate", None),
        ("", None),
        ("br;q=0, gzip", "gzip"),  # RFC 9110's weights: brotli refused
        ("xbrx", None),  # whole tokens only
    ],
)
async def test_brotli_first_then_gzip_then_plain(api: TestClient, accepted: str, encoding: str | None):
    # auto_decompress off: the test reads the bytes as they travelled.
    response = await api.get(
        f"/sdk/{MANIFEST['bundle']}", headers={"Accept-Encoding": accepted}, auto_decompress=False
    )
    suffix = {"br": ".br", "gzip": ".gz", None: ""}[encoding]
    assert await response.text() == MANIFEST["bundle"] + suffix
    assert response.headers.get("Content-Encoding") == encoding


async def test_a_file_without_a_compressed_form_is_served_plain(api: TestClient):
    response = await api.get("/sdk.d.ts", headers={"Accept-Encoding": "br, gzip"}, auto_decompress=False)
    assert await response.text() == "sdk.d.ts"
    assert "Content-Encoding" not in response.headers


async def test_the_bridge_page_is_rendered_for_each_request_with_elements_and_cached_without(api: TestClient):
    path = f"/sdk/{MANIFEST['bridge']}?origin=http://shop.test&public-key=pk_test_demo&sandbox=true"
    response = await api.get(path + "&elements=[]", headers={"Accept-Encoding": "br, gzip"})
    assert response.status == 200
    assert response.headers["Cache-Control"] == "no-store"  # it holds this page's answers
    assert response.headers["Content-Type"].split(";")[0] == "text/html"
    assert "Content-Encoding" not in response.headers
    # Without elements (the loader fetched their answers) the page is the build's: cached.
    response = await api.get(path)
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"


@pytest.mark.parametrize("key", ["loader", "types", "bundle", "brython", "bridge", "bridge_worker"])
async def test_only_the_bridge_worker_may_evaluate_code(api: TestClient, key: str):
    path = {"loader": "/sdk.js", "types": "/sdk.d.ts"}.get(key, f"/sdk/{MANIFEST[key]}")
    response = await api.get(path)
    expected = {"bridge": bridge_csp("sha256-AAAA"), "bridge_worker": WORKER_CSP}.get(key)
    assert response.headers.get("Content-Security-Policy") == expected
    if key == "bridge_worker":
        assert "'unsafe-eval'" in WORKER_CSP and "default-src 'none'" in WORKER_CSP
    if key == "bridge":  # its one inline script by hash, a worker of its own origin, no eval
        assert expected is not None and "'sha256-AAAA'" in expected and "worker-src 'self'" in expected
        assert "unsafe" not in expected


@pytest.mark.parametrize("name", ["manifest.json", "sdk.0123456789ab.js.br", "loader.js", "other.js"])
async def test_only_the_versioned_files_are_served_by_name(api: TestClient, name: str):
    response = await api.get(f"/sdk/{name}")
    assert response.status == 404
    assert name in (await response.json())["error"]["message"]


@pytest.mark.parametrize("path", ["/sdk.js", "/sdk.d.ts", f"/sdk/{MANIFEST['bundle']}"])
async def test_unbuilt_sdk_is_a_503_that_names_no_server_path(api: TestClient, sdk_dir: Path, path: str):
    (sdk_dir / "manifest.json").unlink()
    response = await api.get(path)
    assert response.status == 503
    message = (await response.json())["error"]["message"]
    assert "make build" in message and str(sdk_dir) not in message


async def test_an_sdk_built_while_the_server_runs_is_served_from_then_on(api: TestClient, sdk_dir: Path):
    manifest = (sdk_dir / "manifest.json").read_text()
    (sdk_dir / "manifest.json").unlink()
    assert (await api.get("/sdk.js")).status == 503
    (sdk_dir / "manifest.json").write_text(manifest)
    assert (await api.get("/sdk.js")).status == 200


async def test_a_build_without_declarations_says_to_rebuild(api: TestClient, sdk_dir: Path):
    manifest = {key: value for key, value in MANIFEST.items() if key != "types"}
    (sdk_dir / "manifest.json").write_text(json.dumps(manifest))
    response = await api.get("/sdk.d.ts")
    assert response.status == 404
    assert "make build" in (await response.json())["error"]["message"]
