# Power-on: build the board from board_config.py and run the clock.
#
# Holding seat 1 while plugging in is safe mode: no watchdog and no app, the
# REPL stays free for `tileclock deploy` (see board_config.WATCHDOG_MS).
import gc

from tileclock.hal.board import make_board


def main():
    board = make_board()
    if board.safe_mode:
        print("tileclock: safe mode (seat 1 held at power-on): the app is not started")
        return
    from tileclock.app import App
    from tileclock.store.journal import Journal
    gc.collect()
    # the board says "/"; the store joins root + "/journal", so give it ""
    App(board, Journal(board.fs_root.rstrip("/"))).run()


main()
