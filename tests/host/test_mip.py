# `mpremote mip install` with the checkout's package.json: the file list is
# the one deploy copies, and the real mpremote, fetching over HTTP from a
# server on 127.0.0.1, lays the firmware out on the stand-in Pico
# (tests/host/unix_pico.py) as deploy does, and the stand-in boots it.
import functools
import http.server
import json
import os
import subprocess
import threading

import pytest
import unix_pico

from tileclock_host import cmd_deploy, cmd_package

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE_JSON = os.path.join(ROOT, "package.json")
# what the stand-in keeps in its flash folder besides the firmware
STAND_IN = {"_machine.py", "_boot.py", "boots.log"}


def _package():
    with open(PACKAGE_JSON, encoding="utf-8") as f:
        return f.read()


def test_package_json_is_what_tileclock_package_writes_now():
    assert _package() == cmd_package.package_text(), (
        "package.json is out of date with firmware/: run `tileclock package` (python -m tileclock_host package)")


def test_package_json_lists_exactly_the_files_deploy_copies_and_main_py_last(tmp_path):
    urls = json.loads(_package())["urls"]
    _out, deployed = cmd_deploy.source_tree(str(tmp_path))
    assert sorted(dest for dest, _src in urls) == sorted(deployed)
    for dest, src in urls:
        assert src == "firmware/" + dest and os.path.isfile(os.path.join(ROOT, *src.split("/"))), src
    assert urls[-1][0] == "main.py"


@pytest.fixture
def http_root():
    """The checkout on http://127.0.0.1:PORT/; yields (url, paths asked for)."""
    asked = []

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            asked.append(self.path)
            super().do_GET()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=ROOT))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield "http://127.0.0.1:%d" % server.server_address[1], asked
    finally:
        server.shutdown()
        server.server_close()
        thread.join(unix_pico.BOOT_SECONDS)


@pytest.fixture
def pico(tmp_path):
    folder = tmp_path / "flash"
    folder.mkdir()
    tty, stop = unix_pico.start(folder)
    try:
        yield tty, folder
    finally:
        stop()


def _mpremote(dev, *args, cwd=None):
    env = dict(os.environ)
    # a proxy set for the outside world must not take the requests for 127.0.0.1
    env["no_proxy"] = env["NO_PROXY"] = "127.0.0.1,localhost"
    result = subprocess.run([cmd_deploy.tool("mpremote"), "connect", dev, "resume"] + list(args),
                            capture_output=True, text=True, timeout=unix_pico.BOOT_SECONDS, env=env, cwd=cwd)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_mip_install_from_a_url_lays_out_the_firmware_as_deploy_does_and_it_boots(http_root, pico):
    import board_config
    from unix_pico import wait_for_boots
    url, asked = http_root
    dev, flash = pico
    wdt = "watchdog %d" % board_config.WATCHDOG_MS
    assert wait_for_boots(flash, 1) == ["boot"]             # MicroPython and nothing else yet

    # --target: the flash folder, "/" on a Pico (the stand-in's is its working folder)
    said = _mpremote(dev, "mip", "install", "--target", ".", url + "/package.json")
    assert "Done" in said

    urls = json.loads(_package())["urls"]
    assert sorted(asked) == sorted(["/package.json"] + ["/" + src for _dest, src in urls])
    on_flash = sorted(p.relative_to(flash).as_posix() for p in flash.rglob("*") if p.is_file())
    assert sorted(set(on_flash) - STAND_IN) == sorted(dest for dest, _src in urls)
    for dest, src in urls:
        with open(os.path.join(ROOT, *src.split("/")), "rb") as f:
            assert (flash / dest).read_bytes() == f.read(), dest

    # Power-on: main.py builds the board (its last step starts the watchdog)
    # and runs the app.
    _mpremote(dev, "reset")
    assert wait_for_boots(flash, 4) == ["boot", "reset", "boot", wdt]

    # Again over the running clock, as docs/firmware-image.md says: the flag
    # file for one boot in safe mode (no watchdog to cut the copy short),
    # then mip from the checkout's own package.json, no server, and a reset.
    _mpremote(dev, "fs", "touch", ":maintenance", "+", "reset")
    assert wait_for_boots(flash, 7)[4:] == ["reset", "boot", "safe mode: maintenance"]
    (flash / "tileclock" / "ticks.py").write_text("raise ImportError('an older ticks.py')\n")
    _mpremote(dev, "mip", "install", "--target", ".", "package.json", "+", "reset", cwd=ROOT)
    assert wait_for_boots(flash, 10)[7:] == ["reset", "boot", wdt]
    out = _mpremote(dev, "exec", "import sys\nprint(sys.modules['tileclock.app'].__file__)")
    assert os.path.samefile(out.strip(), flash / "tileclock" / "app.py"), out     # the sources, run
