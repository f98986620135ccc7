# Power-on: build the board from board_config.py and run the clock.
#
# Safe mode (no watchdog and no app: the REPL stays free) comes once after
# `tileclock deploy` or `tileclock pull` asked for it (tileclock/hal/
# maintenance.py), or when seat 1 is held while plugging in. The watchdog
# (board_config.WATCHDOG_MS) starts at the end of make_board(); from there
# App.boot() and App.step() feed it.
import gc


def main():
    # (imported here and let go: hal/board.py is boot-only, and the app
    # unloads it once nothing holds its make_board)
    from tileclock.hal.board import make_board
    board = make_board()
    make_board = None
    if board.safe_mode:
        from tileclock.hal import maintenance
        maintenance.safe = board.safe_mode
        print("tileclock: safe mode (%s): no watchdog, the app is not started"
              % ("asked for by tileclock deploy/pull" if board.safe_mode == "maintenance"
                 else "seat 1 held at power-on"))
        try:
            maintenance.show_safe_mode(board.display, board.safe_mode)
        except Exception as e:      # noqa: BLE001 - the REPL matters more than the words
            print("tileclock: %r" % (e,))
        return
    from tileclock.app import App
    from tileclock.store.journal import Journal
    gc.collect()
    # the board says "/"; the store joins root + "/journal", so give it ""
    App(board, Journal(board.fs_root.rstrip("/"))).run()


main()
