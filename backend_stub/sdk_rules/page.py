"""The SDK's picture of the merchant page, and the commands that keep the page in line with it.

The loader reports elements (an id, a tag and the watched attributes); :class:`Page` decides
what each one is, which availability checks to send, and what must be shown or hidden. Its
methods return :class:`Update` objects: commands for the loader, triples to fetch. It never
touches the browser, so CPython tests drive it directly.

Every change is worked out for the elements it touches only (an answer updates the buttons of
its triple and the containers of their groups), so a page with many buttons stays cheap.

Its hot paths avoid what Brython makes slow (``in`` before indexing, ids kept in lists,
sorting only what has more than one element): ``sdk/__init__.py`` says why.
"""

from .attributes import BUTTON, PAYMENT_INFO, describe, parse_button
from .availability import PENDING, AvailabilityCache
from .pairing import Pairing
from .reasons import CHECKING, INVALID, NO_BUTTON, UNAVAILABLE


def why_not(answer: object) -> str:
    """Why an element waiting on a triple is hidden, by the triple's answer (never True here)."""
    return UNAVAILABLE if answer is False else CHECKING


class Update:
    """What the bridge must do after a change: commands to send, triples to fetch."""

    def __init__(self) -> None:
        self.commands: list = []
        self.fetch: list = []
        self.changes: dict = {}  # element id -> True, or why it is hidden, in order of change


class Page:
    """Buttons, payment-information containers and script-selected targets, by element id."""

    def __init__(self) -> None:
        self.cache = AvailabilityCache()
        self.pairing = Pairing()
        self.buttons: dict = {}  # id -> Button, or None when its attributes are invalid
        self.targets: dict = {}  # id -> triple, for elements chosen by service.button(selector)
        self.by_triple: dict = {}  # triple -> ids (a list) of the buttons and targets that wait on it
        self.counted: dict = {}  # id of a shown button -> the group it counts in
        # id -> what the loader was last told: True (shown), why it is hidden, or False (hidden
        # by the loader itself, with its reason, as the first answers said)
        self.shown: dict = {}
        self.warned: dict = {}  # id -> the last problem reported for that element
        self.waiters: dict = {}  # triple -> ids of service.button() calls awaiting the answer

    # -- what the loader reports -------------------------------------------------------------
    def adopt(self, answers: list) -> None:
        """Take ``(triple, available)`` answers obtained elsewhere (the server rendered them into
        the bridge page) as if this page had checked them: they are never checked again."""
        for triple, available in answers:
            self.cache.begin(triple)
            self.cache.settle(triple, available)

    def adopt_shown(self, shown: list, hidden: list) -> None:
        """What the page already shows and hides by ids, applied elsewhere (the loader): later
        changes are worked out from it, and only what differs is sent."""
        for element_id in shown:
            self.shown[element_id] = True
        for element_id in hidden:
            self.shown[element_id] = False

    def report(self, added: list, changed: list, removed: list) -> Update:
        """Elements appeared, changed attributes, or left the page."""
        update = Update()
        for element_id in removed:
            self._forget(element_id, update)
            for known in (self.shown, self.warned, update.changes):
                if element_id in known:
                    del known[element_id]
        for element in added + changed:
            self._forget(element["id"], update)
            self._classify(element, update)
        return self._emit(update)

    def _forget(self, element_id: int, update: Update) -> None:
        """Stop treating an element as what it was (it left, or its attributes changed)."""
        button = self.buttons.pop(element_id) if element_id in self.buttons else None
        if button is not None and element_id in self.by_triple[button.triple]:
            self.by_triple[button.triple].remove(element_id)
        if element_id in self.counted:
            for container_id in self.pairing.button_hidden(self.counted.pop(element_id)):
                self._set(container_id, False, update, NO_BUTTON)
        self.pairing.remove_container(element_id)

    def _classify(self, element: dict, update: Update) -> None:
        element_id, attrs = element["id"], element["attrs"]
        if BUTTON in attrs:
            button, problem = parse_button(attrs)
            self.buttons[element_id] = button
            if problem is None:
                if element_id in self.warned:
                    del self.warned[element_id]
                self._wait(button.triple, element_id)
                self._need(button.triple, update)
                answer = self.cache.answer(button.triple)
                self._set_button(element_id, answer is True, update, why_not(answer))
                return
            if (self.warned[element_id] if element_id in self.warned else None) != problem:
                self.warned[element_id] = problem
                where = describe(element.get("tag", "element"), attrs)
                update.commands.append(
                    {
                        "op": "console",
                        "level": "warn",
                        "id": element_id,
                        "message": f"service: payment button {where} stays hidden: {problem}.",
                    }
                )
            self._set(element_id, False, update, INVALID)
        elif PAYMENT_INFO in attrs:
            shown = self.pairing.add_container(element_id, attrs[PAYMENT_INFO] or "")
            self._set(element_id, shown, update, NO_BUTTON)

    def _wait(self, triple: tuple, element_id: int) -> None:
        if triple not in self.by_triple:
            self.by_triple[triple] = [element_id]
        elif element_id not in self.by_triple[triple]:
            self.by_triple[triple].append(element_id)

    def _need(self, triple: tuple, update: Update) -> None:
        if self.cache.begin(triple):
            update.fetch.append(triple)

    # -- service.button() ----------------------------------------------------------------------
    def ask(self, call_id: int, triple: tuple, target_ids: list | None = None) -> Update:
        """A script asks whether ``triple`` is available, optionally for some elements."""
        update = Update()
        answer = self.cache.answer(triple)
        for element_id in target_ids or []:
            self.targets[element_id] = triple
            self._wait(triple, element_id)
            self._set(element_id, answer is True, update, why_not(answer))
        if answer is None or answer == PENDING:
            self.waiters.setdefault(triple, []).append(call_id)
            self._need(triple, update)
            return self._emit(update)
        self._emit(update)
        update.commands.append({"op": "resolve", "call": call_id, "value": answer})
        return update

    # -- answers ---------------------------------------------------------------------------------
    def settle(self, triple: tuple, available: bool) -> Update:
        """The availability check for ``triple`` answered (or failed: not available)."""
        return self.settle_all([(triple, available)])

    def settle_all(self, answers: list) -> Update:
        """Several checks answered: ``(triple, available)`` pairs, in one update.

        The bridge hands over the answers that arrived while it was busy together, so that a
        page with many buttons costs one message to the loader per batch, not per answer.
        """
        update = Update()
        resolved = []
        for triple, available in answers:
            available = bool(available)
            self.cache.settle(triple, available)
            waiting = self.by_triple[triple] if triple in self.by_triple else ()
            for element_id in sorted(waiting) if len(waiting) > 1 else waiting:
                if element_id in self.buttons:
                    self._set_button(element_id, available, update, UNAVAILABLE)
                else:
                    self._set(element_id, available, update, UNAVAILABLE)
            if triple in self.waiters:
                for call_id in self.waiters.pop(triple):
                    resolved.append({"op": "resolve", "call": call_id, "value": available})
        self._emit(update)
        update.commands.extend(resolved)
        return update

    # -- visibility ------------------------------------------------------------------------------
    def _set(self, element_id: int, shown: bool, update: Update, reason: str) -> None:
        """Show an element, or hide it for ``reason``: sent when it differs from what the loader
        was told (a new reason for a hidden element too: the page hears why)."""
        state = True if shown else reason
        if element_id in self.shown:
            told = self.shown[element_id]
            if told == state or (told is False and not shown):
                return
        self.shown[element_id] = state
        update.changes[element_id] = state

    def _set_button(self, element_id: int, shown: bool, update: Update, reason: str) -> None:
        """Show or hide a valid button, and the containers of its group with it."""
        group = self.buttons[element_id].group
        self._set(element_id, shown, update, reason)
        if shown and element_id not in self.counted:
            self.counted[element_id] = group
            for container_id in self.pairing.button_shown(group):
                self._set(container_id, True, update, NO_BUTTON)
        elif not shown and element_id in self.counted:
            for container_id in self.pairing.button_hidden(self.counted.pop(element_id)):
                self._set(container_id, False, update, NO_BUTTON)

    def _emit(self, update: Update) -> Update:
        hide: dict = {}  # reason -> ids
        reasons: list = []  # in order of first use
        show: list = []
        for element_id in update.changes:  # one pass: each loop over a dict raises once under Brython
            state = update.changes[element_id]
            if state is True:
                show.append(element_id)
            elif state in hide:
                hide[state].append(element_id)
            else:
                hide[state] = [element_id]
                reasons.append(state)
        update.changes = {}
        # Hiding first: a group switching buttons never shows two at once.
        for reason in reasons:
            update.commands.append({"op": "hide", "ids": hide[reason], "reason": reason})
        if show:
            update.commands.append({"op": "show", "ids": show})
        return update
