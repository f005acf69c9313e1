"""`make web`: the firmware in a web page (WebAssembly MicroPython)."""
