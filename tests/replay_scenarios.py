# Replays every action script in tests/scenarios/ and prints, for each,
#     == NAME
#     <the score sheet as one line of JSON, or ERROR: message>
# Runs on CPython and MicroPython alike; tests/host/test_same_on_both.py
# compares the two outputs.
import json
import os
import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../firmware")

from tileclock.script import ScriptError, load  # noqa: E402


def main():
    folder = HERE + "/scenarios"
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".txt"):
            continue
        print("==", name)
        with open(folder + "/" + name) as f:
            lines = f.read().split("\n")
        try:
            game = load(lines)
            print(json.dumps(game.sheet()))
        except ScriptError as e:
            print("ERROR:", str(e))


main()
