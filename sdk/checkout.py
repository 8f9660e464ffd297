"""The checkout session: what happens between ``service.checkout()`` and the last callback.

The rules come from the service document's Events table (and CONTRACT 3):

- a status change to ``success``, ``pending`` or ``ko`` calls ``onStatusChange(status)``; the
  overlay stays open;
- when the checkout closes with status S, the overlay goes, ``onClose(S)`` is called, then the
  callback for S if the page defined it, else the page goes to the checkout's URL for S if it
  has one, else nothing more; ``onClose`` never suppresses the URL, only the callback for S does;
- closing by hand gives ``dismiss`` when no status was reported yet, else the last status;
- ``error`` when the checkout cannot be loaded (unknown or expired id, no answer in time, or the
  hosted page reports an error);
- only ``http:`` and ``https:`` URLs are ever visited; one checkout at a time.

:class:`Checkouts` is a plain state machine: it takes events and returns an :class:`Effects`
(commands for the loader, and what the bridge must do: fetch the checkout, start or stop the
load timer). The bridge carries them out; it decides nothing.

A checkout that closes with ``error`` says why once, in the console, and hands the same words to
``onError(reason)`` and ``onClose('error', reason)`` (``reason``: ``{code, message}``, see
sdk/messages.py): an addition to the document's callbacks, whose first arguments stay as they are.
"""

from . import messages

# typing reaches mypy only: see backend_stub/sdk_rules/attributes.py.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeGuard

REPORTED = ("success", "pending", "ko")
FINAL = ("success", "pending", "ko", "dismiss", "error")
CALLBACKS = {
    "success": "onSuccess",
    "pending": "onPending",
    "ko": "onKO",
    "dismiss": "onDismiss",
    "error": "onError",
}
URLS = {
    "success": "success_url",
    "pending": "pending_url",
    "ko": "ko_url",
    "dismiss": "dismiss_url",
    "error": "error_url",
}
ID_CHARACTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
MAX_ID_LENGTH = 128

LOADING = "loading"  # asking the service for the checkout
OPENING = "opening"  # overlay shown, hosted page not loaded yet
OPEN = "open"  # hosted page loaded


def is_checkout_id(value: object) -> "TypeGuard[str]":
    """A checkout id as the service issues them (letters, digits, ``_`` and ``-``)."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= MAX_ID_LENGTH
        and all(char in ID_CHARACTERS for char in value)
    )


def is_web_url(url: object) -> bool:
    """True for an absolute ``http:`` or ``https:`` URL: the only kind ever navigated to."""
    if not isinstance(url, str):
        return False
    lowered = url.strip().lower()
    for scheme in ("http://", "https://"):
        if lowered.startswith(scheme) and len(lowered) > len(scheme):
            return True
    return False


def closing_commands(
    handle: int, status: str, callbacks: list, urls: dict, reason: dict | None = None
) -> list:
    """The loader's commands when a checkout closes with ``status``, in order; an ``error`` close
    with a ``reason`` logs it and passes it to ``onClose`` and ``onError``."""
    # The overlay of this checkout only: a later checkout's may already be on screen.
    commands: list = [{"op": "close_overlay", "checkout": handle}]
    extra = []
    if reason is not None:
        # An unknown key is said once per page, by the key's verdict (sdk/key_verdict.py).
        if reason["code"] != messages.UNKNOWN_KEY:
            commands.append({"op": "console", "level": "error", "message": reason["message"]})
        extra = [reason]
    if "onClose" in callbacks:
        commands.append({"op": "callback", "checkout": handle, "name": "onClose", "args": [status] + extra})
    own = CALLBACKS[status]
    url = urls.get(URLS[status])
    if own in callbacks:
        commands.append({"op": "callback", "checkout": handle, "name": own, "args": extra})
    elif url:
        if is_web_url(url):
            commands.append({"op": "navigate", "url": url})
        else:
            commands.append(
                {
                    "op": "console",
                    "level": "error",
                    "message": f"service: refused to navigate to {URLS[status]} {url!r}:"
                    " only http(s) URLs are used.",
                }
            )
    commands.append({"op": "forget_checkout", "checkout": handle})
    return commands


class Effects:
    """What a step of the machine asks for."""

    def __init__(self, commands: list | None = None) -> None:
        self.commands = commands or []
        # A checkout to read from the API: the session's handle, and the checkout's id.
        self.fetch_checkout: tuple[int, str] | None = None
        self.start_timer: int | None = None  # milliseconds until the load times out
        self.stop_timer = False


class Session:
    """One checkout, from ``service.checkout()`` to its close."""

    def __init__(self, handle: int, checkout_id: str, callbacks: list) -> None:
        self.handle = handle
        self.checkout_id = checkout_id
        self.callbacks = list(callbacks)
        self.state = LOADING
        self.status = None  # the last status the hosted page reported
        self.urls: dict = {}


class Checkouts:
    """At most one open checkout per page, and the rules of the Events table."""

    def __init__(self, timeout_ms: int, service: str = "", public_key: str = "") -> None:
        self.timeout_ms = timeout_ms
        self.session: Session | None = None
        # For the words of an error: which service and key the page uses.
        self.service, self.public_key = service, public_key

    def start(self, handle: int, checkout_id: object, callbacks: list) -> Effects:
        """``service.checkout(checkout_id, callbacks)`` was called."""
        callbacks = [name for name in callbacks if isinstance(name, str)]
        if self.session is not None:
            return Effects(
                [
                    {
                        "op": "console",
                        "level": "warn",
                        "message": "service: a checkout is already open; this checkout() call is ignored.",
                    },
                    {"op": "forget_checkout", "checkout": handle},
                ]
            )
        if not is_checkout_id(checkout_id):
            why = messages.reason(messages.INVALID_ID, messages.invalid_id(checkout_id))
            return Effects(closing_commands(handle, "error", callbacks, {}, why))
        self.session = Session(handle, checkout_id, callbacks)
        effects = Effects()
        effects.fetch_checkout = (handle, checkout_id)
        return effects

    def found(self, handle: int, checkout: dict | None, frame_url: str, answer: int = 200) -> Effects:
        """The service answered with the checkout of session ``handle``, or without one
        (``answer``: the HTTP status, 0 when the service could not be reached)."""
        session = self.session
        # A closed session's late answer must not load its checkout into the next session.
        if session is None or session.handle != handle or session.state != LOADING:
            return Effects()
        if checkout is None:
            code, words = messages.checkout_not_loaded(
                session.checkout_id, answer, self.public_key, self.service
            )
            return self._close("error", messages.reason(code, words))
        session.urls = dict(checkout.get("merchant") or {})
        status = checkout.get("status")
        if status != "created":  # expired, or already decided: it cannot be loaded again
            code, words = messages.checkout_closed(session.checkout_id, str(status))
            return self._close("error", messages.reason(code, words))
        session.state = OPENING
        effects = Effects(
            [
                {
                    "op": "open_overlay",
                    "checkout": session.handle,
                    "url": frame_url,
                    "label": "Checkout",
                    "close_label": "Close checkout",
                }
            ]
        )
        effects.start_timer = self.timeout_ms
        return effects

    def event(self, handle: object, event: dict) -> Effects:
        """A message from the hosted page (relayed by the loader), or the user closing it."""
        session = self.session
        if session is None or handle != session.handle:
            return Effects()
        kind = event.get("type")
        if session.state == LOADING:
            # The loader shows the overlay at once: a shopper may close it before it has loaded.
            return self._close("dismiss") if kind == "close" else Effects()
        if kind == "loaded":
            session.state = OPEN
            # The hosted page has its own close control now: the overlay's stand-in can go.
            effects = Effects([{"op": "overlay_loaded"}])
            effects.stop_timer = True
            return effects
        if kind == "status" and event.get("status") in REPORTED:
            session.status = event["status"]
            if "onStatusChange" not in session.callbacks:
                return Effects()
            return Effects(
                [
                    {
                        "op": "callback",
                        "checkout": session.handle,
                        "name": "onStatusChange",
                        "args": [session.status],
                    }
                ]
            )
        if kind in ("close", "return"):
            return self._close(session.status or "dismiss")
        if kind == "error":
            words = messages.hosted_page_error(session.checkout_id)
            return self._close("error", messages.reason(messages.HOSTED_PAGE_ERROR, words))
        return Effects()

    def timed_out(self) -> Effects:
        """The load timer fired: a hosted page that never loaded is an error."""
        if self.session is None or self.session.state != OPENING:
            return Effects()
        words = messages.timed_out(self.session.checkout_id, self.timeout_ms)
        return self._close("error", messages.reason(messages.TIMEOUT, words))

    def _close(self, status: str, reason: dict | None = None) -> Effects:
        session = self.session
        assert session is not None  # only an open checkout closes
        self.session = None
        effects = Effects(closing_commands(session.handle, status, session.callbacks, session.urls, reason))
        effects.stop_timer = True
        return effects
