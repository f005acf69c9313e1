# Pocket Stud.  `make sim` plays, `make test` proves.  Make builds its own venv.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

BOARD ?= pico
PORT ?=
MPREMOTE := $(VENV)/bin/mpremote

.PHONY: sim screenshots test bench tables clean flash run repl node_modules web web-shot chromium

$(STAMP): requirements.txt
	@echo "make: first run - installing the tools into $(VENV) (requirements.txt; about a minute)"
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --disable-pip-version-check -r requirements.txt
	touch $(STAMP)
	@echo "make: $(VENV) is ready"

# The handheld in a terminal (tools/sim/sim.py).
sim: $(STAMP)
	$(PY) -m tools.sim.sim

# The README's pictures of the handheld, from real game states (docs/screens/*.png).
screenshots: $(STAMP)
	$(PY) -m tools.sim.screenshots

# host_tests/ mirrors firmware/stud (core, play, save, ui, device) plus dual/ (CPython =
# MicroPython) and support/; pytest.ini sets the paths.  Strength claims are `make bench`.
# Compiled bytecode is cached in build/pycache even where the environment turns caching
# off (PYTHONDONTWRITEBYTECODE): the app drops modules and imports them again, as it does
# on the device, and each import would compile its module anew.
test: $(STAMP) node_modules/.installed chromium
	env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(CURDIR)/build/pycache \
		$(PY) -m pytest -q -n auto --dist loadfile

# tools/bench/: speed, heap and the self-play strength matches; progress on stderr.
bench: $(STAMP)
	$(PY) -m tools.bench.run --publish

tables: $(STAMP)
	$(PY) -m tools.gen.gen_tables

# The WebAssembly MicroPython behind tools/device/vboard.py, as pinned in package-lock.json.
node_modules: node_modules/.installed
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Pocket Stud in a web browser (tools/web/): the firmware in the WebAssembly MicroPython,
# built into build/web/ and served at http://127.0.0.1:8000/ (Ctrl-C stops).
web: $(STAMP) node_modules/.installed
	$(PY) -m tools.web.website --serve

# The README's picture of the web page (docs/screens/web.png), from headless Chromium.
web-shot: $(STAMP) node_modules/.installed chromium
	$(PY) -m tools.web.webshot

# The browser tests' Chromium (Debian's): installed with apt when missing and we are root;
# otherwise the tests say what to install (and fail rather than skip when CI=true).
CHROMIUM := /usr/bin/chromium
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else \
	    echo "make: no $(CHROMIUM): the browser tests need Debian's chromium (sudo apt-get install chromium)"; \
	  fi; \
	fi

# The device: make flash PORT=/dev/ttyACM0 BOARD=pico (boards/: pico, esp32).
flash: $(STAMP)
	@test -n "$(PORT)" || { echo "usage: make flash PORT=/dev/ttyACM0 BOARD=pico"; exit 2; }
	$(PY) -m tools.device.flash --port $(PORT) --board $(BOARD)

# Development: firmware/ from this machine (mpremote mount), the pin map on the board.
run: $(STAMP)
	@test -n "$(PORT)" || { echo "usage: make run PORT=/dev/ttyACM0 BOARD=pico"; exit 2; }
	$(MPREMOTE) connect $(PORT) cp boards/$(BOARD).py :pins.py + mount firmware \
		+ exec "import sys; sys.path.append('/'); from stud.boot import run; run()"

repl: $(STAMP)
	@test -n "$(PORT)" || { echo "usage: make repl PORT=/dev/ttyACM0"; exit 2; }
	$(MPREMOTE) connect $(PORT) repl

clean:
	rm -rf $(VENV) .pytest_cache build
