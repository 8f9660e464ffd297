"""The SDK's configuration: the script tag's query string, or ``service.init(options)``."""

from backend_stub.domain.keys import PRIVATE, key_kind, read_key

DEFAULT_CHECKOUT_TIMEOUT_MS = 15000
# The longest checkout timeout (an hour): a number within it, or its ASCII digits in a URL.
MAX_CHECKOUT_TIMEOUT_MS = 3600000
_MAX_DIGITS = 7  # the digits of MAX_CHECKOUT_TIMEOUT_MS
# How much of a refused value a message quotes: a URL's value may be thousands of characters.
_QUOTED = 40
# How every start-up failure begins, the loader's too (sdk/loader/start.js writes it out; a unit test
# holds it to this): one wording for one failure.
CANNOT_START = "service SDK cannot start: "


class Settings:
    """A valid configuration."""

    def __init__(self, public_key: str, sandbox: bool, checkout_timeout_ms: int) -> None:
        self.public_key = public_key
        self.sandbox = sandbox
        self.checkout_timeout_ms = checkout_timeout_ms

    @property
    def accept(self) -> str:
        """The Accept header of API calls: sandbox mode is asked for there."""
        mode = "sandbox." if self.sandbox else ""
        return f"application/vnd.service.{mode}v1+json"


def _quoted(value: object) -> str:
    shown = f"{value!r}"
    return shown if len(shown) <= _QUOTED else shown[:_QUOTED] + "..."


def _sandbox(value: object) -> tuple:
    if value is True or value == "true":
        return True, None
    if value is False or value == "false":
        return False, None
    if value is None:
        return (
            None,
            "the 'sandbox' parameter is missing: add sandbox=true (testing) or sandbox=false (production)",
        )
    return None, f"the 'sandbox' parameter must be true or false, got {_quoted(value)}"


def _digits(text: str) -> int | None:
    """The number ``text`` writes in ASCII digits, at most :data:`_MAX_DIGITS` of them; None for
    anything else. ``str.isdigit()`` also takes '²', which ``int()`` then refuses, and ``int()``
    of thousands of digits is refused too (or slow): the rule is written out, the same in
    CPython and in the worker."""
    if not 0 < len(text) <= _MAX_DIGITS or text.strip("0123456789"):
        return None
    return int(text)


def _timeout(value: object) -> int | None:
    """Milliseconds from a number or, in a URL, its digits, from 1 to
    :data:`MAX_CHECKOUT_TIMEOUT_MS`; absent means the default; None when not valid."""
    if value is None or value == "":
        return DEFAULT_CHECKOUT_TIMEOUT_MS
    if isinstance(value, str):
        value = _digits(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if not 1 <= value <= MAX_CHECKOUT_TIMEOUT_MS:  # also refuses NaN
        return None
    return int(value)


def parse_settings(raw: dict) -> tuple:
    """``(Settings, None)`` or ``(None, message)``; the message names every problem at once."""
    problems = []
    given_key = raw.get("public_key")
    # The rule the server reads keys with (backend_stub.domain.keys, bundled with the SDK):
    # " sk_..." is the private key sk_..., so it is refused like it.
    key = read_key(given_key)
    if not isinstance(given_key, str) or not given_key.strip():
        problems.append("the 'public-key' parameter is missing: add public-key=<your public API key>")
    elif key is None:
        problems.append("'public-key' is not an API key: a key is printable ASCII without spaces")
    elif key_kind(key) == PRIVATE:
        problems.append("'public-key' holds a private key (sk_...): never put a private key in a web page")
    sandbox, problem = _sandbox(raw.get("sandbox"))
    if problem:
        problems.append(problem)
    timeout = _timeout(raw.get("checkout_timeout_ms"))
    if timeout is None:
        given = raw.get("checkout_timeout_ms")
        problems.append(
            f"'checkout_timeout' must be a positive number of milliseconds (at most"
            f" {MAX_CHECKOUT_TIMEOUT_MS}), got {_quoted(given)}"
        )
    if problems:
        return None, CANNOT_START + "; ".join(problems) + "."
    assert key is not None and timeout is not None  # each is a problem above when missing
    return Settings(key, sandbox, int(timeout)), None


def failure_code(raw: dict) -> str:
    """The code of the reason :func:`parse_settings` refuses ``raw`` for (``service.ready``'s
    rejection and the checkouts' ``onError``): a private key is named, the rest is one code."""
    key = read_key(raw.get("public_key"))
    return "private_key" if key is not None and key_kind(key) == PRIVATE else "invalid_settings"
