/* The first script of every cross-engine test page (a file of the merchant's own origin, so a
 * strict CSP page runs it too). WebDriver classic, which drives WebKit, cannot read the console
 * nor run a script before the page's own: this records the window's names before any other
 * script, the console messages, the errors nobody caught, and what the page's
 * Content-Security-Policy blocked. One global, `__engineProbe`. */
(function () {
  'use strict';
  var probe = {
    names: Object.getOwnPropertyNames(window),
    messages: [],
    errors: [],
    violations: [] // Content-Security-Policy: what the page's policy blocked
  };
  Object.defineProperty(window, '__engineProbe', { value: probe });
  ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      var parts = Array.prototype.map.call(arguments, function (part) {
        if (part instanceof Error) return part.name + ': ' + part.message;
        if (part instanceof Element) return part.outerHTML;
        return String(part);
      });
      probe.messages.push([level, parts.join(' ')]);
      return original.apply(console, arguments);
    };
  });
  window.addEventListener('error', function (event) {
    probe.errors.push(event.error ? String(event.error) : String(event.message));
  });
  document.addEventListener('securitypolicyviolation', function (event) {
    probe.violations.push(event.violatedDirective + ' ' + event.blockedURI);
  });
  window.addEventListener('unhandledrejection', function (event) {
    probe.errors.push('Uncaught (in promise) ' + String(event.reason));
  });
})();
