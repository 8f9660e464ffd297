// The bridge's commands, carried out on the merchant's page: the bridge decides, the loader does.
/* exported run */
/* global report, elementOf, idOf, hideIds, showIds, post, calls, checkouts, overlay, openOverlay,
   closeOverlay, checkoutEnding */

/** @type {ServiceProtocol.CommandHandlers} */
var COMMANDS = {
  console: function (cmd) {
    report(cmd.level, cmd.message, (cmd.id && elementOf(cmd.id)) || undefined);
  },
  hide: function (cmd) { hideIds(cmd.ids, /** @type {ServiceSDK.UnavailableReason} */ (cmd.reason)); },
  show: function (cmd) { showIds(cmd.ids); },
  resolve: function (cmd) {
    var call = calls[cmd.call];
    delete calls[cmd.call];
    if (call) call.resolve(cmd.value);
  },
  reject: function (cmd) {
    var call = calls[cmd.call];
    delete calls[cmd.call];
    if (call) call.reject(new Error(cmd.message));
  },
  query: function (cmd) {
    var found;
    try {
      found = document.querySelectorAll(cmd.selector);
    } catch (error) {
      post({ type: 'query-result', call: cmd.call, error: String(/** @type {Error} */ (error).message || error) });
      return;
    }
    post({ type: 'query-result', call: cmd.call, ids: /** @type {number[]} */ (Array.prototype.map.call(found, idOf)) });
  },
  open_overlay: function (cmd) { openOverlay(cmd); },
  close_overlay: function (cmd) {
    checkoutEnding(cmd.checkout);
    // A closed checkout's late word must not close the next checkout's overlay.
    if (overlay && overlay.checkout === cmd.checkout) closeOverlay();
  },
  overlay_loaded: function () {
    if (!overlay) return;
    overlay.close.style.setProperty('display', 'none');
    overlay.loading.remove();
  },
  callback: function (cmd) {
    var callback = (checkouts[cmd.checkout] || {})[cmd.name];
    if (typeof callback !== 'function') return;
    try {
      callback.apply(null, cmd.args || []);
    } catch (error) {
      report('error', 'service: the ' + cmd.name + ' callback threw an error:', error);
    }
  },
  navigate: function (cmd) {
    var url;
    try {
      url = new URL(cmd.url);
    } catch (error) {
      url = null;
    }
    // The bridge already refused other schemes; this is a second lock on the same door.
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      report('error', 'service: refused to navigate to a non-http(s) URL.');
      return;
    }
    try {
      /** @type {Window} */ (window.top).location.assign(url.href);
    } catch (error) {
      window.location.assign(url.href);
    }
  },
  forget_checkout: function (cmd) { delete checkouts[cmd.checkout]; }
};

/** @param {ServiceProtocol.Command} cmd */
function run(cmd) {
  // An op this loader does not know (a newer bridge) is left alone.
  var command = /** @type {((cmd: ServiceProtocol.Command) => void) | undefined} */ (COMMANDS[cmd.op]);
  if (!command) return;
  try {
    command(cmd);
  } catch (error) {
    report('error', 'service: SDK command ' + cmd.op + ' failed:', error);
  }
}
