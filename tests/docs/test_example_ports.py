"""The ports the guides and examples tell a merchant to type never collide with ``make demo``'s
(issue 25: ``--service-port 8400`` from docs/testing-in-ci.md collided for real)."""

from __future__ import annotations

import re

import pytest

from demo_store.launch import parse_args
from tests.docs.snippets import ROOT, find_snippets

GUIDES = [ROOT / "docs" / "testing-in-ci.md", *sorted((ROOT / "examples").glob("*/README.md"))]
# A port a command names: an option, a variable, or an address.
PORT = re.compile(r"(?:--(?:service-)?port[ =]|PORT=|(?:127\.0\.0\.1|localhost):)(\d+)")


def demo_ports() -> set[int]:
    defaults = parse_args([])
    return {defaults.service_port, defaults.store_port}


def commands() -> list:
    return [
        pytest.param(block, id=block.name)
        for guide in GUIDES
        for block in find_snippets(guide)
        if block.language in ("sh", "yaml", "toml") and PORT.search(block.code)
    ]


def test_the_guides_show_commands_with_ports():
    assert len(commands()) >= 3


@pytest.mark.parametrize("block", commands())
def test_no_command_uses_a_port_of_make_demo(block):
    named = {int(port) for port in PORT.findall(block.code)}
    assert not named & demo_ports(), block.code


def test_the_example_shop_defaults_to_a_sandbox_off_make_demos_port():
    source = (ROOT / "examples" / "merchant_ci" / "lamp_shop" / "__main__.py").read_text()
    assert not {int(port) for port in PORT.findall(source)} & demo_ports()
