"""The XML form of API data: root ``<root>``, one element per field, list items ``<list-item>``."""

from __future__ import annotations

import re
from xml.sax.saxutils import escape, quoteattr

__all__ = ["to_xml"]

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")


def _element(name: str, value: object, out: list[str]) -> None:
    # Field paths such as ``product[type]`` are not XML names: they travel in an attribute.
    if _NAME.match(name) and not name.lower().startswith("xml"):
        open_tag, close_tag = f"<{name}>", f"</{name}>"
    else:
        open_tag, close_tag = f"<field name={quoteattr(name)}>", "</field>"
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
        out.append(escape(str(value)))


def to_xml(data: object) -> str:
    """Serialize JSON-shaped data to the document's XML form."""
    out = ['<?xml version="1.0" encoding="utf-8"?>']
    _element("root", data, out)
    return "".join(out)
