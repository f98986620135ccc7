# One engine action as the line the journal stores: `TIME VERB [ARG ...]`
# (the format is in tileclock/script.py, which reads it back). Apart from the
# script module because the journal writes a line on every action while a
# game runs, and reading lines back (recovery, scripts) is needed only at
# boot: the script module can then be unloaded (tileclock.modules).


def format_action(now, verb, args):
    """The line for one action (no newline)."""
    line = "%d %s" % (now, verb)
    for arg in args:
        line += " " + str(arg)
    return line
