# What the model makes, so that a maker needs nothing installed: binary STL
# files, a PNG picture of the box (drawn here with Pillow: no 3D viewer
# needed), a 1:1 drilling template PDF (fpdf2) for a bought project box, and
# build.json with the check figures. STEP is not written: manifold3d works on
# triangle meshes and has no STEP (B-rep) writer.
import hashlib
import json
import math
import os
import struct

import numpy as np
from manifold3d import Manifold, Mesh

import enclosure as enc

HERE = os.path.dirname(os.path.abspath(__file__))


def inputs_hash(p):
    """What the outputs are made from: the parameters and the model's code.
    Written into build.json, the PNG and the PDF, so a test can tell when the
    committed files no longer match what `make enclosure` would make."""
    h = hashlib.sha256(json.dumps(p.as_dict(), sort_keys=True).encode())
    for name in ("enclosure.py", "outputs.py"):
        with open(os.path.join(HERE, name), "rb") as f:
            h.update(f.read().replace(b"\r\n", b"\n"))
    return h.hexdigest()[:16]


# ---------------------------------------------------------------------- STL
def _triangles(m):
    mesh = m.to_mesh()
    v = np.asarray(mesh.vert_properties, dtype=np.float64)[:, :3]
    t = np.asarray(mesh.tri_verts, dtype=np.int64)
    return v, t


def write_stl(path, m, name):
    v, t = _triangles(m)
    a, b, c = v[t[:, 0]], v[t[:, 1]], v[t[:, 2]]
    n = np.cross(b - a, c - a)
    n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-12)
    rec = np.zeros(len(t), dtype=[("n", "<f4", 3), ("a", "<f4", 3), ("b", "<f4", 3), ("c", "<f4", 3),
                                  ("attr", "<u2")])
    rec["n"], rec["a"], rec["b"], rec["c"] = n, a, b, c
    header = ("tileclock %s, mm" % name).encode()[:80].ljust(80, b" ")
    with open(path, "wb") as f:
        f.write(header + struct.pack("<I", len(t)) + rec.tobytes())


def read_stl(path):
    """A binary STL back into a manifold (vertices merged by position)."""
    with open(path, "rb") as f:
        data = f.read()
    count = struct.unpack("<I", data[80:84])[0]
    rec = np.frombuffer(data[84:84 + 50 * count], dtype=[("n", "<f4", 3), ("a", "<f4", 3), ("b", "<f4", 3),
                                                          ("c", "<f4", 3), ("attr", "<u2")])
    corners = np.stack([rec["a"], rec["b"], rec["c"]], axis=1).reshape(-1, 3)
    verts, index = np.unique(corners, axis=0, return_inverse=True)
    tris = index.reshape(-1, 3).astype(np.uint32)
    return Manifold(Mesh(vert_properties=verts.astype(np.float32), tri_verts=tris))


# ---------------------------------------------------------------------- PNG
def _view(azimuth, elevation):
    """Rows: screen right, screen up, towards the camera. Azimuth 0 looks at
    the front wall; negative turns the camera to the left."""
    az, el = math.radians(azimuth), math.radians(elevation)
    towards = np.array([math.cos(el) * math.sin(az), -math.cos(el) * math.cos(az), math.sin(el)])
    right = np.array([math.cos(az), math.sin(az), 0.0])
    return np.stack([right, np.cross(towards, right), towards])


def _raster(scene, rot, scale, offset, size, light):
    """A small z-buffer renderer: flat-shaded triangles, and dark lines where
    the surface folds sharply or one object passes behind another, so the
    shapes read clearly without a 3D viewer. Returns an RGB array."""
    w, h = size
    zbuf = np.full((h, w), -np.inf)
    rgb = np.full((h, w, 3), 255.0)
    nbuf = np.zeros((h, w, 3))
    for m, colour in scene:
        v, t = _triangles(m)
        p = v @ rot.T
        sx = offset[0] + p[:, 0] * scale
        sy = offset[1] - p[:, 1] * scale
        a, b, c = p[t[:, 0]], p[t[:, 1]], p[t[:, 2]]
        n = np.cross(b - a, c - a)
        n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-12)
        shade = 0.35 + 0.65 * np.clip(n @ light, 0, 1)
        for fi in np.nonzero(n[:, 2] > 1e-6)[0]:
            i0, i1, i2 = t[fi]
            xs, ys, zs = sx[[i0, i1, i2]], sy[[i0, i1, i2]], p[[i0, i1, i2], 2]
            x0, x1 = max(int(xs.min()), 0), min(int(xs.max()) + 1, w - 1)
            y0, y1 = max(int(ys.min()), 0), min(int(ys.max()) + 1, h - 1)
            if x1 < x0 or y1 < y0:
                continue
            gx, gy = np.meshgrid(np.arange(x0, x1 + 1) + 0.5, np.arange(y0, y1 + 1) + 0.5)
            d = (ys[1] - ys[2]) * (xs[0] - xs[2]) + (xs[2] - xs[1]) * (ys[0] - ys[2])
            if abs(d) < 1e-9:
                continue
            l0 = ((ys[1] - ys[2]) * (gx - xs[2]) + (xs[2] - xs[1]) * (gy - ys[2])) / d
            l1 = ((ys[2] - ys[0]) * (gx - xs[2]) + (xs[0] - xs[2]) * (gy - ys[2])) / d
            l2 = 1 - l0 - l1
            inside = (l0 >= -1e-6) & (l1 >= -1e-6) & (l2 >= -1e-6)
            z = l0 * zs[0] + l1 * zs[1] + l2 * zs[2]
            zb = zbuf[y0:y1 + 1, x0:x1 + 1]
            win = inside & (z > zb)
            zb[win] = z[win]
            rgb[y0:y1 + 1, x0:x1 + 1][win] = np.array(colour) * shade[fi]
            nbuf[y0:y1 + 1, x0:x1 + 1][win] = n[fi]
    # outlines: a fold between neighbouring pixels, or a step in depth
    edge = np.zeros((h, w), bool)
    solid = np.isfinite(zbuf)
    zf = np.where(solid, zbuf, -1e6)
    for dy, dx in ((0, 1), (1, 0)):
        a_n, b_n = nbuf[:h - dy, :w - dx], nbuf[dy:, dx:]
        fold = (a_n * b_n).sum(axis=2) < 0.9
        step = np.abs(zf[:h - dy, :w - dx] - zf[dy:, dx:]) > 2.0 / 1.0
        e = (fold | step) & (solid[:h - dy, :w - dx] | solid[dy:, dx:])
        edge[:h - dy, :w - dx] |= e
    rgb[edge] = (45, 45, 45)
    return np.clip(rgb, 0, 255).astype(np.uint8)


def _fit(scene, rot, box_px):
    pts = np.concatenate([_triangles(m)[0] @ rot.T for m, _ in scene])
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    x0, y0, x1, y1 = box_px
    scale = min((x1 - x0) / (hi[0] - lo[0]), (y1 - y0) / (hi[1] - lo[1]))
    offset = ((x0 + x1) / 2 - (lo[0] + hi[0]) / 2 * scale, (y0 + y1) / 2 + (lo[1] + hi[1]) / 2 * scale)
    return scale, offset


BASE_RGB, LID_RGB, PUCK_RGB = (235, 235, 228), (120, 170, 215), (215, 90, 80)
PART_RGB = {"pico": (60, 150, 80), "display": (40, 40, 60), "piezo": (30, 30, 30), "battery": (70, 70, 200),
            "jack": (200, 170, 60), "button": (220, 60, 60), "usb plug": (90, 90, 90), "switch": (150, 60, 170)}


def _on_screen(point, rot, scale, offset):
    """Where a point of the model lands in the picture (pixels)."""
    q = np.asarray(point, dtype=float) @ rot.T
    return offset[0] + q[0] * scale, offset[1] - q[1] * scale


def _seat_numbers(draw, r, rot, scale, offset, font, lift=0.0):
    """Each seat's number beside its jack's nut (outside the back wall) or
    its button's cap, as the box is numbered (enclosure.seat_labels), and
    the switch named beside its knob."""
    p, lay = r["params"], r["layout"]
    at = []
    for i, (jx, jz) in enumerate(lay.jacks):
        at.append((i + 1, (jx, lay.D + p.wall + enc.JACK["nut"][1] + 6.0, jz + 7.0)))
    btn = enc.BUTTON_PARTS[p.button]
    for i, (bx, by) in enumerate(lay.buttons):
        at.append((i + 1, (bx, by, lay.H + p.lid_t + btn["bezel_h"] + 4.0 + lift)))
    if lay.switch:
        ys, zs = lay.switch
        at.append(("switch", (-p.wall - 10.0, ys, zs + 6.0)))
    for n, point in at:
        x, y = _on_screen(point, rot, scale, offset)
        text = str(n)
        box = draw.textbbox((0, 0), text, font=font)
        w, h = box[2] - box[0], box[3] - box[1]
        draw.rectangle((x - w / 2 - 6, y - h / 2 - 6, x + w / 2 + 6, y + h / 2 + 10), fill=(255, 255, 255),
                       outline=(0, 0, 0), width=2)
        draw.text((x - w / 2 - box[0], y - h / 2 - box[1]), text, fill=(0, 0, 0), font=font)


def _puck_assembled(p):
    shell = enc.puck_shell(p)
    _, h = enc.puck_size(p)
    return shell.mirror((0, 0, 1)).translate((0, 0, h)) + enc.puck_base(p).translate((0, 0, -enc.PUCK["bottom"]))


def _paste(canvas, layer):
    drawn = (layer != 255).any(axis=2)
    canvas[drawn] = layer[drawn]


def render_png(r, path, stamp):
    from PIL import Image, ImageDraw, ImageFont, PngImagePlugin
    p, lay = r["params"], r["layout"]
    S = 2                                   # drawn at twice the size, then scaled down: smooth edges
    W, H = 1600, 900
    canvas = np.full((H * S, W * S, 3), 255, np.uint8)
    font = ImageFont.load_default(size=22 * S)
    small = ImageFont.load_default(size=17 * S)
    light = np.array([0.35, 0.45, 0.82])
    light /= np.linalg.norm(light)
    rot = _view(-145, 32)

    # left: the closed box, with pucks on their cables beside it
    closed = [(r["base"], BASE_RGB), (r["lid"], LID_RGB)]
    glass = r["display"]["active"]
    closed.append((enc.box(glass[0], glass[1], lay.H + p.lid_t - 0.8, glass[2], glass[3], lay.H + p.lid_t - 0.5),
                   (25, 25, 40)))
    for name, m in r["parts"].items():
        kind = name.split(" ")[0] if name.split(" ")[0] in ("button", "jack") else name
        if kind in ("button", "jack", "usb plug", "switch"):
            closed.append((m, PART_RGB[kind]))
    if p.buttons == "cable":
        od, _ = enc.puck_size(p)
        puck = _puck_assembled(p)
        btn = enc.BUTTON_PARTS[p.button]
        _, ph = enc.puck_size(p)
        cap = enc.cyl(0, 0, ph, btn["bezel_h"], btn["bezel"])
        for i in range(2):
            at = (lay.W + p.wall + 15 + od / 2, lay.D - od / 2 - i * (od + 10), -p.floor - enc.PUCK["bottom"])
            closed.append((puck.translate(at), PUCK_RGB))
            closed.append((cap.translate(at), PART_RGB["button"]))
    scale, offset = _fit(closed, rot, (40 * S, 90 * S, 790 * S, 820 * S))
    _paste(canvas, _raster(closed, rot, scale, offset, (W * S, H * S), light))

    # right: lid lifted, the parts inside shown in place
    lifted = r["lid"].translate((0, 0, 45))
    opened = [(r["base"], BASE_RGB), (lifted, LID_RGB)]
    for name, m in r["parts"].items():
        key = name.split(" ")[0] if name.split(" ")[0] in PART_RGB else name
        if name in ("display", "piezo") or name.startswith("button"):
            m = m.translate((0, 0, 45))
        opened.append((m, PART_RGB.get(key, (150, 150, 150))))
    scale2, offset2 = _fit(opened, rot, (830 * S, 90 * S, 1570 * S, 820 * S))
    _paste(canvas, _raster(opened, rot, scale2, offset2, (W * S, H * S), light))
    img = Image.fromarray(canvas)
    draw = ImageDraw.Draw(img)
    _seat_numbers(draw, r, rot, scale, offset, small)
    _seat_numbers(draw, r, rot, scale2, offset2, small, lift=45)

    title = "tileclock box: %d seats, %s, buttons %s, battery %s" % (
        p.seats, enc.DISPLAYS[p.display]["name"], "on 3.5 mm jacks + pucks" if p.buttons == "cable" else "in the lid",
        p.battery)
    draw.text((30 * S, 20 * S), title, fill=(0, 0, 0), font=font)
    size = "outside %.0f x %.0f x %.0f mm" % (lay.W + 2 * p.wall, lay.D + 2 * p.wall, lay.H + p.floor + p.lid_t)
    draw.text((30 * S, 52 * S), size + "   (make enclosure; %s)" % stamp, fill=(90, 90, 90), font=small)
    closed_text = "closed" + (", two of the seat pucks" if p.buttons == "cable" else "")
    closed_text += "; seats numbered as on the box"
    draw.text((40 * S, 850 * S), closed_text, fill=(0, 0, 0), font=font)
    legend = "lid lifted: Pico (green, wires up), display and piezo (under the lid)"
    more = [what for what, there in (("battery (blue)", lay.battery), ("switch (purple)", lay.switch),
                                     ("jacks (yellow)", lay.jacks)) if there]
    draw.text((830 * S, 840 * S), legend + ("," if more else ""), fill=(0, 0, 0), font=small)
    if more:
        draw.text((830 * S, 864 * S), ", ".join(more), fill=(0, 0, 0), font=small)
    img = img.resize((W, H), Image.LANCZOS)
    info = PngImagePlugin.PngInfo()
    info.add_text("tileclock-enclosure", stamp)
    img.save(path, pnginfo=info, optimize=True)


# ---------------------------------------------------------------------- PDF
def template_pdf(r, path, stamp):
    """A 1:1 drilling template for a bought box: the lid's top face and the
    back wall's outside face, holes marked with centre crosses and sizes, and
    a 100 mm scale bar to check the print (print at 100 %, no "fit to page")."""
    from fpdf import FPDF
    p, lay = r["params"], r["layout"]
    t = p.wall
    lid_w, lid_d = lay.W + 2 * t, lay.D + 2 * t
    wall_h = lay.H + p.floor
    need_h = 30 + lid_d + 25 + wall_h + 45 + ((wall_h + 22) if lay.switch else 0)
    fmt = "A4" if max(lid_w, 100) + 30 <= 210 and need_h <= 297 else "A3"
    pdf = FPDF(orientation="P", unit="mm", format=fmt)
    pdf.set_creation_date(__import__("datetime").datetime(2024, 1, 1))
    pdf.set_title("tileclock drilling template")
    pdf.set_keywords("tileclock-enclosure %s" % stamp)
    pdf.set_creator("hardware/enclosure/build.py")
    pdf.add_page()
    pw = pdf.w
    pdf.set_font("helvetica", size=12)
    pdf.set_xy(10, 8)
    pdf.cell(0, 6, "tileclock drilling template, 1:1 (print at 100 %, check the 100 mm bar)")
    pdf.set_font("helvetica", size=8)
    pdf.set_xy(10, 14)
    pdf.cell(0, 4, "%d seats, %s, buttons %s, battery %s; box %.0f x %.0f mm outside. %s" % (
        p.seats, enc.DISPLAYS[p.display]["name"], p.buttons, p.battery, lid_w, lid_d, stamp))

    def cross(x, y, d, label=None, arms=2.0):
        pdf.set_draw_color(0)
        pdf.set_line_width(0.2)
        pdf.circle(x=x, y=y, radius=d / 2, style="D")
        pdf.line(x - d / 2 - arms, y, x + d / 2 + arms, y)
        pdf.line(x, y - d / 2 - arms, x, y + d / 2 + arms)
        if label:
            pdf.set_xy(x + d / 2 + 1, y - d / 2 - 3.5)
            pdf.cell(0, 3, label)

    def note(x, y, text):
        """A line or two under a drawing, kept inside the page's margin."""
        pdf.set_xy(x, y)
        pdf.multi_cell(pw - x - 10, 3.5, text)

    # the lid, seen from above: front edge at the bottom of the page
    ox, oy = (pw - lid_w) / 2, 24
    pdf.set_line_width(0.4)
    pdf.rect(ox, oy, lid_w, lid_d)
    pdf.set_xy(ox, oy - 4)
    pdf.cell(0, 3, "LID, top face (front edge at the bottom)  %.1f x %.1f mm" % (lid_w, lid_d))

    def lid_xy(x, y):                      # box coordinates -> page
        return ox + t + x, oy + t + (lay.D - y)
    x0, y0, x1, y1 = r["display"]["window"]
    a, b = lid_xy(x0, y1)
    pdf.set_line_width(0.3)
    pdf.rect(a, b, x1 - x0, y1 - y0)
    # the label inside the window (cut away with it), clear of every crosshair
    pdf.set_xy(a, b + (y1 - y0) / 2 - 3.5)
    pdf.cell(x1 - x0, 3.5, "window", align="C")
    pdf.set_xy(a, b + (y1 - y0) / 2)
    pdf.cell(x1 - x0, 3.5, "%.1f x %.1f" % (x1 - x0, y1 - y0), align="C")
    hole_d = r["display"]["holes"][0][2] + 0.2
    for hx, hy, hd in r["display"]["holes"]:
        cross(*lid_xy(hx, hy), hd + 0.2)
    for hx, hy in enc.piezo_holes(lay):
        cross(*lid_xy(hx, hy), 1.5, arms=0.4)
    zx, zy = lid_xy(*lay.piezo)
    pdf.set_xy(zx - 10, zy + 6)
    pdf.cell(0, 3, "piezo: 7 x 1.5 mm")
    for i, (bx, by) in enumerate(lay.buttons):
        cross(*lid_xy(bx, by), enc.BUTTON_PARTS[p.button]["hole"], "seat %d: %.1f mm" % (
            i + 1, enc.BUTTON_PARTS[p.button]["hole"]))
    screw = "M%d" % round(r["display"]["holes"][0][2])
    note(ox, oy + lid_d + 1, "Window: drill 3 mm holes inside its corners, saw and file to the line. Display "
         "holes: %.1f mm for %s screws (typical positions: check your module first). Piezo: 1.5 mm holes.%s"
         % (hole_d, screw, " Seat buttons: holes as marked." if lay.buttons else ""))

    # the back wall, seen from outside (so x runs right to left)
    wy = oy + lid_d + 17
    pdf.set_line_width(0.4)
    pdf.rect(ox, wy, lid_w, wall_h)
    pdf.set_xy(ox, wy - 4)
    pdf.cell(0, 3, "BACK WALL, outside face (lid edge at the top)  %.1f x %.1f mm" % (lid_w, wall_h))

    def wall_xy(x, z):
        return ox + t + (lay.W - x), wy + (lay.H - z)
    for i, (jx, jz) in enumerate(lay.jacks):
        cross(*wall_xy(jx, jz), enc.JACK["hole"], "%d" % (i + 1))
    if lay.jacks:
        note(ox, wy + wall_h + 1, "Seat jacks 1-%d: %.1f mm holes (a 6.5 mm drill), %.0f mm apart; USB: "
             "%.1f x %.1f mm opening." % (len(lay.jacks), enc.JACK["hole"], enc.JACK["pitch"],
                                          enc.PICO["plug"][0] + 1, enc.PICO["plug"][1] + 1))
    px = lay.pico[0]
    zc = enc.PICO_S - enc.PICO["usb"][2] / 2
    ow, oh = enc.PICO["plug"][0] + 1.0, enc.PICO["plug"][1] + 1.0
    a, b = wall_xy(px + ow / 2, zc + oh / 2)
    pdf.set_line_width(0.3)
    # the printed base roofs this opening at 45 degrees; a drilled box can keep it square
    pdf.rect(a, b, ow, oh)
    pdf.set_xy(a + ow + 1, b)
    pdf.cell(0, 3, "USB")

    # the left wall, seen from outside (so y runs right to left): the switch's slot
    sy = wy + wall_h + 14
    if lay.switch:
        side_w = lay.D + 2 * t
        lx = (pw - side_w) / 2
        ly = sy + 4
        pdf.set_line_width(0.4)
        pdf.rect(lx, ly, side_w, wall_h)
        pdf.set_xy(lx, ly - 4)
        pdf.cell(0, 3, "LEFT WALL, outside face (lid edge at the top, front edge at the right)  %.1f x %.1f mm"
                 % (side_w, wall_h))
        y0, z0, y1, z1 = enc.switch_slot(lay)
        a, b = lx + t + (lay.D - y1), ly + (lay.H - z1)
        pdf.set_line_width(0.3)
        pdf.rect(a, b, y1 - y0, z1 - z0)
        pdf.line(a + (y1 - y0) / 2, b - 2, a + (y1 - y0) / 2, b + (z1 - z0) + 2)
        pdf.line(a - 2, b + (z1 - z0) / 2, a + (y1 - y0) + 2, b + (z1 - z0) / 2)
        pdf.set_xy(a + (y1 - y0) + 3, b - 1)
        pdf.cell(0, 3, "switch")
        note(lx, ly + wall_h + 1, "Switch slot %.1f x %.1f mm for the %s: drill 2 mm holes side by side, "
             "file to the line." % (y1 - y0, z1 - z0, enc.SWITCH_PART["name"]))
        sy = ly + wall_h + 18

    # scale bar
    pdf.set_line_width(0.5)
    pdf.line(20, sy, 120, sy)
    for i in range(11):
        pdf.line(20 + 10 * i, sy - (3 if i % 5 == 0 else 1.5), 20 + 10 * i, sy)
    for mm in (0, 50, 100):
        pdf.set_xy(20 + mm - 3, sy + 1)
        pdf.cell(6, 4, "%d" % mm, align="C")
    pdf.set_xy(20, sy + 6)
    pdf.cell(0, 4, "100 mm: measure this bar; if it is not 100 mm, print again at 100 %")
    pdf.output(path)


# ----------------------------------------------------------------- the set
def write_all(r, out, figures):
    os.makedirs(out, exist_ok=True)
    stamp = "inputs %s" % inputs_hash(r["params"])
    files = {}
    for name, m in r["printed"].items():
        fn = "%s.stl" % name
        write_stl(os.path.join(out, fn), m, name)
        x0, y0, z0, x1, y1, z1 = m.bounding_box()
        files[fn] = dict(volume=round(m.volume(), 1), size=[round(x1 - x0, 2), round(y1 - y0, 2), round(z1 - z0, 2)])
    render_png(r, os.path.join(out, "assembly.png"), stamp)
    template_pdf(r, os.path.join(out, "drilling-template.pdf"), stamp)
    with open(os.path.join(out, "build.json"), "w", encoding="utf-8") as f:
        json.dump(dict(stamp=stamp, params=r["params"].as_dict(), files=files, figures=figures), f, indent=1,
                  default=list)
        f.write("\n")
    return stamp
