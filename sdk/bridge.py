"""The browser edge of the SDK, run by Brython in the bridge's worker on the service origin.

It only moves data: messages from and to the loader on the merchant page (relayed by the bridge
page), and fetch calls to the API (same origin, so no CORS preflight). Every decision is made by
the plain modules. Nothing here may let a Python exception reach JavaScript: each entry point
catches and reports.
"""

# The worker's global scope: a worker has no `window` (and Brython's `browser.window` is absent).
from browser import aio
from browser import self as worker
from javascript import NULL, UNDEFINED

from backend_stub.sdk_rules.attributes import element_from_row
from backend_stub.sdk_rules.availability import BATCH_TRIPLES, batch_url, check_url, is_available_status
from backend_stub.sdk_rules.page import Page, Update
from backend_stub.sdk_rules.settings import failure_code, parse_settings

from .backlog import Backlog
from .checkout import Checkouts, Effects
from .key_verdict import KeyVerdict
from .messages import unknown_key
from .options import parse_button_options

CHANNEL = "service-sdk"
# Elements read per turn of the event loop: a page of many buttons is read a slice at a time, and
# the answers that come back meanwhile are shown between slices. The checks of one report (the
# buttons one render added) leave together: one request per BATCH_TRIPLES distinct checks.
REPORT_SLICE = 10


def to_python(value):
    """A structured-clone value from a message, as plain Python data."""
    if value is None or value is NULL or value is UNDEFINED:
        return None
    if isinstance(value, (bool, int, float, str)):
        return value
    if worker.Array.isArray(value):
        return [to_python(item) for item in value]
    return {key: to_python(value[key]) for key in worker.Object.keys(value)}


class Bridge:
    """The bridge's one instance: it talks to the loader in the parent window only."""

    def __init__(self) -> None:
        # bridge_worker.js receives the bridge page's messages; the page checks who sent them.
        self.host = worker.serviceBridgeHost
        self.api_url = worker.location.origin
        self.merchant_origin = None
        self.page = Page()
        self.settings = None
        self.handlers = {
            "button": self.on_button,
            "query-result": self.on_query_result,
            "checkout": self.on_checkout,
            "checkout-event": self.on_checkout_event,
            "started": self.on_started,
            "adopt": self.on_adopt,
        }
        self.key = None
        self.checkouts = None
        self.timer = None
        self.pending_queries = {}
        self.backlog = Backlog(lambda callback: worker.setTimeout(callback, 0), self.guarded)
        self.host.begin(self.on_start)
        self.host.listen(self.on_message)

    # -- messaging -----------------------------------------------------------------------
    def post(self, message: dict) -> None:
        message["channel"] = CHANNEL
        self.host.post(message)

    def send(self, commands: list) -> None:
        if commands:
            self.post({"type": "commands", "commands": commands})

    def on_message(self, raw) -> None:
        """A message from the loader (origin and source already checked by the host)."""
        if self.backlog.busy:
            # A long report is still being read: later messages keep their order behind it.
            self.backlog.defer(lambda: self.dispatch(raw))
        else:
            self.guarded(lambda: self.dispatch(raw))

    def dispatch(self, raw) -> None:
        """Hand a message to its handler (callers catch what it raises)."""
        if getattr(raw, "channel", None) != CHANNEL:
            return
        kind = raw.type
        if kind == "elements":
            self.on_elements(raw)
            return
        handler = self.handlers.get(kind)
        if handler is not None:
            handler(to_python(raw))

    # -- start ---------------------------------------------------------------------------
    def on_start(self, start) -> None:
        """The bridge page's first message: the loader's settings (from the bridge's URL), the
        merchant's origin, and the first answers the server rendered into the page."""
        self.guarded(lambda: self.configure(start))

    def configure(self, start) -> None:
        """Validate the settings, adopt the first answers, then say ready."""
        self.merchant_origin = start.origin
        raw = to_python(start.settings)
        settings, problem = parse_settings(raw)
        if problem:
            self.post({"type": "failed", "code": failure_code(raw), "message": problem})
            return
        self.settings = settings
        self.checkouts = Checkouts(settings.checkout_timeout_ms, self.api_url, settings.public_key)
        self.headers = {"Authorization": "Bearer " + settings.public_key, "Accept": settings.accept}
        self.key = KeyVerdict(unknown_key(settings.public_key, self.api_url))
        self.adopt(start.elements, start.answers)
        self.post({"type": "ready"})

    def adopt(self, rows, answers, applied=None) -> None:
        """Take over the page the server rendered: the loader already applied its commands, so
        they are worked out again only to know the state, and none of its checks is sent again.

        ``applied``: ``(shown ids, hidden ids)``, what the loader did with them when it left
        some out (elements that changed meanwhile); what differs from it is sent."""
        # Each answer: [amount, currency, product type, HTTP status].
        self.page.adopt([((row[0], row[1], row[2]), is_available_status(row[3])) for row in answers])
        for row in answers:  # a 401 among them: the key is unknown, said once the loader has started
            self.key.answered(row[3])
        if applied is not None:
            self.page.adopt_shown(applied[0], applied[1])
        update = self.page.report([element_from_row(row) for row in rows], [], [])
        if update.fetch:  # a triple the server did not answer: checked as any other
            self.check(update.fetch)
        if applied is not None:
            # A payment-information block shown for a button that changed since: hidden now. The
            # loader has logged the answers' warnings already.
            self.send([command for command in update.commands if command["op"] in ("show", "hide")])

    def on_adopt(self, data: dict) -> None:
        """The first answers the loader fetched from the server (and applied): adopted as the
        bridge page's own would be."""
        if self.settings is not None:
            applied = (data.get("shown") or [], data.get("hidden") or [])
            self.adopt(data.get("elements") or [], data.get("answers") or [], applied)

    def on_started(self, data: dict) -> None:
        """The loader has handed over what it found at load: ``service.ready`` may settle."""
        if self.key is not None:
            self.tell(self.key.start())

    def tell(self, messages: list) -> None:
        for message in messages:
            self.post(message)

    # -- buttons -------------------------------------------------------------------------
    def on_elements(self, raw) -> None:
        """The loader's element report; its rows are read directly, not converted as a whole."""
        if self.settings is None:
            return
        rows = list(raw.added) + list(raw.changed)  # the page model treats both alike
        self.report(rows, 0, [int(element_id) for element_id in raw.removed])

    def report(self, rows: list, start: int, removed: list, wanted: list | None = None) -> None:
        """Report REPORT_SLICE rows from ``start`` now, and the rest on the next turn; ``wanted``:
        the report's checks not sent yet, which leave once BATCH_TRIPLES are waiting or the
        report is read."""
        wanted = [] if wanted is None else wanted
        end = start + REPORT_SLICE
        elements = [element_from_row(row) for row in rows[start:end]]
        update = self.page.report(elements, [], removed)
        wanted.extend(update.fetch)
        while len(wanted) >= BATCH_TRIPLES:
            self.check(wanted[:BATCH_TRIPLES])
            del wanted[:BATCH_TRIPLES]
        self.send(update.commands)
        if end < len(rows):
            self.backlog.defer(lambda: self.report(rows, end, [], wanted), first=True)
        elif wanted:
            self.check(wanted)

    def on_button(self, data: dict) -> None:
        call_id = data.get("call")
        if self.settings is None:
            self.send([{"op": "reject", "call": call_id, "message": "service SDK is not configured"}])
            return
        request, problem = parse_button_options(data.get("options"))
        if problem:
            self.send([{"op": "reject", "call": call_id, "message": problem}])
        elif request.selector is None:
            self.apply(self.page.ask(call_id, request.triple))
        else:
            # The loader resolves the selector against the merchant's DOM, then we decide.
            self.pending_queries[call_id] = request
            self.send([{"op": "query", "call": call_id, "selector": request.selector}])

    def on_query_result(self, data: dict) -> None:
        call_id = data.get("call")
        request = self.pending_queries.pop(call_id, None)
        if request is None:
            return
        if data.get("error"):
            message = f"service.button: option 'selector' is not a valid CSS selector: {data['error']}"
            self.send([{"op": "reject", "call": call_id, "message": message}])
            return
        self.apply(self.page.ask(call_id, request.triple, data.get("ids", [])))

    # -- availability ----------------------------------------------------------------------
    def apply(self, update: Update) -> None:
        # Requests first: the loader's hide commands can travel while the service answers.
        if update.fetch:
            self.check(update.fetch)
        self.send(update.commands)

    async def api_get(self, url: str):
        """GET an API URL with the public key (same origin: no preflight)."""
        return await worker.fetch(url, {"headers": self.headers, "credentials": "omit"})

    def check(self, triples: list) -> None:
        """Send the availability checks; each answer settles its triple (a failure: hidden). One
        check is the API's own request; several leave together, BATCH_TRIPLES to a request, as
        the first answers do."""
        self.key.sent()
        if len(triples) > 1:
            for start in range(0, len(triples), BATCH_TRIPLES):
                aio.run(self.check_batch(triples[start : start + BATCH_TRIPLES]))
            return

        def answered(batch) -> None:
            # ``batch``: [index, status] pairs, every answer that arrived since the last batch.
            # Indexing, not unpacking: Brython unpacks a JS array through an iterator.
            answers = [(triples[pair[0]], is_available_status(pair[1])) for pair in batch]
            self.guarded(lambda: self.on_answers(answers, [pair[1] for pair in batch]))

        self.host.get([check_url(self.api_url, triple) for triple in triples], self.headers, answered)

    async def check_batch(self, triples: list) -> None:
        """Several checks in one request (``GET /sdk/checks``): each status in the order asked;
        no answer, or not one status per check, counts as no answer to each (0: hidden)."""
        statuses = [0 for triple in triples]
        try:
            response = await self.api_get(batch_url(self.api_url, triples))
            if response.status == 200:
                answered = to_python(await response.json())["statuses"]
                if len(answered) == len(triples):
                    statuses = answered
        except Exception:  # unreachable service: no answer
            statuses = [0 for triple in triples]
        answers = [(triples[index], is_available_status(statuses[index])) for index in range(len(triples))]
        self.guarded(lambda: self.on_answers(answers, statuses))

    def on_answers(self, answers: list, statuses: list) -> None:
        self.apply(self.page.settle_all(answers))
        for status in statuses:  # a 401 says the key is unknown, which the page must hear once
            self.tell(self.key.answered(status))

    def guarded(self, step) -> None:
        """Run a step of an async task; report instead of letting an exception escape."""
        try:
            step()
        except Exception as exc:
            self.send(
                [{"op": "console", "level": "error", "message": f"service SDK internal error: {exc!r}"}]
            )

    # -- checkout ----------------------------------------------------------------------------
    def on_checkout(self, data: dict) -> None:
        if self.checkouts is not None:
            callbacks = data.get("callbacks") or []
            self.run_effects(self.checkouts.start(data.get("checkout"), data.get("checkout_id"), callbacks))

    def on_checkout_event(self, data: dict) -> None:
        if self.checkouts is not None and isinstance(data.get("event"), dict):
            self.run_effects(self.checkouts.event(data.get("checkout"), data["event"]))

    def on_timeout(self) -> None:
        self.timer = None
        self.guarded(lambda: self.run_effects(self.checkouts.timed_out()))

    def run_effects(self, effects: Effects) -> None:
        if effects.stop_timer and self.timer is not None:
            worker.clearTimeout(self.timer)
            self.timer = None
        self.send(effects.commands)
        if effects.start_timer is not None:
            self.timer = worker.setTimeout(self.on_timeout, effects.start_timer)
        if effects.fetch_checkout is not None:
            aio.run(self.fetch_checkout(*effects.fetch_checkout))

    async def fetch_checkout(self, handle: int, checkout_id: str) -> None:
        checkout, answer = None, 0
        try:
            response = await self.api_get(f"{self.api_url}/checkout/{checkout_id}")
            answer = response.status
            if answer == 200:
                checkout = to_python(await response.json())
        except Exception:  # unreachable service (answer 0): the checkout cannot be loaded
            checkout = None
        self.guarded(lambda: self.tell(self.key.answered(answer)))  # a 401 is said once, there
        origin = worker.encodeURIComponent(self.merchant_origin)
        frame_url = f"{self.api_url}/checkout/{checkout_id}/frame?origin={origin}"
        self.guarded(lambda: self.run_effects(self.checkouts.found(handle, checkout, frame_url, answer)))


def start() -> Bridge:
    """Create the bridge; the bootstrap calls this once Brython is up."""
    return Bridge()
