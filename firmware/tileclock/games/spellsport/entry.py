# Spell Sport's play form: what the play placed and formed, opened by the
# player to move (play.py: App.open_part). A module of its own, so that
# the clock's code is not in RAM while it shows.
from tileclock.ui.draw import name_of
from tileclock.ui.form import Form


class SpPlayForm(Form):
    """What the play placed and formed (the board is the players' to judge)."""

    def make_fields(self):
        return [["Own tiles", 2], ["Stolen", 2], ["Across word", 2], ["Down word", 2],
                ["Words", ("joined", "separate")], ["Circuit", ("no", "yes")]]

    def make_buttons(self):
        return [["PLAY", self._play], ["PASS", self._pass]]

    def title(self):
        return name_of(self.app.game, self.arg)[:8]

    def note(self):
        g = self.app.game
        return "rack %d" % g.rack(self.arg)

    def _play(self, now):
        v = self.values
        args = [self.arg, v[0], v[1], v[2], v[3], "joined" if v[4] == 0 else "separate"]
        if v[5]:
            args.append("circuit")
        self.app.act(now, "play", tuple(args))

    def _pass(self, now):
        self.app.act(now, "pass", (self.arg,))
