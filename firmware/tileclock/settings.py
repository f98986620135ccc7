# The menu's choices, kept across power-off in a small text file (until the
# store provides tileclock.store.settings, which the app then uses):
#     game=wordsport
#     players=4
# Written atomically: the new text goes to a temporary file that is closed
# (LittleFS makes nothing durable before close) and then renamed over the old
# one, so a power cut leaves either the old settings or the new, never half.
import os

NAME = "menu.txt"
_TMP = "menu.tmp"


def _path(root, name):
    if not root:
        return name
    return root + "/" + name


def load(root, defaults=None):
    """(values, problems): the saved settings over `defaults`."""
    out = dict(defaults) if defaults else {}
    try:
        with open(_path(root, NAME)) as f:
            text = f.read()
    except OSError:
        return out, []
    for line in text.split("\n"):
        if "=" not in line:
            continue
        key, value = line.split("=", 1)
        key = key.strip()
        value = value.strip()
        if not key:
            continue
        digits = value[1:] if value[:1] == "-" else value
        out[key] = int(value) if digits and digits.isdigit() else value
    return out, []


def save(root, settings):
    """Write the settings; True (the store's API says if it wrote)."""
    text = ""
    for key in sorted(settings):
        text += "%s=%s\n" % (key, settings[key])
    tmp = _path(root, _TMP)
    with open(tmp, "w") as f:
        f.write(text)
    try:
        os.rename(tmp, _path(root, NAME))
    except OSError:
        # FAT (and some ports) refuse to rename over an existing file.
        try:
            os.remove(_path(root, NAME))
        except OSError:
            pass
        os.rename(tmp, _path(root, NAME))
    return True
