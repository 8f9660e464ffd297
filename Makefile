# Two commands on a fresh machine: `make demo` and `make test`. Everything else is their parts.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
SDK_STAMP  := backend_stub/web/dist/manifest.json

.PHONY: demo test build install chromium lint bench dist clean

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

$(SDK_STAMP): $(STAMP) $(shell find sdk -name '*.py' -o -name '*.js' -o -name '*.html' 2>/dev/null)
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

# The sdist and wheel of a release, both carrying the compiled SDK (see README, "Releasing"),
# built from what HEAD holds and nothing else the working tree has. The SDK compiled here goes
# along: the build backend packages it if it was compiled from HEAD's sdk/, and compiles again if not.
dist: install build
	rm -rf dist
	tree=$$(mktemp -d) && git archive HEAD | tar -x -C $$tree \
	  && cp -r backend_stub/web/dist $$tree/backend_stub/web/ \
	  && $(BIN)/python -m build --outdir dist $$tree; status=$$?; rm -rf $$tree; exit $$status

demo: install build
	$(BIN)/python -m demo_store.launch

clean:
	rm -rf $(VENV) node_modules backend_stub/web/dist dist build *.egg-info
