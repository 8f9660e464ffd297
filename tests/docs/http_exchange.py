"""Checking an ``http runnable`` block: a request sent to the sandbox server, and the answer shown.

The block holds a request, then the answer from the line ``HTTP/1.1 <status>`` on:

    POST /_sandbox/checkouts/{checkout_id}/decide
    Content-Type: application/json

    {"status": "success"}

    HTTP/1.1 200 OK

    {"id": "{checkout_id}", "status": "success", "created": "...", ...}

Request headers follow the request line; a JSON body follows a blank line. In the answer, the
given headers must be there with those values, and the JSON body must match the shown one:
objects with the same keys, lists of the same length, equal values, except that ``"..."``
matches any value and ``"{name}"`` matches any value the first time and remembers it as
``name`` (later, it must be that value again). A later block of the same document may use
``{name}`` in its request line, headers or body.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

__all__ = ["Exchange", "parse_exchange", "run_exchange", "matches"]

ANY = "..."
_CAPTURE = re.compile(r"^\{(\w+)\}$")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass
class Exchange:
    method: str
    target: str
    headers: dict[str, str]
    body: str
    status: int
    answer_headers: dict[str, str]
    answer_body: Any  # None when the block shows no body


def _head_and_body(lines: list[str]) -> tuple[list[str], str]:
    """Lines up to the first blank one, and the text after it."""
    blank = lines.index("") if "" in lines else len(lines)
    return lines[:blank], "\n".join(lines[blank + 1 :]).strip()


def _headers(lines: list[str]) -> dict[str, str]:
    return {name.strip(): value.strip() for name, value in (line.split(":", 1) for line in lines)}


def parse_exchange(code: str) -> Exchange:
    lines = code.strip("\n").splitlines()
    split = next(index for index, line in enumerate(lines) if line.startswith("HTTP/1.1 "))
    request_head, request_body = _head_and_body(lines[:split])
    answer_head, answer_body = _head_and_body(lines[split:])
    method, target = request_head[0].split()
    return Exchange(
        method=method,
        target=target,
        headers=_headers(request_head[1:]),
        body=request_body,
        status=int(answer_head[0].split()[1]),
        answer_headers=_headers(answer_head[1:]),
        answer_body=json.loads(answer_body) if answer_body else None,
    )


def matches(shown: Any, actual: Any, captured: dict[str, Any], where: str = "body") -> list[str]:
    """Where ``actual`` differs from what the documentation shows (empty: it matches)."""
    if isinstance(shown, str):
        if shown == ANY:
            return []
        capture = _CAPTURE.match(shown)
        if capture and capture[1] not in captured:
            captured[capture[1]] = actual
            return []
        if capture:  # seen before: the same value again
            shown = captured[capture[1]]
    if isinstance(shown, dict) and isinstance(actual, dict):
        if set(shown) != set(actual):
            return [f"{where}: keys {sorted(actual)} where the docs show {sorted(shown)}"]
        return [
            problem
            for key in shown
            for problem in matches(shown[key], actual[key], captured, f"{where}.{key}")
        ]
    if isinstance(shown, list) and isinstance(actual, list):
        if len(shown) != len(actual):
            return [f"{where}: {len(actual)} items where the docs show {len(shown)}"]
        return [
            problem
            for index, (item, real) in enumerate(zip(shown, actual, strict=True))
            for problem in matches(item, real, captured, f"{where}[{index}]")
        ]
    return [] if shown == actual else [f"{where}: {actual!r} where the docs show {shown!r}"]


def _fill(text: str, captured: dict[str, Any]) -> str:
    return _PLACEHOLDER.sub(lambda found: str(captured[found[1]]) if found[1] in captured else found[0], text)


def run_exchange(exchange: Exchange, base_url: str, captured: dict[str, Any], token: str | None) -> list[str]:
    """Send the request; the differences between the answer and the documented one."""
    body = _fill(exchange.body, captured).encode() if exchange.body else None
    request = urllib.request.Request(
        base_url + _fill(exchange.target, captured), data=body, method=exchange.method
    )
    for name, value in exchange.headers.items():
        request.add_header(name, _fill(value, captured))
    if token and exchange.target.startswith("/_sandbox/"):
        request.add_header("X-Sandbox-Token", token)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, headers, text = response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        status, headers, text = error.code, error.headers, error.read().decode()
    problems = [] if status == exchange.status else [f"status {status} where the docs show {exchange.status}"]
    for name, value in exchange.answer_headers.items():
        if headers.get(name) != value:
            problems.append(f"header {name}: {headers.get(name)!r} where the docs show {value!r}")
    if exchange.answer_body is not None:
        problems += matches(exchange.answer_body, json.loads(text) if text else None, captured)
    return problems
