"""levelkit's neutral meshes (`levelkit.mesh`) as Blender objects, and back to arrays.

Presentation only: the axes (levelkit's meshes are Y up, Blender is Z up: (x, y, z) → (x, −z, y), a
rotation, so windings keep their front), Blender's data blocks and the sRGB curve for viewport colours.
"""

import bpy
import numpy as np


def to_blender(points, scale=1.0):
    """levelkit (Y up) → Blender (Z up) coordinates, float32, scaled."""
    p = np.asarray(points, dtype=np.float32).reshape(-1, 3)
    return np.stack([p[:, 0], -p[:, 2], p[:, 1]], axis=1) * np.float32(scale)


def from_blender(points, scale=1.0):
    """Blender (Z up) → levelkit (Y up) coordinates, float32, unscaled."""
    p = np.asarray(points, dtype=np.float32).reshape(-1, 3) / np.float32(scale)
    return np.stack([p[:, 0], p[:, 2], -p[:, 1]], axis=1)


def srgb_to_linear(c):
    c = np.asarray(c, dtype=np.float64)
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def new_mesh(name, positions, face_sizes, face_corners, scale=1.0, lines=None, face_materials=None):
    """A Blender mesh from flat face arrays (sizes, then every face's corner indices in a row); with
    `face_materials`, each face's material slot."""
    mesh = bpy.data.meshes.new(name)
    co = to_blender(positions, scale)
    mesh.vertices.add(len(co))
    set_builtin(mesh, "position", co, mesh.vertices, "co")
    # Indices as uint32: Blender's item properties take that buffer at once (its own type, unsigned), an
    # int32 one number by number (in 4.2, 7.7 ms against 0.1 ms for 65,000 polygons' loop_start).
    sizes = np.asarray(face_sizes, dtype=np.uint32)
    corners = np.asarray(face_corners, dtype=np.uint32)
    if lines is not None and len(lines):
        edges = np.asarray(lines, dtype=np.uint32)
        mesh.edges.add(len(edges))
        set_builtin(mesh, ".edge_verts", edges, mesh.edges, "vertices")
    if len(sizes):
        mesh.loops.add(len(corners))
        set_builtin(mesh, ".corner_vert", corners, mesh.loops, "vertex_index")
        mesh.polygons.add(len(sizes))
        starts = np.zeros(len(sizes), dtype=np.uint32)
        np.cumsum(sizes[:-1], out=starts[1:])
        mesh.polygons.foreach_set("loop_start", starts)
        if mesh.attributes.get(".corner_vert") is None:  # Blender 3.x needs the totals; 3.6+ derives them
            mesh.polygons.foreach_set("loop_total", sizes)
        if face_materials is not None:
            set_material_indices(mesh, face_materials)
    mesh.update(calc_edges=True)
    return mesh


def set_builtin(mesh, attribute_name, values, items, item_property):
    """Sets one of Blender's own mesh arrays. Where this Blender keeps it as an attribute (`position`:
    3.5+; `.corner_vert`, `.edge_verts`: 3.6+) through the attribute (int32 or float32), whose `foreach_set`
    copies the whole buffer at once; the item property (`vertices.co`, ...) goes item by item there, 3 to
    20 times slower. Older Blenders keep the arrays in the items themselves, which take the buffer at once
    when it is of their own type (float32 coordinates, uint32 indices)."""
    attribute = mesh.attributes.get(attribute_name)
    if attribute is not None:
        if attribute.data_type == "FLOAT_VECTOR":
            attribute.data.foreach_set("vector", np.ascontiguousarray(values, dtype=np.float32).ravel())
        else:
            attribute.data.foreach_set("value", np.ascontiguousarray(values, dtype=np.uint32).view(np.int32).ravel())
    else:
        items.foreach_set(item_property, np.ascontiguousarray(values).ravel())


def positions(mesh):
    """The vertices' coordinates, float32, flat: through the `position` attribute where there is one
    (3.5+)."""
    co = np.zeros(len(mesh.vertices) * 3, dtype=np.float32)
    attribute = mesh.attributes.get("position")
    if attribute is not None:
        attribute.data.foreach_get("vector", co)
    else:
        mesh.vertices.foreach_get("co", co)
    return co


def indices(items, item_property, count):
    """An index property of Blender's mesh items (`loop_triangles.vertices`, `loops.vertex_index`,
    `polygons.loop_start`, ...) as `count` int64 values, read as uint32: Blender fills that buffer at once,
    an int32 or int64 one number by number (8 times slower for 65,000 triangles)."""
    values = np.zeros(count, dtype=np.uint32)
    items.foreach_get(item_property, values)
    return values.astype(np.int64)


def material_indices(mesh):
    """Each face's material slot, int64: through the `material_index` attribute where Blender keeps it as
    one (3.4+; a mesh without it has every face in slot 0), else the faces' property."""
    attribute = mesh.attributes.get("material_index")
    if attribute is not None and attribute.domain == "FACE" and attribute.data_type == "INT":
        values = np.zeros(len(mesh.polygons), dtype=np.int32)
        attribute.data.foreach_get("value", values)
        return values.astype(np.int64)
    if bpy.app.version >= (3, 4, 0):
        return np.zeros(len(mesh.polygons), dtype=np.int64)
    values = np.zeros(len(mesh.polygons), dtype=np.int32)
    mesh.polygons.foreach_get("material_index", values)
    return values.astype(np.int64)


def ranges(starts, sizes):
    """`np.concatenate([np.arange(s, s + n) for s, n in zip(starts, sizes)])`, int64, without a Python loop
    over the ranges."""
    sizes = np.asarray(sizes, dtype=np.int64)
    before = np.zeros(len(sizes), dtype=np.int64)
    np.cumsum(sizes[:-1], out=before[1:])
    return np.repeat(np.asarray(starts, dtype=np.int64) - before, sizes) + np.arange(int(sizes.sum()), dtype=np.int64)


def set_material_indices(mesh, slots):
    """Each face's material slot: through the `material_index` attribute where Blender keeps it as one
    (3.4+, the property then goes face by face), else the faces' property."""
    slots = np.ascontiguousarray(slots, dtype=np.int32)
    if bpy.app.version >= (3, 4, 0):
        attribute = mesh.attributes.get("material_index") or mesh.attributes.new("material_index", "INT", "FACE")
        attribute.data.foreach_set("value", slots)
    else:
        mesh.polygons.foreach_set("material_index", slots)


def deselect_all(mesh):
    """Nothing selected in `mesh` (an operator that acts on selected faces must not take a whole imported
    stage). Blender 3.5+ keeps selection in the `.select_vert/_edge/_poly` attributes, absent meaning none
    selected; earlier ones in flags."""
    names = (".select_vert", ".select_edge", ".select_poly")
    if any(mesh.attributes.get(n) is not None for n in names) or bpy.app.version >= (3, 5, 0):
        for n in names:
            attribute = mesh.attributes.get(n)
            if attribute is not None:
                mesh.attributes.remove(attribute)
        return
    for items in (mesh.vertices, mesh.edges, mesh.polygons):
        items.foreach_set("select", np.zeros(len(items), dtype=bool))


def set_face_ints(mesh, name, values):
    """A per-face integer attribute (Blender's are int32: uint32 flags are stored by their bits)."""
    values = np.asarray(values)
    if values.dtype == np.uint32:
        values = values.view(np.int32)
    attribute = mesh.attributes.get(name) or mesh.attributes.new(name, "INT", "FACE")
    attribute.data.foreach_set("value", values.astype(np.int32))


def set_face_float(mesh, name, value):
    """A per-face float attribute holding `value` on every face."""
    attribute = mesh.attributes.get(name) or mesh.attributes.new(name, "FLOAT", "FACE")
    attribute.data.foreach_set("value", np.full(len(mesh.polygons), value, dtype=np.float32))


def face_ints(mesh, name, dtype=np.int32):
    """A per-face integer attribute's values, or None."""
    attribute = mesh.attributes.get(name)
    if attribute is None or attribute.domain != "FACE":
        return None
    values = np.zeros(len(mesh.polygons), dtype=np.int32)
    attribute.data.foreach_get("value", values)
    return values.view(dtype) if np.dtype(dtype).itemsize == 4 else values.astype(dtype)


def material(name, linear_rgba, image=None, alpha_mask=False, emission=False, vertex_colour=None):
    """A material coloured for the viewport and the renderers; with an image, textured with nearest
    filtering (the PlayStation never filters). `vertex_colour`: the name of a colour attribute that
    multiplies the texture (as the PS1 modulates a texel by the vertex colour), or alone is the colour.
    `emission`: also glows in its colour (markers that read in any light)."""
    m = bpy.data.materials.new(name)
    m.diffuse_color = tuple(float(c) for c in linear_rgba)
    m.use_nodes = True
    nodes, links = m.node_tree.nodes, m.node_tree.links
    bsdf = nodes.get("Principled BSDF")
    if bsdf is None:
        return m
    bsdf.inputs["Base Color"].default_value = tuple(float(c) for c in linear_rgba)
    colour = None
    if image is not None:
        tex = nodes.new("ShaderNodeTexImage")
        tex.image = image
        tex.interpolation = "Closest"
        colour = tex.outputs["Color"]
        if alpha_mask:
            links.new(tex.outputs["Alpha"], bsdf.inputs["Alpha"])
            m.blend_method = "CLIP"
    if vertex_colour is not None:
        attribute = nodes.new("ShaderNodeVertexColor")
        attribute.layer_name = vertex_colour
        if colour is None:
            colour = attribute.outputs["Color"]
        else:
            colour = multiply(nodes, links, colour, attribute.outputs["Color"])
    if colour is not None:
        links.new(colour, bsdf.inputs["Base Color"])
    if emission:
        glow = bsdf.inputs.get("Emission Color") or bsdf.inputs.get("Emission")
        if glow is not None:
            glow.default_value = tuple(float(c) for c in linear_rgba)
        strength = bsdf.inputs.get("Emission Strength")
        if strength is not None:
            strength.default_value = 1.0
    return m


def multiply(nodes, links, a, b):
    """`a × b` (colours) through a Mix node in multiply mode (Blender 3.4+), else the old MixRGB."""
    try:
        mix = nodes.new("ShaderNodeMix")
        mix.data_type = "RGBA"
        mix.blend_type = "MULTIPLY"
        mix.inputs[0].default_value = 1.0
        inputs = [i for i in mix.inputs if i.type == "RGBA"]
        output = next(o for o in mix.outputs if o.type == "RGBA")
    except (RuntimeError, StopIteration):
        mix = nodes.new("ShaderNodeMixRGB")
        mix.blend_type = "MULTIPLY"
        mix.inputs["Fac"].default_value = 1.0
        inputs = [mix.inputs["Color1"], mix.inputs["Color2"]]
        output = mix.outputs["Color"]
    mix.name = mix.label = "texture × vertex colour"
    links.new(a, inputs[0])
    links.new(b, inputs[1])
    return output


def image(name, rgba):
    """A Blender image from an H×W×4 uint8 array (first row the top one)."""
    h, w, _ = rgba.shape
    img = bpy.data.images.new(name, width=w, height=h, alpha=True)
    # Blender's pixel rows start at the bottom.
    img.pixels.foreach_set((np.flipud(rgba).astype(np.float32) / 255.0).ravel())
    try:  # kept inside the .blend file when it is saved
        img.pack()
    except RuntimeError:
        pass
    return img


def link(obj, collection):
    collection.objects.link(obj)
    return obj
