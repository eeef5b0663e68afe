"""What the importers, the exporter, the audit and the live reload share: the names the add-on stores on
Blender data, reading a file of the right game, the selection as levelkit arrays (with everything guessed,
skipped or disagreeing said), writing, and messages in a Blender user's words.

Every other module imports this one; it imports none of them, so there is no import loop.
"""

import os
import re
import tempfile
import zlib

import bpy
import numpy as np

import levelkit

from . import objects

ATTRIBUTE = "cl_attribute"
GROUP = "cl_group"
SOURCE = "levelkit_source"
SCALE = "levelkit_scale"

CL_IMPORTER = "File › Import › Sonic Heroes collision (.cl)"
LEVEL_IMPORTER = "File › Import › Rugrats level (LEVELnn.BIN)"
PREFERENCES = "Edit › Preferences › Add-ons › levelkit"

# What the last levelkit operator reported, line by line, as (level, text): the sidebar shows it (Blender's
# status bar keeps only the last line) and the tests read it.
LOG = []


class Refused(Exception):
    """The add-on's own refusal, already in a Blender user's words."""


def report(operator, level, text):
    """`operator.report`, also kept in LOG for the sidebar."""
    LOG.append((level, text))
    del LOG[:-200]
    operator.report({level}, text)


def start_log():
    LOG.clear()


# What the library's messages say to do (and the CLI wording some still carry, and Python's arguments),
# as a Blender user does it.
_CLI_WORDS = [
    (re.compile(r"the mod's port must be given"), f"set the Port in the add-on's preferences ({PREFERENCES})"),
    (re.compile(r"pass --port"), f"set the Port in the add-on's preferences ({PREFERENCES})"),
    (re.compile(r"\brepairing the file\b"), "Repair (Sidebar › levelkit)"),
    (re.compile(r"\bwith a weld of\b"), "with the export's Weld option at"),
    (re.compile(r"\(a larger weld=\)"), "(a larger Weld in the export)"),
    (re.compile(r"--allow-errors"), "Repair (Sidebar › levelkit)"),
    (re.compile(r"--weld\b"), "the export's Weld option"),
    (re.compile(r"--depth\b"), "the export's Depth option"),
    (re.compile(r"--max-depth\b"), "the export's Depth option"),
    (re.compile(r"repair-cl\b"), "Repair (Sidebar › levelkit)"),
    (re.compile(r"--all prints every finding"), "levelkit check --all prints every finding"),
]


def message(error, path=None):
    """An exception as one line for a Blender user: no CLI flags, no temporary files, no `[Errno None]`."""
    text = str(error)
    if isinstance(error, OSError) and (error.errno is None or text.startswith("[Errno None]")):
        name = error.filename or path
        if name is not None and not os.path.exists(name):
            text = f"{name}: there is no such file"
        elif name is not None and os.path.isdir(name):
            text = f"{name} is a folder, not a file"
        elif name is not None:
            text = f"cannot read {name}"
    elif isinstance(error, OSError) and error.strerror:
        name = error.filename or path
        text = f"{name}: {error.strerror[0].lower()}{error.strerror[1:]}" if name else error.strerror
    for pattern, words in _CLI_WORDS:
        text = pattern.sub(words, text)
    return text


def read(path, want):
    """The document at `path` when it is of the game `want` ("cl" or "level"); otherwise `Refused`, naming
    the importer that reads it."""
    if not os.path.exists(path):
        raise Refused(f"{path}: there is no such file")
    if os.path.isdir(path):
        raise Refused(f"{path} is a folder: choose a file")
    if os.path.getsize(path) == 0:
        kind = "Sonic Heroes collision (.cl)" if want == "cl" else "Rugrats level (LEVELnn.BIN)"
        raise Refused(f"{path} is empty (0 bytes): there is no {kind} in it; choose the file again (a copy or "
                      "download may have failed)")
    doc = levelkit.read(path)
    name = os.path.basename(path)
    if want == "cl" and not isinstance(doc, levelkit.Collision):
        raise Refused(f"{name} is a Rugrats: Search for Reptar level, not Sonic Heroes collision: import it "
                      f"with {LEVEL_IMPORTER}")
    if want == "level" and not isinstance(doc, levelkit.Level):
        raise Refused(f"{name} is Sonic Heroes collision, not a Rugrats level: import it with {CL_IMPORTER}")
    return doc


def write_atomic(path, data):
    """Writes through a temporary file beside `path` and a rename: the old file stays whole on failure."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise Refused(f"the folder {folder} does not exist: choose an existing folder")
    try:
        fd, tmp = tempfile.mkstemp(prefix=".levelkit-", dir=folder)
    except OSError as e:
        raise Refused(f"cannot write into {folder}: {e.strerror or e}") from e
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError as e:
        raise Refused(f"cannot write {path}: {e.strerror or e}") from e
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def thousands(n):
    return f"{n:,}"


def count(n, word, words=None):
    """`n` and the noun, singular for one: "1 face", "2 faces", "1,156 holes"."""
    return f"{n:,} {word if n == 1 else (words or word + 's')}"


def vocabulary():
    """The material names the add-on understands, for a message: levelkit's one list (the CLI and Python
    print the same), and where Blender sets them."""
    return (f"{levelkit.VOCABULARY}. DragonFF's materials read the same way when their names say a surface "
            "('death', 'water'); Sidebar › levelkit › Set surface names materials this way")


# Object types the exporter cannot take, and what to do about them.
_CONVERT = {"CURVE": "a curve", "SURFACE": "a surface", "FONT": "a text", "META": "a metaball",
            "CURVES": "hair curves", "GPENCIL": "a grease pencil", "GREASEPENCIL": "a grease pencil"}


MARKER = "levelkit_marker"  # set on the mesh data of the audit's markers
AUDITED = "levelkit_audited"  # on the scene: the names of the objects the last audit built


def is_marker(obj):
    """An audit marker or a hole region's marker or outline (meshes and curves the audit made)."""
    return obj.type in {"MESH", "CURVE"} and obj.data is not None and bool(obj.data.get(MARKER))


def chosen(context, what="export"):
    """The objects to export or audit, and a sentence when they are not simply the selection (else None):
    the selected ones, without the audit's markers. A selection that holds only markers (an audit, or Next
    hole, selected one) takes the objects the last audit audited, and says so. Nothing selected is refused
    (the active object is not taken silently)."""
    picked = list(context.selected_objects or [])
    objs = [o for o in picked if not is_marker(o)]
    if objs:
        return objs, None
    if picked:
        remembered = [bpy.data.objects.get(n) for n in context.scene.get(AUDITED, [])]
        remembered = [o for o in remembered if o is not None]
        if remembered:
            names = ", ".join(f"'{o.name}'" for o in remembered)
            return remembered, (f"the selection holds only audit markers: took {names}, which the last Audit "
                                f"audited (select other meshes to {what} them)")
        raise Refused(f"the selection holds only audit markers: select the meshes to {what}")
    active = context.active_object
    hint = f" (the active object '{active.name}' is not selected: click it)" if active is not None else ""
    raise Refused(f"nothing is selected: select the meshes to {what}{hint}")


def selection(context, what="export"):
    """The objects of `chosen`, without its sentence."""
    return chosen(context, what)[0]


IMPORTS = "levelkit_imports"  # on the scene: the files imported, by the id their faces carry
SOURCE_FACES = "levelkit_import"  # a per-face int: the id of the file the face was imported from


def remember_import(scene, path):
    """Registers an imported file on the scene; returns the id its faces carry (`levelkit_import`), so that
    the file is known after a join (Ctrl+J) whichever object was active."""
    key = zlib.crc32(path.encode("utf-8")) & 0x7FFFFFFF or 1
    imports = dict(scene.get(IMPORTS, {}))
    imports[str(key)] = path
    scene[IMPORTS] = imports
    return key


def source_of(obj, scene=None):
    """The .cl file `obj` was imported from: its `levelkit_source`, else the one file its faces came from
    (a join keeps the active object's properties only); None when none, or several."""
    if obj is None:
        return None
    if obj.get(SOURCE):
        return obj[SOURCE]
    if obj.type != "MESH":
        return None
    ids = objects.face_ints(obj.data, SOURCE_FACES)
    if ids is None:
        return None
    imports = (scene or bpy.context.scene).get(IMPORTS, {})
    paths = {imports[str(int(i))] for i in np.unique(ids) if i > 0 and str(int(i)) in imports}
    return paths.pop() if len(paths) == 1 else None


def imported_object(context):
    """The object whose imported file Audit › The imported file and Repair read: the active object when it
    was imported from a .cl file, else the first such object selected, else the first the last audit
    audited (after an audit a marker is the active object). None when there is none."""
    candidates = [context.active_object] + list(context.selected_objects or [])
    candidates += [bpy.data.objects.get(n) for n in context.scene.get(AUDITED, [])]
    return next((o for o in candidates if source_of(o, context.scene)), None)


SCALE_FACES = "levelkit_scale"  # also a per-face float attribute: the scale survives a join (Ctrl+J)


def scale_key(value):
    """A scale as Blender keeps it (float32), so that 0.01 stored two ways is one scale."""
    return float(np.float32(value))


def object_scales(obj):
    """The import scales a mesh object's faces carry (the `levelkit_scale` face attribute; 0 where a face
    came from no import), else the object's own `levelkit_scale` property: a set, empty for none."""
    if obj.type != "MESH":
        return set()
    attribute = obj.data.attributes.get(SCALE_FACES)
    if attribute is not None and attribute.domain == "FACE" and attribute.data_type == "FLOAT":
        values = np.zeros(len(obj.data.polygons), dtype=np.float32)
        attribute.data.foreach_get("value", values)
        found = {scale_key(v) for v in np.unique(values) if v > 0}
        if found:
            return found
    return {scale_key(obj[SCALE])} if SCALE in obj else set()


def stored_scale(objs):
    """The import scale the objects carry (on their faces, so that it survives a join whichever object was
    active, or as the object's `levelkit_scale`), one value or None; two different scales are refused,
    naming them."""
    by_object = {o.name: object_scales(o) for o in objs}
    scales = set().union(*by_object.values()) if by_object else set()
    if len(scales) > 1:
        names = ", ".join(f"'{name}' {' and '.join(f'{v:g}' for v in sorted(found))}"
                          for name, found in by_object.items() if found)
        raise Refused(f"the selected meshes were imported at different scales ({names}): export them "
                      "separately, or untick 'Scale from import' and give the scale")
    return scales.pop() if scales else None


def choose_scale(objs, from_import, scale):
    """The scale to export with, and how it was chosen (said in the report)."""
    if from_import:
        stored = stored_scale(objs)
        if stored is not None:
            without = [o.name for o in objs if o.type == "MESH" and not object_scales(o)]
            others = (f"; {', '.join(repr(n) for n in without)} carr{'ies' if len(without) == 1 else 'y'} none "
                      "and took it too") if without else ""
            return stored, f"scale {stored:g} (the import scale stored on the object as {SCALE}{others})"
        return scale, f"scale {scale:g} (no selected object carries an import scale)"
    return scale, f"scale {scale:g} (given)"


class Gathered:
    """The selection as levelkit arrays, and what happened on the way."""

    def __init__(self):
        self.vertices, self.triangles, self.attributes, self.groups = [], [], [], []
        self.notes = []  # (level, text)
        self.objects = []  # names of the objects taken
        self.conflicts = 0
        self.coloured = set()  # materials given their surface's colour

    def arrays(self):
        return (
            np.concatenate(self.vertices),
            np.concatenate(self.triangles),
            np.concatenate(self.attributes).astype(np.uint32),
            np.concatenate(self.groups).astype(np.uint16),
        )


def named_surface(name):
    """The attribute a material name names, or None when it names none (levelkit raises ValueError for
    such a name; here it is counted and reported by `face_surfaces`' caller)."""
    try:
        return levelkit.attribute_from_name(name)
    except ValueError:
        return None


DEFAULT_COLOUR = (0.8, 0.8, 0.8)  # a new Blender material's viewport colour


def colour_material(material, attribute):
    """Gives a material that names a surface and still has Blender's default colour the colour levelkit
    shows that surface in (as imported materials have); True when it did."""
    if material is None or any(abs(a - b) > 1e-6 for a, b in zip(material.diffuse_color[:3], DEFAULT_COLOUR)):
        return False
    linear = [float(c) for c in objects.srgb_to_linear([c / 255 for c in levelkit.surface_colour(attribute)])]
    material.diffuse_color = (*linear, 1.0)
    bsdf = material.node_tree.nodes.get("Principled BSDF") if material.use_nodes and material.node_tree else None
    if bsdf is not None and not bsdf.inputs["Base Color"].is_linked:
        bsdf.inputs["Base Color"].default_value = (*linear, 1.0)
    return True


def face_surfaces(mesh, obj_name, gathered, unknown):
    """Each face's attribute from its material and `cl_attribute`: a material whose name names a surface
    wins (it is what Blender shows and what the material slots assign: assigning one is how a user sets a
    surface, so where the face's `cl_attribute` said another the report says so as information, not as a
    warning). A material whose name says nothing leaves `cl_attribute`, else floor; such names are
    collected in `unknown`. A material that names a surface but is still Blender's default grey is coloured
    as levelkit shows that surface, and the report says so."""
    count_ = len(mesh.polygons)
    index = objects.material_indices(mesh)
    # The evaluated mesh holds evaluated copies of the materials: colour the user's own (`original`).
    slots = [m.original if m is not None else None for m in mesh.materials]
    names = [m.name if m else None for m in slots]
    by_slot = [named_surface(n) if n else None for n in names]
    stored = objects.face_ints(mesh, ATTRIBUTE, np.uint32)
    result = np.zeros(count_, dtype=np.uint32) if stored is None else stored.copy()
    if names:
        index = np.clip(index, 0, len(names) - 1)
        for slot, (name, value) in enumerate(zip(names, by_slot)):
            faces = index == slot
            n = int(faces.sum())
            if n == 0:
                continue
            if value is None:
                if name is not None:
                    became = "kept their cl_attribute" if stored is not None else "became floor"
                    key = (name, became)
                    unknown[key] = unknown.get(key, 0) + n
                continue
            if name not in gathered.coloured and colour_material(slots[slot], value):
                gathered.coloured.add(name)
                gathered.notes.append(("INFO", f"material '{name}' names {levelkit.surface_name(value)}: coloured "
                                       "as levelkit shows that surface"))
            if stored is not None:
                differ = int((stored[faces] != value).sum())
                if differ:
                    gathered.conflicts += differ
                    first = levelkit.surface_name(int(stored[faces][stored[faces] != value][0]))
                    gathered.notes.append((
                        "INFO",
                        f"'{obj_name}': {count(differ, 'face')} of material '{name}' took its surface "
                        f"{levelkit.surface_name(value)} over the cl_attribute {'it' if differ == 1 else 'they'} "
                        f"had before (the first: {first}): the material won, as Blender shows it",
                    ))
            result[faces] = value
    elif stored is None:
        unknown[("(no material)", "became floor")] = unknown.get(("(no material)", "became floor"), 0) + count_
    return result


def gather(context, objs, scale=1.0):
    """The meshes among `objs` (modifiers applied, world transforms) as levelkit arrays (vertices Y up,
    unscaled), with notes for every object skipped and every guess. Refuses an empty result and vertices
    that are not finite numbers."""
    gathered = Gathered()
    depsgraph = context.evaluated_depsgraph_get()
    unknown = {}
    base = 0
    number = 0
    for obj in objs:
        if obj.type != "MESH":
            kind = _CONVERT.get(obj.type)
            if kind:
                gathered.notes.append(("WARNING", f"skipped '{obj.name}': {kind} object; Object › Convert › Mesh "
                                       "makes it one the export takes"))
            else:
                gathered.notes.append(("INFO", f"skipped '{obj.name}': a {obj.type.lower()}, not a mesh"))
            continue
        evaluated = obj.evaluated_get(depsgraph)
        mesh = evaluated.to_mesh()
        try:
            if len(mesh.polygons) == 0:
                what = f"{len(mesh.vertices)} vertices, {len(mesh.edges)} edges" if len(mesh.vertices) else "empty"
                gathered.notes.append(("WARNING", f"skipped '{obj.name}': it has no faces ({what})"))
                continue
            mesh.transform(obj.matrix_world)
            mesh.calc_loop_triangles()
            co = objects.positions(mesh)
            bad = np.flatnonzero(~np.isfinite(co.reshape(-1, 3)).all(axis=1))
            if len(bad):
                raise Refused(f"'{obj.name}' has vertices that are not numbers (NaN or infinite): "
                              f"{count(len(bad), 'vertex', 'vertices')}, the first: vertex {int(bad[0])}; nothing "
                              "was written: fix or delete them")
            tris = objects.indices(mesh.loop_triangles, "vertices", len(mesh.loop_triangles) * 3)
            faces = objects.indices(mesh.loop_triangles, "polygon_index", len(mesh.loop_triangles))
            per_face = face_surfaces(mesh, obj.name, gathered, unknown)
            face_groups = objects.face_ints(mesh, GROUP)
            if face_groups is None:
                face_groups = np.full(len(mesh.polygons), number, dtype=np.int32)
            gathered.vertices.append(objects.from_blender(co, scale))
            gathered.triangles.append(tris.reshape(-1, 3).astype(np.int64) + base)
            gathered.attributes.append(per_face[faces])
            gathered.groups.append(np.clip(face_groups[faces], 0, 0xFFFF))
            gathered.objects.append(obj.name)
            base += len(mesh.vertices)
            number += 1
        finally:
            evaluated.to_mesh_clear()
    for (name, became), n in sorted(unknown.items()):
        if n == 1:
            became = became.replace("their", "its")
        gathered.notes.append(("WARNING", f"material '{name}' names no surface: its {count(n, 'face')} {became}. "
                               f"Names understood: {vocabulary()}"))
    if not gathered.objects:
        skipped = "; ".join(t for _, t in gathered.notes if t.startswith("skipped")) or "no objects"
        raise Refused(f"nothing to export: no selected mesh has faces ({skipped})")
    return gathered


def build(context, objs, scale, depth="auto", weld=levelkit.DEFAULT_WELD, flip=False):
    """The collision Export writes, built in memory, and the notes of the gathering."""
    gathered = gather(context, objs, scale)
    collision = levelkit.build_cl(*gathered.arrays(), depth=depth, weld=weld, flip=flip)
    if len(collision.triangles) == 0:
        raise Refused(f"nothing to export: every face of {', '.join(gathered.objects)} is degenerate (no area "
                      "at this scale)")
    return collision, gathered


def build_report(collision, gathered, scale_said, depth, weld):
    """The lines that say what the build did, every default and every change included."""
    r = collision.report or {}
    tree = r.get("tree", {})
    lines = list(gathered.notes)
    depth_said = f"depth auto (chose {tree.get('tree_depth')})" if depth == "auto" else f"depth {depth}"
    if weld == levelkit.DEFAULT_WELD:
        weld_said = f"weld {weld:g} game units (the default: it closes float noise; Weld 0 keeps every vertex)"
    else:
        weld_said = f"weld {weld:g} game units" if weld else "weld off (0)"
    lines.append(("INFO", f"{', '.join(gathered.objects)}: {scale_said}, {depth_said}, {weld_said}"))
    dropped = r.get("degenerate_triangles", 0)
    if dropped:
        first = r.get("degenerate_examples", [])[:3]
        lines.append(("WARNING", f"{count(dropped, 'face')} dropped: no area (degenerate), the first: {first}"))
    if r.get("welded_vertices", 0):
        lines.append(("INFO", f"{count(r['welded_vertices'], 'vertex', 'vertices')} welded onto others at the same "
                      "place"))
    if r.get("unused_vertices", 0):
        lines.append(("INFO", f"{count(r['unused_vertices'], 'vertex', 'vertices')} used by no face left out"))
    if r.get("rotated_triangles", 0):
        lines.append(("WARNING", f"{count(r['rotated_triangles'], 'triangle')} rotated (corners renumbered) so "
                      f"the game cannot hang on them, the first: {r.get('hanging_examples', [])[:3]}"))
    return lines


def finding_reports(groups):
    """The report lines for findings grouped by rule, as `levelkit check` prints them: a rule with many
    findings as one line with its count and its first finding, the others finding by finding."""
    reports = []
    for group in groups:
        level = "ERROR" if group.severity == "error" else "WARNING"
        if len(group) <= group.examples + 1:
            reports.extend((level, message(str(f))) for f in group.findings)
        else:
            reports.append((level, message(f"{group.title}, the first: {group.findings[0]}")))
    return reports


def area_3d(context):
    """A 3D view and its main region, or None (headless)."""
    screen = getattr(context, "screen", None) or (context.window.screen if getattr(context, "window", None) else None)
    for area in screen.areas if screen else []:
        if area.type == "VIEW_3D":
            region = next((r for r in area.regions if r.type == "WINDOW"), None)
            if region is not None:
                return area, region
    return None


def frame_selected(context):
    """Frames the selection in the first 3D view (nothing headless)."""
    found = area_3d(context)
    if found is None:
        return False
    area, region = found
    with context.temp_override(area=area, region=region):
        bpy.ops.view3d.view_selected()
    return True
