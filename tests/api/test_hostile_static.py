"""Finding 2 of issue 11: the hosted checkout's static files led anywhere on the disk.

``/static/..%2F..%2F..%2Fsdk%2Fbridge_host.js`` and ``/static/%2Ftmp%2Fanything.js`` answered
200 with the file, and a 300-character name a 500. Now the folder's files are a table read
once; any other name is a 404 in the error format, without touching the disk.
"""

from __future__ import annotations

import pytest

from tests.api.hostile import error_answer, error_of, raw_request, send_raw

# Encoded in every way a client might: aiohttp decodes the name before the route sees it.
ENCODED = [
    "..%2F..%2F..%2Fsdk%2Fbridge_host.js",
    "..%2f..%2f..%2fsdk%2fbridge_host.js",
    "%2E%2E%2F%2E%2E%2F%2E%2E%2Fsdk%2Fbridge_host.js",
    "..%5C..%5C..%5Csdk%5Cbridge_host.js",
    "..%252F..%252F..%252Fsdk%252Fbridge_host.js",
    "%2Ftmp%2Fanything.js",
    "%2Fetc%2Fpasswd%00.css",
    "checkout.js%00.css",
    ".%2Fcheckout.js",
    "checkout.js%2F",
    "CHECKOUT.JS",
    "checkout.js.",
    "checkout.py",
    "a" * 300 + ".js",
    "%2F" * 200 + "x.js",
    "%00",
]


@pytest.mark.parametrize("name", ENCODED)
async def test_a_name_outside_the_folder_is_a_404(api, name):
    response = await api.get("/static/" + name)
    assert response.status == 404
    assert (await error_answer(response))["type"] == "ObjectNotFoundException"


async def test_an_absolute_path_to_a_real_file_is_a_404(api, tmp_path):
    secret = tmp_path / "secret.js"
    secret.write_text("leaked()")
    response = await api.get("/static/" + str(secret).replace("/", "%2F"))
    assert response.status == 404
    assert "leaked" not in await response.text()


@pytest.mark.parametrize(
    "target",
    [
        b"/static/../../../sdk/bridge_host.js",
        b"/static/./../../sdk/bridge_host.js",
        b"/static//tmp/anything.js",
        b"/static/..\\..\\..\\sdk\\bridge_host.js",
        b"/static/%c0%ae%c0%ae/%c0%ae%c0%ae/sdk/bridge_host.js",
    ],
)
async def test_raw_paths_never_reach_another_file(api, target):
    answer = await send_raw(api.server.port, raw_request("GET", target))
    assert answer.status == 404, answer.body[:200]
    assert error_of(answer.body, answer.headers["content-type"])["type"] == "ObjectNotFoundException"


@pytest.mark.parametrize(("name", "kind"), [("checkout.js", "text/javascript"), ("checkout.css", "text/css")])
async def test_the_page_s_own_files_are_served(api, name, kind):
    response = await api.get("/static/" + name)
    assert response.status == 200
    assert response.headers["Content-Type"].startswith(kind)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
