// The virtual board's runtime: the WebAssembly MicroPython (npm
// @micropython/micropython-webassembly-pyscript) behaving like a board on a
// serial line.  Started by tools/device/vboard.py, which owns the pseudo-terminal.
//
//   node tools/device/vboard_node.mjs CONFIG_JSON
//
// stdin: bytes from the serial line; stdout: bytes to it; fd config.hwFd:
// hardware events as text lines ("i2c 3c <hex>", "pin LED 1", "pwm 15 440 32768",
// "boot hard"); fd config.ctlFd: lines from the host ("adc 26 32768", "pin 22 0",
// "i2c display 60" or "i2c display -1").
//
// The main thread only moves bytes: the interpreter runs in a worker that owns
// it, reads input from a ring buffer in shared memory (blocking with
// Atomics.wait, so a running program can sleep and still see Ctrl-C), and
// writes output straight to fd 1.  A reset (Ctrl-D soft reset, machine.reset())
// ends the worker; its files are carried to a fresh worker and interpreter,
// as flash keeps them on a board.
//
// What a real board does and this runtime needs help with:
//   * raw-paste (Ctrl-E A Ctrl-A) is refused with "R\x00": mpremote then uses
//     the plain raw REPL, which the runtime speaks;
//   * Ctrl-D soft reset prints "MPY: soft reboot", keeps the files, reruns
//     boot.py (and main.py from the friendly REPL), and re-enters the raw REPL
//     if that is where it came from;
//   * machine, the OSError numbers of the filesystem (Emscripten's 44 for
//     ENOENT and so on, mapped to MicroPython's), and a time module whose
//     sleeps see Ctrl-C come from tools/harness/vboard_machine.py.
import { Worker, isMainThread, workerData, parentPort } from "node:worker_threads";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RING = 1 << 20;
// Int32 slots of the control block
const W = 0;          // bytes written into the ring (main thread)
const R = 1;          // bytes read from it (worker)
const INTR = 2;       // Ctrl-C presses waiting for the running program
const RUNNING = 3;    // 1 while a program runs (Ctrl-C interrupts it instead of going to the REPL)
const PARK = 4;       // a slot nobody notifies: a worker waiting to be replaced sleeps on it
const VALUES = 16;    // ADC values and input pin levels, by slot (config.slots)
const CTL_INTS = 64;

if (isMainThread) {
  const config = JSON.parse(process.argv[2] || "{}");
  const sab = new SharedArrayBuffer(CTL_INTS * 4 + RING);
  const ctl = new Int32Array(sab, 0, CTL_INTS);
  const ring = new Uint8Array(sab, CTL_INTS * 4, RING);
  for (const [key, slot] of Object.entries(config.slots || {})) {
    ctl[VALUES + slot] = (config.initial || {})[key] ?? -1;
  }
  let files = [];
  let worker = null;

  function boot(kind, raw) {
    // From the reset on, a Ctrl-C is for the main.py that is about to run (none runs
    // when a soft reset goes back to the raw REPL).
    Atomics.store(ctl, INTR, 0);
    Atomics.store(ctl, RUNNING, raw ? 0 : 1);
    worker = new Worker(fileURLToPath(import.meta.url), { workerData: { sab, files, kind, raw, config } });
    worker.on("message", (m) => {
      if (m.type === "reset") {
        files = m.files;
        const old = worker;
        old.terminate().then(() => boot(m.kind, m.raw));
      }
    });
    worker.on("error", (e) => {
      process.stderr.write("vboard: the runtime crashed: " + (e && e.stack || e) + "\n");
      boot("hard", false);
    });
  }

  process.stdin.on("data", (buf) => {
    for (const b of buf) {
      if (b === 3 && Atomics.load(ctl, RUNNING)) {
        Atomics.add(ctl, INTR, 1);
        Atomics.notify(ctl, INTR);
        continue;
      }
      const w = Atomics.load(ctl, W);
      ring[w % RING] = b;
      Atomics.store(ctl, W, w + 1);
    }
    Atomics.notify(ctl, W);
  });
  process.stdin.on("end", () => process.exit(0));

  if (config.ctlFd !== undefined) {
    let pending = "";
    fs.createReadStream(null, { fd: config.ctlFd }).on("data", (chunk) => {
      pending += chunk.toString("latin1");
      let nl;
      while ((nl = pending.indexOf("\n")) >= 0) {
        const [what, key, value] = pending.slice(0, nl).trim().split(/\s+/);
        pending = pending.slice(nl + 1);
        const slot = (config.slots || {})[what + " " + key];
        if (slot !== undefined) {
          Atomics.store(ctl, VALUES + slot, parseInt(value, 10));
        }
      }
    });
  }
  boot("power", false);
} else {
  await runWorker();
}

async function runWorker() {
  const { sab, files, kind, raw: wasRaw, config } = workerData;
  const ctl = new Int32Array(sab, 0, CTL_INTS);
  const ring = new Uint8Array(sab, CTL_INTS * 4, RING);
  const hwFd = config.hwFd;
  let out = [];
  let muted = false;

  function flush() {
    if (out.length) {
      const buf = Buffer.from(out);
      out = [];
      let off = 0;
      while (off < buf.length) {
        try {
          off += fs.writeSync(1, buf, off);
        } catch (e) {
          if (e.code !== "EAGAIN") throw e;
        }
      }
    }
  }
  function write(text) {
    for (const b of Buffer.from(text, "latin1")) out.push(b);
  }
  function hw(line) {
    if (hwFd !== undefined) {
      try { fs.writeSync(hwFd, line + "\n"); } catch (e) { /* host gone */ }
    }
  }
  function readByte() {
    for (;;) {
      const r = Atomics.load(ctl, R);
      const w = Atomics.load(ctl, W);
      if (w !== r) {
        const b = ring[r % RING];
        Atomics.store(ctl, R, r + 1);
        return b;
      }
      flush();
      Atomics.wait(ctl, W, w);
    }
  }

  const { loadMicroPython } = await import(
    path.join(config.nodeModules || path.join(HERE, "..", "node_modules"),
      "@micropython/micropython-webassembly-pyscript/micropython.mjs"));
  const mp = await loadMicroPython({
    heapsize: config.heap || 192 * 1024,
    linebuffer: false,
    stdout: (bytes) => { if (!muted) for (const b of bytes) out.push(b); if (out.length > 4096) flush(); },
  });
  const FS = mp.FS;

  // The files the board had before the reset.
  for (const [p, isDir, data] of files) {
    if (isDir) {
      try { FS.mkdir(p); } catch (e) { /* exists */ }
    } else {
      FS.writeFile(p, data);
    }
  }

  function snapshot() {
    const list = [];
    const skip = new Set(["/dev", "/proc", "/.vboard"]);
    (function walk(dir) {
      for (const name of FS.readdir(dir)) {
        if (name === "." || name === "..") continue;
        const p = (dir === "/" ? "" : dir) + "/" + name;
        if (skip.has(p)) continue;
        const st = FS.stat(p);
        if (FS.isDir(st.mode)) {
          list.push([p, true, null]);
          walk(p);
        } else {
          list.push([p, false, FS.readFile(p)]);
        }
      }
    })("/");
    return list;
  }

  function reset(kindOfReset, raw) {
    flush();
    parentPort.postMessage({ type: "reset", kind: kindOfReset, raw, files: snapshot() });
    for (;;) Atomics.wait(ctl, PARK, 0);        // until terminated
  }

  const slots = config.slots || {};
  // The display's I2C address, or -1 while nothing answers (vboard --no-display, "display off").
  const display = () => slots["i2c display"] === undefined ? -1 : Atomics.load(ctl, VALUES + slots["i2c display"]);
  mp.registerJsModule("_vboard", {
    sleep(ms) {                                   // true: Ctrl-C arrived
      flush();
      if (Atomics.load(ctl, INTR) > 0) { Atomics.store(ctl, INTR, 0); return true; }
      if (ms > 0) Atomics.wait(ctl, INTR, 0, ms);
      if (Atomics.load(ctl, INTR) > 0) { Atomics.store(ctl, INTR, 0); return true; }
      return false;
    },
    interrupted() {
      if (Atomics.load(ctl, INTR) > 0) { Atomics.store(ctl, INTR, 0); return true; }
      return false;
    },
    value(kindOfValue, key) {                     // ("adc", "26") or ("pin", "22"): -1 unknown
      const slot = slots[kindOfValue + " " + key];
      return slot === undefined ? -1 : Atomics.load(ctl, VALUES + slot);
    },
    i2c_scan() { const a = display(); return a < 0 ? "" : String(a); },
    i2c_write(addr, hex) {
      if (addr !== display()) return false;
      hw("i2c " + addr.toString(16) + " " + hex);
      return true;
    },
    pin_out(key, v) { hw("pin " + key + " " + v); },
    pwm(key, freq, duty) { hw("pwm " + key + " " + freq + " " + duty); },
    reset() { reset("hard", false); },
    platform() { return config.name || "virtual board"; },
  });

  // The shims, as modules that no file on the board shows.
  FS.mkdir("/.vboard");
  FS.writeFile("/.vboard/_vboard_machine.py",
    fs.readFileSync(path.join(HERE, "..", "harness", "vboard_machine.py")));
  mp.runPython("import sys\nsys.path.insert(0, '/.vboard')\nimport _vboard_machine\nsys.path.pop(0)\n_vboard_machine.install()\n");
  FS.unlink("/.vboard/_vboard_machine.py");
  FS.rmdir("/.vboard");

  function runFile(name) {
    Atomics.store(ctl, RUNNING, 1);
    try {
      mp.runPython("__import__('_vboard_machine').run_file(" + JSON.stringify(name) + ")");
    } catch (e) {
      write("\r\n" + String(e && e.message || e) + "\r\n");
    }
    flush();
  }
  // Boot as a board does: boot.py always, main.py from the friendly REPL only.
  let raw = !!wasRaw;
  if (kind === "soft") write("MPY: soft reboot\r\n");
  hw("boot " + kind);
  runFile("boot.py");
  if (!raw) runFile("main.py");
  Atomics.store(ctl, RUNNING, 0);
  Atomics.store(ctl, INTR, 0);
  muted = raw;
  mp.replInit();
  if (raw) {
    mp.replProcessChar(1);
    muted = false;
    write("raw REPL; CTRL-B to exit\r\n>");
  }

  for (;;) {
    flush();
    let b = readByte();
    if (raw && b === 5) {                         // raw-paste request: refuse it
      const b2 = readByte();
      const b3 = b2 === 0x41 ? readByte() : -1;
      if (b2 === 0x41 && b3 === 1) {
        write("R\x00");
        continue;
      }
      feed(5);
      feed(b2);
      if (b3 >= 0) feed(b3);
      continue;
    }
    feed(b);
  }

  function feed(c) {
    if (c === 1) raw = true;
    else if (c === 2) raw = false;
    const runs = (raw && c === 4) || (!raw && c === 13);
    if (runs) { Atomics.store(ctl, INTR, 0); Atomics.store(ctl, RUNNING, 1); }
    const ret = mp.replProcessChar(c);
    if (runs) { Atomics.store(ctl, RUNNING, 0); Atomics.store(ctl, INTR, 0); }
    if (ret) {                                    // Ctrl-D: a soft reset
      reset("soft", raw);
    }
  }
}
