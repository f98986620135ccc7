# The settings in RAM (App.settings, a dict): the home menu's and the games'
# choices, the seats' names, the sound and the sleep. Read at boot, changed
# by the menus and the names editor, saved when a menu that changed them
# closes; store/settings.py keeps them on flash (loaded only then, and
# unloaded again: a menu's worst pass need not hold it).

_STORE = ("tileclock.store.settings",)


def _root(app):
    # "/" on the Pico; the store joins root + "/name", so give it ""
    return app.board.fs_root.rstrip("/")


def take(app, values):
    """Every key of `values` into the settings (a game's options are
    checked when its spec loads), the sound as they say."""
    settings = app.settings
    for key in values:
        settings[key] = values[key]
    app.buzzer.set_muted(settings.get("sound") == "off")


def choose(app, key, value):
    """A menu's choice: `key` is `value` (the sound at once)."""
    take(app, {key: value})


def load(app):
    """The saved settings over the defaults (boot); the problems found."""
    from tileclock.modules import forget
    try:
        from tileclock.store import settings
        values, problems = settings.load(_root(app), app.settings)
    except OSError as e:    # a damaged flash: the defaults, and play on
        values, problems = {}, ["settings: can't read (%s)" % e]
    forget(_STORE)
    take(app, values)
    return problems


def save(app):
    """Keep the settings across power-off (written only if changed); a
    flash that can't keeps them in RAM, says so, and the next menu that
    closes tries again. True if they are on flash."""
    from tileclock.modules import forget
    try:
        from tileclock.store import settings
        settings.save(_root(app), app.settings)
    except OSError as e:
        forget(_STORE)
        print("tileclock: settings not saved: %r" % (e,))
        app.settings_unsaved = True
        app.flash_failed(app.now())
        return False
    forget(_STORE)
    app.settings_unsaved = False
    return True


def keep_name(app, seat, shown):
    """Seat `seat` is `shown` in new games too (players.py), saved."""
    from tileclock.players import keep_name
    if keep_name(app.settings, seat, shown):
        save(app)
