"""Issue 46, the Python side: the same contract as the CLI, with Python's manners. Documented exception types
with every documented field; out-of-range values name the argument; nothing the caller passes is truncated,
dropped, overridden or ignored; `build_level` and mesh-file `build_cl` as the CLI has them; `to_dump` of a
large stage in one conversion; typed reads that let the README's example pass mypy."""

import errno
import math
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import levelkit

from conftest import REPO, SAMPLES

CLI = os.environ.get("LEVELKIT_CLI", str(REPO / "target" / "release" / "levelkit"))
needs_cli = pytest.mark.skipif(not os.path.exists(CLI), reason="the levelkit program is not built")

TRI = [[0, 0, 0], [10, 0, 0], [0, 0, 10]]
FACE = [[0, 2, 1]]


def stage():
    return levelkit.read(levelkit.sample("cl", seed=3, size=40))


def level():
    return levelkit.read(levelkit.sample("level", seed=2, size=3))


# 1. Errors are the documented exception types with every documented field.

PARSE_FIELDS = ("offset", "context", "problem", "path")


def test_parse_error_of_data_fitting_neither_format_has_every_field():
    with pytest.raises(levelkit.ParseError) as raised:
        levelkit.read(b"\x01" * 64)
    e = raised.value
    assert all(hasattr(e, f) for f in PARSE_FIELDS), vars(e)
    assert e.offset is None and e.path is None
    assert e.context == "recognising the format"
    assert e.problem.startswith("not a Sonic Heroes .cl file (") and "not a Rugrats LEVELnn.BIN file (" in e.problem


def test_parse_error_of_a_dump_has_every_field():
    with pytest.raises(levelkit.ParseError) as raised:
        levelkit.from_dump({})
    e = raised.value
    assert all(hasattr(e, f) for f in PARSE_FIELDS), vars(e)
    assert e.offset is None and e.context == "the JSON dump" and e.path == "format"
    assert 'no "format" key' in e.problem
    dump = stage().to_dump()
    dump["nodes"][0]["childNo"] = "lots"
    with pytest.raises(levelkit.ParseError) as raised:
        levelkit.from_dump(dump)
    assert raised.value.path == "nodes[0].childNo", str(raised.value)


def test_missing_file_is_file_not_found_with_errno_and_filename(tmp_path):
    missing = tmp_path / "nope.cl"
    for call in (levelkit.read, levelkit.read_collision, levelkit.read_level, levelkit.build_cl):
        with pytest.raises(FileNotFoundError) as raised:
            call(str(missing))
        assert raised.value.errno == errno.ENOENT and raised.value.filename == str(missing), call
        assert str(raised.value) == f"[Errno {errno.ENOENT}] {os.strerror(errno.ENOENT)}: '{missing}'"
    with pytest.raises(IsADirectoryError) as raised:
        levelkit.read(tmp_path)
    assert raised.value.filename == str(tmp_path)


def test_a_file_of_the_other_format_is_named_as_such(level_bytes, stage_bytes):
    with pytest.raises(levelkit.ParseError) as raised:
        levelkit.read(level_bytes, format="heroes-cl")
    assert "this is a Rugrats LEVELnn.BIN file, not a Sonic Heroes .cl file" in str(raised.value)
    assert raised.value.offset is None
    with pytest.raises(levelkit.ParseError, match="this is a Rugrats LEVELnn.BIN file"):
        levelkit.read_collision(level_bytes)
    with pytest.raises(levelkit.ParseError, match=r"this is a Sonic Heroes \.cl file, not a Rugrats"):
        levelkit.read_level(stage_bytes)


# 2. Out-of-range numbers name the argument, the range and the value passed.

@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: levelkit.build_cl(TRI, FACE, depth=-1), "depth must be 0 to 15, got -1"),
        (lambda: levelkit.build_cl(TRI, FACE, depth=99), "depth must be 0 to 15, got 99"),
        (lambda: levelkit.build_cl(TRI, FACE, max_depth=16), "max_depth must be 0 to 15, got 16"),
        (lambda: levelkit.build_cl(TRI, FACE, depth=6, max_depth=4), "max_depth 4 is below depth 6"),
        (lambda: levelkit.build_cl(TRI, FACE, leaf_triangles=0), "leaf_triangles must be 1 to 65534, got 0"),
        (lambda: levelkit.build_cl(TRI, FACE, weld=-1.0), "weld must be a finite number at least 0, got -1"),
        (lambda: levelkit.build_cl(TRI, FACE, weld=math.nan), "weld must be a finite number at least 0, got NaN"),
        (lambda: levelkit.repair_cl(stage(), depth=-1), "depth must be 0 to 15, got -1"),
        (lambda: levelkit.export(level(), "glb", rooms=[-1]), "rooms[0] must be 0 to 2, got -1"),
        (lambda: levelkit.export(level(), "glb", rooms=[0, 3]), "rooms[1] must be 0 to 2, got 3"),
        (lambda: levelkit.render(level(), rooms=[2**40]), "rooms[0] must be 0 to 2, got 1099511627776"),
        (lambda: levelkit.render(stage(), width=4), "width must be 8 to 1024, got 4"),
        (lambda: levelkit.push(b"\0", "/nonexistent", name="s01", port=70000), "port must be 1 to 65535, got 70000"),
        (lambda: levelkit.push(b"\0", "/nonexistent", name="s01", port=-1), "port must be 1 to 65535, got -1"),
        (lambda: stage().audit(probes=0), "probes must be 1 to 10000000, got 0"),
        (lambda: stage().audit(seed=-1), "seed must be 0 to 18446744073709551615, got -1"),
        (lambda: levelkit.sample("cl", seed=-1), "seed must be 0 to 18446744073709551615, got -1"),
        (lambda: levelkit.surface_name(-1), "attribute must be 0 to 4294967295, got -1"),
    ],
)
def test_out_of_range_values_are_value_errors_naming_the_argument(call, message):
    with pytest.raises(ValueError) as raised:
        call()
    assert message in str(raised.value), str(raised.value)
    assert not isinstance(raised.value, OverflowError)


def test_no_cli_flag_in_a_python_error():
    for kwargs in (dict(depth=99), dict(max_depth=99), dict(depth=6, max_depth=4), dict(weld=-1.0)):
        with pytest.raises(ValueError) as raised:
            levelkit.build_cl(TRI, FACE, **kwargs)
        assert "--" not in str(raised.value), str(raised.value)


def test_too_many_nodes_advice_names_the_python_argument():
    """A fixed depth that needs more than 65,534 nodes: the library's advice names `--depth`; Python's
    names `depth=`."""
    rng = np.random.default_rng(5)
    n = 20_000
    corners = rng.uniform(-100_000, 100_000, (n, 1, 3)) + rng.uniform(-1, 1, (n, 3, 3))
    corners[:, :, 1] = rng.uniform(-1, 1, (n, 3))
    with pytest.raises(levelkit.BuildError) as raised:
        levelkit.build_cl(corners.reshape(-1, 3), np.arange(3 * n).reshape(n, 3), depth=15)
    text = str(raised.value)
    assert "needs more than 65,534 nodes" in text and "pass depth=" in text and "--" not in text, text


def test_a_negative_index_is_reported_as_passed():
    for triangles in ([[0, 1, -1]], np.array([[0, 1, -1]]), np.array([[0, 1, -1]], dtype=np.int8)):
        with pytest.raises(ValueError) as raised:
            levelkit.build_cl(TRI, triangles)
        assert "triangles[0][2] must be 0 to 2, got -1" in str(raised.value), str(raised.value)
        assert "4294967295" not in str(raised.value)


# 3. No silent truncation, dropping or overriding.

def test_float_indices_attributes_and_groups_must_be_whole():
    cases = [
        (dict(triangles=[[0, 2.4, 1]]), "triangles[0][1] must be a whole number, got 2.4"),
        (dict(triangles=FACE, attributes=[1.7]), "attributes[0] must be a whole number, got 1.7"),
        (dict(triangles=FACE, groups=np.array([0.5])), "groups[0] must be a whole number, got 0.5"),
        (dict(triangles=FACE, groups=[70000]), "groups[0] must be 0 to 65535, got 70000"),
        (dict(triangles=FACE, attributes=[-1]), "attributes[0] must be 0 to 4294967295, got -1"),
    ]
    for kwargs, message in cases:
        with pytest.raises(ValueError) as raised:
            levelkit.build_cl(TRI, **kwargs)
        assert message in str(raised.value), str(raised.value)
    # Whole floats are whole numbers: taken exactly.
    built = levelkit.build_cl(TRI, np.array([[0.0, 2.0, 1.0]]), attributes=np.array([256.0]))
    assert built.attributes.tolist() == [256]


def test_surfaces_letter_codes_and_vocabulary_are_the_librarys_one_list():
    # Issue 56: HeroesPowerPlant's _l and _t are named (they were unknown_00040000 and "Wall (0x00080000)").
    assert levelkit.surface_name(0x40000) == "slippery_00040000"
    assert levelkit.surface_name(0x80000) == "triangle_jump_00080000"
    named = {s["attribute"] for s in levelkit.surfaces()}
    for code in levelkit.letter_codes():
        assert code["attribute"] in named, code
        assert f"_{code['letter']} {code['name']}" in levelkit.VOCABULARY, code
        assert levelkit.attribute_from_name(f"mesh_{code['letter']}") == code["attribute"], code
    assert levelkit.attribute_from_name("wall_80000") == 0x80000, "the former id still reads"


def test_space_order_steps_through_points_in_the_order_of_the_map():
    rng = np.random.default_rng(1)
    points = rng.uniform(-1000, 1000, size=(500, 3)).astype(np.float32)
    order = levelkit.space_order(points)
    assert sorted(order) == list(range(500))
    step = np.linalg.norm(np.diff(points[order][:, [0, 2]], axis=0), axis=1).mean()
    jump = np.linalg.norm(np.diff(points[:, [0, 2]], axis=0), axis=1).mean()
    assert step < jump / 4, (step, jump)
    assert levelkit.space_order(np.zeros((0, 3))) == []
    with pytest.raises(ValueError, match="N×3"):
        levelkit.space_order([[0.0, 1.0]])
    with pytest.raises(ValueError, match="finite"):
        levelkit.space_order([[0.0, 0.0, float("nan")]])


def test_attribute_and_attributes_together_are_refused():
    with pytest.raises(ValueError, match="give attributes .* or attribute .*, not both"):
        levelkit.build_cl(TRI, FACE, attributes=[0x100], attribute=0x10)
    assert levelkit.build_cl(TRI, FACE, attribute=0x10).attributes.tolist() == [0x10]


def test_unknown_surface_names_raise_with_the_vocabulary():
    with pytest.raises(ValueError) as raised:
        levelkit.attribute_from_name("lava")
    text = str(raised.value)
    assert '"lava" names no surface levelkit knows' in text
    assert all(word in text for word in ("floor", "wall", "death", "_XXXXXXXX", "_x death"))
    assert levelkit.attribute_from_name("lava", default=0) == 0
    assert levelkit.attribute_from_name("lava_00010000") == 0x10000
    with pytest.raises(ValueError, match='attribute "lava" is not a number'):
        levelkit.build_cl(TRI, FACE, attribute="lava")
    with pytest.raises(ValueError, match=r'attributes\[1\] "Material.001" is not a number'):
        levelkit.build_cl(TRI + [[20, 0, 0]], [[0, 2, 1], [1, 2, 3]], attributes=["wall", "Material.001"])
    # Names that are known take effect, as `--attribute wall` does.
    assert levelkit.build_cl(TRI, FACE, attribute="wall").attributes.tolist() == [0x100]
    assert levelkit.build_cl(TRI, FACE, attributes=["death"]).attributes.tolist() == [0x10000]
    assert levelkit.build_cl(TRI, FACE, attribute="0x100").attributes.tolist() == [0x100]


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, 1e39])
def test_non_finite_vertices_are_refused_naming_the_first(bad):
    vertices = TRI + [[5, 0, 5], [bad, 0, 0]]
    with pytest.raises(ValueError) as raised:
        levelkit.build_cl(vertices, [[0, 2, 1], [4, 2, 1]])
    assert str(raised.value).startswith("vertices[4] is ("), str(raised.value)
    assert "finite" in str(raised.value)


def test_an_empty_result_is_an_error():
    with pytest.raises(levelkit.BuildError, match="nothing to build, nothing written: all 1 triangles were dropped"):
        levelkit.build_cl([[0, 0, 0]] * 3, [[0, 1, 2]])
    with pytest.raises(levelkit.BuildError, match="the mesh has no triangles"):
        levelkit.build_cl(TRI, np.zeros((0, 3), dtype=np.uint32))


# 4. Derived dump fields edited are an error naming the field, not silently recomputed.

@pytest.mark.parametrize("field", ["numPolygons", "dataSize"])
def test_edited_derived_dump_fields_raise_naming_the_field(field):
    dump = stage().to_dump()
    dump["header"][field] += 1
    with pytest.raises(levelkit.ParseError) as raised:
        levelkit.from_dump(dump)
    assert raised.value.path == f"header.{field}", str(raised.value)
    assert f"header.{field}" in str(raised.value)


# 5. A path given as bytes is not read as file content.

def test_a_path_given_as_bytes_is_refused_with_a_hint():
    path = bytes(SAMPLES / "stage.cl")
    with pytest.raises(ValueError) as raised:
        levelkit.read(path)
    assert "the bytes given are the name of a file" in str(raised.value)
    assert "pass the path as a str or pathlib.Path" in str(raised.value)
    with pytest.raises(ValueError, match="the name of a file"):
        levelkit.read(bytearray(path))
    # File content still reads, bytes or bytearray, and a str or Path path too.
    content = (SAMPLES / "stage.cl").read_bytes()
    assert levelkit.read(content).to_bytes() == content
    assert levelkit.read(bytearray(content)).to_bytes() == content
    assert levelkit.read(os.fsdecode(path)).to_bytes() == content


# 6. Options that do not apply are refused; sizes and scales out of range are errors.

def test_options_that_do_not_apply_are_refused():
    cl, lv = stage(), level()
    for call, names in [
        (lambda: levelkit.export(cl, "glb", rooms=[0]), "rooms="),
        (lambda: levelkit.mesh(cl, vram=levelkit.sample("vram")), "vram="),
        (lambda: levelkit.render(cl, portals=True), "portals="),
        (lambda: levelkit.export(lv, "obj", tree=True), "tree="),
        (lambda: levelkit.sample("vram", size=5), "size does not apply"),
        (lambda: levelkit.sample("vram", seed=2), "seed does not apply"),
        (lambda: levelkit.build_cl(str(SAMPLES / "stage.cl"), FACE), "triangles= does not apply"),
    ]:
        with pytest.raises((TypeError, ValueError)) as raised:
            call()
        assert names in str(raised.value), str(raised.value)


@pytest.mark.parametrize(
    "kind,size,message",
    [
        ("cl", 0, "size (triangles of a \"cl\" sample) must be 2 to 65534, got 0"),
        ("cl", 70_000, "must be 2 to 65534, got 70000"),
        ("cl-community", -1, "must be 2 to 65534, got -1"),
        ("level", 0, "size (rooms of a \"level\" sample) must be 1 to 80, got 0"),
        ("level", 200, "must be 1 to 80, got 200"),
    ],
)
def test_sample_sizes_out_of_range_are_refused(kind, size, message):
    with pytest.raises(ValueError) as raised:
        levelkit.sample(kind, size=size)
    assert message in str(raised.value), str(raised.value)


@pytest.mark.parametrize("scale", [-1, 0, math.nan, math.inf])
def test_scales_that_mirror_or_collapse_are_refused(scale):
    for call in (lambda: levelkit.export(level(), "glb", scale=scale), lambda: levelkit.mesh(stage(), scale=scale)):
        with pytest.raises(ValueError, match="scale must be a finite number above 0"):
            call()


# 7. build_level, and build_cl from a mesh file, as the CLI has them.

@needs_cli
def test_build_cl_from_a_mesh_file_equals_the_cli(tmp_path):
    files = levelkit.export(stage(), "obj", stem="stage")
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    obj = tmp_path / "stage.obj"
    built = levelkit.build_cl(obj, weld=0.001)
    assert built.check() == [] and built.report["input_triangles"] == 40
    out = tmp_path / "cli.cl"
    r = subprocess.run([CLI, "build-cl", str(obj), "--weld", "0.001", "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert built.to_bytes() == out.read_bytes()
    # With no weld given, both weld as the CLI does by default (0.01): the same bytes.
    default = tmp_path / "default.cl"
    r = subprocess.run([CLI, "build-cl", str(obj), "-o", str(default)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert levelkit.build_cl(obj).to_bytes() == default.read_bytes()
    # A .cl file and a Rugrats level build as the CLI builds them too.
    assert levelkit.build_cl(str(SAMPLES / "stage.cl")).check() == []


def test_build_cl_of_a_file_that_is_no_mesh_says_what_it_reads(tmp_path):
    junk = tmp_path / "notes.txt"
    junk.write_text("hello")
    with pytest.raises(levelkit.BuildError, match=r"not a mesh levelkit can build from \(.cl, LEVELnn.BIN, .obj"):
        levelkit.build_cl(junk)


@needs_cli
def test_build_level_round_trips_an_export_as_the_cli_does(tmp_path, level_bytes):
    base = levelkit.read_level(level_bytes)
    scene = tmp_path / "level.glb"
    scene.write_bytes(levelkit.export(base, "glb")["level.glb"])
    built = levelkit.build_level(scene, base=base)
    assert built.to_bytes() == level_bytes  # back, byte for byte, as the README says of the CLI
    assert built.report["rooms"] == len(base.rooms) and built.vram is None
    assert levelkit.build_level(str(scene), base=SAMPLES / "LEVEL00.BIN").to_bytes() == level_bytes
    out = tmp_path / "cli.bin"
    r = subprocess.run([CLI, "build-level", str(scene), "--base", str(SAMPLES / "LEVEL00.BIN"), "-o", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == built.to_bytes()
    assert levelkit.read_level(level_bytes).report is None


def test_build_level_refuses_what_does_not_apply(tmp_path, stage_bytes):
    with pytest.raises(TypeError, match="scene must be the path"):
        levelkit.build_level(b"glTF")
    with pytest.raises(TypeError, match="base must be a Rugrats Level"):
        levelkit.build_level(tmp_path / "x.glb", base=levelkit.read(stage_bytes))
    with pytest.raises(ValueError, match="scale must be a finite number above 0, got -1"):
        levelkit.build_level(tmp_path / "x.glb", scale=-1)
    wide = tmp_path / "wide.obj"
    wide.write_text("o room_00\nusemtl page_0085_clut_7800\nv 0 0 0\nv 70000 0 0\nv 0 0 -10\nvt 0 0\nvt 0.1 0\n"
                    "vt 0 0.1\nf 1/1 2/2 3/3\n")
    with pytest.raises(levelkit.BuildError) as raised:
        levelkit.build_level(wide)
    text = str(raised.value)
    assert "scale the scene down or split the room into smaller rooms (a smaller scale=)" in text, text
    assert "--" not in text, text
    with pytest.raises(FileNotFoundError):
        levelkit.build_level(tmp_path / "x.glb")
    empty = tmp_path / "empty.obj"
    empty.write_text("# nothing\n")
    with pytest.raises(levelkit.BuildError, match="empty.obj: "):
        levelkit.build_level(empty)


# 8. to_dump of a 65,000-triangle stage: built directly (timed in test_benchmark.py, never asserted).

def test_to_dump_builds_python_objects_directly(monkeypatch):
    """The dump is not printed as JSON text and parsed back with json.loads (1.5 s of the 2 s a
    65,000-triangle dump took)."""
    import json

    def refuse(*args, **kwargs):
        raise AssertionError("to_dump parsed JSON text")

    monkeypatch.setattr(json, "loads", refuse)
    dump = stage().to_dump()
    assert dump["format"] == "heroes-cl" and len(dump["triangles"]) == 40


def test_to_dump_gives_what_json_would_and_leaves_the_gc_as_it_was():
    import gc
    import json

    c = stage()
    dump = c.to_dump()
    assert json.loads(json.dumps(dump)) == dump
    assert levelkit.from_dump(dump).to_bytes() == c.to_bytes()
    assert type(dump["header"]["rootCenter"][0]) is float and type(dump["triangles"][0]["groupIndexNo"]) is int
    assert gc.isenabled()
    gc.disable()
    try:
        c.to_dump()
        assert not gc.isenabled()
    finally:
        gc.enable()


# 9. Typed reads: the README's Python example passes mypy, and runs.

def readme_example():
    text = (REPO / "README.md").read_text()
    section = text[text.index("### I script in Python"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_readme_example_passes_mypy(tmp_path):
    pytest.importorskip("mypy")
    example = tmp_path / "example.py"
    example.write_text(readme_example())
    r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(example)],
                       capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr


def test_readme_example_runs(tmp_path):
    (tmp_path / "samples").mkdir()
    shutil.copy(SAMPLES / "stage-community.cl", tmp_path / "samples")
    for name, data in levelkit.export(stage(), "obj", stem="stage").items():
        (tmp_path / name).write_bytes(data)
    r = subprocess.run([sys.executable, "-c", readme_example()], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert levelkit.read_collision(tmp_path / "fixed.cl").check() == []


def test_typed_reads_give_their_kind(stage_bytes, level_bytes):
    assert isinstance(levelkit.read_collision(stage_bytes), levelkit.Collision)
    assert isinstance(levelkit.read_level(level_bytes), levelkit.Level)
    assert isinstance(levelkit.read(Path(SAMPLES / "stage.cl"), format="cl"), levelkit.Collision)


# Reading has a cap: a file that never ends stops at the longest .cl file levelkit writes.

@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_reading_stops_at_the_cap():
    with pytest.raises(levelkit.ParseError) as raised:
        levelkit.read("/dev/zero")
    assert "it holds more than 256 MiB; no .cl or LEVELnn.BIN file is that large" in str(raised.value)
    assert raised.value.context == "reading /dev/zero" and raised.value.offset is None
