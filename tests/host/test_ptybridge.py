# The stand-in serial port itself (tests/host/ptybridge.py): what mpremote
# sends the moment the port is there reaches the program as it was sent.
import os
import select
import sys
import time

import ptybridge

# Says how its terminal was when it started, then what it was sent, in hex;
# then stays until it is hung up (the bridge ends with it, dropping what the
# port has not read).
PROGRAM = ("import os, termios\n"
           "lflag = termios.tcgetattr(0)[3]\n"
           "cooked = [n for n in ('ICANON', 'ISIG', 'ECHO') if lflag & getattr(termios, n)]\n"
           "got = b''\n"
           "while len(got) < 4:\n"
           "    got += os.read(0, 4 - len(got))\n"
           "os.write(1, (' '.join(cooked or ['raw']) + ' ' + got.hex() + '\\n').encode())\n"
           "try:\n"
           "    os.read(0, 1)\n"
           "except OSError:\n"
           "    pass\n")


def _line(fd, seconds=ptybridge.START_SECONDS):
    said = b""
    deadline = time.monotonic() + seconds
    while not said.endswith(b"\n"):
        left = deadline - time.monotonic()
        assert left > 0, "the program said %r" % said
        if select.select([fd], [], [], left)[0]:
            said += os.read(fd, 100)
    return said.decode()


def test_the_first_bytes_on_the_port_reach_a_program_on_a_raw_terminal(tmp_path):
    # mpremote's first words: Ctrl-C (stop the program), Ctrl-A (the raw
    # REPL). On a terminal not yet raw the Ctrl-C would be a signal and the
    # Ctrl-A held back for an Enter, then both thrown away: no answer ever.
    bridge = ptybridge.start(tmp_path / "tty", [sys.executable, "-c", PROGRAM], cwd=tmp_path)
    try:
        port = os.open(bridge.port, os.O_RDWR | os.O_NOCTTY)
        try:
            os.write(port, b"\r\x03\r\x01")         # at once: the program may not have started
            assert _line(port) == "raw 0d030d01\n"
        finally:
            os.close(port)
    finally:
        bridge.stop()
    assert not os.path.lexists(tmp_path / "tty")
