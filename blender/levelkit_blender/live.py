"""Export and reload in game: build the selected meshes into a .cl file, put it into the game's
collisions folder and make the running game (PC, HeroesPowerPlant remote-control mod) reload it. The
game folder, the stage, the port and the timeout are the add-on's preferences, so they are set once.

The stage is chosen once: from the imported file's name when the game has a stage of that name, else
picked from the game's own `collisions` files (Sidebar › levelkit › Stage). Nothing is written into the
game folder before the push can go ahead (folder, stage, port and file all known good), and a push that
fails after writing puts the game's files back as they were. The rest is `levelkit.push`
(docs/guide/live-reload.md)."""

import os
import re
import sys

import bpy
from bpy.props import EnumProperty, FloatProperty, IntProperty, StringProperty

import levelkit

from . import common

# The add-on's module name: `levelkit_blender` when installed as a legacy add-on, `bl_ext.<repo>.levelkit_blender`
# as a Blender 4.2+ extension. Preferences are registered under it.
ADDON = __package__

NAME = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


class LevelkitPreferences(bpy.types.AddonPreferences):
    bl_idname = ADDON

    game_folder: StringProperty(
        name="Game folder",
        subtype="DIR_PATH",
        description="Sonic Heroes PC: its folder (holding dvdroot), dvdroot, or dvdroot/collisions",
    )
    stage: StringProperty(
        name="Stage",
        default="",
        description="The stage collision the game reloads (s01 … s40, a file in the game's collisions folder, "
        "without .cl); empty: taken from the imported file's name",
    )
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


def collisions_folder(game):
    """The game's `collisions` folder (as levelkit's push finds it: dvdroot/collisions, collisions, or the
    folder itself), or None."""

    def child(folder, name):
        if not os.path.isdir(folder):
            return None
        for entry in sorted(os.listdir(folder)):
            if entry.lower() == name and os.path.isdir(os.path.join(folder, entry)):
                return os.path.join(folder, entry)
        return None

    for layout in (("dvdroot", "collisions"), ("collisions",)):
        folder = game
        for name in layout:
            folder = folder and child(folder, name)
        if folder:
            return folder
    if os.path.basename(os.path.normpath(game)).lower() == "collisions" and os.path.isdir(game):
        return game
    return None


def game_stages(game):
    """The stage collisions the game has: its `collisions` folder's `.cl` files without the `_wt` (water)
    and `_xx` (death) ones, sorted."""
    folder = collisions_folder(game) if game else None
    if folder is None:
        return []
    names = (os.path.splitext(f)[0] for f in os.listdir(folder) if f.lower().endswith(".cl"))
    return sorted(n for n in names if NAME.match(n) and not n.lower().endswith(("_wt", "_xx")))


def stage_from_objects(objs, stages):
    """The stage named by the file an object was imported from, if the game has it."""
    for obj in objs:
        source = common.source_of(obj)
        if source:
            stem = os.path.splitext(os.path.basename(source))[0]
            if stem in stages:
                return stem
    return None


def plan(context, objs):
    """Everything the push needs, checked before anything is written: the game's collisions folder, the
    stage (chosen once and kept in the preferences), the port. Every setting missing is named at once.
    Returns (folder, stage, port, how the stage was chosen)."""
    prefs = preferences(context)
    missing = []
    folder = stage = said = None
    if not prefs.game_folder:
        missing.append("the game folder (Sidebar › levelkit › Game)")
    else:
        game = bpy.path.abspath(prefs.game_folder)
        folder = collisions_folder(game)
        if folder is None:
            missing.append(f"a game folder with a collisions folder ({game} has none: looked for dvdroot/collisions, "
                           "collisions, and the folder itself; set Sidebar › levelkit › Game to the Sonic Heroes "
                           "folder)")
    stages = game_stages(bpy.path.abspath(prefs.game_folder)) if folder else []
    if prefs.stage:
        stage, said = prefs.stage, "the stage chosen in the sidebar"
    elif folder:
        stage = stage_from_objects(objs, stages)
        if stage is None:
            listed = ", ".join(stages[:8]) + (" …" if len(stages) > 8 else "")
            missing.append("the stage the game reloads (Sidebar › levelkit › Stage › Pick lists the game's own: "
                           f"{listed or 'none found'})")
        else:
            said = "the imported file's name (kept in Sidebar › levelkit › Stage)"
    else:
        missing.append("the stage the game reloads (Sidebar › levelkit › Stage, once the game folder is set)")
    port = prefs.port or None
    if port is None and sys.platform != "win32":
        missing.append(f"the Port in the add-on's preferences ({common.PREFERENCES}) to the port the "
                       "remote-control mod shows (the game's port can only be found on Windows)")
    if missing:
        raise common.Refused(f"set {'; '.join(missing)}" if len(missing) == 1 else
                             f"{len(missing)} settings are missing: set " + "; ".join(missing))
    if not NAME.match(stage):
        raise common.Refused(f"'{stage}' is not a stage name (1 to 32 letters, digits, '_' or '-'): pick one in "
                             "Sidebar › levelkit › Stage")
    if stage not in stages:
        raise common.Refused(f"the game has no stage '{stage}' ({folder} has no {stage}.cl): pick one of the "
                             "game's in Sidebar › levelkit › Stage › Pick")
    if not prefs.stage:
        prefs.stage = stage  # chosen once
    return folder, stage, port, said


def push_checked(context, data, objs, planned=None):
    """Pushes `.cl` bytes as the chosen stage. The file is checked and the plan made (`planned`: made
    already) before anything is written; when the push fails after writing, the stage's files are put back
    as they were."""
    folder, stage, port, said = planned or plan(context, objs)
    failures = [f for f in levelkit.read(bytes(data)).check() if f.severity == "error"]
    if failures:
        raise common.Refused(f"the file fails check ({common.count(len(failures), 'error')}, the first: "
                             f"{failures[0]}): nothing was written to the game folder")
    paths = [os.path.join(folder, f"{stage}.cl"), os.path.join(folder, f"{stage}.cl.bak")]
    before = {p: (open(p, "rb").read() if os.path.exists(p) else None) for p in paths}
    try:
        result = levelkit.push(bytes(data), folder, name=stage, port=port, timeout=preferences(context).timeout)
    except BaseException as e:
        restored = []
        for path, old in before.items():
            if old is None:
                if os.path.exists(path):
                    os.unlink(path)
                    restored.append(f"removed {os.path.basename(path)}")
            else:
                with open(path, "rb") as f:
                    same = f.read() == old
                if not same:
                    common.write_atomic(path, old)
                    restored.append(f"restored {os.path.basename(path)}")
        text = common.message(e).split(", but the game did not reload it: ")[-1]
        undone = f" ({', '.join(restored)})" if restored else ""
        raise common.Refused(f"{text}; the game's files are as they were{undone}") from e
    result["stage_said"] = f"stage {stage} ({said})"
    return result


def summary(result):
    backup = f"; kept the previous file as {result['backup']}" if result["backup"] else ""
    said = f"{result['stage_said']}: " if "stage_said" in result else ""
    return f"{said}the game reloaded {result['reloaded']} from {result['path']}{backup}"


class PushCl(bpy.types.Operator):
    """Build the selected meshes into a .cl file, put it into the game's collisions folder as the chosen stage
    and make the running game reload it"""

    bl_idname = "levelkit.push_cl"
    bl_label = "Export and reload in game"

    @classmethod
    def poll(cls, context):
        return any(o.type == "MESH" for o in context.selected_objects or [])

    def execute(self, context):
        common.start_log()
        try:
            objs, picked = common.chosen(context, "export")
            scale, scale_said = common.choose_scale(objs, True, 1.0)
            planned = plan(context, objs)  # before the build: say what is missing first
            collision, gathered = common.build(context, objs, scale)
            lines = [("INFO", picked)] if picked else []
            lines += common.build_report(collision, gathered, scale_said, "auto", levelkit.DEFAULT_WELD)
            result = push_checked(context, collision.to_bytes(), objs, planned)
        except (common.Refused, levelkit.Error, OSError, ValueError) as e:
            common.report(self, "ERROR", common.message(e))
            return {"CANCELLED"}
        for level, text in lines:
            common.report(self, level, text)
        common.report(self, "INFO", summary(result))
        return {"FINISHED"}


def stage_items(self, context):
    prefs = preferences(context)
    found = game_stages(bpy.path.abspath(prefs.game_folder)) if prefs.game_folder else []
    STAGE_ITEMS[:] = [(s, s, f"{s}.cl in the game's collisions folder") for s in found] or [
        ("", "(no stages: set the game folder)", "")]
    return STAGE_ITEMS


STAGE_ITEMS = []


class PickStage(bpy.types.Operator):
    """Choose the stage the game reloads from the game's own collisions files"""

    bl_idname = "levelkit.pick_stage"
    bl_label = "Pick stage"
    bl_property = "stage"
    stage: EnumProperty(name="Stage", items=stage_items)

    def invoke(self, context, event):
        context.window_manager.invoke_search_popup(self)
        return {"RUNNING_MODAL"}

    def execute(self, context):
        if not self.stage:
            self.report({"ERROR"}, "no stages found: set the game folder (Sidebar › levelkit › Game) first")
            return {"CANCELLED"}
        preferences(context).stage = self.stage
        self.report({"INFO"}, f"the game will reload stage {self.stage}")
        return {"FINISHED"}


def draw_sidebar(layout, context):
    prefs = preferences(context)
    box = layout.box()
    box.prop(prefs, "game_folder", text="Game")
    row = box.row(align=True)
    row.prop(prefs, "stage", text="Stage")
    row.operator(PickStage.bl_idname, text="", icon="VIEWZOOM")
    box.operator(PushCl.bl_idname)


CLASSES = (LevelkitPreferences, PushCl, PickStage)
