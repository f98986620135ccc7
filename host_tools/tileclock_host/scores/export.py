# One row per player per round, for spreadsheets and other programs.
# The columns are documented in docs/scores.md ("Export"); keep them in step.
import csv
import io
import json

# Every row has these, in this order.
COMMON = ["evening", "source", "game", "match", "round", "void", "seat", "name", "total"]

# Then those of the games present, in this order (a column two games share
# appears once). Round values (win time, winner, ...) repeat on each row.
GAME_COLUMNS = {
    "wordsport": ["place", "place_points", "sevens", "sevens_points", "one_grid", "two_minute",
                  "straight_run", "dq", "finish_ms", "unused", "win_ms", "winner"],
    "speedscrabble": ["grid", "leftover", "sevens", "sevens_points", "first_out_points", "themes",
                      "theme_points", "first_out", "play_ms", "variant"],
    "spellsport": ["side", "plays", "points", "path_bonus", "path_by"],
}
ROUND_KEYS = ("win_ms", "winner", "first_out", "play_ms", "variant", "path_by")


def columns_for(kinds):
    cols = list(COMMON)
    for kind in ("wordsport", "speedscrabble", "spellsport"):
        if kind in kinds:
            for col in GAME_COLUMNS[kind]:
                if col not in cols:
                    cols.append(col)
    return cols


def rows(evenings):
    """Dicts, one per player per counted round (the round in progress is left out)."""
    out = []
    for evening in evenings:
        for match, sheet in enumerate(evening.sheets, 1):
            for rnd in sheet["rounds"]:
                for row in sorted(rnd.get("rows") or [], key=lambda r: r["seat"]):
                    item = {
                        "evening": evening.short_id, "source": evening.where, "game": sheet["game"],
                        "match": match, "round": rnd["number"], "void": bool(rnd.get("void")),
                    }
                    for key in GAME_COLUMNS[sheet["game"]]:
                        if key in ROUND_KEYS:
                            item[key] = rnd.get(key)
                        else:
                            item[key] = row.get(key)
                    item["seat"] = row["seat"]
                    item["name"] = row["name"]
                    item["total"] = row["total"]
                    out.append(item)
    return out


def to_json(evenings):
    items = rows(evenings)
    cols = columns_for(set(e.kind for e in evenings))
    ordered = [dict((c, item[c]) for c in cols if c in item) for item in items]
    return json.dumps(ordered, indent=1, ensure_ascii=False) + "\n"


def _csv_value(value):
    if value is None:
        return ""
    if value is True:
        return "1"
    if value is False:
        return "0"
    return value


def to_csv(evenings):
    cols = columns_for(set(e.kind for e in evenings))
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(cols)
    for item in rows(evenings):
        writer.writerow([_csv_value(item.get(c)) for c in cols])
    return buf.getvalue()
