"""The picture in docs/guide/rugrats-in-blender.md: samples/LEVEL00.BIN imported by the add-on with levelkit's sample
VRAM, rendered by Blender (Workbench, headless). Run with PyPI's bpy and the levelkit wheel installed into SITE:
    levelkit sample vram -o /tmp/vram.bin && python level_picture.py SITE OUT.png"""
import os
import sys
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, sys.argv[-2]); sys.path.insert(0, os.path.join(REPO, "blender"))
import bpy, mathutils
bpy.ops.preferences.addon_enable(module="levelkit_blender")
bpy.ops.wm.read_homefile(use_empty=True)
bpy.ops.import_scene.levelkit_level(filepath=os.path.join(REPO, "samples", "LEVEL00.BIN"), vram="/tmp/vram.bin")
scene = bpy.context.scene
objs = [o for o in scene.objects if o.type == "MESH" and "levelkit_room" in o]
pts = [o.matrix_world @ mathutils.Vector(c) for o in objs for c in o.bound_box]
lo = mathutils.Vector([min(p[i] for p in pts) for i in range(3)]); hi = mathutils.Vector([max(p[i] for p in pts) for i in range(3)])
centre = (lo + hi) / 2; size = (hi - lo).length
cam = bpy.data.objects.new("cam", bpy.data.cameras.new("cam")); scene.collection.objects.link(cam)
cam.location = centre + mathutils.Vector((0.55, -0.75, 0.6)) * size
cam.rotation_euler = (centre - cam.location).to_track_quat("-Z", "Y").to_euler()
cam.data.clip_end = size * 10
scene.camera = cam
scene.render.engine = "BLENDER_WORKBENCH"
scene.display.shading.light = "FLAT"
scene.display.shading.color_type = "TEXTURE"
scene.render.resolution_x, scene.render.resolution_y = 1280, 800
scene.render.filepath = sys.argv[-1]
bpy.ops.render.render(write_still=True)
