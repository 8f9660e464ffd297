"""Why the SDK does not show an element: the ``reason`` of each hide command, and the one a page
reads in the ``service:availability`` event's ``detail.reason`` on the element.

Declared once, here: the SDK's TypeScript declarations (``ServiceSDK.UnavailableReason``), the
bridge protocol and docs/sdk.md's table are held to :data:`REASONS` by tests; the loader says
:data:`CHECKING` and :data:`CANNOT_START` itself, where it hides without the bridge.
"""

CHECKING = "checking"
UNAVAILABLE = "unavailable"
INVALID = "invalid"
NO_BUTTON = "no_button"
CANNOT_START = "cannot_start"

# Each reason, as docs/sdk.md explains it to a merchant.
REASONS = {
    CHECKING: "its availability is being checked: a button new to the page, or one whose amount,"
    " currency or product type changed",
    UNAVAILABLE: "the service does not offer its product for its amount and currency (any answer but"
    " 201, or no answer)",
    INVALID: "its attributes are invalid; a console warning names the element and the problem",
    NO_BUTTON: "payment information none of whose buttons is shown",
    CANNOT_START: "the SDK cannot start (`service.ready` rejected): nothing it shows could be paid",
}
