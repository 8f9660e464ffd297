"""The merchant page the load benchmark measures, and the probes that time it in the page.

The probe records, from navigation start, when the first button becomes visible, when all are
settled (shown) and when the SDK became usable (a function the page queued before the SDK's tag
has run: :data:`QUEUED`), the long tasks where the engine reports them, and the window's names
before any other script. The click probe (:data:`CLICK_PROBE`) times a shopper's click on a
button: to the checkout overlay shown, and to the hosted page's approve control enabled. A busy
page (:func:`busy_script`) does its own start-up work in long tasks; it tells the probe their
spans, so the tasks the page itself made are left out of those reported
(:func:`merchant_tasks`). bench/sdk_load.py injects the probes before the page's scripts in
Chromium; bench/engine_load.py makes the probe the page's first script in Firefox and WebKit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = [
    "CACHES",
    "CLICK_PROBE",
    "CLICK_RESULT",
    "PROBE",
    "QUEUED",
    "RESULT",
    "WARM_LOAD",
    "Probed",
    "busy_script",
    "merchant_tasks",
    "page_body",
]

# Cold: a browser with nothing of the page's cached. Warm: the WARM_LOAD-th load in the same
# browser profile (V8 keeps compiled code from the second load on; the third is warm).
CACHES = ("cold", "warm")
WARM_LOAD = 3

PROBE = """
(() => {
  const names = new Set(Object.getOwnPropertyNames(window));
  const bench = {first: null, all: null, usable: null, longTasks: [], own: [], names};
  Object.defineProperty(window, '__bench', {value: bench, enumerable: false});
  new PerformanceObserver(list => list.getEntries().forEach(
    e => bench.longTasks.push([e.startTime, e.duration]))).observe({type: 'longtask', buffered: true});
  const check = () => {
    const buttons = document.querySelectorAll('[data-service-button]');
    let shown = 0;
    for (const b of buttons) if (!b.hidden && getComputedStyle(b).display !== 'none') shown++;
    const now = performance.now();
    if (shown > 0 && bench.first === null) bench.first = now;
    if (buttons.length && shown === buttons.length && bench.all === null) bench.all = now;
  };
  new MutationObserver(check).observe(document, {
    attributes: true, subtree: true, attributeFilter: ['hidden', 'style']});
})();
"""

# The page's figures; its long tasks as [start, duration] and its own busy tasks' spans as
# [start, end], for :func:`merchant_tasks`.
RESULT = """() => ({
  first: window.__bench.first,
  all: window.__bench.all,
  usable: window.__bench.usable,
  longTasks: window.__bench.longTasks,
  own: window.__bench.own,
  globals: Object.getOwnPropertyNames(window)
    .filter(name => !window.__bench.names.has(name) && name !== '__bench' && !/^[0-9]+$/.test(name)),
})"""


@dataclass(frozen=True)
class Probed:
    """What the probe saw in one load of the page (:data:`RESULT`), in milliseconds from
    navigation start; read once every button is settled and the page's queued function has run."""

    first: float  # the first button visible
    all: float  # every button settled (shown)
    usable: float  # the page's queued function has run
    long_tasks: list[float]  # durations of the long tasks, the busy page's own left out
    globals: list[str]  # names the scripts added to the window

    @classmethod
    def read(cls, result: Mapping[str, Any]) -> Probed:
        """:data:`RESULT`'s answer, typed."""
        return cls(
            first=result["first"],
            all=result["all"],
            usable=result["usable"],
            long_tasks=merchant_tasks(result["longTasks"], result["own"]),
            globals=list(result["globals"]),
        )


def merchant_tasks(long_tasks: list[list[float]], own: list[list[float]]) -> list[float]:
    """The durations of the long tasks (``[start, duration]``, as the probe saw them) that overlap
    none of the busy page's own tasks (``own``: ``[start, end]``, from :func:`busy_script`): the
    long tasks that the scripts under test added to the page's main thread."""
    return [
        duration
        for start, duration in long_tasks
        if not any(start < end and begin < start + duration for begin, end in own)
    ]


# The page's own script before the SDK's tag, as the service's document shows a merchant: a
# function pushed on the queue, which runs once the SDK is usable. It records when, and wires the
# page's pay buttons (by delegation: the SDK may run it before the body is parsed) to a checkout
# when the page's URL names one (``?checkout=<id>``, the click figures).
QUEUED = """<script>
(window.service = window.service || []).push(function (service) {
  var bench = window.__bench;
  if (bench) bench.usable = performance.now();
  var checkout = new URLSearchParams(location.search).get('checkout');
  if (!checkout) return;
  document.addEventListener('click', function (event) {
    if (!event.target.closest('[data-service-button]')) return;
    service.checkout(checkout, {
      onError: function (reason) { if (bench) bench.error = String(reason && reason.code || reason); }
    });
  });
});
</script>"""

# In the merchant page: where the first button is once visible, to click it there; with
# ``click=shown`` in the page's URL, the page clicks it itself in the task after the one that
# showed it (a driver's click, through its round trips, lands up to a second later at CPU 4x on a
# busy machine). Then when a button was clicked (the event's own time, so a busy main thread's
# delay counts) and when the loader's overlay was first shown (the animation frame after the
# dialog opened: the frame that paints it). In the overlay's frame, on the service origin:
# when the hosted page's approve control is enabled, told to the page as a time since the epoch
# (the frames' clocks start at different times).
CLICK_PROBE = """
(() => {
  const INTERACTIVE = '[data-testid="checkout-approve"]';
  if (window.top !== window) {
    const watch = new MutationObserver(() => {
      const control = document.querySelector(INTERACTIVE);
      if (!control || control.disabled) return;
      watch.disconnect();
      window.top.postMessage({benchInteractive: performance.timeOrigin + performance.now()}, '*');
    });
    const changes = {childList: true, subtree: true, attributes: true, attributeFilter: ['disabled']};
    watch.observe(document, changes);
    return;
  }
  const click = {at: null, click: null, overlay: null, interactive: null};
  Object.defineProperty(window, '__click', {value: click, enumerable: false});
  const visible = new MutationObserver(() => {
    const button = document.querySelector('[data-service-button]');
    if (!button || button.hidden || getComputedStyle(button).display === 'none') return;
    visible.disconnect();
    const box = button.getBoundingClientRect();
    click.at = {x: box.left + box.width / 2, y: box.top + box.height / 2};
    if (new URLSearchParams(location.search).get('click') === 'shown') setTimeout(() => button.click(), 0);
  });
  visible.observe(document, {attributes: true, subtree: true, attributeFilter: ['hidden', 'style']});
  window.addEventListener('click', event => {
    if (click.click === null && event.target.closest('[data-service-button]')) click.click = event.timeStamp;
  }, true);
  window.addEventListener('message', event => {
    if (event.data && event.data.benchInteractive && click.interactive === null) {
      click.interactive = event.data.benchInteractive - performance.timeOrigin;
    }
  });
  const shown = new MutationObserver(() => {
    if (!document.querySelector('dialog[data-service-overlay][open]')) return;
    shown.disconnect();
    requestAnimationFrame(() => { click.overlay = performance.now(); });
  });
  shown.observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ['open']});
})();
"""

CLICK_RESULT = """() => ({
  ...window.__click,
  first: window.__bench.first,
  usable: window.__bench.usable,
  error: window.__bench.error || null,
})"""


def page_body(count: int) -> str:
    """``count`` buttons with distinct available amounts, hidden until checked."""
    return "\n".join(
        f'<button type="button" data-service-button data-amount="{5000 + i}" data-currency="EUR" hidden>'
        f"Pay {50 + i / 100:.2f} in instalments</button>"
        for i in range(count)
    )


def busy_script(tasks: int = 15, task_ms: int = 100) -> str:
    """A merchant page's own start-up work (its framework, its analytics), as a script tag to put
    before the SDK's: ``tasks`` tasks of ``task_ms`` each, the first where the tag stands, each
    next one queued by the one before (so a message for a script waits behind at most one).
    Each task's span goes to the probe, which leaves these tasks out of the long tasks."""
    return f"""<script>
(() => {{
  const own = window.__bench ? window.__bench.own : [];
  let left = {tasks};
  const task = () => {{
    const start = performance.now();
    while (performance.now() - start < {task_ms}) {{}}
    own.push([start, performance.now()]);
    if (--left > 0) setTimeout(task, 0);
  }};
  task();
}})();
</script>"""
