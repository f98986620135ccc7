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
# own). The bridge process copies bytes both ways.
#
# Both terminals are raw before the program starts and before the port has a
# name: a byte that reached a terminal still in its first, cooked mode would
# be taken by the line discipline (Ctrl-C as a signal, a line held for
# Enter) and then thrown away when the terminal was made raw, and the first
# mpremote would wait for ever on a Ctrl-A that never came. start() returns
# when the bridge says so on its standard output, once all of that is done.
#
# The bridge is a process of its own (`python ptybridge.py LINK -- COMMAND
# ...`), not a thread of the test: a test busy in Python can't slow it. It
# keeps the port's device open itself, so mpremote can connect and leave
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
import fcntl
import os
import select
import signal
import subprocess
import sys
import termios
import tty

BACKLOG = 64 * 1024
CHUNK = 4096
READY = b"ready\n"
# Bounds on waits that end at once on a working machine: reached only when
# something is broken, so as long as a busy machine could ever need.
START_SECONDS = 180
STOP_SECONDS = 60


def start(link, argv, cwd=None, seconds=START_SECONDS):
    """Run `argv` in `cwd` behind a pseudo-terminal linked at `link`; returns
    a Bridge once the port is there and the program has its terminal."""
    link = str(link)
    cmd = [sys.executable, os.path.abspath(__file__), link, "--"] + list(argv)
    proc = subprocess.Popen(cmd, cwd=None if cwd is None else str(cwd), start_new_session=True,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    ready, _, _ = select.select([proc.stdout], [], [], seconds)
    said = os.read(proc.stdout.fileno(), len(READY)) if ready else b""
    if said != READY:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        err = proc.stderr.read().decode(errors="replace")
        proc.stdout.close()
        proc.stderr.close()
        raise AssertionError("the pty bridge did not start in %d s: %s" % (seconds, err or "no message"))
    return Bridge(proc, link)


class Bridge:
    def __init__(self, proc, link):
        self.proc = proc
        self.link = link
        self.port = os.path.realpath(link)

    def stop(self, seconds=STOP_SECONDS):
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            self.proc.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for pipe in (self.proc.stdout, self.proc.stderr):
            if pipe:
                pipe.close()


# The bridge process.

def _raw(fd):
    tty.setraw(fd)
    attrs = termios.tcgetattr(fd)
    attrs[3] &= ~(termios.ECHO | termios.ECHONL)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def _take_terminal():
    # in the program, after setsid(): its standard input becomes its
    # controlling terminal, so closing the bridge's side hangs it up (SIGHUP)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


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


def bridge(link, argv):
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGHUP, _stop)
    port, port_device = os.openpty()
    _raw(port_device)
    program, terminal = os.openpty()
    _raw(terminal)
    proc = subprocess.Popen(argv, stdin=terminal, stdout=terminal, stderr=terminal, start_new_session=True,
                            preexec_fn=_take_terminal)
    os.close(terminal)          # the program's now: reading `program` fails (EIO) once it ends
    # The name mpremote opens. The bridge keeps the device open too: the
    # port's side never sees a hang-up between two runs of mpremote.
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(os.ttyname(port_device), link + ".new")
    os.rename(link + ".new", link)
    os.set_blocking(port, False)
    os.set_blocking(program, False)
    os.write(1, READY)
    to_port = bytearray()
    to_program = bytearray()
    try:
        while True:
            readers = [program] + ([port] if len(to_program) < BACKLOG else [])
            writers = ([port] if to_port else []) + ([program] if to_program else [])
            readable, writable, _ = select.select(readers, writers, [])
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
        try:
            proc.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(port)
        os.close(port_device)


if __name__ == "__main__":
    args = sys.argv[1:]
    split = args.index("--")
    bridge(args[0], args[split + 1:])
