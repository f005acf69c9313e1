# Pocket Stud.  `make sim` plays, `make test` proves.  Make builds its own venv.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: sim test bench tables clean

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

sim: $(STAMP)
	$(PY) tools/textgame.py

test: $(STAMP)
	$(PY) -m pytest -q host_tests

bench: $(STAMP)
	$(PY) tools/bench.py

tables: $(STAMP)
	$(PY) tools/gen_tables.py

clean:
	rm -rf $(VENV) .pytest_cache build
