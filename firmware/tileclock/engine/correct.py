# A call corrected a few actions later: given to another seat, or taken
# out, and every action after it applied again (the "last calls" screen,
# ui/calls.py). A module of its own, loaded with that screen only: the
# engine every game carries stays as small as it was.
from tileclock import cues
from tileclock.engine.game import Refused


def is_call(game, action):
    """Whether `action` is a seat's own call (a go, a finish, a peel, a
    pass ...: a verb that takes one seat), the kind a table credits to the
    wrong seat: corrected() can move or remove it."""
    verb = action[1]
    return game.VERBS.get(verb) == "SEAT" and verb != "unseat"


def corrected(game, index, seat):
    """A new game: `game` with the call game.history[index] made by `seat`
    instead (0: never made), every action after it applied again. Refused,
    naming the action, when the rules refuse the call so moved or any
    action after it; `game` is left as it was (like Game.undone())."""
    history = game.history
    if not 0 <= index < len(history) or not is_call(game, history[index]):
        raise Refused("only a seat's call can be moved")
    new = game._carry(type(game)())
    for i in range(len(history)):
        action = history[i]
        if i == index:
            if not seat:
                continue
            action = (action[0], action[1], (seat,))
        try:
            new._apply(action)
        except Refused as e:
            raise Refused("then %s %s is refused: %s" % (
                action[1], " ".join(str(a) for a in action[2]), e.reason))
    new.last_cue = cues.NONE
    return new
