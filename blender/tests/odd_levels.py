"""Rugrats `LEVELnn.BIN` files shaped like real-world ones, written from the format's description (the seed
document, docs/reference/formats/reptar-level.md) and none of levelkit's code: inputs levelkit's generator never
makes. Standard library only (runs in Blender's Python); `levels()` gives the same bytes on every run.

- `portal_row`: five rooms in a row with portals both ways (Z-order corners, destination in corner 1's flags,
  other corner flags non-zero, random 16-byte tails); per room a bumpy floor of quads in Z order turned every
  way and a triangle wall; the last room has no geometry; byte lists of visible rooms (+1); 0x58 = 256.
- `odd_blobs`: two blobs holding copies of one vertex list, each using part of it; a triangles-only blob; a
  quads-only blob with a shuffled vertex list and unused vertices; triangles then quads between empty
  (count 0) sections; quads, triangles, quads; vertices and no faces; an empty blob; 256 vertices in a blob.
- `degenerate_colours` (one room, no portals, as the golf holes): non-planar quads, quads naming a vertex
  twice, zero-area triangles (collinear; a vertex twice), flash bytes, colours above 0x80, non-zero vertex
  pads, triangle fill bytes 0x00/0xCC/0xFF (levelkit notes them), unused vertices, a whole-word pad.
- `level04_boxes`: 24-byte records taken by rooms 0, 2 and 3 (+6 = +0x12 - +0x0a in some, 0 in others);
  non-zero unknown room fields and pads, blob header halfwords 0x0a/0x12; a room without geometry; run-time
  leftovers in room 3 (levelkit notes them); a one-way portal.
- `texture_table`: 4-, 8- and 15-bit tpages in every blend mode, varied CLUTs (one on a 15-bit page), entries
  shared by many faces, unused ones (the last ones too), triangle entries with u3 v3 = 0, 0x200 faces, one
  entry with and without 0x200.
- `kitchen_sink`: six rooms in a 3 x 2 grid, portals across x and z, the above mixed (fixed seed), a vertex
  stored twice and a face stored twice, a faceless room, a room without blobs.
- `blob_gap_tail`: 4 bytes between a blob's vertices and `faces_at`, 8 after its end marker, a non-zero blob
  link (noted). The layout allows it and levelkit keeps it; no known file is said to have it.

No level has a warning; every centre is off the middle of its geometry and every bound larger than it.
`python3 odd_levels.py DIR` writes DIR/<name>.BIN.
"""

import os
import random
import struct
import sys

# ---- fixed-size records: (offset, struct format, field), little-endian, as the format's tables ----

CORNER = [  # portal corner, 8 bytes: s16 x, y (down), z; u16 flags (corner 1's: the destination room)
    (0x00, "h", "x"), (0x02, "h", "y"), (0x04, "h", "z"), (0x06, "H", "flags"),
]
ROOM = [  # room record, 112 bytes
    (0x00, "3i", "centre"),       # s32[3] centre: blob vertices are relative to it
    (0x0c, "I", "centre_pad"),    # u32 pad (cleared by the loader)
    (0x10, "3i", "min"),          # s32[3] bounds minimum, world
    (0x1c, "I", "min_pad"),       # u32 pad
    (0x20, "3i", "max"),          # s32[3] bounds maximum, world
    (0x2c, "I", "max_pad"),       # u32 pad
    (0x30, "I", "portals"),       # u32 portals the room takes, in file order
    (0x34, "I", "portals_ptr"),   # u32 run time: pointer to them
    (0x38, "I", "boxes"),         # u32 24-byte records the room takes
    (0x3c, "I", "boxes_ptr"),     # u32 run time: pointer to them
    (0x40, "I", "blob_list"),     # u32 run time: blob list
    (0x44, "4s", "unknown_44"),   # u8[4] unknown (cleared by the loader)
    (0x48, "I", "objects_48"),    # u32 run time: object list
    (0x4c, "I", "objects_4c"),    # u32 run time: object list
    (0x50, "8s", "unknown_50"),   # u8[8] unknown (cleared by the loader)
    (0x58, "I", "unknown_58"),    # u32 unknown, 256 in every DB22 room
    (0x5c, "2s", "unknown_5c"),   # u8[2] unknown
    (0x5e, "B", "list_count"),    # u8 run time: byte list count
    (0x5f, "B", "unknown_5f"),    # u8 unknown
    (0x60, "I", "list_ptr"),      # u32 run time: byte list pointer
    (0x64, "12s", "unknown_64"),  # u8[12] unknown
]
BLOB_HEADER = [  # 28 bytes
    (0x00, "I", "link"),        # u32 link (set by the loader)
    (0x04, "3h", "min"),        # s16[3] bounds minimum, relative to the room centre
    (0x0a, "H", "unknown_0a"),  # u16 unknown
    (0x0c, "3h", "max"),        # s16[3] bounds maximum
    (0x12, "H", "unknown_12"),  # u16 unknown
    (0x14, "I", "vertices"),    # u32 vertex count
    (0x18, "I", "faces_at"),    # u32 face sections' offset from the blob's start
]
VERTEX = [  # 12 bytes
    (0x00, "h", "x"), (0x02, "h", "y"), (0x04, "h", "z"),  # s16 position, relative to the centre, y down
    (0x06, "H", "pad"),                                    # u16 pad
    (0x08, "B", "r"), (0x09, "B", "g"), (0x0a, "B", "b"),  # u8 colour (0x80 leaves a texel as it is)
    (0x0b, "B", "flash"),                                  # u8 brightening added once, then cleared
]
SECTION = [(0x00, "H", "kind"), (0x02, "H", "count")]  # u16 kind (0x60, 0x61, 0xFF), u16 count
QUAD = [  # kind 0x61, 8 bytes
    (0x00, "4B", "v"),       # u8[4] vertex indices, Z order
    (0x04, "H", "texture"),  # u16 texture table index
    (0x06, "H", "flags"),    # u16 flags (0x200 double-sided)
]
TRIANGLE = [  # kind 0x60, 8 bytes
    (0x00, "3B", "v"),       # u8[3] vertex indices
    (0x03, "B", "fill"),     # u8 0xCD on disc
    (0x04, "H", "texture"),  # u16 texture table index
    (0x06, "H", "flags"),    # u16 flags
]
TEXTURE = [  # 12 bytes: the uv/clut/tpage words of a POLY_GT4
    (0x00, "B", "u0"), (0x01, "B", "v0"),
    (0x02, "H", "clut"),   # u16 clut: bits 0-5 x / 16, bits 6-14 y
    (0x04, "B", "u1"), (0x05, "B", "v1"),
    (0x06, "H", "tpage"),  # u16 tpage: bits 0-3 x / 64, bit 4 y / 256, bits 5-6 blend, bits 7-8 depth
    (0x08, "B", "u2"), (0x09, "B", "v2"), (0x0a, "B", "u3"), (0x0b, "B", "v3"),
]
KIND_TRIANGLES, KIND_QUADS, KIND_END = 0x60, 0x61, 0xFF


def record(size, table, values):
    """Packs one record from its table; fields not given are zero. Asserts the table tiles the size."""
    out = b""
    for offset, fmt, name in table:
        assert len(out) == offset, (name, len(out))
        value = values.get(name)
        if fmt.endswith("s"):
            out += struct.pack("<" + fmt, bytes(value or b""))
        elif fmt[0].isdigit():
            out += struct.pack("<" + fmt, *(value or [0] * int(fmt[0])))
        else:
            out += struct.pack("<" + fmt, value or 0)
    assert len(out) == size, size
    return out


def u32(n):
    return struct.pack("<I", n)


def portal(corners, tail):
    """48 bytes: 0x00 corner[4] (x, y, z, flags) in Z order, 0x20 u8[16] tail."""
    assert len(corners) == 4 and len(tail) == 16
    return b"".join(record(8, CORNER, dict(zip("xyz", c[:3]), flags=c[3])) for c in corners) + bytes(tail)


def box_record(raw):
    """24 bytes, unknown contents."""
    assert len(raw) == 24
    return bytes(raw)


def room_record(fields):
    return record(112, ROOM, fields)


def vertex(v):
    return record(12, VERTEX, v)


def face(f):
    if len(f["v"]) == 4:
        return record(8, QUAD, f)
    return record(8, TRIANGLE, dict(f, fill=f.get("fill", 0xCD)))


def texture_entry(t):
    return record(12, TEXTURE, t)


def blob_bytes(b):
    """A geometry blob: header, vertices, gap, face sections, end marker (count 1), tail."""
    verts, gap = b["vertices"], b.get("gap", b"")
    body = b"".join(vertex(v) for v in verts) + gap
    for kind, faces in b["sections"]:
        body += record(4, SECTION, dict(kind=kind, count=len(faces))) + b"".join(face(f) for f in faces)
    body += record(4, SECTION, dict(kind=KIND_END, count=1)) + b.get("tail", b"")
    lo, hi = bounds(verts, b.get("loose", 0), 16)
    header = dict(b, min=lo, max=hi, vertices=len(verts), faces_at=28 + 12 * len(verts) + len(gap))
    return record(28, BLOB_HEADER, header) + body


def bounds(points, loose=0, bits=32):
    """Per-axis min and max of points (dicts with x, y, z), widened by `loose`; zeros for none."""
    if not points:
        return [0, 0, 0], [0, 0, 0]
    top = (1 << (bits - 1)) - 1
    lo = [max(-top - 1, min(p[k] for p in points) - loose) for k in "xyz"]
    hi = [min(top, max(p[k] for p in points) + loose) for k in "xyz"]
    return lo, hi


def level_bytes(rooms, boxes=(), textures=()):
    """The whole file, sections in the format's order; the portals are the rooms' doors, in room order."""
    portals = [d["bytes"] for r in rooms for d in r["doors"]]
    out = [u32(0), u32(len(portals)), *portals, u32(len(boxes)), *boxes, u32(len(rooms))]
    out += [r["record"] for r in rooms]
    lists = b"".join(bytes([len(r["byte_list"])]) + bytes(r["byte_list"]) for r in rooms)
    out += [lists, bytes(4 - len(lists) % 4)]  # the pad: a whole word when the lists end on one
    geometry = []
    for r in rooms:
        blobs = [blob_bytes(b) for b in r["blobs"]]
        geometry.append(u32(len(blobs)) + b"".join(u32(len(b)) for b in blobs) + b"".join(blobs))
    out += [u32(len(g)) for g in geometry] + geometry
    out += [u32(len(textures))] + [texture_entry(t) for t in textures]
    return b"".join(out)


# ---- shapes, in a room's own frame (y down) ----

def grid(nx, nz, step, at=(0, 0, 0), wall=False, jitter=0, rng=None):
    """(nx+1)(nz+1) points row by row, and each cell's corners in Z order (tl, tr, bl, br)."""
    pts = []
    for j in range(nz + 1):
        for i in range(nx + 1):
            d = rng.randint(-jitter, jitter) if jitter else 0
            a, b = i * step, j * step
            pts.append((at[0] + a, at[1] + b, at[2] + d) if wall else (at[0] + a, at[1] + d, at[2] + b))
    w = nx + 1
    cells = [(j * w + i, j * w + i + 1, (j + 1) * w + i, (j + 1) * w + i + 1) for j in range(nz) for i in range(nx)]
    return pts, cells


def zquad(cell, turn):
    """A Z-order quad turned `turn` quarter turns: the ring (0, 1, 3, 2) rotated, back in Z order."""
    ring = [cell[0], cell[1], cell[3], cell[2]]
    r = ring[turn % 4:] + ring[:turn % 4]
    return (r[0], r[1], r[3], r[2])


def split(cell):
    """A cell as two triangles with the winding of the GPU's first one."""
    return [(cell[0], cell[1], cell[2]), (cell[1], cell[3], cell[2])]


def verts(rng, pts, bright=0.0, flash=0.0, pad=0.0):
    """Vertex dicts for points; with these probabilities a colour above 0x80, a flash, a non-zero pad."""
    out = []
    for x, y, z in pts:
        c = [rng.randrange(0x50, 0x81) for _ in range(3)]
        if rng.random() < bright:
            c[rng.randrange(3)] = rng.randrange(0x81, 0x100)
        out.append(dict(x=x, y=y, z=z, r=c[0], g=c[1], b=c[2],
                        flash=rng.randrange(1, 0x60) if rng.random() < flash else 0,
                        pad=rng.randrange(1, 0x10000) if rng.random() < pad else 0))
    return out


def quads(rng, cells, textures, flags=0, turn=None):
    return [dict(v=zquad(c, rng.randrange(4) if turn is None else turn), texture=rng.choice(textures), flags=flags)
            for c in cells]


def triangles(rng, cells, textures, flags=0):
    return [dict(v=t, texture=rng.choice(textures), flags=flags) for c in cells for t in split(c)]


def shuffled(rng, vs, sections, extra=0):
    """The same blob with its vertex list shuffled (faces re-indexed) and `extra` unused vertices mixed in."""
    vs = list(vs) + [dict(rng.choice(vs), x=rng.choice(vs)["x"] + rng.randrange(-99, 99)) for _ in range(extra)]
    order = list(range(len(vs)))
    rng.shuffle(order)
    where = {old: new for new, old in enumerate(order)}
    sections = [(k, [dict(f, v=tuple(where[i] for i in f["v"])) for f in fs]) for k, fs in sections]
    return [vs[i] for i in order], sections


def textures_of(rng, n):
    return [tex(rng, rng.randrange(3)) for _ in range(n)]


def tex(rng, depth, blend=0, clut=None, triangle=False):
    """A texture entry: a rectangle in a page, corners in Z order."""
    x, y, w, h = rng.randrange(0, 192, 8), rng.randrange(0, 192, 8), rng.choice((16, 32, 64)), rng.choice((16, 32, 64))
    tpage = rng.randrange(5, 16) | rng.randrange(2) << 4 | blend << 5 | depth << 7
    if clut is None:
        clut = 0 if depth == 2 else rng.randrange(480, 512) << 6 | rng.randrange(64)
    t = dict(u0=x, v0=y, clut=clut, u1=x + w - 1, v1=y, tpage=tpage, u2=x, v2=y + h - 1, u3=x + w - 1, v3=y + h - 1)
    return dict(t, u3=0, v3=0) if triangle else t


def door(a, b, top, bottom, dest, rng):
    """A portal through the vertical quad between floor points a and b (x, z), multiples of 256."""
    flags = [rng.choice((1, 2, 3, 0x40, 0x100, 0x8000, rng.randrange(1, 0x10000))) for _ in range(4)]
    flags[1] = dest
    corners = [(a[0], top, a[1]), (b[0], top, b[1]), (a[0], bottom, a[1]), (b[0], bottom, b[1])]
    tail = bytes(rng.randrange(256) for _ in range(16))
    return dict(bytes=portal([c + (f,) for c, f in zip(corners, flags)], tail), corners=corners)


def room(rng, origin, blobs, doors=(), byte_list=(), boxes=0, **fields):
    """A room: blobs given in the room's frame at `origin` (world); the centre is put off the middle of the
    geometry, bounds widened past geometry and portals."""
    pts = [v for b in blobs for v in b["vertices"]]
    lo, hi = bounds(pts) if pts else ([0, -1024, 0], [1024, 0, 1024])
    off = [int(l + (h - l) * rng.choice((0.1, 0.2, 0.7, 0.85))) for l, h in zip(lo, hi)]
    centre = [o + f for o, f in zip(origin, off)]
    placed, copies = [], {}
    for b in blobs:  # blobs sharing a list share its moved copy too
        key = id(b["vertices"])
        if key not in copies:
            copies[key] = [dict(v, x=v["x"] - off[0], y=v["y"] - off[1], z=v["z"] - off[2]) for v in b["vertices"]]
        placed.append(dict(b, vertices=copies[key]))
    world = [dict(x=centre[0] + v["x"], y=centre[1] + v["y"], z=centre[2] + v["z"]) for vs in copies.values() for v in vs]
    world += [dict(x=x, y=y, z=z) for d in doors for x, y, z in d["corners"]]
    if not world:
        world = [dict(x=centre[0], y=centre[1], z=centre[2])]
    wlo, whi = bounds(world)
    fields = dict(fields, centre=centre, portals=len(doors), boxes=boxes,
                  min=[v - rng.randrange(64, 1024, 32) for v in wlo], max=[v + rng.randrange(64, 1024, 32) for v in whi])
    return dict(record=room_record(fields), byte_list=bytes(byte_list), blobs=placed, doors=doors)


def blob(vertices, sections, **header):
    return dict(header, vertices=vertices, sections=sections)


def floor_and_wall(rng, textures, jitter=32, size=4):
    """A bumpy floor of turned quads and a back wall of triangles: two blobs."""
    textures = range(len(textures))
    pts, cells = grid(size, size // 2 + 1, 512, jitter=jitter, rng=rng)
    floor = blob(verts(rng, pts), [(KIND_QUADS, quads(rng, cells, textures))])
    pts, cells = grid(size, 2, 512, at=(0, -1024, 0), wall=True)
    wall = blob(verts(rng, pts), [(KIND_TRIANGLES, triangles(rng, cells, textures))], loose=64)
    return [floor, wall]


# ---- the levels ----

def portal_row(rng):
    textures = textures_of(rng, 6)
    rooms, n = [], 5
    for i in range(n):
        x0 = -10240 + 4096 * i  # rooms along x, 2048 units wide; doorways at x0 and x0 + 2048
        doors = []
        if i > 0:
            doors.append(door((x0, 768), (x0, 256), -1024, 0, i - 1, rng))
        if i < n - 1:
            doors.append(door((x0 + 2048, 256), (x0 + 2048, 768), -1024, 0, i + 1, rng))
        blobs = floor_and_wall(rng, textures) if i < n - 1 else []
        visible = [k + 1 for k in range(max(0, i - 1), min(n, i + 2))]
        rooms.append(room(rng, (x0, 0, 0), blobs, doors, visible, unknown_58=256))
    return level_bytes(rooms, textures=textures)


def odd_blobs(rng):
    textures = textures_of(rng, 8)
    t = range(len(textures))
    pts, cells = grid(6, 4, 384, jitter=16, rng=rng)
    shared = verts(rng, pts)  # one list, written twice: blobs 0 and 1 each hold a copy
    left, right = [c for k, c in enumerate(cells) if k % 6 < 3], [c for k, c in enumerate(cells) if k % 6 >= 3]
    wall_pts, wall_cells = grid(6, 3, 384, at=(0, -1152, 0), wall=True)
    tri_only = blob(verts(rng, wall_pts), [(KIND_TRIANGLES, triangles(rng, wall_cells, t))])
    side_pts, side_cells = grid(4, 3, 384, at=(2304, -1152, 0), wall=True)
    side_pts = [(2304, y, x - 2304) for x, y, _ in side_pts]  # the east wall, in the z-y plane
    quad_only = blob(*shuffled(rng, verts(rng, side_pts), [(KIND_QUADS, quads(rng, side_cells, t))], extra=5))
    step_pts, step_cells = grid(3, 2, 256, at=(0, -256, 1536), jitter=8, rng=rng)
    both = blob(verts(rng, step_pts), [(KIND_QUADS, []), (KIND_TRIANGLES, triangles(rng, step_cells[:2], t)),
                                       (KIND_QUADS, quads(rng, step_cells[2:], t)), (KIND_TRIANGLES, [])])
    roof_pts, roof_cells = grid(4, 2, 512, at=(0, -1152, 0), jitter=24, rng=rng)
    mixed = blob(verts(rng, roof_pts), [(KIND_QUADS, quads(rng, roof_cells[:3], t)),
                                        (KIND_TRIANGLES, triangles(rng, roof_cells[3:5], t)),
                                        (KIND_QUADS, quads(rng, roof_cells[5:], t, turn=2))])
    faceless = blob(verts(rng, [(100, -50, 100), (200, -50, 100), (150, -300, 120)]), [])
    room0 = [blob(shared, [(KIND_QUADS, quads(rng, left, t))]), blob(shared, [(KIND_QUADS, quads(rng, right, t))]),
             tri_only, quad_only, both, mixed, faceless, blob([], [])]
    big_pts, big_cells = grid(15, 15, 128, jitter=12, rng=rng)  # 256 vertices
    room1 = [blob(verts(rng, big_pts), [(KIND_QUADS, quads(rng, big_cells[:100], t)),
                                         (KIND_TRIANGLES, triangles(rng, big_cells[100:], t))])]
    rooms = [room(rng, (-2048, 0, -512), room0, [door((-1536, 1792), (-1024, 1792), -768, 0, 1, rng)], [1, 2]),
             room(rng, (-2048, 0, 2048), room1, [door((-1024, 1792), (-1536, 1792), -768, 0, 0, rng)], [2, 1])]
    return level_bytes(rooms, textures=textures)


def degenerate_colours(rng):
    textures = textures_of(rng, 5)
    t = range(len(textures))
    pts, cells = grid(8, 8, 256, jitter=40, rng=rng)  # non-planar: every quad bends a little
    vs = verts(rng, pts, bright=0.3, flash=0.25, pad=0.3)
    line = len(vs)  # three collinear vertices for a zero-area triangle
    vs += verts(rng, [(0, -400, 0), (300, -400, 300), (600, -400, 600)], flash=1.0, pad=1.0)
    vs[5]["y"] -= 300  # one corner far off its quads' planes
    faces_q, faces_t = [], []
    for k, c in enumerate(cells):
        q = zquad(c, k % 4)
        if k % 11 == 3:
            q = (q[0], q[1], q[2], q[2])  # a triangle written as a quad
        elif k % 13 == 7:
            q = (q[0], q[0], q[2], q[3])
        if k % 9 == 4:
            faces_t += [dict(v=tr, texture=k % 5, fill=(0x00, 0xCC, 0xFF)[k % 3]) for tr in split(c)]
        else:
            faces_q.append(dict(v=q, texture=rng.choice(t)))
    faces_t += [dict(v=(line, line + 1, line + 2), texture=0), dict(v=(3, 3, 12), texture=1, fill=0xCD)]
    vs, sections = shuffled(rng, vs, [(KIND_TRIANGLES, faces_t), (KIND_QUADS, faces_q)], extra=7)
    r = room(rng, (1000, -200, -3000), [blob(vs, sections, loose=48)], (), [1, 1, 1], unknown_58=256)
    return level_bytes([r], textures=textures)


def box(rng, loader_set):
    h = [rng.randrange(-4096, 4096, 16) for _ in range(12)]
    h[3] = (h[9] - h[5]) & 0xFFFF if loader_set else 0  # +6 = +0x12 - +0x0a, as the loader sets it
    return box_record(struct.pack("<12H", *[x & 0xFFFF for x in h]))


def level04_boxes(rng):
    textures = textures_of(rng, 4)
    counts = [3, 0, 5, 2]
    boxes = [box(rng, k % 2 == 0) for k in range(sum(counts))]
    rooms = []
    for i, n in enumerate(counts):
        x0 = 4096 * i
        doors = [door((x0 + 2048, 0), (x0 + 2048, 512), -512, 0, (i + 1) % 4, rng)]
        if i > 0:
            doors.append(door((x0, 512), (x0, 0), -512, 0, i - 1, rng))
        blobs = [] if i == 1 else floor_and_wall(rng, textures, size=3)
        for b in blobs:
            b.update(unknown_0a=rng.randrange(1, 0x10000), unknown_12=rng.choice((1, 0x100, 0xFFFF)))
        extra = dict(unknown_44=b"\x01\x00\x00\x00", unknown_50=bytes(rng.randrange(256) for _ in range(8)),
                     unknown_5c=bytes([i + 1, 0x80]), unknown_5f=rng.randrange(1, 256),
                     unknown_64=bytes(rng.randrange(256) for _ in range(12)), min_pad=0x1234, max_pad=1)
        if i == 3:  # leftovers from a run: pointers into RAM
            extra.update(portals_ptr=0x800D1230, blob_list=0x800E0000, list_count=2, list_ptr=0x800DFF00)
        rooms.append(room(rng, (x0, 256, 512), blobs, doors, [i + 1, (i + 1) % 4 + 1], boxes=n, **extra))
    return level_bytes(rooms, boxes, textures)


def texture_table(rng):
    textures = [tex(rng, depth, blend) for depth in range(3) for blend in range(4)]  # 0-11
    textures += [tex(rng, 0, triangle=True), tex(rng, 1, triangle=True), tex(rng, 2, clut=0x7FC0)]  # 12-14
    textures += [tex(rng, rng.randrange(3)) for _ in range(5)]  # 15-19: nobody uses them
    hot = [0, 5, 10]  # many faces each
    pts, cells = grid(6, 6, 256, jitter=20, rng=rng)
    floor = blob(verts(rng, pts), [(KIND_QUADS, quads(rng, cells, hot))])
    fence_pts, fence_cells = grid(6, 2, 256, at=(0, -512, 768), wall=True)
    fence = [dict(f, flags=0x200 if k % 2 else 0) for k, f in enumerate(quads(rng, fence_cells, [5, 7], turn=1))]
    tris = triangles(rng, fence_cells[:3], [12, 13], flags=0x200) + triangles(rng, fence_cells[3:], [12, 14])
    fence_blob = blob(verts(rng, fence_pts), [(KIND_QUADS, fence), (KIND_TRIANGLES, tris)])
    pts2, cells2 = grid(4, 4, 384, jitter=8, rng=rng)
    rest = [dict(v=zquad(c, k), texture=k % 12, flags=0x200 * (k % 5 == 0)) for k, c in enumerate(cells2)]
    rooms = [room(rng, (0, 0, 0), [floor, fence_blob], [door((1536, 256), (1536, 768), -512, 0, 1, rng)], [1, 2]),
             room(rng, (1536, 0, 0), [blob(verts(rng, pts2), [(KIND_QUADS, rest)])],
                  [door((0, 768), (0, 256), -512, 0, 0, rng)], [2])]
    return level_bytes(rooms, textures=textures)


def kitchen_sink(rng):
    textures = [tex(rng, rng.randrange(3), rng.randrange(4), triangle=rng.random() < 0.2) for _ in range(16)]
    t = range(12)  # 12-15 unused
    rooms, boxes = [], []
    for i in range(6):
        col, row = i % 3, i // 3
        x0, z0 = -6144 + 4096 * col, -4096 + 4096 * row
        doors = [door((x0 + 3072, z0 + 512), (x0 + 3072, z0 + 1024), -1024, 0, i + 1, rng)] if col < 2 else []
        if col > 0:
            doors.append(door((x0 - 1024, z0 + 1024), (x0 - 1024, z0 + 512), -1024, 0, i - 1, rng))
        z, other = (z0 + 3072, i + 3) if row == 0 else (z0 - 1024, i - 3)  # across the z boundary
        doors.append(door((x0 + 1024 - 512 * row, z), (x0 + 512 + 512 * row, z), -768, 0, other, rng))
        blobs = []
        if i not in (4, 5):
            pts, cells = grid(5, 5, 512, jitter=rng.choice((0, 16, 60)), rng=rng)
            vs = verts(rng, pts, bright=0.2, flash=0.1, pad=0.1)
            half = len(cells) // 2
            fs = [dict(f, v=(f["v"][0], f["v"][1], f["v"][2], f["v"][2]) if rng.random() < 0.05 else f["v"])
                  for f in quads(rng, cells, t, flags=rng.choice((0, 0x200)))]
            if i == 0:  # a vertex stored twice (both used), and a face stored twice
                vs = vs + [dict(vs[0])]
                fs = [fs[0], dict(fs[0], v=tuple(len(vs) - 1 if k == 0 else k for k in fs[0]["v"]))] + fs
            blobs += [blob(vs, [(KIND_QUADS, fs[:half])], loose=rng.choice((0, 100))),
                      blob(vs, [(KIND_QUADS, []), (KIND_QUADS, fs[half:])])]
            wpts, wcells = grid(5, 2, 512, at=(0, -1024, 0), wall=True)
            tris = [dict(f, fill=rng.choice((0xCD, 0xCD, 0xCD, 0x00))) for f in triangles(rng, wcells, t)]
            blobs.append(blob(*shuffled(rng, verts(rng, wpts, flash=0.3), [(KIND_TRIANGLES, tris)], extra=3),
                              unknown_0a=i, unknown_12=0xFFFF * (i % 2)))
        elif i == 4:
            blobs = [blob(verts(rng, [(0, 0, 0), (512, 0, 0)]), []), blob([], [])]  # faceless
        n = rng.choice((0, 1, 2))
        boxes += [box(rng, rng.random() < 0.5) for _ in range(n)]
        visible = sorted({i + 1, rng.randrange(1, 7), rng.randrange(1, 7)})[: 1 + i % 3]
        rooms.append(room(rng, (x0, 0, z0), blobs, doors, visible, boxes=n, unknown_58=256 * (i % 2),
                          unknown_64=bytes(rng.randrange(256) for _ in range(12)) if i % 2 else b""))
    return level_bytes(rooms, boxes, textures)


def blob_gap_tail(rng):
    textures = textures_of(rng, 3)
    pts, cells = grid(3, 3, 256, jitter=10, rng=rng)
    b = blob(verts(rng, pts), [(KIND_QUADS, quads(rng, cells, range(3)))], gap=b"\x00\x00\xcd\xcd",
             tail=b"\xff\x00\x01\x00\x00\x00\x00\x00", link=0x800E1000, unknown_0a=0x40, unknown_12=0x40)
    return level_bytes([room(rng, (512, 0, 512), [b], (), [1])], textures=textures)


def levels():
    """Every level by name, as file bytes. The same bytes on every run."""
    makers = [portal_row, odd_blobs, degenerate_colours, level04_boxes, texture_table, kitchen_sink, blob_gap_tail]
    return {m.__name__: m(random.Random(f"odd_levels/{m.__name__}/1")) for m in makers}


if __name__ == "__main__":
    os.makedirs(sys.argv[1], exist_ok=True)
    for name, data in levels().items():
        with open(os.path.join(sys.argv[1], name + ".BIN"), "wb") as f:
            f.write(data)
        print(f"{name}.BIN: {len(data)} bytes")
