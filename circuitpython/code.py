# tileclock on CircuitPython: CircuitPython runs this at every start (after
# boot.py). The board from board_config.py (tileclock_cp/board.py), a word
# on the screen about who may write the drive, then the clock: the same app,
# screens, engine and journal as on the Pico's MicroPython.
import gc

from tileclock_cp.board import make_board
from tileclock_cp.splash import show_mode

board = make_board()
show_mode(board)
board.buttons.settle(board.ticks_ms())     # seat 1 held for edit mode is no press
gc.collect()
from tileclock.app import App  # noqa: E402
from tileclock.store.journal import Journal  # noqa: E402
from tileclock_cp.board import TIME_MARK_MS  # noqa: E402

App.mark_ms = TIME_MARK_MS      # the FAT drive wears: marks every 30 s

# the board says "/"; the store joins root + "/journal", so give it ""
App(board, Journal(board.fs_root.rstrip("/"))).run()
