"""levelkit.push against a stand-in for the remote-control mod (fake_mod.py, an independent reading of the
protocol) on a loopback port."""

import pytest

import levelkit
from fake_mod import FakeMod


def game_folder(tmp_path):
    collisions = tmp_path / "game" / "dvdroot" / "collisions"
    collisions.mkdir(parents=True)
    return tmp_path / "game", collisions


def test_push_installs_and_reloads(tmp_path, stage_bytes):
    game, collisions = game_folder(tmp_path)
    source = tmp_path / "s03_xx.cl"
    source.write_bytes(stage_bytes)
    with FakeMod() as server:
        result = levelkit.push(source, game, port=server.port, timeout=20)
    assert server.names == ["s03"], "the stage of a death collision"
    assert result["reloaded"] == "s03" and result["port"] == server.port
    assert (collisions / "s03_xx.cl").read_bytes() == stage_bytes
    assert result["path"].endswith("s03_xx.cl") and result["backup"] is None
    assert server.disconnects >= 1


def test_push_of_bytes_needs_a_name(tmp_path, stage_bytes):
    game, _ = game_folder(tmp_path)
    with pytest.raises(levelkit.PushError, match="name= is needed"):
        levelkit.push(stage_bytes, game, port=1)


def test_push_refuses_a_file_that_fails_check(tmp_path, stage_bytes):
    game, collisions = game_folder(tmp_path)
    dump = levelkit.read(stage_bytes).to_dump()
    dump["triangles"][0]["vertexIndexNo"][0] = 65520
    broken = levelkit.from_dump(dump).to_bytes()
    with pytest.raises(levelkit.PushError, match="fails check"):
        levelkit.push(broken, game, name="s03", port=1)
    assert list(collisions.iterdir()) == []


def test_push_without_a_reply_times_out(tmp_path, stage_bytes):
    game, _ = game_folder(tmp_path)
    with FakeMod(reply=False) as server:
        with pytest.raises(levelkit.PushError, match="received the request but sent no acknowledgement"):
            levelkit.push(stage_bytes, game, name="s03", port=server.port, timeout=1.5)
    assert server.names == ["s03"]
