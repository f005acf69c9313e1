"""CircuitPython's entry (it runs code.py at boot): the same game as main.py.

stud.boot sees CircuitPython and builds the board from displayio,
analogio, digitalio and pwmio with the pin map in pins.py.
"""
from stud.boot import run

run()
