# Speed Scrabble's printed score sheet: Word-Sport's frame with its own
# columns (grid score, leftover tiles, 7+ words, first out, themes, round
# total, running score) and the play time (scores/layout.py draws it).
from tileclock_host.scores.layout import (PAGE_SEATS, all_rounds, columns_of, fmt_ms, num, round_pages,
                                          signed, source_line, standings_text)

SPEEDSCRABBLE_COLS = [("Grid", 9), ("Left\nover", 8.5), ("7+\nwords", 8.5), ("First\nout", 8.5),
                      ("Theme", 10), ("Round", 9), ("Score", 10)]


def _speedscrabble_describer(rounds):
    running = {}
    done = set()

    def describe(rnd, seat, row):
        if row is None:
            return (rnd.get("variant") or "", fmt_ms(rnd.get("play_ms")))
        key = (id(rnd), seat)
        if key not in done and not rnd.get("void") and not rnd.get("in_progress") and row["total"]:
            done.add(key)
            running[row["name"]] = running.get(row["name"], 0) + row["total"]
        name = row["name"]
        if rnd.get("first_out") == name:
            name += "  -  out first"
        score = "" if rnd.get("in_progress") else str(running.get(row["name"], 0))
        cells = [num(row.get("grid")), _minus(row.get("leftover")), signed(row.get("sevens_points")),
                 signed(row.get("first_out_points")), signed(row.get("theme_points")), num(row["total"]),
                 score]
        return name, cells
    return describe


def _minus(value):
    if not value:
        return ""
    return "%d" % (-abs(value))


def pages(sheet, source="", players=None):
    blank = sheet is None
    rounds = [] if blank else all_rounds(sheet)
    columns = (players or PAGE_SEATS) if blank else columns_of(rounds)
    if blank:
        info = ["Target: ________   Leftover tiles count against you.   7+ letter word: +10.   "
                "First out: +10.   Theme word: +10."]
    else:
        info = [source_line(source, sheet)]
        facts = []
        if sheet.get("target"):
            facts.append("Playing to %d" % sheet["target"])
        variants = sorted(set(r.get("variant") for r in rounds if r.get("variant")))
        if len(variants) == 1:
            facts.append("variant: %s" % variants[0])
        if facts:
            info.append(",  ".join(facts))
    pages = round_pages("Speed Scrabble score sheet", sheet, columns, SPEEDSCRABBLE_COLS,
                         ("Time", "variant"), _speedscrabble_describer(rounds) if not blank else None,
                         rounds, source, info, 10.0 if blank else 8.5)
    last = pages[-1]
    if blank:
        last.blocks.append("Winner: ____________________")
    else:
        if sheet.get("winner"):
            last.blocks.append("Winner: %s" % sheet["winner"])
        text = standings_text(sheet)
        if text:
            last.blocks.append(text)
    return pages
