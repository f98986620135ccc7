# A fold's entry in the fold book (store/folds.py reads it): the folded
# actions, then the table's players, then the rounds they closed. Loaded by
# Journal.fold alone, at a round's close: the fold needs neither the book's
# reader nor the sheet's, and a game in play holds none of them. The lines'
# words are store/fs.py's, as every reader's.
from tileclock.engine.game import format_action
from tileclock.store.fs import PLAYERS, check_text_file, write_entry


def append(fs, path, seed, head, actions, rounds, players):
    """Append a fold's entry to the book at `path` (`head`: its header line
    and `game KIND`; the folded actions; the table's players; the rounds
    they closed) and read it back from its header: OSError unless it is
    whole with nothing after it. It may be done again (Journal._roomy):
    the lines are made afresh each time."""
    start = max(fs.size(path), 0)
    f = fs.open(path, "ab")
    try:
        if start:
            f.write(b"\n")     # a torn entry before never runs into this one
        write_entry(f, head, _entry_lines(actions, rounds, players), seed)
    finally:
        f.close()
    problem = check_text_file(fs, path, seed, start + 1 if start else 0)
    if problem is not None:
        raise OSError("journal: fold did not read back (%s)" % problem)


def _entry_lines(actions, rounds, players):
    # The folded actions, then the players of a table game (`players
    # [...]`: to rename the rounds by), then each round they closed as the
    # sheet shows it, for the device's score sheet: `sheet {...}` the round
    # without its lists, then `part KEY {...}` an item of each list (a
    # row, a play), so that no line, and no allocation, is long.
    import json
    for now, verb, args in actions:
        yield format_action(now, verb, args)
    if players:
        yield PLAYERS + json.dumps(players)
    for r in rounds:
        head = {}
        for key in r:
            head[key] = [] if isinstance(r[key], list) else r[key]
        yield "sheet " + json.dumps(head)
        head = None
        for key in r:
            if isinstance(r[key], list):
                for item in r[key]:
                    yield "part %s %s" % (key, json.dumps(item))
