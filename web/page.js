// tileclock in a web page: MicroPython's WebAssembly port runs the firmware's
// own modules (files.json, written into the port's file system) on a board
// made for the page (tileclock_web/board.py). This file is that board's
// other half: the canvas the display controller's RAM is drawn on, the seat
// buttons (pointer, touch and keys 1-8; held for a long press), the buzzer's
// notes through Web Audio, the flash folder kept in the browser's storage
// (written after every pass that changed it, so a reload is a power cut),
// the power button, and the side of the page: the screen's keys, the score
// sheet, the evening to export.
import { loadMicroPython } from "./micropython.mjs";

const FLASH = "/flash";
const STORE = "tileclock-flash";        // localStorage: the flash's files
const PREFS = "tileclock-page";         // localStorage: seats, display, mute
const POLL_MS = 10;                     // as the device's loop polls
const SIDE_MS = 100;                    // the side of the page, at most this often
const SHEET_MS = 1000;                  // the score sheet: after a change, at most this often
const KEYS_TEXT = {};                   // key code -> seat, for 1-8
for (let i = 1; i <= 8; i++) KEYS_TEXT["Digit" + i] = KEYS_TEXT["Numpad" + i] = i;

const prefs = Object.assign({ seats: 4, display: "ssd1306", mute: false }, readJSON(stored(PREFS)) || {});
const figures = {
  pageStartMs: performance.now(),   // (module start, about the page's load)
  firstFrameMs: null,               // page load to the first frame on the canvas
  bootMs: null,                     // the last power-on: interpreter, files, App.boot()
  passes: 0,
  longestPassMs: 0,                 // the longest step() (App.safe_step) in the browser
  longestPassScreen: "",
};

let bundle = null;          // files.json: {paths, files}
let mp = null;              // the interpreter
let page = null;            // tileclock_web.page
let timer = null;
let flashDirty = false;
let sheetDirty = true;
let sheetAt = 0;
let sideAt = 0;
let lastWrites = -1;
let lastState = "";
let booting = null;
let storageError = "";      // said on the status line until the flash is saved again
let pageError = "";         // the page's own last error, if any
let booted = false;          // page.boot() done, no power-off since

const canvas = document.getElementById("panel");
const ctx2d = canvas.getContext("2d", { willReadFrequently: true });
const image = ctx2d.createImageData(128, 64);
const statusLine = document.getElementById("status");

function stored(key) {
  // the browser's storage, or nothing where the page may not use it
  try { return localStorage.getItem(key); } catch (e) { return null; }
}

function readJSON(text) {
  try { return text ? JSON.parse(text) : null; } catch (e) { return null; }
}

function say(text) { statusLine.textContent = text; }

// -- the display ----------------------------------------------------------

const LIT = [235, 245, 255];    // as the simulator's pictures (tileclock_host.frames)

function drawFrame(hex) {
  // hex: 2048 digits of MONO_VLSB, a byte = 8 rows of one column, bit 0 on top
  const px = image.data;
  for (let band = 0; band < 8; band++) {
    for (let x = 0; x < 128; x++) {
      const i = (band * 128 + x) * 2;
      const byte = parseInt(hex.substr(i, 2), 16);
      for (let bit = 0; bit < 8; bit++) {
        const o = ((band * 8 + bit) * 128 + x) * 4;
        const on = (byte >> bit) & 1;
        px[o] = on ? LIT[0] : 0; px[o + 1] = on ? LIT[1] : 0; px[o + 2] = on ? LIT[2] : 0; px[o + 3] = 255;
      }
    }
  }
  ctx2d.putImageData(image, 0, 0);
  if (figures.firstFrameMs === null) figures.firstFrameMs = performance.now() - figures.pageStartMs;
}

function canvasHex() {
  // what the canvas shows, read back as a frame (the tests compare it)
  const px = ctx2d.getImageData(0, 0, 128, 64).data;
  let out = "";
  for (let band = 0; band < 8; band++) {
    for (let x = 0; x < 128; x++) {
      let byte = 0;
      for (let bit = 0; bit < 8; bit++) {
        if (px[((band * 8 + bit) * 128 + x) * 4] > 127) byte |= 1 << bit;
      }
      out += (byte < 16 ? "0" : "") + byte.toString(16);
    }
  }
  return out;
}

// -- the buzzer -----------------------------------------------------------

// notes: how many notes sounded; log: the pitch of the last ones (the tests
// compare them with the tunes of tileclock/sounds.py)
const audio = { ctx: null, osc: null, gain: null, notes: 0, log: [], hz: 0, duty: 0 };

function startAudio() {
  // browsers start sound only from a gesture: the first press or key
  if (audio.ctx) {
    if (audio.ctx.state === "suspended") audio.ctx.resume();
    return;
  }
  try {
    audio.ctx = new AudioContext();
    audio.osc = audio.ctx.createOscillator();
    audio.osc.type = "square";          // a piezo on PWM
    audio.gain = audio.ctx.createGain();
    audio.gain.gain.value = 0;
    audio.osc.connect(audio.gain).connect(audio.ctx.destination);
    audio.osc.start();
  } catch (e) {
    audio.ctx = null;
  }
}

function tone(hz, duty) {
  // the PWM's pitch and duty (tileclock_web.board.PagePWM): duty 0 is silence
  if (duty && (!audio.duty || hz !== audio.hz)) {
    audio.notes++;
    audio.log.push(hz);
    if (audio.log.length > 64) audio.log.shift();
  }
  audio.hz = hz;
  audio.duty = duty;
  if (!audio.ctx) return;
  const t = audio.ctx.currentTime;
  if (hz > 0) audio.osc.frequency.setValueAtTime(hz, t);
  audio.gain.gain.setValueAtTime(duty && !prefs.mute ? 0.05 : 0, t);
}

// -- the flash ------------------------------------------------------------

function underFlash(path) {
  path = String(path || "");
  return path === FLASH || path.startsWith(FLASH + "/");
}

function watchFlash(FS) {
  // every change under /flash marks it for saving after the pass
  const mark = (path) => { if (underFlash(path)) flashDirty = true; };
  for (const name of ["mkdir", "rmdir", "unlink", "truncate"]) {
    const original = FS[name];
    FS[name] = function (path, ...rest) { mark(path); return original.call(FS, path, ...rest); };
  }
  const rename = FS.rename;
  FS.rename = function (from, to) { mark(from); mark(to); return rename.call(FS, from, to); };
  const write = FS.write;
  FS.write = function (stream, ...rest) { mark(stream && stream.path); return write.call(FS, stream, ...rest); };
  const open = FS.open;
  FS.open = function (path, flags, ...rest) {
    const stream = open.call(FS, path, flags, ...rest);
    if (typeof flags === "number" && (flags & 0x200)) mark(stream.path);     // O_TRUNC
    return stream;
  };
}

function toBase64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function fromBase64(text) {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function readTree(FS, folder, out) {
  for (const name of FS.readdir(folder)) {
    if (name === "." || name === "..") continue;
    const path = folder + "/" + name;
    if (FS.isDir(FS.stat(path).mode)) {
      out[path] = null;
      readTree(FS, path, out);
    } else {
      out[path] = toBase64(FS.readFile(path));
    }
  }
  return out;
}

function saveFlash() {
  sheetDirty = true;
  const tree = readTree(mp.FS, FLASH, {});
  try {
    localStorage.setItem(STORE, JSON.stringify(tree));
    flashDirty = false;
    storageError = "";
  } catch (e) {
    // kept dirty: tried again after the next pass
    storageError = "The browser's storage refused the flash (" + e.name + "): the evening is not kept "
      + "beyond this page until it has room.";
  }
}

function restoreFlash(FS) {
  FS.mkdir(FLASH);
  const tree = readJSON(stored(STORE)) || {};
  for (const path of Object.keys(tree).sort()) {
    if (!underFlash(path)) continue;
    const data = tree[path];
    if (data === null) {
      FS.mkdirTree(path);
    } else {
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, fromBase64(data));
    }
  }
}

// -- power ----------------------------------------------------------------

async function powerOn() {
  const t0 = performance.now();
  say("starting MicroPython...");
  if (!bundle) bundle = await (await fetch("files.json")).json();
  page = null;
  mp = await loadMicroPython({
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  for (const [path, text] of Object.entries(bundle.files)) {
    mp.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    mp.FS.writeFile(path, text);
  }
  restoreFlash(mp.FS);
  watchFlash(mp.FS);
  mp.runPython("import sys\nsys.path[:0] = " + JSON.stringify(bundle.paths));
  page = mp.pyimport("tileclock_web.page");
  page.boot(prefs.seats, prefs.display, tone);
  booted = true;
  figures.bootMs = performance.now() - t0;     // (from the module's start: performance.now() is the page's)
  lastWrites = -1;
  lastState = "";
  sheetDirty = true;
  if (flashDirty) saveFlash();     // boot's own writes (a recovery, a new evening)
  makeSeats();
  say("");
  loop();
}

function stopLoop() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

// One pass of the app, then the picture if it changed, the flash if it
// changed, the side of the page now and then; the next pass when the app
// wants it (at once after a button event).
function loop() {
  timer = null;
  if (!page) return;
  let wait = POLL_MS;
  try {
    const t = performance.now();
    wait = page.step();
    const ms = performance.now() - t;
    figures.passes++;
    if (ms > figures.longestPassMs) {
      figures.longestPassMs = ms;
      figures.longestPassScreen = page.screen();
    }
    const writes = page.frame_count();
    if (writes !== lastWrites) {
      lastWrites = writes;
      drawFrame(page.frame_hex());
    }
    if (flashDirty) saveFlash();
    const now = performance.now();
    if (now - sideAt >= SIDE_MS) {
      sideAt = now;
      updateSide(now);
    }
  } catch (e) {
    // the page's side failed (the app's own errors are caught in
    // App.safe_step): say so, and keep the clock going
    pageError = "the page: " + e;
    console.error(e);
  } finally {
    // as the device's loop: a pass at least every POLL_MS (a button's
    // release must be seen for its debounce time before the next press)
    if (page && timer === null) timer = setTimeout(loop, Math.max(0, Math.min(wait, POLL_MS)));
  }
}

function kick() {
  // a button changed: the next pass now, not at the app's next deadline
  if (timer !== null && page) {
    clearTimeout(timer);
    timer = setTimeout(loop, 0);
  }
}

// -- the seat buttons -----------------------------------------------------

// A press is held until the firmware has taken it: at least MIN_PRESS_MS
// (a click or a tap can be over in a few ms, which a real button's contact
// never is), and until its debounced state is down (the firmware counts a
// level once it has held 20 ms over its passes, and a busy browser may run
// the passes late). Likewise a new press waits until the last release has
// been taken. So no press is lost or merged, however the timers run.
const MIN_PRESS_MS = 60;
const GIVE_UP_MS = 2000;    // a press or release not taken by then goes through anyway
const down = new Set();
const downAt = {};
const pendingUp = {};       // seat -> the timer of a release held back
const pendingDown = {};     // seat -> the timer of a press held back

function seatDown(seat, since) {
  startAudio();
  if (pendingUp[seat] !== undefined) {
    // pressed again before its last press was let go: that press goes on
    // (a real button can't be pressed twice at once either)
    clearTimeout(pendingUp[seat]);
    delete pendingUp[seat];
    return;
  }
  if (!page || seat > prefs.seats || down.has(seat) || pendingDown[seat] !== undefined) return;
  since = since || performance.now();
  if (page.is_down(seat) && performance.now() - since < GIVE_UP_MS) {
    // the last release not taken yet: this press after it
    pendingDown[seat] = setTimeout(() => { delete pendingDown[seat]; seatDown(seat, since); }, POLL_MS);
    return;
  }
  down.add(seat);
  downAt[seat] = performance.now();
  page.press(seat);
  const b = document.getElementById("seat-" + seat);
  if (b) b.classList.add("down");
  kick();
}

function seatUp(seat, now) {
  if (pendingDown[seat] !== undefined) {
    // let go before its press went in: the press still goes in, and this
    // release after it
    setTimeout(() => seatUp(seat, now), POLL_MS);
    return;
  }
  if (!down.has(seat)) return;
  const held = performance.now() - downAt[seat];
  if (!now && page && held < GIVE_UP_MS && (held < MIN_PRESS_MS || !page.is_down(seat))) {
    if (pendingUp[seat] === undefined) {
      const wait = held < MIN_PRESS_MS ? MIN_PRESS_MS - held : POLL_MS;
      pendingUp[seat] = setTimeout(() => { delete pendingUp[seat]; seatUp(seat); }, wait);
    }
    return;
  }
  if (pendingUp[seat] !== undefined) {
    clearTimeout(pendingUp[seat]);
    delete pendingUp[seat];
  }
  down.delete(seat);
  if (page) page.release(seat);
  const b = document.getElementById("seat-" + seat);
  if (b) b.classList.remove("down");
  kick();
}

function makeSeats() {
  const holder = document.getElementById("seats");
  holder.textContent = "";
  for (let seat = 1; seat <= prefs.seats; seat++) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "seat";
    b.id = "seat-" + seat;
    b.textContent = String(seat);
    b.title = "seat " + seat + " (key " + seat + "; hold a second: undo or back; hold on: the menu)";
    b.addEventListener("pointerdown", (e) => { e.preventDefault(); b.setPointerCapture(e.pointerId); seatDown(seat); });
    for (const end of ["pointerup", "pointercancel", "lostpointercapture"]) {
      b.addEventListener(end, () => seatUp(seat));
    }
    b.addEventListener("pointerup", startAudio);     // on touch, the gesture that may start sound
    b.addEventListener("contextmenu", (e) => e.preventDefault());   // a long touch is a long press
    holder.appendChild(b);
  }
}

document.addEventListener("keydown", (e) => {
  const seat = KEYS_TEXT[e.code];
  if (!seat || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  if (!e.repeat) seatDown(seat);
});
document.addEventListener("keyup", (e) => {
  const seat = KEYS_TEXT[e.code];
  if (seat) seatUp(seat);
});
window.addEventListener("blur", () => { for (const seat of [...down]) seatUp(seat, true); });

// -- the side of the page -------------------------------------------------

function updateSide(now) {
  const text = page.state();
  const state = JSON.parse(text);
  if (text !== lastState) {
    lastState = text;
    const keys = document.getElementById("keys");
    keys.textContent = "";
    for (const k of state.keys) {
      const li = document.createElement("li");
      li.textContent = k;
      keys.appendChild(li);
    }
    say(storageError || pageError || (state.last_error ? "error: " + state.last_error : "") || state.banner);
  }
  if (sheetDirty && now - sheetAt >= SHEET_MS) {
    sheetAt = now;
    sheetDirty = false;
    showSheet(readJSON(page.sheet_json()));
  }
}

function cell(row, text, header, numeric) {
  const c = document.createElement(header ? "th" : "td");
  c.textContent = text;
  if (numeric) c.className = "n";
  row.appendChild(c);
}

function table(caption, heads, rows) {
  const t = document.createElement("table");
  const cap = document.createElement("caption");
  cap.textContent = caption;
  t.appendChild(cap);
  const head = t.insertRow();
  heads.forEach((h, i) => cell(head, h, true, i > 0));
  for (const r of rows) {
    const tr = t.insertRow();
    r.forEach((v, i) => cell(tr, String(v), false, i > 0));
  }
  return t;
}

function showSheet(sheet) {
  const holder = document.getElementById("sheet");
  holder.textContent = "";
  if (!sheet) {
    holder.innerHTML = '<p class="small">No game yet.</p>';
    return;
  }
  const unit = page.standings_unit(sheet.game);
  holder.appendChild(table("Standings", ["player", unit], sheet.standings || []));
  const rounds = (sheet.rounds || []).filter((r) => r.rows);
  for (const r of rounds.slice(-6).reverse()) {
    const note = r.void ? " (void)" : r.winner ? ", won by " + r.winner : "";
    holder.appendChild(table("Round " + r.number + note, ["player", "points"],
                             r.rows.map((row) => [row.name, row.total])));
  }
  if (rounds.length > 6) {
    const p = document.createElement("p");
    p.className = "small";
    p.textContent = (rounds.length - 6) + " earlier rounds: in the exported sheet.";
    holder.appendChild(p);
  }
}

function download(link, make, type) {
  link.addEventListener("click", (e) => {
    if (!page) { e.preventDefault(); return; }
    const text = make();
    if (!text || text === "null") { e.preventDefault(); say("No game to export yet."); return; }
    link.href = URL.createObjectURL(new Blob([text], { type }));
  });
}

function sortedJSON(value, indent) {
  // JSON as Python's json.dumps(value, indent=2, sort_keys=True) writes it:
  // what `tileclock replay` prints, byte for byte
  const pad = "  ".repeat(indent);
  const inner = "  ".repeat(indent + 1);
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    return "[\n" + value.map((v) => inner + sortedJSON(v, indent + 1)).join(",\n") + "\n" + pad + "]";
  }
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    if (!keys.length) return "{}";
    return "{\n" + keys.map((k) => inner + JSON.stringify(k) + ": " + sortedJSON(value[k], indent + 1)).join(",\n")
      + "\n" + pad + "}";
  }
  return JSON.stringify(value);
}

function sheetText() {
  const sheet = readJSON(page.sheet_json());
  return sheet ? sortedJSON(sheet, 0) + "\n" : "";
}

download(document.getElementById("export-script"), () => page.script_text(), "text/plain");
download(document.getElementById("export-json"), sheetText, "application/json");

// -- the controls -----------------------------------------------------------

const seatCount = document.getElementById("seat-count");
for (let n = 2; n <= 8; n++) {
  const o = document.createElement("option");
  o.value = o.textContent = String(n);
  seatCount.appendChild(o);
}
seatCount.value = String(prefs.seats);
document.getElementById("display-kind").value = prefs.display;
document.getElementById("mute").checked = prefs.mute;

function savePrefs() {
  try { localStorage.setItem(PREFS, JSON.stringify(prefs)); } catch (e) { /* the next load has the defaults */ }
}

seatCount.addEventListener("change", () => { prefs.seats = Number(seatCount.value); savePrefs(); power(); });
document.getElementById("display-kind").addEventListener("change", (e) => {
  prefs.display = e.target.value; savePrefs(); power();
});
document.getElementById("mute").addEventListener("change", (e) => {
  prefs.mute = e.target.checked; savePrefs(); tone(audio.hz, audio.duty);
});
document.getElementById("power").addEventListener("click", () => { startAudio(); power(); });
document.getElementById("forget").addEventListener("click", () => {
  if (!confirm("Forget this evening and the settings? The box starts as new.")) return;
  stopLoop();
  booted = false;
  page = null;
  mp = null;
  localStorage.removeItem(STORE);
  location.reload();
});

function power() {
  // Off and on: RAM is gone, the flash (the browser's storage, written after
  // every pass that changed it) stays. The page loads anew, which gives the
  // firmware a new interpreter as a reset gives the Pico a new heap (one
  // page can't hold two instances of the port).
  for (const seat of [...down]) seatUp(seat, true);
  stopLoop();
  booted = false;
  page = null;
  if (flashDirty && mp) saveFlash();
  location.reload();
}

function fail(e) {
  say("tileclock could not start: " + e);
  console.error(e);
}

// -- for the tests: the state, the canvas, a sim script at virtual time ------

window.tileclock = {
  figures,
  audio,
  prefs,
  ready: () => booting,
  booted: () => booted,
  state: () => (booted ? JSON.parse(page.state()) : null),
  canvas: canvasHex,
  frame: () => page.frame_hex(),
  press: seatDown,
  release: seatUp,
  power,
  sheet: () => readJSON(page.sheet_json()),
  script: () => page.script_text(),
  sheetText: () => sheetText(),
  flashFiles: () => Object.keys(readJSON(stored(STORE)) || {}),
  pngOfCanvas: () => canvas.toDataURL("image/png"),
  // A sim script (docs/simulator.md) run at virtual time on the simulator's
  // own board, each shot drawn on this canvas and read back from it:
  // {summary, sheet, shots: {name: the canvas as a PNG data URL}}. The live device
  // stands still meanwhile, and its picture comes back after.
  runScript(text) {
    stopLoop();
    const shots = {};
    try {
      const scripted = mp.pyimport("tileclock_web.scripted");
      // each shot as the browser encodes the canvas (a path of its own, not canvasHex)
      const result = JSON.parse(scripted.run(text, (name, hex) => {
        drawFrame(hex);
        shots[name] = canvas.toDataURL("image/png");
      }));
      result.shots = shots;
      return result;
    } finally {
      lastWrites = -1;
      loop();
    }
  },
};

booting = powerOn().catch(fail);
