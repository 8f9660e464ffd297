"""The XML form of API data: root ``<root>``, one element per field, list items ``<list-item>``."""

from __future__ import annotations

import re
from xml.sax.saxutils import escape, quoteattr

__all__ = ["to_xml"]

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")
# Characters XML 1.0 cannot carry, not even as references. Stored text never holds them (text
# fields refuse them), but an error message may quote a client's query or header: U+FFFD
# stands in for each, so every answer parses.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


# A carriage return in text, written as a reference so that it arrives as sent (a parser reads
# a line end "\r\n" as "\n"); quoteattr already writes tab, line feed and carriage return so.
_KEPT = {"\r": "&#13;"}


def _text(value: str) -> str:
    return _NOT_XML.sub("\ufffd", value)


def _element(name: str, value: object, out: list[str]) -> None:
    # Field paths such as ``product[type]`` are not XML names: they travel in an attribute.
    if _NAME.match(name) and not name.lower().startswith("xml"):
        open_tag, close_tag = f"<{name}>", f"</{name}>"
    else:
        open_tag, close_tag = f"<field name={quoteattr(_text(name))}>", "</field>"
    if value is None:
        out.append(open_tag[:-1] + "/>")
        return
    out.append(open_tag)
    _value(value, out)
    out.append(close_tag)


def _value(value: object, out: list[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            _element(str(key), item, out)
    elif isinstance(value, list | tuple):
        for item in value:
            _element("list-item", item, out)
    elif isinstance(value, bool):
        out.append("true" if value else "false")
    else:
        out.append(escape(_text(str(value)), _KEPT))


def to_xml(data: object) -> str:
    """Serialize JSON-shaped data to the document's XML form."""
    out = ['<?xml version="1.0" encoding="utf-8"?>']
    _element("root", data, out)
    return "".join(out)
