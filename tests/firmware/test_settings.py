# Settings survive power-off: temp + rename, checksum, defaults on a bad file,
# and a power cut at every byte of a save leaves the old or the new settings.
from tileclock.store import settings
from tileclock.store.fs import crc32
from tileclock_host.boards.fsmodel import MemFS, Recorder, apply, cut_points

ROOT = "/flash"
PATH = ROOT + "/settings.txt"


DEFAULTS = settings.defaults("wordsport")


def fresh():
    fs = MemFS()
    fs.mkdir(ROOT)
    return fs


def test_missing_file_gives_the_defaults_quietly():
    values, problems = settings.load(ROOT, DEFAULTS, fs=fresh())
    assert values == DEFAULTS and problems == []
    defaults = {"names": [], "options": {}}
    values, problems = settings.load(ROOT, defaults, fs=fresh())
    values["names"].append("Ann")          # a copy: the defaults stay as they were
    assert defaults["names"] == []


def test_save_and_load_round_trip_and_skip_unchanged():
    fs = fresh()
    values = {"game": "spellsport", "players": 2, "names": ["Ann", "Bob"], "sound": "off",
              "options": {"minutes": 12, "bonus": True}}
    assert settings.save(ROOT, values, fs) is True
    assert settings.save(ROOT, values, fs) is False     # nothing changed: no flash write
    loaded, problems = settings.load(ROOT, DEFAULTS, fs=fs)
    assert loaded == dict(DEFAULTS, **values) and problems == []
    assert sorted(fs.listdir(ROOT)) == ["settings.txt"]
    body = bytes(fs.files[PATH])
    text, crc = body[:-1].rsplit(b" *", 1)
    assert int(crc, 16) == crc32(text)
    assert text.startswith(b'{"game":"spellsport","names":["Ann","Bob"],"options":{"bonus":true')


def test_bad_file_gives_defaults_a_problem_and_is_kept():
    fs = fresh()
    settings.save(ROOT, {"game": "speedscrabble", "players": 3}, fs)
    fs.files[PATH][5] ^= 0x04
    values, problems = settings.load(ROOT, DEFAULTS, fs=fs)
    assert values == DEFAULTS
    assert problems == ["settings: bad checksum, defaults used"]
    assert sorted(fs.listdir(ROOT)) == ["settings.txt.bad-1"]
    fs.files[PATH] = bytearray(b"[1, 2] *%08x\n" % crc32(b"[1, 2]"))
    assert settings.load(ROOT, DEFAULTS, fs=fs)[1] == ["settings: not settings, defaults used"]
    assert "settings.txt.bad-2" in fs.listdir(ROOT)


def test_a_value_of_the_wrong_type_is_reset():
    fs = fresh()
    settings.save(ROOT, {"players": "four", "sound": "off", "extra": 1}, fs)
    values, problems = settings.load(ROOT, DEFAULTS, fs=fs)
    assert values["players"] == 4 and values["sound"] == "off" and values["extra"] == 1
    assert problems == ["settings: players reset"]


def test_power_cut_at_every_byte_of_a_save():
    old = {"game": "wordsport", "players": 4, "names": ["Ann", "Bob", "Cy", "Di"], "sound": "on", "sleep": 5,
           "options": {}}
    new = {"game": "spellsport", "players": 2, "names": ["Ann", "Bob"], "sound": "off", "sleep": 0,
           "options": {"x": 1}}
    base = fresh()
    settings.save(ROOT, old, base)
    recorder = Recorder(base.copy())
    settings.save(ROOT, new, recorder)
    ops = recorder.ops
    assert [op[0] for op in ops] == ["create", "write", "rename"]
    written = 1
    tried = 0
    for index, length in cut_points(ops):
        for flip in (False, True):
            fs = base.copy()
            for op in ops[:index]:
                apply(fs, op)
            if length:
                apply(fs, ops[index], length)
            if flip:
                last = ops[index - 1] if not length and index else ops[index] if length else None
                if last is None or last[0] != "write":
                    continue
                data = fs.files[last[1]]
                data[len(data) // 2] ^= 0x10
            values, problems = settings.load(ROOT, DEFAULTS, fs=fs)
            tried += 1
            assert problems == [], (index, length, flip, problems)
            # new once the temp file is whole and sound (the rename is then
            # finished at boot), else the old ones
            whole = index > written and not (flip and index == written + 1)
            assert values == (new if whole or index == len(ops) else old), (index, length, flip)
            assert settings.load(ROOT, DEFAULTS, fs=fs) == (values, [])
    assert tried > 150
