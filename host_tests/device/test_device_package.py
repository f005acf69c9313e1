"""package.json: npm's pin of the WebAssembly MicroPython, and mip's file list
(`mpremote mip install --target / github:OWNER/pocket-stud`) kept in step with firmware/."""
import json
import os

from tools.gen import build

ROOT = build.ROOT


def package():
    with open(os.path.join(ROOT, "package.json")) as f:
        return json.load(f)


def test_npm_pins_the_webassembly_micropython_exactly():
    assert package()["devDependencies"] == {"@micropython/micropython-webassembly-pyscript": "1.27.0"}
    with open(os.path.join(ROOT, "package-lock.json")) as f:
        lock = json.load(f)
    entry = lock["packages"]["node_modules/@micropython/micropython-webassembly-pyscript"]
    assert entry["version"] == "1.27.0" and entry["integrity"].startswith("sha512-")


def test_mip_installs_every_firmware_module_the_launcher_and_the_pico_pin_map():
    urls = dict(package()["urls"])
    wanted = {rel: "firmware/" + rel for rel in build.sources() if rel.startswith("stud/")}
    wanted["main.py"] = "firmware/main.py"
    wanted["pins.py"] = "boards/pico.py"
    assert urls == wanted
    for dest, src in urls.items():
        if src == "firmware/main.py" and not os.path.exists(os.path.join(ROOT, src)):
            continue      # the launcher is the app's; tools/device/flash.py writes the same two lines
        assert os.path.exists(os.path.join(ROOT, src)), src
