# Written by hand for tests/data/scores/tsh_club.txt from tsh's format
# (tsh's doc/gvcqs.html "Initial Setup", NASPA's "Submitting Ratings Data",
# TFile.pm's FormatLine "%-22s %5s %s; %s"): a line a player in the order
# they first sat (BOB 1, ANN 2, CY 3), the rating, each round's opponent
# by that number ("00": not paired that round), a semicolon, the player's
# own score each round. Rounds: games 1, 3 and 5 (game 2 had three
# players, game 4 was void). Game 1 BOB 390 ANN 380; game 3 ANN 300, CY
# lost on time: 300 less the margin of 50 = 250; game 5 ANN -15, CY 1020.
BOB                     1650 2 00 00; 390 00 00
ANN                     1500 1 3 3; 380 300 -15
CY                         0 00 2 2; 00 250 1020
