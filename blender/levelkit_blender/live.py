"""Export and reload in game: build the selected meshes into a .cl file, put it into the game's
collisions folder and make the running game (PC, HeroesPowerPlant remote-control mod) reload it. The
game folder, the stage name, the port and the timeout are the add-on's preferences, so they are set once.
Everything else is `levelkit.push` (docs/live-reload.md)."""

import bpy
from bpy.props import FloatProperty, IntProperty, StringProperty

import levelkit

from . import io_cl

# The add-on's module name: `levelkit_blender` when installed as a legacy add-on, `bl_ext.<repo>.levelkit_blender`
# as a Blender 4.2+ extension. Preferences are registered under it.
ADDON = __package__


class LevelkitPreferences(bpy.types.AddonPreferences):
    bl_idname = ADDON

    game_folder: StringProperty(
        name="Game folder",
        subtype="DIR_PATH",
        description="Sonic Heroes PC: its folder (holding dvdroot), dvdroot, or dvdroot/collisions",
    )
    stage: StringProperty(name="Stage collision", default="s01", description="The file's name in collisions, without .cl")
    port: IntProperty(
        name="Port", default=0, min=0, max=65535, description="The mod's port on 127.0.0.1; 0 finds it (Windows)"
    )
    timeout: FloatProperty(name="Timeout (s)", default=5.0, min=0.1, max=3600.0)

    def draw(self, context):
        layout = self.layout
        layout.prop(self, "game_folder")
        layout.prop(self, "stage")
        row = layout.row()
        row.prop(self, "port")
        row.prop(self, "timeout")


def preferences(context):
    return context.preferences.addons[ADDON].preferences


def push(context, data, name):
    """Pushes `.cl` bytes as `name` with the preferences' folder, port and timeout; returns levelkit's result."""
    prefs = preferences(context)
    if not prefs.game_folder:
        raise levelkit.PushError("set the game folder in the levelkit add-on's preferences")
    folder = bpy.path.abspath(prefs.game_folder)
    return levelkit.push(data, folder, name=name, port=prefs.port or None, timeout=prefs.timeout)


def summary(result):
    backup = f"; kept the previous file as {result['backup']}" if result["backup"] else ""
    return f"the game reloaded {result['reloaded']} from {result['path']}{backup}"


class PushCl(bpy.types.Operator):
    """Build the selected meshes into a .cl file, put it into the game's collisions folder and make the
    running game reload it"""

    bl_idname = "levelkit.push_cl"
    bl_label = "Export and reload in game"

    @classmethod
    def poll(cls, context):
        return any(o.type == "MESH" for o in context.selected_objects or [])

    def execute(self, context):
        objs = [o for o in context.selected_objects if o.type == "MESH"]
        scale = objs[0].get(io_cl.SCALE, 1.0)
        try:
            arrays = io_cl.mesh_triangles(context, objs, scale)
            if arrays is None:
                raise levelkit.BuildError("no mesh objects to export")
            collision = levelkit.build_cl(*arrays)
            result = push(context, collision.to_bytes(), preferences(context).stage)
        except (levelkit.Error, OSError, ValueError) as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        self.report({"INFO"}, summary(result))
        return {"FINISHED"}


def draw_sidebar(layout, context):
    prefs = preferences(context)
    box = layout.box()
    box.prop(prefs, "game_folder", text="Game")
    box.prop(prefs, "stage", text="Stage")
    box.operator(PushCl.bl_idname)


CLASSES = (LevelkitPreferences, PushCl)
