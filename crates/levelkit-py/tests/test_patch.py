"""levelkit.patch_image on a PS1 disc made by xorriso: a level replaced, read back by xorriso (an ISO 9660
reader apart from levelkit's), and each refusal a PatchError that writes nothing."""

import subprocess

import pytest

import levelkit

LEVEL = "DATA/DB05/LEVEL05.BIN"


def make_disc(tmp_path, level):
    tree = tmp_path / "disc" / "DATA" / "DB05"
    tree.mkdir(parents=True)
    (tree / "LEVEL05.BIN").write_bytes(level)
    subprocess.run(["xorriso", "-as", "mkisofs", "-quiet", "-o", str(tmp_path / "game.iso"), str(tmp_path / "disc")],
                   check=True, capture_output=True)
    return tmp_path / "game.iso"


def xorriso_extract(iso, path, out):
    subprocess.run(["xorriso", "-osirrox", "on", "-indev", str(iso), "-extract", "/" + path, str(out)],
                   check=True, capture_output=True)
    return out.read_bytes()


def test_patch_image_replaces_a_level_and_xorriso_reads_it(tmp_path):
    old = levelkit.sample("level", 5)
    new = levelkit.sample("level", 7)
    assert old != new
    iso = make_disc(tmp_path, old)
    original = iso.read_bytes()
    out = tmp_path / "mod.iso"
    result = levelkit.patch_image(iso, {LEVEL: new}, output=out)
    assert result["files"][0]["path"] == LEVEL and result["files"][0]["format"] == "reptar-level"
    assert result["written"] == [str(out)] and result["sectors_unchanged"] > 0
    assert xorriso_extract(out, LEVEL, tmp_path / "x") == new
    assert iso.read_bytes() == original
    # In place, and back: the identical image.
    (tmp_path / "old.bin").write_bytes(old)
    levelkit.patch_image(iso, {LEVEL: new})
    levelkit.patch_image(iso, {LEVEL: tmp_path / "old.bin"})
    assert iso.read_bytes() == original


def test_patch_image_refusals_raise_patch_error_and_write_nothing(tmp_path):
    iso = make_disc(tmp_path, levelkit.sample("level", 5))
    out = tmp_path / "never.iso"
    with pytest.raises(levelkit.PatchError, match="no file \"DATA/NOPE.BIN\" in the image"):
        levelkit.patch_image(iso, {"DATA/NOPE.BIN": b"x"}, output=out)
    with pytest.raises(levelkit.PatchError, match="is a directory of the image"):
        levelkit.patch_image(iso, {"DATA/DB05": b"x"}, output=out)
    with pytest.raises(levelkit.PatchError, match="does not read as a Rugrats"):
        levelkit.patch_image(iso, {LEVEL: b"not a level"}, output=out)
    assert not out.exists()
