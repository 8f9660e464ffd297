"""The merchant page the load benchmark measures, and the probe that times it in the page.

The probe records, from navigation start, when the first button becomes visible and when all
are settled (shown), the long tasks where the engine reports them, and the window's names before
any other script. A busy page (:func:`busy_script`) does its own start-up work in long tasks; it
tells the probe their spans, so the tasks the page itself made are left out of those reported.
bench/sdk_load.py injects the probe before the page's scripts in Chromium;
bench/engine_load.py makes it the page's first script in Firefox and WebKit.
"""

from __future__ import annotations

__all__ = ["PROBE", "RESULT", "busy_script", "page_body"]

PROBE = """
(() => {
  const names = new Set(Object.getOwnPropertyNames(window));
  const bench = {first: null, all: null, longTasks: [], own: [], names};
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

RESULT = """() => ({
  first: window.__bench.first,
  all: window.__bench.all,
  longTasks: window.__bench.longTasks
    .filter(([start, duration]) =>
      !window.__bench.own.some(([from, to]) => start < to && from < start + duration))
    .map(([, duration]) => duration),
  globals: Object.getOwnPropertyNames(window)
    .filter(name => !window.__bench.names.has(name) && name !== '__bench' && !/^[0-9]+$/.test(name)),
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
