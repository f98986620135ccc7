# tileclock host tools: simulator, deploy, replay, referee, score sheets.
