# OMP Console. `make run` starts the whole console; `make test` runs every check.
SHELL := /bin/bash
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
NPM := npm --prefix web

.PHONY: run dev test lint typecheck pytest vitest e2e size openapi check-openapi chromium web clean-var help

help:
	@echo "make run    - the whole console on embedded PostgreSQL, Temporal and SMTP (http://127.0.0.1:8000)"
	@echo "make test   - lint, type checks, Python tests, web unit tests and browser tests"
	@echo "make dev    - API with reload + Vite dev server (http://127.0.0.1:5173)"
	@echo "make openapi- regenerate web/openapi.json and the TypeScript client"

# ---- set-up (idempotent, re-run when the dependency lists change) ------------------------------
$(BIN)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

web/node_modules/.installed: web/package.json web/package-lock.json
	$(NPM) ci --no-audit --no-fund --loglevel=error
	touch $@

web/dist/index.html: web/node_modules/.installed $(shell find web/src web/config web/public web/index.html web/vite.config.ts -type f 2>/dev/null)
	$(NPM) run build --silent

web: web/dist/index.html

# ---- running ------------------------------------------------------------------------------------
run: $(BIN)/.installed web/dist/index.html
	$(BIN)/python -m launcher

dev: $(BIN)/.installed web/node_modules/.installed
	$(BIN)/python -m launcher --dev & LAUNCHER=$$!; \
	trap 'kill -INT $$LAUNCHER; wait $$LAUNCHER' EXIT INT TERM; \
	$(NPM) run dev

# ---- checks ----------------------------------------------------------------------------------
test: $(BIN)/.installed web/node_modules/.installed
	@$(BIN)/python -m tests.run_all

lint: $(BIN)/.installed web/node_modules/.installed
	$(BIN)/ruff check .
	$(NPM) run lint --silent

typecheck: $(BIN)/.installed web/node_modules/.installed
	$(BIN)/mypy
	$(NPM) run typecheck --silent

pytest: $(BIN)/.installed
	$(BIN)/pytest -n auto --dist loadfile -q

vitest: web/node_modules/.installed
	$(NPM) test --silent

chromium:
	@command -v chromium >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "chromium not found: run 'sudo apt-get install -y chromium' (Debian's package), then make test again"; exit 1; fi; }

# KB of gzipped JavaScript: the first page after login and the login page (a first visit), each below the
# 300 KB budget with a margin kept so that growth shows here first (286: the entry grew 55 bytes with the product sync routes)
size: web/dist/index.html
	$(NPM) run size --silent -- --budget 286 --login-budget 280

e2e: $(BIN)/.installed web/dist/index.html chromium
	$(NPM) run e2e --silent

openapi: $(BIN)/.installed web/node_modules/.installed
	$(BIN)/python -m api.openapi web/openapi.json
	$(NPM) run gen:api --silent

check-openapi: $(BIN)/.installed web/node_modules/.installed
	$(BIN)/python -m api.openapi web/openapi.json
	$(NPM) run check:api --silent
	@git diff --quiet -- web/openapi.json || { echo "web/openapi.json is stale: run 'make openapi' and commit"; exit 1; }

clean-var:
	rm -rf var
