"""What a refund does to its order's payments, written in the refund's transaction.

The rule is :mod:`..domain.payments`'s; this module reads the order's payments on the refund's
day, writes the amounts the refund leaves them, and gives the refund what it paid back.
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace

from ..domain.orders import Order
from ..domain.payments import payments, repay
from ..domain.refunds import Refund
from .orders import encode_payments

__all__ = ["settle_refund"]


def settle_refund(conn: sqlite3.Connection, merchant_id: str, order: Order, refund: Refund) -> Refund:
    """Lower what ``order`` still owes by ``refund`` (made on its ``accrual_date``) inside the
    caller's transaction; the refund with its ``credit_to_customer``, to be written next."""
    repayment = repay(payments(order, refund.accrual_date), refund.amount)
    conn.execute(
        "UPDATE orders SET payments = ? WHERE merchant_id = ? AND id = ?",
        (encode_payments(repayment.amounts), merchant_id, order.id),
    )
    return replace(refund, credit_to_customer=repayment.credit_to_customer)
