"""Schemathesis hooks that turn its generated requests hostile: the payload classes of issue 11.

Loaded by the fuzz run (tests/api/test_fuzz.py) through ``SCHEMATHESIS_HOOKS``. Every case
schemathesis generates, for every operation of the OpenAPI document and in every phase, gets one
class of hostile input in turn, in the place it belongs (path, query or body): JSON nested past
the limit, integers of thousands of digits, values of the wrong type, timestamps out of range,
too many filters or search words, pathological and unsupported regular expressions, control
characters, unaddressable ids, long names, URLs that browsers and Python read differently.
The run checks only that nothing answers 5xx: these requests are meant to be refused.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from typing import Any

import schemathesis

# The hostile integers below have thousands of digits: the client must be able to write them.
sys.set_int_max_str_digits(0)

WORDS = " ".join(f"w{n}" for n in range(999))
TEXT = [
    "9999-12-31T23:59:59-23:59",
    "0001-01-01T00:00:00+00:01",
    "1" * 4301,
    "5\n",
    "\u00b2",
    "(x+x+)+y",
    "(.*.*)*$X",
    "(?=x)x",
    r"(a)\1",
    "\u0000\u0001\u001b",
    "\uffff",
    "a" * 300,
    WORDS,
    ",".join(["1"] * 1000),
    "https://evil.example\\@shop.example",
]
PATH = [".", "..", "...", "a" * 300, "\u0001", "%00", "a b", "caf\u00e9", "%2E%2E", "\uffff"]
FILTERS = [
    {"name-regex": "(.*.*)*$X"},
    {"name-iregex": "(x+x+)+y"},
    {"name-regex": "(?<=a)b"},
    {"created-gte": "9999-12-31T23:59:59-23:59"},
    {"confirmed-lt": "0001-01-01T00:00:00+23:59"},
    {"id": ["x"] * 1000},
    {"name-search": WORDS},
    {"total_amount-in": ",".join(["1"] * 1000)},
    {"total_amount": "1" * 4301},
    {"page": "1" * 4301},
]


def _deep(levels: int) -> Any:
    value: Any = 0
    for _ in range(levels):
        value = [value]
    return value


def _wrong_types(body: Any) -> Any:
    """Each value of an object put in a list (``{"status": ["success"]}``), recursively."""
    if isinstance(body, dict):
        return {key: [_wrong_types(value)] for key, value in body.items()}
    if isinstance(body, list):
        return [_wrong_types(item) for item in body]
    return body


def _texts(body: Any, text: str) -> Any:
    """Every string of the body replaced by ``text``."""
    if isinstance(body, dict):
        return {key: _texts(value, text) for key, value in body.items()}
    if isinstance(body, list):
        return [_texts(item, text) for item in body]
    return text if isinstance(body, str) else body


def _numbers(body: Any, number: int | float) -> Any:
    """Every number of the body replaced by ``number``."""
    if isinstance(body, dict):
        return {key: _numbers(value, number) for key, value in body.items()}
    if isinstance(body, list):
        return [_numbers(item, number) for item in body]
    return number if isinstance(body, int | float) and not isinstance(body, bool) else body


BODIES: list[Callable[[Any], Any]] = [
    lambda body: _deep(200),
    lambda body: {"amount": 10**4300, "order": {"total_amount": -(10**4300)}},
    lambda body: _numbers(body, 10**4300),
    lambda body: _numbers(body, 1.7e308),
    _wrong_types,
    *(lambda body, text=text: _texts(body, text) for text in TEXT),
]
_turn = itertools.count()


@schemathesis.hook
def map_case(context: schemathesis.HookContext, case: Any) -> Any:
    """One hostile class per case, in turn: path parameters, query, filters, or body."""
    turn = next(_turn)
    kind = turn % 4
    if kind == 0 and case.path_parameters:
        value = PATH[turn // 4 % len(PATH)]
        case.path_parameters = dict.fromkeys(case.path_parameters, value)
    elif kind == 1 and case.method.upper() == "GET":
        case.query = {**(case.query or {}), **FILTERS[turn // 4 % len(FILTERS)]}
    elif kind == 2 and case.query:
        value = TEXT[turn // 4 % len(TEXT)]
        case.query = dict.fromkeys(case.query, value)
    elif case.body is not None and case.media_type and "json" in case.media_type:
        case.body = BODIES[turn // 4 % len(BODIES)](case.body)
    return case
