"""``service.button(options)``: validating what a script asks for."""

from backend_stub.sdk_rules.attributes import (
    INSTALMENTS,
    amount_problem,
    currency_problem,
    product_type_problem,
)


class ButtonCall:
    """A valid ``service.button()`` request."""

    def __init__(self, selector: str | None, triple: tuple) -> None:
        self.selector = selector
        self.triple = triple


def _option_problem(options: dict) -> str | None:
    selector = options.get("selector")
    if selector is not None and (not isinstance(selector, str) or not selector.strip()):
        return f"option 'selector' must be a non-empty CSS selector string, got {selector!r}"
    problem = amount_problem(options.get("amount"), "option 'amount'") or currency_problem(
        options.get("currency"), "option 'currency'"
    )
    if problem:
        return problem
    product = options.get("product")
    if product is not None and not isinstance(product, dict):
        return f"option 'product' must be an object such as {{type: 'pay_later'}}, got {product!r}"
    return product_type_problem((product or {}).get("type"), "option 'product.type'")


def parse_button_options(options: object) -> tuple:
    """``(ButtonCall, None)``, or ``(None, message)`` naming the bad option."""
    if not isinstance(options, dict):
        return None, f"service.button: options must be an object, got {options!r}"
    problem = _option_problem(options)
    if problem:
        return None, "service.button: " + problem
    product_type = (options.get("product") or {}).get("type") or INSTALMENTS
    triple = (int(options["amount"]), options["currency"], product_type)
    return ButtonCall(options.get("selector"), triple), None
