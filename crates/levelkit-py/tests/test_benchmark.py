"""How long reading a 65,000-triangle .cl file into numpy arrays takes (printed, never asserted)."""

import time

import numpy as np

import levelkit


def test_benchmark_read_65000_triangles_into_numpy(capsys):
    data = levelkit.sample("cl", seed=1, size=65_000)
    runs = []
    for _ in range(5):
        started = time.perf_counter()
        c = levelkit.read(data)
        arrays = (c.vertices, c.triangles, c.attributes, c.groups, c.normals, c.adjacency)
        runs.append(time.perf_counter() - started)
    assert len(arrays[1]) == 65_000 and arrays[1].dtype == np.uint16
    started = time.perf_counter()
    c.vertices, c.triangles, c.attributes
    arrays_only = time.perf_counter() - started
    with capsys.disabled():
        print(
            f"\nBENCH python read of a 65,000-triangle .cl ({len(data):,} bytes) into numpy arrays: "
            f"best {min(runs) * 1000:.1f} ms, median {sorted(runs)[2] * 1000:.1f} ms of 5 "
            f"(vertices + triangles + attributes from the parsed file: {arrays_only * 1000:.1f} ms)"
        )
