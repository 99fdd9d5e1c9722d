# Two commands do everything on a fresh machine: `make serve` and `make test`.
PY      := .venv/bin/python
STAMP   := .venv/.installed
LANG    ?=
# Two test processes, one per core; an idle one takes tests from the other's queue (the browser
# suite's accessibility audits take a minute each). PARALLEL= runs them in this process (a
# debugger, -x, a test's own output).
PARALLEL ?= -n 2 --dist worksteal

.DEFAULT_GOAL := help

help: ## List the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

$(STAMP): pyproject.toml
	python3 -m venv .venv
	.venv/bin/pip install -q -U pip
	.venv/bin/pip install -q -e '.[dev]'
	touch $(STAMP)

install: $(STAMP) ## Create .venv and install the project with its dev extras

# Lint first, then make sure Chromium, nginx and GNU gettext are there (installed when root, else
# the command to run): the tests fail, never skip, without them. `make check` needs gettext only.
test: lint $(STAMP) ## Run ruff and every test, the browser tests included
	tests/ensure-system
	$(PY) -m pytest -q $(PARALLEL)

check: lint $(STAMP) ## The inner loop: ruff and every test but the browser ones
	tests/ensure-system gettext
	$(PY) -m pytest -q -m "not browser" $(PARALLEL)

lint: $(STAMP) ## Check the code with ruff and the house's import contracts (import-linter)
	$(PY) -m ruff check game generator server tests bench
	.venv/bin/lint-imports --no-cache

coverage: $(STAMP) ## How much of the game in the page (game/web) its CPython tests run
	$(PY) -m pytest -q -m "not browser" $(PARALLEL) tests/web --cov=game/web --cov-report=term-missing:skip-covered

golden: $(STAMP) ## Rebuild the golden-output tree after an intended output change (then review git diff)
	GOLDEN_UPDATE=1 $(PY) -m pytest -q tests/generator/test_golden.py

bench: $(STAMP) ## Print speed and size figures (engine, build, browser, AI, move latency, table server, dev loop)
	$(PY) -m bench

lighthouse: $(STAMP) ## Lighthouse scores of every page (installs Lighthouse from npm on first use)
	$(PY) -m bench lighthouse

site: $(STAMP) ## Build the site into site/
	$(PY) -m generator build

# The pseudo-locales en-XA (accented, ~40 % longer) and ar-XB (mirrored, right to left) beside
# the real languages, in site-pseudo/ (never the published site): English left on a page,
# text that overflows, a layout that does not mirror (generator/pseudo.py).
pseudo: $(STAMP) ## Build and serve the site with two pseudo-locales on http://127.0.0.1:8001/
	$(PY) -m generator serve --pseudo --port 8001

# --dev: the server builds the site, rebuilds it on every change to locales/, content/,
# site_templates/, game/ or site.toml and reloads the open pages (docs/TRANSLATING.md).
# `make serve INCOMPLETE=1` also shows languages below min_coverage (a new one, to proofread).
serve: $(STAMP) ## Build, serve on http://127.0.0.1:8000/ with the online tables, rebuild and reload on every change
	$(PY) -m server --host 127.0.0.1 --port 8000 --site site --db tables.sqlite3 --dev \
		$(if $(INCOMPLETE),--allow-incomplete)

# The tables past one process: nginx (Debian's) serves the site and routes each table to its
# shard by the code's first character (server/cluster.py, docs/online.md).
cluster: site ## Build, then serve through nginx with SHARDS table processes (default 3) on :8000
	$(PY) -m server.cluster --shards $(or $(SHARDS),3) --port 8000 --site site --db-dir tables

extract: $(STAMP) ## Extract messages into the .pot templates
	$(PY) -m generator extract

update-po: $(STAMP) ## Merge the .pot templates into every .po (written by GNU msgcat)
	$(PY) -m generator update

stats: $(STAMP) ## Translation coverage per language
	$(PY) -m generator stats

# LANG is also the shell's locale variable (e.g. C.UTF-8): only a LANG given on make's command
# line names the new language, and the locale is reset so Python does not read "xx" as one.
init-lang: $(STAMP) ## Start a new language: make init-lang LANG=xx
	@test "$(origin LANG)" = "command line" || (echo "usage: make init-lang LANG=xx" >&2; exit 2)
	LANG=C.UTF-8 $(PY) -m generator init-lang $(LANG)

arena: $(STAMP) ## Play the standard table of computer-player matchups
	$(PY) -m game.ai.arena --table

clean: ## Remove the built site and caches
	rm -rf site site-pseudo .pytest_cache .ruff_cache

.PHONY: help install test check lint coverage golden bench lighthouse site pseudo serve cluster extract update-po stats init-lang arena clean
