# `make bench` inside the test suite: every bench in bench/ at its quick scale
# (tileclock_host.bench --quick), each figure within its budget
# (bench/budgets.py), every budget checked by some bench, and a budget made
# impossible on purpose failing the run, so that no bench passes by checking
# nothing. Split by bench so that pytest-xdist spreads them.
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import budgets  # noqa: E402

# A bench's bound is for one that hangs: the tour's nine layouts are about
# 150 s of CPU, and with the machine loaded 15 deep on two cores they took
# more than 600 s.
BENCH_BOUND = 3600

BUDGET_LINE = re.compile(r"^budget (\S+) +(-?\d+) (<=|>=) (-?\d+) +(ok|OVER BUDGET|UNDER BUDGET)$")

# Which test runs which bench, and the budgets (by name prefix) it checks.
GROUPS = {
    "app_sources": (["--firmware", "py", "mpy_app.py"], ("app.display", "app.longest",
                                                         "app.alloc", "app.locked")),
    "app_deployed": (["--firmware", "mpy", "mpy_app.py"], ("app.",)),
    "engines": (["mpy_display.py", "mpy_engine_boardclock.py", "mpy_engine_speedscrabble.py",
                 "mpy_engine_tilerush.py", "mpy_engine_wordsport.py"], ("engine.", "display.")),
    "journal": (["mpy_journal.py"], ()),
    "boot": (["mpy_boot.py"], ("boot.",)),
    "tour": (["mpy_tour.py"], ("tour.",)),
    "resume": (["mpy_resume.py"], ("resume.",)),
    "season": (["mpy_season.py"], ("season.",)),
    "power": (["host_power.py"], ("power.",)),
    "pico": (["host_pico.py"], ("pico.",)),
}


def run_bench(tmp_path, args, budgets_env=None):
    env = dict(os.environ)
    env["TMPDIR"] = str(tmp_path)       # the benches' own files, removed with the test's folder
    env["PYTHONPATH"] = os.pathsep.join([os.path.join(ROOT, "host_tools"), os.path.join(ROOT, "firmware")]
                                        + [p for p in [env.get("PYTHONPATH")] if p])
    env.pop("TILECLOCK_BUDGETS", None)
    if budgets_env is not None:
        env["TILECLOCK_BUDGETS"] = budgets_env
    result = subprocess.run([sys.executable, "-m", "tileclock_host.bench", "--quick"] + args,
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=BENCH_BOUND)
    print(result.stdout[-6000:], result.stderr[-3000:])
    return result


def checked(stdout):
    """[(name, figure, budget, ok)] of the `budget` lines a run printed."""
    out = []
    for line in stdout.splitlines():
        m = BUDGET_LINE.match(line.strip())
        if m:
            # (a floor's figure and budget swapped: then, too, figure <= budget)
            low, high = (int(m.group(2)), int(m.group(4)))[::1 if m.group(3) == "<=" else -1]
            out.append((m.group(1), low, high, m.group(5) == "ok"))
    return out


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_every_bench_keeps_its_budgets(tmp_path, group):
    args, prefixes = GROUPS[group]
    result = run_bench(tmp_path, args)
    figures = checked(result.stdout)
    over = [f for f in figures if not f[3] or f[1] > f[2]]
    assert not over, "over budget: %s" % over
    assert result.returncode == 0
    assert "!!" not in result.stdout and "Traceback" not in result.stdout + result.stderr
    assert result.stdout.rstrip().endswith("every figure within its budget (bench/budgets.py)")
    for name in args:
        if name.endswith(".py"):
            assert "== " + name in result.stdout, "%s did not run" % name
    names = set(f[0] for f in figures)
    wanted = [n for n in budgets.every_budget() if n.startswith(prefixes)] if prefixes else []
    assert not [n for n in wanted if n not in names], "budgets no bench checked"
    assert not os.listdir(tmp_path), "a bench left files behind"


def test_every_bench_and_every_budget_is_in_a_test():
    benches = sorted(n for n in os.listdir(os.path.join(ROOT, "bench"))
                     if (n.startswith("mpy_") or n.startswith("host_")) and n.endswith(".py"))
    tested = sorted(set(a for args, _ in GROUPS.values() for a in args if a.endswith(".py")))
    assert benches == tested
    prefixes = tuple(p for _, group in GROUPS.values() for p in group)
    assert [n for n in budgets.every_budget() if not n.startswith(prefixes)] == []


@pytest.mark.parametrize("bench, name", [
    ("mpy_display.py", "display.digit_bytes"),
    ("mpy_resume.py", "resume.largest_alloc"),
    ("mpy_season.py", "season.journal_files"),
    ("mpy_boot.py", "boot.modules"),
])
def test_a_broken_budget_fails_the_bench(tmp_path, bench, name):
    result = run_bench(tmp_path, [bench], "%s=1" % name)
    assert result.returncode == 1
    over = [f for f in checked(result.stdout) if not f[3]]
    assert over and set(f[0] for f in over) == {name}
    assert all(f[2] == 1 and f[1] > 1 for f in over)
    assert "over budget: " + name in result.stdout
    assert "make bench: 1 failed (over budget or crashed): " + bench in result.stdout


APP_FIGURE = re.compile(r"^  (data|code|unloaded qstrs|total) +(\d+) bytes")


def _copy_checkout(where):
    # what the app bench reads: its scripts, the firmware, the host tools, the sim scripts
    import shutil
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
    for name in ("bench", "firmware", "host_tools", os.path.join("tests", "sim")):
        shutil.copytree(os.path.join(ROOT, name), os.path.join(where, name), ignore=ignore)
    return where


def test_app_figures_do_not_depend_on_the_checkout_folder(tmp_path):
    # Two checkouts at paths 60 characters apart, each with a TMPDIR of its
    # own length: every app figure of the deployed .mpy files is the same
    # byte for byte (they moved by hundreds of bytes before the benches ran
    # in a folder of their own: tileclock_host.bench).
    short = _copy_checkout(str(tmp_path / "a"))
    long = _copy_checkout(str(tmp_path / ("b" * 60) / "checkout"))
    figures = []
    for root in (short, long):
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([os.path.join(root, "host_tools"), os.path.join(root, "firmware")])
        env["TMPDIR"] = root
        env.pop("TILECLOCK_BUDGETS", None)
        result = subprocess.run([sys.executable, "-m", "tileclock_host.bench", "--game", "speedscrabble",
                                 "--firmware", "mpy", "mpy_app.py"],
                                cwd=root, env=env, capture_output=True, text=True, timeout=BENCH_BOUND)
        print(result.stdout[-3000:], result.stderr[-3000:])
        assert result.returncode == 0
        assert "firmware from rp2040 (.mpy)" in result.stdout     # the bench's own folder, not the checkout
        found = [m.groups() for m in map(APP_FIGURE.match, result.stdout.splitlines()) if m]
        assert [name for name, _ in found] == ["data", "code", "unloaded qstrs", "total"]
        figures.append(found + [f[:2] for f in checked(result.stdout)])
    assert figures[0] == figures[1]
