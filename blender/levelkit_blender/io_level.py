"""File › Import › Rugrats level (LEVELnn.BIN): the rooms and portals of levelkit's export, in a collection."""

import os
import time

import bpy
import numpy as np
from bpy.props import FloatProperty, StringProperty
from bpy_extras.io_utils import ImportHelper

import levelkit

from . import common, objects

COLOUR = "Col"

NO_VRAM = ("no VRAM dump given: the rooms show their vertex colours (Material Preview or Rendered shading; in "
           "Solid shading choose Attribute colour). A Rugrats level holds no textures: they are in the PS1's "
           "video memory while it runs. Save the 1 MiB VRAM while the level is on screen with an emulator's "
           "VRAM dump (its debug tools) and give it as the import's VRAM dump: each texture page becomes an "
           "image, multiplied by the vertex colours as the PS1 does")


def import_level(context, path, vram_path="", scale=0.01):
    """One object per non-empty room (`LEVEL00_room_00`: a colour attribute, UVs, one material per texture
    page), one per portal (`LEVEL00_portal_00`: its outline, the destination room as a custom property), in
    a new collection. Materials show the vertex colours, times the texture page with a VRAM dump (as the PS1
    modulates). Returns the collection."""
    level = common.read(path, "level")
    if vram_path and not os.path.isfile(vram_path):
        raise common.Refused(f"the VRAM dump {vram_path}: there is no such file")
    vram = levelkit.Vram.from_dump(open(vram_path, "rb").read()) if vram_path else None
    data = levelkit.mesh(level, vram=vram)
    name = os.path.splitext(os.path.basename(path))[0]
    collection = bpy.data.collections.new(name)
    context.scene.collection.children.link(collection)
    images = [objects.image(f"{name}_{i['name']}", i["rgba"]) for i in data["images"]]
    materials = [
        objects.material(
            f"{name}_{g['name']}",
            g["colour"],
            images[g["texture"]] if g["texture"] is not None else None,
            g["alpha_mask"],
            vertex_colour=COLOUR,
        )
        for g in data["groups"]
    ]
    for o in data["objects"]:
        has_faces = len(o["face_sizes"]) > 0
        if not has_faces and len(o["lines"]) == 0:
            continue
        object_name = f"{name}_{o['name']}"
        mesh = objects.new_mesh(object_name, o["positions"], o["face_sizes"], o["face_corners"], scale, o["lines"])
        obj = bpy.data.objects.new(object_name, mesh)
        extras = o["extras"] or {}
        for key, value in extras.items():
            if isinstance(value, (int, float, str, bool)):
                obj[key] = value
        if has_faces:
            used = np.unique(o["face_groups"])
            for g in used:
                mesh.materials.append(materials[g])
            slot = np.searchsorted(used, o["face_groups"]).astype(np.int32)
            mesh.polygons.foreach_set("material_index", slot)
            if o["colours"] is not None:
                colours = mesh.color_attributes.new(COLOUR, "FLOAT_COLOR", "POINT")
                colours.data.foreach_set("color", np.asarray(o["colours"], dtype=np.float32).ravel())
                try:
                    mesh.color_attributes.active_color = colours
                    mesh.color_attributes.render_color_index = mesh.color_attributes.active_color_index
                except (AttributeError, TypeError):
                    pass
            if o["uvs"] is not None:
                uv = mesh.uv_layers.new(name="UVMap")
                corners = o["face_corners"].astype(np.int64)
                per_loop = np.asarray(o["uvs"], dtype=np.float32)[corners]
                per_loop[:, 1] = 1.0 - per_loop[:, 1]  # image rows run down, Blender's V runs up
                uv.data.foreach_set("uv", per_loop.ravel())
        else:
            obj.display_type = "WIRE"
        objects.link(obj, collection)
    return collection


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


def menu_import(self, context):
    self.layout.operator(ImportLevel.bl_idname, text="Rugrats level (LEVELnn.BIN)")


CLASSES = (ImportLevel,)
