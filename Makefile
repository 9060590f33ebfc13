# One command to set up and run the bot, one to set up and run the tests.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: setup run test lint bench messages

# The first `make run` installs silently: pip says only errors (-qq; a failed build still shows
# its output), no version nag, and the build backend's deprecation boxes (Python warnings) stay
# hidden, so the sandbox's one line is all that is printed.
QUIET_PIP := PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONWARNINGS=ignore $(BIN)/python -m pip install -qq

$(BIN)/python:
	@$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: $(BIN)/python pyproject.toml
	@$(QUIET_PIP) --upgrade pip
	@$(QUIET_PIP) -e '.[dev]'
	@touch $@

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

# The catalogs (docs/i18n.md): the bot's (locales/) and each game's (render/<game>/locales/),
# extracted from the code and merged into each language's .po (new messages arrive empty,
# changed ones fuzzy: tests/i18n fails until a translator has seen them). The bot reads the
# .po files at start; there is no compile step.
messages: setup
	$(BIN)/python -m tools.messages
