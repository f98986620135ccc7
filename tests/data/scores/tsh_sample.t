# Written by hand for samples/' Board Clock evening (tests/sim/boardclock_game.txt
# played on the simulator) from tsh's format (tsh's doc/gvcqs.html "Initial
# Setup", NASPA's "Submitting Ratings Data", TFile.pm's FormatLine "%-22s %5s
# %s; %s"): ANN sat first (1), BOB second (2), no ratings file (0). Game 1:
# ANN 401 less 20 for 1:05.9 over = 381, BOB 380 (he went out). Game 2: ANN
# 310; BOB lost on time, 330 less 110 = 220, below ANN's: written as it is.
ANN                        0 2 2; 381 310
BOB                        0 1 1; 380 220
