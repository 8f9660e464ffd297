/* Demo Shop result page: shows the presenter what the SDK reported on the checkout page (the
 * callbacks it called), which checkout.js kept in this tab's sessionStorage: the overlay covered
 * the checkout page while they happened, and the page was left right after. */
(function (window, document) {
  'use strict';

  var found = document.querySelector('[data-event-log]');
  if (!found) return;
  var log = found;
  /** @type {{order: string, events: string[]} | null} */
  var kept;
  try {
    kept = JSON.parse(window.sessionStorage.getItem('demo-store:sdk-events') || 'null');
  } catch (error) {
    kept = null; // storage refused (private mode) or damaged: nothing to show
  }
  var events = kept && kept.order === log.getAttribute('data-order') ? kept.events : [];
  if (!events.length) {
    log.setAttribute('data-empty', 'Nothing recorded in this tab for this order.');
    return;
  }
  events.forEach(/** @param {string} text */ function (text) {
    var item = document.createElement('li');
    item.textContent = text;
    log.appendChild(item);
  });
})(window, document);
