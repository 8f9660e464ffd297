"""The words the SDK shows on the merchant's page itself, around the service's own pages: the
overlay's loading state and its labels, and the control by a message that opens the information
window. The loader shows some of them before the bridge is up (a checkout asked for at once gets
its overlay at once), so they are data it carries, not texts it asks for: one small table per
language, the same for every merchant.

- :func:`overlay_texts` gives one language's table (for a server that renders them into what it
  sends: the bridge page, the first answers);
- :func:`overlay_table` gives every language's, keyed by language, for a build that writes them
  into the loader; ``python -m backend_stub.language.overlay_texts`` prints it as JSON.

The keys are fixed (:data:`KEYS`); a language is a catalog's (:func:`.catalogs.languages`), and a
shopper's locale tag picks one by :func:`backend_stub.domain.locales.resolve_language` (a region
falls back to its language, an unknown one to English).
"""

from __future__ import annotations

import json
import sys

from .catalogs import languages, translations

__all__ = ["KEYS", "overlay_texts", "overlay_table"]

KEYS = (
    "loading",  # the overlay's status line while the hosted page loads
    "checkout_label",  # the checkout overlay's accessible name (dialog and frame)
    "close_checkout",  # its close control's accessible name
    "plans_label",  # the information window's overlay: its accessible name
    "close_plans",  # its close control's accessible name
    "learn_more",  # the control ending a message, which opens the information window
)


def overlay_texts(language: str) -> dict[str, str]:
    """The SDK's own words in ``language`` (a catalog's name, or a locale such as ``fr_CH``),
    under :data:`KEYS`."""
    _ = translations(language).gettext
    return {
        "loading": _("Loading…"),
        # Translators: the accessible name of the overlay that holds the payment page.
        "checkout_label": _("Checkout"),
        "close_checkout": _("Close checkout"),
        # Translators: the accessible name of the overlay that shows the payment plans.
        "plans_label": _("Ways to pay"),
        "close_plans": _("Close"),
        # Translators: a button after a payment message ("From €22.91 a month"): it opens the plans.
        "learn_more": _("Learn more"),
    }


def overlay_table() -> dict[str, dict[str, str]]:
    """Every language's :func:`overlay_texts`, English first."""
    return {language: overlay_texts(language) for language in languages()}


if __name__ == "__main__":
    json.dump(overlay_table(), sys.stdout, ensure_ascii=False, indent=1, sort_keys=False)
    sys.stdout.write("\n")
