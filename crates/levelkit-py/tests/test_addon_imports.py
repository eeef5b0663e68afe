"""The Blender add-on's modules import down its layers and never around a loop (issue 49), like the
library's (`crates/levelkit/tests/import_cycles.rs`). docs/dev/architecture.md draws both.

Read with `ast`, not by importing (the add-on needs Blender): every `from . import x`, `from .x import y`
and `import levelkit_blender.x`, at module level or inside a function (an import inside a function to
dodge a loop is still a loop).
"""
import ast
import pathlib

ADDON = pathlib.Path(__file__).resolve().parents[3] / "blender" / "levelkit_blender"

# Bottom first. A module may import its own layer or a lower one; within a layer no loop (checked apart).
LAYERS = [
    ["loader"],  # makes `import levelkit` work; imports nothing of the add-on
    ["objects"],  # Blender objects and meshes as numpy arrays
    ["level_data"],  # a Rugrats level as Blender data (attributes, properties) and back
    ["common"],  # the names stored on objects, scale, refusing the other game's files
    ["io_level", "live"],  # the Rugrats importer; live reload into the running game
    ["io_cl"],  # Sonic Heroes import, export, audit, repair (uses live's reload after export)
    ["panel"],  # the sidebar
    ["__init__"],  # registration
]


def layer_of(name):
    for i, names in enumerate(LAYERS):
        if name in names:
            return i
    return None


def imports_of(path):
    """(imported module, line) for each import of a sibling module in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:  # from .x import y
                found.append((node.module.split(".")[0], node.lineno))
            else:  # from . import x, y
                found.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("levelkit_blender."):
            found.append((node.module.split(".")[1], node.lineno))
        elif isinstance(node, ast.Import):
            found.extend((a.name.split(".")[1], node.lineno) for a in node.names
                         if a.name.startswith("levelkit_blender."))
    return found


def graph(folder):
    return {p.stem: imports_of(p) for p in sorted(folder.glob("*.py"))}


def upward(edges):
    out = []
    for module, targets in edges.items():
        for target, line in targets:
            if layer_of(target) is not None and layer_of(module) is not None and layer_of(target) > layer_of(module):
                out.append(f"{module}.py:{line} imports {target} (a higher layer)")
    return out


def loops(edges):
    """Each group of modules that import each other around a loop (Tarjan)."""
    index, low, stack, on, groups = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w, _ in edges.get(v, []):
            if w not in edges:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or any(t == v for t, _ in edges.get(v, [])):
                groups.append(sorted(group))

    for v in edges:
        if v not in index:
            visit(v)
    return groups


def test_every_addon_module_is_in_a_layer():
    edges = graph(ADDON)
    assert len(edges) >= 8, f"read only {sorted(edges)} in {ADDON}"
    assert [m for m in edges if layer_of(m) is None] == []


def test_the_addon_imports_down_its_layers():
    edges = graph(ADDON)
    assert any(t == "common" for t, _ in edges["io_cl"]), "the reading found no import (io_cl imports common)"
    assert upward(edges) == []


def test_no_addon_modules_import_each_other():
    assert loops(graph(ADDON)) == []


def test_a_function_level_import_back_is_found_as_a_loop_and_as_upward(tmp_path):
    (tmp_path / "io_cl.py").write_text("from . import live\n")
    (tmp_path / "live.py").write_text("def reload():\n    from .io_cl import mesh_triangles\n")
    edges = graph(tmp_path)
    assert loops(edges) == [["io_cl", "live"]]
    assert upward(edges) == ["live.py:2 imports io_cl (a higher layer)"]
