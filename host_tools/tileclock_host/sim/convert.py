# Raw frames from the scripted simulator (NNN-NAME.frame) to PNG (CPython).
import os

from tileclock_host.frames import frame_to_png


def frames_to_png(folder, scale=4):
    """Turn every .frame file in `folder` into a .png beside it (the .frame
    is removed); returns the PNG paths."""
    out = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".frame"):
            continue
        path = os.path.join(folder, name)
        with open(path, "rb") as f:
            frame = f.read()
        png = path[:-len(".frame")] + ".png"
        frame_to_png(frame, png, scale)
        os.remove(path)
        out.append(png)
    return out
