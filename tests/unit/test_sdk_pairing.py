"""sdk.pairing: a payment-information container is shown exactly while a button of its group is."""

from __future__ import annotations

import pytest

from backend_stub.sdk_rules.pairing import Pairing


def test_a_container_appears_with_the_first_button_of_its_group_and_goes_with_the_last():
    pairing = Pairing()
    assert pairing.add_container(10, "g") is False  # no button shown yet
    assert pairing.button_shown("g") == [10]
    assert pairing.button_shown("g") == []  # already shown
    assert pairing.button_hidden("g") == []  # one button of the group is still shown
    assert pairing.button_hidden("g") == [10]


def test_groups_are_apart_and_the_unnamed_group_is_a_group():
    pairing = Pairing()
    pairing.add_container(1, "")
    pairing.add_container(2, "g")
    assert pairing.button_shown("") == [1]
    assert pairing.button_shown("h") == []  # a group without containers
    assert pairing.button_hidden("") == [1]


def test_a_container_added_while_its_group_shows_is_shown_at_once():
    pairing = Pairing()
    pairing.button_shown("g")
    assert pairing.add_container(5, "g") is True


@pytest.mark.parametrize(("order"), [[3, 1, 2], [1, 2, 3]])
def test_several_containers_come_in_id_order(order: list[int]):
    pairing = Pairing()
    for container_id in order:
        pairing.add_container(container_id, "g")
    assert pairing.button_shown("g") == [1, 2, 3]


def test_a_container_that_changes_group_or_leaves_follows_its_new_group_only():
    pairing = Pairing()
    pairing.add_container(7, "a")
    assert pairing.add_container(7, "b") is False  # re-added: it is in b alone now
    assert pairing.button_shown("a") == []
    assert pairing.button_shown("b") == [7]
    pairing.remove_container(7)
    assert pairing.button_hidden("b") == []
    pairing.remove_container(99)  # unknown: nothing to do
