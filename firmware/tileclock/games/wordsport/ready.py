# Word-Sport's ready screen: the round to come and the standings
# (docs/device.md). Its own module, loaded while it shows (screens.py).
from tileclock.ui import draw
from tileclock.ui.ready import Ready


class WsReady(Ready):
    def title(self):
        return "R%d WORD-SPORT" % (self.app.game.round_number + 1)

    def lines(self, now):
        g = self.app.game
        out = ["%d players %s" % (len(g.seated()), g.set_name),
               "countdown " + draw.mmss(g.countdown_length)]
        sheet = g.sheet()
        if sheet["rounds"]:
            out += draw.standings_lines(sheet["standings"])
            if g.fastest_win is not None:
                out.append("fast %s %s" % (g.fastest_win[0][:6], draw.mmss(g.fastest_win[1])))
        return out

    def menu(self, now):
        self.app.game_menu(now)
