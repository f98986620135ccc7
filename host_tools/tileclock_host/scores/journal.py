# Evenings from a device journal, through the store's own reader
# (firmware/tileclock/store/, record format in docs/journal.md): the host never
# parses journal records itself.


def evenings(path, data):
    """The evenings in journal file `path` (its bytes are `data`), or None if it is not a journal."""
    return None
