# Pocket Stud.  `make sim` plays, `make test` proves.  Make builds its own venv.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

BOARD ?= pico
PORT ?=
MPREMOTE := $(VENV)/bin/mpremote

.PHONY: sim screenshots test bench tables clean flash run repl node_modules

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

# The handheld in a terminal (tools/sim.py).
sim: $(STAMP)
	$(PY) tools/sim.py

# The README's pictures of the handheld, from real game states (docs/screens/*.png).
screenshots: $(STAMP)
	$(PY) tools/screenshots.py

test: $(STAMP) node_modules/.installed
	$(PY) -m pytest -q host_tests

bench: $(STAMP)
	$(PY) tools/bench.py

tables: $(STAMP)
	$(PY) tools/gen_tables.py

# The WebAssembly MicroPython behind tools/vboard.py, as pinned in package-lock.json.
node_modules: node_modules/.installed
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The device: make flash PORT=/dev/ttyACM0 BOARD=pico (boards/: pico, esp32).
flash: $(STAMP)
	@test -n "$(PORT)" || { echo "usage: make flash PORT=/dev/ttyACM0 BOARD=pico"; exit 2; }
	$(PY) tools/flash.py --port $(PORT) --board $(BOARD)

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
