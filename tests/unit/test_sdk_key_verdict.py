"""A wrong public key is said once per page, and ``service.ready`` waits for the first answer of
the checks under way at start (sdk/key_verdict.py)."""

import pytest

from sdk.key_verdict import KeyVerdict

WORDS = "service: public key 'pk_test_wrong' is not known to http://127.0.0.1:8400: ..."
VERIFIED = [{"type": "verified"}]
FAILED = [{"type": "failed", "code": "unknown_key", "message": WORDS}]
LOGGED = [{"type": "commands", "commands": [{"op": "console", "level": "error", "message": WORDS}]}]


def told(steps) -> list:
    """What the loader hears over a run of steps: ``sent``, ``start``, or an answer's status."""
    verdict, heard = KeyVerdict(WORDS), []
    for step in steps:
        if step == "sent":
            verdict.sent()
        elif step == "start":
            heard += verdict.start()
        else:
            heard += verdict.answered(step)
    return heard


@pytest.mark.parametrize(
    ("steps", "heard"),
    [
        (["start"], VERIFIED),  # nothing to check at load: ready at once, no request for the key
        (["sent", "start"], []),  # ready waits for the first answer
        (["sent", "start", 201, 403], VERIFIED),
        (["sent", "start", 403], VERIFIED),  # not offered is an answer to a known key
        (["sent", "start", 503], VERIFIED),  # the service's trouble is not the key's
        (["sent", "start", 0], VERIFIED),  # no answer cannot tell: the page is not held
        (["sent", 201, "start"], VERIFIED),  # an answer before the loader's report
        (["sent", "start", 401], FAILED),  # ready rejects with the words, which the loader logs
        (["sent", "start", 401, 401, 401], FAILED),  # once per page, not per button
        (["sent", 401, "start", 401], FAILED),
        (["start", "sent", 401, "sent", 401], VERIFIED + LOGGED),  # ready before its first check
        (["sent", "start", 401, "sent", 201], FAILED),
    ],
)
def test_what_the_loader_hears(steps, heard):
    assert told(steps) == heard
