"""levelkit: Sonic Heroes ``.cl`` collision and Rugrats: Search for Reptar ``LEVELnn.BIN`` files.

Read, check, audit, build, export and render them from Python, with the geometry as numpy arrays. Every
format fact and algorithm is levelkit's Rust library; this package is its Python face::

    import levelkit
    stage = levelkit.read_collision("samples/stage.cl")   # read() gives a Collision or a Level
    print(stage.vertices.shape, stage.triangles.dtype)   # (N, 3) uint16
    print(stage.audit(probes=2000)["holes"])
"""

from ._levelkit import (
    DEFAULT_WELD as DEFAULT_WELD,
    VOCABULARY as VOCABULARY,
    BuildError as BuildError,
    Collision as Collision,
    Error as Error,
    ExportError as ExportError,
    Finding as Finding,
    FindingGroup as FindingGroup,
    Level as Level,
    ParseError as ParseError,
    PatchError as PatchError,
    PushError as PushError,
    Vram as Vram,
    WriteError as WriteError,
    __version__ as __version__,
    attribute_from_name as attribute_from_name,
    build_cl as build_cl,
    build_level as build_level,
    export as export,
    from_dump as from_dump,
    mesh as mesh,
    patch_image as patch_image,
    push as push,
    read as read,
    read_collision as read_collision,
    read_level as read_level,
    render as render,
    repair_cl as repair_cl,
    letter_codes as letter_codes,
    sample as sample,
    space_order as space_order,
    surface_colour as surface_colour,
    surface_name as surface_name,
    surfaces as surfaces,
)

__all__ = [
    "DEFAULT_WELD", "VOCABULARY", "BuildError", "Collision", "Error", "ExportError", "Finding", "FindingGroup", "Level",
    "ParseError", "PatchError", "PushError", "Vram", "WriteError", "attribute_from_name", "build_cl", "build_level",
    "export", "from_dump", "letter_codes", "mesh", "patch_image", "push", "read", "read_collision", "read_level", "render",
    "repair_cl", "sample", "space_order", "surface_colour", "surface_name", "surfaces",
]
