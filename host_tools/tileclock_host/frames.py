# Display frames to pictures (CPython, Pillow): for the simulator's
# screenshots, the docs and screen tests.
#
# A frame is the display's MONO_VLSB buffer (or SimBoard.frame(), what the
# glass shows): width * height / 8 bytes, one byte = 8 rows of a column,
# bit 0 at the top.
from PIL import Image

OLED_WHITE = (235, 245, 255)
BLACK = (0, 0, 0)


def frame_to_image(buffer, scale=4, width=128, height=64, on=OLED_WHITE, off=BLACK):
    """A Pillow RGB image of the frame, each pixel scale x scale."""
    if len(buffer) < width * height // 8:
        raise ValueError(f"a {width}x{height} frame needs {width * height // 8} bytes, not {len(buffer)}")
    mono = Image.new("1", (width, height), 0)
    px = mono.load()
    for y in range(height):
        base = (y >> 3) * width
        bit = 1 << (y & 7)
        for x in range(width):
            if buffer[base + x] & bit:
                px[x, y] = 1
    image = Image.new("RGB", (width, height), off)
    image.paste(on, mask=mono)
    if scale != 1:
        image = image.resize((width * scale, height * scale), Image.NEAREST)
    return image


def frame_to_png(buffer, path, scale=4, width=128, height=64):
    """Write the frame as a PNG at `path`; returns the path."""
    frame_to_image(buffer, scale, width, height).save(path, "PNG")
    return path
