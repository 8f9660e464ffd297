"""API keys: how a key is read from text, and which kind it is.

One rule for the server and the SDK alike. The server reads ``Authorization`` headers and the
fixture's keys with it; the SDK's build bundles this very module into the bridge, which refuses
a private key before it could ever be sent. It runs under Brython without a standard library,
so it imports nothing.

A key is read with the ASCII whitespace around it removed (``" sk_test_demo"`` is
``sk_test_demo``); what remains must be printable ASCII without spaces, or the text holds no key
at all. Only ASCII whitespace: ``str.strip()`` also removes a no-break space (U+00A0) and the
other Unicode spaces, and a key pasted with one must be refused, not quietly accepted. The kind
comes from the prefix, in any case: ``pk_`` is a public key, ``sk_`` a private one.
"""

PUBLIC = "public"
PRIVATE = "private"
_KINDS = {"pk_": PUBLIC, "sk_": PRIVATE}
ASCII_WHITESPACE = " \t\n\r\x0b\x0c"


def read_key(text: object) -> str | None:
    """The key ``text`` holds, without surrounding whitespace; None when it holds none."""
    if not isinstance(text, str):
        return None
    key = text.strip(ASCII_WHITESPACE)
    if not key:
        return None
    for character in key:
        if not " " < character <= "~":
            return None
    return key


def key_kind(key: str) -> str | None:
    """``PUBLIC`` or ``PRIVATE`` by the key's prefix (any case), None for another prefix."""
    prefix = key[:3].lower()
    return _KINDS.get(prefix)
