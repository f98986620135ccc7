# The players and their names: the name each seat has chosen (the settings'
# "names", kept across power-off for the next new game), the names a game's
# players get, who sits at a new game. Plain functions of the settings and
# the game: the app (or the Names screen) acts, saves and says what they
# return. Loaded when a name is wanted (a new game, the Names screens, a
# join), unloaded while a game screen is up (tileclock.modules).
from tileclock.engine.game import MAX_SEATS, Refused, check_name


def default_name(seat):
    return "P%d" % seat


def name_for(settings, seat):
    """The name seat `seat` has chosen (settings "names"), or P<seat>."""
    names = settings.get("names") or ()
    if seat <= len(names):
        name = names[seat - 1]
        if isinstance(name, str) and name:
            return name
    return default_name(seat)


def refusal(settings, seat, name):
    """Why seat `seat` can't be called `name` (None or "": P<seat>) in
    the settings, or None: it can (keep_name)."""
    if name:
        try:
            check_name(name)
        except Refused as e:
            return e.reason
    shown = name or default_name(seat)
    for other in range(1, MAX_SEATS + 1):
        if other != seat and name_for(settings, other) == shown:
            return "%s is seat %d's name" % (shown, other)
    return None


def keep_name(settings, seat, shown):
    """Seat `seat` is `shown` in the settings' names ("" for P<seat>);
    another seat that had the name gives it up (it is P<seat> again), so
    no two seats share one. True if the names changed (to be saved)."""
    names = list(settings.get("names") or ())  # type: list[str]
    while len(names) < seat:
        names.append("")
    for i in range(len(names)):
        if names[i] == shown:
            names[i] = ""
    names[seat - 1] = "" if shown == default_name(seat) else shown
    while names and not names[-1]:
        names.pop()
    if names == (settings.get("names") or []):
        return False
    settings["names"] = names
    return True


def free_name(settings, game, seat):
    """The name `seat` has in the settings, or another if a player of
    `game` has it already: seated, or one who played and left (a person
    who joins is a new player, never heir to a leaver's points)."""
    played = getattr(game, "players", ())
    name = name_for(settings, seat)
    n = seat
    while name in game.names or name in played:
        name = default_name(n)
        n += 8
    return name


def setup(settings, spec, seats):
    """The set-up actions of a new game of `spec` (a game's spec module):
    a seat for each player, as many as the settings say within what the
    game and the board's `seats` allow, each with a free name; then the
    game's own (its options)."""
    low, high = spec.PLAYERS
    players = max(low, min(settings["players"], high, seats))
    taken = []
    for seat in range(1, players + 1):
        name = name_for(settings, seat)
        n = seat
        while name in taken:
            name = default_name(n)
            n += 8
        taken.append(name)
    return [("seat", (seat + 1, taken[seat])) for seat in range(players)] + list(spec.setup(settings, players))
