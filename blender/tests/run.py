"""Headless Blender tests of the levelkit add-on, checked against the `levelkit` command-line program.

    blender -b --factory-startup --python-exit-code 1 --python blender/tests/run.py -- \
        (--addon-zip levelkit_blender-legacy.zip | --extension-zip levelkit_blender-extension.zip | --site DIR) \
        --levelkit target/release/levelkit [--screenshot OUT.png] [--bench-triangles 65000] [--only WORD,...]

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
            "bench-triangles": "65000", "only": None}
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
io_cl, io_level, level_data, panel, live, common = (
    importlib.import_module(f"{ADDON}.{m}") for m in ("io_cl", "io_level", "level_data", "panel", "live", "common"))

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


def test_cl_import_faces_are_the_files_triangles_corner_by_corner():
    """The mesh Blender holds after the import, read back through Blender's own item properties: every
    triangle's corners in the file's order, the vertices scaled into Z up, one edge per triangle side and
    each face's material its surface's."""
    for name in ("stage.cl", "stage-community.cl"):
        reset()
        path = os.path.join(SAMPLES, name)
        (obj,) = io_cl.import_cl(bpy.context, path, scale=0.5)
        mesh, collision = obj.data, levelkit.read(path)
        triangles = collision.triangles.astype(numpy.int64)
        starts = numpy.zeros(len(mesh.polygons), dtype=numpy.int64)
        mesh.polygons.foreach_get("loop_start", starts)
        totals = numpy.zeros(len(mesh.polygons), dtype=numpy.int64)
        mesh.polygons.foreach_get("loop_total", totals)
        corners = numpy.zeros(len(mesh.loops), dtype=numpy.int64)
        mesh.loops.foreach_get("vertex_index", corners)
        assert (totals == 3).all() and numpy.array_equal(starts, numpy.arange(len(triangles)) * 3), name
        assert numpy.array_equal(corners.reshape(-1, 3), triangles), name
        co = numpy.zeros(len(mesh.vertices) * 3, dtype=numpy.float32)
        mesh.vertices.foreach_get("co", co)
        v = collision.vertices.astype(numpy.float32)
        expected = numpy.stack([v[:, 0], -v[:, 2], v[:, 1]], axis=1) * numpy.float32(0.5)
        assert numpy.array_equal(co.reshape(-1, 3), expected), name
        edges = numpy.zeros(len(mesh.edges) * 2, dtype=numpy.int64)
        mesh.edges.foreach_get("vertices", edges)
        sides = numpy.sort(triangles[:, [0, 1, 1, 2, 2, 0]].reshape(-1, 2), axis=1)
        assert {tuple(e) for e in numpy.sort(edges.reshape(-1, 2), axis=1).tolist()} == \
            {tuple(e) for e in sides.tolist()}, name
        assert len(mesh.edges) == len(numpy.unique(sides, axis=0)), name
        slots = numpy.zeros(len(mesh.polygons), dtype=numpy.int64)
        mesh.polygons.foreach_get("material_index", slots)
        groups = levelkit.mesh(collision)["groups"]
        named = [g["name"] for g in groups]
        by_attribute = {int(g["extras"]["attribute"]): named.index(g["name"]) for g in groups}
        assert [m.name for m in mesh.materials] == named, name
        assert numpy.array_equal(slots, [by_attribute[int(a)] for a in collision.attributes]), name


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
        collision, findings, _ = io_cl.export_cl(bpy.context, out, [obj], scale=0.01)
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
    assert shown == expected["holes"] == len(panel.markers())
    kinds = {o["kind"] for o in panel.markers()}
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
    # Three vertices more: the counts and the file's size that follow from them are the writer's to say.
    dump["header"].update(numVertices="auto", dataSize="auto")
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
    markers = [o for o in panel.markers() if o["kind"] == "freeze"]
    assert [o.name for o in markers] == ["freeze_triangle_0"], [o.name for o in markers]
    assert markers[0].type == "MESH" and len(markers[0].data.polygons) == 6, "a cube you can render"


def test_level_import_one_object_per_non_empty_room():
    reset()
    path = os.path.join(SAMPLES, "LEVEL00.BIN")
    rooms = json.loads(cli("rooms", "--json", path))["rooms"]
    non_empty = {r["index"] for r in rooms if r["triangles"] + r["quads"] > 0}
    vram = os.path.join(tempfile.mkdtemp(), "vram.bin")
    cli("sample", "vram", "-o", vram)
    collection = io_level.import_level(bpy.context, path, vram)
    room_objects = [o for o in collection.objects if o.name.startswith("LEVEL00_room_")]
    assert len(room_objects) == len(non_empty)
    assert {o["room"] for o in room_objects} == non_empty
    for o in room_objects:
        assert o.data.color_attributes.get(level_data.COLOUR) is not None
        assert o.data.uv_layers
    portals = [o for o in collection.objects if o.name.startswith("LEVEL00_portal_")]
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
    assert bpy.ops.levelkit.audit(probes=500, source="FILE") == {"FINISHED"}
    assert len(panel.markers()) == levelkit.read(path).audit(probes=500)["holes"]
    bpy.context.view_layer.objects.active = obj
    for o in bpy.context.scene.objects:
        o.select_set(o == obj)
    wall = next(s["attribute"] for s in levelkit.surfaces() if s["id"] == "wall")
    assert bpy.ops.levelkit.set_surface(surface=str(wall), whole_object=True) == {"FINISHED"}
    out = os.path.join(tempfile.mkdtemp(), "out.cl")
    assert bpy.ops.export_scene.levelkit_cl(filepath=out, weld=0.001) == {"FINISHED"}
    cli("check", "--strict", out)
    assert (levelkit.read(out).attributes == wall).all(), "the whole object was asked for"
    level = os.path.join(SAMPLES, "LEVEL00.BIN")
    assert bpy.ops.import_scene.levelkit_level(filepath=level) == {"FINISHED"}


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



# ---- issue 47: the add-on as a modder works it. Operators run through bpy.ops with the context the UI gives
# (the selection, the active object, the mode); what they said is read from the add-on's log.


def said():
    return "\n".join(text for _, text in common.LOG)


def import_op(path, **options):
    """File › Import › .cl as the UI runs it: the imported object selected and active."""
    reset()
    assert bpy.ops.import_scene.levelkit_cl(filepath=path, **options) == {"FINISHED"}
    obj = next(o for o in bpy.context.scene.objects if o.get(io_cl.SOURCE))
    select_only(obj)
    return obj


def select_only(*objs):
    bpy.context.view_layer.update()
    for o in bpy.context.view_layer.objects:
        o.select_set(o in objs)
    bpy.context.view_layer.objects.active = objs[0] if objs else None


def refused(op, phrase, **options):
    """Runs an operator that must refuse: its error report (raised to a Python caller) holds `phrase`."""
    try:
        result = op(**options)
    except RuntimeError as e:
        assert phrase in str(e), f"{phrase!r} not in {e}"
        return str(e)
    raise AssertionError(f"{op} returned {result}, expected a refusal saying {phrase!r}")


def new_mesh_object(name, vertices, faces, material=None):
    mesh = bpy.data.meshes.new(name)
    mesh.from_pydata(vertices, [], faces)
    if material is not None:
        mesh.materials.append(bpy.data.materials.get(material) or bpy.data.materials.new(material))
    obj = bpy.data.objects.new(name, mesh)
    bpy.context.scene.collection.objects.link(obj)
    return obj


def scratch(name):
    return os.path.join(tempfile.mkdtemp(), name)


def test_audit_by_default_audits_what_export_would_write():
    path = os.path.join(SAMPLES, "stage-community.cl")
    obj = import_op(path, scale=0.01)
    assert bpy.ops.levelkit.audit(probes=2000) == {"FINISHED"}
    assert "audited what Export would write" in said() and "scale 0.01" in said(), said()
    arrays = io_cl.mesh_triangles(bpy.context, [obj], 0.01)
    built = levelkit.build_cl(*arrays).audit(probes=2000)
    assert len(panel.markers()) == built["holes"] + len(built["hanging_triangles"])
    # The file on disk has its tree's holes; what Export writes from it has none of those.
    on_disk = levelkit.read(path).audit(probes=2000)
    assert on_disk["holes"] > built["holes"], (on_disk["holes"], built["holes"])
    # Edits count: 2,000 faces deleted, the object moved; the audit follows the mesh, not the file.
    select_only(obj)
    bpy.ops.object.mode_set(mode="EDIT")
    bpy.ops.mesh.select_all(action="DESELECT")
    bpy.ops.object.mode_set(mode="OBJECT")
    selected = numpy.zeros(len(obj.data.polygons), dtype=bool)
    selected[:2000] = True
    obj.data.polygons.foreach_set("select", selected)
    bpy.ops.object.mode_set(mode="EDIT")
    bpy.ops.mesh.delete(type="FACE")
    bpy.ops.object.mode_set(mode="OBJECT")
    obj.location = (5.0, 0.0, 0.0)
    select_only(obj)
    assert bpy.ops.levelkit.audit(probes=2000) == {"FINISHED"}
    rebuilt = levelkit.build_cl(*io_cl.mesh_triangles(bpy.context, [obj], 0.01))
    assert len(rebuilt.triangles) < 2001
    assert f"{len(rebuilt.triangles):,} triangles built in memory" in said(), said()
    edited = rebuilt.audit(probes=2000)
    assert len(panel.markers()) == edited["holes"] + len(edited["hanging_triangles"])
    # The imported file, as an option that says what it audits.
    assert bpy.ops.levelkit.audit(probes=2000, source="FILE") == {"FINISHED"}
    assert len(panel.markers()) == on_disk["holes"]
    assert "as it is on disk, not your edits" in said() and "Export rebuilds the tree" in said(), said()


def test_audit_markers_are_meshes_grouped_by_cause_with_the_fix():
    path = os.path.join(SAMPLES, "stage-community.cl")
    import_op(path, scale=0.01)
    assert bpy.ops.levelkit.audit(probes=2000, source="FILE") == {"FINISHED"}
    audit = levelkit.read(path).audit(probes=2000)
    found = panel.markers()
    assert len(found) == audit["holes"] > 0
    assert all(o.type == "MESH" and not o.hide_render and o.data.materials for o in found), "markers render"
    top = bpy.data.collections[panel.AUDIT]
    causes = {panel.hole_cause(h) for h in audit["hole_list"]}
    assert len(top.children) == len(causes), ([c.name for c in top.children], causes)
    for child in top.children:
        assert len({o["cause"] for o in child.objects}) == 1, child.name
        assert child["fix"] and all(o["fix"] == child["fix"] for o in child.objects)
    counts = sorted(len(c.objects) for c in top.children)
    assert counts == sorted(sum(1 for h in audit["hole_list"] if panel.hole_cause(h) == c) for c in causes)
    # Each cause's line, with what fixes it, in the report.
    holes_lines = [t for _, t in common.LOG if " holes, " in t and ":" in t]
    assert len(holes_lines) >= len(causes), holes_lines
    assert all("repair" in t.lower() for t in holes_lines), holes_lines
    assert "repair-cl" not in said() and "--" not in said(), said()


def test_markers_group_by_the_cause_levelkit_names_with_its_fix():
    # The shape of levelkit's audit with causes (issue 46: each hole's `cause`, `causes` with each group's
    # line and fix); an audit without them groups by probe kind and says that no cause was named.
    reset()
    hole = {"kind": "line", "index": 0, "point": [0.0, 0.0, 0.0]}
    audit = {
        "hole_list": [
            dict(hole, index=1, cause={"kind": "missing_link", "node": 3, "side": "+X", "across": 4}),
            dict(hole, index=2, cause={"kind": "missing_link", "node": 5, "side": "-Z", "across": 9}),
            dict(hole, index=3, kind="move", cause={"kind": "empty_inner", "node": 1}),
        ],
        "causes": [
            {"probe": "line", "cause": "missing_link", "holes": 2,
             "text": "2 line casts fall through: 2 nodes have no neighbour link (nodes[*].neighborNo); Repair"},
            {"probe": "move", "cause": "empty_inner", "holes": 1, "text": "1 moving sphere: 1 inner node lists nothing"},
        ],
        "hanging_triangles": [],
    }
    assert panel.place_holes(bpy.context, audit) == 3
    children = {c.name: c for c in bpy.data.collections[panel.AUDIT].children}
    assert set(children) == {"holes: missing link (2)", "holes: empty inner (1)"}, set(children)
    assert children["holes: missing link (2)"]["fix"].startswith("2 line casts fall through")
    detail = sorted(o["cause_detail"] for o in children["holes: missing link (2)"].objects)
    assert detail == ["node 3, side +X, across 4", "node 5, side -Z, across 9"], detail
    del audit["causes"]
    for h in audit["hole_list"]:
        del h["cause"]
    panel.place_holes(bpy.context, audit)
    names = {c.name for c in bpy.data.collections[panel.AUDIT].children}
    assert names == {"holes: line casts (this levelkit names no cause) (2)",
                     "holes: moving spheres (this levelkit names no cause) (1)"}, names


def test_next_hole_selects_and_frames_the_markers_in_turn():
    import_op(os.path.join(SAMPLES, "stage-community.cl"), scale=0.01)
    assert bpy.ops.levelkit.audit(probes=500, source="FILE") == {"FINISHED"}
    found = panel.markers()
    assert bpy.context.view_layer.objects.active == found[0] and found[0].select_get(), "the first is selected"
    assert bpy.ops.levelkit.show_marker() == {"FINISHED"}
    assert bpy.context.view_layer.objects.active == found[1] and not found[0].select_get()
    assert bpy.ops.levelkit.show_marker(step=-1) == {"FINISHED"}
    assert bpy.context.view_layer.objects.active == found[0]
    # With only a marker selected, Export exports what the audit audited and says so (issue 56: it refused);
    # Audit audits what it audited before.
    out = scratch("markers.cl")
    stage = next(o for o in bpy.context.scene.objects if o.get(io_cl.SOURCE))
    assert bpy.context.selected_objects == [found[0]]
    assert bpy.ops.export_scene.levelkit_cl(filepath=out) == {"FINISHED"}
    assert f"the selection holds only audit markers: took '{stage.name}', which the last Audit audited" in said()
    assert len(levelkit.read(out).triangles) == len(stage.data.polygons)
    select_only(found[0])
    assert bpy.ops.levelkit.audit(probes=500) == {"FINISHED"}
    assert f"audited what Export would write from {stage.name} " in said(), said()


def hanging_file():
    dump = levelkit.read(os.path.join(SAMPLES, "stage.cl")).to_dump()
    n = len(dump["vertices"])
    dump["vertices"] += [[100.0, 0.0, 100.0], [100.00002, 50.0, 100.0], [100.0, 0.0, 130.0]]
    dump["triangles"][0]["vertexIndexNo"] = [n, n + 1, n + 2]
    # Three vertices more: the counts and the file's size that follow from them are the writer's to say.
    dump["header"].update(numVertices="auto", dataSize="auto")
    path = scratch("hangs.cl")
    with open(path, "wb") as f:
        f.write(levelkit.from_dump(dump).to_bytes())
    return path


def test_freezes_are_marked_by_the_operator_as_cubes_in_their_collection():
    import_op(hanging_file())
    assert bpy.ops.levelkit.audit(probes=500, source="FILE") == {"FINISHED"}
    freezes = [c for c in bpy.data.collections[panel.AUDIT].children if c.name.startswith("freezes")]
    assert len(freezes) == 1 and [o.name for o in freezes[0].objects] == ["freeze_triangle_0"]
    assert freezes[0].objects[0].type == "MESH" and not freezes[0].objects[0].hide_render
    assert "1 triangle freezes the game" in said(), said()


def test_repair_writes_a_fixed_copy_of_the_imported_file():
    path = os.path.join(SAMPLES, "stage-community.cl")
    obj = import_op(path)
    out = scratch("stage-community_repaired.cl")
    assert bpy.ops.levelkit.repair_cl(filepath=out) == {"FINISHED"}
    assert f"wrote {out}" in said(), said()
    report = json.loads(cli("audit", "--json", "--probes", "2000", out))
    assert report["holes"] == 0, report["holes"]
    assert triangle_set(levelkit.read(out)) == triangle_set(levelkit.read(path))
    assert obj[io_cl.SOURCE] == out
    refused(bpy.ops.levelkit.repair_cl, "does not replace the imported file", filepath=out)


def attributes_of(path):
    values, counts = numpy.unique(levelkit.read(path).attributes, return_counts=True)
    return dict(zip(values.tolist(), counts.tolist()))


def test_a_material_assigned_sets_the_surface_and_disagreements_are_reported():
    path = os.path.join(SAMPLES, "stage.cl")
    stage = import_op(path)
    before = attributes_of(path)
    # A cube with a "wall" material joined (Ctrl+J) into the imported stage.
    bpy.ops.mesh.primitive_cube_add(size=20.0, location=(2600.0, 400.0, 250.0))
    cube = bpy.context.active_object
    cube.data.materials.append(bpy.data.materials.new("wall"))
    select_only(stage, cube)
    bpy.context.view_layer.objects.active = stage
    assert bpy.ops.object.join() == {"FINISHED"}
    # In Edit Mode, ten faces given the "death" material through the material slots.
    bpy.ops.object.mode_set(mode="EDIT")
    bpy.ops.mesh.select_all(action="DESELECT")
    bpy.ops.object.mode_set(mode="OBJECT")
    selected = numpy.zeros(len(stage.data.polygons), dtype=bool)
    selected[:10] = True
    floor_first = io_cl.objects.face_ints(stage.data, io_cl.ATTRIBUTE, numpy.uint32)[:10]
    stage.data.polygons.foreach_set("select", selected)
    stage.data.materials.append(bpy.data.materials.new("Death plane"))
    stage.active_material_index = len(stage.data.materials) - 1
    bpy.ops.object.mode_set(mode="EDIT")
    assert bpy.ops.object.material_slot_assign() == {"FINISHED"}
    bpy.ops.object.mode_set(mode="OBJECT")
    out = scratch("joined.cl")
    assert bpy.ops.export_scene.levelkit_cl(filepath=out) == {"FINISHED"}
    after = attributes_of(out)
    wall = levelkit.attribute_from_name("wall")
    death = levelkit.attribute_from_name("death")
    assert after.get(death, 0) - before.get(death, 0) == 10 - int((floor_first == death).sum()), (before, after)
    assert after.get(wall, 0) - before.get(wall, 0) >= 12, "the cube's 12 triangles are wall"
    assert "material 'wall'" in said() and "the material won" in said(), said()
    assert "material 'Death plane'" in said(), said()
    # Set surface assigns the material too: the two stay in step.
    select_only(stage)
    bpy.ops.object.mode_set(mode="EDIT")
    assert bpy.ops.levelkit.set_surface(surface=str(wall)) == {"FINISHED"}
    bpy.ops.object.mode_set(mode="OBJECT")
    index = numpy.zeros(len(stage.data.polygons), dtype=numpy.int32)
    stage.data.polygons.foreach_get("material_index", index)
    names = {stage.data.materials[i].name for i in index[:10]}
    assert names == {levelkit.surface_name(wall)}, names
    assert (io_cl.objects.face_ints(stage.data, io_cl.ATTRIBUTE, numpy.uint32)[:10] == wall).all()


def test_unknown_material_names_are_reported_with_the_names_understood():
    reset()
    lava = new_mesh_object("lava pool", [(0, 0, 0), (10, 0, 0), (10, 10, 0), (0, 10, 0)], [(0, 1, 2, 3)], "lava")
    plain = new_mesh_object("ground", [(20, 0, 0), (30, 0, 0), (30, 10, 0)], [(0, 1, 2)], "Material")
    select_only(lava, plain)
    out = scratch("names.cl")
    assert bpy.ops.export_scene.levelkit_cl(filepath=out) == {"FINISHED"}
    text = said()
    for phrase in ("material 'lava' names no surface: its 1 face became floor", "material 'Material' names no surface",
                   "wall_00000100", "HeroesPowerPlant", "DragonFF", "death"):
        assert phrase in text, (phrase, text)


def test_export_uses_the_stored_import_scale_and_says_which():
    path = os.path.join(SAMPLES, "stage.cl")
    import_op(path, scale=0.01)
    out = scratch("scaled.cl")
    assert bpy.ops.export_scene.levelkit_cl(filepath=out) == {"FINISHED"}
    assert "scale 0.01 (the import scale stored on the object" in said(), said()
    original, exported = levelkit.read(path).vertices, levelkit.read(out).vertices
    assert numpy.allclose(exported.min(axis=0), original.min(axis=0), atol=0.05)
    assert numpy.allclose(exported.max(axis=0), original.max(axis=0), atol=0.05)
    assert bpy.ops.export_scene.levelkit_cl(filepath=out, scale_from_import=False, scale=1.0) == {"FINISHED"}
    assert "scale 1 (given)" in said(), said()
    assert numpy.allclose(levelkit.read(out).vertices.max(axis=0), original.max(axis=0) * 0.01, rtol=1e-3, atol=0.01)


def test_export_report_says_skips_defaults_drops_welds_and_rotations():
    reset()
    quads = new_mesh_object("quads", [(0, 0, 0), (10, 0, 0), (10, 10, 0), (0, 10, 0), (10, 0, 0), (20, 0, 0),
                                      (20, 10, 0), (10, 10, 0), (30, 0, 0), (30, 0, 0), (30, 0, 0)],
                            [(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10)], "floor")
    # A triangle the game hangs on (an edge within 0.00002 of vertical), in game units (Blender Z is up).
    hangs = new_mesh_object("hangs", [(100.0, -100.0, 0.0), (100.00002, -100.0, 50.0), (100.0, -130.0, 0.0)],
                            [(0, 1, 2)], "wall")
    bpy.ops.object.text_add(location=(0, 0, 0))
    text = bpy.context.active_object
    bpy.ops.curve.primitive_bezier_curve_add()
    curve = bpy.context.active_object
    select_only(quads, hangs, text, curve)
    out = scratch("report.cl")
    assert bpy.ops.export_scene.levelkit_cl(filepath=out, weld=0.001) == {"FINISHED"}
    t = said()
    for phrase in (f"skipped '{text.name}': a text object", f"skipped '{curve.name}': a curve object",
                   "depth auto (chose", "weld 0.001", "1 face dropped: no area", "vertices welded",
                   "1 triangle rotated", f"wrote {out}"):
        assert phrase in t, (phrase, t)
    assert bpy.ops.export_scene.levelkit_cl(filepath=out) == {"FINISHED"}
    assert "weld 0.01 game units (the default: it closes float noise" in said() and "scale 1 (no selected object carries an import scale)" in said()


def test_empty_results_and_nan_vertices_are_refused():
    reset()
    cases = [
        ("empty", [], [], "nothing to export"),
        ("points", [(0, 0, 0), (1, 0, 0), (0, 1, 0)], [], "it has no faces (3 vertices"),
        ("nan", [(0, 0, 0), (float("nan"), 0, 0), (0, 1, 0)], [(0, 1, 2)], "not numbers (NaN or infinite"),
    ]
    for name, vertices, faces, phrase in cases:
        obj = new_mesh_object(name, vertices, faces)
        select_only(obj)
        out = scratch(f"{name}.cl")
        refused(bpy.ops.export_scene.levelkit_cl, phrase, filepath=out)
        assert not os.path.exists(out), name
        bpy.data.objects.remove(obj)


def test_nothing_selected_exports_nothing_and_names_the_active_object():
    stage = import_op(os.path.join(SAMPLES, "stage.cl"))
    stage.select_set(False)
    bpy.context.view_layer.objects.active = stage
    out = scratch("none.cl")
    message = refused(bpy.ops.export_scene.levelkit_cl, "nothing is selected", filepath=out)
    assert "'stage_collision' is not selected" in message or f"'{stage.name}' is not selected" in message, message
    assert not os.path.exists(out)


def test_importers_refuse_the_other_games_files_naming_the_right_importer():
    reset()
    level = os.path.join(SAMPLES, "LEVEL00.BIN")
    refused(bpy.ops.import_scene.levelkit_cl, "import it with File › Import › Rugrats level (LEVELnn.BIN)",
            filepath=level)
    refused(bpy.ops.import_scene.levelkit_level, "import it with File › Import › Sonic Heroes collision (.cl)",
            filepath=os.path.join(SAMPLES, "stage.cl"))
    assert len(bpy.context.scene.objects) == 0
    # Audit of a level room (imported by the right importer) is a refusal in words, not an AttributeError.
    assert bpy.ops.import_scene.levelkit_level(filepath=level) == {"FINISHED"}
    room = next(o for o in bpy.context.scene.objects if o.type == "MESH" and o.data.polygons)
    select_only(room)
    refused(bpy.ops.levelkit.audit, "was not imported from a .cl file", source="FILE")


def test_a_file_that_fails_check_imports_with_a_warning_and_grouped_findings():
    path = hanging_file()
    groups = levelkit.read(path).check_groups()
    assert any(g.severity == "error" for g in groups)
    import_op(path)
    lines = [t for level, t in common.LOG if level == "WARNING"]
    assert lines[0].startswith("hangs.cl fails levelkit's check: ") and "Repair" in lines[0], lines
    assert len(lines) == 1 + len(io_cl.finding_reports(groups)), lines
    import_op(os.path.join(SAMPLES, "stage-community.cl"))
    lines = [t for level, t in common.LOG if level == "WARNING"]
    assert "passes levelkit's check with warnings" in lines[0] and 2 < len(lines) < 12, lines
    assert "--" not in said(), said()


def test_messages_name_blender_things_not_cli_flags_or_temporary_files():
    reset()
    message = refused(bpy.ops.import_scene.levelkit_cl, "there is no such file", filepath="/nowhere/stage.cl")
    assert "Errno" not in message, message
    refused(bpy.ops.import_scene.levelkit_level, "there is no such file", filepath="/nowhere/LEVEL00.BIN")
    obj = new_mesh_object("tri", [(0, 0, 0), (10, 0, 0), (0, 10, 0)], [(0, 1, 2)])
    select_only(obj)
    message = refused(bpy.ops.export_scene.levelkit_cl, "does not exist", filepath="/nowhere/at/all/x.cl")
    assert ".levelkit-" not in message, message
    game = fake_game(["s01"])
    prefs = bpy.context.preferences.addons[ADDON].preferences
    prefs.game_folder, prefs.stage, prefs.port = game, "s01", 0
    if sys.platform != "win32":
        message = refused(bpy.ops.levelkit.push_cl, "set the Port in the add-on's preferences (Edit › Preferences")
        assert "--port" not in message, message
    said = "2 tsonic_win.exe processes are running; the mod's port must be given"
    assert common.message(levelkit.PushError(said)).endswith(
        "set the Port in the add-on's preferences (Edit › Preferences › Add-ons › levelkit)")
    said = "the game hangs when a sphere comes near triangle 3: …; repairing the file rotates it"
    assert common.message(levelkit.Error(said)).endswith("; Repair (Sidebar › levelkit) rotates it")


def test_set_surface_acts_on_selected_faces_and_on_the_whole_object_only_when_asked():
    path = os.path.join(SAMPLES, "stage.cl")
    obj = import_op(path)
    before = io_cl.objects.face_ints(obj.data, io_cl.ATTRIBUTE, numpy.uint32).copy()
    wall = levelkit.attribute_from_name("wall")
    # Right after import nothing is selected; in Object Mode the whole object is not taken unasked.
    refused(bpy.ops.levelkit.set_surface, "in Object Mode Set surface would change all 4,000 faces", surface=str(wall))
    assert (io_cl.objects.face_ints(obj.data, io_cl.ATTRIBUTE, numpy.uint32) == before).all()
    bpy.ops.object.mode_set(mode="EDIT")
    refused(bpy.ops.levelkit.set_surface, "no faces are selected", surface=str(wall))
    bpy.ops.object.mode_set(mode="OBJECT")
    selected = numpy.zeros(len(obj.data.polygons), dtype=bool)
    selected[5:8] = True
    obj.data.polygons.foreach_set("select", selected)
    bpy.ops.object.mode_set(mode="EDIT")
    assert bpy.ops.levelkit.set_surface(surface=str(wall)) == {"FINISHED"}
    assert "set 3 selected faces to wall" in said(), said()
    bpy.ops.object.mode_set(mode="OBJECT")
    after = io_cl.objects.face_ints(obj.data, io_cl.ATTRIBUTE, numpy.uint32)
    assert (after[5:8] == wall).all() and (after[:5] == before[:5]).all() and (after[8:] == before[8:]).all()
    assert panel.whole_object_question(obj, wall) == f"Set all 4,000 faces of '{obj.name}' to wall_00000100?"
    assert bpy.ops.levelkit.set_surface(surface=str(wall), whole_object=True) == {"FINISHED"}
    assert f"set all 4,000 faces of '{obj.name}' to wall_00000100" in said(), said()


def fake_game(stages):
    """A game folder whose collisions folder holds `stages` (each a copy of stage.cl)."""
    game = tempfile.mkdtemp()
    collisions = os.path.join(game, "dvdroot", "collisions")
    os.makedirs(collisions)
    with open(os.path.join(SAMPLES, "stage.cl"), "rb") as f:
        data = f.read()
    for s in stages:
        with open(os.path.join(collisions, f"{s}.cl"), "wb") as f:
            f.write(data)
    return game


def folder_state(game):
    collisions = os.path.join(game, "dvdroot", "collisions")
    state = {}
    for name in sorted(os.listdir(collisions)):
        with open(os.path.join(collisions, name), "rb") as f:
            state[name] = f.read()
    return state


def test_reload_in_game_pushes_the_chosen_stage_and_keeps_the_game_files_on_failure():
    sys.path.insert(0, os.path.join(REPO, "crates", "levelkit-py", "tests"))
    from fake_mod import FakeMod

    game = fake_game(["s01", "s03", "s03_wt"])
    prefs = bpy.context.preferences.addons[ADDON].preferences
    prefs.game_folder, prefs.stage, prefs.timeout = game, "", 20.0
    assert [i[0] for i in live.stage_items(None, bpy.context)] == ["s01", "s03"], "the game's own list"
    # The stage from the imported file's name (s03.cl), chosen once.
    imported = os.path.join(tempfile.mkdtemp(), "s03.cl")
    with open(imported, "wb") as f:
        f.write(levelkit.read(os.path.join(SAMPLES, "stage.cl")).to_bytes())
    import_op(imported, scale=0.01)
    with FakeMod() as server:
        prefs.port = server.port
        assert bpy.ops.levelkit.push_cl() == {"FINISHED"}
        assert prefs.stage == "s03" and "stage s03 (the imported file's name" in said(), said()
        # The export dialog's Reload pushes the chosen stage, not the exported file's own name.
        out = scratch("t7_b.cl")
        assert bpy.ops.export_scene.levelkit_cl(filepath=out, reload_in_game=True) == {"FINISHED"}
    assert server.names == ["s03", "s03"], server.names
    assert "t7_b.cl" not in folder_state(game)
    cli("check", "--strict", os.path.join(game, "dvdroot", "collisions", "s03.cl"))
    # Picked from the game's list.
    assert bpy.ops.levelkit.pick_stage(stage="s01") == {"FINISHED"} and prefs.stage == "s01"
    # A game that does not answer: the files are put back as they were; the export still finished.
    before = folder_state(game)
    with FakeMod(reply=False) as silent:
        prefs.port, prefs.timeout = silent.port, 1.0
        refused(bpy.ops.levelkit.push_cl, "the game's files are as they were")
        assert folder_state(game) == before
        assert bpy.ops.export_scene.levelkit_cl(filepath=out, reload_in_game=True) == {"FINISHED"}
        assert "wrote the file, but did not reload it in the game" in said(), said()
        assert folder_state(game) == before and os.path.exists(out)
    # A stage the game does not have, or no game folder layout: refused before anything is written.
    prefs.stage = "t7_b"
    refused(bpy.ops.levelkit.push_cl, "the game has no stage 't7_b'")
    assert folder_state(game) == before
    prefs.stage = ""


def test_level_import_shows_vertex_colours_textures_times_colours_and_prefixed_names():
    reset()
    path = os.path.join(SAMPLES, "LEVEL00.BIN")
    assert bpy.ops.import_scene.levelkit_level(filepath=path) == {"FINISHED"}
    assert "no VRAM dump given: the rooms show their vertex colours" in said() and "emulator" in said(), said()
    rooms = [o for o in bpy.context.scene.objects if "_room_" in o.name]
    assert rooms and all(o.name.startswith("LEVEL00_room_") for o in rooms), [o.name for o in rooms][:3]
    assert "LEVEL00_room_00" in bpy.data.objects
    for m in {m for o in rooms for m in o.data.materials}:
        base = m.node_tree.nodes["Principled BSDF"].inputs["Base Color"]
        assert base.is_linked and base.links[0].from_node.bl_idname == "ShaderNodeVertexColor", m.name
        assert base.links[0].from_node.layer_name == level_data.COLOUR
    vram = scratch("vram.bin")
    cli("sample", "vram", "-o", vram)
    reset()
    assert bpy.ops.import_scene.levelkit_level(filepath=path, vram=vram) == {"FINISHED"}
    assert "no VRAM dump given" not in said()
    textured = [m for m in bpy.data.materials if any(n.bl_idname == "ShaderNodeTexImage" for n in m.node_tree.nodes)]
    assert textured
    for m in textured:
        base = m.node_tree.nodes["Principled BSDF"].inputs["Base Color"]
        mix = base.links[0].from_node
        assert mix.blend_type == "MULTIPLY", m.name
        sources = {link.from_node.bl_idname for i in mix.inputs for link in i.links}
        assert sources == {"ShaderNodeTexImage", "ShaderNodeVertexColor"}, (m.name, sources)


def test_io_cl_and_live_do_not_import_each_other():
    import ast

    here = os.path.dirname(io_cl.__file__)

    def imported(module):
        tree = ast.parse(open(os.path.join(here, f"{module}.py")).read())
        names = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names.update(a.name for a in node.names)
                if node.module:
                    names.add(node.module)
        return names

    assert "io_cl" not in imported("live"), imported("live")
    assert not imported("common") & {"io_cl", "live", "panel", "io_level"}
    assert "common" in imported("live") and "common" in imported("io_cl")
    assert live.collisions_folder is not None and io_cl.SCALE == common.SCALE


# ---- issue 56: where one step hands over to the next (a join, the selection after an import or an audit,
# the counts, the surfaces by name, Blender's words).


def test_a_join_keeps_the_import_scale_whichever_object_is_active():
    path = os.path.join(SAMPLES, "stage.cl")
    stage = import_op(path, scale=0.01)
    # A ramp added beside the stage and joined (Ctrl+J) with the ramp active: the ramp's object survives.
    bpy.ops.mesh.primitive_plane_add(size=0.5, location=tuple(numpy.array(stage.bound_box).mean(axis=0)))
    ramp = bpy.context.active_object
    select_only(ramp, stage)
    assert bpy.context.view_layer.objects.active == ramp
    assert bpy.ops.object.join() == {"FINISHED"}
    joined = bpy.context.active_object
    assert joined.name == ramp.name and io_cl.SCALE not in joined, "Blender keeps the active object's properties"
    out = scratch("joined.cl")
    assert bpy.ops.export_scene.levelkit_cl(filepath=out) == {"FINISHED"}
    assert "scale 0.01 (the import scale stored on the object" in said(), said()
    original, exported = levelkit.read(path), levelkit.read(out)
    assert numpy.allclose(exported.vertices.max(axis=0), original.vertices.max(axis=0), atol=0.05), (
        exported.vertices.max(axis=0), original.vertices.max(axis=0))
    assert len(exported.triangles) == len(original.triangles) + 2
    # Two stages imported at different scales, joined: the export refuses to guess, naming both.
    other = os.path.join(tempfile.mkdtemp(), "other.cl")
    with open(other, "wb") as f:
        f.write(levelkit.read(path).to_bytes())
    assert bpy.ops.import_scene.levelkit_cl(filepath=other, scale=1.0) == {"FINISHED"}
    second = bpy.context.active_object
    select_only(second, joined)
    assert bpy.ops.object.join() == {"FINISHED"}
    out2 = scratch("two-scales.cl")
    message = refused(bpy.ops.export_scene.levelkit_cl, "imported at different scales", filepath=out2)
    assert "0.01 and 1" in message, message
    assert not os.path.exists(out2)


def test_a_join_keeps_the_imported_file_whichever_object_is_active():
    path = os.path.join(SAMPLES, "stage-community.cl")
    stage = import_op(path, scale=0.01)
    bpy.ops.mesh.primitive_plane_add(size=0.5, location=tuple(numpy.array(stage.bound_box).mean(axis=0)))
    ramp = bpy.context.active_object
    select_only(ramp, stage)
    assert bpy.ops.object.join() == {"FINISHED"}
    joined = bpy.context.active_object
    assert io_cl.SOURCE not in joined, "Blender keeps the active object's properties"
    # The default audit still says what the imported file holds; its own audit and Repair still find it.
    assert bpy.ops.levelkit.audit(probes=500) == {"FINISHED"}, said()
    assert "the imported file stage-community.cl, as it is on disk: " in said(), said()
    assert bpy.ops.levelkit.audit(probes=500, source="FILE") == {"FINISHED"}, said()
    assert f"audited the imported file {path}" in said(), said()
    repaired = scratch("joined_repaired.cl")
    assert bpy.ops.levelkit.repair_cl(filepath=repaired) == {"FINISHED"}, said()
    assert triangle_set(levelkit.read(repaired)) == triangle_set(levelkit.read(path))


def test_import_selects_the_stage_and_export_after_an_audit_exports_it():
    reset()
    path = os.path.join(SAMPLES, "stage-community.cl")
    assert bpy.ops.import_scene.levelkit_cl(filepath=path, leaves=True) == {"FINISHED"}
    stage = next(o for o in bpy.context.scene.objects if o.get(io_cl.SOURCE))
    assert bpy.context.view_layer.objects.active == stage and stage.select_get(), "the imported stage"
    assert bpy.ops.levelkit.audit(probes=500, source="FILE") == {"FINISHED"}
    assert bpy.context.view_layer.objects.active in panel.markers(), "an audit frames its first marker"
    out = scratch("after-audit.cl")
    assert bpy.ops.export_scene.levelkit_cl(filepath=out) == {"FINISHED"}, said()
    assert len(levelkit.read(out).triangles) == len(stage.data.polygons)
    # Next hole, then Repair and the imported file's audit still find the stage.
    assert bpy.ops.levelkit.show_marker() == {"FINISHED"}
    repaired = scratch("repaired.cl")
    assert bpy.ops.levelkit.repair_cl(filepath=repaired) == {"FINISHED"}, said()
    assert stage[io_cl.SOURCE] == repaired
    assert bpy.ops.levelkit.audit(probes=500, source="FILE") == {"FINISHED"}
    assert f"audited the imported file {repaired}" in said(), said()


def test_the_default_audit_of_an_imported_file_says_what_the_file_holds_and_what_export_writes():
    reset()
    path = os.path.join(SAMPLES, "stage-community.cl")
    assert bpy.ops.import_scene.levelkit_cl(filepath=path, scale=0.01) == {"FINISHED"}
    assert bpy.ops.levelkit.audit(probes=2000) == {"FINISHED"}, said()
    on_disk = levelkit.read(path).audit(probes=2000)
    assert on_disk["holes"] > 0
    assert (f"the imported file stage-community.cl, as it is on disk: {on_disk['holes']:,} holes" in said()), said()
    assert "audited what Export would write" in said(), said()
    # The build is said as it was made: the default weld, not "off".
    assert "weld 0.01 game units" in said() and "weld off" not in said(), said()


def test_counts_are_true_and_markers_follow_the_map():
    path = os.path.join(SAMPLES, "stage-community.cl")
    import_op(path, scale=0.01)
    probes = 10000
    assert bpy.ops.levelkit.audit(probes=probes, source="FILE") == {"FINISHED"}
    audit = levelkit.read(path).audit(probes=probes)
    found = panel.markers()
    assert len(found) == len(audit["hole_list"]) < audit["holes"], "this test needs more holes than are listed"
    text = said()
    assert f"{len(found):,} of {audit['holes']:,} marked" in text, text
    totals = {}
    for group in audit["causes"]:
        totals[group["cause"]] = totals.get(group["cause"], 0) + group["holes"]
    listed = {}
    for hole in audit["hole_list"]:
        listed[hole["cause"]["kind"]] = listed.get(hole["cause"]["kind"], 0) + 1
    for kind, total in totals.items():
        words = kind.replace("_", " ")
        assert f"{total:,} holes, {words}: " in text, (kind, text)
        if listed[kind] < total:
            assert f"({listed[kind]:,} of them marked)" in text, (kind, text)
            names = [c.name for c in bpy.data.collections[panel.AUDIT].children]
            assert f"holes: {words} ({listed[kind]:,} marked of {total:,})" in names, names
    # In the order of the map: each marker near the one before, not probe numbers sorted as text.
    points = numpy.array([o.location[:] for o in found])
    step = numpy.linalg.norm(numpy.diff(points, axis=0), axis=1).mean()
    by_probe = sorted(found, key=lambda o: (o["kind"], o["probe"]))
    jump = numpy.linalg.norm(numpy.diff(numpy.array([o.location[:] for o in by_probe]), axis=0), axis=1).mean()
    assert step < jump / 3, (step, jump)
    # Next hole steps in that order, says where it is as numbers, in Blender's words.
    select_only(found[0])
    assert bpy.ops.levelkit.show_marker() == {"FINISHED"}
    assert bpy.context.view_layer.objects.active == found[1]
    assert f"(2 of {len(found):,}, in the order of the map)" in said(), said()
    assert "repair-cl" not in said() and all("repair-cl" not in o["fix"] for o in found), said()


def test_hole_regions_are_marked_at_their_witness_and_outlined():
    # Issue 57: the audit's certified hole regions, a marker at each confirmed one's witness and its pieces
    # outlined, in their own collection, capped at levelkit's 1,000 per probe kind with the true count said.
    path = os.path.join(SAMPLES, "stage-community.cl")
    import_op(path, scale=0.01)
    assert bpy.ops.levelkit.audit(probes=1000, source="FILE") == {"FINISHED"}
    regions = levelkit.read(path).audit(probes=1000)["regions"]
    total = sum(regions["counts"])
    assert regions["certified"] and total > 1000, "this test needs more regions than are listed"
    found = panel.region_markers()
    assert len(found) == len(regions["confirmed"]), (len(found), len(regions["confirmed"]))
    assert all(o.type == "MESH" and common.is_marker(o) for o in found)
    top = bpy.data.collections[panel.REGIONS]
    names = [c.name for c in top.children]
    for k, kind in enumerate(panel.REGION_KINDS):
        listed = sum(1 for r in regions["confirmed"] if r["probe"] == kind)
        if not listed:
            assert not any(panel.PROBE_WORDS[kind] in n for n in names), names
            continue
        counted = f"{listed:,}" if listed == regions["counts"][k] else f"{listed:,} marked of {regions['counts'][k]:,}"
        (child,) = [c for c in top.children if c.name.startswith(f"regions: {panel.PROBE_WORDS[kind]} ({counted}")]
        outlines = [o for o in child.objects if o.type == "CURVE"]
        assert len(outlines) == 1 and len(outlines[0].data.splines) > 0 and not outlines[0].hide_render, child.name
        assert common.is_marker(outlines[0])
        if kind == "move":
            assert outlines[0].name == "outlines: moving spheres, grown by the sphere's radius 5", outlines[0].name
    # Each marker at its witness: where the witness meets the complete tree's answer (scale 0.01).
    first = regions["confirmed"][0]
    at = panel.witness_point(first)
    detail = ", ".join(f"{k} {v}" for k, v in first["cause"].items() if k != "kind")
    (marker,) = [o for o in found if o["cause_detail"] == detail and o["probe"] == first["probe"]
                 and numpy.allclose(list(o["witness_start"]), first["witness"]["start"], atol=1e-3)]
    assert numpy.allclose(marker.location[:], (at[0] * 0.01, -at[2] * 0.01, at[1] * 0.01), atol=1e-4)
    assert marker["cause"] == first["cause"]["kind"] and marker["probe"] == first["probe"]
    # The summary counts them, all of them, and says how many are marked.
    text = said()
    assert f"{total:,} hole regions, certified from the tree" in text, text
    assert f"{len(found):,} of them marked at their witness" in text, text
    # A selection of region markers only exports what the last Audit audited, as hole markers do.
    select_only(found[0], marker)
    assert common.chosen(bpy.context)[1] is not None
    # A complete tree: no regions, the library's words say so, and the last audit's regions are gone.
    import_op(os.path.join(SAMPLES, "stage.cl"))
    assert bpy.ops.levelkit.audit(probes=1000, source="FILE") == {"FINISHED"}
    assert panel.region_markers() == [] and "hole regions: none" in said(), said()


def test_surfaces_have_the_names_modders_use_from_the_one_list():
    assert levelkit.surface_name(0x40000) == "slippery_00040000"
    assert levelkit.surface_name(0x80000) == "triangle_jump_00080000"
    labels = [label for _, label, _ in panel.SURFACE_ITEMS]
    assert "Slippery" in labels and "Triangle jump" in labels, labels
    assert levelkit.VOCABULARY in common.vocabulary(), "the library's list, not a copy"
    for code in levelkit.letter_codes():
        assert f"_{code['letter']} {code['name']}" in common.vocabulary(), code
    reset()
    stairs = new_mesh_object("steps", [(0, 0, 0), (10, 0, 0), (10, 10, 0), (0, 10, 0)], [(0, 1, 2, 3)], "stairs")
    ice = new_mesh_object("ice", [(20, 0, 0), (30, 0, 0), (30, 10, 0)], [(0, 1, 2)], "floe_l")
    grey = tuple(bpy.data.materials["stairs"].diffuse_color)
    select_only(stairs, ice)
    out = scratch("surfaces.cl")
    assert bpy.ops.export_scene.levelkit_cl(filepath=out) == {"FINISHED"}
    assert attributes_of(out) == {0x400: 2, 0x40000: 1}, attributes_of(out)
    assert tuple(bpy.data.materials["stairs"].diffuse_color) != grey, "coloured as its surface"
    assert "material 'stairs' names carpet_stairs_00000400: coloured" in said(), said()
    # A material assigned on purpose is no warning; one face is one face.
    stage = import_op(os.path.join(SAMPLES, "stage.cl"))
    stage.data.materials.append(bpy.data.materials.new("wall"))
    index = numpy.zeros(len(stage.data.polygons), dtype=numpy.int32)
    stage.data.polygons.foreach_get("material_index", index)
    first = int(index[0])
    index[0] = len(stage.data.materials) - 1
    stage.data.polygons.foreach_set("material_index", index)
    assert first != index[0]
    assert bpy.ops.export_scene.levelkit_cl(filepath=out) == {"FINISHED"}
    lines = [(level, t) for level, t in common.LOG if "material 'wall'" in t]
    assert lines and all(level == "INFO" for level, _ in lines), lines
    assert any("1 face of material 'wall' took its surface wall_00000100 over the cl_attribute it had" in t
               for _, t in lines), lines


def test_blender_words_not_cli_words():
    # An empty file: said as empty, not as a record count of another game's format.
    empty = scratch("empty.cl")
    open(empty, "wb").close()
    message = refused(bpy.ops.import_scene.levelkit_cl, "is empty (0 bytes)", filepath=empty)
    assert "never-used" not in message and "record" not in message, message
    # The import's time includes the check it ran.
    import_op(os.path.join(SAMPLES, "stage.cl"))
    assert "levelkit's check of the file included" in said(), said()
    # Every live-reload setting missing is named at once.
    prefs = bpy.context.preferences.addons[ADDON].preferences
    prefs.game_folder, prefs.stage, prefs.port = "", "", 0
    message = refused(bpy.ops.levelkit.push_cl, "settings are missing")
    assert "game folder" in message and "stage" in message, message
    if sys.platform != "win32":
        assert "Port" in message, message
    # The sidebar push says the weld it builds with.
    sys.path.insert(0, os.path.join(REPO, "crates", "levelkit-py", "tests"))
    from fake_mod import FakeMod

    game = fake_game(["s01"])
    import_op(os.path.join(SAMPLES, "stage.cl"))
    with FakeMod() as server:
        prefs.game_folder, prefs.stage, prefs.port, prefs.timeout = game, "s01", server.port, 20.0
        assert bpy.ops.levelkit.push_cl() == {"FINISHED"}, said()
    prefs.stage = ""
    assert "weld 0.01 game units" in said() and "weld off" not in said(), said()


def stage_scene(width, height):
    """The community sample audited (the imported file), markers placed, lit and framed for a render.
    Returns the scene."""
    import math

    path = os.path.join(SAMPLES, "stage-community.cl")
    obj = import_op(path, scale=0.01)
    assert bpy.ops.levelkit.audit(probes=1000, source="FILE") == {"FINISHED"}
    lo = numpy.array(obj.bound_box).min(axis=0)
    hi = numpy.array(obj.bound_box).max(axis=0)
    centre = (lo + hi) / 2
    span = float(max(hi - lo))
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
    scene.render.resolution_x, scene.render.resolution_y = width, height
    scene.render.resolution_percentage = 100
    scene.render.engine = "BLENDER_WORKBENCH"
    scene.display.shading.color_type = "MATERIAL"
    scene.display.shading.light = "STUDIO"
    return scene


def test_audit_markers_show_in_a_render():
    scene = stage_scene(320, 200)
    out = scratch("render.png")
    scene.render.filepath = out
    bpy.ops.render.render(write_still=True)
    image = bpy.data.images.load(out)
    pixels = numpy.array(image.pixels[:], dtype=numpy.float32).reshape(-1, 4)
    colour = numpy.array(panel.CAUSE_COLOURS[0])
    # Workbench shades by light: a marker pixel is red-dominant, far from the stage's surface colours.
    reddish = (pixels[:, 0] > 0.5) & (pixels[:, 1] < 0.15) & (pixels[:, 2] < 0.15)
    assert colour[0] == 1.0 and reddish.sum() > 20, int(reddish.sum())


def screenshot(out):
    """The community sample imported and audited (the imported file), its hole markers rendered by Blender
    (Workbench, headless): the picture in the docs."""
    scene = stage_scene(1280, 800)
    scene.render.filepath = out
    scene.render.image_settings.compression = 90
    started = time.perf_counter()
    bpy.ops.render.render(write_still=True)
    groups = [c.name for c in bpy.data.collections[panel.AUDIT].children]
    regions = bpy.data.collections.get(panel.REGIONS)
    groups += [c.name for c in regions.children] if regions else []
    print(f"SCREENSHOT {out} ({scene.render.engine}, {time.perf_counter() - started:.1f} s, {len(panel.markers())} "
          f"markers in {groups})")


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import level_trip  # noqa: E402  (the Rugrats level's way through Blender)

level_trip.h = sys.modules[__name__]
globals().update({n: f for n, f in vars(level_trip).items() if n.startswith("test_")})


def main():
    tests = [(name, f) for name, f in sorted(globals().items()) if name.startswith("test_")]
    if ARGS["only"] is not None:  # --only WORD[,WORD]: the tests whose names hold a word ('' runs none)
        words = [w for w in ARGS["only"].split(",") if w]
        tests = [(name, f) for name, f in tests if any(w in name for w in words)]
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
