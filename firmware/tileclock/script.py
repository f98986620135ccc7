# The action text format: one action a line, with its time.
#
#     # comments and blank lines are skipped
#     game wordsport
#     0 seat 1 Ann
#     1:05.250 go 2
#
# The first line that is not a comment names the game. Every other line is
# `TIME VERB [ARG ...]`: TIME is the tick counter in ms (an integer) or, for
# scripts written by hand, m:ss, m:ss.mmm or h:mm:ss; either way below 2**30
# (298:15:41.824), where the board's counter wraps to 0. An argument made of
# digits (with an optional leading minus) is a number; anything else a word.
# The device's journal stores the same lines.
from tileclock.engine.game import TIME_RANGE, Merged, Refused
from tileclock.engine.game import format_action  # noqa: F401 (part of this module's API)
from tileclock.ticks import TICKS_MAX


class ScriptError(Exception):
    """A line that can't be read or is refused; names the line and why."""

    def __init__(self, lineno, message):
        super().__init__("line %d: %s" % (lineno, message))
        self.lineno = lineno
        self.message = message


def new_game(kind):
    """A fresh game of `kind` (tileclock/games/: each game's modules are
    imported only when needed); Refused for a kind we don't play."""
    from tileclock import games
    try:
        return games.new_game(kind)
    except ValueError as e:
        raise Refused(str(e))


def _is_number(word):
    start = 1 if word[:1] == "-" else 0
    return len(word) > start and word[start:].isdigit()


def parse_time(word):
    """Ticks in ms from `123456`, `m:ss`, `m:ss.mmm` or `h:mm:ss`."""
    if word.isdigit():
        return int(word)
    millis = 0
    if "." in word:
        word, frac = word.split(".", 1)
        if not frac.isdigit() or len(frac) > 3:
            raise ValueError("bad fraction of a second")
        millis = int((frac + "00")[:3])
    parts = word.split(":")
    if len(parts) < 2 or len(parts) > 3:
        raise ValueError("time must be ms or m:ss")
    total = 0
    for i, part in enumerate(parts):
        if not part.isdigit():
            raise ValueError("time must be ms or m:ss")
        value = int(part)
        if i > 0 and value > 59:
            raise ValueError("minutes and seconds go to 59")
        total = total * 60 + value
    return total * 1000 + millis


def parse_action(line):
    """(now, verb, args) from one action line; raises ValueError."""
    words = line.split()
    if len(words) < 2:
        raise ValueError("expected TIME VERB [ARG ...]")
    now = parse_time(words[0])
    if now > TICKS_MAX:
        raise ValueError(TIME_RANGE)
    args = []
    for word in words[2:]:
        args.append(int(word) if _is_number(word) else word)
    return now, words[1], tuple(args)


def _content(lines):
    for lineno, raw in enumerate(lines, 1):
        line = raw.strip()
        if line and not line.startswith("#"):
            yield lineno, line


def load(lines):
    """Run an action script (any iterable of lines) and return the game.

    Raises ScriptError naming the first line that can't be read or that the
    rules refuse; the actions before it have been applied.
    """
    game = None
    for lineno, line in _content(lines):
        if game is None:
            words = line.split()
            if len(words) != 2 or words[0] != "game":
                raise ScriptError(lineno, "the first line must be 'game KIND'")
            try:
                game = new_game(words[1])
            except Refused as e:
                raise ScriptError(lineno, e.reason)
            continue
        try:
            now, verb, args = parse_action(line)
        except ValueError as e:
            raise ScriptError(lineno, str(e))
        try:
            game.do(now, verb, args)
        except Merged as e:
            # the device's banner is short; a script's reader has room
            ms = game.merge_ms
            raise ScriptError(lineno, "%s: within %d.%d s of the last call: %s"
                              % (verb, ms // 1000, ms % 1000 // 100,
                                 "counted as the same call" if e.reason == "counted once" else e.reason))
        except Refused as e:
            raise ScriptError(lineno, "%s: %s" % (verb, e.reason))
    if game is None:
        raise ScriptError(0, "empty script: no 'game KIND' line")
    return game


def dump(game):
    """The script that rebuilds `game`, as a list of lines."""
    lines = ["game " + game.KIND]
    for now, verb, args in game.history:
        lines.append(format_action(now, verb, args))
    return lines
