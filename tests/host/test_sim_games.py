# Whole games of the four games played with button presses on the simulated
# device (the scripts in tests/sim/), checked against sheets worked out by
# hand from the rules.
import json
import os

from tileclock_host.frames import frame_to_png
from tileclock_host.sim.script import Runner, parse, read_lines

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIM = os.path.join(ROOT, "tests", "sim")


def play(name, out):
    script = parse(read_lines(os.path.join(SIM, name)))
    summary = Runner(script, str(out), save_png=frame_to_png).run()
    assert summary["failures"] == []
    with open(os.path.join(str(out), "sheet.json")) as f:
        sheet = json.load(f)
    with open(os.path.join(str(out), "log.txt")) as f:
        log = f.read()
    with open(os.path.join(str(out), "cues.txt")) as f:
        cue_names = [line.split()[1] for line in f.read().splitlines()]
    return summary, sheet, log, cue_names


def test_word_sport_game_on_the_device(tmp_path):
    summary, sheet, log, cue_names = play("wordsport_game.txt", tmp_path)
    # Round 1 by hand (docs/wordsport.md): P1 said every go and won in
    # 1:35: 10 first place + 5 a seven + 5 one grid + 5 under two minutes +
    # 5 straight run = 30. P3 second at 1:35 + 0:30 = 2:05 (over two
    # minutes): 5. P2 third at 2:15 with one grid: 3 + 5 = 8. P4 did not
    # finish, 3 unused tiles: fourth, 0.
    r1 = sheet["rounds"][0]
    assert r1["win_ms"] == 95000 and r1["winner"] == "P1"
    rows = {row["name"]: row for row in r1["rows"]}
    assert rows["P1"]["total"] == 30 and rows["P1"]["straight_run"] == 5 and rows["P1"]["two_minute"] == 5
    assert rows["P3"]["place"] == 2 and rows["P3"]["total"] == 5
    assert rows["P2"]["place"] == 3 and rows["P2"]["total"] == 8
    assert rows["P4"]["place"] == 4 and rows["P4"]["unused"] == 3 and rows["P4"]["total"] == 0
    assert sheet["rounds"][1]["void"] is True
    assert sheet["standings"] == [["P1", 30], ["P2", 8], ["P3", 5], ["P4", 0]]
    assert sheet["fastest_win"] == {"name": "P1", "ms": 95000, "round": 1}
    # 18 gos, the win, the last ten seconds and time up, a refusal
    assert cue_names.count("TAKE_ONE") == 18
    assert cue_names.count("WIN") == 1 and cue_names.count("TIME_UP") == 1
    assert cue_names.count("LAST_TEN") == 10
    assert "REFUSED" in cue_names
    for screen in ("Home", "WsReady", "WsPlay", "WsCountdown", "WsEntry", "WsMenu", "Sheet"):
        assert "screen " + screen in log, screen
    shots = os.listdir(os.path.join(str(tmp_path), "shots"))
    assert any(name.endswith("-countdown.png") for name in shots)


def test_speed_scrabble_match_on_the_device(tmp_path):
    summary, sheet, log, cue_names = play("speedscrabble_match.txt", tmp_path)
    # 2 players from one set: 86 tiles left after the hands; 21 TAKE TWO
    # leave 2, one TAKE ONE leaves 0, the next call is I'M OUT.
    assert cue_names.count("TAKE_TWO") == 21
    assert cue_names.count("TAKE_ONE") == 1
    assert cue_names.count("IM_OUT") == 1
    assert cue_names[:4] == ["COUNT_IN", "COUNT_IN", "COUNT_IN", "GO"]
    # P1 went out first: 120 - 0 + 10 (a seven) + 10 (first out) = 140;
    # P2: 85 - 12 = 73. 140 passes the target of 100: P1 wins the match.
    rows = {row["name"]: row for row in sheet["rounds"][0]["rows"]}
    assert rows["P1"]["total"] == 140 and rows["P1"]["first_out_points"] == 10
    assert rows["P2"]["total"] == 73 and rows["P2"]["leftover"] == 12
    assert sheet["winner"] == "P1"
    assert sheet["target"] == 100
    assert cue_names[-1] == "WIN"
    for screen in ("SsReady", "SsCountIn", "SsPlay", "SsEntry", "SsOver"):
        assert "screen " + screen in log, screen


def test_spell_sport_sample_game_on_the_device(tmp_path):
    summary, sheet, log, cue_names = play("spellsport_sample.txt", tmp_path)
    # docs/spellsport.md's table: Across 16 + 32 = 48, Down 30 + 20 = 50;
    # the game ends without a path, so nothing doubles.
    game = sheet["rounds"][0]
    points = [p["points"] for p in game["plays"]]
    assert points == [16, 30, 32, 20]
    assert sheet["totals"] == {"P1": 48, "P2": 50}
    assert sheet["rubber_winner"] == "P2"
    assert cue_names.count("TAKE_SIX") == 2
    assert "banner it is P2's turn" in log
    for screen in ("SpReady", "SpPlay", "SpPlayForm", "SpMenu", "SpOver"):
        assert "screen " + screen in log, screen


def test_tile_rush_round_on_the_device(tmp_path):
    summary, sheet, log, cue_names = play("tilerush_game.txt", tmp_path)
    # Eight players: 11 each, 56 in the bag. Six peels (the undone one not
    # counted, the simultaneous one merged) leave 8; P3's dump leaves 6 for
    # 8 players. P5's call fails: P5's 11 + 6 = 17 go back, 23 for 7; three
    # peels leave 2 and P2's call holds. Tiles held: 11 + 6 + 3 = 20, P3 22.
    r = sheet["rounds"][0]
    assert r["winner"] == "P2" and r["void"] is False
    tiles = {row["name"]: (row["tiles"], row["out"], row["won"]) for row in r["rows"]}
    assert tiles["P2"] == (20, False, True) and tiles["P3"] == (22, False, False)
    assert tiles["P5"] == (0, True, False) and tiles["P1"] == (20, False, False)
    assert sheet["totals"]["P2"] == 1 and sheet["standings"][0] == ["P2", 1]
    assert cue_names.count("TAKE_ONE") == 10          # 7 peels sounded (one undone) + 3
    assert cue_names.count("GO") == 1 and cue_names.count("IM_OUT") == 2 and cue_names[-1] == "WIN"
    for screen in ("TrReady", "TrPlay", "TrMenu", "TrCheck", "Sheet"):
        assert "screen " + screen in log, screen


def test_board_clock_evening_on_the_device(tmp_path):
    summary, sheet, log, cue_names = play("boardclock_game.txt", tmp_path)
    # Game 1 by hand (docs/boardclock.md), ten minutes each: ANN's moves
    # take 4:00, 1:00.9 to the arbiter's stop (a long press is timed at
    # 0.9 s held) and 6:05 after the resume: 11:05.9, 1:05.9 over, two
    # minutes begun: 20 points off her 401. BOB used 3:00 and 1:00 to his
    # out play (held on: the clock stops at the press's start), and went
    # out. ANN 381 against 380: she wins by one.
    g1, g2 = sheet["rounds"]
    ann, bob = g1["rows"]
    assert (ann["used_ms"], ann["over_ms"], ann["penalty"], ann["adjusted"]) == (665900, 65900, 20, 381)
    assert (bob["used_ms"], bob["over_ms"], bob["penalty"], bob["adjusted"]) == (240000, 0, 0, 380)
    assert g1["went_out"] == "BOB" and g2["went_out"] is None
    assert (g1["winner"], ann["margin"], bob["margin"], ann["total"], bob["total"]) == ("ANN", 1, -1, 2, 0)
    # Game 2: ANN's mistaken press taken back from the paused clock (her
    # 40.9 s to the stop kept, the 11 s after it not counted): 8:59.9 in
    # all. BOB exceeded the limit (20:00.001 used) and lost on time: 330
    # less 110, counted for the margins as it is (below ANN's 310).
    ann, bob = g2["rows"]
    assert (ann["used_ms"], ann["adjusted"], ann["margin"], ann["lost"]) == (539900, 310, 90, False)
    assert (bob["used_ms"], bob["penalty"], bob["adjusted"], bob["margin"], bob["lost"]) == (1200001, 110, 220,
                                                                                           -90, True)
    assert g2["winner"] == "ANN" and sheet["rules"] == 2
    assert sheet["totals"] == {"ANN": 4, "BOB": 0} and sheet["spread"] == {"ANN": 91, "BOB": -91}
    assert sheet["standings"] == [["ANN", 4], ["BOB", 0]]
    # two starts (GO) and two one-minute warnings (ANN in game 1, BOB in
    # game 2), each bank's last ten seconds and its end, a new minute of
    # overtime for ANN's second minute and each of BOB's nine after his
    # first, the out play and the loss on time, two closes
    assert cue_names.count("GO") == 2 and cue_names.count("ONE_MINUTE") == 2
    assert cue_names.count("LAST_TEN") == 20 and cue_names.count("OVERTIME") == 1 + 9
    assert cue_names.count("TIME_UP") == 2 and cue_names.count("IM_OUT") == 2
    assert cue_names.count("WIN") == 2 and cue_names.count("REFUSED") == 1
    assert "banner it is ANN's turn" in log and "banner undone: turn" in log
    for screen in ("BcReady", "BcClock", "BcMenu", "BcEntry", "Sheet"):
        assert "screen " + screen in log, screen


def test_board_clock_of_four_on_the_device(tmp_path):
    summary, sheet, log, cue_names = play("boardclock_four.txt", tmp_path)
    # Game 1 by hand: ANN 1:00 and 0:30 to her out play; BOB 30.9 s to the
    # challenge's stop (0.9 s held), his turn skipped; CY from 2:00 to
    # 14:29, 12:29: 2:29 over, three minutes begun, 30 points; DI 1:00.
    # ANN 320 wins by 30 over BOB's 290; DI's -12 is 332 behind.
    g1, g2 = sheet["rounds"]
    rows = dict((row["name"], row) for row in g1["rows"])
    assert [(rows[n]["used_ms"], rows[n]["penalty"], rows[n]["adjusted"], rows[n]["margin"])
            for n in ("ANN", "BOB", "CY", "DI")] == [
        (90000, 0, 320, 30), (30900, 0, 290, -30), (749000, 30, 220, -100), (60000, 0, -12, -332)]
    assert g1["went_out"] == "ANN" and g1["winner"] == "ANN"
    # Game 2, the margin of a loss on time 100: DI exceeded the limit with
    # 400 on the board, 290 after 110 off; she counts as CY's 260 less 100
    rows = dict((row["name"], row) for row in g2["rows"])
    assert (rows["DI"]["lost"], rows["DI"]["used_ms"], rows["DI"]["adjusted"], rows["DI"]["margin"]) == (
        True, 1200001, 290, -140)
    assert rows["ANN"]["margin"] == 20 and g2["winner"] == "ANN" and sheet["timeloss"] == 100
    assert sheet["spread"] == {"ANN": 50, "BOB": -50, "CY": -140, "DI": -472}
    # CY's second and third minutes of overtime, DI's nine after her
    # first; the one-minute warning as ONE_MINUTE, never GO (two starts)
    assert cue_names.count("OVERTIME") == 2 + 9 and cue_names.count("TIME_UP") == 2
    assert cue_names.count("ONE_MINUTE") == 2 and cue_names.count("GO") == 2
    with open(os.path.join(str(tmp_path), "cues.txt")) as f:
        timed = [line.split() for line in f.read().splitlines()]
    assert ["0:13:00.001", "OVERTIME"] in timed and ["0:14:00.001", "OVERTIME"] in timed
    assert ["0:47:00.001", "IM_OUT"] in timed
    for screen in ("BcReady", "BcClock", "BcMenu", "BcEntry", "Sheet"):
        assert "screen " + screen in log, screen
