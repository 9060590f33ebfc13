# One command to set up and run the bot, one to set up and run the tests.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: setup run test lint bench

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

setup: $(VENV)/.installed

# Without DISCORD_TOKEN this is the local sandbox (a page on 127.0.0.1); ARGS=--sandbox or
# ARGS=--discord chooses explicitly.
run: setup
	@$(BIN)/python bot.py $(ARGS)

test: setup
	$(BIN)/python -m pytest -q -n auto

lint: setup
	$(BIN)/python -m ruff check .
	$(BIN)/python -m ruff format --check .
	$(BIN)/python -m mypy

bench: setup
	$(BIN)/python -m bench
