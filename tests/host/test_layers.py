# The layers of the firmware (docs/architecture.md, "The layers"), checked on
# the code: every import in firmware/, at the top of a module or inside a
# function, must point along an arrow the architecture allows. A new import
# against the layers fails here with the file, the line and the rule.
import ast
import re
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")

NEUTRAL = ("tileclock.ticks", "tileclock.cues", "tileclock.events", "tileclock.sounds", "tileclock.modules",
           "tileclock")


def layer(module):
    """The layer of a firmware module, and its game for a game's module."""
    if module in NEUTRAL:
        return ("neutral", None)
    if module in ("main", "manifest"):
        return ("main", None)
    if module == "board_config":
        return ("config", None)
    if module == "tileclock.games":
        return ("registry", None)
    if module.startswith("tileclock.games."):
        parts = module.split(".")
        kind = parts[2]
        if len(parts) == 3:
            return ("package", kind)
        if parts[3] in ("ready", "play", "entry"):     # a phase's screens, apart (modules.SCREEN_PARTS)
            return ("phase", kind)
        if parts[3] in ("spec", "screens", "menu", "sheet"):
            return (parts[3], kind)
        return ("rules", kind)
    for name in ("engine", "ui", "hal", "store"):
        if module == "tileclock." + name or module.startswith("tileclock.%s." % name):
            return (name, None)
    if module == "tileclock.script":
        return ("script", None)
    if module == "tileclock.app":
        return ("app", None)
    if module in ("tileclock.keeper", "tileclock.players", "tileclock.rest", "tileclock.start", "tileclock.settings"):
        return (module[len("tileclock."):], None)
    return ("other", None)


# What each layer may import (its own game's modules only, for a game's).
ALLOWED = {
    "neutral": {"neutral"},
    "config": set(),
    "engine": {"neutral", "engine"},
    "rules": {"neutral", "engine", "rules", "package"},
    "spec": {"neutral", "rules", "screens", "menu", "package"},
    "screens": {"neutral", "engine", "ui", "rules", "package"},
    # a phase's screens (ready.py, play.py, entry.py): what its game's
    # screens.py shares (Spell Sport's score line), never another phase's
    # module, which the app unloads while this one shows (a second copy of
    # its classes when it is read again)
    "phase": {"neutral", "engine", "ui", "rules", "screens", "package"},
    "menu": {"neutral", "engine", "ui", "rules", "package"},
    "sheet": {"neutral", "engine", "ui", "rules", "package"},
    "package": set(),
    "registry": {"neutral", "spec", "package"},
    "script": {"neutral", "engine", "registry"},
    "store": {"neutral", "engine", "store", "script"},
    "ui": {"neutral", "engine", "ui", "registry", "players", "settings"},
    "hal": {"neutral", "hal", "config"},
    # the keeper (the game and its journal, given the journal; at boot it
    # has the store's recovery read it back) and the players' names (rules
    # of the settings, which the Names screens and the menus' Join use
    # too): above the engine, no screen nor board
    "keeper": {"neutral", "engine", "store"},
    "players": {"neutral", "engine"},
    "rest": {"neutral"},        # when the box rests: the app's state, the display
    "start": {"neutral", "settings"},   # power-on (the settings read) and a pass that raised
    "settings": {"neutral", "store", "players"},    # the settings in RAM: read, chosen, named, saved
    "app": {"neutral", "engine", "registry", "ui", "store", "keeper", "players", "rest", "start", "settings"},
    "main": {"neutral", "hal", "app", "store", "config"},
}
OUTSIDE = ("micropython", "machine", "framebuf", "gc", "sys", "os", "time", "json", "struct", "binascii",
           "math", "random", "traceback", "io", "errno")
# MicroPython's modules that reach the hardware, the clock, the pixels or
# the files, and the layers that may use them: the rules never read a clock
# nor touch a pin (the engine is given the time), only hal/ has the chip,
# and a picture is drawn by what draws. The others are plain language.
OUTSIDE_ONLY_IN = {
    "machine": {"hal"},
    "time": {"hal"},
    "framebuf": {"hal", "ui", "screens", "menu"},
    "os": {"hal", "store"},
}


def _modules():
    for folder, _dirs, files in os.walk(FIRMWARE):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, FIRMWARE)[:-3].replace(os.sep, ".")
                if rel.endswith(".__init__"):
                    rel = rel[:-len(".__init__")]
                yield rel, path


def _imports(path):
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.lineno, node.module
            for alias in node.names:
                # `from tileclock.games.wordsport import rules` names a module
                full = node.module + "." + alias.name
                if os.path.exists(os.path.join(FIRMWARE, *full.split(".")) + ".py"):
                    yield node.lineno, full


def _problems():
    problems = []
    for module, path in _modules():
        mine, my_game = layer(module)
        for lineno, target in _imports(path):
            where = "%s:%d imports %s" % (os.path.relpath(path, ROOT), lineno, target)
            top = target.split(".")[0]
            if top in OUTSIDE:
                if top in OUTSIDE_ONLY_IN and mine not in OUTSIDE_ONLY_IN[top]:
                    problems.append(where + ": only %s may use %s" % (" and ".join(sorted(OUTSIDE_ONLY_IN[top])), top))
                continue
            theirs, their_game = layer(target)
            if theirs == "other" or mine == "other":
                problems.append(where + ": a module of no layer")
            elif theirs not in ALLOWED[mine]:
                problems.append(where + ": %s must not import %s" % (mine, theirs))
            elif my_game is not None and their_game is not None and their_game != my_game:
                problems.append(where + ": one game imports another")
    return problems


def test_every_import_in_the_firmware_follows_the_layers():
    assert _problems() == []


def test_the_check_catches_an_import_against_the_layers(tmp_path, monkeypatch):
    # a screen that imports the app, and one game's screens another game
    assert layer("tileclock.games.wordsport.screens") == ("screens", "wordsport")
    assert "app" not in ALLOWED["screens"] and "hal" not in ALLOWED["ui"]
    bad = tmp_path / "tileclock" / "games" / "wordsport"
    bad.mkdir(parents=True)
    (bad / "screens.py").write_text("from tileclock.app import App\n"
                                    "from tileclock.games.speedscrabble import rules\n")
    (tmp_path / "tileclock" / "games" / "speedscrabble").mkdir()
    (tmp_path / "tileclock" / "games" / "speedscrabble" / "rules.py").write_text("")
    (bad / "play.py").write_text("from tileclock.games.wordsport.screens import screen_for\n"
                                 "from tileclock.games.wordsport.entry import WsEntry\n")
    (bad / "entry.py").write_text("")
    monkeypatch.setattr(__import__(__name__), "FIRMWARE", str(tmp_path))
    found = _problems()
    assert any(p.endswith("screens.py:1 imports tileclock.app: screens must not import app") for p in found)
    assert any(":2 imports tileclock.games.speedscrabble.rules: one game imports another" in p for p in found)
    assert any(p.endswith("play.py:2 imports tileclock.games.wordsport.entry: phase must not import phase")
               for p in found), found
    assert len([p for p in found if "play.py" in p]) == 1, found    # (its screens.py import is allowed)
    assert all(":1 " in p or ":2 " in p for p in found), found


def test_no_test_stand_in_is_in_the_firmware():
    # what only tests and the simulator use lives in host_tools/, so deploy
    # never copies it and manifest.py never freezes it
    names = {os.path.basename(path) for _module, path in _modules()}
    assert not names & {"fsmodel.py", "panel.py", "simboard.py"}


def test_the_check_catches_the_rules_reaching_the_chip_or_the_clock(tmp_path, monkeypatch):
    # engine/pool.py given a pin and the chip's clock, a screen a file
    engine = tmp_path / "tileclock" / "engine"
    engine.mkdir(parents=True)
    (engine / "pool.py").write_text("import machine\nimport time\n\n\ndef now():\n"
                                    "    return time.ticks_ms()\n")
    ui = tmp_path / "tileclock" / "ui"
    ui.mkdir()
    (ui / "home.py").write_text("import framebuf\n\n\ndef listing():\n    import os\n    return os.listdir()\n")
    monkeypatch.setattr(__import__(__name__), "FIRMWARE", str(tmp_path))
    found = _problems()
    assert any("pool.py:1 imports machine: only hal may use machine" in p for p in found), found
    assert any("pool.py:2 imports time: only hal may use time" in p for p in found), found
    assert any("home.py:5 imports os: only hal and store may use os" in p for p in found), found
    assert len(found) == 3, [p.split("tileclock/games/")[-1] for p in found]       # framebuf in ui is allowed


HOST = os.path.join(ROOT, "host_tools", "tileclock_host")


def _command_imports():
    """(file, line, command) for every import of a command module (cmd_*.py)
    by another command or by the bench: what two commands share lives in a
    module of its own (firmware_build, usb, referee.wordlist ...)."""
    found = []
    names = sorted(os.listdir(HOST))
    games = os.path.join(HOST, "games")
    if os.path.isdir(games):      # a game's own commands (games/<kind>/cmd_*.py)
        names += sorted("games/%s/%s" % (kind, n) for kind in os.listdir(games)
                        if os.path.isdir(os.path.join(games, kind)) for n in os.listdir(os.path.join(games, kind)))
    for name in names:
        base = os.path.basename(name)
        if not (base.startswith("cmd_") or name == "bench.py") or not name.endswith(".py"):
            continue
        with open(os.path.join(HOST, name)) as f:
            tree = ast.parse(f.read(), name)
        for node in ast.walk(tree):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module] + [node.module + "." + alias.name for alias in node.names]
            for target in targets:
                last = target.split(".")[-1]
                if target.startswith("tileclock_host.") and last.startswith("cmd_") and last != base[:-3]:
                    found.append((name, node.lineno, target))
    return sorted(found)


def test_no_command_imports_another():
    assert _command_imports() == []


def test_the_command_check_catches_one(tmp_path, monkeypatch):
    for name, text in (("cmd_a.py", "from tileclock_host.cmd_b import thing\n"),
                       ("cmd_b.py", "thing = 1\n"),
                       ("bench.py", "import os\n\n\ndef f():\n    from tileclock_host import cmd_a\n")):
        (tmp_path / name).write_text(text)
    monkeypatch.setattr(__import__(__name__), "HOST", str(tmp_path))
    assert _command_imports() == [("bench.py", 5, "tileclock_host.cmd_a"), ("cmd_a.py", 1, "tileclock_host.cmd_b")]


# -- a game is its folder ------------------------------------------------------
#
# What the host tools, the web page and the benches know of a game comes from
# its folders (tileclock/games/<kind>/, its about.py; tileclock_host/games/
# <kind>/) through the registry: a game's kind, as a word, appears in no other
# file of theirs. (tests/ may name games: they play them.)
GAME_AWARE = ("host_tools", "web", "bench")


def _games_named_outside_their_paths(root=ROOT):
    from tileclock.games import KINDS
    found = []
    for top in GAME_AWARE:
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = [d for d in dirs if d not in ("__pycache__", "node_modules", "data")]
            for name in files:
                if not name.endswith((".py", ".js", ".html", ".css")):
                    continue
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                for kind in KINDS:
                    if kind not in rel and re.search(r"\b%s\b" % kind, text):
                        found.append((rel, kind))
    return sorted(found)


def test_a_game_is_named_only_in_the_paths_that_bear_its_name():
    assert _games_named_outside_their_paths() == []


def test_the_game_check_catches_a_generic_module_naming_a_game(tmp_path):
    from tileclock.games import KINDS
    kind = KINDS[-1]
    for rel, text in (("host_tools/tileclock_host/scores/x.py", "UNIT = 'wins' if k == '%s' else 0\n" % kind),
                      ("web/page.js", "const unit = game === \"%s\";\n" % kind),
                      ("bench/mpy_x.py", "from tileclock.games.%s.rules import Game\n" % kind),
                      ("bench/mpy_engine_%s.py" % kind, "from tileclock.games.%s.rules import Game\n" % kind),
                      ("host_tools/tileclock_host/games/%s/sheet.py" % kind, "'%s'\n" % kind)):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    assert _games_named_outside_their_paths(str(tmp_path)) == [
        ("bench/mpy_x.py", kind), ("host_tools/tileclock_host/scores/x.py", kind), ("web/page.js", kind)]


def import_graph():
    """{module: set of firmware modules it imports}, lazy imports included."""
    modules = dict(_modules())
    graph = {}
    for name, path in modules.items():
        graph[name] = set(dep for _line, dep in _imports(path) if dep in modules and dep != name)
    return graph


def knots(graph):
    """The modules tied by import circles: every set of two or more that
    import each other round (strongly connected), sorted."""
    def reach(name):
        seen = set()
        todo = [name]
        while todo:
            for dep in graph.get(todo.pop(), ()):
                if dep not in seen:
                    seen.add(dep)
                    todo.append(dep)
        return seen

    reaches = {name: reach(name) for name in graph}
    found = []
    for name in sorted(graph):
        knot = sorted(other for other in reaches[name] if name in reaches[other])
        if len(knot) > 1 and knot not in found:
            found.append(knot)
    return found


def test_no_import_circle_in_the_firmware():
    # a circle, even through a lazy import, ties two modules' loading and
    # unloading together (and hides which one is the lower)
    assert knots(import_graph()) == []


def test_the_circle_check_finds_a_planted_circle():
    # the circles the names editor and the menus, and recovery and the
    # journal, had: planted again
    graph = import_graph()
    graph["tileclock.store.recover"].add("tileclock.store.journal")
    graph["tileclock.store.journal"].add("tileclock.store.recover")
    assert ["tileclock.store.journal", "tileclock.store.recover"] in knots(graph)
    graph["tileclock.ui.menu"].add("tileclock.ui.names")
    assert ["tileclock.ui.menu", "tileclock.ui.names"] in knots(graph)
    graph["tileclock.ui.menu"].add("tileclock.ui.calls")
    assert ["tileclock.ui.calls", "tileclock.ui.menu", "tileclock.ui.names"] in knots(graph)
