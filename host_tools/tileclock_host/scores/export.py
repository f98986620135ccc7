# One row per player per round, for spreadsheets and other programs.
# The columns are documented in docs/scores.md ("Export"); keep them in step.
import csv
import io
import json

from tileclock_host import registry

# Every row has these, in this order.
COMMON = ["evening", "source", "game", "match", "round", "void", "seat", "name", "total"]

# Then those of the games present, in this order (a column two games share
# appears once): what each game's about.py lists (EXPORT), its round values
# (win time, winner, ...: ROUND_KEYS) repeated on each row. A game that lists
# none gets the columns its sheet has (sheet_columns).
_NOT_COLUMNS = ("number", "void", "rows", "name", "seat", "total", "plays")


def sheet_columns(sheet):
    """(row keys, round keys) of a sheet, in order of first appearance: the
    export of a game without columns of its own here. Only plain values."""
    row_keys = []
    round_keys = []
    rounds = list(sheet["rounds"])
    for rnd in rounds:
        for key, value in rnd.items():
            if key not in _NOT_COLUMNS and key not in round_keys and not isinstance(value, (list, dict)):
                round_keys.append(key)
        for row in rnd.get("rows") or []:
            for key in row:
                if key not in _NOT_COLUMNS and key not in row_keys:
                    row_keys.append(key)
    return row_keys, round_keys


def game_columns(sheet):
    """The game's columns for `sheet`: the list above, or its own."""
    known = registry.about(sheet["game"]).EXPORT
    if known is not None:
        return list(known)
    row_keys, round_keys = sheet_columns(sheet)
    return row_keys + round_keys


def columns_for(kinds, sheets=()):
    """The header for the games `kinds`; a game without columns here takes
    them from its `sheets`."""
    cols = list(COMMON)
    for kind in list(registry.KINDS) + sorted(set(kinds) - set(registry.KINDS)):
        if kind not in kinds:
            continue
        listed = registry.about(kind).EXPORT is not None
        for sheet in [{"game": kind}] if listed else [s for s in sheets if s["game"] == kind]:
            for col in game_columns(sheet):
                if col not in cols:
                    cols.append(col)
    return cols


def _columns(evenings):
    return columns_for(set(e.kind for e in evenings), [s for e in evenings for s in e.sheets])


def _is_round_key(sheet, key):
    about = registry.about(sheet["game"])
    if about.EXPORT is not None:
        return key in about.ROUND_KEYS
    return key in sheet_columns(sheet)[1]


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
                    for key in game_columns(sheet):
                        if _is_round_key(sheet, key):
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
    cols = _columns(evenings)
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
    cols = _columns(evenings)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(cols)
    for item in rows(evenings):
        writer.writerow([_csv_value(item.get(c)) for c in cols])
    return buf.getvalue()
