"""The page model: which checks to send, what to show, what to warn about."""

from backend_stub.sdk_rules.page import Page


def button(element_id, amount, currency="EUR", group="", product_type=None, tag="BUTTON"):
    attrs = {"data-service-button": group, "data-amount": str(amount), "data-currency": currency}
    if product_type:
        attrs["data-product-type"] = product_type
    return {"id": element_id, "tag": tag, "attrs": attrs}


def info(element_id, group=""):
    return {"id": element_id, "tag": "P", "attrs": {"data-service-payment-info": group}}


def ops(update, op):
    return [command for command in update.commands if command["op"] == op]


def test_new_elements_are_hidden_until_answered_and_checked_once_per_triple():
    page = Page()
    update = page.report([button(1, 5000), button(2, 5000), button(3, 6000), info(4)], [], [])
    assert update.fetch == [(5000, "EUR", "instalments"), (6000, "EUR", "instalments")]
    assert ops(update, "hide") == [
        {"op": "hide", "ids": [1, 2, 3], "reason": "checking"},
        {"op": "hide", "ids": [4], "reason": "no_button"},
    ]
    assert ops(update, "show") == []


def test_an_available_answer_shows_buttons_and_their_containers():
    page = Page()
    page.report([button(1, 5000), button(2, 6000), info(3)], [], [])
    update = page.settle((5000, "EUR", "instalments"), True)
    assert update.commands == [{"op": "show", "ids": [1, 3]}]
    # Hidden already, now for another reason: the page hears why.
    no = page.settle((6000, "EUR", "instalments"), False).commands
    assert no == [{"op": "hide", "ids": [2], "reason": "unavailable"}]


def test_answers_settled_together_make_one_show_and_resolve_waiting_calls_after_it():
    page = Page()
    page.report([button(1, 5000), button(2, 6000), button(3, 7000), info(4)], [], [])
    page.ask(9, (6000, "EUR", "instalments"))
    update = page.settle_all(
        [
            ((5000, "EUR", "instalments"), True),
            ((6000, "EUR", "instalments"), False),
            ((7000, "EUR", "instalments"), True),
        ]
    )
    assert update.commands == [
        {"op": "hide", "ids": [2], "reason": "unavailable"},
        {"op": "show", "ids": [1, 4, 3]},
        {"op": "resolve", "call": 9, "value": False},
    ]
    assert update.fetch == []


def test_containers_pair_by_group_value():
    page = Page()
    page.report(
        [button(1, 5000, group="cart"), button(2, 7000), info(3, "cart"), info(4), info(5, "other")], [], []
    )
    update = page.settle((5000, "EUR", "instalments"), True)
    assert update.commands == [{"op": "show", "ids": [1, 3]}]
    update = page.settle((7000, "EUR", "instalments"), True)
    assert update.commands == [{"op": "show", "ids": [2, 4]}]


def test_a_container_stays_while_any_of_its_buttons_is_shown():
    page = Page()
    page.report([button(1, 5000, group="g"), button(2, 6000, group="g"), info(3, "g")], [], [])
    page.settle((5000, "EUR", "instalments"), True)
    page.settle((6000, "EUR", "instalments"), True)
    update = page.report([], [button(1, 10, group="g")], [])
    assert update.fetch == [(10, "EUR", "instalments")]
    assert update.commands == [{"op": "hide", "ids": [1], "reason": "checking"}]  # 3 stays: 2 is shown


def test_invalid_buttons_warn_once_and_fetch_nothing():
    page = Page()
    update = page.report([button(1, "12.50")], [], [])
    assert update.fetch == []
    assert len(ops(update, "console")) == 1
    assert ops(update, "console")[0]["id"] == 1
    again = page.report([], [button(1, "12.50")], [])
    assert ops(again, "console") == []
    other = page.report([], [button(1, "abc")], [])
    assert len(ops(other, "console")) == 1


def test_a_changed_amount_rechecks_and_a_known_answer_is_reused():
    page = Page()
    page.report([button(1, 5000)], [], [])
    page.settle((5000, "EUR", "instalments"), True)
    update = page.report([], [button(1, 100)], [])
    assert update.fetch == [(100, "EUR", "instalments")]
    assert update.commands == [{"op": "hide", "ids": [1], "reason": "checking"}]
    back = page.report([], [button(1, 5000)], [])
    assert back.fetch == []
    assert back.commands == [{"op": "show", "ids": [1]}]


def test_an_answer_for_an_old_amount_does_not_show_the_button():
    page = Page()
    page.report([button(1, 5000)], [], [])
    page.report([], [button(1, 100)], [])
    assert page.settle((5000, "EUR", "instalments"), True).commands == []
    no = page.settle((100, "EUR", "instalments"), False).commands
    assert no == [{"op": "hide", "ids": [1], "reason": "unavailable"}]


def test_removed_elements_are_forgotten():
    page = Page()
    page.report([button(1, 5000), info(2)], [], [])
    page.report([], [], [1])
    assert page.settle((5000, "EUR", "instalments"), True).commands == []


def test_script_calls_share_requests_and_resolve_after_visibility():
    page = Page()
    first = page.ask(1, (5000, "EUR", "pay_in_4"), [7])
    assert first.fetch == [(5000, "EUR", "pay_in_4")]
    second = page.ask(2, (5000, "EUR", "pay_in_4"))
    assert second.fetch == []
    update = page.settle((5000, "EUR", "pay_in_4"), True)
    assert update.commands == [
        {"op": "show", "ids": [7]},
        {"op": "resolve", "call": 1, "value": True},
        {"op": "resolve", "call": 2, "value": True},
    ]
    later = page.ask(3, (5000, "EUR", "pay_in_4"))
    assert later.fetch == [] and later.commands == [{"op": "resolve", "call": 3, "value": True}]


def test_fifty_buttons_over_three_triples_make_three_checks():
    page = Page()
    amounts = [5000, 6000, 7000]
    update = page.report([button(i, amounts[i % 3]) for i in range(50)], [], [])
    assert len(update.fetch) == 3


def test_a_container_added_after_its_button_is_shown_at_once():
    page = Page()
    page.report([button(1, 5000, group="g")], [], [])
    page.settle((5000, "EUR", "instalments"), True)
    assert page.report([info(2, "g")], [], []).commands == [{"op": "show", "ids": [2]}]


def test_a_shown_button_moving_to_another_group_takes_the_containers_along():
    page = Page()
    page.report([button(1, 5000, group="a"), info(2, "a"), info(3, "b")], [], [])
    page.settle((5000, "EUR", "instalments"), True)
    update = page.report([], [button(1, 5000, group="b")], [])
    assert update.commands == [{"op": "hide", "ids": [2], "reason": "no_button"}, {"op": "show", "ids": [3]}]


def test_a_removed_shown_button_hides_its_containers():
    page = Page()
    page.report([button(1, 5000), info(2)], [], [])
    page.settle((5000, "EUR", "instalments"), True)
    assert page.report([], [], [1]).commands == [{"op": "hide", "ids": [2], "reason": "no_button"}]


def test_adopting_what_the_loader_applied_sends_only_what_a_moved_button_changes():
    # The first answers showed button 1 and its payment information 2; button 1 changed before
    # they arrived, so the loader kept its show back and the worker adopts the block alone.
    page = Page()
    page.adopt([((5000, "EUR", "instalments"), True), ((100, "EUR", "instalments"), False)])
    page.adopt_shown([2], [])
    assert page.report([info(2)], [], []).commands == [{"op": "hide", "ids": [2], "reason": "no_button"}]
    update = page.report([], [button(1, 100)], [])
    assert update.commands == [{"op": "hide", "ids": [1], "reason": "unavailable"}]
    assert update.fetch == []


def test_adopting_what_the_loader_applied_sends_nothing_when_it_agrees():
    page = Page()
    page.adopt([((5000, "EUR", "instalments"), True), ((100, "EUR", "instalments"), False)])
    page.adopt_shown([1, 3], [2])
    assert page.report([button(1, 5000), button(2, 100), info(3)], [], []).commands == []


def test_each_hide_says_why_invalid_checking_unavailable_or_no_button():
    page = Page()
    update = page.report([button(1, "12.50"), button(2, 5000), info(3), info(4, "none")], [], [])
    assert ops(update, "hide") == [
        {"op": "hide", "ids": [1], "reason": "invalid"},
        {"op": "hide", "ids": [2], "reason": "checking"},
        {"op": "hide", "ids": [3, 4], "reason": "no_button"},
    ]
    assert page.settle((5000, "EUR", "instalments"), False).commands == [
        {"op": "hide", "ids": [2], "reason": "unavailable"}
    ]
    assert page.settle((5000, "EUR", "instalments"), False).commands == [], "said once"
    target = page.ask(9, (5000, "EUR", "instalments"), [5])
    assert ops(target, "hide") == [{"op": "hide", "ids": [5], "reason": "unavailable"}]
