"""Payment-information containers follow their buttons.

A container with ``data-service-payment-info="X"`` goes with the buttons whose
``data-service-button`` is ``X``; one without a value goes with the buttons without a value.
It is shown exactly when at least one of its buttons is shown.
"""


def shown_groups(buttons: dict) -> set:
    """Groups with at least one shown button; ``buttons`` maps id to (group, shown)."""
    return {group for group, shown in buttons.values() if shown}


def containers_shown(containers: dict, buttons: dict) -> dict:
    """Whether each container is shown; ``containers`` maps id to group."""
    groups = shown_groups(buttons)
    return {container_id: group in groups for container_id, group in containers.items()}
