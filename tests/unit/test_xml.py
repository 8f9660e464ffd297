"""backend_stub.api.xml: API data as the document's XML, which any XML parser reads back."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest

from backend_stub.api.xml import to_xml


def _root(data: object) -> ElementTree.Element:
    text = to_xml(data)
    assert text.startswith('<?xml version="1.0" encoding="utf-8"?>')
    return ElementTree.fromstring(text.encode())


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"id": "a", "amount": 1250}, "<root><id>a</id><amount>1250</amount></root>"),
        ({"ok": True, "gone": False}, "<root><ok>true</ok><gone>false</gone></root>"),
        ({"next": None}, "<root><next/></root>"),
        (
            {"results": [1, 2]},
            "<root><results><list-item>1</list-item><list-item>2</list-item></results></root>",
        ),
        ({"results": []}, "<root><results></results></root>"),
        ({"name": "<b>&"}, "<root><name>&lt;b&gt;&amp;</name></root>"),
        # Field paths are no XML names: they travel in an attribute.
        ({"product[type]": "x"}, '<root><field name="product[type]">x</field></root>'),
        ({"xmlthing": 1}, '<root><field name="xmlthing">1</field></root>'),  # xml* is reserved
        ({"1st": 1}, '<root><field name="1st">1</field></root>'),
        ({'a"b': 1}, "<root><field name='a\"b'>1</field></root>"),
    ],
)
def test_data_as_xml(data: object, expected: str):
    assert to_xml(data).removeprefix('<?xml version="1.0" encoding="utf-8"?>') == expected
    _root(data)  # and it parses


@pytest.mark.parametrize("bad", ["\x00", "\x1b", "\ud800", "\ufffe", "\uffff"])
def test_characters_xml_cannot_carry_become_the_replacement_character(bad: str):
    root = _root({"message": f"got {bad}!", f"k{bad}": 1})
    assert root.find("message").text == "got \ufffd!"
    assert root.find("field").get("name") == "k\ufffd"


def test_tab_and_line_breaks_are_kept():
    assert _root({"message": "a\tb\nc"}).find("message").text == "a\tb\nc"


@pytest.mark.parametrize("text", ["one\r\ntwo", "one\rtwo", "tab\there", "\r", "line\nend\r\n"])
def test_text_arrives_as_sent_carriage_returns_included(text):
    # An XML parser reads "\r\n" and a lone "\r" as "\n" unless they are written as references.
    root = ElementTree.fromstring(to_xml({"description": text, "fields": {f"na{text}me": text}}))
    assert root.findtext("description") == text
    [field] = root.find("fields")
    assert (field.get("name"), field.text) == (f"na{text}me", text)
