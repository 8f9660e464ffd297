"""Payment-information containers follow their buttons.

A container with ``data-service-payment-info="X"`` goes with the buttons whose
``data-service-button`` is ``X``; one without a value goes with the buttons without a value.
It is shown exactly when at least one of its buttons is shown.

:class:`Pairing` keeps, per group, how many buttons are shown, so one button changing costs
the same on a page of three buttons as on a page of three hundred.
"""


class Pairing:
    """Shown-button counts per group, and the containers of each group."""

    def __init__(self) -> None:
        self.shown_count: dict = {}  # group -> number of its buttons that are shown
        self.members: dict = {}  # group -> list of container ids (lists: see page.py)
        self.group_of: dict = {}  # container id -> group

    def add_container(self, container_id: int, group: str) -> bool:
        """Register a container; returns whether it is to be shown now."""
        self.remove_container(container_id)
        self.group_of[container_id] = group
        if group in self.members:
            self.members[group].append(container_id)
        else:
            self.members[group] = [container_id]
        return group in self.shown_count and self.shown_count[group] > 0

    def remove_container(self, container_id: int) -> None:
        # `in` before pop(): see sdk/__init__.py.
        if container_id in self.group_of:
            self.members[self.group_of.pop(container_id)].remove(container_id)

    def button_shown(self, group: str) -> list:
        """A button of ``group`` became visible: the containers that must appear now."""
        count = (self.shown_count[group] if group in self.shown_count else 0) + 1
        self.shown_count[group] = count
        return self._containers(group) if count == 1 else []

    def button_hidden(self, group: str) -> list:
        """A shown button of ``group`` was hidden or left: the containers that must go now."""
        count = (self.shown_count[group] if group in self.shown_count else 0) - 1
        self.shown_count[group] = count
        return self._containers(group) if count == 0 else []

    def _containers(self, group: str) -> list:
        members = self.members[group] if group in self.members else ()
        return sorted(members) if len(members) > 1 else list(members)
