"""File › Import › Rugrats level (LEVELnn.BIN): the rooms and portals of levelkit's export, in a collection."""

import os
import time

import bpy
import numpy as np
from bpy.props import FloatProperty, StringProperty
from bpy_extras.io_utils import ImportHelper

import levelkit

from . import objects

COLOUR = "Col"


def import_level(context, path, vram_path="", scale=0.01):
    """One object per non-empty room (a colour attribute, UVs, one material per texture page), one per
    portal (its outline, the destination room as a custom property), in a new collection. With a VRAM
    dump the texture pages become images. Returns the collection."""
    level = levelkit.read(path)
    vram = levelkit.Vram.from_dump(open(vram_path, "rb").read()) if vram_path else None
    data = levelkit.mesh(level, vram=vram)
    name = os.path.splitext(os.path.basename(path))[0]
    collection = bpy.data.collections.new(name)
    context.scene.collection.children.link(collection)
    images = [objects.image(f"{name}_{i['name']}", i["rgba"]) for i in data["images"]]
    materials = [
        objects.material(
            g["name"],
            g["colour"],
            images[g["texture"]] if g["texture"] is not None else None,
            g["alpha_mask"],
        )
        for g in data["groups"]
    ]
    for o in data["objects"]:
        has_faces = len(o["face_sizes"]) > 0
        if not has_faces and len(o["lines"]) == 0:
            continue
        mesh = objects.new_mesh(o["name"], o["positions"], o["face_sizes"], o["face_corners"], scale, o["lines"])
        obj = bpy.data.objects.new(o["name"], mesh)
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


class ImportLevel(bpy.types.Operator, ImportHelper):
    """Import a Rugrats: Search for Reptar level file"""

    bl_idname = "import_scene.levelkit_level"
    bl_label = "Import Rugrats level"
    bl_options = {"REGISTER", "UNDO"}
    filename_ext = ".BIN"
    filter_glob: StringProperty(default="*.BIN;*.bin", options={"HIDDEN"})
    vram: StringProperty(name="VRAM dump", subtype="FILE_PATH", description="A raw 1 MiB PS1 VRAM dump (optional)")
    scale: FloatProperty(name="Scale", default=0.01, min=1e-6, description="Blender units per game unit")

    def execute(self, context):
        started = time.perf_counter()
        try:
            collection = import_level(context, self.filepath, bpy.path.abspath(self.vram), self.scale)
        except (levelkit.Error, OSError) as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        seconds = time.perf_counter() - started
        self.report({"INFO"}, f"imported {len(collection.objects)} objects in {seconds:.2f} s")
        return {"FINISHED"}


def menu_import(self, context):
    self.layout.operator(ImportLevel.bl_idname, text="Rugrats level (LEVELnn.BIN)")


CLASSES = (ImportLevel,)
