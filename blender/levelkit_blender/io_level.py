"""File › Import › Rugrats level (LEVELnn.BIN): the rooms and portals of levelkit's export, in a collection."""

import os
import time

import bpy
import numpy as np
from bpy.props import BoolProperty, FloatProperty, StringProperty
from bpy_extras.io_utils import ExportHelper, ImportHelper

import levelkit

from . import common, level_data, objects

NO_VRAM = ("no VRAM dump given: the rooms show their vertex colours (Material Preview or Rendered shading; in "
           "Solid shading choose Attribute colour). A Rugrats level holds no textures: they are in the PS1's "
           "video memory while it runs. Save the 1 MiB VRAM while the level is on screen with an emulator's "
           "VRAM dump (its debug tools) and give it as the import's VRAM dump: each texture page becomes an "
           "image, multiplied by the vertex colours as the PS1 does")


def import_level(context, path, vram_path="", scale=0.01):
    """One object per non-empty room (`LEVEL00_room_00`: the level's faces as they are, quads as quads, with
    every value a face needs to come back as integer attributes: see `level_data`), one per portal
    (`LEVEL00_portal_00`: its outline, its record as custom properties), in a new collection that keeps
    the imported file, the base of the level's export. Materials show the vertex colours, times the texture
    page with a VRAM dump (as the PS1 modulates). Returns the collection."""
    level = common.read(path, "level")
    if vram_path and not os.path.isfile(vram_path):
        raise common.Refused(f"the VRAM dump {vram_path}: there is no such file")
    vram = levelkit.Vram.from_dump(open(vram_path, "rb").read()) if vram_path else None
    data = levelkit.mesh(level, vram=vram)
    name = os.path.splitext(os.path.basename(path))[0]
    collection = bpy.data.collections.new(name)
    context.scene.collection.children.link(collection)
    level_data.store_level(collection, level.to_bytes(), os.path.abspath(path))
    collection[common.SCALE] = scale
    images = [objects.image(f"{name}_{i['name']}", i["rgba"]) for i in data["images"]]
    materials = []
    for g in data["groups"]:
        m = objects.material(f"{name}_{g['name']}", g["colour"], images[g["texture"]] if g["texture"] is not None
                             else None, g["alpha_mask"], vertex_colour=level_data.COLOUR)
        m[level_data.GROUP_NAME] = g["name"]
        materials.append(m)
    for o in data["objects"]:
        has_faces = len(o["face_sizes"]) > 0
        if not has_faces and len(o["lines"]) == 0:
            continue
        object_name = f"{name}_{o['name']}"
        extras = o["extras"] or {}
        if has_faces:
            room = int(extras["room"])
            mesh = level_data.room_mesh(object_name, o, room, scale)
            used = np.unique(o["face_groups"])
            for g in used:
                mesh.materials.append(materials[g])
            slot = np.searchsorted(used, o["face_groups"]).astype(np.int32)
            mesh.polygons.foreach_set("material_index", slot)
        else:
            mesh = objects.new_mesh(object_name, o["positions"], [], [], scale, o["lines"])
        obj = bpy.data.objects.new(object_name, mesh)
        for key, value in extras.items():
            if isinstance(value, (int, float, str, bool)) or (
                    isinstance(value, list) and all(isinstance(v, int) for v in value)):
                obj[key] = value
        if has_faces:
            obj[level_data.ROOM] = int(extras["room"])
        else:
            obj[level_data.PORTAL] = int(extras["portal"])
            obj.display_type = "WIRE"
        obj[common.SCALE] = scale
        objects.link(obj, collection)
    return collection


def level_collection(context):
    """The imported level the export builds on: the collection of the active object that holds one, else
    the scene's only one."""
    def holds_level(c):
        return level_data.stored_level(c) is not None
    active = context.active_object
    if active is not None:
        for c in active.users_collection:
            if holds_level(c):
                return c
    found = [c for c in bpy.data.collections if holds_level(c) and context.scene.user_of_id(c)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise common.Refused(f"no imported Rugrats level in this scene: the export builds on the level it was "
                             f"imported from; import it first ({common.LEVEL_IMPORTER})")
    names = ", ".join(c.name for c in found)
    raise common.Refused(f"the scene holds {len(found)} imported levels ({names}): make an object of the one "
                         "to export active")


def export_level(context, path, drop_missing=False):
    """The level the collection's objects make, built on the imported level, checked and written; returns
    the report lines (level, text), the size first when it grew."""
    collection = level_collection(context)
    base = levelkit.read_level(level_data.stored_level(collection))
    scale = float(collection.get(common.SCALE, 0.01))
    gathered = level_data.Gathered()
    depsgraph = context.evaluated_depsgraph_get()
    for obj in collection.all_objects:
        if obj.type != "MESH":
            gathered.notes.append(("INFO", f"skipped '{obj.name}': a {obj.type.lower()}, not a mesh"))
            continue
        evaluated = obj.evaluated_get(depsgraph)
        mesh = evaluated.to_mesh()
        try:
            mesh.transform(obj.matrix_world)
            if level_data.numbered(obj, "portal") is not None and len(mesh.polygons) == 0:
                level_data.gather_portal(gathered, obj, mesh, scale)
            elif len(mesh.polygons):
                level_data.gather_room(gathered, obj, mesh, scale, collection.name)
            else:
                gathered.notes.append(("WARNING", f"skipped '{obj.name}': no faces, and not a portal"))
        except ValueError as e:
            raise common.Refused(f"{e}: nothing was written; fix or delete them") from e
        finally:
            evaluated.to_mesh_clear()
    built = levelkit.build_level(gathered.scene(), base=base, drop_missing=drop_missing)
    data = built.to_bytes()
    common.write_atomic(path, data)
    r = built.report
    lines = list(gathered.notes)
    said = r["lines"]
    if r["grew"]:
        lines.append(("WARNING", next(t for t in said if t.startswith("size: "))))
    lines.extend(("INFO", t) for t in said)
    lines.append(("INFO", f"wrote {path}: Rugrats level, {len(built.rooms)} rooms, {len(built.portals)} portals, "
                  f"{common.thousands(len(data))} bytes (built on the imported "
                  f"{collection.get('levelkit_source', collection.name)})"))
    return lines


def show_vertex_colours(context):
    """Solid shading in the open 3D views shows colour attributes (the rooms' vertex colours); returns how
    many views were set."""
    screen = getattr(context, "screen", None)
    count = 0
    for area in screen.areas if screen else []:
        if area.type == "VIEW_3D":
            shading = area.spaces.active.shading
            if shading.type == "SOLID" and shading.color_type != "VERTEX":
                shading.color_type = "VERTEX"
                count += 1
    return count


class ImportLevel(bpy.types.Operator, ImportHelper):
    """Import a Rugrats: Search for Reptar level file"""

    bl_idname = "import_scene.levelkit_level"
    bl_label = "Import Rugrats level"
    bl_options = {"REGISTER", "UNDO"}
    filename_ext = ".BIN"
    filter_glob: StringProperty(default="*.BIN;*.bin", options={"HIDDEN"})
    vram: StringProperty(name="VRAM dump", subtype="FILE_PATH",
                         description="A raw 1 MiB PS1 VRAM dump saved by an emulator while the level runs "
                         "(optional): gives the textures")
    scale: FloatProperty(name="Scale", default=0.01, min=1e-6, description="Blender units per game unit")

    def execute(self, context):
        common.start_log()
        started = time.perf_counter()
        try:
            collection = import_level(context, self.filepath, bpy.path.abspath(self.vram), self.scale)
        except (common.Refused, levelkit.Error, OSError, ValueError) as e:
            common.report(self, "ERROR", common.message(e, self.filepath))
            return {"CANCELLED"}
        seconds = time.perf_counter() - started
        if not self.vram:
            shown = show_vertex_colours(context)
            common.report(self, "INFO", NO_VRAM + (f" (Solid shading in {shown} 3D views set to Attribute colours)"
                                                  if shown else ""))
        common.report(self, "INFO", f"imported {os.path.basename(self.filepath)}: {len(collection.objects)} objects "
                      f"in the collection '{collection.name}' in {seconds:.2f} s")
        return {"FINISHED"}


class ExportLevel(bpy.types.Operator, ExportHelper):
    """Export the imported Rugrats level with your edits: faces not edited keep their bytes"""

    bl_idname = "export_scene.levelkit_level"
    bl_label = "Export Rugrats level"
    filename_ext = ".BIN"
    filter_glob: StringProperty(default="*.BIN;*.bin", options={"HIDDEN"})
    drop_missing: BoolProperty(
        name="Drop missing portals and rooms", default=False,
        description="Export even when portals, or rooms with faces, of the imported level are no longer in "
        "its collection: they are left out (a room without geometry), and the report names them")

    def execute(self, context):
        common.start_log()
        started = time.perf_counter()
        try:
            lines = export_level(context, self.filepath, self.drop_missing)
        except (common.Refused, levelkit.Error, OSError, ValueError) as e:
            text = common.message(e, self.filepath)
            text = text.replace("drop_missing=True builds it without them",
                                "the export's 'Drop missing portals and rooms' builds it without them")
            common.report(self, "ERROR", f"{text}; nothing was written")
            return {"CANCELLED"}
        for level, text in lines:
            common.report(self, level, text)
        common.report(self, "INFO", f"exported in {time.perf_counter() - started:.2f} s")
        return {"FINISHED"}


def menu_import(self, context):
    self.layout.operator(ImportLevel.bl_idname, text="Rugrats level (LEVELnn.BIN)")


def menu_export(self, context):
    self.layout.operator(ExportLevel.bl_idname, text="Rugrats level (LEVELnn.BIN)")


CLASSES = (ImportLevel, ExportLevel)
