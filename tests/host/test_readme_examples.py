# Every host command the README shows (and those of docs/scores.md's code
# blocks: its prose names commands in passing) runs as written on samples/: a copy of it in a temporary
# folder is the working folder, so the files they write land there and the
# score book is a file of its own. Those that need a terminal, a board or
# the checkout's own package.json are listed in NOT_RUN, with why; an
# example that is neither run nor listed fails the test.
import os
import re
import shlex
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLES = os.path.join(ROOT, "samples")
PAGES = (("README.md", True), (os.path.join("docs", "scores.md"), False))   # (page, inline code too)

NOT_RUN = {
    "tileclock sim": "reads keys from a terminal",
    "tileclock deploy": "copies the firmware to a board",
    "tileclock pull --to scores/": "copies from a board",
    "tileclock package": "rewrites the checkout's package.json (tests/host/test_mip.py checks it)",
}
COMMAND = re.compile(r"^(tileclock|python -m tileclock_host)\s")


def examples(page, inline=True):
    """The commands of `page`, in order: lines of code blocks (and with
    `inline`, inline code) that start with `tileclock ` or `python -m
    tileclock_host `, without a trailing # comment."""
    with open(os.path.join(ROOT, page), encoding="utf-8") as f:
        text = f.read()
    found = []
    for n, block in enumerate(re.split(r"^```.*$", text, flags=re.M)):
        candidates = []
        if n % 2:   # inside a code block
            candidates = block.splitlines()
        elif inline:
            candidates = re.findall(r"`([^`\n]+)`", block)
        for line in candidates:
            line = line.split(" #")[0].strip()
            if COMMAND.match(line):
                found.append(line)
    return found


def argv(example):
    words = shlex.split(example)
    if words[0] == "tileclock":
        words = words[1:]
    else:
        words = words[3:]   # python -m tileclock_host
    return [sys.executable, "-m", "tileclock_host"] + words


def test_the_pages_have_examples_on_the_samples():
    readme = examples("README.md")
    assert "tileclock sheet samples/scores/ -o tonight.pdf" in readme
    assert "python -m tileclock_host replay samples/wordsport.txt" in readme
    assert set(NOT_RUN) <= set(readme), set(NOT_RUN) - set(readme)   # the list is kept up to date
    assert os.path.isdir(os.path.join(SAMPLES, "scores"))


def _run_here(words):
    """tileclock_host's command line in this process (what `python -m
    tileclock_host WORDS` runs, without a new interpreter's start-up for
    each example): (exit code, what it said)."""
    import contextlib
    import io
    from tileclock_host.cli import main
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            code = main(words)
        except SystemExit as e:         # argparse's own exits
            code = e.code if isinstance(e.code, int) else 1
    return code, out.getvalue()


def test_every_example_runs_on_a_copy_of_the_samples(tmp_path, monkeypatch):
    shutil.copytree(SAMPLES, str(tmp_path / "samples"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TILECLOCK_BOOK", str(tmp_path / "book.sqlite"))
    monkeypatch.setenv("HOME", str(tmp_path))
    ran = []
    for page, inline in PAGES:
        for example in examples(page, inline):
            if example in NOT_RUN:
                continue
            if not ran:
                # the first as written, in a process of its own: the entry point works
                done = subprocess.run(argv(example), cwd=str(tmp_path), env=dict(os.environ),
                                      capture_output=True, text=True, timeout=300)
                code, said = done.returncode, done.stdout + done.stderr
            else:
                code, said = _run_here(argv(example)[3:])
            assert code == 0, "%s: %s\n%s" % (page, example, said[-2000:])
            assert "Traceback" not in said, "%s: %s\n%s" % (page, example, said[-2000:])
            ran.append(example)
    assert len(ran) >= 15, ran
    # What they wrote is there, and said so.
    for name in ("tonight.pdf", "tonight.csv", "tiles.pdf", "labels.pdf", "book.sqlite", "club.t"):
        assert (tmp_path / name).stat().st_size > 0, name
    # The samples themselves are read, never changed.
    for folder, _dirs, names in os.walk(SAMPLES):
        for name in names:
            here = os.path.join(folder, name)
            copy = os.path.join(str(tmp_path / "samples"), os.path.relpath(here, SAMPLES))
            with open(here, "rb") as a, open(copy, "rb") as b:
                assert a.read() == b.read(), here


def test_each_game_has_a_journal_pulled_from_the_simulator():
    from tileclock_host.scores.evening import load_file
    evenings = load_file(os.path.join(SAMPLES, "scores"))
    assert sorted(e.kind for e in evenings) == ["boardclock", "speedscrabble", "spellsport", "tilerush", "wordsport"]
    for evening in evenings:
        assert not evening.problems, evening.problems
        assert evening.sheet["rounds"], evening.kind          # a round or more was played to the end
        # The script beside it is the same evening, action for action.
        (script,) = load_file(os.path.join(SAMPLES, evening.kind + ".txt"))
        assert script.identity == evening.identity
