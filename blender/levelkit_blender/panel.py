"""The levelkit sidebar panel (3D view › N): set the surface type of the selected faces, and audit."""

import os

import bmesh
import bpy
from bpy.props import EnumProperty, IntProperty

import levelkit

from . import io_cl, live, objects

HOLES = "holes"


# Blender keeps only pointers to a dynamic enum's strings: the items must stay referenced from Python.
SURFACE_ITEMS = []


def surface_items(self, context):
    return SURFACE_ITEMS


def set_surface(obj, attribute):
    """Gives the selected faces of `obj` (a mesh in Edit Mode or not) the surface flags `attribute`, and
    the surface's material."""
    mesh = obj.data
    editing = obj.mode == "EDIT"
    bm = bmesh.from_edit_mesh(mesh) if editing else bmesh.new()
    if not editing:
        bm.from_mesh(mesh)
    layer = bm.faces.layers.int.get(io_cl.ATTRIBUTE) or bm.faces.layers.int.new(io_cl.ATTRIBUTE)
    name = levelkit.surface_name(attribute)
    slot = next((i for i, m in enumerate(mesh.materials) if m and m.name == name), None)
    if slot is None:
        linear = list(objects.srgb_to_linear([c / 255 for c in levelkit.surface_colour(attribute)])) + [1.0]
        mat = bpy.data.materials.get(name) or objects.material(name, linear)
        mesh.materials.append(mat)
        slot = len(mesh.materials) - 1
    changed = 0
    value = int(attribute) - (1 << 32) if attribute >= 1 << 31 else int(attribute)
    for face in bm.faces:
        if face.select:
            face[layer] = value
            face.material_index = slot
            changed += 1
    if editing:
        bmesh.update_edit_mesh(mesh)
    else:
        bm.to_mesh(mesh)
        bm.free()
    return changed


def place_holes(context, audit, scale=1.0):
    """An empty at every listed hole and every triangle the game hangs on, in a `holes` collection (emptied
    first); returns the count."""
    collection = bpy.data.collections.get(HOLES)
    if collection is None:
        collection = bpy.data.collections.new(HOLES)
        context.scene.collection.children.link(collection)
    for obj in list(collection.objects):
        bpy.data.objects.remove(obj, do_unlink=True)
    for i, hole in enumerate(audit["hole_list"]):
        empty = bpy.data.objects.new(f"hole_{hole['kind']}_{i}", None)
        empty.empty_display_type = "SPHERE"
        empty.empty_display_size = 5.0 * scale
        empty.location = tuple(objects.to_blender(hole["point"], scale)[0])
        empty["kind"] = hole["kind"]
        empty["probe"] = hole["index"]
        collection.objects.link(empty)
    # Triangles the game hangs on when a sphere comes near: a cube marker each.
    for hang in audit.get("hanging_triangles", []):
        empty = bpy.data.objects.new(f"freeze_triangle_{hang['triangle']}", None)
        empty.empty_display_type = "CUBE"
        empty.empty_display_size = 5.0 * scale
        empty.location = tuple(objects.to_blender(hang["at"], scale)[0])
        empty["kind"] = "freeze"
        empty["triangle"] = hang["triangle"]
        collection.objects.link(empty)
    return len(audit["hole_list"]) + len(audit.get("hanging_triangles", []))


def audit_object(obj, probes=10000, seed=1):
    """The audit of the file `obj` was imported from, else of the collision its mesh builds."""
    source = obj.get(io_cl.SOURCE)
    if source and os.path.exists(source):
        collision = levelkit.read(source)
    else:
        arrays = io_cl.mesh_triangles(bpy.context, [obj], obj.get(io_cl.SCALE, 1.0))
        collision = levelkit.build_cl(*arrays)
    return collision.audit(probes=probes, seed=seed)


class SetSurface(bpy.types.Operator):
    """Give the selected faces this surface type (the cl_attribute face attribute and its material)"""

    bl_idname = "levelkit.set_surface"
    bl_label = "Set surface"
    bl_options = {"REGISTER", "UNDO"}
    surface: EnumProperty(name="Surface", items=surface_items)

    @classmethod
    def poll(cls, context):
        return context.active_object is not None and context.active_object.type == "MESH"

    def execute(self, context):
        changed = set_surface(context.active_object, int(self.surface))
        self.report({"INFO"}, f"{changed} faces set to {levelkit.surface_name(int(self.surface))}")
        return {"FINISHED"}


class Audit(bpy.types.Operator):
    """Probe the active collision object as the game walks it; mark every hole with an empty"""

    bl_idname = "levelkit.audit"
    bl_label = "Audit"
    probes: IntProperty(name="Probes", default=10000, min=1, max=1_000_000)
    seed: IntProperty(name="Seed", default=1, min=0)

    @classmethod
    def poll(cls, context):
        return context.active_object is not None and context.active_object.type == "MESH"

    def execute(self, context):
        obj = context.active_object
        try:
            audit = audit_object(obj, self.probes, self.seed)
        except (levelkit.Error, OSError, TypeError) as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        shown = place_holes(context, audit, obj.get(io_cl.SCALE, 1.0))
        freezes = len(audit.get("hanging_triangles", []))
        self.report(
            {"WARNING" if audit["holes"] or freezes else "INFO"},
            f"{audit['holes']} holes, {freezes} triangles that freeze the game ({shown} marked)",
        )
        return {"FINISHED"}


class LevelkitPanel(bpy.types.Panel):
    bl_label = "levelkit"
    bl_idname = "VIEW3D_PT_levelkit"
    bl_space_type = "VIEW_3D"
    bl_region_type = "UI"
    bl_category = "levelkit"

    def draw(self, context):
        layout = self.layout
        layout.operator_menu_enum(SetSurface.bl_idname, "surface", text="Set surface of selected faces")
        layout.operator(Audit.bl_idname)
        live.draw_sidebar(layout, context)


def load_surfaces():
    SURFACE_ITEMS[:] = [
        (str(s["attribute"]), s["label"], f"{s['id']}: attribute 0x{s['attribute']:08x}") for s in levelkit.surfaces()
    ]


CLASSES = (SetSurface, Audit, LevelkitPanel)
