# The host's half of the maintenance handshake (the board's half and the
# whole story: firmware/tileclock/hal/maintenance.py). `tileclock deploy` and
# `tileclock pull` call free_board() before they copy anything: a board whose
# app runs the watchdog is asked for safe mode and reset, and comes back with
# the watchdog off and the REPL free; then they do their work and reset it.
#
# Every wait is bounded: each mpremote run by its timeout, the wait for the
# board to come back by BOOT_SECONDS.
import os
import time

from tileclock_host.cli import UserError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BOARD_CODE = os.path.join(ROOT, "firmware", "tileclock", "hal", "maintenance.py")
MARK = "TCMAINT "
BOOT_SECONDS = 20       # a Pico is back at its REPL 2-3 s after a reset
SETTLE_SECONDS = 1.0    # the port goes away during the reset: don't talk to the old one
RETRY_SECONDS = 0.5
ASK_SECONDS = 15        # one short exec (the commands pass their PROBE_SECONDS)

ADVICE = ("unplug the board, hold seat 1 while plugging it in (safe mode: no watchdog, "
          "no clock), and run the command again")


def board_code(call):
    """This call of a function of hal/maintenance.py, with the module's text
    before it: the board may have an older tileclock, or none yet."""
    try:
        with open(BOARD_CODE, encoding="utf-8") as f:
            source = f.read()
    except OSError as e:
        raise UserError("%s: %s (the firmware/ folder is needed)" % (BOARD_CODE, e.strerror or e))
    return source + "\n" + call + "\n"


def _word(out):
    for line in out.splitlines():
        if line.startswith(MARK):
            return line[len(MARK):].strip()
    return None


def free_board(port, root, run, boot_seconds=None, say=print, sleep=time.sleep,
               clock=time.monotonic, ask_seconds=None):
    """Get the board on `port` to a REPL that no watchdog will cut short.

    `run(port, args, timeout)` runs one mpremote command line without a soft
    reset (`resume`) and returns its output, or raises UserError. `root` is
    the board's flash folder ("/" on a Pico). Returns what was done:
    "safe" (safe mode already), "free" (no app, or no watchdog configured) or
    "reset" (reset into safe mode: the caller resets it again when done).
    The bounds default to BOOT_SECONDS and ASK_SECONDS as they are now."""
    boot_seconds = BOOT_SECONDS if boot_seconds is None else boot_seconds
    ask_seconds = ASK_SECONDS if ask_seconds is None else ask_seconds
    out = run(port, ["exec", board_code("request(%r)" % root)], ask_seconds)
    word = _word(out)
    if word in ("safe", "free"):
        return word
    if word != "reset":
        raise UserError("%s: the board did not answer the maintenance request: %s"
                        % (port, (out.strip().splitlines() or ["no output"])[-1]))
    say("%s: the clock's watchdog is on: restarting the board in safe mode" % port)
    try:
        run(port, ["reset"], ask_seconds)
    except UserError:
        pass            # the port may vanish under mpremote: the wait below tells
    start = clock()
    sleep(SETTLE_SECONDS)
    last = "no answer"
    status = board_code("status(%r)" % root)
    while True:
        left = boot_seconds - (clock() - start)
        if left <= 0:
            raise UserError("%s: the board did not come back from its reset within %d s (%s); %s"
                            % (port, boot_seconds, last, ADVICE))
        if _port_missing(port):
            last = "the port is not there"
        else:
            try:
                word = _word(run(port, ["exec", status], max(1, min(ask_seconds, int(left) + 1))))
            except UserError as e:
                last = str(e).split(": ", 1)[-1]
            else:
                if word is not None:
                    break
                last = "no answer to the status request"
        sleep(RETRY_SECONDS)
    if word.startswith("app"):
        raise UserError("%s: the board started the clock, watchdog on, instead of safe mode "
                        "(is its tileclock older than the maintenance handshake?); %s" % (port, ADVICE))
    say("%s: the board is in safe mode (no watchdog) after %.1f s" % (port, clock() - start))
    return "reset"


def _port_missing(port):
    return port != "auto" and ("/" in port or "\\" in port) and not os.path.exists(port)
