"""What the importers, the exporter, the audit and the live reload share: the names the add-on stores on
Blender data, reading a file of the right game, the selection as levelkit arrays (with everything guessed,
skipped or disagreeing said), writing, and messages in a Blender user's words.

Every other module imports this one; it imports none of them, so there is no import loop.
"""

import os
import re
import tempfile

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


# CLI wording in the library's messages, and what it is in Blender.
_CLI_WORDS = [
    (re.compile(r"pass --port"), f"set the Port in the add-on's preferences ({PREFERENCES})"),
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


def vocabulary():
    """The material names the add-on understands, for a message."""
    ids = ", ".join(s["id"] for s in levelkit.surfaces())
    return (f"a surface name ({ids}, or its label such as 'Rock wall'), a name ending in 8 hex digits of "
            "flags (wall_00000100), HeroesPowerPlant's letter codes (_w wall, _x death, _s stairs, _k "
            "barrier, _i invisible wall, _a water) or DragonFF's (a material named by its surface, such as "
            "'death' or 'water'); Sidebar › levelkit › Set surface names materials this way")


# Object types the exporter cannot take, and what to do about them.
_CONVERT = {"CURVE": "a curve", "SURFACE": "a surface", "FONT": "a text", "META": "a metaball",
            "CURVES": "hair curves", "GPENCIL": "a grease pencil", "GREASEPENCIL": "a grease pencil"}


MARKER = "levelkit_marker"  # set on the mesh data of the audit's markers
AUDITED = "levelkit_audited"  # on the scene: the names of the objects the last audit built


def is_marker(obj):
    return obj.type == "MESH" and bool(obj.data.get(MARKER))


def selection(context, what="export"):
    """The objects to export or audit: the selected ones, without the audit's markers. Nothing selected is
    refused (the active object is not taken silently). An audit whose selection is only markers (the
    previous audit selected one) audits the objects the previous audit built, and says so."""
    chosen = list(context.selected_objects or [])
    objs = [o for o in chosen if not is_marker(o)]
    if objs:
        return objs
    if chosen:
        remembered = [bpy.data.objects.get(n) for n in context.scene.get(AUDITED, [])]
        remembered = [o for o in remembered if o is not None]
        if what == "audit" and remembered:
            return remembered
        raise Refused(f"the selection holds only audit markers: select the meshes to {what}")
    active = context.active_object
    hint = f" (the active object '{active.name}' is not selected: click it)" if active is not None else ""
    raise Refused(f"nothing is selected: select the meshes to {what}{hint}")


def stored_scale(objs):
    """The import scale the objects carry (`levelkit_scale`), one value or None; disagreeing values are
    refused."""
    scales = {float(o[SCALE]) for o in objs if o.type == "MESH" and SCALE in o}
    if len(scales) > 1:
        names = ", ".join(f"'{o.name}' {float(o[SCALE]):g}" for o in objs if SCALE in o)
        raise Refused(f"the selected objects were imported at different scales ({names}): untick 'Scale from "
                      "import' and give the scale")
    return scales.pop() if scales else None


def choose_scale(objs, from_import, scale):
    """The scale to export with, and how it was chosen (said in the report)."""
    if from_import:
        stored = stored_scale(objs)
        if stored is not None:
            return stored, f"scale {stored:g} (the import scale stored on the object as {SCALE})"
        return scale, f"scale {scale:g} (no selected object carries an import scale)"
    return scale, f"scale {scale:g} (given)"


class Gathered:
    """The selection as levelkit arrays, and what happened on the way."""

    def __init__(self):
        self.vertices, self.triangles, self.attributes, self.groups = [], [], [], []
        self.notes = []  # (level, text)
        self.objects = []  # names of the objects taken
        self.conflicts = 0

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


def face_surfaces(mesh, obj_name, gathered, unknown):
    """Each face's attribute from its material and `cl_attribute`: a material whose name names a surface
    wins (it is what Blender shows and what the material slots assign); where `cl_attribute` says
    otherwise the face is counted as a disagreement. A material whose name says nothing leaves
    `cl_attribute`, else floor; such names are collected in `unknown`."""
    count = len(mesh.polygons)
    index = np.zeros(count, dtype=np.int32)
    mesh.polygons.foreach_get("material_index", index)
    names = [m.name if m else None for m in mesh.materials]
    by_slot = [named_surface(n) if n else None for n in names]
    stored = objects.face_ints(mesh, ATTRIBUTE, np.uint32)
    result = np.zeros(count, dtype=np.uint32) if stored is None else stored.copy()
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
            if stored is not None:
                differ = int((stored[faces] != value).sum())
                if differ:
                    gathered.conflicts += differ
                    gathered.notes.append((
                        "WARNING",
                        f"'{obj_name}': {thousands(differ)} faces of material '{name}' "
                        f"({levelkit.surface_name(value)}) had another cl_attribute (the first: "
                        f"{levelkit.surface_name(int(stored[faces][stored[faces] != value][0]))}): the material "
                        "won; Set surface changes both",
                    ))
            result[faces] = value
    elif stored is None:
        unknown[("(no material)", "became floor")] = unknown.get(("(no material)", "became floor"), 0) + count
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
            co = np.zeros(len(mesh.vertices) * 3, dtype=np.float32)
            mesh.vertices.foreach_get("co", co)
            bad = np.flatnonzero(~np.isfinite(co.reshape(-1, 3)).all(axis=1))
            if len(bad):
                raise Refused(f"'{obj.name}' has {thousands(len(bad))} vertices that are not numbers (NaN or "
                              f"infinite; the first: vertex {int(bad[0])}): nothing was written; fix or delete them")
            tris = np.zeros(len(mesh.loop_triangles) * 3, dtype=np.int32)
            mesh.loop_triangles.foreach_get("vertices", tris)
            faces = np.zeros(len(mesh.loop_triangles), dtype=np.int32)
            mesh.loop_triangles.foreach_get("polygon_index", faces)
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
        gathered.notes.append(("WARNING", f"material '{name}' names no surface: its {thousands(n)} faces {became}. "
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
        lines.append(("WARNING", f"{thousands(dropped)} faces dropped: no area (degenerate), the first: {first}"))
    if r.get("welded_vertices", 0):
        lines.append(("INFO", f"{thousands(r['welded_vertices'])} vertices welded onto others at the same place"))
    if r.get("unused_vertices", 0):
        lines.append(("INFO", f"{thousands(r['unused_vertices'])} vertices used by no face left out"))
    if r.get("rotated_triangles", 0):
        lines.append(("WARNING", f"{thousands(r['rotated_triangles'])} triangles rotated (corners renumbered) so "
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
