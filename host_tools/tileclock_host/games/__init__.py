# The host code that belongs to one game, in a folder named by its kind
# (the firmware's tileclock/games/<kind>/ beside it): its printed score
# sheet (sheet.py: pages()), how it scores a crossword (crossword.py), its
# referee and its own commands (cmd_*.py, which `tileclock` lists with the
# others). A game needs none of it: registry.py falls back on the generic
# sheet, and what the host tools need to know of a game is in its about.py.
