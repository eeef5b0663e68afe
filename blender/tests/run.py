"""Headless Blender tests of the levelkit add-on, checked against the `levelkit` command-line program.

    blender -b --factory-startup --python-exit-code 1 --python blender/tests/run.py -- \
        (--addon-zip levelkit_blender-legacy.zip | --extension-zip levelkit_blender-extension.zip | --site DIR) \
        --levelkit target/release/levelkit [--screenshot OUT.png] [--bench-triangles 65000]

`--extension-zip` installs the Blender 4.2+ extension as dragging it onto Blender does (run with
BLENDER_USER_RESOURCES set to a scratch folder; it also runs in PyPI's `bpy` module: `python run.py -- ...`).
`--addon-zip` installs the packaged legacy add-on (`blender/package.sh`) the way a user does and enables
it (it unpacks its bundled wheel); run Blender with BLENDER_USER_SCRIPTS set to a scratch folder so the
install stays there. `--site` instead loads the add-on from this repository's `blender/` folder and
levelkit from a folder the wheel was installed into (`pip install --target DIR`). Exits 1 if any test
fails. Timings are printed, never asserted.
"""

import importlib
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback

import numpy

# Debian's Blender 3.4 still uses `numpy.bool`, which numpy 1.24 removed: the test runner (not the add-on)
# puts the alias back before anything imports Blender's own Python modules that need it.
if "bool" not in vars(numpy):
    numpy.bool = bool

import bpy  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLES = os.path.join(REPO, "samples")


def parse_args():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    args = {"site": None, "addon-zip": None, "extension-zip": None, "levelkit": os.path.join(REPO, "target", "release", "levelkit"), "screenshot": None,
            "bench-triangles": "65000"}
    for flag, value in zip(argv[::2], argv[1::2]):
        args[flag.lstrip("-")] = value
    return args


ARGS = parse_args()
if ARGS["extension-zip"]:
    # What dragging the zip onto Blender 4.2+ does: install into the user repository and enable; Blender
    # installs the bundled wheel into the extension's own site-packages.
    result = bpy.ops.extensions.package_install_files(
        filepath=os.path.abspath(ARGS["extension-zip"]), repo="user_default", enable_on_install=True)
    assert result == {"FINISHED"}, result
    ADDON = "bl_ext.user_default.levelkit_blender"
    assert ADDON in bpy.context.preferences.addons, sorted(bpy.context.preferences.addons.keys())
elif ARGS["addon-zip"]:
    bpy.ops.preferences.addon_install(filepath=os.path.abspath(ARGS["addon-zip"]), overwrite=True)
    bpy.ops.preferences.addon_enable(module="levelkit_blender")
    ADDON = "levelkit_blender"
else:
    if ARGS["site"]:
        sys.path.insert(0, ARGS["site"])
    sys.path.insert(0, os.path.join(REPO, "blender"))
    # Enabled as an add-on (found on sys.path), so that its preferences exist as a user's would.
    bpy.ops.preferences.addon_enable(module="levelkit_blender")
    ADDON = "levelkit_blender"

import levelkit  # noqa: E402

levelkit_blender = importlib.import_module(ADDON)
io_cl, io_level, panel = (importlib.import_module(f"{ADDON}.{m}") for m in ("io_cl", "io_level", "panel"))

print(f"levelkit {levelkit.__version__} from {os.path.dirname(levelkit.__file__)}; "
      f"add-on from {os.path.dirname(levelkit_blender.__file__)}")


def cli(*args, ok=(0,)):
    r = subprocess.run([ARGS["levelkit"], *args], capture_output=True, text=True)
    assert r.returncode in ok, f"levelkit {' '.join(args)}: status {r.returncode}\n{r.stdout}{r.stderr}"
    return r.stdout


def info(path):
    return json.loads(cli("info", "--json", path))


def reset():
    """An empty scene; the preferences, and so the enabled add-on, stay."""
    bpy.ops.wm.read_homefile(use_empty=True)


def face_count(obj):
    return len(obj.data.polygons)


def test_cl_import_counts_equal_info():
    for name in ("stage.cl", "stage-community.cl"):
        reset()
        path = os.path.join(SAMPLES, name)
        expected = info(path)
        (obj,) = io_cl.import_cl(bpy.context, path)
        assert face_count(obj) == expected["triangles"], (name, face_count(obj), expected["triangles"])
        assert len(obj.data.vertices) == expected["vertices"], name
        histogram = {int(a["attribute"], 16): a["count"] for a in expected["attributes"]}
        attributes = io_cl.objects.face_ints(obj.data, io_cl.ATTRIBUTE, numpy.uint32)
        values, counts = numpy.unique(attributes, return_counts=True)
        assert dict(zip(values.tolist(), counts.tolist())) == histogram, name
        assert len(obj.data.materials) == len(histogram), name
        assert obj.data.attributes.get(io_cl.GROUP) is not None


def test_cl_import_with_leaves():
    reset()
    path = os.path.join(SAMPLES, "stage.cl")
    made = io_cl.import_cl(bpy.context, path, leaves=True)
    wire = [o for o in made if len(o.data.polygons) == 0]
    assert len(wire) == 1 and len(wire[0].data.edges) > 0
    assert len(wire[0].data.edges) <= 4 * info(path)["leaves"]


def triangle_set(collision):
    """The triangles as sets of corner positions (rounded), with their attributes."""
    v = collision.vertices.astype(numpy.float64)
    t = collision.triangles.astype(numpy.int64)
    corners = numpy.round(v[t], 3)
    return sorted(
        (tuple(sorted(map(tuple, c.tolist()))), int(a)) for c, a in zip(corners, collision.attributes)
    )


def test_export_checks_strict_and_keeps_triangles_and_attributes():
    for name in ("stage.cl", "stage-community.cl"):
        reset()
        path = os.path.join(SAMPLES, name)
        (obj,) = io_cl.import_cl(bpy.context, path, scale=0.01)
        out = os.path.join(tempfile.mkdtemp(), "out.cl")
        collision, findings = io_cl.export_cl(bpy.context, out, [obj], scale=0.01)
        assert findings == [], [str(f) for f in findings]
        cli("check", "--strict", out)
        original = levelkit.read(path)
        exported = levelkit.read(out)
        assert len(exported.triangles) == len(original.triangles), name
        assert triangle_set(exported) == triangle_set(original), name


def test_finding_reports_group_rules_as_the_cli_does():
    path = os.path.join(SAMPLES, "stage-community.cl")
    groups = levelkit.read(path).check_groups()
    expected = json.loads(cli("check", "--json", path, ok=(0, 1)))
    assert sum(len(g) for g in groups) == len(expected["findings"]) > 100
    reports = io_cl.finding_reports(groups)
    text = cli("check", path, ok=(0, 1)).splitlines()
    folded = [t.split(", the first: ")[0] for _, t in reports if ", the first: " in t]
    assert folded and folded == [line.split(", the first ")[0] for line in text if line.endswith(":")], (folded, text)
    assert all(t in text for _, t in reports if ", the first: " not in t)
    assert len(reports) < 10, reports


def test_material_names_give_attributes_without_the_face_attribute():
    reset()
    path = os.path.join(SAMPLES, "stage.cl")
    (obj,) = io_cl.import_cl(bpy.context, path)
    obj.data.attributes.remove(obj.data.attributes[io_cl.ATTRIBUTE])
    out = os.path.join(tempfile.mkdtemp(), "out.cl")
    io_cl.export_cl(bpy.context, out, [obj])
    assert triangle_set(levelkit.read(out)) == triangle_set(levelkit.read(path))


def test_set_surface_changes_the_selected_faces():
    reset()
    (obj,) = io_cl.import_cl(bpy.context, os.path.join(SAMPLES, "stage.cl"))
    selected = numpy.zeros(len(obj.data.polygons), dtype=bool)
    selected[:10] = True
    obj.data.polygons.foreach_set("select", selected)
    wall = next(s["attribute"] for s in levelkit.surfaces() if s["id"] == "wall")
    assert panel.set_surface(obj, wall) == 10
    attributes = io_cl.objects.face_ints(obj.data, io_cl.ATTRIBUTE, numpy.uint32)
    assert (attributes[:10] == wall).all()


def test_audit_markers_equal_the_cli_holes():
    reset()
    path = os.path.join(SAMPLES, "stage-community.cl")
    (obj,) = io_cl.import_cl(bpy.context, path)
    expected = json.loads(cli("audit", "--json", "--probes", "2000", path, ok=(0, 1)))
    assert 0 < expected["holes"] == len(expected["hole_list"]), "every hole must be listed for this test"
    audit = panel.audit_object(obj, probes=2000)
    shown = panel.place_holes(bpy.context, audit)
    assert shown == expected["holes"] == len(bpy.data.collections[panel.HOLES].objects)
    kinds = {o["kind"] for o in bpy.data.collections[panel.HOLES].objects}
    assert kinds <= {"vertical", "line", "move"}


def test_audit_marks_the_triangles_the_game_hangs_on():
    reset()
    dump = levelkit.read(os.path.join(SAMPLES, "stage.cl")).to_dump()
    # Triangle 0 made one the game loops forever on: its first edge within 0.000123 of vertical (near the
    # origin, where f32 can hold such a step), its normal's y above the threshold, so the game picks the
    # Y plane and finds no divisor in the edge's x or z.
    n = len(dump["vertices"])
    dump["vertices"] += [[100.0, 0.0, 100.0], [100.00002, 50.0, 100.0], [100.0, 0.0, 130.0]]
    dump["triangles"][0]["vertexIndexNo"] = [n, n + 1, n + 2]
    bad = levelkit.from_dump(dump)
    assert any("the game hangs when a sphere comes near triangle 0" in f.message for f in bad.check())
    path = os.path.join(tempfile.mkdtemp(), "hangs.cl")
    with open(path, "wb") as f:
        f.write(bad.to_bytes())
    (obj,) = io_cl.import_cl(bpy.context, path)
    audit = panel.audit_object(obj, probes=500)
    expected = json.loads(cli("audit", "--json", "--probes", "500", path, ok=(1,)))
    assert [h["triangle"] for h in audit["hanging_triangles"]] == [h["triangle"] for h in expected["hanging_triangles"]] == [0]
    panel.place_holes(bpy.context, audit)
    markers = [o for o in bpy.data.collections[panel.HOLES].objects if o["kind"] == "freeze"]
    assert [o.name for o in markers] == ["freeze_triangle_0"], [o.name for o in markers]
    assert markers[0].empty_display_type == "CUBE"


def test_level_import_one_object_per_non_empty_room():
    reset()
    path = os.path.join(SAMPLES, "LEVEL00.BIN")
    rooms = json.loads(cli("rooms", "--json", path))["rooms"]
    non_empty = {r["index"] for r in rooms if r["triangles"] + r["quads"] > 0}
    vram = os.path.join(tempfile.mkdtemp(), "vram.bin")
    cli("sample", "vram", "-o", vram)
    collection = io_level.import_level(bpy.context, path, vram)
    room_objects = [o for o in collection.objects if o.name.startswith("room_")]
    assert len(room_objects) == len(non_empty)
    assert {o["room"] for o in room_objects} == non_empty
    for o in room_objects:
        assert o.data.color_attributes.get(io_level.COLOUR) is not None
        assert o.data.uv_layers
    portals = [o for o in collection.objects if o.name.startswith("portal_")]
    assert len(portals) == info(path)["portals"]
    assert all("destination_room" in o for o in portals)
    assert bpy.data.images, "the VRAM dump's pages become images"


def test_operators_import_export_audit_and_set_surface():
    reset()
    path = os.path.join(SAMPLES, "stage-community.cl")
    assert bpy.ops.import_scene.levelkit_cl(filepath=path, leaves=True) == {"FINISHED"}
    obj = next(o for o in bpy.context.scene.objects if o.get(io_cl.SOURCE))
    bpy.context.view_layer.objects.active = obj
    for o in bpy.context.scene.objects:
        o.select_set(o == obj)
    assert bpy.ops.levelkit.audit(probes=500) == {"FINISHED"}
    assert len(bpy.data.collections[panel.HOLES].objects) == levelkit.read(path).audit(probes=500)["holes"]
    wall = next(s["attribute"] for s in levelkit.surfaces() if s["id"] == "wall")
    assert bpy.ops.levelkit.set_surface(surface=str(wall)) == {"FINISHED"}
    out = os.path.join(tempfile.mkdtemp(), "out.cl")
    assert bpy.ops.export_scene.levelkit_cl(filepath=out, weld=0.001) == {"FINISHED"}
    cli("check", "--strict", out)
    assert (levelkit.read(out).attributes == wall).all(), "every face was selected"
    level = os.path.join(SAMPLES, "LEVEL00.BIN")
    assert bpy.ops.import_scene.levelkit_level(filepath=level) == {"FINISHED"}


def test_export_and_reload_in_game_through_a_fake_mod():
    # The pytest suite's stand-in for the remote-control mod, on a loopback port.
    sys.path.insert(0, os.path.join(REPO, "crates", "levelkit-py", "tests"))
    from fake_mod import FakeMod

    reset()
    (obj,) = io_cl.import_cl(bpy.context, os.path.join(SAMPLES, "stage.cl"), scale=0.01)
    for o in bpy.context.scene.objects:
        o.select_set(o == obj)
    bpy.context.view_layer.objects.active = obj
    game = tempfile.mkdtemp()
    collisions = os.path.join(game, "dvdroot", "collisions")
    os.makedirs(collisions)
    prefs = bpy.context.preferences.addons[ADDON].preferences
    prefs.game_folder, prefs.stage, prefs.timeout = game, "s03", 20.0
    with FakeMod() as server:
        prefs.port = server.port
        assert bpy.ops.levelkit.push_cl() == {"FINISHED"}
        out = os.path.join(tempfile.mkdtemp(), "s04_wt.cl")
        assert bpy.ops.export_scene.levelkit_cl(filepath=out, reload_in_game=True) == {"FINISHED"}
    assert server.names == ["s03", "s04"], server.names
    cli("check", "--strict", os.path.join(collisions, "s03.cl"))
    with open(out, "rb") as exported, open(os.path.join(collisions, "s04_wt.cl"), "rb") as pushed:
        assert exported.read() == pushed.read()
    with FakeMod(reply=False) as silent:
        prefs.port, prefs.timeout = silent.port, 1.0
        try:
            bpy.ops.levelkit.push_cl()
            raise AssertionError("no acknowledgement must be an error")
        except RuntimeError as e:  # An operator's error report, raised to its Python caller.
            assert "sent no acknowledgement" in str(e), e


def test_the_extension_uses_its_site_packages_and_writes_nothing_in_its_folder():
    if not ARGS["extension-zip"]:
        return
    here = os.path.dirname(levelkit_blender.__file__)
    assert not os.path.exists(os.path.join(here, "_vendor")), "the legacy unpacking ran in an extension"
    assert os.path.join("extensions", ".local") in levelkit.__file__, levelkit.__file__


def test_benchmark_import_65000_triangles():
    reset()
    size = int(ARGS["bench-triangles"])
    path = os.path.join(tempfile.mkdtemp(), "big.cl")
    with open(path, "wb") as f:
        f.write(levelkit.sample("cl", seed=1, size=size))
    triangles = info(path)["triangles"]
    started = time.perf_counter()
    (obj,) = io_cl.import_cl(bpy.context, path)
    seconds = time.perf_counter() - started
    assert face_count(obj) == triangles
    print(f"BENCH blender import of a {triangles}-triangle .cl: {seconds * 1000:.0f} ms")
    started = time.perf_counter()
    io_cl.export_cl(bpy.context, os.path.join(os.path.dirname(path), "out.cl"), [obj])
    print(f"BENCH blender export (build_cl) of it: {(time.perf_counter() - started) * 1000:.0f} ms")


def screenshot(out):
    """The community-style sample imported with its audit holes, rendered by Blender (Workbench, else
    Cycles): red spheres at the hole markers."""
    import math

    reset()
    path = os.path.join(SAMPLES, "stage-community.cl")
    scale = 0.01
    (obj,) = io_cl.import_cl(bpy.context, path, scale=scale)
    audit = panel.audit_object(obj, probes=1000)
    panel.place_holes(bpy.context, audit, scale)
    lo = numpy.array(obj.bound_box).min(axis=0)
    hi = numpy.array(obj.bound_box).max(axis=0)
    centre = (lo + hi) / 2
    span = float(max(hi - lo))
    ball = bpy.data.meshes.new("hole_ball")
    import bmesh

    bm = bmesh.new()
    bmesh.ops.create_icosphere(bm, subdivisions=2, radius=span * 0.006)
    bm.to_mesh(ball)
    bm.free()
    red = io_cl.objects.material("hole", (1.0, 0.0, 0.0, 1.0))
    ball.materials.append(red)
    for empty in bpy.data.collections[panel.HOLES].objects[:]:
        marker = bpy.data.objects.new("ball_" + empty.name, ball)
        marker.location = empty.location
        bpy.context.scene.collection.objects.link(marker)
    cam_data = bpy.data.cameras.new("camera")
    cam = bpy.data.objects.new("camera", cam_data)
    bpy.context.scene.collection.objects.link(cam)
    cam.location = (centre[0], centre[1] - span * 1.05, centre[2] + span * 0.8)
    cam_data.lens = 30
    cam.rotation_euler = (math.radians(48), 0, 0)
    cam_data.clip_end = span * 10
    scene = bpy.context.scene
    scene.camera = cam
    sun = bpy.data.objects.new("sun", bpy.data.lights.new("sun", "SUN"))
    sun.rotation_euler = (math.radians(40), math.radians(20), 0)
    scene.collection.objects.link(sun)
    scene.world = bpy.data.worlds.new("world")
    scene.world.color = (0.18, 0.2, 0.24)
    scene.render.resolution_x, scene.render.resolution_y = 1280, 800
    scene.render.filepath = out
    scene.render.image_settings.compression = 100
    started = time.perf_counter()
    try:
        scene.render.engine = "BLENDER_WORKBENCH"
        scene.display.shading.color_type = "MATERIAL"
        scene.display.shading.light = "STUDIO"
        bpy.ops.render.render(write_still=True)
    except RuntimeError as e:
        print(f"workbench render failed ({e}); rendering with Cycles")
        scene.render.engine = "CYCLES"
        scene.cycles.samples = 16
        bpy.ops.render.render(write_still=True)
    print(f"SCREENSHOT {out} ({scene.render.engine}, {time.perf_counter() - started:.1f} s, "
          f"{len(audit['hole_list'])} holes)")


def main():
    tests = [(name, f) for name, f in sorted(globals().items()) if name.startswith("test_")]
    failed = []
    for name, test in tests:
        started = time.perf_counter()
        try:
            test()
            print(f"PASS {name} ({time.perf_counter() - started:.1f} s)")
        except Exception:
            traceback.print_exc()
            print(f"FAIL {name}")
            failed.append(name)
    if ARGS["screenshot"]:
        screenshot(ARGS["screenshot"])
    print(f"blender tests: {len(tests) - len(failed)} passed, {len(failed)} failed")
    sys.stdout.flush()
    os._exit(1 if failed else 0)


main()
