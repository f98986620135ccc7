# The last calls: the seats' recent calls (a go, a finish, a peel, a pass
# ...), newest first, so that a call credited to the wrong seat, or a call
# nobody made, is put right on the box a few actions later: seat 2 gives
# the call under the cursor to the next seat, seat 4 takes it out (asked
# twice). Every action after it is played again on the corrected game,
# which is journalled whole (App.correct): a power cut keeps the game
# before the correction or after it. Opened from a game's menu.
import gc

from tileclock.engine.correct import corrected, is_call
from tileclock.engine.game import Refused
from tileclock.ticks import ticks_add, ticks_diff
from tileclock.ui import draw
from tileclock.ui.menu import Item, Menu
from tileclock.ui.screen import CONFIRM_MS

_MOST = 8               # calls listed, newest first
_BACK = "hold back"     # names in the tuple: see Screen.KEYS
_MOVE = "2 next seat"
_REMOVE = "4 remove"
# Unloaded on the way back to the game's menu (read again when asked for)
_CALLS = ("tileclock.ui.calls", "tileclock.engine.correct")


class Calls(Menu):
    TITLE = "LAST CALLS"
    KEYS = ("1/3 move", _MOVE, _REMOVE, _BACK)

    def __init__(self, app):
        super().__init__(app)
        self._asked = None      # (history index, until when): 4 again removes it

    def items(self, now):
        g = self.app.game
        history = g.history
        lines = []
        i = len(history) - 1
        while i >= 0 and len(lines) < _MOST:
            action = history[i]
            if is_call(g, action):
                label = "%s %s" % (action[1], _name(g, action[2][0]))
                ago = "-" + draw.mmss(max(0, ticks_diff(now, action[0])))
                lines.append(Item(label[:10], _text(ago), self._change(i)))
            i -= 1
        if not lines:
            lines.append(Item("no calls yet"))
        return lines

    def _change(self, index):
        def change(now, step):
            app = self.app
            g = app.game
            action = g.history[index]
            verb, seat = action[1], action[2][0]
            if step < 0:
                asked = self._asked
                if asked is None or asked[0] != index or ticks_diff(asked[1], now) <= 0:
                    self._asked = (index, ticks_add(now, CONFIRM_MS))
                    app.note(now, "4 again: take out %s %s" % (verb, _name(g, seat)))
                    return
                self._asked = None
                if _correct(app, now, index, 0):
                    app.note(now, "taken out: %s %s" % (verb, _name(g, seat)))
                return
            seats = [s for s in range(1, len(g.names) + 1) if g.names[s - 1] is not None]
            to = seats[(seats.index(seat) + 1) % len(seats)] if seat in seats else seats[0]
            if _correct(app, now, index, to):
                app.note(now, "%s: %s, not %s" % (verb, _name(g, to), _name(g, seat)))
        return change

    def open(self, now):
        # the menu it came from goes while it is up (back loads it again),
        # as for the score sheet: otherwise the heaviest moment of a menu
        from tileclock.modules import forget, forget_games
        forget(("tileclock.ui.gamemenu",))
        forget_games(self.app.game.KIND, specs=True)
        Menu.open(self, now)

    def close(self):
        pass        # (no setting is changed here: nothing to save)

    def back(self, now):
        from tileclock.modules import forget
        app = self.app
        app.manager.leave()
        forget(_CALLS)
        app.game_menu(now)


def _correct(app, now, index, seat):
    # the corrected game built beside the one in play, which stays as it
    # is on a refusal or out of memory; True if done
    try:
        new = corrected(app.game, index, seat)
    except Refused as e:
        app.refuse(now, e.reason)
        return False
    except MemoryError:
        gc.collect()
        app.refuse(now, "out of memory: nothing changed")
        return False
    app.rewritten(now, new, index if not seat else -1)
    return True


def _name(game, seat):
    name = game.names[seat - 1]
    return name if name is not None else "P%d" % seat


def _text(value):
    return lambda: value
