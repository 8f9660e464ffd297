"""Who may use the sandbox controls: loopback clients, or anyone with the admin token;
never a web page of another origin. (The test client connects over loopback.)"""

from __future__ import annotations

import pytest

from backend_stub.config import Config
from tests.conftest import DEMO_PUBLIC, bearer

TOKEN = "s3cret-admin-token"
FOREIGN = "http://localhost:8000"
CONTROLS = [
    ("GET", "/_sandbox/health"),
    ("POST", "/_sandbox/reset"),
    ("GET", "/_sandbox/requests"),
    ("DELETE", "/_sandbox/requests"),
    ("GET", "/_sandbox/faults"),
    ("POST", "/_sandbox/faults"),
    ("DELETE", "/_sandbox/faults"),
    ("GET", "/_sandbox/maintenance"),
    ("POST", "/_sandbox/maintenance"),
    ("GET", "/_sandbox/limits"),
    ("POST", "/_sandbox/limits"),
]
# A body each control accepts, so that a refusal can only come from the guard.
BODIES = {
    "/_sandbox/faults": {"match": {"path": "/checkout/button"}, "status": 500},
    "/_sandbox/maintenance": {"enabled": False},
    "/_sandbox/limits": {"concurrency": 5},
}


async def call(api, method: str, path: str, **headers: str):
    body = BODIES.get(path) if method == "POST" else None
    return await api.request(method, path, json=body, headers=headers)


def own_origin(api) -> str:
    return str(api.make_url("")).rstrip("/")


@pytest.mark.parametrize(("method", "path"), CONTROLS)
async def test_loopback_without_token_may_use_every_control(api, method, path):
    assert (await call(api, method, path)).status in (200, 201)


@pytest.mark.parametrize(("method", "path"), CONTROLS)
async def test_a_page_of_another_origin_is_refused(api, method, path):
    response = await call(api, method, path, Origin=FOREIGN)
    assert response.status == 403
    assert (await response.json())["error"]["type"] == "ForbiddenException"
    assert await (await api.get("/_sandbox/faults")).json() == {"faults": []}


async def test_own_origin_is_allowed(api):
    assert (await api.get("/_sandbox/health", headers={"Origin": own_origin(api)})).status == 200


class TestWithAdminToken:
    @pytest.fixture
    def server_config(self) -> Config:
        return Config(db=":memory:", admin_token=TOKEN)

    @pytest.mark.parametrize(("method", "path"), CONTROLS)
    async def test_without_the_token_every_control_is_403(self, api, method, path):
        response = await call(api, method, path)
        assert response.status == 403
        assert (await response.json())["error"]["type"] == "ForbiddenException"

    @pytest.mark.parametrize("token", ["wrong", TOKEN + "x", TOKEN[:-1], ""])
    async def test_a_wrong_token_is_403(self, api, token):
        response = await api.get("/_sandbox/health", headers={"X-Sandbox-Token": token})
        assert response.status == 403

    @pytest.mark.parametrize(("method", "path"), CONTROLS)
    async def test_the_right_token_opens_every_control(self, api, method, path):
        assert (await call(api, method, path, **{"X-Sandbox-Token": TOKEN})).status in (200, 201)

    async def test_another_origin_is_refused_even_with_the_token(self, api):
        headers = {"X-Sandbox-Token": TOKEN, "Origin": FOREIGN}
        assert (await api.post("/_sandbox/reset", headers=headers)).status == 403

    async def test_the_api_itself_needs_no_token(self, api):
        response = await api.get(
            "/checkout/button", params={"amount": "5000", "currency": "EUR"}, headers=bearer(DEMO_PUBLIC)
        )
        assert response.status == 201
