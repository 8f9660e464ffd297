/* Snapshots of the Brython runtime after each section of brython.js (sdk/tooling/runtime_effects.py).
 * Runs before the instrumented brython.js, which calls after(section) at the end of each. */
(function () {
  'use strict';
  var previous = {B: new Map(), b: new Map(), objects: new Map()};
  var sections = {}, origin = {};
  // Symbol-keyed properties are named by the $B property that holds the symbol ('$B.DICT', where
  // a class keeps its __dict__); others are private to a section and left out.
  function symbolNames() {
    var $B = globalThis.__BRYTHON__, names = new Map();
    for (var key of Object.getOwnPropertyNames($B || {})) {
      var d = Object.getOwnPropertyDescriptor($B, key);
      if (typeof d.value === 'symbol') names.set(d.value, '$B.' + key);
    }
    return names;
  }
  function own(object, symbols) {
    var props = new Map();
    for (var key of Object.getOwnPropertyNames(object)) {
      var d = Object.getOwnPropertyDescriptor(object, key);
      props.set(key, 'value' in d ? d.value : d.get);
    }
    for (var symbol of Object.getOwnPropertySymbols(object)) {
      if (symbols.has(symbol)) props.set(symbols.get(symbol), object[symbol]);
    }
    return props;
  }
  function snapshot() {
    var $B = globalThis.__BRYTHON__, snap = {B: new Map(), b: new Map(), objects: new Map()};
    if (!$B) return snap;
    var symbols = symbolNames();
    snap.B = own($B, new Map());
    var _b_ = $B.builtins || {};
    snap.b = own(_b_, new Map());
    var roots = [
      ['b', _b_], ['builtin_types', $B.builtin_types || {}], ['created_types', $B.created_types || {}]
    ];
    var seen = new Set([$B]);
    for (var [root, table] of roots) {
      for (var name of Object.keys(table)) {
        var object = table[name];
        var kind = typeof object;
        if (!object || (kind !== 'object' && kind !== 'function') || seen.has(object)) continue;
        seen.add(object);
        snap.objects.set(object, [root + ':' + name, own(object, symbols)]);
      }
    }
    return snap;
  }
  function changed(now, before) {
    var out = [];
    for (var [key, value] of now) if (!before.has(key) || before.get(key) !== value) out.push(key);
    return out;
  }
  globalThis.__runtime_effects__ = {
    after: function (section) {
      var now = snapshot(), effects = {B: {}, b: {}, objects: {}};
      for (var name of changed(now.B, previous.B)) effects.B[name] = typeof now.B.get(name);
      for (var name of changed(now.b, previous.b)) effects.b[name] = typeof now.b.get(name);
      for (var [object, [path, props]] of now.objects) {
        if (!previous.objects.has(object)) {
          origin[path] = section;
          continue;
        }
        var set = changed(props, previous.objects.get(object)[1]);
        if (set.length) effects.objects[path] = set;
      }
      sections[section] = effects;
      previous = now;
    },
    report: function () { return {sections: sections, origin: origin}; }
  };
})();
