# The page's test hook: a sim script (docs/simulator.md) run at virtual time
# by the simulator's own runner (tileclock_host.sim.script) on its SimBoard,
# each shot's frame handed to `draw(name, hex)` (page.js draws it on the
# canvas and reads the canvas back). The live device on the page is left as
# it is: the runner has a board and flash folder of its own.
import json

from tileclock_host.sim.script import Runner, SimScriptError, parse
from tileclock_web.page import hex_of

_OUT = "/sim-out"


def run(text, draw):
    """JSON {summary, sheet, error}: the runner's summary and the evening's
    sheet, or the script's error."""
    try:
        script = parse(text.split("\n"))
    except SimScriptError as e:
        return json.dumps({"error": str(e)})

    def save(frame, path, contrast=255):
        name = path.rsplit("/", 1)[-1]
        draw(name[:-4] if name.endswith(".png") else name, hex_of(frame, bytearray(2 * len(frame))))

    runner = Runner(script, _OUT + "/run", save_png=save)
    summary = runner.run()
    return json.dumps({"summary": summary, "sheet": runner.sheet()})
