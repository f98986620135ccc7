# Word lists: the default list, lists by path, hyphens and case.
import pytest

from tileclock_host.cli import main
from tileclock_host.referee import InputError, wordlist


def test_any_list_by_path(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("# my list\nWell-Being\nvocal\n  gopher  \nit's\ncafé\n\n")
    words = wordlist.load([str(path)])
    assert "wellbeing" in words and "WELLBEING" in words and "well-being" in words
    assert "Vocal" in words and "gopher" in words
    assert "woad" not in words  # only this list
    assert len(words) == 3 and words.skipped == 2  # it's and café can't be spelt with tiles


def test_lists_combine(tmp_path):
    one, two = tmp_path / "one.txt", tmp_path / "two.txt"
    one.write_text("alpha\n")
    two.write_text("beta\n")
    words = wordlist.load([str(one), str(two)])
    assert "alpha" in words and "beta" in words


def test_default_list_has_common_words_and_no_proper_nouns():
    words = wordlist.load()
    assert len(words) > 200000
    for word in ("woad", "duvet", "box", "jam", "met", "take", "two", "tock", "at"):
        assert word in words
    assert "bax" not in words
    assert "london" not in words  # SCOWL keeps proper names in lists of their own; they are left out


def test_default_list_has_the_words_of_word_games():
    # data/README.md: inflected forms, the two-letter words players use, the
    # three-letter ones SCOWL files as abbreviations, accents dropped.
    words = wordlist.load()
    for word in ("tiles", "played", "quickest", "colour", "color", "qi", "za", "xi", "aa", "et", "qat",
                 "max", "rad", "elan", "naive", "cwm"):
        assert word in words, word
    # SCOWL's other two-letter entries (a letter's plural, a unit symbol) and
    # abbreviations it lists among words are not words in a game.
    for entry in ("bs", "lm", "kb", "csc", "hhd", "mph", "etc", "a", "i", "x"):
        assert entry not in words, entry
    assert sum(1 for w in words.words if len(w) == 2) == 107


def test_bad_word_files_name_the_file(tmp_path):
    with pytest.raises(InputError) as e:
        wordlist.load([str(tmp_path / "nope.txt")])
    assert "nope.txt" in str(e.value)
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"one\ntwo\ncaf\xe9\n")
    with pytest.raises(InputError) as e:
        wordlist.load([str(bad)])
    assert e.value.line == 3 and "not UTF-8" in str(e.value)


def test_words_command(capsys, tmp_path):
    assert main(["words", "WOAD", "gopher"]) == 0
    assert main(["words", "qzxv"]) == 1
    assert "qzxv NOT IN THE LIST" in capsys.readouterr().out
    assert main(["words", "--words", str(tmp_path / "missing.txt"), "woad"]) == 1
    assert "missing.txt" in capsys.readouterr().err
