"""The SDK's picture of the merchant page, and the commands that keep the page in line with it.

The loader reports elements (an id, a tag and the watched attributes); :class:`Page` decides
what each one is, which availability checks to send, and what must be shown or hidden. Its
methods return :class:`Update` objects: commands for the loader, triples to fetch. It never
touches the browser, so CPython tests drive it directly.
"""

from .attributes import BUTTON, PAYMENT_INFO, describe, parse_button
from .availability import PENDING, AvailabilityCache
from .pairing import containers_shown


class Update:
    """What the bridge must do after a change: commands to send, triples to fetch."""

    def __init__(self) -> None:
        self.commands: list = []
        self.fetch: list = []

    def extend(self, other: "Update") -> "Update":
        self.commands.extend(other.commands)
        self.fetch.extend(other.fetch)
        return self


class Page:
    """Buttons, payment-information containers and script-selected targets, by element id."""

    def __init__(self) -> None:
        self.cache = AvailabilityCache()
        self.buttons: dict = {}  # id -> Button, or None when its attributes are invalid
        self.containers: dict = {}  # id -> group
        self.targets: dict = {}  # id -> triple, for elements chosen by service.button(selector)
        self.shown: dict = {}  # id -> the visibility last sent to the loader
        self.warned: dict = {}  # id -> the last problem reported for that element
        self.waiters: dict = {}  # triple -> ids of service.button() calls awaiting the answer

    # -- what the loader reports -------------------------------------------------------
    def report(self, added: list, changed: list, removed: list) -> Update:
        """Elements appeared, changed attributes, or left the page."""
        update = Update()
        for element_id in removed:
            for table in (self.buttons, self.containers, self.shown, self.warned):
                table.pop(element_id, None)
        for element in list(added) + list(changed):
            self._classify(element, update)
        return self._sync(update)

    def _classify(self, element: dict, update: Update) -> None:
        element_id, attrs = element["id"], element["attrs"]
        self.buttons.pop(element_id, None)
        self.containers.pop(element_id, None)
        if BUTTON in attrs:
            button, problem = parse_button(attrs)
            self.buttons[element_id] = button
            if problem is None:
                self.warned.pop(element_id, None)
                self._need(button.triple, update)
            elif self.warned.get(element_id) != problem:
                self.warned[element_id] = problem
                update.commands.append(
                    {
                        "op": "console",
                        "level": "warn",
                        "id": element_id,
                        "message": f"service: payment button {describe(element.get('tag', 'element'), attrs)}"
                        f" stays hidden: {problem}.",
                    }
                )
        elif PAYMENT_INFO in attrs:
            self.containers[element_id] = attrs[PAYMENT_INFO] or ""

    def _need(self, triple: tuple, update: Update) -> None:
        if self.cache.begin(triple):
            update.fetch.append(triple)

    # -- service.button() ----------------------------------------------------------------
    def ask(self, call_id: int, triple: tuple, target_ids: list | None = None) -> Update:
        """A script asks whether ``triple`` is available, optionally for some elements."""
        update = Update()
        for element_id in target_ids or []:
            self.targets[element_id] = triple
        if self.cache.answer(triple) in (None, PENDING):
            self.waiters.setdefault(triple, []).append(call_id)
            self._need(triple, update)
            return self._sync(update)
        self._sync(update)
        update.commands.append({"op": "resolve", "call": call_id, "value": self.cache.answer(triple)})
        return update

    # -- answers -------------------------------------------------------------------------
    def settle(self, triple: tuple, available: bool) -> Update:
        """The availability check for ``triple`` answered (or failed: not available)."""
        self.cache.settle(triple, available)
        update = self._sync(Update())
        for call_id in self.waiters.pop(triple, []):
            update.commands.append({"op": "resolve", "call": call_id, "value": bool(available)})
        return update

    # -- visibility ----------------------------------------------------------------------
    def visibility(self) -> dict:
        """Whether each known element should be shown now."""
        wanted = {}
        groups = {}
        for element_id, button in self.buttons.items():
            shown = button is not None and self.cache.answer(button.triple) is True
            wanted[element_id] = shown
            groups[element_id] = (button.group if button is not None else None, shown)
        wanted.update(containers_shown(self.containers, groups))
        for element_id, triple in self.targets.items():
            wanted[element_id] = self.cache.answer(triple) is True
        return wanted

    def _sync(self, update: Update) -> Update:
        show, hide = [], []
        for element_id, shown in self.visibility().items():
            if self.shown.get(element_id) != shown:
                self.shown[element_id] = shown
                (show if shown else hide).append(element_id)
        # Hiding first: a group switching buttons never shows two at once.
        if hide:
            update.commands.append({"op": "hide", "ids": hide})
        if show:
            update.commands.append({"op": "show", "ids": show})
        return update
