# Make firmware/, host_tools/ and the plain-assert helpers importable without
# an install, so `pytest` works from a bare checkout too.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for sub in ("firmware", "host_tools", os.path.join("tests", "firmware")):
    path = os.path.join(ROOT, sub)
    if path not in sys.path:
        sys.path.insert(0, path)
