/* Sections of the Brython runtime that the build moved to a second file (sdk/tooling/trim_runtime.py),
 * and the traps that load them the first time anything of theirs is touched. Inserted into the
 * trimmed runtime after its first section; each moved section leaves, at its place, a call of
 * $B.lazy.section() naming what it would have set, so code that runs before that place sees the
 * runtime as it was, and code after it sees the traps.
 *
 * A group loads whole, its sections in their original order, then does what the runtime's later
 * sections did to them at start: the builtin classes it completes are finalized, its builtin
 * functions are registered. The file is fetched with a synchronous request: the code that needs
 * a section is already running and cannot wait. Each load leaves a performance mark,
 * 'brython-lazy:<group>', so the build and the benchmark can see that the SDK's start loads none. */
;(function ($B) {
  'use strict'
  var _b_ = $B.builtins
  var FILE = '__LAZY_FILE__' // set by the build: the versioned file of moved sections
  var NOT_LOADED = 0, LOADING = 1, LOADED = 2
  var groups = Object.create(null)
  var sources = null // group -> [function($B)] once the file has run
  var owners = new WeakMap() // builtin class -> group that completes it

  function group (name) {
    return groups[name] || (groups[name] = {
      name: name, state: NOT_LOADED, traps: [], classes: [], builtins: [], names: []
    })
  }

  function fetchSources () {
    if (sources !== null) return
    var request = new XMLHttpRequest()
    request.open('GET', $B.brython_path + FILE, false)
    request.send()
    if (request.status !== 200) {
      throw new Error('Brython runtime: cannot load ' + FILE + ' (HTTP ' + request.status + ')')
    }
    (0, eval)(request.responseText) // calls $B.lazy.define
    if (sources === null) throw new Error('Brython runtime: ' + FILE + ' defines no sections')
  }

  function finalizeNew (known) {
    Object.keys($B.created_types).forEach(function (name) {
      if (!known.has(name)) $B.finalize_type($B.created_types[name])
    })
  }

  function load (g) {
    if (g.state !== NOT_LOADED) return
    g.cause = new Error('loaded by').stack // for the build's report when the start loads one
    if (g.make) {
      g.state = LOADING
      try {
        g.make()
      } finally {
        g.state = LOADED
      }
      mark(g)
      return
    }
    fetchSources()
    g.state = LOADING
    var known = new Set(Object.keys($B.created_types))
    try {
      sources[g.name].forEach(function (section) { section($B) })
    } finally {
      g.traps.forEach(function (trap) { trap.settle() })
      g.state = LOADED
    }
    // What finalize_types, and builtin_modules after it, did at start to what these sections set.
    g.classes.forEach(function (cls) { $B.finalize_type(cls) })
    finalizeNew(known)
    g.builtins.forEach(function (name) {
      var func = _b_[name]
      if ($B.builtin_funcs.includes(name)) {
        func.ob_type = $B.builtin_function_or_method
        func.m_module = 'builtins'
        func.$function_infos = ['builtins', name, name]
      }
      if (_b_.__builtins__) $B.module_setattr(_b_.__builtins__, name, func)
    })
    g.names.forEach(function (name) {
      if (Array.isArray($B[name])) $B[name].ob_type = _b_.list
    })
    mark(g)
  }

  function mark (g) {
    if (globalThis.performance && performance.mark) performance.mark('brython-lazy:' + g.name)
  }

  // A property name as measured, or '$B.<name>' for the symbol $B holds there ($B.DICT: the
  // Python __dict__ of a class).
  function key (prop) {
    return prop.slice(0, 3) === '$B.' ? $B[prop.slice(3)] : prop
  }

  // A property the group sets: reading it loads the group; what was there before stays
  // visible to the group's own sections while they run, as it was in the original order.
  function trap (g, object, prop) {
    var name = key(prop)
    var before = Object.getOwnPropertyDescriptor(object, name)
    function getter () {
      if (g.state === NOT_LOADED) {
        load(g)
      } else if (g.state === LOADING) {
        if (!before) return undefined
        return 'value' in before ? before.value : before.get.call(object)
      }
      return object[name]
    }
    Object.defineProperty(object, name, {
      configurable: true,
      enumerable: false, // loops over $B at start must not load what they only walk past
      get: getter,
      set: function (value) {
        Object.defineProperty(object, name, { value: value, writable: true, configurable: true, enumerable: true })
      }
    })
    g.traps.push({
      settle: function () { // not set by the sections: as it was before
        var now = Object.getOwnPropertyDescriptor(object, name)
        if (!now || now.get !== getter) return
        if (before) Object.defineProperty(object, name, before)
        else delete object[name]
      }
    })
  }

  // A builtin function stays a function (loops over the builtins at start copy it); calling it
  // loads the group and calls what the group put in its place.
  function builtinStub (g, name) {
    var stub = function () {
      load(g)
      if (_b_[name] === stub) throw new Error('Brython runtime: ' + g.name + ' did not define ' + name)
      return _b_[name].apply(this, arguments)
    }
    _b_[name] = stub
    g.builtins.push(name)
  }

  // A module Brython makes at start that the SDK never imports: made on first import.
  function lazyModule (name, make) {
    var g = group(name)
    g.make = function () {
      var known = new Set(Object.keys($B.created_types))
      make() // stores the module in $B.imported, through the setter below
      finalizeNew(known)
    }
    function getter () {
      load(g)
      return $B.imported[name]
    }
    Object.defineProperty($B.imported, name, {
      configurable: true,
      enumerable: false,
      get: getter,
      set: function (value) {
        Object.defineProperty($B.imported, name, { value: value, writable: true, configurable: true, enumerable: true })
      }
    })
  }

  $B.lazy = {
    // Called at a moved section's place: names on $B, builtin functions, and properties of
    // existing objects ([root, name, [props]], finalize_types' own included) it would have set.
    section: function (name, names, builtins, objects) {
      var g = group(name)
      names.forEach(function (prop) { trap(g, $B, prop) })
      g.names.push.apply(g.names, names)
      builtins.forEach(function (prop) { builtinStub(g, prop) })
      objects.forEach(function (entry) {
        var object = (entry[0] === 'b' ? _b_ : $B[entry[0]])[entry[1]]
        owners.set(object, g)
        g.classes.push(object)
        entry[2].forEach(function (prop) { trap(g, object, prop) })
      })
    },
    module: lazyModule,
    // A module attribute computed on first read, then stored (the module's getattr calls __get__).
    attribute: function (module, name, compute) {
      return {
        __get__: function () {
          var value = compute()
          $B.module_setattr(module, name, value)
          return value
        }
      }
    },
    // finalize_types skips the classes a group completes: the group finalizes them on load.
    deferred: function (cls) {
      var g = owners.get(cls)
      return g !== undefined && g.state !== LOADED
    },
    // Run by the file of moved sections.
    define: function (table) { sources = table },
    load: function (name) { load(groups[name]) },
    done: function (name) { return groups[name].state === LOADED },
    loaded: function () { return names(LOADED) },
    cause: function (name) { return groups[name].cause },
    pending: function () { return names(NOT_LOADED) }
  }

  function names (state) {
    return Object.keys(groups).filter(function (name) { return groups[name].state === state })
  }
})(__BRYTHON__)
;
