"""How long a Blender user waits for levelkit's importers, beside Blender's own glTF importer given the
same triangles (levelkit's glTF export of the same file), in one Blender process, alternating. Prints
medians and ratios; asserts nothing (`scripts/speed-blender` runs it in every Blender here).

    python blender/tests/speed.py -- --extension-zip target/blender-dist/levelkit_blender-extension.zip \
        [--rounds 9] [--triangles 65000] [--rooms 80]                    (PyPI's bpy; BLENDER_USER_RESOURCES set
                                                                          to a scratch folder)
    blender -b --factory-startup --python blender/tests/speed.py -- --addon-zip levelkit_blender-legacy.zip
    python blender/tests/speed.py -- --site DIR      (the add-on from blender/, levelkit installed into DIR)

Each round imports with levelkit's operator and with Blender's glTF operator (`bpy.ops`, as File › Import
runs them: levelkit's check of the file included), in turn, the one that goes first alternating, each into
an empty scene; a ratio is the glTF import's median over levelkit's (above 1: levelkit's import is faster).
The `.cl` import's two parts are also timed alone: the objects (`io_cl.import_cl`) and levelkit's check of
the file, which the operator runs beside them. Export and Audit are timed beside them on the imported stage
(File › Export › .cl and the sidebar's Audit, their defaults), and the level's export on the imported level.
"""

import os
import shutil
import statistics
import sys
import tempfile
import time

import numpy

if "bool" not in vars(numpy):  # Debian's Blender 3.4 with numpy 1.24+ (as run.py)
    numpy.bool = bool

import bpy  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def parse_args():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    args = {"site": None, "addon-zip": None, "extension-zip": None, "rounds": "9", "triangles": "65000",
            "rooms": "80"}
    for flag, value in zip(argv[::2], argv[1::2]):
        args[flag.lstrip("-")] = value
    return args


ARGS = parse_args()
ADDON = "levelkit_blender"
if ARGS["extension-zip"]:
    result = bpy.ops.extensions.package_install_files(
        filepath=os.path.abspath(ARGS["extension-zip"]), repo="user_default", enable_on_install=True)
    assert result == {"FINISHED"}, result
    ADDON = "bl_ext.user_default.levelkit_blender"
elif ARGS["addon-zip"]:
    bpy.ops.preferences.addon_install(filepath=os.path.abspath(ARGS["addon-zip"]), overwrite=True)
    bpy.ops.preferences.addon_enable(module="levelkit_blender")
else:
    if ARGS["site"]:
        sys.path.insert(0, ARGS["site"])
    sys.path.insert(0, os.path.join(REPO, "blender"))
    bpy.ops.preferences.addon_enable(module="levelkit_blender")
if bpy.app.version < (4, 2, 0):
    bpy.ops.preferences.addon_enable(module="io_scene_gltf2")

import importlib  # noqa: E402

import levelkit  # noqa: E402

io_cl = importlib.import_module(f"{ADDON}.io_cl")


def reset():
    """An empty scene, nothing left of the last import (a name taken would make Blender number the next)."""
    bpy.ops.wm.read_homefile(use_empty=True)


def timed(run):
    started = time.perf_counter()
    result = run()
    seconds = time.perf_counter() - started
    assert result == {"FINISHED"}, result
    return seconds


def alternate(ours, peer, rounds):
    """Medians (seconds) of `ours` and `peer`, each run into an empty scene, in turn."""
    times = {"ours": [], "peer": []}
    for r in range(rounds):
        order = (("ours", ours), ("peer", peer)) if r % 2 == 0 else (("peer", peer), ("ours", ours))
        for key, run in order:
            reset()
            times[key].append(timed(run))
    return statistics.median(times["ours"]), statistics.median(times["peer"]), times


def quiet(run):
    """`run` with stdout and stderr at the OS level sent nowhere (the glTF importer prints a few lines a
    file; Blender prints `Info:` lines for reports)."""
    def silenced():
        sys.stdout.flush()
        saved = os.dup(1), os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        try:
            return run()
        finally:
            sys.stdout.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in (*saved, null):
                os.close(fd)
    return silenced


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)
    return path


def glb_of(path, folder):
    """levelkit's GLB export of the file at `path`, written into `folder` (never beside a shipped sample)."""
    files = levelkit.export(levelkit.read(path), "glb", stem="peer")
    name = os.path.splitext(os.path.basename(path))[0] + ".glb"
    return write(os.path.join(folder, name), files["peer.glb"])


def import_pair(what, ours, peer, rounds):
    mine, theirs, times = alternate(quiet(ours), quiet(peer), rounds)
    spread = (f"levelkit {ms(min(times['ours']))}–{ms(max(times['ours']))}, "
              f"glTF {ms(min(times['peer']))}–{ms(max(times['peer']))}")
    print(f"SPEED {what}: levelkit {ms(mine)}, Blender's glTF import {ms(theirs)}: "
          f"levelkit's speed / the glTF importer's = {theirs / mine:.2f} (medians of {rounds}; {spread})")
    return mine, theirs


def median_of(run, rounds, prepare):
    times = []
    for _ in range(rounds):
        prepare()
        times.append(timed(quiet(run)))
    return statistics.median(times), min(times), max(times)


def main():
    rounds = int(ARGS["rounds"])
    folder = tempfile.mkdtemp(prefix="levelkit-speed-")
    stage = write(os.path.join(folder, "stage.cl"), levelkit.sample("cl", seed=1, size=int(ARGS["triangles"])))
    triangles = len(levelkit.read(stage).triangles)
    big_level = write(os.path.join(folder, "LEVEL80.BIN"), levelkit.sample("level", seed=1, size=int(ARGS["rooms"])))
    sample_level = os.path.join(REPO, "samples", "LEVEL00.BIN")
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",)
    print(f"SPEED Blender {bpy.app.version_string}, levelkit {levelkit.__version__}, {rounds} rounds, "
          f"load average {' '.join(f'{x:.2f}' for x in load)}")

    # The stage.
    stage_glb = glb_of(stage, folder)
    import_pair(f"import of a {triangles:,}-triangle .cl",
                lambda: bpy.ops.import_scene.levelkit_cl(filepath=stage),
                lambda: bpy.ops.import_scene.gltf(filepath=stage_glb), rounds)

    # The import's two parts, each alone: the objects (reading included) and levelkit's check of the file,
    # which the operator runs beside them.
    def objects_alone():
        io_cl.import_cl(bpy.context, stage)
        return {"FINISHED"}

    def check_alone():
        levelkit.read(stage).check_groups()
        return {"FINISHED"}
    made, _, _ = median_of(objects_alone, rounds, reset)
    checked, _, _ = median_of(check_alone, rounds, reset)
    print(f"SPEED the .cl import's parts alone: the objects {ms(made)}, levelkit's check of the file {ms(checked)} "
          f"(medians of {rounds})")

    # The levels.
    for path in (sample_level, big_level):
        s = levelkit.read(path).summary()
        import_pair(f"import of {os.path.basename(path)} ({s['rooms']} rooms, {s['triangles']:,} triangles and "
                    f"{s['quads']:,} quads, {s['portals']} portals)",
                    lambda p=path: bpy.ops.import_scene.levelkit_level(filepath=p),
                    lambda g=glb_of(path, folder): bpy.ops.import_scene.gltf(filepath=g), rounds)

    # Export and Audit of the imported stage; export of the imported large level.
    def imported_stage():
        reset()
        bpy.ops.import_scene.levelkit_cl(filepath=stage)
    out = os.path.join(folder, "out.cl")
    export = median_of(lambda: bpy.ops.export_scene.levelkit_cl(filepath=out), rounds, quiet(imported_stage))
    audit = median_of(lambda: bpy.ops.levelkit.audit(), rounds, quiet(imported_stage))
    audit_file = median_of(lambda: bpy.ops.levelkit.audit(source="FILE"), rounds, quiet(imported_stage))

    def imported_level():
        reset()
        bpy.ops.import_scene.levelkit_level(filepath=big_level)
    level_out = os.path.join(folder, "OUT.BIN")
    level_export = median_of(lambda: bpy.ops.export_scene.levelkit_level(filepath=level_out), rounds,
                             quiet(imported_level))
    for what, (median, low, high) in (("Export (.cl) of the imported stage", export),
                                      ("Audit (what Export would write, 10,000 probes)", audit),
                                      ("Audit (the imported file, 10,000 probes)", audit_file),
                                      (f"Export (Rugrats level) of the imported {os.path.basename(big_level)}",
                                       level_export)):
        print(f"SPEED {what}: {ms(median)} (median of {rounds}; {ms(low)}–{ms(high)})")
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",)
    print(f"SPEED done, load average {' '.join(f'{x:.2f}' for x in load)}")
    reset()
    shutil.rmtree(folder, ignore_errors=True)
    sys.stdout.flush()
    os._exit(0)


main()
