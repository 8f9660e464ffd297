"""One availability request per distinct (amount, currency, product type) for a page's life.

The cache remembers answers and which checks are under way, so concurrent and repeated checks
of the same triple share one request. It never fetches: it tells the caller when to.
"""

PENDING = "pending"
# Distinct (amount, currency, product type) checked by one request of several checks: the first
# answers' and a batch's (a catalogue page's prices, a render's buttons); beyond it, another
# request.
BATCH_TRIPLES = 20
BATCH_PATH = "/sdk/checks"


class AvailabilityCache:
    """Answers by triple: True (available), False (not), or PENDING while a request runs."""

    def __init__(self) -> None:
        self._answers: dict = {}

    def answer(self, triple: tuple) -> "bool | str | None":
        """True, False, PENDING, or None when nobody asked yet."""
        return self._answers[triple] if triple in self._answers else None  # no get(): see sdk/__init__.py

    def begin(self, triple: tuple) -> bool:
        """Note that ``triple`` is needed; True when the caller must send the request."""
        if triple in self._answers:
            return False
        self._answers[triple] = PENDING
        return True

    def settle(self, triple: tuple, available: bool) -> None:
        """Record the request's outcome; a failure counts as not available for the page's life."""
        self._answers[triple] = bool(available)

    def requested(self) -> int:
        """How many distinct triples were ever requested."""
        return len(self._answers)


def check_url(api_url: str, triple: tuple) -> str:
    """The availability check's URL for a triple."""
    amount, currency, product_type = triple
    url = f"{api_url}/checkout/button?amount={amount}&currency={currency}"
    if product_type != "instalments":
        url += f"&product%5Btype%5D={product_type}"
    return url


def batch_url(api_url: str, triples: list) -> str:
    """One request for several checks: ``amount:currency:product type``, comma-separated (valid
    triples hold digits, letters and ``_`` only: nothing to encode)."""
    checks = [f"{amount}:{currency}:{product_type}" for amount, currency, product_type in triples]
    return f"{api_url}{BATCH_PATH}?checks=" + ",".join(checks)


def is_available_status(status: int) -> bool:
    """The check answers 201 when the product is available; anything else means hidden."""
    return status == 201
