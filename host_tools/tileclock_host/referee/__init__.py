# The referee: checks and scores Spell Sport boards and Speed Scrabble /
# Word-Sport grids against a word list, reports on the Spell Sport tile set
# and prints a print-and-play set.
#
# The modules here know nothing of the command line: they raise InputError
# (file, line, problem) for bad input and the cmd_* modules turn it into a
# UserError.


class InputError(Exception):
    """Bad input: `path`, `line` (from 1, or 0 when no line applies) and `problem`."""

    def __init__(self, path, line, problem):
        super().__init__(path, line, problem)
        self.path = path
        self.line = line
        self.problem = problem

    def __str__(self):
        if self.line:
            return "%s, line %d: %s" % (self.path, self.line, self.problem)
        return "%s: %s" % (self.path, self.problem)
