"""What the service says a plan costs, in the shopper's language: the texts the SDK writes by a
button (``short``, ``long``), the representative example, and the names of the products.

Every figure comes from the plan rule (:mod:`backend_stub.domain.schedules`, through an
:class:`~backend_stub.domain.plans.Offer`); this module only words it, through the gettext
catalogs (:mod:`.catalogs`) and CLDR's formats (:mod:`.formats`). The wording follows the
product's shape (one payment or several, the unit between them, a first payment at checkout or
later), not its type, so a new product with a new shape is worded without a change here.

For an SDK message: ``message(offer, language, form)``, the offer from
:func:`backend_stub.domain.plans.offer` and the language from
:func:`backend_stub.domain.locales.resolve_language` over :func:`.catalogs.languages`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..domain.plans import Offer
from ..domain.products import DAYS, WEEKS, Interval, Product
from ..domain.schedules import Schedule
from .catalogs import translations
from .formats import money, percent

__all__ = ["FORMS", "Texts", "product_name", "plan_texts", "offer_texts", "message"]

FORMS = ("short", "long")  # the texts a message container may ask for


@dataclass(frozen=True, slots=True)
class Texts:
    """One plan's (or one product's) words: a line (``short``), the line with its cost
    (``long``), the representative example; and for pages that lay a plan out, its parts:
    the payments and when they start (``schedule``), the cost (``cost``) and what is paid in all
    (``in_total``)."""

    short: str
    long: str
    example: str
    schedule: str
    cost: str
    in_total: str

    def as_dict(self) -> dict[str, str]:
        """What the API and the SDK's messages carry."""
        return {"short": self.short, "long": self.long, "example": self.example}


class _Words:
    """The phrases of one language and currency."""

    def __init__(self, language: str, currency: str) -> None:
        self.language = language
        self.currency = currency
        catalog = translations(language)
        self.gettext = catalog.gettext
        self.ngettext = catalog.ngettext

    def money(self, amount: int) -> str:
        return money(amount, self.currency, self.language)

    def within(self, interval: Interval) -> str:
        """When, from now: ``in 15 days``, ``in 1 month``."""
        # The preposition is part of the text: a language may need its own word, or a case of
        # the noun it governs (German "in 15 Tagen"; Portuguese "daqui a 15 dias").
        count = interval.count
        if interval.unit == DAYS:
            # Translators: when, from today: "Pay €275.00 in 15 days", "the first in 1 month".
            phrase = self.ngettext("in %(count)d day", "in %(count)d days", count)
        elif interval.unit == WEEKS:
            phrase = self.ngettext("in %(count)d week", "in %(count)d weeks", count)
        else:
            phrase = self.ngettext("in %(count)d month", "in %(count)d months", count)
        return phrase % {"count": count}

    def per(self, interval: Interval) -> str:
        """How often: ``a month``, ``every 2 weeks``."""
        # One of each: the words differ ("a month", "every 2 months"), and a language whose
        # plural of 21 is its singular's must not say "a month" for 21 months.
        count = interval.count
        if interval.unit == DAYS:
            if count == 1:
                # Translators: how often, after a payment: "12 payments of €22.91 a month".
                return self.gettext("a day")
            phrase = self.ngettext("every %(count)d day", "every %(count)d days", count)
        elif interval.unit == WEEKS:
            if count == 1:
                return self.gettext("a week")
            phrase = self.ngettext("every %(count)d week", "every %(count)d weeks", count)
        else:
            if count == 1:
                return self.gettext("a month")
            phrase = self.ngettext("every %(count)d month", "every %(count)d months", count)
        return phrase % {"count": count}

    def figures(self, plan: Schedule) -> dict[str, str | int]:
        """Every figure a text may quote, written."""
        return {
            "count": plan.count,
            "payment": self.money(plan.regular),
            "last": self.money(plan.last),
            "total": self.money(plan.total),
            "interest": self.money(plan.interest),
            "amount": self.money(plan.total - plan.interest),
            "tin": percent(plan.tin, self.language),
            "tae": percent(plan.tae, self.language),
        }

    def last_note(self, plan: Schedule) -> str:
        """`` (the last €22.99)`` when the last payment differs, else nothing."""
        if plan.count == 1 or plan.last == plan.regular:
            return ""
        # Translators: the last payment, when it differs from the others.
        return " " + self.gettext("(the last %(last)s)") % {"last": self.money(plan.last)}

    def cost(self, plan: Schedule) -> str:
        return self.gettext(
            "%(tae)s APR, nominal rate %(tin)s, interest %(interest)s, total to pay %(total)s."
        ) % self.figures(plan)

    def in_total(self, plan: Schedule) -> str:
        """``0% APR, no fees: you pay €875.00 in total.``"""
        return self.gettext("%(tae)s APR, no fees: you pay %(total)s in total.") % self.figures(plan)

    def plan_line(self, product: Product, plan: Schedule) -> str:
        """``12 payments of €22.91 a month``, ``Pay €275.00 in 15 days``."""
        figures = self.figures(plan)
        if plan.count == 1:
            return self.gettext("Pay %(total)s %(when)s") % {
                **figures,
                "when": self.within(product.first_after),
            }
        line = self.ngettext(
            "%(count)d payment of %(payment)s %(per)s",
            "%(count)d payments of %(payment)s %(per)s",
            plan.count,
        )
        return line % {**figures, "per": self.per(product.every)}

    def first(self, product: Product) -> str:
        """When the first payment falls due: ``the first today``, ``the first in 1 month``."""
        if product.first_after.count == 0:
            # Translators: the first payment (your word for a payment gives its gender).
            return self.gettext("the first today")
        return self.gettext("the first %(when)s") % {"when": self.within(product.first_after)}

    def example(self, product: Product, plan: Schedule) -> str:
        figures = self.figures(plan)
        if plan.count == 1:
            text = self.gettext(
                "Representative example: %(amount)s in one payment of %(total)s %(when)s, fixed nominal"
                " rate %(tin)s, APR %(tae)s, interest %(interest)s, total to pay %(total)s."
            )
            return text % {**figures, "when": self.within(product.first_after)}
        text = self.ngettext(
            "Representative example: %(amount)s in %(count)d payment of %(payment)s %(per)s%(last_note)s,"
            " fixed nominal rate %(tin)s, APR %(tae)s, interest %(interest)s, total to pay %(total)s.",
            "Representative example: %(amount)s in %(count)d payments of %(payment)s %(per)s%(last_note)s,"
            " fixed nominal rate %(tin)s, APR %(tae)s, interest %(interest)s, total to pay %(total)s.",
            plan.count,
        )
        return text % {**figures, "per": self.per(product.every), "last_note": self.last_note(plan)}


def product_name(product: Product, language: str) -> str:
    """The product's name in ``language`` (``Pay in instalments``, ``Pago a plazos``)."""
    return translations(language).gettext(product.label)


def plan_texts(product: Product, plan: Schedule, currency: str, language: str) -> Texts:
    """The words of one plan of ``product``: ``12 payments of €22.91 a month``, then with its
    first due date and cost, and its representative example."""
    words = _Words(language, currency)
    line = words.plan_line(product, plan)
    schedule = line
    if plan.count > 1:
        schedule = words.gettext("%(plan)s%(last_note)s, %(first)s") % {
            "plan": line,
            "last_note": words.last_note(plan),
            "first": words.first(product),
        }
    cost = words.cost(plan)
    long = words.gettext("%(plan)s. %(cost)s") % {"plan": schedule, "cost": cost}
    return Texts(line, long, words.example(product, plan), schedule, cost, words.in_total(plan))


def offer_texts(offer: Offer, language: str) -> Texts | None:
    """The words of a product for an amount (what the SDK writes by its button), or None when it
    offers nothing there. A product with one term says what that plan says; one with several
    quotes its representative plan (the longest, with the smallest payments): ``From €22.91 a
    month``."""
    plan = offer.representative
    if plan is None:
        return None
    product = offer.product
    texts = plan_texts(product, plan, offer.currency, language)
    if len(product.terms) == 1:
        return texts
    words = _Words(language, offer.currency)
    figures = {**words.figures(plan), "per": words.per(product.every)}
    short = words.gettext("From %(payment)s %(per)s") % figures
    over = words.ngettext(
        "From %(payment)s %(per)s over %(count)d payment",
        "From %(payment)s %(per)s over %(count)d payments",
        plan.count,
    )
    long = words.gettext("%(plan)s%(last_note)s. %(cost)s") % {
        "plan": over % figures,
        "last_note": words.last_note(plan),
        "cost": texts.cost,
    }
    return Texts(short, long, texts.example, texts.schedule, texts.cost, texts.in_total)


def message(offer: Offer, language: str, form: str) -> str | None:
    """The text the SDK writes by a button for ``offer``: ``form`` is ``short`` or ``long``
    (:data:`FORMS`); None when the product offers nothing for the amount (no message without
    its button)."""
    if form not in FORMS:
        raise ValueError(f"a message is one of {', '.join(FORMS)}, not {form!r}")
    texts = offer_texts(offer, language)
    return None if texts is None else getattr(texts, form)
