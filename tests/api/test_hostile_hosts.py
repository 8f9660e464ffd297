"""Finding 5 of issue 11: DNS rebinding reached the controls and the hosted decision.

A page on ``rebind.attacker.example``, its name then pointed at 127.0.0.1, sends ``Origin`` and
``Host`` of that name: the origin check compared the two and let it switch maintenance on or
approve a checkout. Now those routes answer only under names the server serves: IP addresses,
``localhost`` (and names under it), ``--host`` and ``--allowed-host``.
"""

from __future__ import annotations

import pytest

from backend_stub.cli import config_from, parse_args
from backend_stub.config import Config
from tests.api.hostile import mismatch
from tests.conftest import DEMO_PRIVATE, DEMO_PUBLIC, bearer

REBOUND = [
    "rebind.attacker.example",
    "rebind.attacker.example:{port}",
    "REBIND.ATTACKER.EXAMPLE:{port}",
    "attacker.example.:{port}",
    "localhost.attacker.example:{port}",
    "127.0.0.1.nip.io:{port}",
    "localhost@attacker.example",
    "[::1].attacker.example",
    "[::1:{port}",
    "127.0.0.1:{port}x",
    "staging.shop.example:{port}",
]
SERVED = [
    "127.0.0.1:{port}",
    "localhost:{port}",
    "LOCALHOST:{port}",
    "localhost.:{port}",
    "app.localhost:{port}",
    "[::1]:{port}",
    "10.1.2.3:{port}",
    "127.0.0.1",
]


async def new_checkout(api) -> str:
    body = {"order": {"id": f"rebind-{id(api)}", "currency": "EUR", "total_amount": 25000}}
    response = await api.post("/checkout", json=body, headers=bearer(DEMO_PRIVATE))
    assert response.status == 201
    return (await response.json())["id"]


def as_browser(api, host: str) -> dict[str, str]:
    """The headers a rebound page sends: Host and Origin of its own name."""
    host = host.format(port=api.server.port)
    return {"Host": host, "Origin": f"http://{host}"}


async def maintenance_on(api) -> bool:
    return (await (await api.get("/_sandbox/maintenance")).json())["enabled"]


# Every control goes through one guard (sandbox.controls.control): one of each kind stands for all.
CONTROLS = [
    ("POST", "/_sandbox/maintenance", {"enabled": True}),
    ("POST", "/_sandbox/faults", {"match": {"path": "/checkout/button"}, "status": 500}),
    ("GET", "/_sandbox/requests", None),
]


@pytest.mark.parametrize(("method", "path", "body"), CONTROLS, ids=[f"{m} {p}" for m, p, _ in CONTROLS])
async def test_controls_refuse_a_name_the_server_does_not_serve(api, method, path, body):
    wrong = {
        host: problem
        for host in REBOUND
        if (
            problem := await mismatch(
                await api.request(method, path, json=body, headers=as_browser(api, host)), 403
            )
        )
    }
    assert wrong == {}
    assert not await maintenance_on(api)
    assert await (await api.get("/_sandbox/faults")).json() == {"faults": []}


@pytest.mark.parametrize("host", REBOUND)
async def test_the_hosted_decision_refuses_a_name_the_server_does_not_serve(api, host):
    checkout_id = await new_checkout(api)
    response = await api.post(
        f"/checkout/{checkout_id}/frame/decision", json={"status": "success"}, headers=as_browser(api, host)
    )
    assert response.status == 403
    shown = await api.get(f"/checkout/{checkout_id}", headers=bearer(DEMO_PUBLIC))
    assert (await shown.json())["status"] == "created"


@pytest.mark.parametrize("host", SERVED)
async def test_loopback_names_and_addresses_are_served(api, host):
    assert (await api.get("/_sandbox/health", headers=as_browser(api, host))).status == 200
    checkout_id = await new_checkout(api)
    response = await api.post(
        f"/checkout/{checkout_id}/frame/decision", json={"status": "ko"}, headers=as_browser(api, host)
    )
    assert response.status == 200


async def test_a_browser_page_of_another_origin_is_still_refused(api):
    # CSRF: the Host is fine, the Origin is another site's.
    headers = {"Origin": "http://localhost:8000"}
    assert (await api.post("/_sandbox/maintenance", json={"enabled": True}, headers=headers)).status == 403
    assert not await maintenance_on(api)


async def test_the_api_answers_under_any_name(api):
    # Keys protect the API itself; a merchant's staging name must keep working there.
    headers = bearer(DEMO_PUBLIC, Host="staging.shop.example")
    response = await api.get(
        "/checkout/button", params={"amount": "6000", "currency": "EUR"}, headers=headers
    )
    assert response.status == 201


class TestWithAnAllowedHost:
    @pytest.fixture
    def server_config(self) -> Config:
        return Config(db=":memory:", allowed_hosts=frozenset({"staging.shop.example"}))

    async def test_the_name_it_is_told_to_serve_is_served(self, api):
        headers = as_browser(api, "staging.shop.example:{port}")
        assert (
            await api.post("/_sandbox/maintenance", json={"enabled": True}, headers=headers)
        ).status == 200
        assert await maintenance_on(api)

    @pytest.mark.parametrize(
        "host", ["shop.example", "staging.shop.example.attacker.example", "xstaging.shop.example"]
    )
    async def test_other_names_are_still_refused(self, api, host):
        headers = as_browser(api, host)
        assert (
            await api.post("/_sandbox/maintenance", json={"enabled": True}, headers=headers)
        ).status == 403


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        ([], {"127.0.0.1"}),
        (["--allowed-host", "Staging.Shop.Example."], {"127.0.0.1", "staging.shop.example"}),
        (
            ["--host", "sandbox.lan", "--allowed-host", "a.example", "--allowed-host", "b.example:8400"],
            {"sandbox.lan", "a.example", "b.example"},
        ),
        (["--public-url", "https://Sandbox.Example:9000/base"], {"127.0.0.1", "sandbox.example"}),
    ],
)
def test_the_command_line_names_the_hosts_served(argv, names):
    assert config_from(parse_args(argv)).allowed_hosts == names


def test_a_name_that_is_no_host_is_refused_at_start(capsys):
    with pytest.raises(SystemExit):
        parse_args(["--allowed-host", "a b"])
    assert "is not a host name" in capsys.readouterr().err
