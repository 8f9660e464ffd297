/* The first-answers floor for bench/sdk_load.py: the least the SDK's path to its first visible
 * button can do (no runtime before the first answers). Served as /sdk.js by a
 * sandbox server of its own, it reads the watched elements as the loader does (rows: [id, tag,
 * value of each watched attribute or false]), sends them with the loader's query in one CORS
 * simple GET of its own origin's /sdk/first (the server's rules answer, checking each distinct
 * button in-process) and applies the show and hide commands in the task that reads the answer.
 * No bridge, no live updates, no failure handling. The SDK's time over this floor is what the
 * loader's own code costs on that path; this floor's over the in-page floor (baseline.js), what
 * the path costs. Rows past one answer's bounds (the loader's URL budget, the server's distinct
 * buttons) go in the next request, one after the other: the SDK's bridge checks those, but a
 * floor must settle every button. */
(function () {
  'use strict';
  var WATCH = __WATCH__; // written as the build writes the loader's (sdk/tooling/build.py)
  var URL_ELEMENTS = 50; // the loader's bounds on the rows in one URL
  var URL_BUDGET = 4096;
  var src = new URL(document.currentScript.src);
  var elements = [null]; // id -> element: ids start at 1, as the loader's
  // Usable once it shows its first button: then the functions the page queued run.
  var queue = window.service;
  function usable() {
    if (!Array.isArray(queue)) return;
    var service = window.service = { push: function (fn) { fn(service); } };
    queue.splice(0).forEach(service.push);
    queue = null;
  }
  function describe(element) {
    var row = [elements.push(element) - 1, element.tagName];
    WATCH.attributes.forEach(function (name) {
      row.push(element.hasAttribute(name) ? element.getAttribute(name) : false);
    });
    return row;
  }
  function inUrl(rows) {
    var count = 0;
    while (count < rows.length && count < URL_ELEMENTS &&
      encodeURIComponent(JSON.stringify(rows.slice(0, count + 1))).length <= URL_BUDGET) {
      count++;
    }
    return rows.slice(0, count);
  }
  function ask(rows) {
    var query = new URLSearchParams({ origin: location.origin });
    ['public-key', 'sandbox'].forEach(function (name) {
      if (src.searchParams.get(name) !== null) query.set(name, src.searchParams.get(name));
    });
    query.set('elements', JSON.stringify(inUrl(rows)));
    fetch(src.origin + '/sdk/first?' + query, { credentials: 'omit' }).then(function (response) {
      return response.json();
    }).then(function (answers) {
      answers.commands.forEach(function (cmd) {
        if (cmd.op !== 'show' && cmd.op !== 'hide') return;
        cmd.ids.forEach(function (id) { elements[id].hidden = cmd.op === 'hide'; });
        if (cmd.op === 'show' && cmd.ids.length) usable();
      });
      if (answers.taken && answers.taken < rows.length) ask(rows.slice(answers.taken));
    });
  }
  function start() {
    var rows = Array.prototype.map.call(document.querySelectorAll(WATCH.selector), describe);
    if (rows.length) ask(rows);
  }
  // An async script may run before the page is parsed (the loader then finds the buttons as they
  // come, and sends them to its bridge): this floor waits for them all, as the worker floor does.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
