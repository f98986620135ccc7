# `tileclock export --tsh`: a Board Clock evening as a division file of tsh,
# compared with files written by hand from tsh's format (the sources in
# host_tools/tileclock_host/games/boardclock/tsh.py)
# and read back the way tsh's own TFile.pm reads a line.
import os
import re

import pytest

from tileclock_host import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data", "scores")

# TFile.pm's ParseLine (tsh): name, rating, opponents; scores, extras
TFILE_LINE = re.compile(r"^(.+?\S)\s+(\d+(?:[.+]\d+)*)\s*([\d\s]*);\s*([-\d\s]*)((?:;[^;]*)*)$")


def tsh_read(text):
    """The players of a .t file as TFile.pm reads them: comment lines and
    blank lines skipped, a player's number its line among the rest; "00"
    is no pairing (None)."""
    players = []
    for line in re.split(r"[\n\r]+", text):
        if re.match(r"^\s*#", line):
            continue
        line = line.strip()
        if not line:
            continue
        m = TFILE_LINE.match(line)
        assert m, "tsh can't parse %r" % line
        name, rating, pairings, scores, _etc = m.groups()
        players.append({"name": name, "rating": int(rating),
                        "pairings": [None if w == "00" else int(w) for w in pairings.split()],
                        "scores": [None if w == "00" else int(w) for w in scores.split()]})
    return players


def check_pairings(players):
    """Every round's pairings agree both ways (A plays B, B plays A) and
    each player has a score where they have an opponent."""
    for i, p in enumerate(players, 1):
        assert len(p["pairings"]) == len(p["scores"]), p["name"]
        for r, opp in enumerate(p["pairings"]):
            assert (opp is None) == (p["scores"][r] is None), (p["name"], r)
            if opp:
                assert players[opp - 1]["pairings"][r] == i, (p["name"], r)


def export(capsys, *args):
    code = cli.main(["export"] + [str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_club_evening_as_the_file_written_by_hand(tmp_path, capsys):
    out = tmp_path / "a.t"
    code, said, err = export(capsys, os.path.join(DATA, "tsh_club.txt"), "--tsh", out,
                             "--ratings", os.path.join(DATA, "tsh_ratings.txt"))
    assert code == 0, err
    assert said == "wrote %s: 3 players, 3 of the evening's 5 games, a game a round (tsh: division file)\n" % out
    # each game left out says why, in a line
    assert err.splitlines() == [
        "tileclock: warning: game 2 not written: BOB, ANN and CY played it at one board, and tsh pairs two "
        "players a round: a game of 3 has no pairing",
        "tileclock: warning: game 4 not written: void",
        "tileclock: warning: no rating for CY in the ratings file: 0"]
    got = out.read_text(encoding="latin-1")
    with open(os.path.join(DATA, "tsh_club.t"), encoding="latin-1") as f:
        want = f.read()
    body = [line for line in got.splitlines() if not line.startswith("#")]
    assert body == [line for line in want.splitlines() if not line.startswith("#")]
    assert got.splitlines()[0].startswith("# tileclock: Board Clock evening ")
    # as tsh reads it: BOB 1, ANN 2, CY 3 (the order they first sat)
    players = tsh_read(got)
    assert [(p["name"], p["rating"]) for p in players] == [("BOB", 1650), ("ANN", 1500), ("CY", 0)]
    check_pairings(players)
    assert players[2]["scores"] == [None, 250, 1020] and players[1]["scores"] == [380, 300, -15]


def test_the_samples_board_clock_evening_as_the_file_written_by_hand(tmp_path, capsys):
    # samples/scores/sim-boardclock/<when>/ as `tileclock pull` writes it
    import glob
    (folder,) = glob.glob(os.path.join(ROOT, "samples", "scores", "sim-boardclock", "*"))
    out = tmp_path / "sample.t"
    code, said, err = export(capsys, folder, "--tsh", out)
    assert code == 0 and err == ""
    assert said == "wrote %s: 2 players, 2 of the evening's 2 games, a game a round (tsh: division file)\n" % out
    got = out.read_text(encoding="latin-1")
    with open(os.path.join(DATA, "tsh_sample.t"), encoding="latin-1") as f:
        want = f.read()
    assert [line for line in got.splitlines() if not line.startswith("#")] == [
        line for line in want.splitlines() if not line.startswith("#")]
    check_pairings(tsh_read(got))
    # and the same evening as its action script: the same file
    code, said, err = export(capsys, os.path.join(ROOT, "samples", "boardclock.txt"), "--tsh", tmp_path / "b.t")
    assert code == 0 and (tmp_path / "b.t").read_text(encoding="latin-1").splitlines()[1:] == got.splitlines()[1:]


def test_without_ratings_every_rating_is_0(tmp_path, capsys):
    out = tmp_path / "a.t"
    code, said, err = export(capsys, os.path.join(DATA, "tsh_club.txt"), "--tsh", out)
    assert code == 0 and "rating" not in err
    assert [p["rating"] for p in tsh_read(out.read_text(encoding="latin-1"))] == [0, 0, 0]


def _evening(tmp_path, body, name="e.txt"):
    path = tmp_path / name
    path.write_text("game boardclock\n0 seat 1 ANN\n0 seat 2 BOB\n0 rules 2\n0 bank 60000\n0 limit 60000\n"
                    + body, encoding="utf-8")
    return path


def test_a_loss_on_time_that_tsh_would_read_otherwise_is_left_out(tmp_path, capsys):
    # No margin for a loss on time (the box's default): BOB lost on time
    # with more than ANN; the margins count him level with her, so tsh
    # would read a draw. That game is left out, saying why; the other is
    # written.
    path = _evening(tmp_path, "0 start 2\n200000 score 1 300\n200000 score 2 400\n200000 close\n"
                              "300000 start 1\n310000 end\n320000 score 1 350\n320000 score 2 300\n"
                              "320000 close\n")
    out = tmp_path / "a.t"
    code, said, err = export(capsys, path, "--tsh", out)
    assert code == 0
    assert err == ("tileclock: warning: game 1 not written: BOB lost on time, but tsh takes the result from "
                   "the scores and would read 300-300 as a draw (a margin of a loss on time, Board Clock's "
                   "Time loss by, avoids it)\n")
    players = tsh_read(out.read_text(encoding="latin-1"))
    assert [(p["name"], p["pairings"], p["scores"]) for p in players] == [("ANN", [2], [350]), ("BOB", [1], [300])]


def test_what_is_refused_in_one_line(tmp_path, capsys):
    out = tmp_path / "a.t"
    # nothing tsh can take: an evening of three-player games
    code, said, err = export(capsys, os.path.join(ROOT, "tests", "scenarios", "boardclock_evening.txt"),
                             "--tsh", out)
    assert code == 1 and not out.exists()
    assert err.splitlines()[-1] == ("tileclock: boardclock_evening.txt: no two-player game to write for tsh "
                                    "(4 closed: see above); nothing written")
    # another game's evening, or two evenings
    code, said, err = export(capsys, os.path.join(ROOT, "tests", "scenarios", "wordsport_evening.txt"),
                             "--tsh", out)
    assert code == 1 and err == ("tileclock: --tsh writes one Board Clock evening; none in: "
                                 "wordsport_evening.txt (wordsport)\n")
    club = os.path.join(DATA, "tsh_club.txt")
    other = _evening(tmp_path, "0 start 1\n1000 end\n2000 score 1 1\n2000 score 2 2\n2000 close\n")
    code, said, err = export(capsys, club, other, "--tsh", out)
    assert code == 1 and err.startswith("tileclock: --tsh writes one Board Clock evening; found 2: ")
    # the options that don't go with it
    code, said, err = export(capsys, club, "--tsh", out, "-o", tmp_path / "x.csv")
    assert code == 1 and err == "tileclock: --tsh FILE is the output: leave out -o/--format\n"
    code, said, err = export(capsys, club, "--ratings", os.path.join(DATA, "tsh_ratings.txt"))
    assert code == 1 and err == "tileclock: --ratings goes with --tsh\n"
    # a ratings file with a line that isn't a name and a rating, or a name twice
    bad = tmp_path / "r.txt"
    bad.write_text("ANN 1500\nBOB fast\n", encoding="utf-8")
    code, said, err = export(capsys, club, "--tsh", out, "--ratings", bad)
    assert code == 1 and err == "tileclock: %s: line 2: 'BOB fast': a name, then a rating of 0 to 9999\n" % bad
    bad.write_text("ANN 1500\nann 1400\n", encoding="utf-8")
    code, said, err = export(capsys, club, "--tsh", out, "--ratings", bad)
    assert code == 1 and err == "tileclock: %s: line 2: ann has a rating already (line 1)\n" % bad
    code, said, err = export(capsys, club, "--tsh", out, "--ratings", tmp_path / "none.txt")
    assert code == 1 and "none.txt: No such file or directory" in err
    assert not out.exists()
    # a name tsh's line can't hold
    semi = _evening(tmp_path, "0 rename 1 A;N\n0 start 1\n1000 end\n2000 score 1 1\n2000 score 2 2\n"
                              "2000 close\n", "semi.txt")
    code, said, err = export(capsys, semi, "--tsh", out)
    assert code == 1 and err == ("tileclock: semi.txt: the name 'A;N' has ';', which a tsh file can't hold: "
                                 "rename the player\n")


@pytest.mark.parametrize("seats", [2, 3])
def test_the_pairings_agree_both_ways_in_any_evening(tmp_path, capsys, seats):
    # players coming and going between two-player games: every round of the
    # file is a pairing both players agree on
    body = ""
    at = 0
    order = [(1, 2), (1, 3), (2, 3), (3, 1)] if seats == 3 else [(1, 2), (2, 1)]
    seated = {1, 2}
    for n, (a, b) in enumerate(order):
        for seat in sorted({a, b} - seated):
            body += "%d seat %d P%s\n" % (at, seat, "XYZ"[seat - 1])
        for seat in sorted(seated - {a, b}):
            body += "%d unseat %d\n" % (at, seat)
        seated = {a, b}
        body += "%d start %d\n%d end\n%d score %d %d\n%d score %d %d\n%d close\n" % (
            at, a, at + 1000, at + 2000, a, 300 + n, at + 2000, b, 200 + n, at + 2000)
        at += 10000
    out = tmp_path / "a.t"
    code, said, err = export(capsys, _evening(tmp_path, body), "--tsh", out)
    assert code == 0, err
    players = tsh_read(out.read_text(encoding="latin-1"))
    check_pairings(players)
    assert sum(1 for p in players for s in p["scores"] if s is not None) == 2 * len(order)
