/*! service SDK loader. It hosts the bridge (Python, on the service origin) and carries out
 * the DOM commands the bridge sends. The rules live in the bridge; here only what keeps the
 * page safe without it: start timeouts, http(s) navigation, no input left in a hidden button,
 * and what a checkout gets when the SDK cannot start. */
// The one function the build puts the loader's parts in (sdk/tooling/loader_text.py, PARTS),
// in its order: their names stay off the page's global scope.
// eslint-disable-next-line no-unused-vars -- the parts use both
(function (window, document) {
  'use strict';
  __PARTS__;
})(window, document);
