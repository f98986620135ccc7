# The real board's object, which hal/board.py's make_board() fills in: its
# class lives here, in the package every hal module loads anyway, so that
# nothing the app keeps refers to hal/board.py (the config's check and the
# building, boot-only: tileclock/modules.py unloads it after the boot).


class Board:
    """The Pico board; build it with hal/board.py's make_board(). What it
    holds is set there (docs/interfaces.md); the annotations are for the
    type check alone (mpy-cross keeps none of them)."""
    fs_root: str
    safe_mode: "str | None"
    display: object
    watchdog_ms: int
    _wdt: object

    def feed_watchdog(self):
        if self._wdt is not None:
            self._wdt.feed()    # pyright: ignore[reportAttributeAccessIssue]  (machine.WDT)
