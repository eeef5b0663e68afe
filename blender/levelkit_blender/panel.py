"""The levelkit sidebar panel (3D view › N): set the surface type of faces, audit, repair, and what the last
operator said."""

import os

import bmesh
import bpy
import numpy as np
from bpy.props import BoolProperty, EnumProperty, IntProperty, StringProperty
from bpy_extras.io_utils import ExportHelper

import levelkit

from . import common, live, objects

AUDIT = "levelkit audit"
# Kept for scripts that looked the markers up by the old name: the audit's collection.
HOLES = AUDIT
# The certified hole regions (issue 57): a marker at each one's witness and its outline, per probe kind.
REGIONS = "levelkit hole regions"


# Blender keeps only pointers to a dynamic enum's strings: the items must stay referenced from Python.
SURFACE_ITEMS = []


def surface_items(self, context):
    return SURFACE_ITEMS


def surface_material(mesh, attribute):
    """The slot of the material named for `attribute` on `mesh`, added when missing."""
    name = levelkit.surface_name(attribute)
    slot = next((i for i, m in enumerate(mesh.materials) if m and m.name == name), None)
    if slot is None:
        linear = list(objects.srgb_to_linear([c / 255 for c in levelkit.surface_colour(attribute)])) + [1.0]
        mat = bpy.data.materials.get(name) or objects.material(name, linear)
        mesh.materials.append(mat)
        slot = len(mesh.materials) - 1
    return slot


def set_surface(obj, attribute, whole=False):
    """Gives faces of `obj` the surface flags `attribute` (`cl_attribute`) and the surface's material: the
    selected faces, or with `whole` every face. Returns the count."""
    mesh = obj.data
    editing = obj.mode == "EDIT"
    bm = bmesh.from_edit_mesh(mesh) if editing else bmesh.new()
    if not editing:
        bm.from_mesh(mesh)
    layer = bm.faces.layers.int.get(common.ATTRIBUTE) or bm.faces.layers.int.new(common.ATTRIBUTE)
    slot = surface_material(mesh, attribute)
    changed = 0
    value = int(attribute) - (1 << 32) if attribute >= 1 << 31 else int(attribute)
    for face in bm.faces:
        if whole or face.select:
            face[layer] = value
            face.material_index = slot
            changed += 1
    if editing:
        bmesh.update_edit_mesh(mesh)
    else:
        bm.to_mesh(mesh)
        bm.free()
    return changed


def whole_object_question(obj, attribute):
    return (f"Set all {common.thousands(len(obj.data.polygons))} faces of '{obj.name}' to "
            f"{levelkit.surface_name(attribute)}?")


class SetSurface(bpy.types.Operator):
    """Give faces this surface type (the cl_attribute face attribute and its material): in Edit Mode the
    selected faces; in Object Mode the whole object, when asked for"""

    bl_idname = "levelkit.set_surface"
    bl_label = "Set surface"
    bl_options = {"REGISTER", "UNDO"}
    surface: EnumProperty(name="Surface", items=surface_items)
    whole_object: BoolProperty(
        name="Whole object", default=False,
        description="In Object Mode: every face of the active object (Edit Mode sets the selected faces)")

    @classmethod
    def poll(cls, context):
        return context.active_object is not None and context.active_object.type == "MESH"

    def invoke(self, context, event):
        obj = context.active_object
        if obj.mode != "EDIT" and self.whole_object:
            question = whole_object_question(obj, int(self.surface))
            try:  # Blender 4.1+: a title and a message
                return context.window_manager.invoke_confirm(self, event, title="Set surface", message=question,
                                                             confirm_text="Set all faces")
            except TypeError:
                return context.window_manager.invoke_confirm(self, event)
        return self.execute(context)

    def execute(self, context):
        common.start_log()
        attribute = int(self.surface)
        name = levelkit.surface_name(attribute)
        obj = context.active_object
        if obj.mode == "EDIT":
            targets = [o for o in (context.objects_in_mode_unique_data or [obj]) if o.type == "MESH"]
            changed = sum(set_surface(o, attribute) for o in targets)
            if changed == 0:
                common.report(self, "ERROR", "no faces are selected: select faces (Face Select, 3) and set again")
                return {"CANCELLED"}
            common.report(self, "INFO", f"set {common.count(changed, 'selected face')} to {name}")
            return {"FINISHED"}
        if not self.whole_object:
            common.report(self, "ERROR", f"in Object Mode Set surface would change all "
                          f"{common.thousands(len(obj.data.polygons))} faces of '{obj.name}': select faces in Edit "
                          "Mode (Tab), or use Set surface › Whole object")
            return {"CANCELLED"}
        changed = set_surface(obj, attribute, whole=True)
        common.report(self, "INFO", f"set {'all ' if changed != 1 else 'the '}{common.count(changed, 'face')} of "
                      f"'{obj.name}' to {name}")
        return {"FINISHED"}


# Marker colours by cause (linear RGB), a shape by what it marks: spheres for holes, cubes for freezes.
CAUSE_COLOURS = [(1.0, 0.02, 0.02), (1.0, 0.45, 0.0), (0.85, 0.0, 1.0), (0.0, 0.55, 1.0), (1.0, 0.9, 0.0),
                 (0.0, 1.0, 0.6), (1.0, 0.4, 0.7)]
FREEZE_COLOUR = (0.1, 0.1, 0.1)
# What fixes a hole when the library names no cause: every hole is in the file's tree, which Export builds anew.
DEFAULT_FIX = "Export builds a complete tree, without these holes; Repair fixes the imported file"
PROBE_WORDS = {"vertical": "vertical probes", "line": "line casts", "move": "moving spheres"}


def hole_cause(hole):
    """A hole's cause kind, and a readable name for it. levelkit's audit names each hole's cause; an older
    levelkit gives only the probe kind, and then the group says so."""
    cause = hole.get("cause")
    if isinstance(cause, dict) and cause.get("kind"):
        return cause["kind"], cause["kind"].replace("_", " ")
    kind = hole.get("kind", "?")
    return f"{kind}_uncaused", f"{PROBE_WORDS.get(kind, kind)} (this levelkit names no cause)"


def group_lines(audit):
    """The audit's lines per cause kind (count, cause and fix), as the library words them."""
    lines = {}
    for group in audit.get("causes", []) or []:
        kind = group.get("cause")
        if kind:
            lines.setdefault(kind, []).append(group.get("text") or "")
    return lines


def marker_mesh(name, shape, size):
    mesh = bpy.data.meshes.new(name)
    bm = bmesh.new()
    if shape == "sphere":
        bmesh.ops.create_icosphere(bm, subdivisions=2, radius=size)
    else:
        bmesh.ops.create_cube(bm, size=size * 2)
    bm.to_mesh(mesh)
    bm.free()
    return mesh


def clear_markers():
    top = bpy.data.collections.get(AUDIT)
    if top is None:
        return
    for child in list(top.children):
        for obj in list(child.objects):
            bpy.data.objects.remove(obj, do_unlink=True)
        bpy.data.collections.remove(child)
    for obj in list(top.objects):
        bpy.data.objects.remove(obj, do_unlink=True)
    for mesh in [m for m in bpy.data.meshes if m.get(common.MARKER) and m.users == 0]:
        bpy.data.meshes.remove(mesh)


def cause_totals(audit):
    """Every hole's count per cause kind, from the audit's groups (the hole list holds only the first
    ones); an audit without groups counts its list."""
    totals = {}
    for group in audit.get("causes", []) or []:
        if group.get("cause"):
            totals[group["cause"]] = totals.get(group["cause"], 0) + int(group.get("holes", 0))
    return totals


def map_order(points):
    """The ranks of `points` (the file's x, y, z) in the order of the map (levelkit's space order, as the
    audit runs its probes): Next hole steps from each place to one near it."""
    if not points:
        return []
    ranks = [0] * len(points)
    for rank, i in enumerate(levelkit.space_order(np.asarray(points, dtype=np.float32).reshape(-1, 3))):
        ranks[i] = rank
    return ranks


def place_holes(context, audit, scale=1.0, size=None):
    """A marker (a mesh, so it shows in renders too) at every hole the audit lists and every triangle the
    game hangs on, in the `levelkit audit` collection: one collection per cause (spheres, one colour each)
    and one for freezes (dark cubes), each named with its count (and how many of them the audit lists,
    when that is fewer). Each marker's `order` is its place in the order of the map. `size`: the markers'
    radius in Blender units. Returns the count."""
    clear_markers()
    top = bpy.data.collections.get(AUDIT)
    if top is None:
        top = bpy.data.collections.new(AUDIT)
    if top.name not in context.scene.collection.children:
        context.scene.collection.children.link(top)
    size = size or 2.0 * scale
    groups = {}
    for hole in audit["hole_list"]:
        groups.setdefault(hole_cause(hole), []).append(hole)
    hangs = audit.get("hanging_triangles", [])
    ranks = map_order([h["point"] for h in audit["hole_list"]] + [h["at"] for h in hangs])
    rank_of_hole = {id(h): r for h, r in zip(audit["hole_list"], ranks)}
    lines = group_lines(audit)
    totals = cause_totals(audit)
    placed = 0
    for number, ((kind, words), holes) in enumerate(sorted(groups.items(), key=lambda g: -len(g[1]))):
        total = max(totals.get(kind, 0), len(holes))
        counted = f"{len(holes):,}" if total == len(holes) else f"{len(holes):,} marked of {total:,}"
        collection = bpy.data.collections.new(f"holes: {words} ({counted})")
        top.children.link(collection)
        colour = CAUSE_COLOURS[number % len(CAUSE_COLOURS)]
        material = objects.material(f"levelkit hole: {words}", (*colour, 1.0), emission=True)
        mesh = marker_mesh(f"hole marker: {words}", "sphere", size)
        mesh[common.MARKER] = True
        mesh.materials.append(material)
        fix = common.message(" ".join(lines.get(kind, [])) or DEFAULT_FIX)
        collection["fix"] = fix
        for hole in holes:
            obj = bpy.data.objects.new(f"hole_{kind}_{hole['kind']}_{hole['index']}", mesh)
            obj.location = tuple(objects.to_blender(hole["point"], scale)[0])
            obj.show_in_front = True
            obj["kind"] = hole["kind"]
            obj["probe"] = hole["index"]
            obj["cause"] = kind
            obj["fix"] = fix
            obj["order"] = rank_of_hole[id(hole)]
            cause = hole.get("cause")
            if isinstance(cause, dict):
                obj["cause_detail"] = ", ".join(f"{k} {v}" for k, v in cause.items() if k != "kind")
            collection.objects.link(obj)
            placed += 1
    if hangs:
        collection = bpy.data.collections.new(f"freezes: triangles the game hangs on ({len(hangs):,})")
        top.children.link(collection)
        collection["fix"] = "Export rotates such triangles; Repair does it for the imported file"
        mesh = marker_mesh("freeze marker", "cube", size * 1.3)
        mesh[common.MARKER] = True
        mesh.materials.append(objects.material("levelkit freeze", (*FREEZE_COLOUR, 1.0)))
        for hang, rank in zip(hangs, ranks[len(audit["hole_list"]):]):
            obj = bpy.data.objects.new(f"freeze_triangle_{hang['triangle']}", mesh)
            obj.location = tuple(objects.to_blender(hang["at"], scale)[0])
            obj.show_in_front = True
            obj["kind"] = "freeze"
            obj["triangle"] = hang["triangle"]
            obj["fix"] = collection["fix"]
            obj["order"] = rank
            collection.objects.link(obj)
            placed += 1
    return placed


REGION_COLOURS = {"vertical": (0.0, 0.85, 1.0), "line": (1.0, 0.85, 0.0), "move": (0.3, 1.0, 0.3)}
REGION_KINDS = ("vertical", "line", "move")


def clear_regions():
    top = bpy.data.collections.get(REGIONS)
    if top is None:
        return
    for child in list(top.children):
        for obj in list(child.objects):
            bpy.data.objects.remove(obj, do_unlink=True)
        bpy.data.collections.remove(child)
    for obj in list(top.objects):
        bpy.data.objects.remove(obj, do_unlink=True)
    for curve in [c for c in bpy.data.curves if c.get(common.MARKER) and c.users == 0]:
        bpy.data.curves.remove(curve)
    for mesh in [m for m in bpy.data.meshes if m.get(common.MARKER) and m.users == 0]:
        bpy.data.meshes.remove(mesh)


def witness_point(region):
    """Where a region's witness shows the hole, in the file's x, y, z: the point where the witness meets the
    complete tree's answer (where the player should have landed, or a moving sphere's centre stops; as
    the hole markers), else this file's, else the witness's start."""
    w = region.get("witness") or {}
    start = [float(v) for v in w.get("start", (0.0, 0.0, 0.0))]
    d = [float(v) for v in w.get("dir", (0.0, 0.0, 0.0))]
    length = float(np.linalg.norm(d))
    answer = w.get("complete") or w.get("file")
    if not answer or length <= 0.0:
        return start
    t = float(answer[1]) / length
    return [start[i] + d[i] * t for i in range(3)]


def grown(piece, radius, steps=12):
    """A convex X/Z polygon grown by `radius` (the hull of a circle at each corner): where a moving sphere
    of that radius reaches it."""
    ring = [(np.cos(a) * radius, np.sin(a) * radius) for a in np.linspace(0.0, 2 * np.pi, steps, endpoint=False)]
    pts = sorted({(round(x + dx, 4), round(z + dz, 4)) for x, z in piece for dx, dz in ring})
    if len(pts) < 3:
        return [list(p) for p in pts]

    def half(points):
        out = []
        for p in points:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                                     - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(p)
        return out[:-1]

    return [list(p) for p in half(pts) + half(pts[::-1])]


def region_lines(audit):
    """The audit's words about the hole regions, as `levelkit audit` prints them: the `hole regions:` line
    and its line per kind (not its first few regions, which the markers show)."""
    lines, inside = [], False
    for line in (audit.get("text") or "").splitlines():
        if line.startswith("hole regions:"):
            inside = True
        elif inside and not line.startswith("  "):
            break
        if inside and not line.startswith("    ") and not line.strip().startswith("the first "):
            lines.append(line.strip())
    return lines


def region_name(region):
    cause = region.get("cause") or {}
    where = ", ".join(f"{k} {v}" for k, v in cause.items() if k != "kind")
    return f"region_{region['probe']}_{cause.get('kind', '?')}" + (f"_{where.replace(', ', '_').replace(' ', '')}"
                                                                   if where else "")


def place_regions(context, audit, scale=1.0, size=None):
    """The audit's certified hole regions in the `levelkit hole regions` collection, one child collection
    per probe kind: a marker (a small cube, one colour per kind) at each confirmed region's
    witness, and one outline object (a curve, so it renders) drawing every region's pieces at the height
    where its witness lands; a moving sphere's regions are drawn grown by its radius. levelkit lists the
    first 1,000 regions of each kind: the collection names say how many of how many. Returns the number
    of markers."""
    clear_regions()
    regions = audit.get("regions")
    if not isinstance(regions, dict):
        return 0
    confirmed = regions.get("confirmed") or []
    counts = list(regions.get("counts") or [0, 0, 0])
    if not confirmed:
        return 0
    top = bpy.data.collections.get(REGIONS)
    if top is None:
        top = bpy.data.collections.new(REGIONS)
    if top.name not in context.scene.collection.children:
        context.scene.collection.children.link(top)
    size = size or 2.0 * scale
    radius = float(regions.get("radius", 0.0))
    placed = 0
    for k, kind in enumerate(REGION_KINDS):
        listed = [r for r in confirmed if r.get("probe") == kind]
        if not listed:
            continue
        total = max(int(counts[k]) if k < len(counts) else 0, len(listed))
        counted = f"{len(listed):,}" if total == len(listed) else f"{len(listed):,} marked of {total:,}"
        # Blender cuts names at 63 bytes: the counts in the collection's name, the growing in the outline's.
        collection = bpy.data.collections.new(f"regions: {PROBE_WORDS[kind]} ({counted})")
        top.children.link(collection)
        colour = REGION_COLOURS[kind]
        material = objects.material(f"levelkit hole region: {PROBE_WORDS[kind]}", (*colour, 1.0), emission=True)
        mesh = marker_mesh(f"region marker: {PROBE_WORDS[kind]}", "cube", size * 0.55)
        mesh[common.MARKER] = True
        mesh.materials.append(material)
        curve = bpy.data.curves.new(f"region outlines: {PROBE_WORDS[kind]}", "CURVE")
        curve[common.MARKER] = True
        curve.dimensions = "3D"
        curve.bevel_depth = size * 0.25
        curve.materials.append(material)
        for region in listed:
            at = witness_point(region)
            obj = bpy.data.objects.new(region_name(region), mesh)
            w = region["witness"]
            obj.location = tuple(objects.to_blender(at, scale)[0])
            obj.show_in_front = True
            cause = region.get("cause") or {}
            obj["probe"] = kind
            obj["cause"] = cause.get("kind", "")
            obj["cause_detail"] = ", ".join(f"{k2} {v}" for k2, v in cause.items() if k2 != "kind")
            obj["area"] = float(region.get("area", 0.0))
            obj["extent"] = [float(v) for corner in region.get("extent", ()) for v in corner]
            obj["radius"] = float(region.get("radius", 0.0))
            obj["witness_start"] = [float(v) for v in w["start"]]
            obj["witness_dir"] = [float(v) for v in w["dir"]]
            if w.get("sampled") is not None:
                obj["sampled_probe"] = int(w["sampled"])
            collection.objects.link(obj)
            placed += 1
            for piece in region.get("pieces") or []:
                if kind == "move" and radius > 0:
                    piece = grown(piece, float(region.get("radius") or radius))
                if len(piece) < 2:
                    continue
                points = objects.to_blender([[x, at[1], z] for x, z in piece], scale)
                spline = curve.splines.new("POLY")
                spline.points.add(len(points) - 1)
                spline.points.foreach_set("co", np.hstack([points, np.ones((len(points), 1), np.float32)]).ravel())
                spline.use_cyclic_u = len(points) > 2
        grown_words = f", grown by the sphere's radius {radius:g}" if kind == "move" and radius > 0 else ""
        outline = bpy.data.objects.new(f"outlines: {PROBE_WORDS[kind]}{grown_words}", curve)
        outline.show_in_front = True
        outline["probe"] = kind
        collection.objects.link(outline)
    return placed


def region_markers():
    """The hole regions' markers (not their outlines), in the audit's order."""
    top = bpy.data.collections.get(REGIONS)
    if top is None:
        return []
    return [o for child in top.children for o in child.objects if o.type == "MESH"]


def markers():
    """The audit's markers in the order of the map (each one near the one before), whatever their cause."""
    top = bpy.data.collections.get(AUDIT)
    if top is None:
        return []
    found = [o for child in top.children for o in child.objects]
    return sorted(found, key=lambda o: (int(o.get("order", 0)), o.name))


def marker_size(objs):
    """A marker radius that reads at the stage's size: 0.6 % of the largest extent."""
    corners = [np.array(o.matrix_world) @ np.append(np.array(c), 1.0) for o in objs if o.type == "MESH"
               for c in o.bound_box]
    if not corners:
        return None
    pts = np.array(corners)[:, :3]
    span = float((pts.max(axis=0) - pts.min(axis=0)).max())
    return max(span * 0.006, 1e-3)


def audit_built(context, objs, scale, probes, seed):
    """The audit of what Export would write from `objs`: built in memory the same way."""
    collision, gathered = common.build(context, objs, scale)
    return collision.audit(probes=probes, seed=seed), collision, gathered


def audit_file(obj, probes, seed):
    """The audit of the file `obj` was imported from, as it is on disk."""
    source = common.source_of(obj)
    if not source:
        raise common.Refused(f"'{obj.name}' was not imported from a .cl file: audit What Export would write")
    if not os.path.exists(source):
        raise common.Refused(f"{source}, which '{obj.name}' was imported from, is gone: audit What Export would write")
    collision = common.read(source, "cl")
    return collision.audit(probes=probes, seed=seed), collision


def audit_object(obj, probes=10000, seed=1):
    """The audit of the file `obj` was imported from (as before; the operator's default audits what Export
    would write)."""
    return audit_file(obj, probes, seed)[0]


class Audit(bpy.types.Operator):
    """Probe collision as the game walks it and mark every hole and freeze in the viewport and in renders:
    what Export would write from the selection, or the file the active object was imported from"""

    bl_idname = "levelkit.audit"
    bl_label = "Audit"
    bl_options = {"REGISTER", "UNDO"}
    source: EnumProperty(
        name="Audit",
        items=[
            ("EXPORT", "What Export would write", "Build the selected meshes in memory exactly as Export does "
             "(scale from import) and audit that: the holes and freezes of the file you are about to write"),
            ("FILE", "The imported file", "Audit the .cl file the active object was imported from, as it is on "
             "disk (your edits are not in it); Export rebuilds the tree, so the exported file has none of its "
             "tree's holes; Repair writes a fixed copy"),
        ],
        default="EXPORT",
    )
    probes: IntProperty(name="Probes", default=10000, min=1, max=1_000_000)
    seed: IntProperty(name="Seed", default=1, min=0)

    @classmethod
    def poll(cls, context):
        return any(o.type == "MESH" for o in context.selected_objects or []) or (
            context.active_object is not None and context.active_object.type == "MESH")

    def execute(self, context):
        common.start_log()
        on_disk = []  # (object, its file's audit): the default audit says what the imported files hold too
        try:
            if self.source == "FILE":
                obj = common.imported_object(context) or context.active_object
                if obj is None:
                    raise common.Refused("no active object: click the imported object")
                audit, _ = audit_file(obj, self.probes, self.seed)
                context.scene[common.AUDITED] = [obj.name]
                scale = common.stored_scale([obj]) or 1.0
                said = (f"audited the imported file {common.source_of(obj)} as it is on disk, not your edits; "
                        "Export rebuilds the tree, so a file you export has none of its tree's holes; Repair writes a "
                        "fixed copy of the imported file")
                size = marker_size([obj])
            else:
                objs, picked = common.chosen(context, "audit")
                if picked:
                    common.report(self, "INFO", picked)
                scale, scale_said = common.choose_scale(objs, True, 1.0)
                audit, collision, gathered = audit_built(context, objs, scale, self.probes, self.seed)
                context.scene[common.AUDITED] = [o.name for o in objs]
                weld = levelkit.DEFAULT_WELD  # what build() used
                for level, text in common.build_report(collision, gathered, scale_said, "auto", weld):
                    common.report(self, level, text)
                said = (f"audited what Export would write from {', '.join(gathered.objects)} ({scale_said}): "
                        f"{common.count(len(collision.triangles), 'triangle')} built in memory")
                size = marker_size(objs)
                sources = {}
                for o in objs:
                    source = common.source_of(o, context.scene)
                    if source and os.path.exists(source):
                        sources.setdefault(source, o)
                for o in sources.values():
                    on_disk.append((o, audit_file(o, self.probes, self.seed)[0]))
        except (common.Refused, levelkit.Error, OSError, ValueError) as e:
            common.report(self, "ERROR", common.message(e))
            return {"CANCELLED"}
        shown = place_holes(context, audit, scale, size)
        regions_shown = place_regions(context, audit, scale, size)
        freezes = len(audit.get("hanging_triangles", []))
        common.report(self, "INFO", said)
        listed = {}
        for hole in audit["hole_list"]:
            listed[hole_cause(hole)] = listed.get(hole_cause(hole), 0) + 1
        lines = group_lines(audit)
        totals = cause_totals(audit)
        capped = False
        for (kind, words), n in sorted(listed.items(), key=lambda g: (-max(totals.get(g[0][0], 0), g[1]), g[0])):
            total = max(totals.get(kind, 0), n)
            fix = " ".join(lines.get(kind, [])) or DEFAULT_FIX
            marked = "" if n == total else f" ({n:,} of them marked)"
            capped |= n != total
            common.report(self, "WARNING", common.message(f"{common.count(total, 'hole')}, {words}: {fix}{marked}"))
        if freezes:
            common.report(self, "WARNING", f"{common.count(freezes, 'triangle')} "
                          f"{'freezes' if freezes == 1 else 'freeze'} the game when a sphere comes near: Export "
                          "rotates such triangles; Repair fixes the imported file")
        places = audit["holes"] + freezes
        where = (f"marked in '{AUDIT}', a collection per cause; Next hole frames them one by one in the order of "
                 "the map")
        if capped or shown != places:
            marked = (f"{shown:,} of {places:,} {where} (levelkit's audit lists only the first holes of each probe "
                      "kind; all are counted)")
        else:
            marked = f"{shown:,} {where}"
        regions = audit.get("regions") or {}
        region_total = sum(regions.get("counts") or [])
        said_regions = region_lines(audit)
        for line in said_regions[1:]:
            common.report(self, "WARNING", line)
        if region_total:
            capped = "" if regions_shown == region_total else f"{regions_shown:,} of them "
            region_words = (f"; {common.count(region_total, 'hole region')}, certified from the tree, not sampled "
                            f"({capped}marked at their witness and outlined in '{REGIONS}', a collection per probe kind)")
        elif said_regions:
            region_words = "; " + said_regions[0]
        else:
            region_words = ""
        common.report(self, "WARNING" if audit["holes"] or freezes or region_total else "INFO",
                      f"{common.count(audit['holes'], 'hole')}, {freezing(freezes)} ({marked}){region_words}")
        for obj, file_audit in on_disk:
            file_holes = file_audit["holes"]
            file_freezes = len(file_audit.get("hanging_triangles", []))
            name = os.path.basename(common.source_of(obj, context.scene))
            if file_holes or file_freezes:
                common.report(self, "WARNING", (
                    f"the imported file {name}, as it is on disk: {common.count(file_holes, 'hole')}, "
                    f"{freezing(file_freezes)}, with the same probes. Export "
                    "writes none of them (it builds a new, complete tree); Audit imported file marks them; Repair "
                    "writes a fixed copy of the file"))
            else:
                common.report(self, "INFO", f"the imported file {name}, as it is on disk: no holes, no triangles "
                              "that freeze the game, with the same probes")
        if shown:
            select_marker(context, 0)
        return {"FINISHED"}


def freezing(n):
    """'1 triangle that freezes the game', '2 triangles that freeze the game'."""
    return f"{common.count(n, 'triangle')} that {'freezes' if n == 1 else 'freeze'} the game"


def select_marker(context, index):
    """Selects marker `index` (wrapping), makes it active and frames it in the 3D view; returns it."""
    found = markers()
    if not found:
        return None
    marker = found[index % len(found)]
    for o in context.view_layer.objects:
        if o.select_get():
            o.select_set(False)
    marker.select_set(True)
    context.view_layer.objects.active = marker
    common.frame_selected(context)
    return marker


class ShowMarker(bpy.types.Operator):
    """Select the next (or previous) audit marker and frame it in the 3D view"""

    bl_idname = "levelkit.show_marker"
    bl_label = "Next hole"
    step: IntProperty(name="Step", default=1)

    @classmethod
    def poll(cls, context):
        return bool(markers())

    def execute(self, context):
        found = markers()
        active = context.view_layer.objects.active
        index = found.index(active) + self.step if active in found else 0
        marker = select_marker(context, index)
        common.start_log()
        common.report(self, "INFO", f"{marker.name} ({index % len(found) + 1:,} of {len(found):,}, in the order of the "
                    f"map): {common.message(marker.get('fix', ''))}")
        return {"FINISHED"}


class Repair(bpy.types.Operator, ExportHelper):
    """Write a repaired copy of the .cl file the active object was imported from: the same triangles, the tree,
    lists, links, adjacency and normals rebuilt (the imported file is left as it was)"""

    bl_idname = "levelkit.repair_cl"
    bl_label = "Repair imported file"
    filename_ext = ".cl"
    filter_glob: StringProperty(default="*.cl", options={"HIDDEN"})

    @classmethod
    def poll(cls, context):
        return common.imported_object(context) is not None

    def invoke(self, context, event):
        source = common.source_of(common.imported_object(context), context.scene)
        stem, ext = os.path.splitext(source)
        self.filepath = f"{stem}_repaired{ext or '.cl'}"
        return super().invoke(context, event)

    def execute(self, context):
        common.start_log()
        obj = common.imported_object(context)
        if obj is None:
            common.report(self, "ERROR", "no object imported from a .cl file is active or selected: click the "
                          "imported stage")
            return {"CANCELLED"}
        source = common.source_of(obj, context.scene)
        try:
            if os.path.abspath(self.filepath) == os.path.abspath(source):
                raise common.Refused("choose another file name: the repaired copy does not replace the imported file")
            collision = common.read(source, "cl")
            repaired = levelkit.repair_cl(collision)
            errors = [f for f in repaired.check() if f.severity == "error"]
            if errors:
                raise common.Refused(f"the repaired file still fails check ({common.count(len(errors), 'error')}, "
                                     f"the first: {errors[0]}): nothing was written")
            data = repaired.to_bytes()
            common.write_atomic(self.filepath, data)
        except (common.Refused, levelkit.Error, OSError, ValueError) as e:
            common.report(self, "ERROR", common.message(e))
            return {"CANCELLED"}
        r = repaired.report or {}
        obj[common.SOURCE] = os.path.abspath(self.filepath)
        common.report(self, "INFO", (
            f"wrote {self.filepath}: {common.count(len(repaired.triangles), 'triangle')}, "
            f"{common.thousands(r.get('nodes_after', 0))} nodes (were {common.thousands(r.get('nodes_before', 0))}), "
            f"{common.thousands(r.get('links_after', 0))} neighbour links (were "
            f"{common.thousands(r.get('links_before', 0))}), "
            f"{common.thousands(r.get('list_entries_after', 0))} list entries (were "
            f"{common.thousands(r.get('list_entries_before', 0))}), {r.get('rotated_triangles', 0)} triangles rotated; "
            f"'{obj.name}' now refers to it (Audit › The imported file audits it)"))
        return {"FINISHED"}


class SurfaceMenu(bpy.types.Menu):
    bl_idname = "LEVELKIT_MT_surfaces"
    bl_label = "Surface"

    def draw(self, context):
        whole = context.mode != "EDIT_MESH"
        for value, label, _ in SURFACE_ITEMS:
            op = self.layout.operator(SetSurface.bl_idname, text=label)
            op.surface = value
            op.whole_object = whole


class LevelkitPanel(bpy.types.Panel):
    bl_label = "levelkit"
    bl_idname = "VIEW3D_PT_levelkit"
    bl_space_type = "VIEW_3D"
    bl_region_type = "UI"
    bl_category = "levelkit"

    def draw(self, context):
        layout = self.layout
        obj = context.active_object
        if context.mode == "EDIT_MESH":
            text = "Set surface of selected faces"
        elif obj is not None and obj.type == "MESH":
            text = f"Set surface of the whole object ({common.count(len(obj.data.polygons), 'face')})"
        else:
            text = "Set surface"
        layout.menu(SurfaceMenu.bl_idname, text=text)
        row = layout.row(align=True)
        row.operator(Audit.bl_idname, text="Audit what Export writes").source = "EXPORT"
        row.operator(Audit.bl_idname, text="Audit imported file").source = "FILE"
        row = layout.row(align=True)
        row.operator(ShowMarker.bl_idname, text="Previous hole").step = -1
        row.operator(ShowMarker.bl_idname, text="Next hole").step = 1
        layout.operator(Repair.bl_idname)
        live.draw_sidebar(layout, context)
        if common.LOG:
            box = layout.box()
            box.label(text="Last report")
            for level, text in common.LOG[-12:]:
                box.label(text=text, icon="ERROR" if level != "INFO" else "INFO")


def load_surfaces():
    SURFACE_ITEMS[:] = [
        (str(s["attribute"]), s["label"], f"{s['id']}: attribute 0x{s['attribute']:08x}") for s in levelkit.surfaces()
    ]


CLASSES = (SetSurface, Audit, ShowMarker, Repair, SurfaceMenu, LevelkitPanel)
