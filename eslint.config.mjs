// `make lint`: eslint over the JavaScript that runs in browsers (the loader on the merchant's page,
// the bridge page and its worker, the hosted checkout, the demo store, the npm package) and the
// tests of the loader and the package.
// tsc checks their types (tsconfig.json); this checks what types do not: unused names, globals
// nobody declared, shadowing, equality, and the syntax each file may use.
import js from '@eslint/js';
import globals from 'globals';

const rules = {
  ...js.configs.recommended.rules,
  eqeqeq: 'error',
  'no-implicit-globals': 'error',
  'no-shadow': ['error', { builtinGlobals: false }],
  'no-var': 'off', // the browser scripts are ES5 syntax: no let, const or arrows
  strict: ['error', 'function'],
  'no-unused-vars': ['error', { args: 'after-used', caughtErrors: 'none' }],
};

export default [
  {
    // Not what a browser gets from us: the build's scripts run Brython's internals in its Chromium,
    // and the examples and test pages are other people's code in miniature. Released loaders
    // (sdk/releases/) are kept as they were served, never edited.
    ignores: ['node_modules/', '.venv/', 'backend_stub/web/dist/', 'build/', 'dist/', 'examples/',
      'sdk/tooling/', 'sdk/releases/', 'tests/engines/', 'tests/openapi/', 'bench/', 'test-results/'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    // What a shopper's browser runs, old ones included: ES5 syntax (the APIs are checked by tsc).
    files: ['sdk/loader/wrapper.js', 'sdk/bridge_page.js', 'backend_stub/web/static/*.js', 'demo_store/static/*.js'],
    languageOptions: {
      ecmaVersion: 5,
      sourceType: 'script',
      globals: { ...globals.es2015, ...globals.browser, __PARTS__: 'readonly' },
    },
    rules,
  },
  {
    // The loader's parts: in the served file, the locals of wrapper.js's one strict function
    // (sdk/tooling/loader_text.py). Each names what it takes from the others (/* global */) and
    // what it gives them (/* exported */), so an unknown or unused name still fails here.
    files: ['sdk/loader/*.js'],
    ignores: ['sdk/loader/wrapper.js'],
    languageOptions: {
      ecmaVersion: 5,
      sourceType: 'script',
      globals: { ...globals.es2015, ...globals.browser, __WATCH__: 'readonly' },
    },
    rules: { ...rules, 'no-implicit-globals': 'off', strict: 'off' },
  },
  {
    files: ['sdk/bridge_worker.js'],
    languageOptions: { ecmaVersion: 5, sourceType: 'script', globals: { ...globals.es2015, ...globals.worker } },
    rules,
  },
  {
    // The npm package: modules a merchant's bundler takes in, for browsers of today.
    files: ['packages/service-js/src/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.browser },
    rules: { ...rules, 'no-var': 'error', strict: 'off' },
  },
  {
    files: ['tests/loader/**/*.mjs', 'tests/service_js/**/*.mjs', 'eslint.config.mjs'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.node },
    rules: { ...js.configs.recommended.rules, eqeqeq: 'error' },
  },
];
