# Display frames to pictures (CPython, Pillow): for the simulator's
# screenshots, the docs and screen tests.
#
# A frame is the display's MONO_VLSB buffer (or SimBoard.frame(), what the
# glass shows): width * height / 8 bytes, one byte = 8 rows of a column,
# bit 0 at the top.
from PIL import Image

OLED_WHITE = (235, 245, 255)
BLACK = (0, 0, 0)


def glass_level(contrast):
    """How bright a picture draws the lit pixels at a panel contrast (0-255),
    as a share of full. The contrast sets the segment current (SSD1306 and
    SH1106 datasheets, command 81h), but a module at contrast 0 is still
    plainly readable (its pre-charge and VCOMH levels stay as set): the
    pictures go from full at 255 down to a third at 0, a convention for the
    eye, not a measurement of the glass."""
    return (1 + 2 * contrast / 255) / 3


def frame_to_image(buffer, scale=4, width=128, height=64, on=OLED_WHITE, off=BLACK, level=1.0):
    """A Pillow RGB image of the frame, each pixel scale x scale, the lit
    pixels at `level` of their full brightness (glass_level())."""
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
    image.paste(tuple(round(c * level) for c in on), mask=mono)
    if scale != 1:
        image = image.resize((width * scale, height * scale), Image.NEAREST)
    return image


def frame_to_png(buffer, path, scale=4, width=128, height=64, contrast=255):
    """Write the frame as a PNG at `path`, drawn as the glass looks at the
    panel's `contrast` (a dimmed box's pictures are dim); returns the path."""
    frame_to_image(buffer, scale, width, height, level=glass_level(contrast)).save(path, "PNG")
    return path
