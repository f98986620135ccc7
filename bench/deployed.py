# What the benches of the deployed firmware share (mpy_season.py,
# mpy_boot.py, mpy_tour.py): the folder of .mpy files tileclock_host.bench
# compiled with mpy-cross, given as --mpy DIR.
import sys


def mpy_dir(bench):
    """DIR of `--mpy DIR`, or exit with the bench's usage."""
    if "--mpy" not in sys.argv or sys.argv.index("--mpy") + 1 >= len(sys.argv):
        print("usage: micropython bench/%s --mpy DIR (the .mpy files of tileclock deploy)" % bench)
        sys.exit(2)
    return sys.argv[sys.argv.index("--mpy") + 1]
