# Casebook — `make run` to try it, `make test` to check it. See README.md.
SHELL := /bin/bash
# Every Python process of a run (the pytest processes, the servers and commands the tests
# start) would otherwise compile Casebook's and the tests' modules again, about 0.6 s each.
unexport PYTHONDONTWRITEBYTECODE
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat backend/pyproject.toml backend/client/pyproject.toml backend/uv.lock | sha1sum | cut -c1-12)
FRONTEND_STAMP := frontend/node_modules/.installed-$(shell cat frontend/package-lock.json 2>/dev/null | sha1sum | cut -c1-12)
HAS_FRONTEND := $(wildcard frontend/package.json)
# graphql-http's server audit (the GraphQL-over-HTTP spec's own), which a backend test runs.
HTTP_AUDIT := tests/integration/graphql_over_http/audit
HTTP_AUDIT_STAMP := $(HTTP_AUDIT)/node_modules/.installed-$(shell cat $(HTTP_AUDIT)/package-lock.json 2>/dev/null | sha1sum | cut -c1-12)

.PHONY: client-codegen install run test test-fast test-backend test-frontend test-e2e test-e2e-built e2e-prerequisites check-frontend static-checks-frontend types-frontend lint-frontend test-unit-frontend checks-in-idle-time unit-tests-aside static-checks-aside lint schema migrate worker serve frontend-build clean

# Exactly the versions backend/uv.lock names (`uv lock` in backend/ after a change of either
# pyproject.toml; --locked refuses a lock that no longer matches them). --inexact leaves pip
# and uv, which the lock does not name, in the environment.
$(STAMP): backend/pyproject.toml backend/client/pyproject.toml backend/uv.lock
	@test -x $(PY) || python3 -m venv $(VENV)
	@# uv installs what pip did, bytecode compiled as pip does, in 29 s against 45-57 s here.
	$(PY) -m pip install --quiet 'uv==0.13.9'
	UV_PROJECT_ENVIRONMENT=$(abspath $(VENV)) $(VENV)/bin/uv sync --quiet --system-certs --compile-bytecode --locked --inexact --extra dev --project backend --python $(PY)
	@rm -f $(VENV)/.installed-*; touch $(STAMP)

install: $(STAMP) $(HTTP_AUDIT_STAMP) $(if $(HAS_FRONTEND),$(FRONTEND_STAMP))

# Two packages from its lock file, a second or two: done before pytest starts.
$(HTTP_AUDIT_STAMP): $(HTTP_AUDIT)/package.json $(HTTP_AUDIT)/package-lock.json
	cd $(HTTP_AUDIT) && npm ci --no-audit --no-fund --prefer-offline
	@rm -f $(HTTP_AUDIT)/node_modules/.installed-*; touch $(HTTP_AUDIT_STAMP)

# --prefer-offline: a package already in npm's cache is taken from it without asking the
# registry whether it changed (the lock file pins each one by version and checksum anyway):
# 24 s against 29 s here.
$(FRONTEND_STAMP): frontend/package.json
	cd frontend && npm ci --no-audit --no-fund --prefer-offline
	@rm -f frontend/node_modules/.installed-*; touch $(FRONTEND_STAMP)

frontend-build: $(FRONTEND_STAMP)
	cd frontend && npm run build

# Starts embedded PostgreSQL and Redis unless DATABASE_URL / REDIS_URL are set.
run: install $(if $(HAS_FRONTEND),frontend-build)
	$(VENV)/bin/casebook dev --console-dir frontend/dist

migrate: install
	$(VENV)/bin/casebook migrate

serve: install
	$(VENV)/bin/casebook serve

worker: install
	$(VENV)/bin/casebook worker

# The Python and npm installs side by side; pytest starts once Python's is done, while npm's
# goes on, and its processes keep both cores busy. Beside pytest, once npm's install is
# done, at the lowest CPU priority: lint, mypy and import-linter, the console's build and
# the browser's install, so they take only the time pytest leaves idle. Then the browser
# tests, two spec files at a time (playwright.config.ts), beside the console's unit tests
# at a lower priority (not the idle class: their timeouts would race) and the console's
# type checks, generated-types check and eslint at the lowest: the browser tests mostly
# wait on pages and the API and leave the cores partly idle. Each part's output is printed
# whole once it ends.
test:
	$(MAKE) --no-print-directory -j2 --output-sync=target test-backend checks-in-idle-time
	$(if $(HAS_FRONTEND),$(MAKE) --no-print-directory -j3 --output-sync=target test-e2e-built unit-tests-aside static-checks-aside)

# Linux's idle scheduling class (SCHED_IDLE) where chrt offers it: such a process runs only on
# a core nothing else wants. nice 19 alone still took a share, and pytest took 224-230 s beside
# the checks against 199 s with them idle-class.
IDLE_CLASS := $(shell chrt --idle 0 true 2>/dev/null && echo chrt --idle 0)

checks-in-idle-time: $(STAMP) $(if $(HAS_FRONTEND),$(FRONTEND_STAMP))
	$(IDLE_CLASS) nice -n 19 $(MAKE) --no-print-directory lint $(if $(HAS_FRONTEND),e2e-prerequisites)

unit-tests-aside:
	nice -n 10 $(MAKE) --no-print-directory test-unit-frontend

static-checks-aside:
	$(IDLE_CLASS) nice -n 19 $(MAKE) --no-print-directory types-frontend lint-frontend

# pytest-xdist: each test process has its own database and Redis database (tests/support/services.py).
# Three on two cores: each process waits on PostgreSQL, Redis and the processes its tests start
# for about a fifth of its time, so two kept the cores 80 % busy (136 s and 216 CPU-s alone
# here) and three keep them busy (122 s and 230 CPU-s).
PYTEST_PROCESSES ?= 3

test-backend: $(STAMP) $(HTTP_AUDIT_STAMP)
	$(PY) -m pytest -q -p no:cacheprovider -n $(PYTEST_PROCESSES)

# The inner loop: domain rules, the API's shapes and the integration tests; no lint, no browser.
test-fast: $(STAMP) $(HTTP_AUDIT_STAMP)
	$(PY) -m pytest -q -p no:cacheprovider -n $(PYTEST_PROCESSES) tests/domain tests/graphql tests/integration

test-frontend: check-frontend test-e2e

# Type checks, the generated types, eslint and the console's unit tests.
check-frontend: static-checks-frontend test-unit-frontend

static-checks-frontend: $(FRONTEND_STAMP)
	cd frontend && npm run check

# The halves of `npm run check`, for `make test` to run them apart.
types-frontend: $(FRONTEND_STAMP)
	cd frontend && npm run check:types

lint-frontend: $(FRONTEND_STAMP)
	cd frontend && npm run lint

test-unit-frontend: $(FRONTEND_STAMP)
	cd frontend && npm run test:unit

# Builds the console and runs the browser tests against a stack of its own.
test-e2e: $(STAMP) $(FRONTEND_STAMP)
	cd frontend && npm run test:e2e

# The console's build and Debian's Chromium headless shell (frontend/scripts/ensure-chromium.sh).
e2e-prerequisites: $(FRONTEND_STAMP)
	cd frontend && npm run build:e2e

# The browser tests against the console already in frontend/dist.
test-e2e-built: $(STAMP) $(FRONTEND_STAMP)
	cd frontend && npm run test:e2e:built

lint: install
	$(VENV)/bin/ruff check backend tests benchmarks
	$(VENV)/bin/ruff format --check backend tests benchmarks
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/mypy --python-version 3.10 backend/client/casebook_client
	$(PY) backend/client/codegen.py --check

schema: install
	$(PY) -m casebook.graphql.export_schema schema.graphql

# The Python client's generated package, after a change of schema.graphql or
# backend/client/operations/ (commit the result; `make lint` fails when it is stale).
client-codegen: install
	$(PY) backend/client/codegen.py

clean:
	rm -rf .data frontend/dist frontend/test-results
