"""Headless tests of the Rugrats level's way through Blender: import, edit, File › Export › Rugrats level, and
back onto a disc image. Run by run.py, which sets `h` to itself (its helpers: cli, reset, said, refused,
scratch, select_only) before collecting the tests here."""

import os
import sys

import bpy
import numpy as np

import levelkit

h = None  # run.py, set by it
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import odd_levels  # noqa: E402  (levels no levelkit generator wrote)


def level_files():
    """Every level the trip must keep: the shipped sample, levelkit's generated ones and the odd ones."""
    folder = h.scratch("levels")
    os.makedirs(folder, exist_ok=True)
    files = [os.path.join(h.SAMPLES, "LEVEL00.BIN")]
    for seed in (3, 7):
        path = os.path.join(folder, f"LEVEL_SEED{seed}.BIN")
        h.cli("sample", "level", "--seed", str(seed), "-o", path)
        files.append(path)
    for name, data in odd_levels.levels().items():
        path = os.path.join(folder, f"{name}.BIN")
        with open(path, "wb") as f:
            f.write(data)
        files.append(path)
    return files


def import_level(path, **options):
    h.reset()
    assert bpy.ops.import_scene.levelkit_level(filepath=path, **options) == {"FINISHED"}, h.said()
    name = os.path.splitext(os.path.basename(path))[0]
    return bpy.data.collections[name]


def export_level(**options):
    out = h.scratch("OUT.BIN")
    assert bpy.ops.export_scene.levelkit_level(filepath=out, **options) == {"FINISHED"}, h.said()
    with open(out, "rb") as f:
        return f.read()


def original(path):
    with open(path, "rb") as f:
        return f.read()


def room_object(collection, room):
    return next(o for o in collection.objects if o.get("levelkit_room") == room)


def room_blobs(data):
    """Each room's blobs (as the library reads them), for comparing rooms one by one."""
    level = levelkit.read_level(data)
    return [r["blobs"] for r in level.rooms]


def same_blobs(a, b):
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x.keys() != y.keys():
            return False
        for k in x:
            same = np.array_equal(x[k], y[k]) if isinstance(x[k], np.ndarray) else x[k] == y[k]
            if not same:
                return False
    return True


def test_level_unedited_trip_through_blender_is_byte_identical():
    for path in level_files():
        import_level(path)
        data = export_level()
        assert data == original(path), f"{os.path.basename(path)}: the unedited trip changed the level\n{h.said()}"
        assert "exactly as exported, 0 built from geometry" in h.said(), h.said()


def test_level_edits_land_and_the_rooms_not_edited_keep_their_bytes():
    path = os.path.join(h.SAMPLES, "LEVEL00.BIN")
    base = levelkit.read_level(path)
    collection = import_level(path)
    edited = {1, 2, 3, 4}
    # Room 1: a corner moved up by 64 game units (0.64 at the import's scale 0.01).
    moved = room_object(collection, 1).data
    moved.vertices[0].co.z += 0.64
    # Room 2: one vertex painted pure red.
    painted = room_object(collection, 2).data
    painted.color_attributes["Col"].data[0].color = (1.0, 0.0, 0.0, 1.0)
    # Room 3: its last face deleted.
    deleted = room_object(collection, 3)
    faces_before = len(deleted.data.polygons)
    h.select_only(deleted)
    bpy.ops.object.mode_set(mode="EDIT")
    bpy.ops.mesh.select_all(action="DESELECT")
    bpy.ops.object.mode_set(mode="OBJECT")
    deleted.data.polygons[-1].select = True
    bpy.ops.object.mode_set(mode="EDIT")
    bpy.ops.mesh.delete(type="ONLY_FACE")
    bpy.ops.object.mode_set(mode="OBJECT")
    assert len(deleted.data.polygons) == faces_before - 1
    # Room 4: a face's material changed to another page's.
    retextured = room_object(collection, 4).data
    current = retextured.materials[retextured.polygons[0].material_index]
    other = next(m for m in bpy.data.materials if m.get("levelkit_group", "").startswith("page_")
                 and m.get("levelkit_group") != current.get("levelkit_group"))
    if other.name not in retextured.materials:
        retextured.materials.append(other)
    retextured.polygons[0].material_index = list(retextured.materials).index(other)
    data = export_level()
    said = h.said()
    built = levelkit.read_level(data)
    before, after = room_blobs(base.to_bytes()), room_blobs(data)
    for room in range(len(before)):
        if room not in edited:
            assert same_blobs(before[room], after[room]), f"room {room} was not edited but changed\n{said}"
    faces = lambda lvl, r: sum(len(b["quads"]) + len(b["triangles"]) for b in room_blobs(lvl.to_bytes())[r])  # noqa: E731
    assert faces(built, 3) == faces(base, 3) - 1, said
    assert "corners repainted" in said, said
    assert not same_blobs(before[1], after[1]) and not same_blobs(before[2], after[2]), said


def test_level_survives_saving_reopening_joining_and_separating():
    path = os.path.join(h.SAMPLES, "LEVEL00.BIN")
    collection = import_level(path)
    blend = h.scratch("level.blend")
    bpy.ops.wm.save_as_mainfile(filepath=blend)
    bpy.ops.wm.open_mainfile(filepath=blend)
    assert export_level() == original(path), h.said()
    # Every room joined into one object: each face still knows its room.
    collection = bpy.data.collections["LEVEL00"]
    rooms = [o for o in collection.objects if "levelkit_room" in o]
    h.select_only(*rooms)
    bpy.ops.object.join()
    assert export_level() == original(path), h.said()
    # And separated again by material: still the same level.
    joined = bpy.context.view_layer.objects.active
    h.select_only(joined)
    bpy.ops.object.mode_set(mode="EDIT")
    bpy.ops.mesh.separate(type="MATERIAL")
    bpy.ops.object.mode_set(mode="OBJECT")
    assert export_level() == original(path), h.said()


def test_level_export_refuses_missing_portals_and_rooms_unless_asked():
    path = os.path.join(h.SAMPLES, "LEVEL00.BIN")
    collection = import_level(path)
    portals = [o for o in collection.objects if "levelkit_portal" in o]
    room = room_object(collection, 2)
    for o in portals[:3] + [room]:
        bpy.data.objects.remove(o)
    out = h.scratch("OUT.BIN")
    h.refused(bpy.ops.export_scene.levelkit_level, "the scene lacks 3 portals", filepath=out)
    assert not os.path.exists(out), "a refused export writes nothing"
    assert "1 room with faces (room_02)" in h.said() and "Drop missing portals and rooms" in h.said(), h.said()
    data = export_level(drop_missing=True)
    built = levelkit.read_level(data)
    assert len(built.portals) == len(levelkit.read_level(path).portals) - 3
    assert "dropped: 3 portals" in h.said(), h.said()


def test_level_that_outgrows_its_base_says_so_first():
    path = os.path.join(h.SAMPLES, "LEVEL00.BIN")
    collection = import_level(path)
    obj = room_object(collection, 0)
    h.select_only(obj)
    bpy.ops.object.mode_set(mode="EDIT")
    bpy.ops.mesh.select_all(action="SELECT")
    bpy.ops.mesh.subdivide(number_cuts=2)
    bpy.ops.object.mode_set(mode="OBJECT")
    export_level()
    warnings = [t for level, t in h.common.LOG if level == "WARNING"]
    assert warnings and "more than the base's" in warnings[0] and "sectors" in warnings[0], h.said()


def test_level_whole_loop_from_a_disc_image_through_blender_and_back_in_place():
    import shutil
    import subprocess
    xorriso = shutil.which("xorriso")
    assert xorriso, "xorriso is needed to make the ISO 9660 image (scripts/test installs Debian's xorriso)"
    root = h.scratch("disc")
    os.makedirs(os.path.join(root, "DATA", "DB00"))
    shutil.copy(os.path.join(h.SAMPLES, "LEVEL00.BIN"), os.path.join(root, "DATA", "DB00", "LEVEL00.BIN"))
    image = h.scratch("rugrats.iso")
    subprocess.run([xorriso, "-as", "mkisofs", "-quiet", "-o", image, root], check=True, capture_output=True)
    levels = h.scratch("levels")
    h.cli("extract", image, "-o", levels)
    extracted = os.path.join(levels, "DATA", "DB00", "LEVEL00.BIN")
    collection = import_level(extracted)
    room_object(collection, 1).data.vertices[0].co.z += 0.32  # one corner up by 32 game units
    edited = export_level()
    assert edited != original(extracted)
    out = h.scratch("LEVEL00.BIN")
    with open(out, "wb") as f:
        f.write(edited)
    h.cli("patch", image, f"DATA/DB00/LEVEL00.BIN={out}", "--in-place")
    again = h.scratch("again")
    h.cli("extract", image, "-o", again)
    assert original(os.path.join(again, "DATA", "DB00", "LEVEL00.BIN")) == edited, "the image holds the edited level"


def blender_gltf_trip(glb, **export_options):
    """Blender's own glTF importer and exporter over a levelkit GLB (the io_scene_gltf2 add-on Blender
    ships), as a user's File › Import › glTF then File › Export › glTF does."""
    h.reset()
    if "io_scene_gltf2" not in bpy.context.preferences.addons:
        bpy.ops.preferences.addon_enable(module="io_scene_gltf2")
    assert bpy.ops.import_scene.gltf(filepath=glb) == {"FINISHED"}
    out = h.scratch("trip.glb")
    assert bpy.ops.export_scene.gltf(filepath=out, export_format="GLB", **export_options) == {"FINISHED"}
    return out


def test_level_through_blenders_own_gltf_trip_is_refused_naming_the_fix():
    if bpy.app.version < (4, 2, 0):
        # Blender 3.4's glTF exporter drops the attributes whatever its options: the build then counts every
        # face as built from geometry and warns of the growth (measured; the refusal is for 4.2 to 5.0).
        print("  (Blender before 4.2: its glTF trip drops the data; not the case this test holds)")
        return
    path = os.path.join(h.SAMPLES, "LEVEL00.BIN")
    glb = h.scratch("level.glb")
    h.cli("export", path, "-o", glb)
    out = h.scratch("OUT.BIN")
    for options, phrase in [
        ({}, "Include › Data › Loose Edges"),
        ({"export_attributes": True, "export_extras": True, "use_mesh_edges": True},
         "File › Export › Rugrats level"),
    ]:
        trip = blender_gltf_trip(glb, **options)
        r = h.subprocess.run([h.ARGS["levelkit"], "build-level", trip, "--base", path, "-o", out],
                             capture_output=True, text=True)
        assert r.returncode == 1 and phrase in r.stderr, (options, r.stderr)
        assert not os.path.exists(out), "a refused build writes nothing"
