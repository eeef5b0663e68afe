"""A Rugrats level as Blender data, and back: what the level importer stores and the level exporter reads.

Every value a face needs to come back byte for byte is Blender data of its own kind, so that it survives
saving, undo, joining and separating (Blender merges attributes by name; a face without them is new):

- On each room mesh, integer attributes: per face `reptar_room` (room + 1; 0: the object's room),
  `reptar_blob`, `reptar_face` (its index in the blob), `reptar_texture`, `reptar_flags`, `reptar_shape`
  (corners << 8 | the triangle fill byte; 0: not from the level); per corner `reptar_vertex` (its vertex in
  the blob) and `reptar_corner` (its place in the face, Z order); per vertex `reptar_colour` (r, g, b and
  flash bytes as stored, packed) and `reptar_pad`. The float colour attribute `Col` shows the colour;
  painting it changes the level's colour (`reptar_colour` is kept where `Col` still shows it).
- Vertices at the same place with the same colour bytes are one Blender vertex (moving it moves every face
  corner there), except where a face would name one vertex twice (the level's degenerate faces).
- On objects, custom properties: `levelkit_room` N, `levelkit_portal` N with the portal's `room`,
  `destination_room`, `corner_flags` and `tail`; on the level's collection `levelkit_level` (the imported
  file, base64: the base every export builds on) and `levelkit_source`.
"""

import base64
import re

import numpy as np

from . import objects

ROOM = "levelkit_room"
PORTAL = "levelkit_portal"
LEVEL = "levelkit_level"
GROUP_NAME = "levelkit_group"
COLOUR = "Col"

FACE_INTS = ("reptar_room", "reptar_blob", "reptar_face", "reptar_texture", "reptar_flags", "reptar_shape")
CORNER_INTS = ("reptar_vertex", "reptar_corner")
POINT_INTS = ("reptar_colour", "reptar_pad")
NO_DATA = 0xFFFF
# levelkit's names for the per vertex data (`levelkit.mesh`'s `data`).
DATA_COLOUR, DATA_VERTEX, DATA_FACE = "REPTAR_COLOUR", "REPTAR_VERTEX", "REPTAR_FACE"


def store_level(collection, data, path):
    collection[LEVEL] = base64.b64encode(data).decode("ascii")
    collection["levelkit_source"] = path


def stored_level(collection):
    """The level the collection was imported from, as bytes, or None."""
    text = collection.get(LEVEL)
    return base64.b64decode(text) if isinstance(text, str) else None


def pack_colours(c):
    c = np.asarray(c, dtype=np.int64)
    return (c[:, 0] | c[:, 1] << 8 | c[:, 2] << 16 | c[:, 3] << 24).astype(np.uint32).view(np.int32)


def unpack_colours(packed):
    p = np.asarray(packed, dtype=np.int32).view(np.uint32).astype(np.int64)
    return np.stack([p & 0xFF, p >> 8 & 0xFF, p >> 16 & 0xFF, p >> 24 & 0xFF], axis=1)


def merged_vertices(o):
    """One Blender vertex per place and colour (see the module docs): (the mesh vertex of each Blender
    vertex, each corner's Blender vertex)."""
    positions = np.asarray(o["positions"], dtype=np.float32)
    data = o["data"]
    key = np.concatenate([positions.view(np.uint32), data[DATA_COLOUR].astype(np.uint32),
                          data[DATA_VERTEX][:, 2:3].astype(np.uint32)], axis=1)
    first, inverse = unique_rows(key)
    corners = np.asarray(o["face_corners"], dtype=np.int64)
    merged = inverse[corners]
    # A degenerate face: each corner naming a vertex an earlier corner of the same face names keeps its own
    # vertex, numbered after the merged ones in corner order. Sorted by (face, vertex, corner), a corner
    # that follows one of its face's with the same vertex is such a repeat.
    face_of_corner = np.repeat(np.arange(len(o["face_sizes"])), np.asarray(o["face_sizes"], dtype=np.int64))
    order = np.lexsort((np.arange(len(merged)), merged, face_of_corner))
    repeated = (face_of_corner[order][1:] == face_of_corner[order][:-1]) & (merged[order][1:] == merged[order][:-1])
    repeats = np.sort(order[1:][repeated])
    merged[repeats] = len(first) + np.arange(len(repeats))
    return np.concatenate([first.astype(np.int64), corners[repeats]]), merged


def unique_rows(key):
    """`np.unique(key, axis=0, return_index=True, return_inverse=True)` without the values: the distinct
    rows in the same order (by column 0, then 1, ...), each one's first row, and each row's distinct row.
    One stable sort over the columns as numbers, where `np.unique` compares whole rows as records (ten
    times slower: most of a level's import)."""
    order = np.lexsort(key.T[::-1])
    ordered = key[order]
    starts = np.ones(len(order), dtype=bool)
    starts[1:] = (ordered[1:] != ordered[:-1]).any(axis=1)
    inverse = np.empty(len(order), dtype=np.int64)
    inverse[order] = np.cumsum(starts) - 1
    return order[starts], inverse


def set_ints(mesh, name, domain, values):
    attribute = mesh.attributes.new(name, "INT", domain)
    attribute.data.foreach_set("value", np.ascontiguousarray(values, dtype=np.int32))


def get_ints(mesh, name, domain, count):
    """An integer attribute's values, or None when the mesh lacks it (or has it in another domain)."""
    attribute = mesh.attributes.get(name)
    if attribute is None or attribute.domain != domain or attribute.data_type != "INT":
        return None
    values = np.zeros(count, dtype=np.int32)
    attribute.data.foreach_get("value", values)
    return values


def room_mesh(name, o, room, scale):
    """A room's Blender mesh from `levelkit.mesh`'s object (one vertex per corner, with its data)."""
    sizes = np.asarray(o["face_sizes"], dtype=np.int64)
    corners = np.asarray(o["face_corners"], dtype=np.int64)
    sources, merged = merged_vertices(o)
    mesh = objects.new_mesh(name, np.asarray(o["positions"])[sources], sizes, merged, scale)
    data = o["data"]
    first_corner = np.zeros(len(sizes), dtype=np.int64)
    np.cumsum(sizes[:-1], out=first_corner[1:])
    face_data = data[DATA_FACE][corners[first_corner]].astype(np.int64)
    vertex_data = data[DATA_VERTEX].astype(np.int64)
    set_ints(mesh, "reptar_room", "FACE", np.full(len(sizes), room + 1))
    set_ints(mesh, "reptar_blob", "FACE", vertex_data[corners[first_corner], 0])
    for k, name_ in enumerate(("reptar_face", "reptar_texture", "reptar_flags", "reptar_shape")):
        set_ints(mesh, name_, "FACE", face_data[:, k])
    set_ints(mesh, "reptar_vertex", "CORNER", vertex_data[corners, 1])
    set_ints(mesh, "reptar_corner", "CORNER", vertex_data[corners, 3])
    set_ints(mesh, "reptar_colour", "POINT", pack_colours(data[DATA_COLOUR][sources]))
    set_ints(mesh, "reptar_pad", "POINT", vertex_data[sources, 2])
    if o["colours"] is not None:
        colours = mesh.color_attributes.new(COLOUR, "FLOAT_COLOR", "POINT")
        colours.data.foreach_set("color", np.asarray(o["colours"], dtype=np.float32)[sources].ravel())
        try:
            mesh.color_attributes.active_color = colours
            mesh.color_attributes.render_color_index = mesh.color_attributes.active_color_index
        except (AttributeError, TypeError):
            pass
    if o["uvs"] is not None:
        uv = mesh.uv_layers.new(name="UVMap")
        per_loop = np.asarray(o["uvs"], dtype=np.float32)[corners]
        per_loop[:, 1] = 1.0 - per_loop[:, 1]  # image rows run down, Blender's V runs up
        uv.data.foreach_set("uv", per_loop.ravel())
    return mesh


def group_name(material, level_name):
    """The name levelkit reads a material by: the group it was imported as, else its own name without the
    level's prefix."""
    if material is None:
        return "no_material"
    stored = material.get(GROUP_NAME)
    if isinstance(stored, str):
        return stored
    prefix = f"{level_name}_"
    return material.name[len(prefix):] if material.name.startswith(prefix) else material.name


_NUMBERED = re.compile(r"(?:^|_)(room|portal)_(\d+)(?:\.\d+)?$")


def numbered(obj, kind):
    """The room or portal number an object stands for: its custom property, else its name's `room_NN`."""
    value = obj.get(ROOM if kind == "room" else PORTAL)
    if isinstance(value, int):
        return value
    m = _NUMBERED.search(obj.name)
    return int(m.group(2)) if m and m.group(1) == kind else None


class Gathered:
    """The scene levelkit builds from, and what happened on the way."""

    def __init__(self):
        self.objects = []  # levelkit.build_level's scene objects
        self.groups = {}  # group name -> index
        self.notes = []  # (level, text)

    def group(self, name):
        return self.groups.setdefault(name, len(self.groups))

    def scene(self):
        groups = [{"name": n, "double_sided": n.endswith("_double")} for n in self.groups]
        return {"objects": self.objects, "groups": groups, "extras": {"format": "reptar-level"}}


def gather_room(gathered, obj, mesh, scale, level_name):
    """A room object's faces as levelkit scene objects: one per room its faces belong to (a face's
    `reptar_room`, else the object's room; an object without one is a new room)."""
    nf, nl, nv = len(mesh.polygons), len(mesh.loops), len(mesh.vertices)
    if nf == 0:
        return
    co = objects.positions(mesh)
    bad = ~np.isfinite(co.reshape(-1, 3)).all(axis=1)
    if bad.any():
        raise ValueError(f"'{obj.name}' has {int(bad.sum())} vertices that are not numbers (NaN or infinite)")
    sizes = objects.indices(mesh.polygons, "loop_total", nf)
    starts = objects.indices(mesh.polygons, "loop_start", nf)
    corner_vert = mesh.attributes.get(".corner_vert")
    if corner_vert is not None:  # 3.6+: the attribute gives the buffer at once
        loop_vertex = np.zeros(nl, dtype=np.int32)
        corner_vert.data.foreach_get("value", loop_vertex)
        loop_vertex = loop_vertex.astype(np.int64)
    else:
        loop_vertex = objects.indices(mesh.loops, "vertex_index", nl)
    order = objects.ranges(starts, sizes)
    face_of_loop = np.repeat(np.arange(nf), sizes)
    vertex = loop_vertex[order]
    positions = objects.from_blender(co, scale)[vertex]
    shown = None
    colours = mesh.color_attributes.get(COLOUR) if hasattr(mesh, "color_attributes") else None
    if colours is not None:
        values = np.zeros(len(colours.data) * 4, dtype=np.float32)
        colours.data.foreach_get("color", values)
        values = values.reshape(-1, 4)
        shown = values[vertex] if colours.domain == "POINT" else values[order]
    uvs = None
    if mesh.uv_layers.active is not None:
        uv = np.zeros(nl * 2, dtype=np.float32)
        mesh.uv_layers.active.data.foreach_get("uv", uv)
        uvs = uv.reshape(-1, 2)[order]
        uvs[:, 1] = 1.0 - uvs[:, 1]
    ints = {n: get_ints(mesh, n, "FACE", nf) for n in FACE_INTS}
    ints.update({n: get_ints(mesh, n, "CORNER", nl) for n in CORNER_INTS})
    ints.update({n: get_ints(mesh, n, "POINT", nv) for n in POINT_INTS})
    tagged = all(v is not None for v in ints.values())
    own_room = numbered(obj, "room")
    face_room = ints["reptar_room"] - 1 if ints["reptar_room"] is not None else np.full(nf, -1)
    if own_room is None:
        own_room = -1
    face_room = np.where(face_room >= 0, face_room, own_room)
    material_index = objects.material_indices(mesh)
    slots = [gathered.group(group_name(m, level_name)) for m in mesh.materials] or [gathered.group("no_material")]
    face_group = np.asarray(slots, dtype=np.int64)[np.clip(material_index, 0, len(slots) - 1)]
    if not tagged and any(v is not None for v in ints.values()):
        lacking = ", ".join(n for n, v in ints.items() if v is None)
        gathered.notes.append(("WARNING", f"'{obj.name}' lacks the attributes {lacking}: its faces are built "
                               "from their geometry, as new faces"))
    ordered_start = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    for room in np.unique(face_room):
        faces = np.flatnonzero(face_room == room)
        loops = objects.ranges(ordered_start[faces], sizes[faces])
        data = {}
        if tagged:
            f = face_of_loop[loops]
            v, lo = vertex[loops], order[loops]
            shape = ints["reptar_shape"][f]
            known = (shape >> 8 == 3) | (shape >> 8 == 4)
            def column(x):
                return np.where(known, x, NO_DATA).astype(np.int64)
            data[DATA_VERTEX] = np.stack([column(ints["reptar_blob"][f]), column(ints["reptar_vertex"][lo]),
                                          column(ints["reptar_pad"][v]), column(ints["reptar_corner"][lo])], axis=1)
            data[DATA_FACE] = np.stack([column(ints[n][f]) for n in
                                        ("reptar_face", "reptar_texture", "reptar_flags", "reptar_shape")], axis=1)
            colour = unpack_colours(ints["reptar_colour"][v])
            data[DATA_COLOUR] = np.where(known[:, None], colour, NO_DATA)
            for k in data:
                data[k] = np.clip(data[k], 0, NO_DATA).astype(np.uint16)
        name = f"room_{int(room):02d}" if room >= 0 else obj.name
        gathered.objects.append({
            "name": name,
            "positions": positions[loops],
            "colours": None if shown is None else shown[loops],
            "uvs": None if uvs is None else uvs[loops],
            "face_sizes": sizes[faces],
            "face_corners": np.arange(len(loops)),
            "face_groups": face_group[faces],
            "data": data,
        })


def gather_portal(gathered, obj, mesh, scale):
    """A portal object as a levelkit scene object: its edges as lines, its properties as extras."""
    number = numbered(obj, "portal")
    co = objects.positions(mesh)
    edges = objects.indices(mesh.edges, "vertices", len(mesh.edges) * 2)
    # In vertex order, whatever order Blender keeps the edges in (3.4 rebuilds them): the ring, and so the
    # corners' order, starts from the first vertices as the import made them.
    edges = np.sort(edges.reshape(-1, 2), axis=1)
    edges = edges[np.lexsort((edges[:, 1], edges[:, 0]))]
    extras = {}
    for key in ("room", "destination_room", "tail"):
        if key in obj:
            extras[key] = obj[key] if key == "tail" else int(obj[key])
    if "corner_flags" in obj:
        extras["corner_flags"] = [int(x) for x in obj["corner_flags"]]
    gathered.objects.append({
        "name": f"portal_{number:02d}",
        "positions": objects.from_blender(co, scale),
        "lines": edges.reshape(-1, 2),
        "extras": extras,
    })
