"""allegra.pyi names exactly what the compiled module has: module functions and constants,
classes, and each class's methods and properties."""
import ast
import inspect
import pathlib

import allegra

STUB = pathlib.Path(__file__).resolve().parents[1] / "allegra.pyi"
IGNORED = {"ActionLike"}


def stub_names():
    tree = ast.parse(STUB.read_text())
    top, classes = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            classes[node.name] = {
                n.name if isinstance(n, ast.FunctionDef) else n.target.id
                for n in node.body
                if isinstance(n, (ast.FunctionDef, ast.AnnAssign))
            }
            top.add(node.name)
        elif isinstance(node, ast.FunctionDef):
            top.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            top.add(node.target.id)
        elif isinstance(node, ast.Assign):
            top.update(t.id for t in node.targets)
    return top - IGNORED, classes


def public(names):
    return {n for n in names if not n.startswith("__") or n in ("__eq__", "__copy__", "__deepcopy__")}


def test_stub_matches_module():
    top, classes = stub_names()
    module = {n for n in dir(allegra) if not n.startswith("_")}
    assert top == module
    for name, members in classes.items():
        cls = getattr(allegra, name)
        if issubclass(cls, Exception):
            continue
        actual = {n for n, _ in inspect.getmembers(cls) if not n.startswith("_") or n == "_cumulative_rewards"}
        actual |= {n for n in ("__eq__", "__copy__", "__deepcopy__") if n in vars(cls)}
        expected = public(members) - {"__init__"}
        assert expected == actual, name


def test_every_public_thing_has_a_docstring():
    assert allegra.__doc__
    for name in dir(allegra):
        if name.startswith("_") or name.isupper():
            continue
        obj = getattr(allegra, name)
        assert obj.__doc__, name
