# The tileclock box as a parametric model: a base, a lid and a seat-button
# puck, built with manifold3d (mesh CSG, so every part is a closed manifold
# by construction). One source of truth, as firmware/board_config.py is for
# the pins: change the parameters below, then `make enclosure`.
#
# Units are millimetres. Box coordinates: x along the front, y from the front
# wall to the back wall, z up; (0, 0, 0) is the inside front-left corner of the
# floor's top face. The parts are placed here as solids "keep-out" envelopes
# (the part plus the room its wires need), so checks.py can prove they fit.
from dataclasses import asdict, dataclass, replace

from manifold3d import CrossSection, Manifold

# ---------------------------------------------------------------- parameters
SEATS = 4                # 2..8 seat buttons (GP10..GP17, firmware/board_config.py)
DISPLAY = "ssd1306"      # "ssd1306" (0.96" module) or "sh1106" (1.3" module)
BUTTONS = "cable"        # "cable": a 3.5 mm jack per seat and a puck on a cable; "lid": buttons in the lid
BUTTON = "arcade30"      # "arcade30" (30 mm arcade button) or "tactile12" (12 mm tactile with a cap)
BATTERY = "3xAA"         # "3xAA" holder inside, or "none" (USB only)
SWITCH = "slide"         # "slide": a slide switch in the cells' lead, in the left wall; "none": the holder's own
WALL = 2.0               # side walls: five perimeters of a 0.4 mm nozzle
FLOOR = 2.0              # floor of the base
LID_T = 2.4              # lid plate; arcade snap-in clips want a 2-4 mm panel (PARTS below)
CLEARANCE = 0.3          # lid to base fit, per side
PART_GAP = 1.0           # at least this between any two parts inside the box
MIN_WALL = 1.2           # thinnest printed wall allowed: three perimeters of a 0.4 mm nozzle
BRIDGE_MAX = 10.0        # longest unsupported span allowed (checks.py: the overhang rule)
BED = (200.0, 200.0)     # print bed, mm


@dataclass(frozen=True)
class Params:
    seats: int = SEATS
    display: str = DISPLAY
    buttons: str = BUTTONS
    button: str = BUTTON
    battery: str = BATTERY
    switch: str = SWITCH
    wall: float = WALL
    floor: float = FLOOR
    lid_t: float = LID_T
    clearance: float = CLEARANCE
    part_gap: float = PART_GAP
    min_wall: float = MIN_WALL
    bridge_max: float = BRIDGE_MAX
    bed: tuple = BED

    def check(self):
        assert 2 <= self.seats <= 8, "seats: 2 to 8 (GP10..GP17)"
        assert self.display in DISPLAYS, "display: %s" % sorted(DISPLAYS)
        assert self.buttons in ("cable", "lid"), "buttons: cable or lid"
        assert self.button in BUTTON_PARTS, "button: %s" % sorted(BUTTON_PARTS)
        assert self.battery in ("3xAA", "none"), "battery: 3xAA or none"
        assert self.switch in ("slide", "none"), "switch: slide or none"
        assert min(self.wall, self.floor, self.lid_t) >= self.min_wall, "walls thinner than MIN_WALL"
        return self

    def as_dict(self):
        return asdict(self)


# --------------------------------------------------------- the real parts
# Every figure with where it comes from; "typical" marks a vendor-page or
# commonly sold value, not a datasheet drawing: measure yours if it matters.
# hardware/enclosure/README.md lists the sources with their addresses.
PICO = dict(
    board=(21.0, 51.0, 1.0),     # Pico datasheet ch. 2: "51x21mm 1mm thick PCB"
    holes=(11.4, 47.0, 2.1),     # datasheet fig. 3: 4 x 2.1 mm holes, 11.4 mm x 47 mm apart
    usb=(7.5, 5.3, 2.8),         # micro-USB receptacle w x l x h, typical; l includes
    usb_overhang=1.3,            # the overhang past the board edge (datasheet ch. 2, fig. 3)
    header_x=8.89,               # header rows 17.78 mm apart (2.54 mm pitch, datasheet fig. 3)
    parts_h=2.0,                 # tallest part on the RP2040 side besides USB (BOOTSEL), typical
    wires_up=20.5,               # Pico H header 2.5 + Dupont housing 14 + bend 4: typical
    plug=(11.5, 8.5, 20.0),      # micro-USB plug overmold w x h x length, typical
    plug_metal=(7.0, 2.5, 6.5),  # micro-USB plug shell, typical
)

# OLED modules, display side up, header along the top (back) edge.
DISPLAYS = {
    "ssd1306": dict(
        name='0.96" SSD1306 128x64 I2C module',
        board=(27.3, 27.8, 1.6),        # LCKFB wiki: "Module size: 27.3 x 27.8 mm" (typical)
        holes=(23.3, 23.8, 2.0),        # 4 x M2, 2 mm from the edges: typical, check yours
        glass=(26.7, 19.26, 1.45),      # DM-OLED096-624 panel datasheet: 26.70 x 19.26 x 1.45
        glass_y=0.6,                    # glass edge above the board's bottom edge, typical
        active=(21.744, 10.864),        # DM-OLED096-624: active area 21.744 x 10.864
        active_top=2.1,                 # active area below the glass top edge (same drawing)
    ),
    "sh1106": dict(
        name='1.3" SH1106 128x64 I2C module',
        board=(35.4, 33.5, 1.6),        # Silicon Chip: "about 35x33mm"; 35.4 x 33.5 typical listing
        holes=(30.4, 28.5, 3.0),        # 4 x M3, 2.5 mm from the edges: typical, check yours
        glass=(34.5, 23.0, 1.5),        # typical
        glass_y=3.0,                    # typical
        active=(29.42, 14.70),          # Waveshare 1.3inch OLED (B) (SH1106): display size 29.42 x 14.7
        active_top=3.2,                 # typical
    ),
}
DISPLAY_WIRES = (12.0, 6.0, 20.5)       # 4-pin header + Dupont housings under the board: w x d x depth
DISPLAY_BACK = 1.5                      # regulator and capacitors on the back, typical
WINDOW_MARGIN = 1.5                     # window beyond the active area on each side: module variation

PIEZO = dict(d=12.2, h=6.5, leads=8.0)  # TDK PS1240P02BT datasheet: dia 12.2, height 6.5 (pins 5 mm apart)

BUTTON_PARTS = {
    "arcade30": dict(
        name="30 mm snap-in arcade button (Sanwa OBSF-30 or a copy)",
        hole=30.2,       # 30 mm panel hole (Sanwa OBSF-30), + 0.2 for its snap clips
        bezel=33.0,      # collar 33 mm (Sanwa OBSF-30), typical
        bezel_h=8.0,     # plunger and collar above the panel, typical
        body=31.0,       # body and microswitch below the panel, widest, typical
        depth=33.0,      # below the panel with the microswitch and spade terminals, typical
        panel=(2.0, 4.0),  # snap-in clips: panel 2-4 mm, typical
    ),
    "tactile12": dict(
        name="12 mm tactile switch (Omron B3F-4055) with a round cap, on a scrap of perfboard",
        hole=13.0,       # round key cap about 12 mm, typical; 0.5 mm clearance each side
        bezel=12.0,
        bezel_h=3.0,     # cap above the panel, typical
        body=22.0,       # 20 x 20 mm perfboard carrying the switch
        depth=12.0,      # B3F-4055: 12 x 12 mm, 7.3 mm tall; + 1.6 mm board + solder and wires
        panel=(1.5, 4.0),
    ),
}

# 3xAA holder, open, cells side by side: KiCad's BatteryHolder_TruPower_BH-331P
# footprint outline 58.0 x 48.3 mm; height: AA cell 14.5 mm diameter (max) + 1.5 mm floor.
BATT = dict(size=(58.0, 48.3, 16.0), rib=(1.6, 2.0))

# Panel 3.5 mm jack, Thonkiconn-style (QingPu WQP-PJ398SM, mono TS; a stereo
# TRS panel jack of the same size works): KiCad footprint outline 9 x 10.45 mm.
JACK = dict(
    body=(9.0, 10.5, 10.5),    # w x h against the panel, depth behind it: footprint + typical depth
    lugs=10.0,                 # lugs, solder and the wires behind the body, typical
    bush=6.0, hole=6.4,        # M6 thread, 6 mm panel hole (typical), + 0.4 clearance
    nut=(9.0, 2.0),            # nut across corners, thickness, typical
    panel_max=3.0,             # thread length allows walls up to about 3 mm, typical
    pitch=15.0,                # centre to centre: nut + fingers
)

# The power switch: a slide switch in the cells' + lead (hardware/README.md,
# "Batteries"), lying against the inside of the left wall near the front, its
# knob through a slot. C&K OS102011MS2QN1 (SPDT, 100 mA at 12 V DC: the box
# draws tens of mA). Body and knob in the wall's plane from KiCad's footprint
# SW_Slide_1P2T_CK_OS102011MS2Q (its outline and knob drawn from C&K's OS
# series datasheet, https://www.ckswitches.com/media/1428/os.pdf): body 8.6 x
# 4.3 mm, a 2 x 2 mm knob moving in a 4 mm window; heights typical.
SWITCH_PART = dict(
    name="C&K OS102011MS2QN1 slide switch (SPDT)",
    body=(8.6, 4.3, 4.5),      # length (along the slide) x width x height: footprint; height typical
    knob=(2.0, 2.0, 4.0),      # along the slide x across x above the body: footprint; height typical
    travel=2.0,                # the knob's 2 mm in its 4 mm window (footprint)
    pins=3.5,                  # pins below the body, typical
    wires=4.0,                 # solder and wires on the pins, typical
    slot_clear=0.2,            # clearance round the knob's way, each side
    frame=1.6,                 # the cradle round the body, glued in
)

# Seat numbers engraved in the outside of the box, seven-segment digits:
# below each jack on the back wall, or left of each button in the lid.
DIGIT = dict(h=6.0, w=3.6, stroke=1.0, depth=0.6)

# The box's own hardware
POST = 7.0                 # square corner posts for the lid screws
SCREW = dict(pilot=2.5, depth=10.0, hole=3.4, head=6.2, head_h=1.6)  # M3 self-tapping, pan head
SKIRT = (4.0, 1.6)         # lid lip inside the base walls: height, thickness
PICO_S = 6.5               # Pico board height above the floor (flipped, RP2040 side down)
PICO_POST = 3.4            # its support posts, solid; a 1.8 mm pin locates each hole
PIEZO_RING = 1.6           # wall of the ring holding the piezo under the lid
RIM = 1.6                  # wall of the frame that holds the display under the lid


# ------------------------------------------------------------- primitives
def box(x0, y0, z0, x1, y1, z1):
    return Manifold.cube((x1 - x0, y1 - y0, z1 - z0)).translate((x0, y0, z0))


def _segments(d):
    return max(24, min(96, int(d * 4)))


def cyl(x, y, z0, h, d, segments=0):
    """A vertical cylinder from z0 up by h."""
    return Manifold.cylinder(h, d / 2, circular_segments=segments or _segments(d)).translate((x, y, z0))


def cyl_y(x, y0, z, length, d, segments=0):
    """A cylinder along +y from y0, centred at (x, z)."""
    return (Manifold.cylinder(length, d / 2, circular_segments=segments or _segments(d))
            .rotate((-90, 0, 0)).translate((x, y0, z)))


def union(parts):
    parts = [p for p in parts if p is not None]
    return Manifold.batch_boolean(parts, _add()) if len(parts) > 1 else parts[0]


def _add():
    from manifold3d import OpType
    return OpType.Add


def teardrop_y(x, y0, z, length, w, h):
    """An opening along y: w x h rectangle with a 45-degree roof, so it prints
    without a bridge on a standing wall."""
    pts = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (0, h / 2 + w / 2), (-w / 2, h / 2)]
    cs = CrossSection([pts])
    # extrude along z, then turn so the profile stands in the x-z plane
    return cs.extrude(length).rotate((90, 0, 0)).translate((x, y0 + length, z))


# ------------------------------------------------------------------ layout
@dataclass
class Layout:
    W: float            # inside width (x)
    D: float            # inside depth (y)
    H: float            # inside height: floor top to lid underside
    front: float        # depth of the button rows in front (lid mode), else 0
    pico: tuple         # (x centre, y of the board's far end, y of its USB end)
    display: tuple      # (x centre, y of the board's bottom edge)
    piezo: tuple        # (x, y)
    battery: tuple      # (x0, y0) or None
    jacks: list         # [(x, z)] on the back wall
    buttons: list       # [(x, y)] in the lid
    switch: tuple       # (y, z) of the slide switch's centre on the left wall, or None


def layout(p):
    """Where everything goes, and so how big the box is. The rules: floor parts
    (Pico, battery) and lid parts (display, piezo) never share floor space
    where their wires hang down; the jacks run along the back wall above the
    battery; the USB socket faces the back wall."""
    g = p.part_gap
    disp = DISPLAYS[p.display]
    bw, bh, _ = disp["board"]
    btn = BUTTON_PARTS[p.button]
    skirt_in = p.clearance + SKIRT[1]           # the lid's lip, from the inside wall face

    # Pico along y at the left, between the corner posts, USB end at the back
    pico_x = POST + g + PICO["board"][0] / 2
    pico_right = pico_x + PICO["board"][0] / 2
    pico_len = PICO["board"][1] + PICO["usb_overhang"] + 0.3 + 3.3   # + gap at the wall + end stop

    # heights
    pico_top = PICO_S + PICO["board"][2] + PICO["wires_up"]
    disp_depth = disp["glass"][2] + disp["board"][2] + DISPLAY_WIRES[2]
    H = max(pico_top, disp_depth, PIEZO["h"] + PIEZO["leads"]) + g
    if p.buttons == "cable" and p.battery != "none":
        H = max(H, BATT["size"][2] + g + JACK["body"][1] + g + SKIRT[0])
    if p.buttons == "lid":
        H = max(H, btn["depth"] + g)

    # buttons in the lid: one row in front for up to four seats, two rows for more
    buttons, front = [], 0.0
    if p.buttons == "lid":
        rows = 1 if p.seats <= 4 else 2
        per_row = -(-p.seats // rows)
        size = max(btn["bezel"], btn["body"])
        pitch = size + 10.0
        row_d = size + 2 * g
        front = skirt_in + g + rows * row_d

    # depth: display in front, battery (or jacks) at the back, never under the display's wires
    disp_y = front + skirt_in + g + RIM + p.clearance
    disp_wires_back = disp_y + bh
    back_band = BATT["size"][1] + g if p.battery != "none" else 0.0
    if p.buttons == "cable":
        back_band = max(back_band, JACK["body"][2] + JACK["lugs"])
    D = max(disp_wires_back + g + back_band, front + pico_len + g)

    # width: Pico at the left; jacks, battery, display and piezo to its right
    W = pico_right + g + (BATT["size"][0] if p.battery != "none" else 0) + g + POST
    jacks = []
    if p.buttons == "cable":
        x0 = pico_right + g + JACK["body"][0] / 2
        W = max(W, x0 + (p.seats - 1) * JACK["pitch"] + JACK["body"][0] / 2 + g + POST)
    piezo_w = PIEZO["d"] + 2 * PIEZO_RING
    W = max(W, 2 * (pico_right + g + bw / 2 + RIM + p.clearance),       # display centred, clear of the Pico
            pico_right + g + bw + 2 * (RIM + p.clearance) + g + piezo_w + g + POST)
    if p.buttons == "lid":
        W = max(W, per_row * pitch + 2 * POST)
        x_start = (W - per_row * pitch) / 2
        for i in range(p.seats):
            row, col = divmod(i, per_row)
            buttons.append((x_start + pitch * (col + 0.5), skirt_in + g + row_d * (row + 0.5)))
    if p.buttons == "cable":
        jz = H - SKIRT[0] - g - JACK["body"][1] / 2
        jacks = [(x0 + i * JACK["pitch"], jz) for i in range(p.seats)]

    disp_x = max(W / 2, pico_right + g + bw / 2 + RIM + p.clearance)
    piezo = (W - POST - g - piezo_w / 2, front + skirt_in + g + piezo_w / 2)
    battery = (W - POST - g - BATT["size"][0], D - g - BATT["size"][1]) if p.battery != "none" else None
    pico_usb_end = D - 0.3 - PICO["usb_overhang"]
    # the switch: on the left wall, in front of the Pico's far end, clear of
    # the corner post; halfway up (below the buttons' reach in the lid)
    switch = None
    if p.switch != "none" and p.battery != "none":
        half = SWITCH_PART["body"][0] / 2 + SWITCH_PART["frame"]
        switch = (POST + g + half, (H - SKIRT[0]) / 2)
    return Layout(W=round(W, 2), D=round(D, 2), H=round(H, 2), front=front,
                  pico=(pico_x, pico_usb_end - PICO["board"][1], pico_usb_end),
                  display=(disp_x, disp_y), piezo=piezo, battery=battery, jacks=jacks, buttons=buttons,
                  switch=switch)


# ------------------------------------------------------- the placed parts
def display_geometry(p, lay):
    """Board, glass and active-area rectangles (x0, y0, x1, y1) in box coordinates."""
    d = DISPLAYS[p.display]
    bw, bh, _ = d["board"]
    cx, y0 = lay.display
    board = (cx - bw / 2, y0, cx + bw / 2, y0 + bh)
    gw, gh, _ = d["glass"]
    glass = (cx - gw / 2, y0 + d["glass_y"], cx + gw / 2, y0 + d["glass_y"] + gh)
    aw, ah = d["active"]
    top = glass[3] - d["active_top"]
    active = (cx - aw / 2, top - ah, cx + aw / 2, top)
    window = (active[0] - WINDOW_MARGIN, active[1] - WINDOW_MARGIN,
              active[2] + WINDOW_MARGIN, active[3] + WINDOW_MARGIN)
    hx, hy, hd = d["holes"]
    holes = [(cx + sx * hx / 2, y0 + bh / 2 + sy * hy / 2, hd) for sx in (-1, 1) for sy in (-1, 1)]
    return dict(board=board, glass=glass, active=active, window=window, holes=holes)


def placed_parts(p, lay):
    """Each part as a solid in box coordinates, with the room its wires need."""
    H, D = lay.H, lay.D
    parts = {}

    # Pico, flipped: RP2040 side down on four posts, header pins and Dupont wires up
    px, y_far, y_usb = lay.pico
    bw, bl, bt = PICO["board"]
    s = PICO_S
    board = box(px - bw / 2, y_far, s, px + bw / 2, y_usb, s + bt)
    for hx, hy in _pico_holes(lay):
        board = board - cyl(hx, hy, s - 1, bt + 2, PICO["holes"][2])
    below = box(px - bw / 2, y_far, s - PICO["parts_h"], px + bw / 2, y_usb, s)
    for hx, hy in _pico_holes(lay):
        below = below - cyl(hx, hy, s - PICO["parts_h"] - 1, PICO["parts_h"] + 2, PICO_POST + 0.6)
    uw, ul, uh = PICO["usb"]
    usb = box(px - uw / 2, y_usb + PICO["usb_overhang"] - ul, s - uh, px + uw / 2, y_usb + PICO["usb_overhang"], s)
    wires = box(px - bw / 2, y_far, s + bt, px + bw / 2, y_usb, s + bt + PICO["wires_up"])
    parts["pico"] = union([board, below, usb, wires])

    # the USB plug, pushed home: what must pass the wall
    # (the 5 mm of shell inside the socket is left out: it is the socket's own room)
    mw, mh, ml = PICO["plug_metal"]
    face = y_usb + PICO["usb_overhang"]
    zc = s - uh / 2
    out = ml - 5.0
    metal = box(px - mw / 2, face, zc - mh / 2, px + mw / 2, face + out, zc + mh / 2)
    ow, oh, ol = PICO["plug"]
    over = box(px - ow / 2, face + out, zc - oh / 2, px + ow / 2, face + out + ol, zc + oh / 2)
    parts["usb plug"] = metal + over

    # display under the lid: glass against the lid, board, parts and wires below
    dg = display_geometry(p, lay)
    d = DISPLAYS[p.display]
    gt, btk = d["glass"][2], d["board"][2]
    x0, y0, x1, y1 = dg["glass"]
    glass = box(x0, y0, H - gt, x1, y1, H)
    x0, y0, x1, y1 = dg["board"]
    pcb = box(x0, y0, H - gt - btk, x1, y1, H - gt)
    back = box(x0 + 1, y0 + 1, H - gt - btk - DISPLAY_BACK, x1 - 1, y1 - 1, H - gt - btk)
    ww, wd, wz = DISPLAY_WIRES
    cx = (x0 + x1) / 2
    wires = box(cx - ww / 2, y1 - wd, H - gt - btk - wz, cx + ww / 2, y1, H - gt - btk)
    parts["display"] = union([glass, pcb, back, wires])

    # piezo in its ring under the lid, leads and wires below
    zx, zy = lay.piezo
    parts["piezo"] = (cyl(zx, zy, H - PIEZO["h"], PIEZO["h"], PIEZO["d"])
                      + cyl(zx, zy, H - PIEZO["h"] - PIEZO["leads"], PIEZO["leads"], 8.0))

    if lay.battery:
        bx, by = lay.battery
        L, Wd, Ht = BATT["size"]
        parts["battery"] = box(bx, by, 0, bx + L, by + Wd, Ht)

    # jacks through the back wall: body and wires inside, nut outside
    for i, (jx, jz) in enumerate(lay.jacks):
        w, h, dep = JACK["body"]
        inside = box(jx - w / 2, D - dep - JACK["lugs"], jz - h / 2, jx + w / 2, D, jz + h / 2)
        bush = cyl_y(jx, D - 0.01, jz, p.wall + JACK["nut"][1] + 1.5, JACK["bush"])
        nut = cyl_y(jx, D + p.wall, jz, JACK["nut"][1], JACK["nut"][0], segments=6)
        parts["jack %d" % (i + 1)] = union([inside, bush, nut])

    # the slide switch against the left wall: its body, pins and wires inside,
    # its knob in the slot (at the middle of its travel)
    if lay.switch:
        sw = SWITCH_PART
        ys, zs = lay.switch
        bl, bw, bh = sw["body"]
        kl, kw, kh = sw["knob"]
        inside = box(0, ys - bl / 2, zs - bw / 2, bh + sw["pins"] + sw["wires"], ys + bl / 2, zs + bw / 2)
        knob = box(-kh, ys - kl / 2, zs - kw / 2, 0, ys + kl / 2, zs + kw / 2)
        parts["switch"] = inside + knob

    # buttons in the lid: cap above, body below
    btn = BUTTON_PARTS[p.button]
    for i, (bx, by) in enumerate(lay.buttons):
        parts["button %d" % (i + 1)] = (cyl(bx, by, H + p.lid_t, btn["bezel_h"], btn["bezel"])
                                        + cyl(bx, by, H - btn["depth"], btn["depth"] + p.lid_t, btn["hole"] - 0.4)
                                        + cyl(bx, by, H - btn["depth"], btn["depth"] - 1.0, btn["body"]))
    return parts


def switch_slot(lay):
    """The knob's way through the left wall: (y0, z0, y1, z1)."""
    sw = SWITCH_PART
    ys, zs = lay.switch
    half_y = (sw["knob"][0] + sw["travel"]) / 2 + sw["slot_clear"]
    half_z = sw["knob"][1] / 2 + sw["slot_clear"]
    return ys - half_y, zs - half_z, ys + half_y, zs + half_z


SEGMENTS = {  # seven-segment digits: a top, b top right, c bottom right, d bottom, e bottom left, f top left, g middle
    0: "abcdef", 1: "bc", 2: "abged", 3: "abgcd", 4: "fgbc", 5: "afgcd", 6: "afgedc", 7: "abc", 8: "abcdefg",
    9: "abcdfg",
}


def digit_strokes(n, u, v, h=None):
    """Digit n as rectangles (u0, v0, u1, v1) centred on (u, v), u to the
    right and v up as it reads."""
    h = h or DIGIT["h"]
    w, s = DIGIT["w"] * h / DIGIT["h"], DIGIT["stroke"]
    x0, x1, y0, ym, y1 = u - w / 2, u + w / 2, v - h / 2, v, v + h / 2
    seg = {"a": (x0, y1 - s, x1, y1), "d": (x0, y0, x1, y0 + s), "g": (x0, ym - s / 2, x1, ym + s / 2),
           "f": (x0, ym, x0 + s, y1), "b": (x1 - s, ym, x1, y1), "e": (x0, y0, x0 + s, ym),
           "c": (x1 - s, y0, x1, ym)}
    return [seg[k] for k in SEGMENTS[n]]


def seat_labels(p, lay):
    """Where each seat's number goes: [(n, u, v)] in the face's own reading
    coordinates: the back wall seen from outside (u = W - x, v = z), or the
    lid seen from above (u = x, v = y)."""
    if lay.jacks:
        nut = JACK["nut"][0]
        return [(i + 1, lay.W - jx, jz - nut / 2 - 2.0 - DIGIT["h"] / 2) for i, (jx, jz) in enumerate(lay.jacks)]
    btn = BUTTON_PARTS[p.button]
    return [(i + 1, bx - max(btn["bezel"], btn["body"]) / 2 - 2.0 - DIGIT["w"] / 2, by)
            for i, (bx, by) in enumerate(lay.buttons)]


def _pico_holes(lay):
    px, y_far, y_usb = lay.pico
    hx, hy, _ = PICO["holes"]
    yc = (y_far + y_usb) / 2
    return [(px + sx * hx / 2, yc + sy * hy / 2) for sx in (-1, 1) for sy in (-1, 1)]


def _corner_posts(lay):
    W, D = lay.W, lay.D
    return [(POST / 2, POST / 2), (W - POST / 2, POST / 2), (POST / 2, D - POST / 2), (W - POST / 2, D - POST / 2)]


# ------------------------------------------------------------------- base
def base(p, lay):
    W, D, H, t, f = lay.W, lay.D, lay.H, p.wall, p.floor
    shell = box(-t, -t, -f, W + t, D + t, H) - box(0, 0, 0, W, D, H + 1)
    solids = [shell]
    for x, y in _corner_posts(lay):
        solids.append(box(x - POST / 2, y - POST / 2, 0, x + POST / 2, y + POST / 2, H))
    # Pico: four solid posts with a locating pin each, and a stop behind its far end
    # that takes the push of the USB plug
    for hx, hy in _pico_holes(lay):
        solids.append(cyl(hx, hy, 0, PICO_S, PICO_POST))
        solids.append(cyl(hx, hy, PICO_S, PICO["board"][2], 1.8))
    px, y_far, _ = lay.pico
    solids.append(box(px - 4, y_far - 0.3 - 3.0, 0, px + 4, y_far - 0.3, PICO_S + PICO["board"][2]))
    # battery holder: two low ribs along its long sides locate it (stick it down with tape)
    if lay.battery:
        bx, by = lay.battery
        L, Wd, _ = BATT["size"]
        rt, rh = BATT["rib"]
        for y in (by - 0.5 - rt, by + Wd + 0.5):
            solids.append(box(bx + 8, y, 0, bx + L - 8, y + rt, rh))
    # the switch's cradle on the left wall: a frame round its body, glued in
    if lay.switch:
        sw = SWITCH_PART
        ys, zs = lay.switch
        bl, bw, _ = sw["body"]
        fr, c = sw["frame"], 0.15
        solids.append(box(0, ys - bl / 2 - c - fr, zs - bw / 2 - c - fr, 3.0, ys + bl / 2 + c + fr, zs + bw / 2 + c + fr)
                      - box(-1, ys - bl / 2 - c, zs - bw / 2 - c, 4.0, ys + bl / 2 + c, zs + bw / 2 + c))
    body = union(solids)

    cuts = []
    for x, y in _corner_posts(lay):
        cuts.append(cyl(x, y, H - SCREW["depth"], SCREW["depth"] + 1, SCREW["pilot"]))
    # USB: an opening for the plug's overmould, roofed at 45 degrees
    px, _, y_usb = lay.pico
    ow, oh, _ = PICO["plug"]
    zc = PICO_S - PICO["usb"][2] / 2
    cuts.append(teardrop_y(px, D - 1, zc, t + 2, ow + 1.0, oh + 1.0))
    for jx, jz in lay.jacks:
        cuts.append(cyl_y(jx, D - 1, jz, t + 2, JACK["hole"]))
    if lay.switch:
        y0, z0, y1, z1 = switch_slot(lay)
        cuts.append(box(-t - 1, y0, z0, 1, y1, z1))
    # each jack's seat number, engraved in the back wall's outside face
    if lay.jacks:
        d = DIGIT["depth"]
        for n, u, v in seat_labels(p, lay):
            for u0, v0, u1, v1 in digit_strokes(n, u, v):
                cuts.append(box(W - u1, D + t - d, v0, W - u0, D + t + 1, v1))
    return body - union(cuts)


# -------------------------------------------------------------------- lid
def lid(p, lay):
    """The lid in place on the base (its plate from z = H up)."""
    W, D, H, t = lay.W, lay.D, lay.H, p.wall
    plate = box(-t, -t, H, W + t, D + t, H + p.lid_t)
    # the lip that drops inside the walls, cut round the corner posts
    c, st = p.clearance, SKIRT[1]
    skirt = box(c, c, H - SKIRT[0], W - c, D - c, H) - box(c + st, c + st, H - SKIRT[0] - 1, W - c - st, D - c - st, H + 1)
    for x, y in _corner_posts(lay):
        skirt = skirt - box(x - POST / 2 - c, y - POST / 2 - c, H - SKIRT[0] - 1, x + POST / 2 + c, y + POST / 2 + c, H + 1)
    # no lip over the Pico's far end: its wires rise there as high as the lip
    px = lay.pico[0]
    half = PICO["board"][0] / 2 + p.part_gap
    skirt = skirt - box(px - half, D - c - st - 1, H - SKIRT[0] - 1, px + half, D + 1, H + 1)
    solids = [plate, skirt]

    # display: a frame round the board, as deep as glass + board
    dg = display_geometry(p, lay)
    d = DISPLAYS[p.display]
    x0, y0, x1, y1 = dg["board"]
    depth = d["glass"][2] + d["board"][2]
    inner = (x0 - c, y0 - c, x1 + c, y1 + c)
    frame = (box(inner[0] - RIM, inner[1] - RIM, H - depth, inner[2] + RIM, inner[3] + RIM, H)
             - box(inner[0], inner[1], H - depth - 1, inner[2], inner[3], H + 1))
    # a gap in the frame's back side for the header and its wires
    ww = DISPLAY_WIRES[0]
    cx = (x0 + x1) / 2
    frame = frame - box(cx - ww / 2 - c, inner[3] - 1, H - depth - 1, cx + ww / 2 + c, inner[3] + RIM + 1, H + 1)
    solids.append(frame)

    # piezo: a ring it presses into, sound holes above it
    zx, zy = lay.piezo
    ring_h = PIEZO["h"] - 1.5
    solids.append(cyl(zx, zy, H - ring_h, ring_h, PIEZO["d"] + 0.4 + 2 * PIEZO_RING)
                  - cyl(zx, zy, H - ring_h - 1, ring_h + 2, PIEZO["d"] + 0.4))
    body = union(solids)

    cuts = []
    for x, y in _corner_posts(lay):
        cuts.append(cyl(x, y, H - 1, p.lid_t + 2, SCREW["hole"]))
        cuts.append(cyl(x, y, H + p.lid_t - SCREW["head_h"], SCREW["head_h"] + 1, SCREW["head"]))
    x0, y0, x1, y1 = dg["window"]
    cuts.append(box(x0, y0, H - 1, x1, y1, H + p.lid_t + 1))
    for hx, hy in piezo_holes(lay):
        cuts.append(cyl(hx, hy, H - 1, p.lid_t + 2, 1.5, segments=16))
    btn = BUTTON_PARTS[p.button]
    for bx, by in lay.buttons:
        cuts.append(cyl(bx, by, H - 1, p.lid_t + 2, btn["hole"]))
    # each lid button's seat number, engraved in the lid's top face
    if lay.buttons:
        top = H + p.lid_t
        for n, u, v in seat_labels(p, lay):
            for u0, v0, u1, v1 in digit_strokes(n, u, v):
                cuts.append(box(u0, v0, top - DIGIT["depth"], u1, v1, top + 1))
    return body - union(cuts)


def piezo_holes(lay):
    """Seven 1.5 mm sound holes over the piezo."""
    import math
    zx, zy = lay.piezo
    return [(zx, zy)] + [(zx + 3.5 * math.cos(a * math.pi / 3), zy + 3.5 * math.sin(a * math.pi / 3)) for a in range(6)]


# ------------------------------------------------------------------ pucks
PUCK = dict(wall=2.0, top=3.0, margin=8.5, notch=(6.0, 5.0), bottom=2.0, lip=3.0)


def puck_size(p):
    btn = BUTTON_PARTS[p.button]
    od = max(btn["bezel"], btn["body"]) + 2 * PUCK["margin"]   # a ring round the cap: room for a seat label
    h = PUCK["top"] + btn["depth"] + 2.0                          # + room for the cable's knot
    return od, h


def puck_shell(p):
    """The puck, upside down as printed: its top plate on the bed, open below.
    The cable leaves through a notch in the rim, held by the base plate."""
    btn = BUTTON_PARTS[p.button]
    od, h = puck_size(p)
    w = PUCK["wall"]
    shell = cyl(0, 0, 0, h, od) - cyl(0, 0, PUCK["top"], h, od - 2 * w)
    shell = shell - cyl(0, 0, -1, PUCK["top"] + 2, btn["hole"])
    nw, nh = PUCK["notch"]
    shell = shell - box(-nw / 2, od / 2 - w - 1, h - nh, nw / 2, od / 2 + 1, h + 1)
    return shell


def puck_base(p):
    """The puck's bottom: a plate with a lip that presses into the shell."""
    od, _ = puck_size(p)
    inner = od - 2 * PUCK["wall"] - 2 * p.clearance
    plate = cyl(0, 0, 0, PUCK["bottom"], od)
    lip = cyl(0, 0, PUCK["bottom"], PUCK["lip"], inner) - cyl(0, 0, PUCK["bottom"] - 1, PUCK["lip"] + 2, inner - 2 * 1.6)
    nw, _ = PUCK["notch"]
    lip = lip - box(-nw / 2 - p.clearance, 0, PUCK["bottom"], nw / 2 + p.clearance, od, PUCK["bottom"] + PUCK["lip"] + 1)
    return plate + lip


# ----------------------------------------------------------- the whole set
def to_print(m):
    """Put a part on the bed: lowest point at z = 0, centred on x, y = 0."""
    x0, y0, z0, x1, y1, z1 = m.bounding_box()
    return m.translate((-(x0 + x1) / 2, -(y0 + y1) / 2, -z0))


def build(p=None):
    """Everything the outputs and the checks need, for one set of parameters."""
    p = (p or Params()).check()
    lay = layout(p)
    b = base(p, lay)
    lt = lid(p, lay)
    printed = {
        "base": to_print(b),
        # the lid prints upside down: its top face on the bed
        "lid": to_print(lt.rotate((180, 0, 0))),
    }
    if p.buttons == "cable":
        printed["puck_shell"] = to_print(puck_shell(p))
        printed["puck_base"] = to_print(puck_base(p))
    return dict(params=p, layout=lay, base=b, lid=lt, parts=placed_parts(p, lay), printed=printed,
                display=display_geometry(p, lay))


def params_with(**changes):
    return replace(Params(), **changes).check()
