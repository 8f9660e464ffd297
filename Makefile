# Two commands on a fresh machine: `make demo` and `make test`. Everything else is their parts.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
# The Node example has a lock of its own; its test installs from it again, offline (npm's cache).
NODE_EXAMPLE       := examples/merchant_ci_node
NODE_EXAMPLE_STAMP := $(NODE_EXAMPLE)/node_modules/.package-lock.json
SDK_STAMP  := backend_stub/web/dist/manifest.json
NPM_PACKAGE := build/npm/service-js.tgz

.PHONY: demo test build install install-engines chromium java engines lint lock bench dist dist-source release clean screenshots catalogs explore

# Everything the tests and the linters use comes from PyPI at the versions of the lock, checked
# by hash: a stranger's release cannot change `make test`. pyproject.toml keeps ranges (what a
# merchant's pip resolves); `make lock` moves the lock, on purpose.
LOCK := requirements/test.lock
LOCK_INPUTS := pyproject.toml requirements/build.in
UV_VERSION := 0.13.8

$(STAMP): pyproject.toml $(LOCK)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --require-hashes --no-deps -r $(LOCK)
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

# The lock of every PyPI package `make test` and `make lint` install, with their hashes, for any
# platform and Python 3.11+. Keeps the versions it has and adds what a new requirement needs;
# `make lock UPGRADE=1` moves everything to the newest releases the ranges allow. Needs PyPI only.
lock:
	test -x $(BIN)/pip || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet uv==$(UV_VERSION)
	$(BIN)/uv pip compile $(LOCK_INPUTS) --extra test --generate-hashes --universal \
	  --python-version 3.11 --custom-compile-command "make lock" --quiet $(if $(UPGRADE),--upgrade) -o $(LOCK)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(NODE_EXAMPLE_STAMP): $(NODE_EXAMPLE)/package.json $(NODE_EXAMPLE)/package-lock.json
	cd $(NODE_EXAMPLE) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The React example: its lock (npm ci), then the npm package service-js from the tarball the build
# packs (NPM_PACKAGE, below), as a merchant's app installs it; not in the example's lock, whose
# integrity for a file that changes with every loader would be stale (npm's cache would then serve
# the old one). tests/examples/test_react_shop.py checks the installed copy is this tree's.
REACT_EXAMPLE         := examples/react_shop
REACT_EXAMPLE_STAMP   := $(REACT_EXAMPLE)/node_modules/.package-lock.json
REACT_SERVICE_JS_STAMP := $(REACT_EXAMPLE)/node_modules/service-js/.installed

$(REACT_EXAMPLE_STAMP): $(REACT_EXAMPLE)/package.json $(REACT_EXAMPLE)/package-lock.json
	cd $(REACT_EXAMPLE) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(REACT_SERVICE_JS_STAMP): $(REACT_EXAMPLE_STAMP) $(NPM_PACKAGE)
	cd $(REACT_EXAMPLE) && npm install --no-save --prefer-offline --no-audit --no-fund --loglevel=error ../../$(NPM_PACKAGE)
	touch $@

# pip, npm and apt each mostly wait on the network: the pieces are fetched side by side.
PARALLEL = $(MAKE) --no-print-directory -j3 --output-sync=target

install:
	@$(PARALLEL) $(STAMP) $(NODE_STAMP) $(NODE_EXAMPLE_STAMP) $(REACT_SERVICE_JS_STAMP) java

# The same, with Firefox and WebKitGTK for tests/engines and bench/engine_load.py.
install-engines:
	@$(PARALLEL) $(STAMP) $(NODE_STAMP) $(NODE_EXAMPLE_STAMP) $(REACT_SERVICE_JS_STAMP) engines

chromium:
	@scripts/ensure-chromium headless-shell

# Java for openapi-generator (tests/openapi); after Chromium, as apt runs one install at a time.
java: chromium
	@scripts/ensure-java

# Firefox and WebKitGTK for tests/engines; after Chromium, as apt runs one install at a time.
engines: java
	@scripts/ensure-firefox
	@scripts/ensure-webkit

# The server's rules for keys and values, and the SDK's rules the server also runs, are bundled
# too (sdk/tooling/sources.py, SHARED_SOURCES); the comment stripper shapes the scripts (BUILD_SOURCES).
$(SDK_STAMP): $(STAMP) backend_stub/domain/keys.py backend_stub/domain/value_rules.py backend_stub/web/js_comments.py $(wildcard backend_stub/sdk_rules/*.py) $(shell find sdk -name '*.py' -o -name '*.js' -o -name '*.ts' -o -name '*.html' 2>/dev/null)
	@scripts/ensure-chromium
	$(BIN)/python -m sdk.tooling.build

# The message catalogs: each language's .po (checked in) compiled into the .mo the server reads.
CATALOGS := backend_stub/language/catalogs
PO_FILES := $(wildcard $(CATALOGS)/*/LC_MESSAGES/messages.po)
MO_FILES := $(PO_FILES:.po=.mo)

$(MO_FILES): %.mo: %.po $(STAMP)
	$(BIN)/python -m backend_stub.language.catalogs $<

# The npm package service-js (packages/service-js/), packed with the loader it pins and the SDK's
# declarations (sdk/tooling/npm_package.py): the tarball a merchant's app installs.
$(NPM_PACKAGE): $(STAMP) $(wildcard packages/service-js/*.json packages/service-js/*.ts packages/service-js/*.md packages/service-js/src/*.js) sdk/service.d.ts $(wildcard sdk/loader*.js sdk/loader/*.js) sdk/tooling/npm_package.py sdk/tooling/releases.py sdk/tooling/loader_text.py backend_stub/sdk_rules/attributes.py
	$(BIN)/python -m sdk.tooling.npm_package $(@D)

build: $(SDK_STAMP) $(MO_FILES) $(NPM_PACKAGE) $(REACT_SERVICE_JS_STAMP)

# After changing a shopper-facing text: extract the texts into the template and merge it into
# every language's .po, whose new or changed entries then want translating (docs/sandbox-server.md,
# "Languages"). A new language: `$(BIN)/pybabel init -i $(CATALOGS)/messages.pot -d $(CATALOGS) -l fr`.
catalogs: $(STAMP)
	$(BIN)/pybabel extract -F backend_stub/language/babel.cfg -k N_ --add-comments=Translators: --no-location --sort-output \
	  --project=service-checkout --copyright-holder=service-checkout -o $(CATALOGS)/messages.pot backend_stub
	$(BIN)/pybabel update -i $(CATALOGS)/messages.pot -d $(CATALOGS) --no-fuzzy-matching --ignore-obsolete
	$(BIN)/python -m backend_stub.language.catalogs --fill-source

# mypy keeps its cache in .mypy_cache: a second run checks only what changed. tsc checks the
# browser scripts' JSDoc types against sdk/service.d.ts and the bridge protocol (tsconfig.json; the
# worker's global scope is a worker's: sdk/tsconfig.worker.json; the npm package's modules against
# its own declarations: packages/service-js/tsconfig.json); eslint the rest (eslint.config.mjs).
# The message catalogs: the .pot as the code marks its texts, every language's catalog wholly
# translated, nothing fuzzy, the same placeholders as the English (backend_stub/language/completeness.py).
lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m backend_stub.language.completeness
	node_modules/.bin/tsc --strict -p tsconfig.json
	node_modules/.bin/tsc --strict -p sdk/tsconfig.worker.json
	node_modules/.bin/tsc --strict -p packages/service-js/tsconfig.json
	node_modules/.bin/eslint --max-warnings 0 .

# Two workers: this is a 2-core machine; `make test TEST_WORKERS=4` on a bigger one.
TEST_WORKERS ?= 2

test: install-engines build lint
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadgroup

# The money state machines with a larger budget (tests/exploration.py): many more random
# sequences than `make test` runs, each step checked: refunds, captures and clock moves on the
# service; purchases, refunds and captures through the demo store's pages.
EXPLORED := tests/api/test_money_machine.py tests/demo/test_store_machine.py

explore: install
	EXPLORE=1 $(BIN)/pytest $(EXPLORED) -p no:randomly -q

bench: install-engines build
	$(BIN)/python bench/sdk_load.py --out bench/RESULTS.md
	$(BIN)/python bench/server.py --out bench/RESULTS.md
	$(BIN)/python bench/plugin_start.py --out bench/RESULTS.md
	$(BIN)/python bench/loader_size.py --out bench/RESULTS.md

# The sdist and wheel of a release, both carrying the compiled SDK (see README, "Releasing"),
# built from what HEAD holds and nothing else the working tree has. It needs what building the
# wheel needs and nothing of `make install`: a venv of its own with `build` alone, a Chromium for
# the compile, and PyPI for the build's isolated environment (setuptools; brython, brotli and
# playwright when the SDK is compiled). No npm, no test lock, no Java. A compiled SDK of the
# working tree (`make build`) goes along: the build backend packages it if it was compiled from
# HEAD's sdk/, and compiles again if not. Outside a git clone (a downloaded archive, a copied
# folder) it refuses before installing anything: HEAD is what it builds from.
DIST_VENV  := .venv-dist
DIST_STAMP := $(DIST_VENV)/.installed
BUILD_TOOL := build==1.6.1

$(DIST_STAMP):
	$(PYTHON) -m venv $(DIST_VENV)
	$(DIST_VENV)/bin/pip install --quiet --disable-pip-version-check $(BUILD_TOOL)
	touch $@

dist: dist-source $(DIST_STAMP) chromium
	rm -rf dist
	tree=$$(mktemp -d) && git archive HEAD | tar -x -C $$tree \
	  && { [ ! -d backend_stub/web/dist ] || cp -r backend_stub/web/dist $$tree/backend_stub/web/; } \
	  && $(DIST_VENV)/bin/python -m build --outdir dist $$tree; status=$$?; rm -rf $$tree; exit $$status

# What the service publishes: release/ as a static host serves it (README, "Releasing"): the
# sdist and wheel under files/, SHA256SUMS, a PEP 503 simple index under simple/, and an
# index.html with the install line, its hash filled in (docs/testing-in-ci.md).
release: dist
	$(DIST_VENV)/bin/python build_backend/release_index.py dist release

dist-source:
	@[ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$$(pwd -P)" ] && git rev-parse --verify --quiet HEAD >/dev/null || { \
	  echo "make dist builds the release from what git's HEAD holds, and this copy of the tree is not a git clone:" >&2; \
	  echo "run it in a clone (git clone <repository>), or build from this folder with 'python -m build' (needs a Chromium)." >&2; \
	  exit 2; }

demo: install build
	$(BIN)/python -m demo_store.launch

# The README's pictures, and the hosted checkout on a 320 px phone in each language, taken by the
# same tests the suite runs (so they cannot break silently), written into docs/screenshots
# instead of a temporary folder.
screenshots: install build
	DEMO_SCREENSHOTS=docs/screenshots $(BIN)/pytest tests/demo/test_screenshots.py tests/e2e/test_language_layout.py -p no:randomly -q

clean:
	rm -rf $(VENV) $(DIST_VENV) node_modules $(NODE_EXAMPLE)/node_modules $(REACT_EXAMPLE)/node_modules $(REACT_EXAMPLE)/dist backend_stub/web/dist dist release build *.egg-info $(MO_FILES)
