# The face-down tiles in the middle of the table, counted, never guessed.
from tileclock.engine.game import Refused, plural

SET_SIZES = {"half": 50, "full": 100, "double": 200}
HAND = 7


class TilePool:
    """How many tiles remain and how many each player has drawn.

    The engine never sees letters: players draw real tiles. It counts, so it
    can say when the pool can no longer serve everyone, and it never deals a
    tile that isn't there. In Speed Scrabble's Idaho variant the players draw
    different numbers the device cannot see; then `exact` is False and the
    counts are the last known ones.
    """

    def __init__(self, total, players, hand=HAND):
        if players < 1:
            raise Refused("no players")
        if total < hand * players:
            raise Refused("%d tiles can't give %d players %d each" % (total, players, hand))
        self.total = total
        self.players = players
        self.hand = hand
        self.drawn = [0] * players
        self.remaining = total
        self.exact = True

    def deal_hands(self):
        """Every player takes the starting hand."""
        self.draw_round(self.hand)

    def can_serve(self, each):
        """True if every player can take `each` tiles."""
        return self.exact and self.remaining >= each * self.players

    def draw_round(self, each):
        """Every player takes `each` tiles."""
        if not self.exact:
            raise Refused("pool count unknown")
        if not self.can_serve(each):
            raise Refused("only %s left for %d players" % (plural(self.remaining, "tile"), self.players))
        for i in range(self.players):
            self.drawn[i] += each
        self.remaining -= each * self.players

    def draw(self, player, count):
        """One player takes `count` tiles (Spell Sport's refill)."""
        if count < 0 or count > self.remaining:
            raise Refused("only %s left" % plural(self.remaining, "tile"))
        self.drawn[player] += count
        self.remaining -= count

    def put_back_all(self):
        """Everyone returns their tiles to the pool (a redraw)."""
        for i in range(self.players):
            self.drawn[i] = 0
        self.remaining = self.total
        self.exact = True

    def lose_track(self):
        """Players drew counts the device cannot know (Idaho's PICK)."""
        self.exact = False
