"""The OpenAPI document's examples are real exchanges, and the document describes everything.

The examples (backend_stub/api/openapi_examples.py) are replayed on a server loaded with the
bundled fixture: each answer must be the example's (values the server makes up, of the same
type). Every operation and schema has a description, every request body and every answer with
a body (2xx and 4xx) an example, each valid against its schema.
"""

from __future__ import annotations

from backend_stub.api.openapi import build_document
from backend_stub.api.openapi_examples import OPERATIONS, VOLATILE
from backend_stub.testkit import Sandbox
from tests.api.contract import Contract, escape
from tests.api.exchanges import replay

DOCUMENT = build_document("http://127.0.0.1:8400")
JSON = "application/json"


def differences(example: object, answer: object, where: str = "") -> list[str]:
    """Where the answer differs from the example; a made-up value matches any of its type."""
    if where.rpartition(".")[2] in VOLATILE:
        return [] if type(example) is type(answer) else [f"{where}: {answer!r} is not like {example!r}"]
    if isinstance(example, dict) and isinstance(answer, dict):
        if example.keys() != answer.keys():
            return [f"{where}: keys {sorted(answer)} where the example has {sorted(example)}"]
        return [
            problem for key in example for problem in differences(example[key], answer[key], f"{where}.{key}")
        ]
    if isinstance(example, list) and isinstance(answer, list) and len(example) == len(answer):
        return [
            problem
            for n, pair in enumerate(zip(example, answer, strict=True))
            for problem in differences(*pair, f"{where}[{n}]")
        ]
    return [] if example == answer else [f"{where}: {answer!r} where the example has {example!r}"]


def test_every_example_is_what_the_server_answers(service: Sandbox):
    service.reset()
    problems = []
    for name, exchange, reply in replay(service.url, service.url):
        assert reply.status == exchange.status, (name, reply.body)
        problems += differences(exchange.response, reply.json(), name)
    assert problems == []


def _operations():
    for path, item in DOCUMENT["paths"].items():
        for method, operation in item.items():
            yield f"/paths/{escape(path)}/{method}", operation


def test_every_operation_and_schema_has_a_description():
    missing = [pointer for pointer, operation in _operations() if not operation.get("description")]
    missing += [
        name for name, schema in DOCUMENT["components"]["schemas"].items() if not schema.get("description")
    ]
    assert missing == []


def test_every_body_and_answer_with_content_has_a_valid_example():
    contract = Contract(DOCUMENT)
    pointers = []
    for pointer, operation in _operations():
        if "requestBody" in operation:
            pointers.append(f"{pointer}/requestBody/content/{escape(JSON)}")
        for status, answer in operation["responses"].items():
            if status.startswith(("2", "4")) and "$ref" not in answer and "content" in answer:
                pointers.append(f"{pointer}/responses/{status}/content/{escape(JSON)}")
    for name in DOCUMENT["components"]["responses"]:
        if name != "Error":  # the default answer: any status, so no one example
            pointers.append(f"/components/responses/{name}/content/{escape(JSON)}")
    missing = []
    for pointer in pointers:
        media = contract.node(pointer)
        if "example" not in media:  # type: ignore[operator]
            missing.append(pointer)
        else:
            contract.validate(media["example"], pointer + "/schema")  # type: ignore[index]
    assert missing == []


def test_every_operation_has_an_example_exchange():
    assert sorted(operation["operationId"] for _, operation in _operations()) == sorted(OPERATIONS)
