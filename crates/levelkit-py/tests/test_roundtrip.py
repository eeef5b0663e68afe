"""read → to_bytes gives the same bytes, on the shipped samples and on generated files."""

import re

import pytest

import levelkit

from conftest import SAMPLES


@pytest.mark.parametrize("name", ["stage.cl", "stage-community.cl", "LEVEL00.BIN"])
def test_shipped_samples_round_trip(name):
    data = (SAMPLES / name).read_bytes()
    assert levelkit.read(SAMPLES / name).to_bytes() == data
    assert levelkit.read(data).to_bytes() == data
    assert levelkit.read(bytearray(data)).to_bytes() == data
    assert levelkit.read(str(SAMPLES / name)).to_bytes() == data


@pytest.mark.parametrize(
    "kind,seed,size",
    [("cl", 2, 300), ("cl", 7, 9000), ("cl-community", 3, 1200), ("level", 5, 3), ("level", 9, 30)],
)
def test_generated_files_round_trip(kind, seed, size):
    data = levelkit.sample(kind, seed=seed, size=size)
    assert levelkit.read(data).to_bytes() == data


def test_format_is_recognised_by_content(stage_bytes, level_bytes):
    assert isinstance(levelkit.read(stage_bytes), levelkit.Collision)
    assert isinstance(levelkit.read(level_bytes), levelkit.Level)


def test_dump_round_trips(stage_bytes, level_bytes):
    for data in (stage_bytes, level_bytes):
        doc = levelkit.read(data)
        assert levelkit.from_dump(doc.to_dump()).to_bytes() == data


def test_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(FileNotFoundError) as raised:
        levelkit.read(tmp_path / "gone.cl")
    assert raised.value.filename.endswith("gone.cl")


def test_check_groups_hold_every_finding_by_rule(community_bytes):
    doc = levelkit.read(community_bytes)
    findings = doc.check()
    groups = doc.check_groups()
    assert sum(len(g) for g in groups) == len(findings) > 100
    assert sorted(f.text for g in groups for f in g.findings) == sorted(f.text for f in findings)
    for g in groups:
        assert {f.severity for f in g.findings} == {g.severity}
        assert g.title == f"{len(g)} {g.severity}s at {g.at}"
        assert {re.sub(r"\[\d+\]", "[*]", f.path) for f in g.findings} == {g.at}
    severities = [g.severity for g in groups]
    assert severities == sorted(severities, key=["error", "warning", "note"].index)
