"""build_cl and repair_cl give files that check clean (also by `levelkit check --strict`), and the audit
agrees with the command-line program."""

import json
import os
import subprocess

import numpy as np
import pytest

import levelkit

from conftest import REPO

CLI = os.environ.get("LEVELKIT_CLI", str(REPO / "target" / "release" / "levelkit"))
needs_cli = pytest.mark.skipif(not os.path.exists(CLI), reason="the levelkit program is not built")


def strict_check(tmp_path, data):
    path = tmp_path / "out.cl"
    path.write_bytes(data)
    return subprocess.run([CLI, "check", "--strict", str(path)], capture_output=True, text=True)


@needs_cli
def test_build_cl_passes_check_strict(tmp_path, stage_bytes):
    source = levelkit.read(stage_bytes)
    built = levelkit.build_cl(source.vertices, source.triangles, source.attributes, source.groups)
    assert built.check() == []
    r = strict_check(tmp_path, built.to_bytes())
    assert r.returncode == 0, r.stdout + r.stderr
    assert len(built.triangles) == len(source.triangles)
    assert built.report["tree"]["triangles"] == len(source.triangles)
    assert np.array_equal(np.sort(built.attributes), np.sort(source.attributes))


def test_build_cl_takes_lists_and_other_dtypes():
    vertices = [[0, 0, 0], [10, 0, 0], [0, 0, 10], [10, 0, 10]]
    built = levelkit.build_cl(np.array(vertices, dtype=np.float64), [[0, 2, 1], [1, 2, 3]], depth=2, weld=0.5)
    assert len(built.triangles) == 2 and built.check() == []
    flipped = levelkit.build_cl(vertices, [[0, 2, 1], [1, 2, 3]], flip=True, attribute=0x40)
    assert (flipped.normals[:, 1] < 0).all() != (built.normals[:, 1] < 0).all()
    assert (flipped.attributes == 0x40).all()


@needs_cli
def test_repair_cl_removes_the_holes(tmp_path, community_bytes):
    community = levelkit.read(community_bytes)
    assert community.audit(probes=1000)["holes"] > 0
    repaired = levelkit.repair_cl(community)
    assert repaired.audit(probes=1000)["holes"] == 0
    assert repaired.report["triangles_after"] == len(community.triangles)
    r = strict_check(tmp_path, repaired.to_bytes())
    assert r.returncode == 0, r.stdout + r.stderr


@needs_cli
def test_audit_equals_the_cli(tmp_path, community_bytes):
    path = tmp_path / "community.cl"
    path.write_bytes(community_bytes)
    r = subprocess.run([CLI, "audit", "--json", "--probes", "1500", "--seed", "4", str(path)],
                       capture_output=True, text=True)
    expected = json.loads(r.stdout)
    got = levelkit.read(path).audit(probes=1500, seed=4)
    assert got["holes"] == expected["holes"] > 0
    assert len(got["hole_list"]) == len(expected["hole_list"])
    assert all(len(h["point"]) == 3 for h in got["hole_list"])
    assert {h["kind"] for h in got["hole_list"]} <= {"vertical", "line", "move"}


def test_probes_answer_like_the_game(stage_bytes):
    c = levelkit.read(stage_bytes)
    centre = c.summary()["root_center"]
    top = [centre[0], float(c.vertices[:, 1].max()) + 50, centre[2]]
    down = c.probe_down(top, distance=5000)
    assert down["query"] == "down" and down["agrees"]
    assert down["game"] is not None and down["game"]["triangle"] < len(c.triangles)
    line = c.probe_line(top, [0, -5000, 0])
    assert line["query"] == "line" and line["agrees"]
    assert c.probe_sphere(down["game"]["point"], 5.0)["query"] == "sphere"
    moving = c.probe_move(top, [0, -5000, 0], 5.0)
    assert moving["query"] == "move" and "answer" in moving
