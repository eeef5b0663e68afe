"""File › Import / Export › Sonic Heroes collision (.cl)."""

import os
import tempfile
import time

import bpy
import numpy as np
from bpy.props import BoolProperty, FloatProperty, IntProperty, StringProperty
from bpy_extras.io_utils import ExportHelper, ImportHelper

import levelkit

from . import objects

ATTRIBUTE = "cl_attribute"
GROUP = "cl_group"
SOURCE = "levelkit_source"
SCALE = "levelkit_scale"


def import_cl(context, path, scale=1.0, leaves=False):
    """Imports a .cl file: one mesh object with `cl_attribute` and `cl_group` per face and one material
    per surface type; with `leaves`, the quadtree's leaf squares as a wire object. Returns the objects."""
    collision = levelkit.read(path)
    data = levelkit.mesh(collision, tree=leaves)
    name = os.path.splitext(os.path.basename(path))[0]
    materials = [objects.material(g["name"], g["colour"]) for g in data["groups"]]
    made = []
    for o in data["objects"]:
        lines = o["lines"] if len(o["face_sizes"]) == 0 else None
        mesh = objects.new_mesh(f"{name}_{o['name']}", o["positions"], o["face_sizes"], o["face_corners"], scale, lines)
        obj = bpy.data.objects.new(mesh.name, mesh)
        if len(o["face_sizes"]):
            for m in materials:
                mesh.materials.append(m)
            mesh.polygons.foreach_set("material_index", o["face_groups"].astype(np.int32))
            objects.set_face_ints(mesh, ATTRIBUTE, o["face_attributes"].astype(np.uint32))
            objects.set_face_ints(mesh, GROUP, o["face_flags"].astype(np.int32))
            obj[SOURCE] = os.path.abspath(path)
            obj[SCALE] = scale
        else:
            obj.display_type = "WIRE"
        objects.link(obj, context.collection)
        made.append(obj)
    return made


def mesh_triangles(context, objs, scale=1.0):
    """The selected meshes (modifiers applied, world transforms) as levelkit arrays: vertices (Y up),
    triangles, attributes (the face attribute, else the material's name, else 0) and groups."""
    depsgraph = context.evaluated_depsgraph_get()
    vertices, triangles, attributes, groups = [], [], [], []
    base = 0
    for number, obj in enumerate(o for o in objs if o.type == "MESH"):
        evaluated = obj.evaluated_get(depsgraph)
        mesh = evaluated.to_mesh()
        try:
            mesh.transform(obj.matrix_world)
            mesh.calc_loop_triangles()
            co = np.zeros(len(mesh.vertices) * 3, dtype=np.float32)
            mesh.vertices.foreach_get("co", co)
            tris = np.zeros(len(mesh.loop_triangles) * 3, dtype=np.int32)
            mesh.loop_triangles.foreach_get("vertices", tris)
            faces = np.zeros(len(mesh.loop_triangles), dtype=np.int32)
            mesh.loop_triangles.foreach_get("polygon_index", faces)
            per_face = objects.face_ints(mesh, ATTRIBUTE, np.uint32)
            if per_face is None:
                by_material = np.array(
                    [levelkit.attribute_from_name(m.name) or 0 if m else 0 for m in mesh.materials] or [0],
                    dtype=np.uint32,
                )
                index = np.zeros(len(mesh.polygons), dtype=np.int32)
                mesh.polygons.foreach_get("material_index", index)
                per_face = by_material[np.clip(index, 0, len(by_material) - 1)]
            face_groups = objects.face_ints(mesh, GROUP)
            if face_groups is None:
                face_groups = np.full(len(mesh.polygons), number, dtype=np.int32)
            vertices.append(objects.from_blender(co, scale))
            triangles.append(tris.reshape(-1, 3).astype(np.int64) + base)
            attributes.append(per_face[faces])
            groups.append(np.clip(face_groups[faces], 0, 0xFFFF))
            base += len(mesh.vertices)
        finally:
            evaluated.to_mesh_clear()
    if not vertices:
        return None
    return (
        np.concatenate(vertices),
        np.concatenate(triangles),
        np.concatenate(attributes).astype(np.uint32),
        np.concatenate(groups).astype(np.uint16),
    )


def write_atomic(path, data):
    """Writes through a temporary file beside `path` and a rename: the old file stays whole on failure."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".levelkit-", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def export_cl(context, path, objs, scale=1.0, depth="auto", weld=0.0, flip=False):
    """Builds a .cl file from meshes and writes it; returns the collision and its findings grouped by rule."""
    arrays = mesh_triangles(context, objs, scale)
    if arrays is None:
        raise levelkit.BuildError("no mesh objects to export")
    vertices, triangles, attributes, groups = arrays
    collision = levelkit.build_cl(vertices, triangles, attributes, groups, depth=depth, weld=weld, flip=flip)
    write_atomic(path, collision.to_bytes())
    return collision, collision.check_groups()


def finding_reports(groups):
    """The operator's report lines for findings grouped by rule, as `levelkit check` prints them: a rule with
    many findings as one line with its count and its first finding, the others finding by finding."""
    reports = []
    for group in groups:
        level = "ERROR" if group.severity == "error" else "WARNING"
        if len(group) <= group.examples + 1:
            reports.extend((level, str(f)) for f in group.findings)
        else:
            reports.append((level, f"{group.title}, the first: {group.findings[0]}"))
    return reports


class ImportCl(bpy.types.Operator, ImportHelper):
    """Import a Sonic Heroes stage collision file"""

    bl_idname = "import_scene.levelkit_cl"
    bl_label = "Import Sonic Heroes collision"
    bl_options = {"REGISTER", "UNDO"}
    filename_ext = ".cl"
    filter_glob: StringProperty(default="*.cl", options={"HIDDEN"})
    scale: FloatProperty(name="Scale", default=1.0, min=1e-6, description="Blender units per game unit")
    leaves: BoolProperty(name="Quadtree leaves", default=False, description="Add the leaf squares as a wire object")

    def execute(self, context):
        started = time.perf_counter()
        try:
            made = import_cl(context, self.filepath, self.scale, self.leaves)
        except (levelkit.Error, OSError) as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        seconds = time.perf_counter() - started
        self.report({"INFO"}, f"imported {len(made)} objects in {seconds:.2f} s")
        return {"FINISHED"}


class ExportCl(bpy.types.Operator, ExportHelper):
    """Build a Sonic Heroes stage collision file from the selected meshes (the game walks it hole-free)"""

    bl_idname = "export_scene.levelkit_cl"
    bl_label = "Export Sonic Heroes collision"
    filename_ext = ".cl"
    filter_glob: StringProperty(default="*.cl", options={"HIDDEN"})
    scale: FloatProperty(name="Scale", default=1.0, min=1e-6, description="Blender units per game unit")
    auto_depth: BoolProperty(name="Automatic depth", default=True)
    depth: IntProperty(name="Depth", default=8, min=0, max=15)
    weld: FloatProperty(name="Weld", default=0.0, min=0.0, description="Merge vertices closer than this (game units)")
    flip: BoolProperty(name="Flip", default=False, description="Reverse every triangle's winding")
    reload_in_game: BoolProperty(
        name="Reload in game",
        default=False,
        description="Also put the file into the game's collisions folder (the add-on's preferences) under "
        "its name and make the running game reload it",
    )

    def execute(self, context):
        objs = [o for o in context.selected_objects or [context.active_object] if o is not None]
        depth = "auto" if self.auto_depth else self.depth
        try:
            collision, findings = export_cl(context, self.filepath, objs, self.scale, depth, self.weld, self.flip)
        except (levelkit.Error, OSError, ValueError) as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        for level, text in finding_reports(findings):
            self.report({level}, text)
        report = collision.report
        self.report(
            {"INFO"},
            f"wrote {report['tree']['triangles']} triangles, {report['tree']['nodes']} nodes "
            f"({report['degenerate_triangles']} degenerate dropped, {report['welded_vertices']} vertices welded, "
            f"{report['rotated_triangles']} rotated so the game cannot hang on them)",
        )
        if self.reload_in_game:
            from . import live  # Here, not at the top: `live` builds on this module.

            name = os.path.splitext(os.path.basename(self.filepath))[0]
            try:
                result = live.push(context, self.filepath, name)
            except (levelkit.Error, OSError) as e:
                self.report({"ERROR"}, str(e))
                return {"CANCELLED"}
            self.report({"INFO"}, live.summary(result))
        return {"FINISHED"}


def menu_import(self, context):
    self.layout.operator(ImportCl.bl_idname, text="Sonic Heroes collision (.cl)")


def menu_export(self, context):
    self.layout.operator(ExportCl.bl_idname, text="Sonic Heroes collision (.cl)")


CLASSES = (ImportCl, ExportCl)
