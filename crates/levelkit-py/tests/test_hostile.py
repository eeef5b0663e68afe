"""Hostile inputs (the CLI suite's, crates/levelkit-cli/tests/hostile/): each raises a levelkit exception
(with the byte offset where there is one) or reads; none panics (a Rust panic surfaces as
pyo3_runtime.PanicException, a BaseException that no `except levelkit.Error` catches, so it fails the
test)."""

import math
import struct

import numpy as np
import pytest

import levelkit


def stage():
    """The CLI suite's stage: game_correct(seed 3, 40 triangles); maxDepth differs, which is no matter."""
    return levelkit.sample("cl", seed=3, size=40)


def be16(b, at, v):
    b[at:at + 2] = struct.pack(">H", v)


def be32(b, at, v):
    b[at:at + 4] = struct.pack(">I", v)


def le32(b, at, v):
    b[at:at + 4] = struct.pack("<I", v)


def everything(data, format):
    """What a script does with a file: read, write, check, and for what reads: dump, mesh, export, render,
    audit. Returns the document, or raises levelkit.Error."""
    doc = levelkit.read(bytes(data), format=format)
    assert doc.to_bytes() == bytes(data)
    doc.check()
    doc.summary()
    levelkit.from_dump(doc.to_dump())
    for call in (
        lambda: levelkit.mesh(doc, tree=isinstance(doc, levelkit.Collision)),
        lambda: levelkit.export(doc, "glb"),
        lambda: levelkit.render(doc, width=64, height=48),
    ):
        try:
            call()
        except levelkit.Error:
            pass  # an export or render not supported for this file, said as an exception
    if isinstance(doc, levelkit.Collision):
        doc.audit(probes=50)
        doc.vertices, doc.triangles, doc.nodes
    else:
        doc.rooms, doc.world_faces(), doc.portals
    return doc


def fails(data, format, phrase, offset=None):
    with pytest.raises(levelkit.ParseError) as raised:
        everything(data, format)
    assert phrase in str(raised.value), str(raised.value)
    assert isinstance(raised.value.offset, int)
    if offset is not None:
        assert raised.value.offset == offset
    return raised.value


@pytest.mark.parametrize(
    "at,array,field,size", [(0x22, "triangle", 0x08, 32), (0x24, "vertex", 0x0C, 12), (0x26, "node", 0x04, 32)]
)
def test_cl_counts_0xffff(at, array, field, size):
    b = bytearray(stage())
    be16(b, at, 0xFFFF)
    (offset,) = struct.unpack_from(">I", b, field)
    fails(b, "heroes-cl", f"{array} array (65535 × {size} bytes at offset 0x{offset:x}, from header")


@pytest.mark.parametrize("at", [0x04, 0x08])
def test_cl_offsets_inside_the_header(at):
    b = bytearray(stage())
    be32(b, at, 0x10)
    fails(b, "heroes-cl", f"from header 0x{at:02x}): offset 0x10 lies inside the 0x28-byte header")


def test_cl_offsets_past_the_end():
    b = bytearray(stage())
    past = len(b) + 4
    be32(b, 0x0C, past)
    fails(b, "heroes-cl", f"at offset 0x{past:x}, from header 0x0c): offset 0x{past:x} is past the end")
    b = bytearray(stage())
    be32(b, 0x04, 0xFFFFFFF0)
    fails(b, "heroes-cl", "at offset 0xfffffff0, from header 0x04)")


def test_cl_header_all_0xff_and_truncated():
    b = bytearray(stage()[:0x28])
    for at in (0x00, 0x04, 0x08, 0x0C):
        be32(b, at, 0xFFFFFFFF)
    for at in (0x20, 0x22, 0x24, 0x26):
        be16(b, at, 0xFFFF)
    fails(b, "heroes-cl", "offset 0xffffffff is past the end of the 40-byte file")
    e = fails(stage()[:0x1F], "heroes-cl", "reading header: needed 40 bytes, 31 left", offset=0)
    assert e.context == "header" and e.problem == "needed 40 bytes, 31 left"


def test_cl_data_size_4_gib_reads_and_is_a_finding():
    b = bytearray(stage())
    be32(b, 0, 0xFFFFFFFF)
    doc = everything(b, "heroes-cl")
    size = [f for f in doc.check() if f.path == "header.dataSize"]
    assert size, [f.text for f in doc.check()]
    assert size[0].severity == "error" and size[0].offset == 0
    assert size[0].rule == "heroes-header-data-size"
    assert "says 4294967295 bytes" in size[0].message


def edited(mutate):
    dump = levelkit.read(stage()).to_dump()
    mutate(dump)
    return levelkit.from_dump(dump).to_bytes()


def test_cl_tree_cycles_self_links_and_absurd_nodes():
    def own_child(d):
        d["nodes"][1]["childNo"] = 1

    def all_cycle(d):
        for i, n in enumerate(d["nodes"]):
            n["childNo"] = 1 if i + 1 < len(d["nodes"]) else 0
            n["parentNo"] = i

    def self_neighbours(d):
        for i, n in enumerate(d["nodes"]):
            n["neighborNo"] = [i] * 4
            n["parentNo"] = i

    def triangle_self_neighbours(d):
        for i, t in enumerate(d["triangles"]):
            t["neighbor"] = [i] * 3

    def absurd(d):
        for n in d["nodes"]:
            n.update(depth=0xFF, nx=0xFFFF, nz=0xFFFF)
        d["header"]["maxDepth"] = 0xFFFF

    for mutate, finding in [
        (own_child, "already in the tree"),
        (all_cycle, "already in the tree"),
        (self_neighbours, "links to node"),
        (triangle_self_neighbours, None),
        (absurd, None),
    ]:
        doc = everything(edited(mutate), "heroes-cl")
        if finding:
            assert any(finding in f.message for f in doc.check()), mutate.__name__


@pytest.mark.parametrize(
    "centre,length",
    [([math.nan] * 3, math.nan), ([math.inf] * 3, math.inf), ([0.0] * 3, 0.0), ([0.0] * 3, -1e38)],
)
def test_cl_roots_nan_infinite_zero_negative(centre, length):
    b = bytearray(stage())
    b[0x10:0x20] = struct.pack(">4f", *centre, length)
    everything(b, "heroes-cl")


def test_cl_nan_and_infinite_vertices():
    c = levelkit.read(stage())
    (vertex_at,) = struct.unpack_from(">I", c.to_bytes(), 0x0C)
    b = bytearray(c.to_bytes())
    b[vertex_at:vertex_at + 12] = struct.pack(">3f", math.nan, math.inf, -math.inf)
    everything(b, "heroes-cl")


@pytest.mark.parametrize("kind", ["cl", "level"])
def test_every_truncation_raises_with_an_offset(kind):
    data = levelkit.sample(kind, seed=4, size=40 if kind == "cl" else 2)
    format = "heroes-cl" if kind == "cl" else "reptar-level"
    for end in sorted(set(np.linspace(0, len(data) - 1, 97).astype(int).tolist())):
        with pytest.raises(levelkit.ParseError) as raised:
            levelkit.read(data[:end], format=format)
        # The offset is where the failing read started: inside the file, or where an array it promises begins.
        assert isinstance(raised.value.offset, int) and raised.value.offset <= len(data), (end, str(raised.value))
        assert f"at byte {raised.value.offset} " in str(raised.value)


@pytest.mark.parametrize("at,phrase", [(0, "never-used 56-byte record count: count 4294967295"),
                                       (4, "portal count: count 4294967295")])
def test_level_counts_0xffffffff(at, phrase):
    b = bytearray(levelkit.sample("level", seed=9, size=2))
    le32(b, at, 0xFFFFFFFF)
    fails(b, "reptar-level", phrase)


def test_level_counts_anywhere_do_not_panic():
    """Words of a small level set to 0xFFFFFFFF, one at a time, 300 spread over the file (the CLI's cases
    name nine of them)."""
    good = levelkit.sample("level", seed=9, size=2)
    words = (len(good) - 4) // 4
    for at in sorted({4 * w for w in np.linspace(0, words, 300).astype(int).tolist()}):
        b = bytearray(good)
        le32(b, at, 0xFFFFFFFF)
        try:
            everything(b, "reptar-level")
        except levelkit.ParseError as e:
            assert isinstance(e.offset, int), str(e)


def test_unrecognised_data_says_why_for_both_formats():
    with pytest.raises(levelkit.ParseError) as raised:
        levelkit.read(b"\x01" * 64)
    assert "not a Sonic Heroes .cl file" in str(raised.value)
    assert "not a Rugrats LEVELnn.BIN file" in str(raised.value)
    assert raised.value.offset is None


def test_bad_dumps():
    with pytest.raises(levelkit.ParseError, match='no "format" key'):
        levelkit.from_dump({})
    dump = levelkit.read(stage()).to_dump()
    dump["nodes"][0]["childNo"] = "lots"
    with pytest.raises(levelkit.ParseError, match=r"nodes\[0\]"):
        levelkit.from_dump(dump)


def test_vram_dumps_of_the_wrong_size():
    for size in (0, (1 << 20) - 1, (1 << 20) + 2):
        phrase = f"a VRAM dump is 1048576 bytes (1024×512 little-endian halfwords); this one is {size} bytes"
        with pytest.raises(levelkit.ExportError, match=phrase.replace("(", r"\(").replace(")", r"\)")):
            levelkit.Vram.from_dump(b"\x55" * size)
        level = levelkit.read(levelkit.sample("level", size=1))
        with pytest.raises(levelkit.ExportError, match="this one is"):
            levelkit.mesh(level, vram=b"\x55" * size)


def test_hostile_build_inputs():
    tri = [[0, 0, 0], [10, 0, 0], [0, 0, 10]]
    cases = [
        (dict(vertices=tri, triangles=[[0, 1, 9]]), ValueError, "triangles[0][2] must be 0 to 2, got 9"),
        (dict(vertices=tri, triangles=np.array([[0, 1, -1]])), ValueError, "triangles[0][2] must be 0 to 2, got -1"),
        (dict(vertices=tri, triangles=[[0, 1, -1]]), ValueError, "triangles[0][2] must be 0 to 2, got -1"),
        (dict(vertices=tri, triangles=[[0, 2, 1]], depth=16), ValueError, "depth must be 0 to 15, got 16"),
        (dict(vertices=tri, triangles=[[0, 2, 1]], depth="deep"), ValueError, "auto"),
        (dict(vertices=tri, triangles=[[0, 2, 1]], weld=math.nan), ValueError, "finite"),
        (dict(vertices=[[0, 0]], triangles=[[0, 0, 0]]), ValueError, "N×3"),
        (dict(vertices=tri, triangles=[[0, 2, 1]], attributes=[1, 2]), ValueError, "2 entries for 1"),
        (dict(vertices=[[math.nan, 0, 0]] * 3, triangles=[[0, 1, 2]]), ValueError, "vertices[0] is (NaN, 0.0, 0.0)"),
        (dict(vertices=[[1e38, 0, 0], [-1e38, 0, 0], [0, 0, 1e38]], triangles=[[0, 2, 1]]), None, None),
    ]
    for kwargs, error, phrase in cases:
        if error is None:
            try:
                levelkit.build_cl(**kwargs).check()
            except levelkit.Error:
                pass
            continue
        with pytest.raises(error) as raised:
            levelkit.build_cl(**kwargs)
        assert phrase in str(raised.value), str(raised.value)


def test_too_many_triangles_says_by_how_much():
    n = 70_000
    vertices = np.random.default_rng(1).uniform(-1000, 1000, (3 * n, 3)).astype(np.float32)
    triangles = np.arange(3 * n).reshape(n, 3)
    with pytest.raises(levelkit.BuildError, match="too many"):
        levelkit.build_cl(vertices, triangles)


def test_too_many_vertices_names_the_weld_argument_not_a_flag():
    n = 30_000
    corners = np.array([[0, 0, 0], [0, 0, 0.5], [0.5, 0, 0]], dtype=np.float32)
    vertices = (corners[None, :, :] + np.arange(n, dtype=np.float32)[:, None, None] * [1, 0, 0]).reshape(-1, 3)
    with pytest.raises(levelkit.BuildError) as raised:
        levelkit.build_cl(vertices, np.arange(3 * n).reshape(n, 3))
    text = str(raised.value)
    assert "90,000 vertices" in text and "(a larger weld=)" in text and "--" not in text, text
