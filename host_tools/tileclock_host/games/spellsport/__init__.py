# Spell Sport's host side: the referee's 26x26 board and its placement rules
# (board.py), a whole game's plays read and scored (game.py), the domino
# tile set checked and made (tileset.py) and printed (printplay.py), the
# commands that use them (board, tileset, tiles) and the printed sheet.
