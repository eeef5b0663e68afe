"""File › Import / Export › Sonic Heroes collision (.cl)."""

import os
import time
from concurrent.futures import ThreadPoolExecutor

import bpy
import numpy as np
from bpy.props import BoolProperty, FloatProperty, IntProperty, StringProperty
from bpy_extras.io_utils import ExportHelper, ImportHelper

import levelkit

from . import common, live, objects
from .common import ATTRIBUTE, GROUP, SCALE, SOURCE  # noqa: F401  (the names the tests and users know)


def import_cl(context, path, scale=1.0, leaves=False, collision=None):
    """Imports a .cl file: one mesh object with `cl_attribute` and `cl_group` per face and one material
    per surface type; with `leaves`, the quadtree's leaf squares as a wire object. Returns the objects."""
    collision = collision or common.read(path, "cl")
    data = levelkit.mesh(collision, tree=leaves)
    name = os.path.splitext(os.path.basename(path))[0]
    materials = [objects.material(g["name"], g["colour"]) for g in data["groups"]]
    made = []
    for o in data["objects"]:
        lines = o["lines"] if len(o["face_sizes"]) == 0 else None
        mesh = objects.new_mesh(f"{name}_{o['name']}", o["positions"], o["face_sizes"], o["face_corners"], scale, lines,
                                o["face_groups"] if len(o["face_sizes"]) else None)
        obj = bpy.data.objects.new(mesh.name, mesh)
        if len(o["face_sizes"]):
            for m in materials:
                mesh.materials.append(m)
            objects.set_face_ints(mesh, ATTRIBUTE, o["face_attributes"].astype(np.uint32))
            objects.set_face_ints(mesh, GROUP, o["face_flags"].astype(np.int32))
            # On the faces too: a join (Ctrl+J) keeps the active object's properties only, but every face's
            # attributes, so the scale survives whichever object is active.
            objects.set_face_float(mesh, common.SCALE_FACES, scale)
            key = common.remember_import(context.scene, os.path.abspath(path))
            objects.set_face_ints(mesh, common.SOURCE_FACES, np.full(len(o["face_sizes"]), key, dtype=np.int32))
            objects.deselect_all(mesh)
            obj[SOURCE] = os.path.abspath(path)
            obj[SCALE] = scale
        else:
            obj.display_type = "WIRE"
        objects.link(obj, context.collection)
        made.append(obj)
    return made


def mesh_triangles(context, objs, scale=1.0):
    """The meshes among `objs` as levelkit arrays (vertices, triangles, attributes, groups); see
    `common.gather`."""
    return common.gather(context, objs, scale).arrays()


def export_cl(context, path, objs, scale=1.0, depth="auto", weld=levelkit.DEFAULT_WELD, flip=False):
    """Builds a .cl file from meshes and writes it (nothing when the result fails check); returns the
    collision, its findings grouped by rule, and the build's report lines."""
    collision, gathered = common.build(context, objs, scale, depth, weld, flip)
    findings = collision.check_groups()
    errors = sum(len(g) for g in findings if g.severity == "error")
    if errors:
        raise common.Refused(f"the built file fails check ({common.count(errors, 'error')}, the first: "
                             f"{next(g for g in findings if g.severity == 'error').findings[0]}): nothing was written")
    common.write_atomic(path, collision.to_bytes())
    return collision, findings, common.build_report(collision, gathered, f"scale {scale:g}", depth, weld)


finding_reports = common.finding_reports


def check_reports(groups, name):
    """The import's warning when the file fails check (`groups`: its `check_groups()`): a headline, then
    the findings grouped by rule."""
    if not groups:
        return []
    errors = sum(len(g) for g in groups if g.severity == "error")
    warnings = sum(len(g) for g in groups if g.severity == "warning")
    verdict = "fails levelkit's check" if errors else "passes levelkit's check with warnings"
    head = (f"{name} {verdict}: {common.count(errors, 'error')}, {common.count(warnings, 'warning')} in "
            f"{common.count(len(groups), 'group')} (below). Audit (The imported file) shows the holes they make; "
            "Repair writes a fixed copy; Export builds a new, complete tree")
    return [("WARNING", head)] + [("WARNING", text) for _, text in common.finding_reports(groups)]


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
        common.start_log()
        started = time.perf_counter()
        try:
            collision = common.read(self.filepath, "cl")
            # levelkit's check runs on another thread while this one makes the objects: it leaves Python's
            # lock while it runs, so the two overlap (the check is most of an import's time).
            with ThreadPoolExecutor(max_workers=1, thread_name_prefix="levelkit-check") as pool:
                checked = pool.submit(collision.check_groups)
                made = import_cl(context, self.filepath, self.scale, self.leaves, collision)
                groups = checked.result()
        except (common.Refused, levelkit.Error, OSError, ValueError) as e:
            common.report(self, "ERROR", common.message(e, self.filepath))
            return {"CANCELLED"}
        # As Blender's importers do: the new objects selected, the stage active (an Audit or Export right
        # after the import takes it).
        context.view_layer.update()
        for o in context.view_layer.objects:
            o.select_set(o in made)
        context.view_layer.objects.active = made[0]
        name = os.path.basename(self.filepath)
        reports = check_reports(groups, name)
        seconds = time.perf_counter() - started  # reading, the objects and levelkit's check of the file
        for level, text in reports:
            common.report(self, level, text)
        common.report(self, "INFO", f"imported {name}: {common.count(len(made), 'object')} at scale {self.scale:g} "
                      f"(stored on the object for Export) in {seconds:.2f} s, levelkit's check of the file included")
        return {"FINISHED"}


class ExportCl(bpy.types.Operator, ExportHelper):
    """Build a Sonic Heroes stage collision file from the selected meshes (the game walks it hole-free)"""

    bl_idname = "export_scene.levelkit_cl"
    bl_label = "Export Sonic Heroes collision"
    filename_ext = ".cl"
    filter_glob: StringProperty(default="*.cl", options={"HIDDEN"})
    scale_from_import: BoolProperty(
        name="Scale from import",
        default=True,
        description="Use the scale the objects were imported at (stored as levelkit_scale); untick to give it",
    )
    scale: FloatProperty(name="Scale", default=1.0, min=1e-6, description="Blender units per game unit "
                         "(used when Scale from import is off, or no object carries one)")
    auto_depth: BoolProperty(name="Automatic depth", default=True)
    depth: IntProperty(name="Depth", default=8, min=0, max=15)
    weld: FloatProperty(
        name="Weld",
        default=levelkit.DEFAULT_WELD,
        min=0.0,
        description="Merge vertices closer than this (game units); the default, levelkit's, closes float noise",
    )
    flip: BoolProperty(name="Flip", default=False, description="Reverse every triangle's winding")
    reload_in_game: BoolProperty(
        name="Reload in game",
        default=False,
        description="Also put the file into the game's collisions folder as the stage chosen in the sidebar "
        "(Sidebar › levelkit › Stage) and make the running game reload it",
    )

    def execute(self, context):
        common.start_log()
        depth = "auto" if self.auto_depth else self.depth
        try:
            objs, picked = common.chosen(context)
            scale, scale_said = common.choose_scale(objs, self.scale_from_import, self.scale)
            collision, gathered = common.build(context, objs, scale, depth, self.weld, self.flip)
            findings = collision.check_groups()
            errors = [g for g in findings if g.severity == "error"]
            if errors:
                failed = common.count(sum(len(g) for g in errors), 'error')
                raise common.Refused(f"the built file fails check ({failed}, the first: {errors[0].findings[0]}): "
                                     "nothing was written")
            data = collision.to_bytes()
            common.write_atomic(self.filepath, data)
        except (common.Refused, levelkit.Error, OSError, ValueError) as e:
            common.report(self, "ERROR", common.message(e))
            return {"CANCELLED"}
        if picked:
            common.report(self, "INFO", picked)
        for level, text in common.build_report(collision, gathered, scale_said, depth, self.weld):
            common.report(self, level, text)
        for level, text in common.finding_reports(findings):
            common.report(self, level, text)
        tree = collision.report["tree"]
        common.report(self, "INFO", f"wrote {self.filepath}: {common.thousands(tree['triangles'])} triangles, "
                      f"{common.thousands(tree['nodes'])} nodes, {common.thousands(len(data))} bytes")
        if self.reload_in_game:
            # The file is written: whatever the reload does, the export finished. A failed reload is a warning.
            try:
                result = live.push_checked(context, data, objs)
            except (common.Refused, levelkit.Error, OSError, ValueError) as e:
                common.report(self, "WARNING",
                              f"wrote the file, but did not reload it in the game: {common.message(e)}")
                return {"FINISHED"}
            common.report(self, "INFO", live.summary(result))
        return {"FINISHED"}


def menu_import(self, context):
    self.layout.operator(ImportCl.bl_idname, text="Sonic Heroes collision (.cl)")


def menu_export(self, context):
    self.layout.operator(ExportCl.bl_idname, text="Sonic Heroes collision (.cl)")


CLASSES = (ImportCl, ExportCl)
