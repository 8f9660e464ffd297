# Two commands on a fresh machine: `make demo` and `make test`. Everything else is their parts.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
SDK_STAMP  := backend_stub/web/dist/manifest.json

.PHONY: demo test build install chromium lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

install: $(STAMP) $(NODE_STAMP) chromium

chromium:
	@scripts/ensure-chromium

# backend_stub/domain/keys.py is bundled too: the SDK reads keys by the server's rule.
$(SDK_STAMP): $(STAMP) backend_stub/domain/keys.py $(shell find sdk -name '*.py' -o -name '*.js' -o -name '*.html' 2>/dev/null)
	@scripts/ensure-chromium
	$(BIN)/python -m sdk.tooling.build

build: $(SDK_STAMP)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test: install build lint
	$(BIN)/pytest

bench: install build
	$(BIN)/python bench/sdk_load.py --out bench/RESULTS.md
	$(BIN)/python bench/server.py --out bench/RESULTS.md
	$(BIN)/python bench/plugin_start.py --out bench/RESULTS.md

demo: install build
	$(BIN)/python -m demo_store.launch

clean:
	rm -rf $(VENV) node_modules backend_stub/web/dist
