# Checks that the box can be printed and holds its parts, on the geometry
# itself (not on the parameters): manifold solids, no collisions, the lid's
# fit, the USB plug's way in, the display's window, walls, overhangs, bed.
# check_all() returns the figures and a list of failures; build.py prints
# them and writes them to build.json, tests/host/test_enclosure.py asserts.
import itertools

from manifold3d import CrossSection, Error, JoinType

import enclosure as enc

# pairs that touch on purpose: the plug sits in the Pico's socket
MATES = {frozenset(("pico", "usb plug"))}
EPS_VOLUME = 1e-3      # mm3: what counts as "no overlap" between two solids


def manifold_figures(name, m):
    """A closed manifold solid: manifold3d's own status, one body, a volume."""
    return dict(part=name, status=m.status().name, bodies=len(m.decompose()), genus=m.genus(),
                volume=round(m.volume(), 1), triangles=m.num_tri(),
                ok=m.status() == Error.NoError and not m.is_empty() and m.volume() > 0
                and len(m.decompose()) == 1)


def _overlap(a, b):
    return (a ^ b).volume()


def collisions(r):
    """Every pair of placed parts at least PART_GAP apart; no part inside the
    base or the lid (touching where it is mounted is fine)."""
    p, parts = r["params"], r["parts"]
    pairs, worst = [], None
    for (na, a), (nb, b) in itertools.combinations(parts.items(), 2):
        if frozenset((na, nb)) in MATES:
            continue
        gap = a.min_gap(b, 3 * p.part_gap)
        pairs.append((na, nb, gap))
        if worst is None or gap < worst[2]:
            worst = (na, nb, gap)
    shells = []
    for name, m in parts.items():
        for shell in ("base", "lid"):
            shells.append((name, shell, _overlap(m, r[shell])))
    bad_pairs = [x for x in pairs if x[2] < p.part_gap - 1e-6]
    bad_shells = [x for x in shells if x[2] > EPS_VOLUME]
    return dict(parts=len(parts), pairs=len(pairs), closest=(worst[0], worst[1], round(worst[2], 2)),
                part_overlaps_with_box=round(max(x[2] for x in shells), 4),
                too_close=bad_pairs, inside_box=bad_shells, ok=not bad_pairs and not bad_shells)


def _gap_between(a, b, hi=5.0):
    """Smallest distance between two cross-sections, by growing one of them."""
    if not (a ^ b).is_empty() and (a ^ b).area() > 1e-6:
        return 0.0
    lo = 0.0
    for _ in range(20):
        mid = (lo + hi) / 2
        if (a.offset(mid, JoinType.Round) ^ b).area() > 1e-6:
            hi = mid
        else:
            lo = mid
    return round((lo + hi) / 2, 3)


def lid_fit(r):
    """The lid's lip inside the walls: the gap all round, measured on a slice."""
    lay, p = r["layout"], r["params"]
    z = lay.H - enc.SKIRT[0] / 2
    gap = _gap_between(r["lid"].slice(z), r["base"].slice(z))
    overlap = _overlap(r["lid"], r["base"])
    return dict(clearance=gap, wanted=p.clearance, lid_base_overlap=round(abs(overlap), 4),
                ok=abs(gap - p.clearance) < 0.02 and overlap < EPS_VOLUME)


def usb(r):
    """The plug pushed home in the Pico's socket passes the wall."""
    plug = r["parts"]["usb plug"]
    overlap = _overlap(plug, r["base"]) + _overlap(plug, r["lid"])
    gap = plug.min_gap(r["base"], 5.0)
    return dict(plug_to_box=round(gap, 2), overlap=round(overlap, 4), ok=overlap < EPS_VOLUME and gap > 0.2)


def window(r):
    """The display's active area is all inside the lid's window."""
    lay, p = r["layout"], r["params"]
    x0, y0, x1, y1 = r["display"]["active"]
    active = CrossSection.square((x1 - x0, y1 - y0)).translate((x0, y0))
    plate = r["lid"].slice(lay.H + p.lid_t / 2)
    covered = (active ^ plate).area()
    margin = _gap_between(active, plate)
    return dict(active=(round(x1 - x0, 2), round(y1 - y0, 2)), covered=round(covered, 4), margin=margin,
                ok=covered < 1e-6 and margin > 0.5)


def _opening_loses(cs, r):
    """What a wall thinner than 2r loses in an opening (erode, then grow back)."""
    opened = cs.offset(-r, JoinType.Miter, 10.0).offset(r, JoinType.Miter, 10.0)
    thin = (cs - opened).offset(-0.02, JoinType.Miter, 10.0)
    return thin.area() > 1e-3


def _slices(m, step=0.5):
    z0, z1 = m.bounding_box()[2], m.bounding_box()[5]
    z, out = z0 + step / 2, []
    while z < z1:
        out.append(m.slice(z))
        z += step
    return out


def min_wall(name, m, p):
    """The thinnest wall in each horizontal slice (as printed), by
    morphological opening: a wall thinner than 2r vanishes when the slice is
    shrunk by r and grown back."""
    slices = _slices(m)
    fails = sum(_opening_loses(cs, p.min_wall / 2 - 0.01) for cs in slices)
    lo, hi = 0.1, 4.0
    for _ in range(10):
        mid = (lo + hi) / 2
        if any(_opening_loses(cs, mid) for cs in slices):
            hi = mid
        else:
            lo = mid
    return dict(part=name, min_wall=round(2 * lo, 2), slices=len(slices), ok=fails == 0)


def overhangs(name, m, p):
    """The overhang rule, as printed: material that does not rest on the layer
    below (after the usual 45-degree allowance) must lie within BRIDGE_MAX/2 of
    material of the layer below, so the worst case is a bridge of at most
    BRIDGE_MAX between two supports. Checked at every height where a face
    points down more steeply than 45 degrees."""
    import numpy as np
    mesh = m.to_mesh()
    v = np.asarray(mesh.vert_properties)[:, :3]
    t = np.asarray(mesh.tri_verts)
    a, b, c = v[t[:, 0]], v[t[:, 1]], v[t[:, 2]]
    n = np.cross(b - a, c - a)
    n = n / np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-12)
    down = n[:, 2] < -0.72
    zs = np.concatenate([a[down, 2], b[down, 2], c[down, 2]])
    levels = sorted({round(float(z), 2) for z in zs if z > 0.05})
    eps = 0.05
    worst = 0.0
    for z in levels:
        below, above = m.slice(z - eps), m.slice(z + eps)
        loose = above - below.offset(2 * eps, JoinType.Round)
        if loose.area() < 1e-4:
            continue
        lo, hi = 0.0, p.bridge_max
        if not (loose - below.offset(hi, JoinType.Round)).is_empty():
            worst = max(worst, hi + 1)
            continue
        for _ in range(12):
            mid = (lo + hi) / 2
            if (loose - below.offset(mid, JoinType.Round)).area() > 1e-4:
                lo = mid
            else:
                hi = mid
        worst = max(worst, hi)
    return dict(part=name, levels=len(levels), worst_from_support=round(worst, 2),
                limit=p.bridge_max / 2, ok=worst <= p.bridge_max / 2)


def bed_fit(name, m, p):
    x0, y0, z0, x1, y1, z1 = m.bounding_box()
    size = (round(x1 - x0, 1), round(y1 - y0, 1), round(z1 - z0, 1))
    return dict(part=name, size=size, ok=size[0] <= p.bed[0] and size[1] <= p.bed[1])


def panels(r):
    """Walls the jacks and the lid buttons clamp on, within what they take."""
    p = r["params"]
    out = dict(ok=True)
    if p.buttons == "cable":
        out["jack_wall"] = (p.wall, enc.JACK["panel_max"])
        out["ok"] = p.wall <= enc.JACK["panel_max"]
    else:
        lo, hi = enc.BUTTON_PARTS[p.button]["panel"]
        out["button_panel"] = (p.lid_t, (lo, hi))
        out["ok"] = lo <= p.lid_t <= hi
    return out


def check_all(r):
    p = r["params"]
    printed = r["printed"]
    figures = dict(
        params=p.as_dict(),
        box_inside=(r["layout"].W, r["layout"].D, r["layout"].H),
        box_outside=tuple(round(x, 1) for x in (r["layout"].W + 2 * p.wall, r["layout"].D + 2 * p.wall,
                                                 r["layout"].H + p.floor + p.lid_t)),
        manifold=[manifold_figures(n, m) for n, m in printed.items()],
        collisions=collisions(r),
        lid_fit=lid_fit(r),
        usb=usb(r),
        window=window(r),
        walls=[min_wall(n, m, p) for n, m in printed.items()],
        overhangs=[overhangs(n, m, p) for n, m in printed.items()],
        bed=[bed_fit(n, m, p) for n, m in printed.items()],
        panels=panels(r),
    )
    failures = []
    for key, value in figures.items():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict) and not item.get("ok", True):
                failures.append((key, item))
    return figures, failures


def report(figures):
    """The figures as lines of text, for the test's output and the README."""
    f = figures
    p = f["params"]
    lines = ["config: %d seats, %s, buttons %s (%s), battery %s, switch %s" % (
                 p["seats"], p["display"], p["buttons"], p["button"], p["battery"],
                 p["switch"] if p["battery"] != "none" else "none"),
             "box: outside %s mm, inside %s mm" % ("x".join("%g" % x for x in f["box_outside"]),
                                                   "x".join("%g" % x for x in f["box_inside"]))]
    for m in f["manifold"]:
        lines.append("manifold %-10s %s, %d body, genus %d, %g mm3, %d triangles" % (
            m["part"], "yes" if m["ok"] else "NO (%s)" % m["status"], m["bodies"], m["genus"], m["volume"],
            m["triangles"]))
    c = f["collisions"]
    lines.append("collisions: %s (%d parts, %d pairs; closest %s / %s at %.2f mm, wanted >= %g; "
                 "largest overlap with base or lid %g mm3)" % (
                     "none" if c["ok"] else "YES %s %s" % (c["too_close"], c["inside_box"]), c["parts"],
                     c["pairs"], c["closest"][0], c["closest"][1], c["closest"][2], p["part_gap"],
                     c["part_overlaps_with_box"]))
    lf = f["lid_fit"]
    lines.append("lid fit: %.3f mm all round (wanted %g), lid/base overlap %g mm3: %s" % (
        lf["clearance"], lf["wanted"], lf["lid_base_overlap"], "ok" if lf["ok"] else "FAIL"))
    u = f["usb"]
    lines.append("usb plug: passes the wall, %.2f mm from it at the closest: %s" % (
        u["plug_to_box"], "ok" if u["ok"] else "FAIL"))
    w = f["window"]
    lines.append("display: active area %gx%g mm inside the window, %.2f mm margin: %s" % (
        w["active"][0], w["active"][1], w["margin"], "ok" if w["ok"] else "FAIL"))
    for m in f["walls"]:
        lines.append("min wall %-10s %.2f mm (>= %g) over %d slices: %s" % (
            m["part"], m["min_wall"], p["min_wall"], m["slices"], "ok" if m["ok"] else "FAIL"))
    for m in f["overhangs"]:
        lines.append("overhang %-10s worst %.2f mm from support (<= %g) at %d levels: %s" % (
            m["part"], m["worst_from_support"], m["limit"], m["levels"], "ok" if m["ok"] else "FAIL"))
    for m in f["bed"]:
        lines.append("bed %-10s %s mm on %gx%g: %s" % (
            m["part"], "x".join("%g" % x for x in m["size"]), p["bed"][0], p["bed"][1],
            "fits" if m["ok"] else "TOO BIG"))
    pn = f["panels"]
    lines.append("panel: %s: %s" % ({k: v for k, v in pn.items() if k != "ok"}, "ok" if pn["ok"] else "FAIL"))
    return lines
