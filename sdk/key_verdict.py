"""Whether the service knows the page's public key, learnt from the API's answers: a 401 means
it does not (a wrong key, or a key of another service), which otherwise looks like a product
that is not offered: every button stays hidden and nothing says why.

``service.ready`` waits for the first answer of the checks under way when the bridge starts, and
rejects with the unknown-key message on a 401; a page that checks nothing at start is ready at
once (no request is made only to test the key). The unknown key is said once per page, however
many checks answer 401.

:class:`KeyVerdict` returns the messages the bridge posts to the loader; it sends nothing itself.
"""

from .messages import UNKNOWN_KEY

UNAUTHORIZED = 401


class KeyVerdict:
    """The key's verdict and what the loader has been told of it."""

    def __init__(self, unknown_message: str) -> None:
        self.unknown_message = unknown_message
        self.known: bool | None = None  # None until an answer says
        self.started = False  # the loader has handed over what it found at load
        self.waiting = False  # checks were sent whose first answer settles ``service.ready``
        self.settled = False  # ``service.ready`` resolved or rejected
        self.told = False  # the unknown key was said

    def sent(self) -> None:
        """Checks left for the service."""
        self.waiting = True

    def start(self) -> list:
        """The loader has reported what it found at load (its outbox is empty)."""
        self.started = True
        if self.known is None and self.waiting:
            return []
        return self._settle()

    def answered(self, status: int) -> list:
        """An answer of the API came back with ``status``."""
        if self.known is None:
            self.known = status != UNAUTHORIZED
        elif status == UNAUTHORIZED:
            self.known = False
        if not self.started:
            return []
        return self._settle()

    def _settle(self) -> list:
        if self.known is False and not self.told:
            self.told = True
            if not self.settled:
                self.settled = True
                return [{"type": "failed", "code": UNKNOWN_KEY, "message": self.unknown_message}]
            return [
                {
                    "type": "commands",
                    "commands": [{"op": "console", "level": "error", "message": self.unknown_message}],
                }
            ]
        if self.settled:
            return []
        self.settled = True
        return [{"type": "verified"}]
