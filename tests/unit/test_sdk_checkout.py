"""The checkout session state machine and the callback / URL resolution (CONTRACT 3, Events)."""

import pytest

from sdk.checkout import CALLBACKS, URLS, Checkouts, closing_commands, is_web_url

STATUSES = ["success", "pending", "ko", "dismiss", "error"]
ALL_URLS = {URLS[status]: f"https://shop.example/{status}" for status in STATUSES}


def callbacks_called(commands):
    return [(c["name"], c["args"]) for c in commands if c["op"] == "callback"]


def navigations(commands):
    return [c["url"] for c in commands if c["op"] == "navigate"]


@pytest.mark.parametrize("status", STATUSES)
@pytest.mark.parametrize("with_on_close", [True, False])
@pytest.mark.parametrize("with_callback", [True, False])
@pytest.mark.parametrize("with_url", [True, False])
def test_the_events_table(status, with_on_close, with_callback, with_url):
    callbacks = (["onClose"] if with_on_close else []) + ([CALLBACKS[status]] if with_callback else [])
    urls = {URLS[status]: f"https://shop.example/{status}"} if with_url else {}
    commands = closing_commands(7, status, callbacks, urls)
    assert commands[0] == {"op": "close_overlay", "checkout": 7}  # its overlay goes first
    expected = ([("onClose", [status])] if with_on_close else []) + (
        [(CALLBACKS[status], [])] if with_callback else []
    )
    assert callbacks_called(commands) == expected  # onClose before the status callback
    # onClose never suppresses the URL; only the callback for the status does.
    assert navigations(commands) == ([urls[URLS[status]]] if with_url and not with_callback else [])
    assert commands[-1] == {"op": "forget_checkout", "checkout": 7}


def test_other_statuses_urls_are_not_used():
    commands = closing_commands(1, "ko", ["onSuccess"], {"success_url": "https://shop.example/ok"})
    assert navigations(commands) == [] and callbacks_called(commands) == []


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "data:text/html,x",
        "ftp://x.example/",
        "//x.example",
        "JaVaScRiPt:alert(1)",
        "http://",
    ],
)
def test_only_http_urls_are_navigated(url):
    commands = closing_commands(1, "success", [], {"success_url": url})
    assert navigations(commands) == []
    assert [c["level"] for c in commands if c["op"] == "console"] == ["error"]


def test_is_web_url():
    assert is_web_url("https://shop.example/x") and is_web_url("HTTP://shop.example")
    assert not is_web_url(None) and not is_web_url("shop.example")


def opened(
    callbacks=("onStatusChange", "onClose", "onSuccess", "onPending", "onKO", "onDismiss", "onError"),
    urls=None,
    timeout=15000,
):
    machine = Checkouts(timeout)
    effects = machine.start(1, "chk_abc", list(callbacks))
    assert effects.fetch_checkout == (1, "chk_abc") and effects.commands == []
    effects = machine.found(
        1, {"status": "created", "merchant": urls or {}}, "https://service/checkout/chk_abc/frame"
    )
    assert [c["op"] for c in effects.commands] == ["open_overlay"]
    assert effects.start_timer == timeout
    loaded = machine.event(1, {"type": "loaded"})
    assert loaded.stop_timer
    return machine


@pytest.mark.parametrize("status", ["success", "pending", "ko"])
def test_status_change_keeps_the_overlay_then_return_closes_with_it(status):
    machine = opened()
    effects = machine.event(1, {"type": "status", "status": status})
    assert callbacks_called(effects.commands) == [("onStatusChange", [status])]
    assert all(c["op"] != "close_overlay" for c in effects.commands)
    effects = machine.event(1, {"type": "return"})
    assert callbacks_called(effects.commands) == [("onClose", [status]), (CALLBACKS[status], [])]
    assert machine.session is None


def test_closing_before_any_status_is_dismiss():
    machine = opened()
    effects = machine.event(1, {"type": "close"})
    assert callbacks_called(effects.commands) == [("onClose", ["dismiss"]), ("onDismiss", [])]


def test_closing_after_a_status_gives_that_status():
    machine = opened()
    machine.event(1, {"type": "status", "status": "pending"})
    effects = machine.event(1, {"type": "close"})
    assert callbacks_called(effects.commands) == [("onClose", ["pending"]), ("onPending", [])]


SERVICE = "http://127.0.0.1:8400"


def closed_with_error(effects) -> tuple:
    """The reason a closing hands to onError, after checking onClose and the console got it too
    (an unknown key excepted: the key's verdict says that once per page, sdk/key_verdict.py)."""
    (reason,) = [args for name, args in callbacks_called(effects.commands) if name == "onError"][0]
    assert ("onClose", ["error", reason]) in callbacks_called(effects.commands)
    said = [c["message"] for c in effects.commands if c["op"] == "console"]
    assert said == ([] if reason["code"] == "unknown_key" else [reason["message"]])
    return reason["code"], reason["message"]


@pytest.mark.parametrize(
    ("checkout", "answer", "code", "words"),
    [
        (
            {"status": "expired"},
            200,
            "expired",
            "service: checkout chk_abc cannot be opened: it has expired (a checkout lasts 60 minutes);"
            " create a new one.",
        ),
        (
            {"status": "success"},
            200,
            "already_decided",
            "service: checkout chk_abc cannot be opened: it was already decided (success); create a new one"
            " for another payment.",
        ),
        (
            None,
            404,
            "unknown_checkout",
            f"service: checkout chk_abc cannot be opened: {SERVICE} has no such checkout for public key"
            " 'pk_test_demo' (made with another merchant's private key, or on another server?).",
        ),
        (None, 401, "unknown_key", f"service: public key 'pk_test_demo' is not known to {SERVICE}"),
        (
            None,
            0,
            "service_unavailable",
            f"service: checkout chk_abc cannot be opened: {SERVICE} is unreachable.",
        ),
        (None, 503, "service_unavailable", f"{SERVICE} answered 503; try again later."),
    ],
)
def test_a_checkout_that_cannot_be_loaded_says_why(checkout, answer, code, words):
    machine = Checkouts(15000, SERVICE, "pk_test_demo")
    machine.start(1, "chk_abc", ["onClose", "onError"])
    effects = machine.found(1, checkout, "unused", answer)
    reason = closed_with_error(effects)
    assert reason[0] == code and words in reason[1]
    assert machine.session is None and [c["op"] for c in effects.commands][0] == "close_overlay"


def test_closing_the_overlay_while_the_checkout_is_still_asked_for_is_a_dismiss():
    machine = Checkouts(15000)
    machine.start(1, "chk_abc", ["onClose", "onDismiss"])
    effects = machine.event(1, {"type": "close"})
    assert callbacks_called(effects.commands) == [("onClose", ["dismiss"]), ("onDismiss", [])]
    assert machine.found(1, {"status": "created", "merchant": ALL_URLS}, "frame").commands == []


def test_a_closed_checkouts_late_answer_does_not_load_into_the_next_one():
    # Checkout A closed while loading, then B asked: A's answer arrives during B's session.
    machine = Checkouts(15000)
    machine.start(1, "chk_a", ["onClose", "onDismiss"])
    closed = machine.event(1, {"type": "close"})
    assert closed.commands[0] == {"op": "close_overlay", "checkout": 1}  # A's overlay, not B's
    assert machine.start(2, "chk_b", ["onClose", "onSuccess"]).fetch_checkout == (2, "chk_b")
    assert machine.found(1, {"status": "created", "merchant": ALL_URLS}, "frame-a").commands == []
    opened_b = machine.found(2, {"status": "created", "merchant": {}}, "frame-b")
    assert [(c["op"], c["checkout"], c["url"]) for c in opened_b.commands] == [("open_overlay", 2, "frame-b")]


def test_expired_checkout_uses_error_url():
    machine = Checkouts(15000)
    machine.start(1, "chk_old", [])
    effects = machine.found(1, {"status": "expired", "merchant": ALL_URLS}, "unused")
    assert navigations(effects.commands) == [ALL_URLS["error_url"]]


def test_a_page_that_never_loads_times_out_as_error():
    machine = Checkouts(1500)
    machine.start(1, "chk_abc", ["onClose", "onError"])
    machine.found(1, {"status": "created", "merchant": ALL_URLS}, "frame")
    effects = machine.timed_out()
    assert closed_with_error(effects) == (
        "timeout",
        "service: checkout chk_abc closed with error: the hosted checkout did not load within 1.5 s"
        " (the checkout_timeout setting).",
    )
    assert navigations(effects.commands) == []  # onError was given


def test_the_timer_does_nothing_once_loaded():
    machine = opened()
    assert machine.timed_out().commands == []


def test_hosted_page_error_closes_with_error():
    machine = opened()
    effects = machine.event(1, {"type": "error"})
    assert closed_with_error(effects) == (
        "hosted_page_error",
        "service: checkout chk_abc closed with error: the hosted checkout reported an error.",
    )


def test_a_second_checkout_while_one_is_open_is_ignored_with_a_warning():
    machine = opened()
    effects = machine.start(2, "chk_other", [])
    assert [c["level"] for c in effects.commands if c["op"] == "console"] == ["warn"]
    assert machine.session.handle == 1


def test_events_of_another_checkout_are_ignored():
    machine = opened()
    assert machine.event(99, {"type": "close"}).commands == []
    assert machine.event(1, {"type": "status", "status": "dismiss"}).commands == []
    assert machine.session is not None


@pytest.mark.parametrize(
    ("given", "named"),
    [
        (None, "nothing (null or undefined)"),  # what the loader sends for undefined and null
        ("", "an empty string"),
        ("../../etc", "'../../etc'"),
        (42, "the number 42"),
        (True, "the boolean true"),
        ({"id": "chk_1"}, "an object"),
        (["chk_1"], "an array"),
    ],
)
def test_an_invalid_id_is_an_error_at_once_named_in_javascript_terms(given, named):
    machine = Checkouts(15000)
    effects = machine.start(1, given, ["onClose", "onError"])
    assert closed_with_error(effects) == (
        "invalid_id",
        'service: checkout() needs the id the service gave the checkout (the "id" of POST /checkout\'s'
        f" answer), got {named}.",
    )
    assert machine.session is None
