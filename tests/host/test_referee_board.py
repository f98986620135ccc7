# The Spell Sport referee: the sample game, then each placement rule
# broken on purpose. Expected scores are worked out by hand from the game's
# rules (docs/spellsport.md); small made-up word lists keep the positions simple.
import os

import pytest

from tileclock_host.referee import InputError
from tileclock_host.referee import wordlist
from tileclock_host.games.spellsport import game as spellgame
from tileclock_host.games.spellsport.board import ACROSS, DOWN, SpellGame, completed_paths, find_path, parse_cell
from tileclock_host.referee.wordlist import WordList

DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "referee")
SAMPLE = os.path.join(DATA, "sample_game.txt")


@pytest.fixture(scope="module")
def default_words():
    return wordlist.load()


def replay(lines, words, strict=False):
    events = []
    game = spellgame.replay("game.txt", lines, WordList(words) if not isinstance(words, WordList) else words,
                            report=events.append, strict=strict)
    return game, events


def rejection(lines, words):
    with pytest.raises(InputError) as e:
        replay(lines, words)
    return e.value


def test_sample_game_replays_exactly(default_words):
    with open(SAMPLE) as f:
        game, events = replay(f.read().splitlines(), default_words)
    # 4x5 - 4, 6x5, 8x4, 4x6 - 4 (docs/spellsport.md, the sample game).
    assert game.plays[ACROSS] == [16, 32]
    assert game.plays[DOWN] == [30, 20]
    assert game.total(ACROSS) == 48 and game.total(DOWN) == 50
    assert not game.over() and game.paths == {}
    # Across: 12 - WO AD UV, + 6 drawn, - IS TO SH, - ER stolen back = 11.
    assert sum(game.racks[ACROSS].values()) == 12 - 3 - 3 + 6 - 1
    # Down: 12 - ET stolen - 5 laid + 6 drawn - HI GO PH = 9.
    assert sum(game.racks[DOWN].values()) == 12 - 1 - 5 + 6 - 3
    assert "ER" not in game.racks[ACROSS]
    # The rules' WO tile is not in the 338-tile chart (it has OW): a warning only.
    assert any("WO is not a tile" in e for e in events)
    letters = {cell: game.letters[parse_cell(cell)] for cell in ("aM", "dQ", "nA", "pE", "sE", "sH", "rM")}
    assert letters == {"aM": "W", "dQ": "T", "nA": "P", "pE": "L", "sE": "T", "sH": "H", "rM": "R"}


def test_sample_words_are_in_the_default_list(default_words):
    for word in ("woad", "duvet", "pierce", "vocal", "vocalist", "tosh", "high", "gopher"):
        assert word in default_words
    assert "WOAD" in default_words and "Duvet" in default_words  # any case
    assert "xqzv" not in default_words


def test_strict_turns_the_sample_warning_into_an_error(default_words):
    with open(SAMPLE) as f:
        with pytest.raises(InputError) as e:
            replay(f.read().splitlines(), default_words, strict=True)
    assert e.value.line == 5 and "WO is not a tile" in e.value.problem


RACKS = ["rack across AB CD EF GX OX TA OW IH AB AB AB AB", "rack down LK JY AL IS IT ET GA GO HA HI PI VO"]
RING = ["abcd", "defgx", "alkjy", "jihg", "xota", "woad"]


def test_a_play_closing_a_loop_of_words_is_a_circuit():
    game, _ = replay(RACKS + [
        # ABCD across aA..dA joined with DEFGX down dA..dE: 4x5.
        "play across AB aA across, CD cA across, EF dB down, GX dD down = 20",
        # ALKJY down aA..aE: one word, 5.
        "play down LK aB down, JY aD down = 5",
        # JIHG across aD..dD closes the ring ABCD-DEFGX-JIHG-ALKJY: 4, doubled.
        "play across IH bD across = 8",
    ], RING)
    assert game.plays[ACROSS] == [20, 8]


def test_two_separate_words_add():
    # ABCD across aA..dA and EFGX down zA..zD share no cell: 4 + 4.
    game, events = replay(RACKS + ["play across AB aA across, CD cA across, EF zA down, GX zC down = 8"],
                          RING + ["efgx"])
    assert "(separate)" in events[-1] and game.plays[ACROSS] == [8]


def test_turnable_tile_laid_turned_over():
    game, events = replay(RACKS + ["play across XO aA across, TA cA across = 4"], RING)
    assert "turned over: OX as XO" in events[-1]


def test_tile_that_cannot_be_turned_over():
    e = rejection(RACKS + ["play across WO aA across, AD cA across"], RING)
    assert e.line == 3 and "no WO tile in Across's rack" in e.problem


def test_tile_from_the_opponent_must_be_marked_stolen():
    e = rejection(RACKS + ["play across IS aA across, TA cA across"], RING + ["ista"])
    assert "no IS tile in Across's rack (mark it 'stolen' to take Down's)" in e.problem
    game, _ = replay(RACKS + ["play across IS aA across stolen, TA cA across = 0"], RING + ["ista"])
    assert game.plays[ACROSS] == [4 - 4]


@pytest.mark.parametrize("play, problem", [
    ("AB mM across, CD oM across", "AB at mM across is neither against an edge nor next to a tile already placed"),
    ("AB zA across", "AB at zA across runs off the board"),
    ("AB aA across, CD aA down", "CD at aA down: aA is covered twice in this play"),
    # W over A and O over B: they touch, but the down runs are two letters long.
    ("OW aA across, AB aB across", "aA and aB touch but are not part of a down word of three or more letters"),
    ("AB aA across", "aA, bA are in no word of three or more letters"),
    ("AB aA across, CD cA across, AB aC across, AB cC across",
     "the play forms 2 across words, ABCD (aA..dA), ABAB (aC..dC); at most one across and one down"),
    ("AB aA across, AB cA across", "ABAB (aA..dA) is not in the word list"),
])
def test_placement_rules(play, problem):
    e = rejection(RACKS + ["play across " + play], RING)
    assert e.line == 3
    assert e.problem == "rejected: " + problem


def test_turns_draws_and_written_scores():
    assert "it is Across's turn" in rejection(RACKS + ["play down LK aA down"], RING).problem
    e = rejection(RACKS + ["play across AB aA across, CD cA across, EF dB down, GX dD down = 20",
                           "draw across AB AB"], RING)
    assert "Across has 8 tiles: only a player left with 6 or fewer takes more" in e.problem
    e = rejection(RACKS + ["play across AB aA across, CD cA across, EF dB down, GX dD down = 21"], RING)
    assert e.problem == "rejected: the play scores 20, not 21 as written"
    e = rejection(RACKS + ["play across AB aA sideways"], RING)
    assert "'sideways' is not a face" in e.problem and e.line == 3
    e = rejection(["rack across AB", "jump across"], RING)
    assert e.line == 2 and "not a line of a game" in e.problem


def test_across_path_doubles_the_game_and_ends_it():
    word = "ab" * 13
    tiles = ", ".join("AB %sM across" % chr(ord("a") + 2 * i) for i in range(13))
    game, events = replay(["rack across " + "AB " * 13, "rack down LK JY", "play across " + tiles], [word])
    assert game.plays[ACROSS] == [26]
    assert game.over() and game.doubled(ACROSS) and game.total(ACROSS) == 52
    assert "Across completes a path across aM..zM (26 cells): Across's game score 26 doubled to 52" in events[-1]
    e = rejection(["rack across " + "AB " * 13, "rack down LK JY", "play across " + tiles, "pass down"], [word])
    assert "the game is over" in e.problem


def ab_tiles(first, last, row, face="across"):
    """AB tiles covering `first`..`last` (column letters) of `row`, laid `face`."""
    return ", ".join("AB %s%s %s" % (chr(x), row, face) for x in range(ord(first), ord(last) + 1, 2))


def test_a_path_of_both_players_tiles_doubles_the_player_completing_it():
    # Row M: Across lays aM..lM (12), Down extends it to tM (20), Across
    # completes it to zM (26): a path across of both players' tiles.
    words = ["ab" * 6, "ab" * 10, "ab" * 13]
    game, events = replay(["rack across " + "AB " * 9, "rack down " + "AB " * 4,
                           "play across " + ab_tiles("a", "l", "M") + " = 12",
                           "play down " + ab_tiles("m", "t", "M") + " = 20",
                           "play across " + ab_tiles("u", "z", "M") + " = 26"], words)
    assert {game.owner[parse_cell(c)] for c in ("aM", "mM", "zM")} == {ACROSS, DOWN}
    assert list(game.paths) == [ACROSS] and game.over()
    assert game.total(ACROSS) == (12 + 26) * 2 == 76
    assert game.total(DOWN) == 20  # unchanged
    assert "Across completes a path across aM..zM" in events[-1]


def test_a_play_completing_the_opponents_path_ends_the_game_and_doubles_the_opponent():
    # Across lays aM..lM (12); Down completes row M to zM (26 letters, 26):
    # the path is across, so Across doubles (docs/spellsport.md: the first
    # player doubles for a path across the board) and the game ends.
    game, events = replay(["rack across " + "AB " * 6, "rack down " + "AB " * 7,
                           "play across " + ab_tiles("a", "l", "M") + " = 12",
                           "play down " + ab_tiles("m", "z", "M") + " = 26"], ["ab" * 6, "ab" * 13])
    assert list(game.paths) == [ACROSS]
    assert game.doubled(ACROSS) and not game.doubled(DOWN)
    assert (game.total(ACROSS), game.total(DOWN)) == (24, 26)
    assert "Down completes a path across aM..zM (26 cells): Across's game score 12 doubled to 24" in events[-1]
    assert "the game is over" in events[-1]
    assert "Across 24 points (doubled for the path across)" in "\n".join(spellgame.summary(game))
    e = rejection(["rack across " + "AB " * 7, "rack down " + "AB " * 7,
                   "play across " + ab_tiles("a", "l", "M"), "play down " + ab_tiles("m", "z", "M"),
                   "play across AB aA across"], ["ab" * 6, "ab" * 13])
    assert e.line == 5 and "the game is over: the board has a path across" in e.problem


def test_a_connection_through_the_top_row_is_no_path_until_it_is_only_an_offshoot():
    # Left edge to right edge through row A (any player's tiles): row L aL..jL,
    # up column j to jA, row A jA..qA, down column q to qL, row L qL..zL. It
    # touches the top row: no path, the game goes on. Filling kL..pL makes row
    # L a path; columns j and q and row A are offshoots touching the top row.
    words = ["ab" * 5,                  # aL..jL, then qL..zL
             "ab" * 5 + "b",            # jB..jL: down tiles jB..jK over jL (B)
             "ab" * 4, "a" + "ab" * 5 + "b",  # row A jA..qA; column j jA..jL
             "b" + "ab" * 5,            # qA (B) over down tiles qB..qK
             "b" + "ab" * 5 + "a",      # column q qA..qL
             "ab" * 13]                 # row L aL..zL
    lines = [
        "rack across " + "AB " * 17, "rack down " + "AB " * 10,
        "play across " + ab_tiles("a", "j", "L") + " = 10",
        "play down " + ", ".join("AB j%s down" % r for r in "BDFHJ") + " = 11",
        "play across " + ab_tiles("j", "q", "A") + " = 96",          # 8 x 12, joined at jA
        "play down " + ", ".join("AB q%s down" % r for r in "BDFHJ") + " = 11",
        "play across " + ab_tiles("q", "z", "L") + " = 120",         # 10 x 12, joined at qL
    ]
    game, _ = replay(lines, words)
    assert not game.over() and game.paths == {}
    assert find_path(ACROSS, set(game.letters) | {(x, 0) for x in range(26)}) is None  # even with all of row A
    game, _ = replay(lines + [
        "pass down",
        # kL..pL: one across word aL..zL, 26, and it closes the ring
        # row L - column j - row A - column q: a circuit, doubled.
        "play across " + ab_tiles("k", "p", "L") + " = 52",
    ], words)
    assert list(game.paths) == [ACROSS]
    assert game.paths[ACROSS] == [(x, 11) for x in range(26)]
    assert game.total(ACROSS) == (10 + 96 + 120 + 52) * 2 == 556
    assert game.total(DOWN) == 22


def test_a_play_may_complete_paths_both_ways():
    # A cross of row M and column m: a path across and a path down; each
    # player doubles for the path in their direction.
    cross = cells(["%sM" % chr(ord("a") + x) for x in range(26)] + ["m%s" % chr(ord("A") + y) for y in range(26)])
    assert sorted(completed_paths(cross)) == [ACROSS, DOWN]
    assert sorted(completed_paths(cross[:26])) == [ACROSS]
    game = SpellGame(WordList())
    game.plays = {ACROSS: [10], DOWN: [7]}
    game.paths = completed_paths(cross)
    assert (game.total(ACROSS), game.total(DOWN)) == (20, 14)


def cells(names):
    return [parse_cell(n) for n in names]


def test_paths_must_keep_off_the_other_two_sides():
    row_m = ["%sM" % chr(ord("a") + x) for x in range(26)]
    assert find_path(ACROSS, cells(row_m))
    # The same row on the top side doesn't count; an offshoot up to it does no harm.
    assert find_path(ACROSS, cells([n[0] + "A" for n in row_m])) is None
    offshoot = ["k%s" % chr(ord("A") + y) for y in range(12)]
    assert find_path(ACROSS, cells(row_m + offshoot))
    column_m = ["m%s" % chr(ord("A") + y) for y in range(26)]
    assert find_path(DOWN, cells(column_m))
    assert find_path(DOWN, cells(["a" + n[1] for n in column_m])) is None
    assert find_path(ACROSS, cells(row_m[:25])) is None


def test_board_command(capsys, tmp_path):
    from tileclock_host.cli import main
    assert main(["board", "--show", SAMPLE]) == 0
    out = capsys.readouterr().out
    assert "4x5 - 4 = 16" in out and "5x6 = 30" in out and "8x4 = 32" in out and "4x6 - 4 = 20" in out
    assert "Across 48 points" in out and "Down   50 points" in out
    assert " M W O A D" in out  # row M of the board picture
    bad = tmp_path / "bad.txt"
    bad.write_text("rack across AD\nrack down ET\nplay across AD aM acros\n")
    assert main(["board", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.strip() == "tileclock: %s, line 3: 'acros' is not a face: across or down" % bad
    assert main(["board", str(tmp_path / "none.txt")]) == 1
    assert "none.txt" in capsys.readouterr().err
