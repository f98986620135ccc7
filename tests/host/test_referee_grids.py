# Speed Scrabble and Word-Sport crosswords, scored by hand with the English
# Scrabble letter values (J8 M3 B3 C3 K5 X8 H4 W4 V4 P3 G2 D2 Q10, others 1).
import os

import pytest

from tileclock_host.cli import main
from tileclock_host.referee import InputError, grids, wordlist
from tileclock_host.games.wordsport import crossword as wordsport

DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "referee")


@pytest.fixture(scope="module")
def words():
    return wordlist.load()


def check(text, words):
    return grids.check("grid.txt", text.splitlines(), words)


def test_take_two_example(words):
    # docs/speedscrabble.md's example: JAM across, MET down from its M, AT across to MET's T.
    with open(os.path.join(DATA, "speed_take_two.txt")) as f:
        result = grids.check("speed_take_two.txt", f.read().splitlines(), words)
    assert sorted(w.letters for w in result.words) == ["AT", "JAM", "MET"]
    # JAM 8+1+3, MET 3+1+1, AT 1+1.
    assert result.score() == 12 + 5 + 2 == 19
    assert result.one_grid() and not result.bad_words


def test_blank_marked_o_reads_tock_and_box(words):
    result = check(".B..\nToCK\n.X..", words)
    # TOCK 1+0+3+5, BOX 3+0+8: the blank scores nothing.
    assert result.score() == 9 + 11 == 20


def test_unknown_blank_is_found(words):
    result = check(".B..\nT?CK\n.X..", words)
    assert list(result.blanks.values()) == ["O"]
    assert result.score() == 20


def test_blank_cannot_be_a_in_tack_and_o_in_box(words):
    # Marked as A it reads TACK but BAX: B and X are in no good word and are
    # taken out; the blank stays in TACK. TACK 1+0+3+5, -(3+8).
    result = check(".B..\nTaCK\n.X..", words)
    assert [w.letters for w in result.bad_words] == ["BAX"]
    assert sorted(t.letter for t in result.taken_out) == ["B", "X"]
    assert result.score() == 9 - 11 == -2
    assert not result.one_grid()


def test_a_bad_word_keeps_the_letters_it_shares_with_good_words(words):
    # MEX (not a word) down from JAM's M: E and X are taken out, M stays and
    # JAM still scores. JAM 8+1+3, -(1+8).
    result = check("JAM\n..E\n..X", words)
    assert [w.letters for w in result.bad_words] == ["MEX"]
    assert sorted(t.letter for t in result.taken_out) == ["E", "X"]
    assert [w.letters for w in result.scored_words] == ["JAM"]
    assert result.score() == 12 - 9 == 3


def test_what_is_left_of_a_bad_word_is_checked_again(words):
    # ATX across is bad; its A is in AM, its T in AT (down): only X is taken
    # out. What is left, AT across, is a good word and scores.
    # AM 1+3, AT down 1+1, AT across 1+1, -X 8.
    result = check(".A.\nATX\nM..", words)
    assert [w.letters for w in result.bad_words] == ["ATX"]
    assert [t.letter for t in result.taken_out] == ["X"]
    assert [(w.letters, w.direction) for w in result.new_runs] == [("AT", "across")]
    assert sorted(w.letters for w in result.scored_words) == ["AM", "AT", "AT"]
    assert result.score() == 4 + 2 + 2 - 8 == 0


def test_a_bad_word_made_only_of_letters_of_good_words_stays_unscored(words):
    # IF and TO across, IT down are good; FO down is not, but F is in IF and
    # O in TO: nothing is taken out and FO scores nothing. IF 1+4, TO 1+1, IT 1+1.
    # (This example was ME/AT with ET down, until the default list took in the
    # word games' two-letter words: ET, past tense of eat, is one of them.)
    assert "et" in words and "fo" not in words
    result = check("IF\nTO", words)
    assert [w.letters for w in result.bad_words] == ["FO"]
    assert result.taken_out == []
    assert sorted(w.letters for w in result.scored_words) == ["IF", "IT", "TO"]
    assert result.score() == 5 + 2 + 2 == 9
    assert not result.one_grid()  # still a problem: FO is not in the list


def test_unused_tiles_and_the_long_word_bonus(words):
    # VOCALIST 4+1+3+1+1+1+1+1 = 13, +10 for eight letters; TOSH 1+1+1+4 = 7;
    # unused Z (10) and E (1).
    result = check("VOCALIST\n.......O\n.......S\n.......H\nunused: Z E", words)
    assert result.score() == 13 + 10 + 7 - 11 == 19
    assert [w.letters for w in result.long_words] == ["VOCALIST"]
    assert wordsport.bonus(result) == 5 + 5  # a seven-letter word, and one grid


def test_word_sport_grids_and_stray_words(words):
    with open(os.path.join(DATA, "wordsport_grids.txt")) as f:
        result = grids.check("wordsport_grids.txt", f.read().splitlines(), words)
    kinds = [(kind, sorted(w.letters for w in ws)) for kind, ws, _ in result.groups_described()]
    assert kinds == [("grid", ["TOSH", "VOCALIST"]), ("grid", ["GOPHER", "HIGH"]), ("stray word", ["WOAD"])]
    # VOCALIST 13 + TOSH 7 + GOPHER 2+1+3+4+1+1 + HIGH 4+1+2+4 + WOAD 4+1+1+2,
    # +10 for VOCALIST, -10 for the unused Q (the unused blank is 0).
    assert result.score() == 13 + 7 + 12 + 11 + 8 + 10 - 10 == 51
    assert not result.one_grid()
    assert wordsport.bonus(result) == 5


def test_bad_input_names_file_and_line(words):
    with pytest.raises(InputError) as e:
        check("JAM\nE*T", words)
    assert (e.value.line, str(e.value)) == (2, "grid.txt, line 2: '*' at column 2: a grid has letters, '?', '.' and spaces")
    with pytest.raises(InputError):
        check("# nothing\n\n", words)


def test_grid_command(capsys, tmp_path):
    assert main(["grid", os.path.join(DATA, "speed_take_two.txt")]) == 0
    assert "Speed Scrabble score: 19" in capsys.readouterr().out
    two = tmp_path / "two.txt"
    two.write_text("JAM\n\nAT\n")
    assert main(["grid", str(two)]) == 1
    assert "not one connected grid: 2 groups of tiles" in capsys.readouterr().out
    atx = tmp_path / "atx.txt"
    atx.write_text(".A.\nATX\nM..\n")
    assert main(["grid", str(atx)]) == 1
    out = capsys.readouterr().out
    assert "left after taking letters out: AT (across, row 2, columns 1-2)   2" in out
    assert "unused or taken out: X (-8)" in out and "Speed Scrabble score: 0" in out
    assert main(["grid", str(tmp_path / "missing.txt")]) == 1
    assert "missing.txt" in capsys.readouterr().err


def test_word_sport_counts_three_seven_letter_words_at_most(words):
    # "up to fifteen points for three seven letter words": four count as
    # three, as the device's entry allows (games/wordsport/rules.MAX_SEVENS)
    four = ["MACHINE", "KITCHEN", "TEACHER", "CHICKEN"]
    assert all(w in words for w in four)
    result = check("\n\n".join(four), words)
    assert len(result.long_words) == 4 and wordsport.sevens(result) == 3
    assert wordsport.bonus(result) == 15       # four stray words: not one grid
    assert wordsport.bonus(check("\n\n".join(four[:2]), words)) == 10
