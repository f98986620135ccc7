// The Pico's heap, measured on MicroPython's WebAssembly port (32-bit like
// the RP2040), headless under Node: the real main.py, the firmware's own
// hal/board.py on a stand-in `machine` (machine.py beside this file) and
// the .mpy files `tileclock deploy` makes, driven through the sim scripts
// of tests/sim/ (docs/simulator.md). bench/host_pico.py stages the files
// and reads what this prints.
//
//   node gauge.mjs JOB.json
//
// JOB: {port: the port's micropython.mjs, flash: the deployed folder
// (main.py, board_config.py, tileclock/**.mpy), lib: a folder of .mpy
// files for /lib (the stand-in machine and hooks), heap: the heap to start
// with, seed, consts: the simulator's {tap_ms, long_ms, menu_ms, poll_ms,
// settle_ms, diode_mv, cells: {kind: fresh mV a cell}}, imports: true to
// measure main.py's imports, boot: true to measure an empty flash up to
// the first frame, scripts: [{name, path}], map: {script, pass} to stop
// there and print the heap map}. It prints one JSON object a line.
//
// Facts this respects (each found where it mattered):
// - This build only schedules gc.collect(): the heap is collected when
//   control returns to JavaScript. So the loop is driven from here, one
//   call a pass (App.safe_step, as the firmware's start.run() makes it),
//   and gc.mem_alloc() is read after the call that asked for a collection
//   has returned.
// - Its heap grows instead of raising MemoryError: it measures size, not
//   fragmentation (the unix port's tour bench measures the largest block).
// - Time is virtual: Date.now is this file's before the port loads (the
//   port's ticks_ms are Date.now() less the moment it loaded), so a run
//   repeats to the byte; random draws come from a fixed seed.
// - Presses are pin edges at the script's times, as the simulator makes
//   them (sim/script.py: a tap TAP_MS, long and menu holds, `hold`), the
//   loop polled every POLL_MS while a button is down or just changed and
//   otherwise woken at the app's own deadline.
// - The driver's state (the script, its steps, the figures) stays here in
//   JavaScript, off the heap being measured. Every Python object handed to
//   JavaScript is kept for the whole run: a proxy that JavaScript's
//   collector finalises frees a slot in the port's table at a moment no
//   one chooses, and the figures would move with it.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const C = job.consts;

// -- time and chance, fixed before the port loads ------------------------

const EPOCH = 1767225600000;            // virtual ms (2026-01-01)
let clock = EPOCH;
Date.now = () => clock;
let seed = job.seed >>> 0;
function afresh() {
  // each measurement from the same moment and the same seed: a script's
  // figures do not depend on what ran before it
  clock = EPOCH;
  seed = job.seed >>> 0;
}
function random32() {                   // mulberry32
  seed = (seed + 0x6D2B79F5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}
Math.random = () => random32() / 4294967296;
Object.defineProperty(globalThis, "crypto", {
  configurable: true, writable: true,
  value: { getRandomValues(view) { for (let i = 0; i < view.length; i++) view[i] = random32(); return view; } },
});

const { loadMicroPython } = await import(pathToFileURL(job.port).href);

function say(obj) { process.stdout.write(JSON.stringify(obj) + "\n"); }

// -- the sim script, read here (sim/script.py's grammar) -----------------

class ScriptError extends Error {}

const SETUP = ["seats", "display", "start", "set", "shots", "battery"];
const VERBS = ["press", "long", "menu", "hold", "shot", "expect", "note", "end", "reboot", "battery", "usb"];

function uncommented(line) {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === "#" && !quoted) return line.slice(0, i);
  }
  return line;
}

function words(line) {
  const out = [];
  let rest = line;
  for (;;) {
    rest = rest.replace(/^\s+/, "");
    if (!rest) return out;
    if (rest[0] === '"') {
      const end = rest.indexOf('"', 1);
      if (end < 0) throw new Error("unclosed quote");
      out.push(rest.slice(1, end));
      rest = rest.slice(end + 1);
    } else {
      const sp = rest.search(/\s/);
      out.push(sp < 0 ? rest : rest.slice(0, sp));
      rest = sp < 0 ? "" : rest.slice(sp);
    }
  }
}

function seconds(word) {
  // ms from 12, 2.5, 1:05, 1:05.250 or 1:00:00
  let millis = 0;
  let whole = word;
  const dot = word.indexOf(".");
  if (dot >= 0) {
    const frac = word.slice(dot + 1);
    if (!/^\d{1,3}$/.test(frac)) throw new Error("bad time");
    millis = Number((frac + "00").slice(0, 3));
    whole = word.slice(0, dot) || "0";
  }
  const parts = whole.split(":");
  if (parts.length > 3 || !parts.every((p) => /^\d+$/.test(p))) throw new Error("bad time");
  let total = 0;
  parts.forEach((p, i) => {
    if (i > 0 && Number(p) > 59) throw new Error("bad time");
    total = total * 60 + Number(p);
  });
  return total * 1000 + millis;
}

function parseScript(text) {
  const script = { seats: 4, display: "ssd1306", start: 0, settings: {}, battery: null, steps: [], end: null };
  let last = 0;
  let timed = false;
  const lines = text.split("\n");
  lines.forEach((raw, i) => {
    const lineno = i + 1;
    const fail = (why) => { throw new ScriptError("line " + lineno + ": " + why); };
    const line = uncommented(raw).trim();
    if (!line) return;
    let w;
    try { w = words(line); } catch (e) { fail(e.message); }
    const head = w[0];
    if (SETUP.includes(head)) {
      if (timed) fail("'" + head + "' must come before the first timed line");
      if (head === "seats") script.seats = Number(w[1]);
      else if (head === "display") script.display = w[1];
      else if (head === "start") script.start = Number(w[1]) % (2 ** 30);
      else if (head === "battery") script.battery = [w[1], Number(w[2])];
      else if (head === "set") {
        if (w.length !== 3) fail("set KEY VALUE");
        const value = w[2];
        script.settings[w[1]] = w[1] === "names" ? value.split(",").map((n) => (n === "-" ? "" : n))
          : /^\d+$/.test(value) ? Number(value) : value;
      }
      if (head === "seats" && !(script.seats >= 2 && script.seats <= 8)) fail("seats N: 2 to 8 buttons");
      return;
    }
    let at;
    try { at = head[0] === "+" ? last + seconds(head.slice(1)) : seconds(head); } catch (e) {
      fail("expected a time (12.5, 1:05, +2) or a set-up word, not '" + head + "'");
    }
    if (at < last) fail("time goes backwards (use +SECONDS for a relative time)");
    if (w.length < 2 || !VERBS.includes(w[1])) fail("expected one of " + VERBS.join(", ") + " after the time");
    const verb = w[1];
    const args = w.slice(2);
    if (["press", "long", "menu", "hold"].includes(verb)) {
      const seat = Number(args[0]);
      if (!(seat >= 1 && seat <= script.seats)) fail("seat must be 1 to " + script.seats);
      if (verb === "hold" && !/^\d+$/.test(args[1] || "")) fail("hold SEAT MS");
    }
    if ((verb === "battery" || verb === "usb") && !script.battery) fail(verb + " needs the set-up line battery KIND CELLS first");
    timed = true;
    last = at;
    if (verb === "end") script.end = at;
    else script.steps.push([at, lineno, verb, args]);
  });
  script.steps.sort((a, b) => a[0] - b[0]);     // (stable: a line's order among equal times)
  return script;
}

// -- the flash ------------------------------------------------------------

function readTree(dir) {
  // {"/path": bytes} of a folder on the host
  const out = {};
  (function walk(rel) {
    for (const name of fs.readdirSync(path.join(dir, rel)).sort()) {
      const r = rel + "/" + name;
      if (fs.statSync(path.join(dir, r)).isDirectory()) walk(r);
      else out[r] = fs.readFileSync(path.join(dir, r));
    }
  })("");
  return out;
}

const SYSTEM = ["/dev", "/proc", "/tmp", "/home", "/lib"];

function flashOf(FS) {
  // what the board's flash holds now (for a reboot): every file but the port's own
  const out = {};
  (function walk(folder) {
    for (const name of FS.readdir(folder || "/")) {
      if (name === "." || name === "..") continue;
      const p = folder + "/" + name;
      if (SYSTEM.includes(p)) continue;
      if (FS.isDir(FS.stat(p).mode)) walk(p);
      else out[p] = FS.readFile(p);
    }
  })("");
  return out;
}

function writeTree(FS, tree) {
  for (const p of Object.keys(tree).sort()) {
    const parts = p.split("/").slice(1, -1);
    let dir = "";
    for (const part of parts) {
      dir += "/" + part;
      try { FS.mkdir(dir); } catch (e) { /* there already */ }
    }
    FS.writeFile(p, tree[p]);
  }
}

function crc32(bytes) {
  let crc = 0xFFFFFFFF;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xEDB88320 : crc >>> 1;
  }
  return (crc ^ 0xFFFFFFFF) >>> 0;
}

function sortedJSON(value) {
  // store/settings.py's encoding: keys sorted, no spaces
  if (Array.isArray(value)) return "[" + value.map(sortedJSON).join(",") + "]";
  if (value && typeof value === "object") {
    return "{" + Object.keys(value).sort().map((k) => JSON.stringify(k) + ":" + sortedJSON(value[k])).join(",") + "}";
  }
  return JSON.stringify(value);
}

function settingsFile(values) {
  // ROOT/settings.txt as the firmware writes it: `JSON *CRC`
  const body = Buffer.from(sortedJSON(values));
  return Buffer.concat([body, Buffer.from(" *" + crc32(body).toString(16).padStart(8, "0") + "\n")]);
}

function boardConfig(text, script) {
  // board_config.py as deployed, wired as the script's board
  const seats = [10, 11, 12, 13, 14, 15, 16, 17].slice(0, script.seats);
  const swap = (name, value) => {
    const re = new RegExp("^" + name + " = .*$", "m");
    if (!re.test(text)) throw new Error("board_config.py has no " + name + " line");
    text = text.replace(re, name + " = " + value);
  };
  swap("SEAT_PINS", "(" + seats.join(", ") + ",)");
  swap("DISPLAY", JSON.stringify(script.display));
  swap("BATTERY", script.battery ? '("' + script.battery[0] + '", ' + script.battery[1] + ")" : "None");
  return Buffer.from(text);
}

const deployed = readTree(job.flash);
const FIRMWARE_NAMES = new Set(job.firmware_names);
const lib = readTree(job.lib);

// -- one power-on of the box -----------------------------------------------

const kept = [];                        // every instance and proxy, for the whole run
function keep(x) { kept.push(x); return x; }

const VBUS_PIN = 24;
const SEAT_PIN = (seat) => 9 + seat;    // SEAT_PINS = (10, 11, ...)

class Box {
  // The port loaded with `tree` on its flash, main.py run up to its loop.
  async boot(tree, { levels = null, supply = null, watch = false } = {}) {
    this.console = [];
    this.qstrLine = null;
    this.loads = [];                    // [path, bytes] of every module file opened
    this.frame = null;                  // the loads at the first frame
    const box = this;
    const mp = keep(await loadMicroPython({
      heapsize: job.heap,
      stdout: (line) => box.out(line),
      stderr: (line) => box.out(line),
    }));
    this.mp = mp;
    const FS = mp.FS;
    this.FS = FS;
    writeTree(FS, tree);
    FS.mkdir("/lib");
    writeTree(FS, Object.fromEntries(Object.entries(lib).map(([p, b]) => ["/lib" + p, b])));
    if (watch) {
      const open = FS.open;
      FS.open = function (p, flags, ...rest) {
        const stream = open.call(FS, p, flags, ...rest);
        const name = String(stream.path || p);
        if (/\.(mpy|py)$/.test(name) && !name.startsWith("/lib/") && (typeof flags === "number" ? (flags & 3) === 0 : flags === "r")) {
          box.loads.push([name.replace(/^\//, ""), FS.stat(name).size]);
        }
        return stream;
      };
    }
    globalThis.gaugeFrame = () => { box.frame = box.loads.slice(); };
    this.py = (code) => mp.runPython(code);
    const gc = keep(mp.pyimport("gc"));
    this.collect = keep(gc.collect);
    this.memAlloc = keep(gc.mem_alloc);
    this.qstrInfo = keep(keep(mp.pyimport("micropython")).qstr_info);
    // the gauge's own, before main.py: its heap and its names are not the firmware's
    const before = this.measure();
    const hooks = keep(mp.pyimport("hooks"));
    const machine = keep(mp.pyimport("machine"));
    this.edge = keep(machine.gauge_edge);
    this.supplyFn = keep(machine.gauge_supply);
    const after = this.measure(true);
    // its names no firmware module has (the firmware's it loaded first are the firmware's)
    const ownNames = this.names.filter((n) => !FIRMWARE_NAMES.has(n));
    this.own = { bytes: after.bytes - before.bytes, qstrs: ownNames.length, names: ownNames };
    keep(hooks.gauge_install)();
    if (supply !== null) this.supplyFn(supply);
    if (levels) for (const [pin, level] of levels) this.edge(pin, level);
    try {
      this.py(Buffer.from(tree["/main.py"]).toString("utf8"));
      throw new Error("main.py returned (safe mode?): " + this.console.slice(-5).join(" | "));
    } catch (e) {
      if (!(e.name === "PythonError" && e.type === "GaugeHandover")) {
        throw new Error("main.py failed: " + (e.message || e) + " " + this.console.slice(-10).join(" | "));
      }
    }
    this.app = keep(hooks.gauge_app);
    this.step = keep(this.app.safe_step);
    this.screen = keep(hooks.gauge_screen);
    this.loaded = keep(hooks.gauge_loaded);
    this.hooks = hooks;
    return this;
  }

  out(line) {
    line = line.replace(/\r$/, "");
    if (line.startsWith("qstr pool:")) this.qstrLine = line;
    else if (this.names && /^Q\(.*\)$/.test(line)) this.names.push(line.slice(2, -1));
    else this.console.push(line);
  }

  measure(names = false) {
    // the heap in use once collected, and the dynamic qstrs (this port's
    // count; with `names`, the names too, in this.names)
    this.collect();                     // (collected as the call returns)
    const bytes = this.memAlloc();
    this.names = names ? [] : null;
    if (names) this.qstrInfo(1);
    else this.qstrInfo();
    this.names = names ? this.names : null;
    const m = /n_qstr=(\d+)/.exec(this.qstrLine || "");
    return { bytes, qstrs: m ? Number(m[1]) : -1 };
  }
}

// -- a script, pass by pass ------------------------------------------------

function figures(box, at, pass) {
  const m = box.measure();
  return { bytes: m.bytes, qstrs: m.qstrs - box.own.qstrs, screen: box.screen(), modules: box.loaded(), at_ms: at, pass };
}

async function play(name, text) {
  const script = parseScript(text);
  afresh();
  const settings = Object.keys(script.settings).length ? { "/settings.txt": settingsFile(script.settings) } : {};
  const tree = Object.assign({}, deployed, settings);
  tree["/board_config.py"] = boardConfig(deployed["/board_config.py"].toString("utf8"), script);
  let supply = null;
  if (script.battery) supply = script.battery[1] * C.cells[script.battery[0]] - C.diode_mv;
  let usb = !script.battery;                     // on cells: unplugged at first
  const levels = new Map();                      // pin -> level, as the buttons are held
  const powerOn = () => [[VBUS_PIN, usb ? 1 : 0], ...levels.entries()];
  const box0 = await new Box().boot(tree, { levels: powerOn(), supply });
  let box = box0;
  let boots = 1;
  let elapsed = 0;
  let passes = 1;
  const changes = [];                            // [at, seat, level], in time order
  let held = 0;
  let changedAt = -C.settle_ms;
  const failures = [];
  const stop = job.map && job.map.script === name ? job.map.pass : -1;
  let peak = figures(box, 0, 1);
  let most = peak.qstrs;
  const track = (f) => {
    if (f.bytes > peak.bytes) peak = f;
    if (f.qstrs > most) most = f.qstrs;
  };

  const schedule = (at, seat, level) => {
    let i = changes.length;
    while (i && changes[i - 1][0] > at) i--;
    changes.splice(i, 0, [at, seat, level]);
  };
  for (const [at, , verb, args] of script.steps) {
    const hold = { press: C.tap_ms, long: C.long_ms, menu: C.menu_ms, hold: Number(args[1]) }[verb];
    if (hold !== undefined) {
      schedule(at, Number(args[0]), 0);
      schedule(at + hold, Number(args[0]), 1);
    }
  }
  const apply = () => {
    while (changes.length && changes[0][0] <= elapsed) {
      const [, seat, level] = changes.shift();
      levels.set(SEAT_PIN(seat), level);
      box.edge(SEAT_PIN(seat), level);
      changedAt = elapsed;
      held += level === 0 ? 1 : -1;
    }
  };
  const onePass = () => {
    const wait = box.step();
    passes++;
    const f = figures(box, elapsed, passes);
    track(f);
    if (passes === stop) throw new Stop(box, f);
    return wait;
  };
  const runUntil = (target) => {
    while (elapsed < target) {
      apply();
      let wait = onePass();
      let limit = target - elapsed;
      if (changes.length) limit = Math.min(limit, changes[0][0] - elapsed);
      if (held || elapsed - changedAt < C.poll_ms * 5) wait = Math.min(wait, C.poll_ms);
      wait = limit > 0 ? Math.max(1, Math.min(wait, limit)) : 0;
      if (wait <= 0) continue;
      clock += wait;
      elapsed += wait;
    }
    apply();
  };

  clock += script.start;                         // the tick counter at power-on
  for (const [at, lineno, verb, args] of script.steps) {
    if (["press", "long", "menu", "hold"].includes(verb)) continue;
    runUntil(at);
    if (verb === "expect" && args[0] === "screen" && box.screen() !== args[1]) {
      failures.push("line " + lineno + ": expected screen " + args[1] + ", got " + box.screen());
    } else if (verb === "reboot") {
      // a power cut: a new box on the same flash, its ticks from 0, the buttons as held
      const flash = flashOf(box.FS);
      box = await new Box().boot(flash, { levels: powerOn(), supply });
      boots++;
      passes++;
      track(figures(box, elapsed, passes));
    } else if (verb === "usb") {
      usb = args[0] === "on";
      box.edge(VBUS_PIN, usb ? 1 : 0);
    } else if (verb === "battery") {
      supply = Math.round(Number(args[0]) * 1000);
      box.supplyFn(supply);
    }
  }
  const last = script.steps.length ? script.steps[script.steps.length - 1][0] : 0;
  let end = script.end !== null ? script.end : last + C.settle_ms;
  if (changes.length) end = Math.max(end, changes[changes.length - 1][0] + C.settle_ms);
  runUntil(end);
  const errors = box.console.filter((l) => /Traceback|Error/.test(l));
  say({
    kind: "script", script: name, peak, most_qstrs: most, passes, boots, virtual_ms: elapsed,
    failures, errors, own: box0.own, end_screen: box.screen(),
  });
}

class Stop extends Error {
  constructor(box, f) { super("stopped"); this.box = box; this.figures = f; }
}

// -- main.py's imports, and an empty flash up to its first frame -----------

async function imports() {
  // the heap main.py's three imports add (hal.board, app, store.journal), collected
  afresh();
  const box = new Box();
  const mp = keep(await loadMicroPython({ heapsize: job.heap, stdout: (l) => box.out(l), stderr: (l) => box.out(l) }));
  box.console = [];
  writeTree(mp.FS, deployed);
  const gc = keep(mp.pyimport("gc"));
  box.collect = keep(gc.collect);
  box.memAlloc = keep(gc.mem_alloc);
  box.qstrInfo = keep(keep(mp.pyimport("micropython")).qstr_info);
  const before = box.measure();
  mp.runPython("from tileclock.hal.board import make_board\nfrom tileclock.app import App\n"
    + "from tileclock.store.journal import Journal\n");
  const after = box.measure();
  mp.runPython("import sys\n_n = len([m for m in sys.modules if m.startswith('tileclock')])");
  const modules = keep(mp.globals.get("_n"));
  say({ kind: "imports", bytes: after.bytes - before.bytes, modules, qstrs: after.qstrs - before.qstrs });
}

async function boot() {
  // main.py on an empty flash: the module files read before the first frame
  afresh();
  const tree = Object.assign({}, deployed);
  tree["/board_config.py"] = boardConfig(deployed["/board_config.py"].toString("utf8"), { seats: 4, display: "ssd1306" });
  const box = await new Box().boot(tree, { levels: [[VBUS_PIN, 1]], watch: true });
  if (!box.frame) throw new Error("main.py made no frame in its first pass");
  const firmware = box.frame.filter(([p]) => p.startsWith("tileclock/"));
  const f = figures(box, 0, 1);
  say({
    kind: "boot", modules: firmware.length, mpy_bytes: firmware.reduce((s, [, n]) => s + n, 0),
    files: box.frame, loaded_at_frame: f.modules, heap: f.bytes, screen: f.screen,
  });
}

async function heapMap(stop) {
  // The worst pass taken apart: what the app holds, peeled a part at a
  // time in the stopped box (heapmap_live.py); then each module loaded
  // then, imported in a fresh box in dependency order: its code (bytecode,
  // functions, classes, its dict, what its top level builds), its qstrs
  // (names and pool room), and what its module-level data hold alone.
  const box = stop.box;
  const total = stop.figures.bytes;
  box.qstrInfo();
  const pools = Number(/n_total_bytes=(\d+)/.exec(box.qstrLine)[1]);
  box.console = [];
  box.py(fs.readFileSync(new URL("./heapmap_live.py", import.meta.url), "utf8"));
  const head = JSON.parse(box.console.find((l) => l.startsWith("MAP ")).slice(4));
  const peel = keep(box.mp.globals.get("gauge_peel"));
  const parts = [];
  let before = box.measure().bytes;
  head.parts.forEach((name, i) => {
    peel(i);
    const now = box.measure().bytes;
    parts.push([name, before - now]);
    before = now;
  });
  // a fresh box, its stand-in and hooks first as in the run
  afresh();
  const fresh = new Box();
  const mp = keep(await loadMicroPython({ heapsize: job.heap, stdout: (l) => fresh.out(l), stderr: (l) => fresh.out(l) }));
  fresh.console = [];
  writeTree(mp.FS, deployed);
  mp.FS.mkdir("/lib");
  writeTree(mp.FS, Object.fromEntries(Object.entries(lib).map(([p, b]) => ["/lib" + p, b])));
  const gc = keep(mp.pyimport("gc"));
  fresh.collect = keep(gc.collect);
  fresh.memAlloc = keep(gc.mem_alloc);
  fresh.qstrInfo = keep(keep(mp.pyimport("micropython")).qstr_info);
  keep(mp.pyimport("hooks"));
  const order = job.map.order.filter((m) => head.loaded.includes(m));
  const modules = [];
  for (const name of order) {
    fresh.qstrInfo();
    const q0 = Number(/n_total_bytes=(\d+)/.exec(fresh.qstrLine)[1]);
    const a = fresh.measure();
    mp.runPython("__import__(" + JSON.stringify(name) + ")");
    const b = fresh.measure();
    const q1 = Number(/n_total_bytes=(\d+)/.exec(fresh.qstrLine)[1]);
    modules.push({ name, bytes: b.bytes - a.bytes, qstrs: b.qstrs - a.qstrs, qstr_bytes: q1 - q0 });
  }
  // what each module's top-level data hold alone, and how many globals it has
  for (const m of modules) {
    fresh.console = [];
    mp.runPython("import sys\n_m = sys.modules[" + JSON.stringify(m.name) + "]\n"
      + "_d = [k for k in _m.__dict__ if type(_m.__dict__[k]) in (tuple, list, dict, bytes, bytearray, set)"
      + " or (type(_m.__dict__[k]) is str and len(_m.__dict__[k]) > 8)]\nprint('G', len(_m.__dict__), ' '.join(_d))");
    const g = fresh.console.find((l) => l.startsWith("G ")).split(" ");
    m.globals = Number(g[1]);
    m.data = 0;
    m.data_names = [];
    for (const k of g.slice(2).filter(Boolean)) {
      const a = fresh.measure().bytes;
      mp.runPython("setattr(_m, " + JSON.stringify(k) + ", None)");
      mp.runPython("_m = None\n_m = sys.modules[" + JSON.stringify(m.name) + "]");
      const freed = a - fresh.measure().bytes;
      if (freed > 0) { m.data += freed; m.data_names.push([k, freed]); }
    }
  }
  say({ kind: "map", script: job.map.script, pass: job.map.pass, total, pools, own: box.own, parts, modules,
    screen: stop.figures.screen });
}

try {
  if (job.imports) await imports();
  if (job.boot) await boot();
  for (const { name, path: p } of job.scripts || []) await play(name, fs.readFileSync(p, "utf8"));
} catch (e) {
  if (e instanceof Stop) {
    await heapMap(e);
  } else {
    say({ kind: "error", message: e instanceof ScriptError ? e.message : String(e.stack || e) });
    process.exitCode = 1;
  }
}
