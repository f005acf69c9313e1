// Pocket Stud in a browser: the handheld's own firmware (firmware/stud) running in
// the WebAssembly MicroPython, on the web board (boards/web.py, here as web.py).
//
// This module is the hardware: it loads the runtime (micropython.mjs/.wasm beside
// this file) and the firmware's files (firmware.json), registers the JavaScript
// module `_web` that web.py talks to, and calls the app's tick every frame.
//   display   web.py hands over the changed pages; the 128x64 panel is drawn on the
//             canvas with the OLED look of docs/screens/ (tools/sim/png.py's colours,
//             a dark gap between pixels), at the biggest whole scale that fits
//   input     keyboard (arrows/WASD, Enter/space = the button, held = long press,
//             M = long press, as `make sim`; Tab is left to the page, for its
//             buttons) and the on-screen pad (mouse and touch, through pointer
//             events); events are queued until web.py polls
//   clock     performance.now()
//   sound     the buzzer's notes as a square wave through Web Audio, from the first
//             key or touch on (browsers allow sound only after one)
//   save      localStorage, keys "pocket-stud/<file>" holding the file's bytes as hex:
//             web.py asks for a file's size (the string's length) and for slices
//             of it, and hands over whole files to store.  UPLOAD SAVE and DOWNLOAD
//             SAVE ask web.py, whose verdict is the device's own loader's: an upload
//             it accepts becomes stud.sav (the old one stud.sav.bak) and the app
//             restarts on it; a download is only ever a save it accepts
//
// URL parameters (tests and reproducible games):
//   seed=N        a repeatable game, as tools/sim/sim.py --seed N
//   clock=step    a fixed clock: no timer; stud.step(n) runs n ticks, FRAME_MS apart
//
// window.stud exposes the state tests and benchmarks read (ready, titleMs, stats...).

const params = new URLSearchParams(location.search);
const SEED = params.has("seed") ? parseInt(params.get("seed"), 10) : -1;
const STEP = params.get("clock") === "step";
const HEAP = 2 * 1024 * 1024;
const STORE_KEY = "pocket-stud/";
const SAVE_NAME = "stud.sav";

const LIT = [150, 220, 255], DARK = [8, 10, 14], BEZEL = [34, 36, 40];  // tools/sim/png.py
const LONG_MS = 600;                        // stud.drivers.button.LONG_MS
const REPEAT_DELAY_MS = 400, REPEAT_MS = 120;   // stud.ui.input's repeat, for the pad

const $ = (id) => document.getElementById(id);
const canvas = $("panel");
const ctx = canvas.getContext("2d", { alpha: false });
const statusLine = $("status");

const stud = {
  ready: false, failed: null, seed: SEED, step: null,
  titleMs: null,            // performance.now() (ms since navigation) when the title was drawn
  loadMs: null,             // runtime and firmware loaded, app made
  sounds: 0,                // sounds the app asked the buzzer for (SOUND on)
  handed: {},               // hex characters of each stored file handed to the firmware
  ticks: 0, maxTickMs: 0, tickMs: [], frameMs: 20,
  geometry: { scale: 4, border: 8, gap: 1 },
};
window.stud = stud;

function setStatus(text, kind = "") {
  // kind: "" (loading), "done" or "refused" (what UPLOAD / DOWNLOAD SAVE did)
  statusLine.textContent = text;
  statusLine.className = kind;
}

function fail(message) {
  stud.failed = message;
  if (typeof window.studFail === "function") window.studFail(message);
  else { const box = $("error"); box.textContent = "Pocket Stud could not start: " + message; box.hidden = false; }
  stopLoop();
}

// ---- the panel ------------------------------------------------------------------
const panel = new Uint8Array(1024);        // what the OLED shows, page layout (MONO_VLSB)
const small = document.createElement("canvas");
small.width = 128; small.height = 64;
const smallCtx = small.getContext("2d", { alpha: false });
const pixels = smallCtx.createImageData(128, 64);
let grid = null;                            // the dark gaps between pixels, over the image
let contrast = 255, powered = true, inverted = false;

function litColour() {
  // The panel's brightness follows the contrast setting (never so dim it looks off).
  const k = 0.6 + 0.4 * (contrast / 255);
  return LIT.map((c) => Math.round(c * k));
}

function paintPages(mask) {
  const lit = litColour();
  const d = pixels.data;
  for (let p = 0; p < 8; p++) {
    if (!(mask & (1 << p))) continue;
    for (let x = 0; x < 128; x++) {
      const byte = powered ? panel[p * 128 + x] : 0;
      for (let bit = 0; bit < 8; bit++) {
        let on = (byte >> bit) & 1;
        if (inverted && powered) on ^= 1;
        const c = on ? lit : DARK;
        const i = ((p * 8 + bit) * 128 + x) * 4;
        d[i] = c[0]; d[i + 1] = c[1]; d[i + 2] = c[2]; d[i + 3] = 255;
      }
    }
  }
  smallCtx.putImageData(pixels, 0, 0);
  compose();
}

function compose() {
  const { scale: s, border: b } = stud.geometry;
  ctx.fillStyle = `rgb(${BEZEL})`;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(small, b, b, 128 * s, 64 * s);
  if (grid) ctx.drawImage(grid, b, b);
}

function fit() {
  // The biggest whole scale that fits the space (in device pixels: crisp on any screen).
  const dpr = window.devicePixelRatio || 1;
  const box = $("screen");
  const portrait = window.innerHeight > window.innerWidth;
  const availW = Math.max(100, box.clientWidth - 8);
  const maker = $("maker").offsetHeight + 6;   // the maker's name above the panel
  const availH = portrait ? window.innerHeight * 0.55 - maker
                          : Math.max(80, box.clientHeight - 32 - maker);
  const s = Math.max(1, Math.floor(Math.min(availW * dpr / 132, availH * dpr / 68)));
  const b = 2 * s, gap = s >= 3 ? 1 : 0;
  stud.geometry = { scale: s, border: b, gap };
  canvas.width = 128 * s + 2 * b;
  canvas.height = 64 * s + 2 * b;
  canvas.style.width = canvas.width / dpr + "px";
  canvas.style.height = canvas.height / dpr + "px";
  grid = null;
  if (gap) {
    grid = document.createElement("canvas");
    grid.width = 128 * s; grid.height = 64 * s;
    const g = grid.getContext("2d");
    g.fillStyle = `rgb(${DARK})`;
    for (let x = 1; x <= 128; x++) g.fillRect(x * s - gap, 0, gap, 64 * s);
    for (let y = 1; y <= 64; y++) g.fillRect(0, y * s - gap, 128 * s, gap);
  }
  compose();
}

stud.panelHex = () => Array.from(panel, (v) => v.toString(16).padStart(2, "0")).join("");

stud.readCanvas = () => {
  // The canvas read back: each pixel's centre, thresholded to 1 bit, in page layout (hex).
  const { scale: s, border: b, gap } = stud.geometry;
  const img = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const lit = litColour();
  const cut = (DARK[1] + lit[1]) / 2;
  const out = new Uint8Array(1024);
  const off = Math.floor((s - gap) / 2);
  for (let y = 0; y < 64; y++) {
    for (let x = 0; x < 128; x++) {
      const px = b + x * s + off, py = b + y * s + off;
      if (img[(py * canvas.width + px) * 4 + 1] > cut) out[(y >> 3) * 128 + x] |= 1 << (y & 7);
    }
  }
  return Array.from(out, (v) => v.toString(16).padStart(2, "0")).join("");
};

// ---- input -----------------------------------------------------------------------
let EV = null;                              // stud.core.events' codes, read from the firmware
const queue = [];

function push(name) {
  if (EV) queue.push(EV[name]);
  unlockAudio();
}

const button = {                            // the joystick's button: PRESS, or LONG_PRESS if held
  held: false, long: false, timer: 0,
  down() {
    if (this.held) return;
    this.held = true; this.long = false;
    $("press").classList.add("held");
    this.timer = setTimeout(() => { this.long = true; push("LONG_PRESS"); }, LONG_MS);
    unlockAudio();
  },
  up(cancel) {
    if (!this.held) return;
    clearTimeout(this.timer);
    this.held = false;
    $("press").classList.remove("held");
    if (!this.long && !cancel) push("PRESS");
  },
};

const KEYS = {
  ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
  w: "UP", s: "DOWN", a: "LEFT", d: "RIGHT", W: "UP", S: "DOWN", A: "LEFT", D: "RIGHT",
};

// Enter and space on a focused page button (UPLOAD / DOWNLOAD SAVE) are that button's.
const onPageButton = (e) => !!(e.target.closest && e.target.closest("#saves"));

// The footer speaks of the controls in use: touch (a coarse pointer, or a touch on the
// page) or keys (a key pressed).
const body = document.body;
body.classList.toggle("touch", !!(window.matchMedia && matchMedia("(pointer: coarse)").matches));
window.addEventListener("touchstart", () => body.classList.add("touch"), { capture: true, passive: true });

window.addEventListener("keydown", (e) => {
  body.classList.remove("touch");
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (KEYS[e.key]) { e.preventDefault(); push(KEYS[e.key]); return; }   // the key's own repeat
  if (e.key === "Enter" || e.key === " ") {
    if (onPageButton(e)) return;
    e.preventDefault();
    // clock=step (the tests' fixed clock): the key is a press at its release, never a hold
    // timed on the real clock, which a loaded machine can stretch past LONG_MS between
    // keydown and keyup (M is the long press; the pad's button still times its hold)
    if (!e.repeat && !STEP) button.down();
    return;
  }
  if (e.key === "m" || e.key === "M") {
    e.preventDefault();
    if (!e.repeat) push("LONG_PRESS");
  }
});
window.addEventListener("keyup", (e) => {
  if ((e.key === "Enter" || e.key === " ") && !onPageButton(e)) {
    e.preventDefault();
    if (STEP) push("PRESS");
    else button.up(false);
  }
});
window.addEventListener("blur", () => button.up(true));

function padDirection(el) {
  const name = el.dataset.event;
  let timer = 0;
  const stop = () => { clearTimeout(timer); clearInterval(timer); timer = 0; el.classList.remove("held"); };
  el.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    el.setPointerCapture?.(e.pointerId);
    stop();
    el.classList.add("held");
    push(name);
    timer = setTimeout(() => { push(name); timer = setInterval(() => push(name), REPEAT_MS); }, REPEAT_DELAY_MS);
  });
  for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) el.addEventListener(type, stop);
}
document.querySelectorAll("#pad .dir").forEach(padDirection);
const pressEl = $("press");
pressEl.addEventListener("pointerdown", (e) => { e.preventDefault(); pressEl.setPointerCapture?.(e.pointerId); button.down(); });
pressEl.addEventListener("pointerup", () => button.up(false));
pressEl.addEventListener("pointercancel", () => button.up(true));
$("pad").addEventListener("contextmenu", (e) => e.preventDefault());

// ---- sound -----------------------------------------------------------------------
let audio = null, voice = null;

function unlockAudio() {
  try {
    if (!audio) {
      const AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return;
      audio = new AC();
    }
    if (audio.state === "suspended") audio.resume().catch(() => {});
  } catch (e) { audio = null; }
}

stud.audioState = () => (audio ? audio.state : "none");

function play(notes) {
  // "f,ms,f,ms,...": frequency 0 is a rest; notes last whole frames, as on the device.
  stud.sounds++;
  if (!audio || audio.state !== "running") return;
  if (voice) { try { voice.stop(); } catch (e) { /* already stopped */ } }
  const list = notes.split(",").map(Number);
  const osc = audio.createOscillator(), gain = audio.createGain();
  osc.type = "square";
  osc.connect(gain).connect(audio.destination);
  let t = audio.currentTime + 0.005;
  for (let i = 0; i + 1 < list.length; i += 2) {
    const f = list[i], ms = Math.ceil(list[i + 1] / stud.frameMs) * stud.frameMs;
    if (f) osc.frequency.setValueAtTime(f, t);
    gain.gain.setValueAtTime(f ? 0.05 : 0, t);
    t += ms / 1000;
  }
  gain.gain.setValueAtTime(0, t);
  osc.start();
  osc.stop(t + 0.01);
  voice = osc;
}

// ---- saving ----------------------------------------------------------------------
function storage() {
  try { return window.localStorage; } catch (e) { return null; }
}

function stored(path) {
  // The file's hex string, or null (no such file, or no localStorage at all).
  try { return storage()?.getItem(STORE_KEY + path) ?? null; } catch (e) { return null; }
}

const toHex = (bytes) => Array.from(bytes, (v) => v.toString(16).padStart(2, "0")).join("");

function fromHex(hex) {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(i * 2, 2), 16);
  return bytes;
}

function ask(what, call) {
  // A call into web.py for a page button: its answer (None is null), or undefined
  // once the status says why there is none.
  if (!web) { setStatus("THE GAME HAS NOT STARTED YET: " + what + " LATER", "refused"); return undefined; }
  try {
    return mp.PyProxy.toJs(call());
  } catch (e) {
    console.warn(e);
    setStatus(what + " FAILED: " + (e && e.message || e), "refused");
    return undefined;
  }
}

function download() {
  const got = ask("DOWNLOAD", () => web.download());
  if (!got) return;
  const [hex, line] = got;
  if (hex !== null) {
    const url = URL.createObjectURL(new Blob([fromHex(hex)], { type: "application/octet-stream" }));
    const a = document.createElement("a");
    a.href = url; a.download = SAVE_NAME;
    document.body.appendChild(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }
  setStatus(line, hex !== null ? "done" : "refused");
}

async function upload(file) {
  // The file is read only if its size could be a save's; web.py judges the bytes.
  const tooBig = ask("UPLOAD", () => web.refused(file.name, String(file.size)));
  if (tooBig === undefined) return;
  if (tooBig !== null) { setStatus(tooBig, "refused"); return; }
  let hex;
  try {
    hex = toHex(new Uint8Array(await file.arrayBuffer()));
  } catch (e) {
    setStatus("UPLOAD FAILED: THE BROWSER COULD NOT READ " + file.name, "refused");
    return;
  }
  const got = ask("UPLOAD", () => web.upload(file.name, hex));
  if (!got) return;
  const [ok, line] = got;
  setStatus(line, ok ? "done" : "refused");
  if (!ok) return;
  try {
    startApp();                             // the uploaded game, from its title page
  } catch (e) {
    fail("the firmware did not start on the uploaded save: " + (e && e.message || e));
  }
}

const picker = $("upload-file");
function pageButton(id, action) {
  // Keyboard (Tab, then Enter or space) and pointer alike; a click by pointer gives the
  // keys back to the game, so the next Enter deals rather than clicking again.
  $(id).addEventListener("click", (e) => {
    if (e.detail) e.currentTarget.blur();
    action();
  });
}
pageButton("upload", () => picker.click());
pageButton("download", download);
picker.addEventListener("change", () => {
  const file = picker.files[0];
  picker.value = "";                        // the same file again is a new choice
  if (file) upload(file);
});

// ---- the board, as web.py sees it -------------------------------------------------
const t0 = performance.now();
let clock = 0;                              // the fixed clock (clock=step)

const board = {
  now: () => (STEP ? clock : Math.floor(performance.now() - t0)),
  sleep: (ms) => { if (STEP && ms > 0) clock += ms; },
  show(pages, hex) {
    for (let p = 0; p < 8; p++) {
      if (!(pages & (1 << p))) continue;
      for (let x = 0; x < 128; x++) {
        const i = p * 128 + x;
        panel[i] = parseInt(hex.substr(i * 2, 2), 16);
      }
    }
    paintPages(pages);
    if (stud.titleMs === null) {
      stud.titleMs = performance.now();
      setStatus("");
    }
  },
  contrast(v) { contrast = v; paintPages(255); },
  power(on) { powered = !!on; paintPages(255); },
  invert(on) { inverted = !!on; paintPages(255); },
  poll() {
    if (!queue.length) return "";
    const s = String.fromCharCode(...queue);
    queue.length = 0;
    return s;
  },
  play,
  size(path) {                               // the hex string's length: nothing handed over
    const v = stored(path);
    return v === null ? null : v.length;
  },
  slice(path, start, end) {
    const v = stored(path);
    if (v === null) return null;
    const part = v.slice(start, end);
    stud.handed[path] = (stud.handed[path] || 0) + part.length;
    return part;
  },
  write(path, hex) {
    try { storage().setItem(STORE_KEY + path, hex); return true; } catch (e) { return false; }
  },
  rename(old, name) {                        // 0, or the errno: 2 no such file, 28 refused
    const v = stored(old);
    if (v === null) return 2;
    try { storage().setItem(STORE_KEY + name, v); } catch (e) { return 28; }
    storage().removeItem(STORE_KEY + old);
    return 0;
  },
  remove(path) { try { storage()?.removeItem(STORE_KEY + path); } catch (e) { /* none */ } },
};

// ---- the loop ----------------------------------------------------------------------
let mp = null, web = null;                  // the runtime and web.py, once loaded
let tick = null, timer = 0, nextAt = 0;

function startApp() {
  // A new app on the stored save (at load, and after an upload); clock=step draws its
  // first frame at once, as the device shows its title at power-on.
  queue.length = 0;
  tick = web.start(SEED);
  if (STEP) stud.step(1);
}

function runTick() {
  const start = performance.now();
  try {
    tick();
  } catch (e) {
    fail("the firmware stopped: " + (e && e.message || e));
    console.error(e);
    return;
  }
  const spent = performance.now() - start;
  stud.ticks++;
  if (spent > stud.maxTickMs) stud.maxTickMs = spent;
  stud.tickMs.push(spent);
  if (stud.tickMs.length > 3000) stud.tickMs.splice(0, 1000);
  stud.lastTickAt = start;
  (stud.tickTimes ||= []).push(start);
  if (stud.tickTimes.length > 3000) stud.tickTimes.splice(0, 1000);
}

function loop() {
  timer = 0;
  if (stud.failed) return;
  runTick();
  const now = performance.now();
  nextAt += stud.frameMs;
  if (nextAt < now) nextAt = now;           // late (a long tick): no burst to catch up
  timer = setTimeout(loop, nextAt - now);
}

function stopLoop() { if (timer) clearTimeout(timer); timer = 0; }

stud.step = (n = 1) => {                    // clock=step: n ticks, FRAME_MS of the clock apart
  for (let i = 0; i < n && !stud.failed; i++) {
    runTick();
    clock += stud.frameMs;
  }
};

stud.fps = (sinceMs) => {
  // Ticks a second over the ticks started after `sinceMs` (performance.now()).
  const t = (stud.tickTimes || []).filter((x) => x >= sinceMs);
  if (t.length < 2) return 0;
  return (t.length - 1) * 1000 / (t[t.length - 1] - t[0]);
};

// ---- start -------------------------------------------------------------------------
async function main() {
  window.addEventListener("resize", fit);
  fit();
  if (typeof WebAssembly !== "object") {
    fail("this browser has no WebAssembly, which the game's MicroPython needs.");
    return;
  }
  setStatus("LOADING MICROPYTHON…");
  let loadMicroPython;
  try {
    ({ loadMicroPython } = await import("./micropython.mjs"));
  } catch (e) {
    fail("the MicroPython runtime (micropython.mjs) did not load: " + (e && e.message || e));
    return;
  }
  let bundle;
  try {
    [mp, bundle] = await Promise.all([
      loadMicroPython({ heapsize: HEAP, linebuffer: true,
        stdout: (line) => console.log(line), stderr: (line) => console.warn(line) }),
      fetch("firmware.json").then((r) => {
        if (!r.ok) throw new Error("firmware.json: HTTP " + r.status);
        return r.json();
      }),
    ]);
  } catch (e) {
    fail("loading failed: " + (e && e.message || e));
    return;
  }
  try {
    setStatus("STARTING…");
    const FS = mp.FS;
    FS.mkdir("/fw");
    for (const [path, text] of Object.entries(bundle.files)) {
      const parts = path.split("/");
      let dir = "/fw";
      for (const part of parts.slice(0, -1)) {
        dir += "/" + part;
        try { FS.mkdir(dir); } catch (e) { /* made already */ }
      }
      FS.writeFile("/fw/" + path, text);
    }
    mp.registerJsModule("_web", board);
    mp.runPython("import sys\nsys.path.insert(0, '/fw')");
    web = mp.pyimport("web");
    const events = mp.pyimport("stud.core.events");
    EV = {};
    for (const name of ["UP", "DOWN", "LEFT", "RIGHT", "PRESS", "LONG_PRESS"]) EV[name] = events[name];
    stud.frameMs = web.frame_ms();
    startApp();
  } catch (e) {
    fail("the firmware did not start: " + (e && e.message || e));
    return;
  }
  stud.loadMs = performance.now();
  stud.ready = true;
  if (!STEP) {
    nextAt = performance.now();
    loop();
  }
}

main().catch((e) => fail(String(e && e.stack || e)));
