"""``GET /sdk/checks``: the checks of buttons a render added, in one request for the SDK's worker,
each one what ``GET /checkout/button`` answers and journals, the whole request one place of the
key's concurrency limit (docs/sdk.md, "Payment buttons")."""

from __future__ import annotations

from backend_stub.sdk_rules.availability import BATCH_TRIPLES, batch_url
from backend_stub.web.batch_checks import read_checks

BUTTON = "/checkout/button"
WORKER = {"Authorization": "Bearer pk_test_demo", "Accept": "application/vnd.service.sandbox.v1+json"}


async def batch(api, triples: list, headers: dict[str, str] = WORKER):
    return await api.get(batch_url("", triples), headers=headers)


async def checks(api) -> list[dict]:
    entries = (await (await api.get("/_sandbox/requests")).json())["requests"]
    return [entry for entry in entries if entry["path"] == BUTTON]


async def test_each_check_answers_as_the_apis_own_in_the_order_asked(api):
    triples = [(5000, "EUR", "instalments"), (10, "EUR", "instalments"), (900000, "EUR", "pay_later")]
    response = await batch(api, triples)
    assert response.status == 200
    assert response.headers["Cache-Control"] == "no-store"
    assert (await response.json()) == {"statuses": [201, 403, 403]}
    journalled = await checks(api)
    assert [entry["query"]["amount"] for entry in journalled] == ["5000", "10", "900000"]


async def test_the_key_is_the_workers_own_and_an_unknown_one_answers_each_check_401(api):
    response = await batch(
        api,
        [(5000, "EUR", "instalments"), (6000, "EUR", "instalments")],
        {**WORKER, "Authorization": "Bearer pk_test_unknown"},
    )
    assert (await response.json()) == {"statuses": [401, 401]}


async def test_a_bad_list_of_checks_is_a_400_naming_the_field(api):
    for query in (
        "",
        "checks=",
        "checks=5000:EUR",
        "checks=12.50:EUR:instalments",
        "checks=1:eur:instalments",
    ):
        response = await api.get(f"/sdk/checks?{query}", headers=WORKER)
        assert response.status == 400, query
        assert list((await response.json())["error"]["fields"]) == ["checks"], query
    too_many = [(1000 + index, "EUR", "instalments") for index in range(BATCH_TRIPLES + 1)]
    response = await batch(api, too_many)
    assert response.status == 400
    assert f"at most {BATCH_TRIPLES}" in (await response.json())["error"]["message"]
    assert await checks(api) == []


def test_the_url_the_worker_writes_is_the_one_the_server_reads():
    triples = [(5000, "EUR", "instalments"), (0, "GBP", "pay_in_4")]
    url = batch_url("https://service.example", triples)
    assert url == "https://service.example/sdk/checks?checks=5000:EUR:instalments,0:GBP:pay_in_4"
    assert read_checks(url.split("checks=", 1)[1]) == (triples, None)
