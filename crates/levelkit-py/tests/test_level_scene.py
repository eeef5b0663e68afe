"""`build_level` from a scene given as arrays (what the Blender add-on gathers): the level's own mesh comes back
byte for byte, missing portals are refused unless asked, and a malformed dict is refused by its path."""

import numpy as np
import pytest

import levelkit
from conftest import SAMPLES


def level_mesh_scene(level):
    mesh = levelkit.mesh(level)
    return {"objects": mesh["objects"], "groups": mesh["groups"], "extras": mesh["extras"]}


def test_the_levels_own_mesh_with_its_data_comes_back_byte_for_byte():
    level = levelkit.read(SAMPLES / "LEVEL00.BIN")
    scene = level_mesh_scene(level)
    assert all(o["data"] for o in scene["objects"] if len(o["face_sizes"])), "every room carries its data"
    built = levelkit.build_level(scene, base=level)
    assert built.to_bytes() == level.to_bytes()
    assert built.report["new_faces"] == 0
    assert any(line.startswith("size: ") and "the base's size" in line for line in built.report["lines"])


def test_a_scene_without_portals_is_refused_unless_dropping_is_asked():
    level = levelkit.read(SAMPLES / "LEVEL00.BIN")
    scene = level_mesh_scene(level)
    scene["objects"] = [o for o in scene["objects"] if not o["name"].startswith("portal_")]
    with pytest.raises(levelkit.BuildError, match="drop_missing=True builds it without them"):
        levelkit.build_level(scene, base=level)
    built = levelkit.build_level(scene, base=level, drop_missing=True)
    assert len(built.portals) == 0 and built.report["dropped_portals"] == list(range(len(level.portals)))


def test_a_malformed_scene_dict_is_refused_naming_where():
    level = levelkit.read(SAMPLES / "LEVEL00.BIN")
    scene = level_mesh_scene(level)
    room = next(o for o in scene["objects"] if len(o["face_sizes"]))
    room["face_sizes"] = np.append(room["face_sizes"], 3)
    with pytest.raises(ValueError, match=r"\['face_sizes'\]: the faces' sizes add up to more or less"):
        levelkit.build_level(scene, base=level)
    with pytest.raises(ValueError, match='the key "groups" is missing'):
        levelkit.build_level({"objects": []}, base=level)
    scene = level_mesh_scene(level)
    room = next(o for o in scene["objects"] if len(o["face_sizes"]))
    room["data"]["REPTAR_FACE"] = room["data"]["REPTAR_FACE"].astype(np.int64) + 70000
    with pytest.raises(ValueError, match="must be 0 to 65535"):
        levelkit.build_level(scene, base=level)
