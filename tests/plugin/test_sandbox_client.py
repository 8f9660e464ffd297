"""The ``sandbox`` fixture's helpers against the real server the plugin started for this session."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from backend_stub.testkit.sandbox import Sandbox, SandboxError


def api_status(sandbox: Sandbox, path: str) -> tuple[int, dict]:
    """Status and headers of an API GET with the public key, errors included."""
    request = urllib.request.Request(sandbox.url + path, headers={"Authorization": "Bearer pk_test_demo"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers)


def test_urls_keys_and_script_tag(sandbox: Sandbox):
    assert sandbox.url.startswith("http://127.0.0.1:")
    assert sandbox.sdk_url == sandbox.url + "/sdk.js"
    assert (sandbox.public_key, sandbox.private_key) == ("pk_test_demo", "sk_test_demo")
    assert sandbox.script_tag() == (
        f'<script src="{sandbox.url}/sdk.js?public-key=pk_test_demo&sandbox=true" async></script>'
    )
    assert sandbox.script_tag(sandbox=False, attrs="") == (
        f'<script src="{sandbox.url}/sdk.js?public-key=pk_test_demo&sandbox=false"></script>'
    )
    health = sandbox.health()
    assert (health["status"], health["sdk"]["present"]) == ("ok", True)
    assert sandbox.call("GET", "/openapi.json", key=sandbox.public_key)["openapi"].startswith("3.1")


@pytest.mark.parametrize(("status", "order_state"), [("success", "confirmed"), ("ko", "denied")])
def test_create_and_decide_a_checkout(sandbox: Sandbox, status: str, order_state: str):
    urls = {"success_url": "https://shop.example/ok", "error_url": "https://shop.example/error"}
    checkout_id = sandbox.create_checkout(12000, product_type="pay_later", order_id="o-1", urls=urls)
    created = sandbox.checkout(checkout_id)
    assert (created["status"], created["product"]) == ("created", {"type": "pay_later"})
    assert {name: url for name, url in created["merchant"].items() if url} == urls
    assert sandbox.decide(checkout_id, status)["status"] == status
    assert sandbox.order("o-1")["status"] == order_state
    with pytest.raises(SandboxError) as again:  # decided once, for good
        sandbox.decide(checkout_id, "success")
    assert again.value.status == 409


def test_expire_a_checkout(sandbox: Sandbox):
    checkout_id = sandbox.create_checkout()
    assert sandbox.expire(checkout_id)["status"] == "expired"


def test_helpers_refuse_what_the_server_would(sandbox: Sandbox):
    with pytest.raises(ValueError, match="approve_url"):
        sandbox.create_checkout(urls={"approve_url": "https://shop.example/"})
    with pytest.raises(ValueError, match="dismiss"):
        sandbox.decide("chk_x", "dismiss")
    with pytest.raises(SandboxError) as refused:
        sandbox.create_checkout(100)  # below every product's minimum
    assert refused.value.status == 400
    assert "order.total_amount" in refused.value.body["error"]["fields"]


def test_seed_orders_one_or_many(sandbox: Sandbox):
    one = sandbox.seed_orders({"id": "seed-1", "total_amount": 5000})
    many = sandbox.seed_orders([{"id": "seed-2", "status": "confirmed"}, {"id": "seed-3"}])
    assert one["id"] == "seed-1"
    assert [order["id"] for order in many] == ["seed-2", "seed-3"]
    assert sandbox.order("seed-2")["status"] == "confirmed"
    with pytest.raises(LookupError):
        sandbox.order("seed-1", key="sk_test_other")  # another merchant's order is not there


def test_faults_answer_then_go(sandbox: Sandbox):
    path = "/checkout/button?amount=5000&currency=EUR"
    sandbox.fault("GET", "/checkout/button", status=500, times=2)
    assert [fault["remaining"] for fault in sandbox.faults()] == [2]
    assert api_status(sandbox, path)[0] == 500
    sandbox.clear_faults()
    assert sandbox.faults() == []
    assert api_status(sandbox, path)[0] == 201


def test_a_dropped_connection(sandbox: Sandbox):
    sandbox.fault(path="/checkout/button", drop=True)
    with pytest.raises(OSError):  # the connection closes without an answer
        api_status(sandbox, "/checkout/button?amount=5000&currency=EUR")
    (entry,) = sandbox.requests(path="/checkout/button")
    assert entry["outcome"] == "dropped"


def test_maintenance_and_limits(sandbox: Sandbox):
    assert sandbox.maintenance(True, retry_after=7) == {"enabled": True, "retry_after": 7}
    status, headers = api_status(sandbox, "/checkout/button?amount=5000&currency=EUR")
    assert (status, headers["Retry-After"]) == (503, "7")
    sandbox.maintenance(False)
    assert api_status(sandbox, "/checkout/button?amount=5000&currency=EUR")[0] == 201
    assert sandbox.limit_concurrency(3)["concurrency"] == 3


def test_journal_filters_and_marks(sandbox: Sandbox):
    api_status(sandbox, "/checkout/button?amount=5000&currency=EUR")
    mark = sandbox.last_request_seq()
    api_status(sandbox, "/v1/checkout/button?amount=6000&currency=EUR")
    assert [entry["query"]["amount"] for entry in sandbox.requests(since=mark)] == ["6000"]
    assert len(sandbox.requests(path="/checkout/button")) == 1
    assert len(sandbox.requests(path="/checkout/button", any_version=True)) == 2
    assert sandbox.requests(method="POST") == []
    sandbox.clear_requests()
    assert sandbox.requests() == []
    assert sandbox.last_request_seq() == mark + 1  # numbering goes on


def test_requests_reads_the_journal_past_its_first_page(sandbox: Sandbox):
    # A page holds at most 1,000 requests or about 1 MiB: long URLs fill one with a hundred.
    note = "x" * 7000
    api_status(sandbox, "/orders")  # before the mark: kept out by ``since`` on every page
    mark = sandbox.last_request_seq()
    for _ in range(100):
        api_status(sandbox, f"/checkout/button?amount=5000&currency=EUR&note={note}")
    api_status(sandbox, "/checkout/button?amount=6000&currency=EUR")
    first = sandbox.control("GET", "/_sandbox/requests")
    assert first["next_since"] is not None, "the journal should hold more than one page"
    found = sandbox.requests(since=mark)
    assert len(found) == 101
    assert {entry["path"] for entry in found} == {"/checkout/button"}
    assert found[-1]["query"]["amount"] == "6000"
    assert [entry["seq"] for entry in found] == list(range(mark + 1, mark + 102))


def test_reset_forgets_everything(sandbox: Sandbox):
    sandbox.seed_orders({"id": "gone-after-reset"})
    sandbox.fault(path="/orders", status=500)
    sandbox.maintenance(True)
    sandbox.reset()
    assert sandbox.faults() == []
    assert sandbox.order("fixture-order-1")["status"] == "confirmed"  # API answers: maintenance off
    with pytest.raises(LookupError):
        sandbox.order("gone-after-reset")
