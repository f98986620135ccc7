# Rebuild the box from the parameters in enclosure.py, check it, and write
# the STL files, the picture, the drilling template and build.json:
#   make enclosure
#   .venv/bin/python hardware/enclosure/build.py --seats 8 --display sh1106 --battery none --out /tmp/box
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import checks  # noqa: E402
import enclosure as enc  # noqa: E402
import outputs  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description="build and check the tileclock box")
    ap.add_argument("--seats", type=int, default=enc.SEATS)
    ap.add_argument("--display", default=enc.DISPLAY, choices=sorted(enc.DISPLAYS))
    ap.add_argument("--buttons", default=enc.BUTTONS, choices=("cable", "lid"))
    ap.add_argument("--button", default=enc.BUTTON, choices=sorted(enc.BUTTON_PARTS))
    ap.add_argument("--battery", default=enc.BATTERY, choices=("3xAA", "none"))
    ap.add_argument("--switch", default=enc.SWITCH, choices=("slide", "none"),
                    help="a slide switch in the cells' lead, in the left wall (default slide; none without cells)")
    ap.add_argument("--out", default=HERE, help="where to write (default: next to this file, the committed set)")
    a = ap.parse_args(argv)
    p = enc.params_with(seats=a.seats, display=a.display, buttons=a.buttons, button=a.button, battery=a.battery,
                        switch=a.switch)
    r = enc.build(p)
    figures, failures = checks.check_all(r)
    for line in checks.report(figures):
        print(line)
    stamp = outputs.write_all(r, a.out, figures)
    print("wrote %s (%s)" % (", ".join(sorted(os.listdir(a.out))) if a.out != HERE else "hardware/enclosure/", stamp))
    if failures:
        print("FAILED: %s" % ", ".join(k for k, _ in failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
