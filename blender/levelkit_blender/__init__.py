"""levelkit for Blender: Sonic Heroes collision (.cl) import, export and audit, Rugrats level import and
export.

Everything about the formats is levelkit's library (its Python module, bundled as a wheel); this add-on
turns its arrays into Blender data and back.
"""

bl_info = {
    "name": "levelkit",
    "author": "levelkit",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "File > Import/Export, 3D View > Sidebar > levelkit (Export and reload in game)",
    "description": "Sonic Heroes collision (.cl) and Rugrats: Search for Reptar levels (LEVELnn.BIN)",
    "category": "Import-Export",
}

from . import loader  # noqa: E402

loader.ensure_levelkit()

import bpy  # noqa: E402

from . import io_cl, io_level, live, panel  # noqa: E402

CLASSES = live.CLASSES + io_cl.CLASSES + io_level.CLASSES + panel.CLASSES


def register():
    panel.load_surfaces()
    for cls in CLASSES:
        bpy.utils.register_class(cls)
    bpy.types.TOPBAR_MT_file_import.append(io_cl.menu_import)
    bpy.types.TOPBAR_MT_file_import.append(io_level.menu_import)
    bpy.types.TOPBAR_MT_file_export.append(io_cl.menu_export)
    bpy.types.TOPBAR_MT_file_export.append(io_level.menu_export)


def unregister():
    bpy.types.TOPBAR_MT_file_export.remove(io_level.menu_export)
    bpy.types.TOPBAR_MT_file_export.remove(io_cl.menu_export)
    bpy.types.TOPBAR_MT_file_import.remove(io_level.menu_import)
    bpy.types.TOPBAR_MT_file_import.remove(io_cl.menu_import)
    for cls in reversed(CLASSES):
        bpy.utils.unregister_class(cls)
