# The 338 Spell Sport tiles, from the chart in the rules (down side).
#
# The chart has 13 rows of 26 tiles. Its first ten columns are the systematic
# tiles (each of A E I O U before and after each of B C D F G L M N P R S T V),
# and columns 11-20 repeat them: 130 tiles doubled. The last six columns are
# 78 other common pairs. Each tile reads the same two letters across on one
# face and down on the other.
#
# CHART holds the tiles row by row, two letters a tile (first, second).
CHART = (
    "ABEBIBOBUBBABEBIBOBUABEBIBOBUBBABEBIBOBUAIEAEEIOOOOU"
    "ACECICOCUCCACECICOCUACECICOCUCCACECICOCUHAHEHIHOHUHY"
    "ADEDIDODUDDADEDIDODUADEDIDODUDDADEDIDODUJAJUKEKIEQQU"
    "AFEFIFOFUFFAFEFIFOFUAFEFIFOFUFFAFEFIFOFUWAWEWIAWEWOW"
    "AGEGIGOGUGGAGEGIGOGUAGEGIGOGUGGAGEGIGOGUEXOXAYYEIZZO"
    "ALELILOLULLALELILOLUALELILOLULLALELILOLUMBSCNDLFNGCK"
    "AMEMIMOMUMMAMEMIMOMUAMEMIMOMUMMAMEMIMOMUCHGHPHSHTHWH"
    "ANENINONUNNANENINONUANENINONUNNANENINONUBLCLFLLLPLSL"
    "APEPIPOPUPPAPEPIPOPUAPEPIPOPUPPAPEPIPOPUSMKNRNMPSPSQ"
    "ARERIRORURRARERIRORUARERIRORURRARERIRORUCRDRFRPRTRWR"
    "ASESISOSUSSASESISOSUASESISOSUSSASESISOSUCSNSPSRSSSTS"
    "ATETITOTUTTATETITOTUATETITOTUTTATETITOTUCTFTNTRTSTXT"
    "AVEVIVOVUVVAVEVIVOVUAVEVIVOVUVVAVEVIVOVUSWTWGYLYRYTY"
)

TILE_COUNT = 338
CHART_ROWS = 13
CHART_COLUMNS = 26
SYSTEMATIC_COLUMNS = 10

# Tiles with these letters on both squares may be turned over: [I O] is also [O I].
REVERSIBLE = "HINOSXZ"


def tile(index):
    """The two letters of tile `index` (0..337), as a 2-letter string."""
    return CHART[2 * index:2 * index + 2]


def chart_position(index):
    """(row, column) of tile `index` in the chart, both from 0."""
    return index // CHART_COLUMNS, index % CHART_COLUMNS


def can_turn_over(pair):
    """True if the tile may be laid reversed (both letters look the same upside down)."""
    return pair[0] in REVERSIBLE and pair[1] in REVERSIBLE


def all_tiles():
    """The 338 pairs in chart order."""
    return [tile(i) for i in range(TILE_COUNT)]
