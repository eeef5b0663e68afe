"""The stubs name what the module has: every function, class, method and property in `_levelkit.pyi`
exists at run time, and every public name of the module is in the stubs."""

import ast
from pathlib import Path

import levelkit
from levelkit import _levelkit

STUBS = Path(levelkit.__file__).with_name("_levelkit.pyi")


def stub_tree():
    return ast.parse(STUBS.read_text())


def is_typed_dict(node):
    return isinstance(node, ast.ClassDef) and any(getattr(b, "id", None) == "TypedDict" for b in node.bases)


def test_stubs_exist_at_run_time():
    for node in stub_tree().body:
        if isinstance(node, ast.FunctionDef):
            assert callable(getattr(_levelkit, node.name)), node.name
        elif isinstance(node, ast.ClassDef) and not is_typed_dict(node):
            cls = getattr(_levelkit, node.name)
            for member in node.body:
                if isinstance(member, ast.FunctionDef):
                    assert hasattr(cls, member.name), f"{node.name}.{member.name}"


def test_module_names_are_in_the_stubs():
    body = stub_tree().body
    stubbed = {n.name for n in body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    # Module constants (`DEFAULT_WELD: float`) too.
    stubbed |= {n.target.id for n in body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
    public = {n for n in dir(_levelkit) if not n.startswith("_")}
    assert public <= stubbed, public - stubbed
    assert set(levelkit.__all__) <= stubbed
