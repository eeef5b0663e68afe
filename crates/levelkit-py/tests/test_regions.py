"""The audit's certified hole regions (issue 57) in Python's audit dict: the community-style sample has
regions, each with a witness probe, counted per probe kind; the shipped stage has a complete tree, so
none, certified."""

import levelkit

KINDS = ("vertical", "line", "move")


def test_community_sample_has_regions_with_witnesses(community_bytes):
    audit = levelkit.read(community_bytes).audit(probes=1000)
    regions = audit["regions"]
    assert regions["certified"] is True
    assert len(regions["counts"]) == 3 and sum(regions["counts"]) > 0
    confirmed = regions["confirmed"]
    assert confirmed
    for k, kind in enumerate(KINDS):
        listed = [r for r in confirmed if r["probe"] == kind]
        # The first 1,000 of each kind are listed; the counts are all of them.
        assert len(listed) == min(regions["counts"][k], 1000)
    assert sum(g["regions"] for g in regions["groups"]) == sum(regions["counts"])
    for r in confirmed:
        assert r["cause"]["kind"] in {"missing_link", "wrong_link", "unlisted", "off_square", "empty_inner"}
        assert r["pieces"] and all(len(p) >= 1 and all(len(c) == 2 for c in p) for p in r["pieces"])
        (lo, hi) = r["extent"]
        assert lo[0] <= hi[0] and lo[1] <= hi[1]
        assert r["radius"] == (regions["radius"] if r["probe"] == "move" else 0)
        w = r["witness"]
        assert len(w["start"]) == 3 and len(w["dir"]) == 3
        # A witness is a hole: the two walks answer differently.
        assert w["file"] != w["complete"]
    assert all(r["witness"] is None for r in regions["unconfirmed"])
    assert regions["unconfirmed_count"] >= len(regions["unconfirmed"])
    # The text counts them as the CLI prints it.
    assert f"hole regions: {sum(regions['counts']):,}" in audit["text"]


def test_complete_stage_has_none_certified(stage_bytes):
    regions = levelkit.read(stage_bytes).audit(probes=1000)["regions"]
    assert regions["certified"] is True
    assert regions["confirmed"] == [] and regions["counts"] == [0, 0, 0]
    assert regions["unconfirmed"] == [] and regions["unconfirmed_count"] == 0
