"""Driving the hosted checkout in the SDK's overlay from a Playwright page, as a shopper would.

The overlay is the ``[data-service-overlay]`` dialog the SDK adds to the merchant's page; the
hosted checkout runs in its iframe, on the service's origin. Every move waits for what the
shopper would see next, so a test never needs a sleep: a decision returns once the hosted page
shows its result (and has told the SDK), a close returns once the overlay is gone.
"""

from __future__ import annotations

from playwright.sync_api import FrameLocator, Locator, Page, expect

__all__ = ["CheckoutOverlay", "OVERLAY", "DECISION_BUTTONS"]

OVERLAY = "[data-service-overlay]"
# The hosted page's controls (data-testid), by the status they give the checkout.
DECISION_BUTTONS = {"success": "checkout-approve", "pending": "checkout-pending", "ko": "checkout-deny"}
# The SDK itself gives a checkout 15 s to load; waiting as long never cuts a slow start short.
OPEN_TIMEOUT_MS = 15_000


class CheckoutOverlay:
    """The checkout overlay of one Playwright page."""

    def __init__(self, page: Page, open_timeout_ms: float = OPEN_TIMEOUT_MS) -> None:
        self.page = page
        self.open_timeout_ms = open_timeout_ms

    @property
    def dialog(self) -> Locator:
        """The overlay element on the merchant's page."""
        return self.page.locator(OVERLAY)

    @property
    def frame(self) -> FrameLocator:
        """The hosted checkout inside the overlay."""
        return self.page.frame_locator(f"{OVERLAY} iframe")

    def control(self, test_id: str) -> Locator:
        """A control of the hosted page by its ``data-testid``."""
        return self.frame.get_by_test_id(test_id)

    # -- waiting --------------------------------------------------------------------------------------
    def is_open(self) -> bool:
        """Whether the overlay is on the page right now (no waiting)."""
        return self.dialog.count() > 0

    def wait_open(self) -> CheckoutOverlay:
        """Wait until the hosted checkout has loaded in the overlay and takes clicks."""
        # Enabled, not only visible: the page enables its controls once its script wires them.
        expect(self.control("checkout-close")).to_be_enabled(timeout=self.open_timeout_ms)
        return self

    def wait_closed(self) -> None:
        """Wait until the overlay has left the page (the SDK then runs the callbacks)."""
        expect(self.dialog).to_have_count(0, timeout=self.open_timeout_ms)

    # -- the shopper's moves ----------------------------------------------------------------------
    def choose_term(self, months: int) -> None:
        """Pick an instalment term (3, 6 or 12 months; 12 is chosen at first): its payment dates
        show under the choice, and the decision records it as ``instalments``."""
        self.wait_open()
        self.control(f"checkout-term-{months}").check()
        expect(self.control(f"checkout-dates-{months}")).to_be_visible()

    def approve(self, instalments: int | None = None) -> None:
        """Approve the payment: status ``success``, order ``confirmed``; the overlay stays open.
        ``instalments`` picks a term first (instalments checkouts only)."""
        self._decide("success", instalments)

    def pending(self, instalments: int | None = None) -> None:
        """Leave the payment pending: status ``pending``, order ``pending``."""
        self._decide("pending", instalments)

    def deny(self) -> None:
        """Deny the payment: status ``ko``, order ``denied``."""
        self._decide("ko")

    def return_to_merchant(self) -> None:
        """After a decision, go back to the merchant: the checkout closes with its status."""
        self.control("checkout-return").click()
        self.wait_closed()

    def close(self) -> None:
        """Close the checkout with its close control: ``dismiss`` before a decision, else the
        decided status."""
        self.wait_open()
        self.control("checkout-close").click()
        self.wait_closed()

    def escape(self) -> None:
        """Close the checkout with the Escape key, as a keyboard user would."""
        self.wait_open()
        self.control("checkout-close").press("Escape")
        self.wait_closed()

    def complete(self, status: str, instalments: int | None = None) -> None:
        """Bring the checkout to close with ``status``: decide and return for ``success``,
        ``pending`` and ``ko``; close for ``dismiss``. ``instalments`` picks a term first."""
        if status == "dismiss":
            self.close()
            return
        if status not in DECISION_BUTTONS:
            raise ValueError(
                f"a shopper closes a checkout with one of {(*DECISION_BUTTONS, 'dismiss')}, not {status!r}"
                " (an 'error' comes from the service: expire the checkout or inject a fault)"
            )
        self._decide(status, instalments)
        self.return_to_merchant()

    def _decide(self, status: str, instalments: int | None = None) -> None:
        if instalments is not None:
            self.choose_term(instalments)
        self.wait_open()
        self.control(DECISION_BUTTONS[status]).click()
        # The result and its return control appear once the service recorded the decision and
        # the hosted page told the SDK (both happen before the control is shown).
        expect(self.control("checkout-return")).to_be_visible()
