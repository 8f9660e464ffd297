"""The bridge's backlog: work left for later turns of the event loop runs in order."""

from sdk.backlog import Backlog


class Turns:
    """A stand-in for the browser's event loop: callbacks wait until a test runs a turn."""

    def __init__(self) -> None:
        self.waiting: list = []

    def schedule(self, callback) -> None:
        self.waiting.append(callback)

    def run_one(self) -> None:
        self.waiting.pop(0)()


def make() -> tuple[Backlog, Turns, list]:
    turns, done = Turns(), []
    return Backlog(turns.schedule, lambda step: step()), turns, done


def test_a_long_report_is_read_one_slice_per_turn_and_later_messages_wait_behind_it():
    backlog, turns, done = make()

    def read(slices: list) -> None:  # as the bridge reads a report: a slice now, the rest later
        done.append(slices[0])
        if len(slices) > 1:
            backlog.defer(lambda: read(slices[1:]), first=True)

    read(["slice 1", "slice 2", "slice 3"])
    assert backlog.busy
    backlog.defer(lambda: done.append("a change to an element"))  # a message that came meanwhile
    turns.run_one()
    assert done == ["slice 1", "slice 2"]
    turns.run_one()
    assert done == ["slice 1", "slice 2", "slice 3", "a change to an element"]
    assert not backlog.busy and turns.waiting == []


def test_one_turn_is_asked_for_however_many_steps_wait():
    backlog, turns, done = make()
    for name in ("a", "b", "c"):
        backlog.defer(lambda name=name: done.append(name))
    assert len(turns.waiting) == 1
    turns.run_one()
    assert done == ["a", "b", "c"]


def test_a_step_that_fails_is_reported_and_the_next_steps_still_run():
    turns, done, failures = Turns(), [], []

    def guarded(step) -> None:
        try:
            step()
        except ValueError as exc:
            failures.append(str(exc))

    def fail() -> None:
        raise ValueError("broken")

    backlog = Backlog(turns.schedule, guarded)
    backlog.defer(fail)
    backlog.defer(lambda: done.append("next"))
    turns.run_one()
    assert failures == ["broken"] and done == ["next"]
