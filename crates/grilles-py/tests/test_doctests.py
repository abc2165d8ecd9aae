"""Every docstring example of the package runs as written (native classes and functions
included, whose docstrings live in the compiled module)."""

import doctest
import importlib

import pytest

MODULES = [
    "grilles",
    "grilles.sudoku",
    "grilles.defi",
    "grilles.solitaire",
    "grilles.mahjong",
    "grilles.envs",
    "grilles.envs.mahjong",
    "grilles.envs.defi",
    "grilles.envs.solitaire",
    "grilles.envs.sudoku",
    "grilles.ray_jobs",
]


def _examples():
    finder = doctest.DocTestFinder(exclude_empty=True)
    seen = set()
    for name in MODULES:
        module = importlib.import_module(name)
        objects = [(name, module)] + [
            (f"{name}.{attr}", getattr(module, attr)) for attr in getattr(module, "__all__", [])
        ]
        for qualname, obj in objects:
            for test in finder.find(obj, qualname, module=False, globs=dict(vars(module))):
                key = (test.name.split(".")[-1], test.docstring)
                if test.examples and key not in seen:
                    seen.add(key)
                    yield pytest.param(test, id=test.name)


@pytest.mark.parametrize("test", list(_examples()))
def test_docstring_examples(test):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=lambda s: None)
    result = runner.summarize(verbose=False)
    if result.failed:
        out = []
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test, out=out.append)
        pytest.fail("".join(out))
