"""numpy shapes and dtypes; arrays are copies the model does not see edited."""

import numpy as np

import pytest

import levelkit


def test_collision_arrays(stage_bytes):
    c = levelkit.read(stage_bytes)
    summary = c.summary()
    n, m = summary["vertices"], summary["triangles"]
    assert c.vertices.shape == (n, 3) and c.vertices.dtype == np.float32
    assert c.triangles.shape == (m, 3) and c.triangles.dtype == np.uint16
    assert c.attributes.shape == (m,) and c.attributes.dtype == np.uint32
    assert c.groups.shape == (m,) and c.groups.dtype == np.uint16
    assert c.normals.shape == (m, 3) and c.normals.dtype == np.float32
    assert c.adjacency.shape == (m, 3) and c.adjacency.dtype == np.uint16
    nodes = c.nodes
    assert nodes["neighbors"].shape == (summary["nodes"], 4)
    assert nodes["poly_index"].dtype == np.uint32 and nodes["depth"].dtype == np.uint8
    assert int(nodes["depth"].max()) == summary["tree_depth"]
    assert c.triangles.max() < n
    histogram = {int(a["attribute"], 16): a["count"] for a in summary["attributes"]}
    values, counts = np.unique(c.attributes, return_counts=True)
    assert dict(zip(values.tolist(), counts.tolist())) == histogram


def test_arrays_are_copies(stage_bytes):
    c = levelkit.read(stage_bytes)
    v = c.vertices
    v[:] = 0
    assert c.vertices.any()
    assert c.to_bytes() == stage_bytes


def test_level_rooms_and_world_faces(level_bytes):
    level = levelkit.read(level_bytes)
    summary = level.summary()
    rooms = level.rooms
    assert len(rooms) == summary["rooms"]
    blobs = [b for r in rooms for b in r["blobs"]]
    assert len(blobs) == summary["blobs"]
    assert sum(len(b["vertices"]) for b in blobs) == summary["vertices"]
    assert sum(len(b["triangles"]) for b in blobs) == summary["triangles"]
    assert sum(len(b["quads"]) for b in blobs) == summary["quads"]
    b = blobs[0]
    assert b["vertices"].dtype == np.int16 and b["vertices"].shape[1] == 3
    assert b["colours"].dtype == np.uint8 and b["colours"].shape[1] == 4
    assert b["triangles"].dtype == np.uint8 and b["quads"].shape[1] == 4
    faces = level.world_faces()
    f = summary["triangles"] + summary["quads"]
    assert faces["positions"].shape == (f, 4, 3) and faces["positions"].dtype == np.int32
    assert faces["colours"].shape == (f, 4, 4) and faces["colours"].dtype == np.uint8
    assert int((faces["corners"] == 4).sum()) == summary["quads"]
    assert (faces["positions"][faces["corners"] == 3][:, 3] == 0).all()
    assert len(level.portals) == summary["portals"]
    assert len(level.textures) == summary["textures"]


def test_mesh_export_render_and_vram(level_bytes, stage_bytes, vram_bytes):
    level = levelkit.read(level_bytes)
    vram = levelkit.Vram.from_dump(vram_bytes)
    data = levelkit.mesh(level, vram=vram)
    rooms = [o for o in data["objects"] if o["name"].startswith("room_")]
    assert rooms and all(o["positions"].dtype == np.float32 for o in rooms)
    assert all(o["face_sizes"].sum() == len(o["face_corners"]) for o in rooms)
    assert data["images"] and data["images"][0]["rgba"].shape == (256, 256, 4)
    picture = levelkit.render(level, width=160, height=120, vram=vram_bytes)
    assert picture.shape == (120, 160, 3) and picture.dtype == np.uint8 and picture.any()
    files = levelkit.export(levelkit.read(stage_bytes), "obj", stem="stage")
    assert set(files) >= {"stage.obj", "stage.mtl"}
    glb = levelkit.export(level, "glb", stem="LEVEL00", vram=vram)["LEVEL00.glb"]
    assert glb[:4] == b"glTF"
    page = vram.decode_page(level.textures[0]["tpage"], level.textures[0]["clut"])
    assert page.shape == (256, 256, 4) and page.dtype == np.uint8
    assert vram.to_rgba().shape == (512, 1024, 4)
    assert vram.to_bytes() == vram_bytes


def test_surfaces_and_names():
    surfaces = levelkit.surfaces()
    assert {"floor", "wall"} <= {s["id"] for s in surfaces}
    wall = next(s for s in surfaces if s["id"] == "wall")
    assert levelkit.attribute_from_name("wall") == wall["attribute"]
    assert levelkit.attribute_from_name(levelkit.surface_name(wall["attribute"])) == wall["attribute"]
    assert levelkit.attribute_from_name("stone_0000BEEF") == 0x0000BEEF
    with pytest.raises(ValueError, match="names no surface levelkit knows"):
        levelkit.attribute_from_name("nothing said here")
    assert levelkit.attribute_from_name("nothing said here", default=7) == 7
    assert levelkit.surface_colour(wall["attribute"]) == wall["colour"]
    assert all(isinstance(c, int) for c in wall["colour"])
