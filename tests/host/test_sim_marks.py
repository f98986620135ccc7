# The simulator keeps time as the device does: while a game's clock runs, a
# time mark reaches the journal every 5 s (the device polls every 10 ms; the
# simulator sleeps to the app's next deadline, which names the mark's), so a
# reboot loses at most those 5 s; and the summary counts every failed pass
# of every boot of the script.
import os

from tileclock_host.sim.script import Runner, parse  # first: it puts framebuf's stand-in in place

from tileclock.app import App
from tileclock.store.journal import Journal, read_journal
from tileclock.ticks import ticks_diff

MARK_MS = App.mark_ms


def _run(tmp_path, text):
    flash = str(tmp_path / "flash")
    os.makedirs(flash)
    runner = Runner(parse(text.split("\n")), fs_root=flash)
    runner.run()
    summary = runner.finish()
    return runner, summary, flash


def test_marks_come_every_five_seconds_while_the_clock_runs(tmp_path, monkeypatch):
    # a round's clock left to run for two minutes with nobody pressing, the
    # game's menu open for the second (a screen with no second to show); every
    # record the journal writes, as it writes it (snapshots take the
    # segments away)
    written = []
    write = Journal._write

    def noting(self, text, game, mark=None):
        written.append(text)
        return write(self, text, game, mark)

    monkeypatch.setattr(Journal, "_write", noting)
    _runner, summary, flash = _run(tmp_path, "seats 4\nset game wordsport\n"
                                             "0.5 press 2\n+1 press 3\n+60 menu 2\n"
                                             "+3 expect screen WsMenu\n+57 expect phase play\n")
    assert summary["errors"] == 0 and summary["failures"] == [], summary
    assert written[0].split()[1] == "start", written     # the round's clock runs from here
    times = [int(text.split()[0].lstrip("@")) for text in written]
    # never more than MARK_MS between two writes of the journal
    gaps = [ticks_diff(b, a) for a, b in zip(times, times[1:])]
    assert len(gaps) >= 120000 // MARK_MS - 1, gaps
    assert max(gaps) <= MARK_MS, gaps
    kind, _lines, problems = read_journal(os.path.join(flash, "journal"))
    assert kind == "wordsport" and problems == []


def test_a_reboot_loses_at_most_the_time_since_the_last_mark(tmp_path):
    # GO, then the power goes at 37.3 s of the clock: it comes back paused
    # at 35 s (the mark before), never earlier
    runner, summary, _flash = _run(tmp_path, "seats 4\nset game wordsport\n0.5 press 2\n+1 press 3\n"
                                             "+37.3 reboot\n+1 expect phase play\n")
    assert runner.app.game.paused
    shown = runner.app.game.clock_ms(runner.app.now())
    assert 37300 - MARK_MS <= shown <= 37300, shown


def test_the_summary_counts_the_failed_passes_of_every_boot(tmp_path, monkeypatch):
    # the home screen's drawing fails on the first passes of the first boot
    # (the app survives: safe_step), then the script reboots
    from tileclock.ui import home
    failing = {"left": 3}
    draw = home.Home.draw

    def broken(self, fb, now):
        if failing["left"]:
            failing["left"] -= 1
            raise ValueError("a screen's bug")
        return draw(self, fb, now)

    monkeypatch.setattr(home.Home, "draw", broken)
    runner, summary, _flash = _run(tmp_path, "seats 4\n1 reboot\n+1 expect phase none\n")
    assert runner.app.errors == 0           # the boot after the reboot failed nothing
    assert summary["errors"] == 3, summary
    assert summary["passes"] > runner.app.passes
