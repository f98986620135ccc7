# Word-Sport's printed score sheet, after the game's own four-player sheet:
# a row of names for each round (names may change from round to round),
# under each player the place, 7-letter, one-grid and 2-minute columns
# plus the straight run the printed sheet had no room for, the round
# total, the win time on the far right, five rounds to a page and a grand
# totals row at the bottom (scores/layout.py draws the frame).
from tileclock_host.scores.layout import (PAGE_SEATS, all_rounds, columns_of, fmt_ms, num, ordinal,
                                          points, round_pages, source_line, standings_text)

WORDSPORT_COLS = [("Place", 10), ("7-letter", 10), ("One\ngrid", 10), ("2\nminute", 10),
                  ("Straight\nrun", 10), ("Total", 11)]


def _wordsport_describe(rnd, seat, row):
    if row is None:  # the far-right column: winner's name, win time
        return rnd.get("winner") or "", fmt_ms(rnd.get("win_ms"))
    tags = []
    if row.get("dq"):
        tags.append("DQ")
    elif row.get("place"):
        tags.append(ordinal(row["place"]))
    if not row.get("dq") and row.get("finish_ms") is not None and row.get("place") != 1:
        tags.append("out at " + fmt_ms(row["finish_ms"]))
    elif row.get("unused"):
        tags.append("%d left" % row["unused"])
    name = row["name"] + ("  -  " + ", ".join(tags) if tags else "")
    cells = [points(row.get("place_points"), 0), points(row.get("sevens_points")),
             points(row.get("one_grid")), points(row.get("two_minute")),
             points(row.get("straight_run")), num(row["total"])]
    return name, cells


def pages(sheet, source="", players=None):
    blank = sheet is None
    rounds = [] if blank else all_rounds(sheet)
    columns = (players or PAGE_SEATS) if blank else columns_of(rounds)
    info = []
    if blank:
        info.append("Place: 1st 10, 2nd 5, 3rd 3.   7-letter word: 5 each.   One grid: 5.   "
                    "2 minutes or less: 5.   Straight run: 5.")
    else:
        info.append(source_line(source, sheet))
    pages = round_pages("Word-Sport score sheet", sheet, columns, WORDSPORT_COLS, ("Win time", "winner"),
                         _wordsport_describe, rounds, source, info, 10.0 if blank else 8.5)
    last = pages[-1]
    if blank:
        last.blocks.append("Fastest win of the day: ____________________   time: ________")
    else:
        fastest = sheet.get("fastest_win")
        if fastest:
            last.blocks.append("Fastest win: %s in %s (round %s)"
                               % (fastest["name"], fmt_ms(fastest["ms"]), fastest["round"]))
        text = standings_text(sheet)
        if text:
            last.blocks.append(text)
    return pages
