"""Work the bridge leaves for a later turn of the browser's event loop, kept in order.

A page of many buttons is reported in one message; reading it all before sending any check
delays every button. The bridge reads a slice, sends its checks, and leaves the rest here for
the next turn, when the answers that came back meanwhile have been shown. Messages that arrive
while work is waiting queue behind it, so a change to an element is never read before the
report that introduced it.
"""

# The SDK imports nothing outside its package under Brython (sdk/__init__.py): typing's names
# reach only mypy, which takes any `TYPE_CHECKING` as true; annotations naming them are strings.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    Step = Callable[[], None]


class Backlog:
    """Steps to run on later turns.

    ``schedule(callback)`` asks the browser to call back on a later turn; ``run_step(step)``
    runs one step (the bridge passes its guard, which reports what a step raises).
    """

    def __init__(self, schedule: "Callable[[Step], object]", run_step: "Callable[[Step], None]") -> None:
        self.schedule = schedule
        self.run_step = run_step
        self.steps: list = []
        self.scheduled = False

    @property
    def busy(self) -> bool:
        """True while steps wait: new work must queue behind them."""
        return self.scheduled or len(self.steps) > 0

    def defer(self, step: "Step", first: bool = False) -> None:
        """Run ``step`` on a later turn, after the waiting steps (or before them, ``first``)."""
        if first:
            self.steps.insert(0, step)
        else:
            self.steps.append(step)
        if not self.scheduled:
            self.scheduled = True
            self.schedule(self.run)

    def run(self) -> None:
        """Run waiting steps in order until one defers more work, which then waits a turn."""
        self.scheduled = False
        while self.steps:
            self.run_step(self.steps.pop(0))
            if self.scheduled:
                return
