# Entry point of the scripted simulator on the MicroPython unix port:
#     micropython -X heapsize=206wK host_tools/tileclock_host/sim/mpy_main.py SCRIPT OUT
# (what `tileclock sim --script FILE --out DIR --micropython` runs). Frames
# are written raw; the host turns them into PNG afterwards.
import sys

_here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
_root = _here + "/../../.."
sys.path.insert(0, _root + "/host_tools")
sys.path.insert(0, _root + "/firmware")

from tileclock_host.sim.script import main  # noqa: E402

sys.exit(main(sys.argv[1:]))
