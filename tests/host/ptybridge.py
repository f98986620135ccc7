# A program behind a pseudo-terminal that stands in for a USB serial port, so
# mpremote can talk to the MicroPython unix port as it talks to a Pico. Pure
# Python (pty, select): nothing to install.
#
#   bridge = ptybridge.start(link, ["micropython"], cwd=folder)
#   ... mpremote connect <bridge.port> ...
#   bridge.stop()
#
# Two pseudo-terminals: the "port" (its device linked at `link`, raw, no
# echo; mpremote opens it) and the program's own terminal (its stdin, stdout
# and stderr, raw, no echo, its controlling terminal in a session of its
# own). The bridge process copies bytes both ways. With isig=True a Ctrl-C
# that mpremote sends reaches the program as SIGINT, like the Pico's USB
# serial turning Ctrl-C into KeyboardInterrupt.
#
# The bridge is a process of its own (`python ptybridge.py LINK [--isig] --
# COMMAND ...`), not a thread of the test: it forks the program, which a
# threaded process should not do, and a test busy in Python can't slow it.
# It keeps the port's device open itself, so mpremote can connect and leave
# again and again (each run of mpremote is a new connection, as on a board).
# What the program prints while nobody reads is kept up to BACKLOG bytes, the
# oldest dropped. It ends when the program ends, or on SIGTERM (the program
# is hung up and, if need be, killed).
#
# bridge.port is the device itself (/dev/pts/N), not the link: mpremote
# reads a pseudo-terminal it recognises by that name as it comes, where
# behind any other name it polls every 10 ms as for a USB port, and a copy
# of the firmware takes ten times as long.
import errno
import os
import pty
import select
import signal
import subprocess
import sys
import termios
import time
import tty

BACKLOG = 64 * 1024
CHUNK = 4096


def start(link, argv, cwd=None, isig=False, seconds=10):
    """Run `argv` in `cwd` behind a pseudo-terminal linked at `link`; returns
    a Bridge once the link is there."""
    link = str(link)
    cmd = [sys.executable, os.path.abspath(__file__), link] + (["--isig"] if isig else []) + ["--"] + list(argv)
    proc = subprocess.Popen(cmd, cwd=None if cwd is None else str(cwd), start_new_session=True,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + seconds
    while not os.path.exists(link):
        if proc.poll() is not None:
            raise AssertionError("the pty bridge ended: %s" % proc.stderr.read().decode(errors="replace"))
        if time.monotonic() > deadline:
            proc.kill()
            raise AssertionError("the pty bridge made no pseudo-terminal in %d s" % seconds)
        time.sleep(0.02)
    return Bridge(proc, link)


class Bridge:
    def __init__(self, proc, link):
        self.proc = proc
        self.link = link
        self.port = os.path.realpath(link)

    def stop(self, seconds=10):
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            self.proc.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=seconds)
        if self.proc.stderr:
            self.proc.stderr.close()


# The bridge process.

def _raw(fd, isig=False):
    tty.setraw(fd)
    attrs = termios.tcgetattr(fd)
    attrs[3] &= ~(termios.ECHO | termios.ECHONL)
    if isig:
        attrs[3] |= termios.ISIG
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def _read(fd):
    try:
        return os.read(fd, CHUNK)
    except BlockingIOError:
        return b""
    except OSError as e:
        if e.errno == errno.EIO:    # Linux: every fd of the other side is closed
            return None
        raise


def _write(fd, queue):
    try:
        n = os.write(fd, queue)
    except BlockingIOError:
        return
    del queue[:n]


def _stop(_signum, _frame):
    raise SystemExit(0)


def bridge(link, argv, isig):
    port, port_device = os.openpty()
    _raw(port_device)
    # The name mpremote opens. The bridge keeps the device open too: the
    # port's side never sees a hang-up between two runs of mpremote.
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(os.ttyname(port_device), link + ".new")
    os.rename(link + ".new", link)

    pid, program = pty.fork()      # the child: a new session, the pty its controlling terminal
    if pid == 0:
        try:
            os.close(port)
            os.close(port_device)
            _raw(0, isig)
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGHUP, _stop)
    os.set_blocking(port, False)
    os.set_blocking(program, False)
    to_port = bytearray()
    to_program = bytearray()
    try:
        while True:
            readers = [program] + ([port] if len(to_program) < BACKLOG else [])
            writers = ([port] if to_port else []) + ([program] if to_program else [])
            readable, writable, _ = select.select(readers, writers, [], 1.0)
            if program in readable:
                data = _read(program)
                if data is None:
                    break                   # the program ended
                to_port += data
                if len(to_port) > BACKLOG:
                    del to_port[:len(to_port) - BACKLOG]
            if port in readable:
                data = _read(port)
                if data:
                    to_program += data
            if port in writable:
                _write(port, to_port)
            if program in writable:
                _write(program, to_program)
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        try:
            os.remove(link)
        except OSError:
            pass
        os.close(program)               # hangs up the program's terminal: SIGHUP
        deadline = time.monotonic() + 3
        while True:
            try:
                done, _status = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                break
            if done:
                break
            if time.monotonic() > deadline:
                try:
                    os.killpg(pid, signal.SIGKILL)
                except OSError:
                    pass
                deadline = time.monotonic() + 3
            time.sleep(0.02)
        os.close(port)
        os.close(port_device)


if __name__ == "__main__":
    args = sys.argv[1:]
    split = args.index("--")
    options, argv = args[:split], args[split + 1:]
    bridge(options[0], argv, "--isig" in options[1:])
