# tileclock: the game clock and score keeper for speed word games.
