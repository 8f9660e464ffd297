"""Checking a real answer against the OpenAPI document: status, headers, and body in JSON or XML.

A :class:`Contract` wraps the document the server serves. :meth:`Contract.check` asserts that
the answer's status is documented for the operation, that every documented header is there
and valid, that its media type is documented, and that the body validates (jsonschema, draft
2020-12, formats checked). An XML body is read into JSON-shaped data guided by the same schema
(elements for fields, ``<list-item>`` for items, an empty element for null) and validated alike.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

__all__ = ["Contract", "Answer", "escape"]

BASE = "urn:openapi"
FORMATS = Draft202012Validator.FORMAT_CHECKER


def escape(segment: str) -> str:
    """A JSON pointer segment (``/orders/{order_id}`` -> ``~1orders~1{order_id}``)."""
    return segment.replace("~", "~0").replace("/", "~1")


@dataclass(frozen=True)
class Answer:
    """What a request got: status, headers (case-insensitive mapping) and raw body."""

    status: int
    headers: Mapping[str, str]
    body: bytes


@dataclass
class _Shape:
    """What a schema allows, gathered through ``$ref``, ``allOf`` and ``anyOf``."""

    types: set[str] = field(default_factory=set)
    properties: dict[str, list[dict]] = field(default_factory=dict)
    items: list[dict] = field(default_factory=list)
    additional: list[dict] = field(default_factory=list)


_JSON_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string", type(None): "null"}


class Contract:
    """The document, and the checks of answers against it."""

    def __init__(self, document: dict) -> None:
        self.document = document
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        self.registry = Registry().with_resource(BASE, resource)

    # -- navigating the document ---------------------------------------------------------------
    def node(self, pointer: str) -> object:
        """The document's node at a JSON pointer (``/paths/...``)."""
        node: object = self.document
        for segment in pointer.split("/")[1:]:
            key = segment.replace("~1", "/").replace("~0", "~")
            node = node[int(key)] if isinstance(node, list) else node[key]  # type: ignore[index]
        return node

    def resolve(self, pointer: str) -> tuple[str, dict]:
        """Follow ``$ref`` from the node at ``pointer``: the final pointer and node."""
        node = self.node(pointer)
        while isinstance(node, dict) and "$ref" in node:
            pointer = node["$ref"].removeprefix("#")
            node = self.node(pointer)
        return pointer, node  # type: ignore[return-value]

    def operations(self) -> list[tuple[str, str]]:
        """Every described (method, path template), method upper-case."""
        return [(method.upper(), path) for path, item in self.document["paths"].items() for method in item]

    def statuses(self, method: str, template: str) -> set[int]:
        """The statuses documented for an operation (not its ``default``, any other error)."""
        responses = self.document["paths"][template][method.lower()]["responses"]
        return {int(status) for status in responses if status != "default"}

    # -- validating ------------------------------------------------------------------------------
    def validate(self, instance: object, pointer: str) -> None:
        """Assert that ``instance`` is valid against the schema at ``pointer``."""
        validator = Draft202012Validator(
            {"$ref": f"{BASE}#{pointer}"}, registry=self.registry, format_checker=FORMATS
        )
        problems = [
            f"{list(error.absolute_path)}: {error.message}" for error in validator.iter_errors(instance)
        ]
        assert not problems, f"{pointer}: {problems} in {instance!r}"

    def check(self, method: str, template: str, answer: Answer) -> None:
        """Assert that the answer is one the document describes for the operation."""
        responses = f"/paths/{escape(template)}/{method.lower()}/responses"
        documented = sorted(set(self.node(responses)) - {"default"})  # type: ignore[arg-type]
        assert str(answer.status) in documented, (
            f"{method} {template} answered {answer.status}, documented {documented}: {answer.body[:300]!r}"
        )
        self.check_response(f"{responses}/{answer.status}", answer)

    def check_response(self, pointer: str, answer: Answer) -> None:
        """Assert that the answer fits the response object at ``pointer`` (headers, body)."""
        pointer, response = self.resolve(pointer)
        for name in response.get("headers", {}):
            self._check_header(f"{pointer}/headers/{escape(name)}", name, answer.headers.get(name))
        media = answer.headers.get("Content-Type", "").partition(";")[0].strip()
        if "content" not in response:
            assert answer.body == b"", f"{pointer} has no body, got {answer.body[:200]!r}"
            return
        assert media in response["content"], f"{pointer}: media type {media!r} is not documented"
        schema = f"{pointer}/content/{escape(media)}/schema"
        if media == "application/json":
            assert "charset=utf-8" in answer.headers["Content-Type"]
            data = json.loads(answer.body)
        else:
            root = ET.fromstring(answer.body)
            assert root.tag == self.node(schema)["xml"]["name"]  # type: ignore[index]
            data = self.from_xml(root, [self.resolve(schema)[1]])
        self.validate(data, schema)

    def _check_header(self, pointer: str, name: str, value: str | None) -> None:
        pointer, header = self.resolve(pointer)
        if value is None:
            assert not header.get("required"), f"header {name} is missing"
            return
        kind = header["schema"].get("type")
        self.validate(int(value) if kind == "integer" and value.isdigit() else value, f"{pointer}/schema")

    # -- XML -------------------------------------------------------------------------------------
    def _shape(self, schemas: list[dict], shape: _Shape | None = None) -> _Shape:
        shape = shape or _Shape()
        for schema in schemas:
            while "$ref" in schema:
                _, schema = self.resolve(schema["$ref"].removeprefix("#"))
                # a $ref with siblings (xml) keeps only the target here: xml names are checked apart
            kind = schema.get("type")
            shape.types.update([kind] if isinstance(kind, str) else kind or [])
            if "const" in schema:
                shape.types.add(_JSON_TYPES[type(schema["const"])])
            for name, sub in schema.get("properties", {}).items():
                shape.properties.setdefault(name, []).append(sub)
            if "items" in schema:
                shape.items.append(schema["items"])
            if isinstance(schema.get("additionalProperties"), dict):
                shape.additional.append(schema["additionalProperties"])
            self._shape(schema.get("allOf", []) + schema.get("anyOf", []) + schema.get("oneOf", []), shape)
        return shape

    def from_xml(self, element: ET.Element, schemas: list[dict]) -> object:
        """JSON-shaped data from an XML element, as the schema(s) say it is typed."""
        shape = self._shape(schemas)
        children = list(element)
        text = element.text or ""
        if not children and not text and "null" in shape.types:
            return None
        if "object" in shape.types:
            data = {}
            for child in children:
                # A field name that is not an XML name travels as <field name="...">.
                name = child.get("name", child.tag) if child.tag == "field" else child.tag
                data[name] = self.from_xml(child, shape.properties.get(name) or shape.additional)
            return data
        if "array" in shape.types:
            assert all(child.tag == "list-item" for child in children), [child.tag for child in children]
            return [self.from_xml(child, shape.items) for child in children]
        if "boolean" in shape.types and text in ("true", "false"):
            return text == "true"
        if "integer" in shape.types and text.lstrip("-").isdigit():
            return int(text)
        return text
